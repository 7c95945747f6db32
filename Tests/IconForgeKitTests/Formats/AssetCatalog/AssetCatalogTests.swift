import Foundation
import IconForgeKit
import TestSupport
import Testing

private let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
private let glyph = Fixtures.testImages.appendingPathComponent("glyph-master.png").path

/// A copy of `TestImages/catalogs/<name>` in a fresh folder.
private func copy(_ name: String) throws -> URL {
    let target = try Fixtures.temporaryFolder().appendingPathComponent(name)
    try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("catalogs/\(name)"), to: target)
    return target
}

@discardableResult
private func generate(_ presets: String, into folder: URL, source: String = master,
                      configure: (inout GenerateOptions) -> Void = { _ in }) throws -> GenerationReport {
    var options = GenerateOptions(presets: try PresetCatalog.presets(presets))
    configure(&options)
    return try Generator(options: options).run(source: source, outputFolder: folder.path)
}


private func images(_ set: URL) throws -> [[String: Any]] {
    let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: set.appendingPathComponent("Contents.json"))) as? [String: Any])
    return try #require(root["images"] as? [[String: Any]])
}

@Suite("Writing into real asset catalogs")
struct AssetCatalogWriteTests {
    @Test("an Xcode 10 set whose slots are all named: pixels change, its Contents.json stays byte for byte; a rerun changes nothing")
    func oldFormat() throws {
        let catalog = try copy("OldFormat.xcassets")
        let before = try Fixtures.snapshot(catalog)
        try generate("ios", into: catalog)
        let after = try Fixtures.snapshot(catalog)
        #expect(Set(after.keys) == Set(before.keys)) // no file added, none left behind
        #expect(after["AppIcon.appiconset/Contents.json"] == before["AppIcon.appiconset/Contents.json"])
        #expect(after["Contents.json"] == before["Contents.json"])
        #expect(after.filter { $0.key.hasSuffix(".png") }.allSatisfy { before[$0.key] != $0.value })
        let time = try FileManager.default.attributesOfItem(atPath: catalog.appendingPathComponent("AppIcon.appiconset/icon-ipad-76-2.png").path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.02)
        try generate("ios", into: catalog)
        #expect(try Fixtures.snapshot(catalog) == after)
        #expect(try FileManager.default.attributesOfItem(atPath: catalog.appendingPathComponent("AppIcon.appiconset/icon-ipad-76-2.png").path)[.modificationDate] as? Date == time)
        #expect(try Validator().validate([catalog.path]).errors == 0)
    }

    @Test("a macOS set whose Contents.json has no info (FluffyChat's, as flutter_launcher_icons writes it; Flutter's names, one file for two slots): pixels change, the Contents.json stays byte for byte rather than rewritten whole to add Xcode's info; a rerun changes nothing")
    func contentsWithoutInfo() throws {
        let slots = [(16, 1, 16), (16, 2, 32), (32, 1, 32), (32, 2, 64), (128, 1, 128), (128, 2, 256), (256, 1, 256), (256, 2, 512), (512, 1, 512), (512, 2, 1024)]
        let entries = slots.map { #"{"size":"\#($0.0)x\#($0.0)","idiom":"mac","filename":"app_icon_\#($0.2).png","scale":"\#($0.1)x"}"# }
        let contents = #"{"images":["# + entries.joined(separator: ",") + "]}"
        let catalog = try Fixtures.tree(["Assets.xcassets/AppIcon.appiconset/Contents.json": contents, "Assets.xcassets/Contents.json": #"{"info":{"version":1,"author":"xcode"}}"#])
            .appendingPathComponent("Assets.xcassets")
        try generate("macos", into: catalog)
        let set = catalog.appendingPathComponent("AppIcon.appiconset")
        #expect(try String(contentsOf: set.appendingPathComponent("Contents.json"), encoding: .utf8) == contents)
        #expect(try Fixtures.bytes(at: set.appendingPathComponent("app_icon_1024.png")).count > 1000)
        let written = try Fixtures.snapshot(catalog)
        try generate("macos", into: catalog)
        #expect(try Fixtures.snapshot(catalog) == written)
    }

    @Test("a catalog's own Contents.json with properties is never rewritten, nor its other sets")
    func catalogProperties() throws {
        let catalog = try copy("WithProperties.xcassets")
        let before = try Fixtures.snapshot(catalog)
        try generate("ios", into: catalog)
        let after = try Fixtures.snapshot(catalog)
        #expect(after["Contents.json"] == before["Contents.json"] && after["AccentColor.colorset/Contents.json"] == before["AccentColor.colorset/Contents.json"])
        #expect(String(decoding: after["Contents.json"]!, as: UTF8.self).contains("generate-swift-asset-symbol-extensions"))
    }

    @Test("25 legacy slots with the user's names: every name reused, the user's mac slot and unknown keys kept, Xcode's order, nothing unreferenced")
    func legacyNames() throws {
        let catalog = try copy("Legacy.xcassets")
        let set = catalog.appendingPathComponent("AppIcon.appiconset")
        let before = try Fixtures.snapshot(catalog)
        let report = try generate("ios-legacy", into: catalog)
        let after = try Fixtures.snapshot(catalog)
        #expect(Set(after.keys) == Set(before.keys))
        #expect(after["AppIcon.appiconset/mac-128.png"] == before["AppIcon.appiconset/mac-128.png"])
        #expect(report.files.filter { $0.pixels != nil }.allSatisfy { ($0.path as NSString).lastPathComponent.hasPrefix("appicon_") })
        let entries = try images(set)
        #expect(entries.count == 26 && entries.last?["idiom"] as? String == "mac")
        #expect(entries.contains { $0["unassigned-note"] as? String == "kept" })
        // Clean but for what the user's own mac slot asks for (a Mac icon needs 512pt @2x), and nothing unreferenced.
        let validation = try Validator().validate([catalog.path])
        #expect(validation.files.flatMap(\.findings).map(\.message) == ["A Mac app icon needs its 512pt @2x (1024x1024) image"])
        // Xcode's order: the checked-in list of the order Xcode writes, restricted to these entries.
        let order = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.testImages.appendingPathComponent("catalogs/xcode-order.json"))) as? [[String: String]])
        let key = { (entry: [String: Any]) in "\(entry["idiom"]!) \(entry["size"]!) \(entry["scale"]!)" }
        let expected = order.map(key).filter { name in entries.contains { key($0) == name } }
        #expect(entries.map(key) == expected)
        try generate("ios-legacy", into: catalog)
        #expect(try Fixtures.snapshot(catalog) == after)
    }

    @Test("switching classic -> single size -> classic with --replace-layout: each layout replaces the other, files that leave go to the backup")
    func switchLayouts() throws {
        let catalog = try copy("Legacy.xcassets")
        let set = catalog.appendingPathComponent("AppIcon.appiconset")
        let original = try Fixtures.snapshot(set)
        let replacing = { (options: inout GenerateOptions) in options.replacesLayout = true }
        var options = GenerateOptions(presets: try PresetCatalog.presets("ios-single"))
        replacing(&options)
        let dryRun = Generator(options: options).plan(outputFolder: catalog.path)
        #expect(dryRun.moves.count == 19) // 25 slots, 19 distinct files
        let single = try generate("ios-single", into: catalog, configure: replacing)
        // The 19 files of the old layout leave the set; the user's Contents.json, rewritten, is kept too.
        #expect(single.notes.count == 2 && single.notes[0].hasPrefix("moved 19 files of the replaced layout out of AppIcon.appiconset to "))
        #expect(single.notes[1].hasPrefix("kept your Legacy.xcassets/AppIcon.appiconset/Contents.json in "))
        #expect(Set(try Fixtures.snapshot(set).keys) == ["Contents.json", "AppIcon.png", "mac-128.png"])
        #expect(try images(set).map { $0["idiom"] as? String } == ["universal", "mac"])
        // Every file that left is in the backup, byte for byte.
        let backups = catalog.deletingLastPathComponent().appendingPathComponent(".iconforge-backup")
        let stamp = try #require(try FileManager.default.contentsOfDirectory(atPath: backups.path).first)
        let saved = try Fixtures.snapshot(backups.appendingPathComponent(stamp).appendingPathComponent("Legacy.xcassets/AppIcon.appiconset"))
        #expect(saved.count == 20 && saved.allSatisfy { original[$0.key] == $0.value })
        try generate("ios", into: catalog, configure: replacing)
        let entries = try images(set)
        #expect(entries.count == 19 && Set(entries.compactMap { $0["filename"] as? String }).contains("mac-128.png"))
        #expect(!FileManager.default.fileExists(atPath: set.appendingPathComponent("AppIcon.png").path))
        #expect(try Validator().validate([catalog.path]).files.flatMap(\.findings).map(\.rule) == [.missingSize]) // the user's mac slot
    }

    @Test("--tinted alone writes the empty dark slot, --dark alone the empty tinted one; a user's file in that slot stays")
    func appearanceSlots() throws {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets")
        try generate("ios-single", into: folder) { $0.tintedSource = .auto }
        let set = folder.appendingPathComponent("AppIcon.appiconset")
        var entries = try images(set)
        let dark = try #require(entries.first { (($0["appearances"] as? [[String: String]])?.first?["value"]) == "dark" })
        #expect(dark["filename"] == nil && entries.count == 3)
        try generate("ios-single", into: folder, source: master) { $0.darkSourcePath = glyph }
        entries = try images(set)
        let tinted = try #require(entries.first { (($0["appearances"] as? [[String: String]])?.first?["value"]) == "tinted" })
        #expect(tinted["filename"] as? String == "AppIcon-Tinted.png") // made by the first run, kept
        #expect(entries.compactMap { $0["filename"] as? String }.sorted() == ["AppIcon-Dark.png", "AppIcon-Tinted.png", "AppIcon.png"])
    }

    @Test("loose outputs never go inside a catalog: they are written beside it")
    func looseBeside() throws {
        let parent = try Fixtures.temporaryFolder()
        let catalog = parent.appendingPathComponent("Assets.xcassets")
        let report = try generate("ios,web-clip", into: catalog)
        #expect(report.files.contains { $0.path == "../apple-touch-icon.png" } && report.files.contains { $0.path == "../apple-touch-icon.html" })
        #expect(FileManager.default.fileExists(atPath: parent.appendingPathComponent("apple-touch-icon-180.png").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted() == ["AppIcon.appiconset", "Contents.json"])
    }
}
