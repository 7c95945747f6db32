import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("Generator: behaviour")
struct GeneratorTests {
    @Test("an RGBA master with transparent corners becomes opaque icons over the given background")
    func compositesOverBackground() throws {
        let (folder, report) = try generate("glyph-master.png", presets: "ios") { $0.background = RGBColor(hex: "#102030")! }
        let icon = try decode(folder.appendingPathComponent("AppIcon.appiconset/Icon-1024.png"))
        #expect(icon.info.colorType == .rgb)
        #expect(icon.image.pixel(x: 0, y: 0) == SIMD4(16, 32, 48, 255))
        #expect(icon.image.pixel(x: 512, y: 540) == SIMD4(255, 0, 0, 255))
        #expect(report.warnings.contains { $0.contains("pixels are not opaque") && $0.contains("#102030") })
    }

    @Test("ios-single with dark and tinted writes three entries with their appearances; tinted auto is grey")
    func appearances() throws {
        let (folder, _) = try generate("app-icon-master.png", presets: "ios-single") { $0.tintedSource = .auto; $0.darkSourcePath = Fixtures.testImages.appendingPathComponent("glyph-master.png").path }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("AppIcon.appiconset/Contents.json"))) as! [String: Any]
        let images = json["images"] as! [[String: Any]]
        #expect(images.count == 3)
        let values = images.map { (($0["appearances"] as? [[String: String]])?.first?["value"]) ?? "any" }
        #expect(values == ["any", "dark", "tinted"])
        let tinted = try decode(folder.appendingPathComponent("AppIcon.appiconset/AppIcon-Tinted.png"))
        let p = tinted.image.pixel(x: 100, y: 100)
        #expect(p[0] == p[1] && p[1] == p[2] && tinted.info.colorType == .rgba)
        let dark = try decode(folder.appendingPathComponent("AppIcon.appiconset/AppIcon-Dark.png"))
        #expect(dark.image.pixel(x: 0, y: 0)[3] == 0) // dark keeps its transparency
        // Without the variants, only the single entry.
        let (plain, _) = try generate("app-icon-master.png", presets: "ios-single")
        #expect(listing(plain.appendingPathComponent("AppIcon.appiconset")) == ["AppIcon.png", "Contents.json"])
    }

    @Test("re-running gives byte-identical files")
    func idempotent() throws {
        let (folder, _) = try generate("glyph-master.png", presets: "ios,bar-icons,web-clip")
        let first = try listing(folder).map { ($0, try Fixtures.bytes(at: folder.appendingPathComponent($0))) }
        _ = try generate("glyph-master.png", presets: "ios,bar-icons,web-clip", folder: folder)
        let second = try listing(folder).map { ($0, try Fixtures.bytes(at: folder.appendingPathComponent($0))) }
        #expect(first.map(\.0) == second.map(\.0))
        for (a, b) in zip(first, second) { #expect(a.1 == b.1, "\(a.0) changed") }
    }

    @Test("files that come out the same are rendered once; a template of an icon's size is not shared")
    func sharedRenders() throws {
        // ios has two 40 px and two 120 px app icons, web-clip a 76 px touch icon like iPad's; the 50 px
        // tab-bar template (RGBA) has the size of the legacy 50 px iPad icon (RGB).
        let (folder, _) = try generate("glyph-master.png", presets: "ios,ios-legacy,bar-icons,web-clip")
        let file = { (path: String) in try Fixtures.bytes(at: folder.appendingPathComponent(path)) }
        #expect(try file("AppIcon.appiconset/Icon-20@2x.png") == file("AppIcon.appiconset/Icon-40@1x.png"))
        #expect(try file("AppIcon.appiconset/Icon-40@3x.png") == file("AppIcon.appiconset/Icon-60@2x.png"))
        #expect(try file("apple-touch-icon-76.png") == file("AppIcon.appiconset/Icon-76@1x.png"))
        let template = try PNG.decode(file("TabBarIcon.imageset/TabBarIcon@2x.png"))
        let icon = try PNG.decode(file("AppIcon.appiconset/Icon-50@1x.png"))
        #expect(template.info.width == 50 && icon.info.width == 50)
        #expect(template.info.colorType == .rgba && icon.info.colorType == .rgb)
    }

    @Test("progress counts files, shared renders included, and ends at the number written")
    func progressCountsFiles() throws {
        let folder = try Fixtures.temporaryFolder()
        final class Steps: @unchecked Sendable {
            let lock = NSLock()
            var values: [(Int, Int)] = []
        }
        let seen = Steps()
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("ios"))).run(
            source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path, outputFolder: folder.path,
            progress: { done, total in seen.lock.withLock { seen.values.append((done, total)) } })
        let files = report.files.filter { $0.pixels != nil }.count
        let steps = seen.values.sorted { $0.0 < $1.0 }
        #expect(steps.last.map { $0 == (files, files) } == true)
        #expect(steps.count < files) // Icon-20@2x and Icon-40@1x, Icon-40@3x and Icon-60@2x: one render each
    }

    @Test("a corrupt source fails with a clear message and leaves the output folder as it was")
    func corruptSourceLeavesOutput() throws {
        let (folder, _) = try generate("app-icon-master.png", presets: "ios")
        let before = try listing(folder).map { try Fixtures.bytes(at: folder.appendingPathComponent($0)) }
        var options = GenerateOptions(presets: try PresetCatalog.presets("ios"))
        options.background = .black
        let broken = Fixtures.testImages.appendingPathComponent("fixtures/broken-truncated-idat.png").path
        #expect(throws: IconForgeError.decode(path: broken, .truncated("truncated: file ends inside IDAT"))) {
            try Generator(options: options).run(source: broken, outputFolder: folder.path)
        }
        #expect(try listing(folder).map { try Fixtures.bytes(at: folder.appendingPathComponent($0)) } == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasPrefix(".") })
    }

    @Test("a master whose zlib checksum alone is wrong is read, as browsers read it; validate still reports it")
    func uncheckedMasterChecksum() throws {
        let (folder, report) = try generate("fixtures/broken-adler.png", presets: "itunes-artwork") {
            $0.fit = .fill
            $0.allowUpscale = true
        }
        #expect(report.files.count == 2)
        #expect(try decode(folder.appendingPathComponent("iTunesArtwork")).image.width == 512)
        let validated = try Validator().validate([Fixtures.testImages.appendingPathComponent("fixtures/broken-adler.png").path])
        #expect(validated.files[0].findings.map(\.rule) == [.decode])
    }

    @Test("an existing set keeps files and Contents.json entries IconForge does not own")
    func keepsForeignContent() throws {
        let folder = try Fixtures.temporaryFolder()
        let set = folder.appendingPathComponent("AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: set.appendingPathComponent("Watch-44@2x.png"))
        try Data("""
            {"images":[{"filename":"Watch-44@2x.png","idiom":"watch","role":"longLook","scale":"2x","size":"44x44","subtype":"44mm"},
            {"filename":"old-60.png","idiom":"iphone","scale":"3x","size":"60x60"}],"info":{"author":"someone","version":1}}
            """.utf8).write(to: set.appendingPathComponent("Contents.json"))
        _ = try generate("app-icon-master.png", presets: "ios", folder: folder)
        #expect(try String(contentsOf: set.appendingPathComponent("Watch-44@2x.png"), encoding: .utf8) == "mine")
        let images = (try JSONSerialization.jsonObject(with: Data(contentsOf: set.appendingPathComponent("Contents.json"))) as! [String: Any])["images"] as! [[String: Any]]
        #expect(images.count == 19) // 18 of ours, and the watch entry
        #expect(images.last?["idiom"] as? String == "watch")
        // The user's slot keeps the user's file name, and the file is made.
        #expect(images.filter { $0["size"] as? String == "60x60" && $0["scale"] as? String == "3x" }.map { $0["filename"] as? String } == ["old-60.png"])
        #expect(FileManager.default.fileExists(atPath: set.appendingPathComponent("old-60.png").path))
        #expect(!FileManager.default.fileExists(atPath: set.appendingPathComponent("Icon-60@3x.png").path))
    }

    @Test("set names can be overridden")
    func renames() throws {
        let (folder, _) = try generate("app-icon-master.png", presets: "ios") { $0.appIconName = "AppIcon-Beta" }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("AppIcon-Beta.appiconset/Icon-60@3x.png").path))
    }

    @Test("an app icon set written loose beside an Xcode project, in no catalog (AudioBookBinder's root), is said to be in no build; in a plain folder it is not")
    func setBesideXcodeProject() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        func warnings() throws -> [String] {
            try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("ios-single"))).run(source: master, outputFolder: folder.path).warnings
        }
        #expect(try !warnings().contains { $0.contains("in no asset catalog") })
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        try Data("{ objects = { }; }\n".utf8).write(to: folder.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        let said = try warnings()
        #expect(said.contains("AppIcon.appiconset is written beside App.xcodeproj, in no asset catalog: actool compiles app icon sets only inside an "
                              + ".xcassets folder, so no build reads it — give --out the app's catalog (an .xcassets folder)"), "\(said)")
    }

    @Test("the plan lists what would be written without writing")
    func plan() throws {
        let generator = Generator(options: GenerateOptions(presets: try PresetCatalog.presets("ios,ios-legacy")))
        let plan = generator.plan(outputFolder: "/nonexistent").files
        #expect(plan.count == 22) // 21 files and one Contents.json
        #expect(plan.contains { $0.path == "AppIcon.appiconset/Icon-83.5@2x.png" && $0.pixels == PixelSize(width: 167, height: 167) })
    }

    @Test("an Xcode 16 single-size set stays single-size under --preset ios, saying so; --replace-layout switches it")
    func layoutIsKept() throws {
        let catalog = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets")
        defer { try? FileManager.default.removeItem(at: catalog.deletingLastPathComponent()) }
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        var single = GenerateOptions(presets: try PresetCatalog.presets("ios-single"))
        single.darkSourcePath = master
        _ = try Generator(options: single).run(source: master, outputFolder: catalog.path)
        let set = catalog.appendingPathComponent("AppIcon.appiconset")
        let before = try FileManager.default.contentsOfDirectory(atPath: set.path).sorted()
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("ios"))).run(source: master, outputFolder: catalog.path)
        #expect(report.notes.first?.contains("kept AppIcon.appiconset's single-size (Xcode 16) layout") == true, "\(report.notes)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: set.path).sorted() == before)
        #expect(PresetCatalog.matchingPresets(iconSet: set.path) == ["ios-single"])
        var replacing = GenerateOptions(presets: try PresetCatalog.presets("ios"))
        replacing.replacesLayout = true
        _ = try Generator(options: replacing).run(source: master, outputFolder: catalog.path)
        #expect(PresetCatalog.matchingPresets(iconSet: set.path) == ["ios"])
    }
}
