import Foundation
import PNGCodec
import TestSupport
import Testing

@Suite("iconforge convert")
struct ConvertCommandTests {
    @Test("flattens alpha over the background into 8-bit, non-interlaced, opaque RGB")
    func flattens() throws {
        let folder = try Fixtures.temporaryFolder()
        let output = folder.appendingPathComponent("out.png").path
        let result = try CommandRunner.run(["convert", "TestImages/fixtures/rgba16-i.png", "--out", output, "--background", "#00FF00"])
        #expect(result.status == 0, "\(result.standardError)")
        let decoded = try PNG.decode(Fixtures.bytes(at: URL(fileURLWithPath: output)))
        #expect(decoded.info.bitDepth == 8 && decoded.info.colorType == .rgb && !decoded.info.isInterlaced)
        #expect(decoded.image.isOpaque)
        #expect(result.standardOutput.contains("translucent pixels composited over #00FF00"))
    }

    @Test("--keep-alpha writes RGBA and keeps the alpha values")
    func keepsAlpha() throws {
        let folder = try Fixtures.temporaryFolder()
        let output = folder.appendingPathComponent("out.png").path
        let result = try CommandRunner.run(["convert", "TestImages/fixtures/palette-trns-i.png", "--out", output, "--keep-alpha"])
        #expect(result.status == 0)
        let decoded = try PNG.decode(Fixtures.bytes(at: URL(fileURLWithPath: output)))
        let source = try PNG.decode(Fixtures.bytes("fixtures/palette-trns-i.png"))
        #expect(decoded.info.colorType == .rgba && !decoded.info.isInterlaced && decoded.image == source.image)
    }

    @Test("a corrupt input fails with one line and leaves no output or temporary file")
    func corruptInput() throws {
        let folder = try Fixtures.temporaryFolder()
        let output = folder.appendingPathComponent("out.png").path
        let result = try CommandRunner.run(["convert", "TestImages/fixtures/broken-ihdr-crc.png", "--out", output])
        #expect(result.status == 1)
        #expect(result.standardError == "TestImages/fixtures/broken-ihdr-crc.png: corrupt PNG: IHDR: CRC error\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("refuses to overwrite its input")
    func neverOverwritesSource() throws {
        let folder = try Fixtures.temporaryFolder()
        let input = folder.appendingPathComponent("in.png")
        let original = try Fixtures.bytes("fixtures/rgba8-n.png")
        try Data(original).write(to: input)
        let result = try CommandRunner.run(["convert", input.path, "--out", input.path])
        #expect(result.status == 1 && result.standardError.contains("refusing to overwrite the source file"))
        #expect(try Fixtures.bytes(at: input) == original)
    }
}
