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

/// JPEG 2000 built byte by byte: a codestream whose wavelet coefficients are all zero (one resolution, one empty
/// packet per component), so each component decodes to its level shift: 255 at 1 bit, 128 at 8, 170 at 2.
enum JPEG2000Data {
    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }

    static func codestream(side: Int, precisions: [Int]) -> [UInt8] {
        let count = precisions.count
        var siz = [0xFF, 0x51] + be16(38 + 3 * count) + be16(0) + be32(side) + be32(side) + be32(0) + be32(0)
        siz += be32(side) + be32(side) + be32(0) + be32(0) + be16(count)
        for precision in precisions { siz += [UInt8(precision - 1), 1, 1] }
        let cod: [UInt8] = [0xFF, 0x52] + be16(12) + [0, 0] + be16(1) + [0, 0, 4, 4, 0, 1]
        let qcd: [UInt8] = [0xFF, 0x5C] + be16(4) + [0x40, 0x48]
        let packets = [UInt8](repeating: 0, count: count)
        let sot: [UInt8] = [0xFF, 0x90] + be16(10) + be16(0) + be32(12 + 2 + packets.count) + [0, 1]
        return [0xFF, 0x4F] + siz + cod + qcd + sot + [0xFF, 0x93] + packets + [0xFF, 0xD9]
    }

    static func box(_ kind: String, _ data: [UInt8]) -> [UInt8] { be32(8 + data.count) + Array(kind.utf8) + data }

    static func jp2(side: Int, precisions: [Int]) -> [UInt8] {
        let ihdr = box("ihdr", be32(side) + be32(side) + be16(precisions.count) + [0xFF, 7, 0, 0])
        let header = ihdr + box("bpcc", precisions.map { UInt8($0 - 1) }) + box("colr", [1, 0, 0] + be32(16))
        return [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A] + box("ftyp", Array("jp2 \0\0\0\0jp2 ".utf8))
            + box("jp2h", header) + box("jp2c", codestream(side: side, precisions: precisions))
    }
}

@Suite("Icns: JPEG 2000 elements")
struct IcnsJPEG2000Tests {
    @Test("JP2 and bare-codestream elements decode at their type's size, each component scaled to 8 bits")
    func decodes() throws {
        let jp2 = try Icns.decode(Icns.Element(type: "ic08", data: JPEG2000Data.jp2(side: 256, precisions: [1, 8, 2, 1])))
        #expect(jp2.size == PixelSize(width: 256, height: 256))
        #expect(jp2.pixel(x: 255, y: 255) == SIMD4(255, 128, 170, 255))
        let j2k = try Icns.decode(Icns.Element(type: "ic07", data: JPEG2000Data.codestream(side: 128, precisions: [8, 8, 8])))
        #expect(j2k.pixel(x: 0, y: 0) == SIMD4(128, 128, 128, 255))
    }

    @Test("a JPEG 2000 element of the wrong size, truncated or corrupt is an error naming the element and the reason")
    func errors() throws {
        let wrong = #expect(throws: IcnsError.self) { try Icns.decode(Icns.Element(type: "ic10", data: JPEG2000Data.jp2(side: 512, precisions: [8, 8, 8]))) }
        #expect(wrong?.description == "element 'ic10' holds a 512x512 JPEG 2000 image, not 1024x1024")
        let whole = JPEG2000Data.jp2(side: 256, precisions: [8, 8, 8, 8])
        let cut = #expect(throws: IcnsError.self) { try Icns.decode(Icns.Element(type: "ic08", data: Array(whole.dropLast(5)))) }
        #expect(cut?.description.contains("does not decode") == true, "\(String(describing: cut))")
        for length in stride(from: 0, to: whole.count, by: 7) {
            #expect(throws: IcnsError.self) { try Icns.decode(Icns.Element(type: "ic08", data: Array(whole.prefix(length)))) }
        }
    }

    @Test("validate reads a .icns of JPEG 2000 elements (no re-create error); inspect names them")
    func validates() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("AppIcon.icns").path
        let elements = [(type: "ic07", side: 128), ("ic08", 256), ("ic09", 512), ("ic10", 1024)].map {
            Icns.Element(type: $0.type, data: JPEG2000Data.jp2(side: $0.side, precisions: [8, 8, 8, 8]))
        }
        try Data(Icns.encode(elements)).write(to: URL(fileURLWithPath: path))
        let report = try Validator().validate([path], parallelism: .serial)
        #expect(report.errors == 0 && report.warnings == 0, "\(report.files.flatMap(\.findings).map(\.line))")
        #expect(try IcnsInspection.inspect(path).elements.map(\.data) == ["jpeg2000", "jpeg2000", "jpeg2000", "jpeg2000"])
    }
}

@Suite("validate: .icns")
struct IcnsChecksTests {
    private func validate(_ bytes: [UInt8], name: String = "AppIcon.icns") throws -> [Finding] {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try Validator().validate([path], parallelism: .serial).files.flatMap(\.findings)
    }

    @Test("a PNG renamed .icns is an error")
    func renamedPNG() throws {
        let found = try validate(Fixtures.bytes("app-icon-master.png"))
        #expect(found.contains { $0.rule == .icns && $0.severity == .error && $0.message.contains("PNG data named .icns") })
    }

    @Test("no 512 pt @2x image is a warning (a hand-kept .icns is mostly an Electron or Tauri app's, MarkText's has none); PNG in icp4 is an error (drawn as noise)")
    func missingAndNoise() throws {
        let small = try PNG.encode(Image(width: 16, height: 16, format: .rgba8, fill: SIMD4(1, 2, 3, 255)))
        let found = try validate(Icns.encode([Icns.Element(type: "icp4", data: small)]))
        #expect(found.contains { $0.severity == .warning && $0.message.contains("no ic10") && $0.message.contains("Mac App Store") })
        #expect(found.contains { $0.severity == .error && $0.message.contains("icp4 holds PNG data") })
        #expect(found.contains { $0.message.contains("icp4 holds PNG data") })
    }

    /// Elements of the given types, each a flat image at its type's size (ARGB where IconForge writes ARGB).
    private func elements(_ types: [String]) throws -> [Icns.Element] {
        try types.map { type in
            let spec = Icns.imageTypes.first { $0.type == type }!
            let image = Image(width: spec.pixels, height: spec.pixels, format: .rgba8, fill: SIMD4(10, 120, 200, 255))
            return Icns.Element(type: type, data: spec.argb ? Icns.argbData(image) : try PNG.encode(image))
        }
    }

    @Test("the AppIcon.icns actool writes for a .icon app (ic13, ic11, ic04, ic07) is valid, and inspect says what it is")
    func actoolFallback() throws {
        let bytes = Icns.encode(try elements(["ic13", "ic11", "ic04", "ic07"]) + [Icns.Element(type: "TOC ", data: [0, 0, 0, 0])])
        #expect(try validate(bytes) == [])
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("AppIcon.icns").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try IcnsInspection.inspect(path).note?.contains("Assets.car") == true)
        // One more size makes it an ordinary file meant to be the whole icon: ic10 is required again.
        let ordinary = try validate(Icns.encode(try elements(["ic04", "ic11", "ic07", "ic13", "ic14"])))
        #expect(ordinary.contains { $0.severity == .warning && $0.message.contains("no ic10") })
    }

    @Test("an .icns inside an Xcode project bundle (Xcode 3's TemplateIcon.icns) is not an app icon: no ic10 needed")
    func projectTemplateIcon() throws {
        let bytes = Icns.encode(try elements(["ic07"]))
        #expect(try validate(bytes, name: "App.xcodeproj/TemplateIcon.icns") == [])
        #expect(try validate(bytes, name: "TemplateIcon.icns").contains { $0.message.contains("no ic10") })
    }

    @Test("an .icns named .png in an app icon set's Mac slot (BlueWallet's icon_32x32.png, which actool reads through ImageIO) is a misnamed file, not a store icon lacking ic10; its elements are still decoded")
    func icnsInCatalogSlot() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = folder.appendingPathComponent("Images.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"images":[{"filename":"icon_32x32.png","idiom":"mac","scale":"1x","size":"32x32"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        try Data(Icns.encode(try elements(["ic11", "ic05"]))).write(to: set.appendingPathComponent("icon_32x32.png"))
        let found = try Validator().validate([set.path], parallelism: .serial).files.flatMap(\.findings)
        #expect(!found.contains { $0.message.contains("no ic10") }, "\(found.map(\.line))")
        #expect(found.contains { $0.rule == .fileType && $0.severity == .warning && $0.message.contains("icon_32x32.png is named .png but holds") }, "\(found.map(\.line))")
        // A damaged element is still an error.
        try Data(Icns.encode([Icns.Element(type: "ic11", data: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3])])).write(to: set.appendingPathComponent("icon_32x32.png"))
        let damaged = try Validator().validate([set.path], parallelism: .serial).files.flatMap(\.findings)
        #expect(damaged.contains { $0.rule == .icns && $0.severity == .error }, "\(damaged.map(\.line))")
    }

    @Test("an app extension's .icns, named by the CFBundleIconFile of the extension's Info.plist beside it (NetNewsWire's Safari share extension, 16 to 256 px, on the Mac App Store since 2020), needs no ic10: the store's rule is the app's icon's")
    func extensionIcon() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let share = folder.appendingPathComponent("Mac/ShareExtension")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        let icns = share.appendingPathComponent("icon.icns")
        // 16, 32, 64, 128 and 256 px: more than actool's fallback for a .icon app, which needs no ic10 for that reason.
        try Data(Icns.encode(try elements(["ic04", "ic11", "ic12", "ic07", "ic13"]))).write(to: icns)
        func told() throws -> Bool {
            try Validator().validate([icns.path], parallelism: .serial).files.flatMap(\.findings).contains { $0.message.contains("no ic10") }
        }
        #expect(try told())
        func plist(_ entries: String) -> String {
            #"<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd"><plist version="1.0"><dict>"#
                + entries + "</dict></plist>"
        }
        let info = share.appendingPathComponent("Info.plist")
        // The app's own Info.plist naming it: the app's icon, told.
        try Data(plist("<key>CFBundleIconFile</key><string>icon.icns</string>").utf8).write(to: info)
        #expect(try told())
        try Data(plist("<key>CFBundleIconFile</key><string>icon.icns</string><key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key>"
                       + "<string>com.apple.share-services</string></dict>").utf8).write(to: info)
        #expect(try !told())
        // An extension's Info.plist naming another file: this one is not its icon.
        try Data(plist("<key>CFBundleIconFile</key><string>other</string><key>NSExtension</key><dict/>").utf8).write(to: info)
        #expect(try told())
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

    @Test("inspect names the classic elements (run-length RGB and 8-bit masks, is32…t8mk) with their sizes, not 'other'")
    func classicElements() throws {
        let folder = try Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("Old.icns").path
        let classic = ["is32", "s8mk", "il32", "l8mk"].map { Icns.Element(type: $0, data: [UInt8](repeating: 0x81, count: 12)) }
        try Data(Icns.encode(classic + [Icns.Element(type: "icnV", data: [0, 0, 0, 1])])).write(to: URL(fileURLWithPath: path))
        let elements = try IcnsInspection.inspect(path).elements
        #expect(elements.map(\.data) == ["rgb", "mask", "rgb", "mask", "other"])
        #expect(elements.map(\.pixels) == ["16x16", "16x16", "32x32", "32x32", nil])
    }
}
