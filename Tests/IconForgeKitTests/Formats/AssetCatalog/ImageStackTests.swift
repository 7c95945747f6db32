import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("Generator: visionOS")
struct ImageStackTests {
    @Test("visionos writes the stack, its three layers and their image sets as Xcode lays them out; front from --layer, back the master (opaque)")
    func stack() throws {
        var options = GenerateOptions(presets: [try PresetCatalog.preset("visionos")])
        options.visionLayerPaths = ["front": Fixtures.testImages.appendingPathComponent("glyph-master.png").path]
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Generator(options: options).run(source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path,
                                                outputFolder: folder.path, parallelism: .serial)
        let expected = Fixtures.testImages.appendingPathComponent("expected-catalogs/visionos")
        let files = FileManager.default.enumerator(atPath: expected.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix("Contents.json") }
        #expect(files.count == 7)
        for file in files {
            #expect(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                    == String(contentsOf: expected.appendingPathComponent(file), encoding: .utf8), "\(file)")
        }
        let stack = folder.appendingPathComponent("AppIcon.solidimagestack")
        let back = try PNG.decode(Fixtures.bytes(at: stack.appendingPathComponent("Back.solidimagestacklayer/Content.imageset/Back.png")))
        #expect(back.info.colorType == .rgb && back.image.size == PixelSize(width: 1024, height: 1024))
        let front = try PNG.decode(Fixtures.bytes(at: stack.appendingPathComponent("Front.solidimagestacklayer/Content.imageset/Front.png")))
        #expect(front.info.colorType == .rgba && !front.image.isOpaque)
        let validation = try Validator().validate([folder.path], parallelism: .serial)
        #expect(validation.errors == 0 && validation.warnings == 0, "an empty middle layer is no finding: \(validation.files)")
        // A rerun with another back layer keeps the stack's Contents.json and updates only the back image.
        options.visionLayerPaths["back"] = Fixtures.testImages.appendingPathComponent("glyph-master.png").path
        _ = try Generator(options: options).run(source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path,
                                                outputFolder: folder.path, parallelism: .serial)
        let again = try PNG.decode(Fixtures.bytes(at: stack.appendingPathComponent("Back.solidimagestacklayer/Content.imageset/Back.png")))
        #expect(again.image != back.image && again.info.colorType == .rgb)
    }

    private static let brand = "App Icon & Top Shelf Image.brandassets"

    @Test("tvos writes the brand assets as Xcode lays them out: two stacks of a front and a back layer (a full-bleed master's sides continued), the Top Shelf images, every size exact; validate finds nothing and a rerun changes nothing")
    func tvOS() throws {
        let options = GenerateOptions(presets: [try PresetCatalog.preset("tvos")])
        let folder = try Fixtures.temporaryFolder()
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        _ = try Generator(options: options).run(source: master, outputFolder: folder.path, parallelism: .serial)
        let brand = folder.appendingPathComponent(Self.brand)
        let members = try #require(BrandAssets.members(of: brand.path))
        #expect(members.map(\.filename) == ["App Icon - App Store.imagestack", "App Icon.imagestack", "Top Shelf Image Wide.imageset", "Top Shelf Image.imageset"])
        #expect(members.map(\.role) == ["primary-app-icon", "primary-app-icon", "top-shelf-image-wide", "top-shelf-image"])
        #expect(members.map(\.size.description) == ["1280x768", "400x240", "2320x720", "1920x720"])
        let stack = try ContentsJSON.parse(Fixtures.bytes(at: brand.appendingPathComponent("App Icon.imagestack/Contents.json"))).fields ?? [:]
        #expect(ImageStack.layers(stack) == ["Front.imagestacklayer", "Back.imagestacklayer"])
        let sizes: [(String, Int, Int, PNGColorType)] = [
            ("App Icon.imagestack/Front.imagestacklayer/Content.imageset/Front.png", 400, 240, .rgba),
            ("App Icon.imagestack/Front.imagestacklayer/Content.imageset/Front@2x.png", 800, 480, .rgba),
            ("App Icon.imagestack/Back.imagestacklayer/Content.imageset/Back@2x.png", 800, 480, .rgb),
            ("App Icon - App Store.imagestack/Back.imagestacklayer/Content.imageset/Back.png", 1280, 768, .rgb),
            ("Top Shelf Image.imageset/TopShelf@2x.png", 3840, 1440, .rgb),
            ("Top Shelf Image Wide.imageset/TopShelfWide.png", 2320, 720, .rgb),
        ]
        for (file, width, height, type) in sizes {
            let decoded = try PNG.decode(Fixtures.bytes(at: brand.appendingPathComponent(file)))
            #expect(decoded.image.size == PixelSize(width: width, height: height) && decoded.info.colorType == type, "\(file)")
        }
        // The full-bleed sample: the front layer is the square at the icon's height, clear at its sides, over its edge colour.
        let front = try PNG.decode(Fixtures.bytes(at: brand.appendingPathComponent("App Icon.imagestack/Front.imagestacklayer/Content.imageset/Front.png"))).image
        #expect(front.pixel(x: 10, y: 120)[3] == 0 && front.pixel(x: 200, y: 120)[3] == 255)
        // The Top Shelf's margins are the colour the master's edge has, not --background (white): a tvOS-only run did
        // not look at the master's edge at all.
        let edge = try PNG.decode(Fixtures.bytes(at: URL(fileURLWithPath: master))).image.edgeColor(fallback: .white)
        #expect(edge != .white)
        let corner = try PNG.decode(Fixtures.bytes(at: brand.appendingPathComponent("Top Shelf Image.imageset/TopShelf.png"))).image.pixel(x: 2, y: 2)
        #expect(corner == SIMD4(UInt16(edge.red), UInt16(edge.green), UInt16(edge.blue), 255), "\(corner) against \(edge)")
        // The back layer continues the master's sides (the sample's left edge is a gradient, blue to grey): no seam
        // beside the square the front layer shows, where the mean edge colour left one.
        let back = try PNG.decode(Fixtures.bytes(at: brand.appendingPathComponent("App Icon.imagestack/Back.imagestacklayer/Content.imageset/Back.png"))).image
        for y in stride(from: 0, to: 240, by: 7) {
            #expect(back.pixel(x: 79, y: y) == back.pixel(x: 80, y: y), "row \(y)")
            for channel in 0..<3 { #expect(abs(Int(back.pixel(x: 80, y: y)[channel]) - Int(front.pixel(x: 80, y: y)[channel])) <= 2, "row \(y)") }
        }
        #expect(back.pixel(x: 79, y: 3) != back.pixel(x: 79, y: 236))
        let report = try Validator().validate([folder.path], parallelism: .serial)
        #expect(report.errors == 0 && report.warnings == 0, "\(report.files.flatMap(\.findings).map(\.message))")
        let before = try Fixtures.snapshot(folder)
        _ = try Generator(options: options).run(source: master, outputFolder: folder.path, parallelism: .serial)
        #expect(try Fixtures.snapshot(folder) == before)
    }

    @Test("tvos from a logo on transparency: the back layer is --background, the front layer the logo; --app-icon-name renames the brand assets folder")
    func tvOSLogo() throws {
        var options = GenerateOptions(presets: [try PresetCatalog.preset("tvos")])
        options.background = RGBColor(red: 0x12, green: 0x34, blue: 0x56)
        options.appIconName = "TV"
        let folder = try Fixtures.temporaryFolder()
        _ = try Generator(options: options).run(source: Fixtures.testImages.appendingPathComponent("glyph-master.png").path,
                                                outputFolder: folder.path, parallelism: .serial)
        let stack = folder.appendingPathComponent("TV.brandassets/App Icon.imagestack")
        let back = try PNG.decode(Fixtures.bytes(at: stack.appendingPathComponent("Back.imagestacklayer/Content.imageset/Back.png"))).image
        #expect(back.pixel(x: 0, y: 0) == back.pixel(x: 399, y: 239) && back.pixel(x: 200, y: 120)[0] == 0x12 && back.pixel(x: 200, y: 120)[2] == 0x56)
        let front = try PNG.decode(Fixtures.bytes(at: stack.appendingPathComponent("Front.imagestacklayer/Content.imageset/Front.png"))).image
        #expect(!front.isOpaque)
        let shelf = try PNG.decode(Fixtures.bytes(at: folder.appendingPathComponent("TV.brandassets/Top Shelf Image.imageset/TopShelf.png"))).image
        #expect(shelf.pixel(x: 5, y: 5)[0] == 0x12 && shelf.isOpaque)
    }

    @Test("tvos from an SVG master draws it at twice the size it is shown at (960 px on the 2x Top Shelf), not at the wide Top Shelf's 4640 px, which needed 328 MiB")
    func tvOSFromSVG() throws {
        let options = GenerateOptions(presets: [try PresetCatalog.preset("tvos")])
        let folder = try Fixtures.temporaryFolder()
        _ = try Generator(options: options).run(source: Fixtures.testImages.appendingPathComponent("sources/icon.svg").path,
                                                outputFolder: folder.path, parallelism: .serial)
        let wide = try PNG.decode(Fixtures.bytes(at: folder.appendingPathComponent(Self.brand + "/Top Shelf Image Wide.imageset/TopShelfWide@2x.png")))
        #expect(wide.image.size == PixelSize(width: 4640, height: 1440) && wide.info.colorType == .rgb)
    }

    @Test("an App Store layer whose entry has no scale (Swiftfin's) is the 1x slot: generate replaces its picture, keeping it in the backup, rather than adding a second; validate calls the two a duplicate")
    func tvOSEntryWithoutScale() throws {
        let options = GenerateOptions(presets: [try PresetCatalog.preset("tvos")])
        let root = try Fixtures.temporaryFolder()
        try Data("project: {}\n".utf8).write(to: root.appendingPathComponent("iconforge.yml"))
        let folder = root.appendingPathComponent("Assets.xcassets")
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        _ = try Generator(options: options).run(source: master, outputFolder: folder.path, parallelism: .serial)
        let layer = folder.appendingPathComponent(Self.brand + "/App Icon - App Store.imagestack/Front.imagestacklayer/Content.imageset")
        try FileManager.default.removeItem(at: layer.appendingPathComponent("Front.png"))
        let theirs = try Fixtures.bytes(at: Fixtures.testImages.appendingPathComponent("glyph-master.png"))
        try Data(theirs).write(to: layer.appendingPathComponent("512.png"))
        try Data(#"{"images":[{"filename":"512.png","idiom":"tv"}],"info":{"author":"xcode","version":1}}"#.utf8).write(to: layer.appendingPathComponent("Contents.json"))
        _ = try Generator(options: options).run(source: master, outputFolder: folder.path, parallelism: .serial)
        let entries = try ContentsJSON.parse(Fixtures.bytes(at: layer.appendingPathComponent("Contents.json"))).fields?["images"]?.array ?? []
        #expect(entries.count == 1, "\(entries)")
        let backups = FileManager.default.enumerator(atPath: root.appendingPathComponent(".iconforge-backup").path)?.allObjects as? [String] ?? []
        let kept = try #require(backups.first { $0.hasSuffix("Content.imageset/512.png") })
        #expect(try Fixtures.bytes(at: root.appendingPathComponent(".iconforge-backup/" + kept)) == theirs)
        // Both entries side by side fill one slot.
        try Data(theirs).write(to: layer.appendingPathComponent("512.png"))
        try Data(#"{"images":[{"filename":"512.png","idiom":"tv"},{"filename":"Front.png","idiom":"tv","scale":"1x"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: layer.appendingPathComponent("Contents.json"))
        let findings = try Validator().validate([folder.path], parallelism: .serial).files.flatMap(\.findings)
        #expect(findings.contains { $0.message.contains("two entries fill the slot") })
    }

    @Test("validate reads brand assets as actool does: a layer of the wrong size, a listed member that is missing, a stack of one layer, an unlisted set")
    func tvOSChecks() throws {
        let options = GenerateOptions(presets: [try PresetCatalog.preset("tvos")])
        let folder = try Fixtures.temporaryFolder()
        _ = try Generator(options: options).run(source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path,
                                                outputFolder: folder.path, parallelism: .serial)
        let brand = folder.appendingPathComponent(Self.brand)
        // A 2x back layer exported at the 1x size; a 1x front layer exported at 2x (a smaller one is centred: Swiftfin's).
        let back = brand.appendingPathComponent("App Icon.imagestack/Back.imagestacklayer/Content.imageset")
        try FileManager.default.removeItem(at: back.appendingPathComponent("Back@2x.png"))
        try FileManager.default.copyItem(at: back.appendingPathComponent("Back.png"), to: back.appendingPathComponent("Back@2x.png"))
        let front = brand.appendingPathComponent("App Icon.imagestack/Front.imagestacklayer/Content.imageset")
        try FileManager.default.removeItem(at: front.appendingPathComponent("Front.png"))
        try FileManager.default.copyItem(at: front.appendingPathComponent("Front@2x.png"), to: front.appendingPathComponent("Front.png"))
        let small = brand.appendingPathComponent("App Icon - App Store.imagestack/Front.imagestacklayer/Content.imageset/Front.png")
        try Data(PNG.encode(Image(width: 512, height: 512, fill: SIMD4(0, 0, 0, 0)))).write(to: small)
        // The App Store stack loses its back layer's folder; the wide Top Shelf set is gone; a stray set is added.
        try FileManager.default.removeItem(at: brand.appendingPathComponent("App Icon - App Store.imagestack/Back.imagestacklayer"))
        try FileManager.default.removeItem(at: brand.appendingPathComponent("Top Shelf Image Wide.imageset"))
        try FileManager.default.copyItem(at: brand.appendingPathComponent("Top Shelf Image.imageset"), to: brand.appendingPathComponent("Old Shelf.imageset"))
        let messages = try Validator().validate([folder.path], parallelism: .serial).files.flatMap(\.findings)
        func finding(_ text: String) -> Finding? { messages.first { $0.message.contains(text) } }
        #expect(finding("Back@2x.png is 400x240 but should be 800x480 (App Icon, back layer, 400x240 pt at 2x)")?.severity == .error)
        #expect(finding("Front.png is 800x480, larger than 400x240 (App Icon, front layer, 400x240 pt at 1x)")?.severity == .warning)
        #expect(!messages.contains { $0.message.contains("512x512") }, "a smaller upper layer is centred")
        #expect(finding("lists the layer Back.imagestacklayer, but there is no such folder")?.severity == .error)
        #expect(finding("App Icon - App Store.imagestack has 2 layers") == nil)
        #expect(finding("lists Top Shelf Image Wide.imageset (top-shelf-image-wide, 2320x720), but there is no such folder")?.severity == .error)
        #expect(finding("Old Shelf.imageset is in \(Self.brand) but Contents.json does not list it")?.severity == .warning)
        // One layer left: a warning naming the count.
        let stack = brand.appendingPathComponent("App Icon.imagestack/Contents.json")
        try Data(#"{"info":{"author":"xcode","version":1},"layers":[{"filename":"Front.imagestacklayer"}]}"#.utf8).write(to: stack)
        let again = try Validator().validate([folder.path], parallelism: .serial).files.flatMap(\.findings)
        #expect(again.first { $0.message.contains("App Icon.imagestack has 1 layer; an Apple TV layered icon has 2 to 5") }?.severity == .warning)
    }
}
