import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("Icns")
struct IcnsTests {
    private func image(_ side: Int, seed: UInt64) -> Image {
        var random = SeededRandom(seed: seed)
        var bytes = [UInt8](repeating: 0, count: side * side * 4)
        for index in 0..<bytes.count {
            // Runs and noise, so both kinds of run-length packet are exercised.
            bytes[index] = index % 64 < 32 ? UInt8(index / 256 % 256) : UInt8(random.next() & 0xFF)
        }
        return Image(width: side, height: side, format: .rgba8, bytes: bytes)
    }

    @Test("ARGB elements round-trip exactly at 16 and 32 px", arguments: [16, 32])
    func argb(side: Int) throws {
        let original = image(side, seed: UInt64(side))
        let element = Icns.Element(type: side == 16 ? "ic04" : "ic05", data: Icns.argbData(original))
        #expect(element.data.starts(with: Array("ARGB".utf8)))
        #expect(try Icns.decode(element) == original)
    }

    @Test("a file of every type reads back element for element; PNG elements decode at their size")
    func container() throws {
        var elements: [Icns.Element] = []
        for type in Icns.imageTypes where type.pixels <= 64 {
            let picture = image(type.pixels, seed: 9)
            elements.append(Icns.Element(type: type.type, data: type.argb ? Icns.argbData(picture) : try PNG.encode(picture)))
        }
        let bytes = Icns.encode(elements)
        #expect(Array(bytes[0..<4]) == Array("icns".utf8))
        #expect(Int(bytes[4]) << 24 | Int(bytes[5]) << 16 | Int(bytes[6]) << 8 | Int(bytes[7]) == bytes.count)
        let read = try Icns.read(bytes)
        #expect(read == elements)
        for element in read { #expect(try Icns.decode(element).width == Icns.pixels(of: element.type)) }
    }

    @Test("malformed files are typed errors, never a crash", arguments: [
        ([UInt8]("icnx\0\0\0\u{8}".utf8), IcnsError.notIcns),
        ([UInt8]("icns\0\0\0\u{9}".utf8) + [0], IcnsError.truncated(offset: 8)),
        ([UInt8]("icns\0\0\0\u{10}ic10\0\0\0\u{40}".utf8), IcnsError.badElement(type: "ic10", offset: 8)),
        ([UInt8]("icns\0\0\0\u{20}".utf8), IcnsError.wrongLength(declared: 32, actual: 8)),
    ])
    func malformed(bytes: [UInt8], expected: IcnsError) {
        #expect(throws: expected) { try Icns.read(bytes) }
    }

    @Test("damaged ARGB data and a PNG of the wrong size are refused with the element named")
    func damagedImages() throws {
        let argb = Icns.argbData(image(16, seed: 3))
        #expect(throws: IcnsError.self) { try Icns.decode(Icns.Element(type: "ic04", data: Array(argb.prefix(argb.count / 2)))) }
        let png = try PNG.encode(image(32, seed: 4))
        do { _ = try Icns.decode(Icns.Element(type: "ic12", data: png)); Issue.record("accepted") } catch {
            #expect(error.description.contains("'ic12' holds a 32x32 PNG, not 64x64"))
        }
        // Random bytes after the header: every outcome is a thrown error or an image, never a trap.
        var random = SeededRandom(seed: 11)
        for _ in 0..<200 {
            let noise = Array("ARGB".utf8) + (0..<Int(random.next() % 300)).map { _ in UInt8(random.next() & 0xFF) }
            _ = try? Icns.decode(Icns.Element(type: "ic04", data: noise))
        }
    }
}

@Suite("validate: .icns")
struct IcnsChecksTests {
    private func validate(_ bytes: [UInt8], name: String = "AppIcon.icns") throws -> [Finding] {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try Validator().validate([path], parallelism: .serial).files.flatMap(\.findings)
    }

    @Test("a PNG renamed .icns is an error")
    func renamedPNG() throws {
        let found = try validate(Fixtures.bytes("app-icon-master.png"))
        #expect(found.contains { $0.rule == .icns && $0.severity == .error && $0.message.contains("PNG data named .icns") })
    }

    @Test("no 512 pt @2x image is an error; PNG in icp4 is an error (drawn as noise)")
    func missingAndNoise() throws {
        let small = try PNG.encode(Image(width: 16, height: 16, format: .rgba8, fill: SIMD4(1, 2, 3, 255)))
        let found = try validate(Icns.encode([Icns.Element(type: "icp4", data: small)]))
        #expect(found.contains { $0.message.contains("no ic10") })
        #expect(found.contains { $0.message.contains("icp4 holds PNG data") })
    }

    @Test("what generate --preset macos writes is clean, and inspect lists it")
    func generated() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try Generator(options: GenerateOptions(presets: [try PresetCatalog.preset("macos")]))
            .run(source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path, outputFolder: folder.path, parallelism: .serial)
        #expect(report.files.contains { $0.path == "AppIcon.icns" })
        let icns = folder.appendingPathComponent("AppIcon.icns").path
        let validation = try Validator().validate([icns], parallelism: .serial)
        #expect(validation.errors == 0 && validation.warnings == 0, "\(validation.files)")
        let inspection = try IcnsInspection.inspect(icns)
        #expect(inspection.elements.map(\.type) == Icns.imageTypes.map(\.type))
        #expect(inspection.elements.first?.data == "argb" && inspection.elements.last?.pixels == "1024x1024")
    }
}
