import Foundation
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("iconforge resize")
struct ResizeCommandTests {
    private func decode(_ path: String) throws -> DecodedPNG { try PNG.decode(Fixtures.bytes(at: URL(fileURLWithPath: path))) }

    @Test("a logo on transparency stays one (RGBA); an opaque result is RGB; --flatten writes opaque RGB over white")
    func defaultOutput() throws {
        let output = try Fixtures.temporaryFolder().appendingPathComponent("g.png").path
        let result = try CommandRunner.run(["resize", "TestImages/glyph-master.png", "--size", "58x58", "--out", output])
        #expect(result.status == 0 && result.standardOutput.contains("58x58 RGBA 8-bit"), "\(result.standardOutput)\(result.standardError)")
        let kept = try decode(output)
        #expect(kept.info.colorType == .rgba && !kept.info.isInterlaced)
        #expect(kept.image.pixel(x: 0, y: 0)[3] == 0)                     // the transparent corner stays transparent
        #expect(kept.image.pixel(x: 29, y: 31) == SIMD4(255, 0, 0, 255))   // the star's red centre

        let opaque = try CommandRunner.run(["resize", "TestImages/app-icon-master.png", "--size", "58x58", "--out", output])
        #expect(opaque.status == 0 && opaque.standardOutput.contains("58x58 RGB 8-bit"), "\(opaque.standardOutput)")
        #expect(try decode(output).info.colorType == .rgb)

        let flat = try CommandRunner.run(["resize", "TestImages/glyph-master.png", "--size", "58x58", "--flatten", "--out", output])
        #expect(flat.status == 0, "\(flat.standardError)")
        let decoded = try decode(output)
        #expect(decoded.info.width == 58 && decoded.info.height == 58 && decoded.info.colorType == .rgb && !decoded.info.isInterlaced)
        #expect(decoded.image.pixel(x: 0, y: 0) == SIMD4(255, 255, 255, 255)) // transparent corner over white
        #expect(decoded.image.pixel(x: 29, y: 31) == SIMD4(255, 0, 0, 255))   // the star's red centre
    }

    @Test("--keep-alpha --fit fit pads with transparency and keeps the glyph pure red")
    func fitKeepsAlpha() throws {
        let output = try Fixtures.temporaryFolder().appendingPathComponent("g.png").path
        let result = try CommandRunner.run(["resize", "TestImages/glyph-master.png", "--size", "100x50", "--fit", "fit",
                                            "--keep-alpha", "--filter", "mitchell", "--out", output])
        #expect(result.status == 0, "\(result.standardError)")
        let image = try decode(output).image
        #expect(image.pixel(x: 5, y: 25)[3] == 0)
        for y in 0..<50 { for x in 0..<100 where image.pixel(x: x, y: y)[3] > 0 { #expect(image.pixel(x: x, y: y)[0] == 255) } }
    }

    @Test("--fit fill --gravity top keeps the top of a launch source")
    func fillGravity() throws {
        let output = try Fixtures.temporaryFolder().appendingPathComponent("l.png").path
        let result = try CommandRunner.run(["resize", "TestImages/launch-master.png", "--size", "300x100", "--fit", "fill",
                                            "--gravity", "top-left", "--out", output])
        #expect(result.status == 0, "\(result.standardError)")
        let image = try decode(output).image
        #expect(image.pixel(x: 2, y: 2) == SIMD4(255, 60, 60, 255)) // the red marker in the source's top-left corner
    }

    @Test("bad arguments are usage errors (exit 2)", arguments: [
        ["resize", "TestImages/glyph-master.png", "--size", "0x5", "--out", "/tmp/x.png"],
        ["resize", "TestImages/glyph-master.png", "--size", "5x5", "--out", "/tmp/x.png", "--filter", "sinc"],
        ["resize", "TestImages/glyph-master.png", "--size", "5x5", "--out", "/tmp/x.png", "--background", "transparent", "--flatten"],
        ["resize", "TestImages/glyph-master.png", "--size", "5x5", "--out", "/tmp/x.png", "--keep-alpha", "--flatten"],
        ["resize", "TestImages/glyph-master.png", "--size", "5x5", "--out", "/tmp/x.jpg"],
        ["convert", "TestImages/glyph-master.png", "--out", "/tmp/x.webp"],
    ])
    func usage(arguments: [String]) throws {
        #expect(try CommandRunner.run(arguments).status == 2)
    }

    @Test("a corrupt source fails with one line and writes nothing")
    func corrupt() throws {
        let folder = try Fixtures.temporaryFolder()
        let result = try CommandRunner.run(["resize", "TestImages/fixtures/broken-truncated-idat.png", "--size", "5x5",
                                            "--out", folder.appendingPathComponent("x.png").path])
        #expect(result.status == 1)
        #expect(result.standardError == "TestImages/fixtures/broken-truncated-idat.png: truncated: file ends inside IDAT\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("an output larger than the memory limit is refused before anything is read or allocated, with advice that works")
    func hugeOutput() throws {
        let output = try Fixtures.temporaryFolder().appendingPathComponent("g.png").path
        let result = try CommandRunner.run(["resize", "TestImages/glyph-master.png", "--size", "100000x100000", "--out", output])
        #expect(result.status == 1 && result.standardError.contains("100000x100000 needs 38146 MiB, more than the memory limit of 256 MiB (raise it with --max-memory MIB)"))
        #expect(!FileManager.default.fileExists(atPath: output))
        // The advice is real: the same size within a raised limit is no longer refused by it (a small one is made).
        let raised = try CommandRunner.run(["resize", "TestImages/glyph-master.png", "--size", "9000x9000", "--max-memory", "64", "--out", output])
        #expect(raised.status == 1 && raised.standardError.contains("more than the memory limit of 64 MiB"))
    }

    @Test("-o naming the user's existing file keeps it in the backup first; a named pipe as -o is refused with one line and stays a pipe")
    func existingOutputIsKept() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("icon.png")
        let theirs = try Data(contentsOf: Fixtures.testImages.appendingPathComponent("app-icon-master.png"))
        try theirs.write(to: output)
        let result = try CommandRunner.run(["resize", "TestImages/glyph-master.png", "--size", "58x58", "--out", output.path])
        #expect(result.status == 0 && result.standardOutput.contains("kept your icon.png in"), "\(result.standardOutput)\(result.standardError)")
        let backups = (FileManager.default.enumerator(atPath: folder.appendingPathComponent(".iconforge-backup").path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".png") }
        #expect(backups.count == 1)
        #expect(try Data(contentsOf: folder.appendingPathComponent(".iconforge-backup/" + backups[0])) == theirs)
        // Resized again: the file is IconForge's now, replaced in place.
        let again = try CommandRunner.run(["resize", "TestImages/glyph-master.png", "--size", "60x60", "--out", output.path])
        #expect(again.status == 0 && !again.standardOutput.contains("kept your"))

        let pipe = folder.appendingPathComponent("pipe.png")
        #expect(mkfifo(pipe.path, 0o644) == 0)
        let refused = try CommandRunner.run(["convert", "TestImages/glyph-master.png", "-o", pipe.path])
        #expect(refused.status != 0 && refused.standardError.contains("pipe.png") && refused.standardError.contains("named pipe"), "\(refused.standardError)")
        let attributes = try FileManager.default.attributesOfItem(atPath: pipe.path)
        #expect(attributes[.type] as? FileAttributeType != .typeRegular)
    }
}
