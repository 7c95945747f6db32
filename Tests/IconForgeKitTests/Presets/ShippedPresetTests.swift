import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("Generator: shipped presets")
struct ShippedPresetTests {
    /// The master each preset is tried with, and any options it needs.
    static let cases: [(preset: String, master: String)] = [
        ("ios", "app-icon-master.png"), ("ios-legacy", "app-icon-master.png"), ("ios-universal", "app-icon-master.png"),
        ("ios-single", "app-icon-master.png"), ("bar-icons", "glyph-master.png"), ("launch-images", "launch-master.png"),
        ("launch-screen", "glyph-master.png"), ("web-clip", "app-icon-master.png"), ("itunes-artwork", "app-icon-master.png"),
        ("macos", "app-icon-master.png"), ("watchos", "app-icon-master.png"), ("watchos-legacy", "app-icon-master.png"),
        ("carplay", "app-icon-master.png"), ("imessage", "app-icon-master.png"),
    ]


    @Test("every shipped preset writes its files at their stated sizes, with the right colour type, and Contents.json as expected",
          arguments: cases.map(\.preset))
    func shippedPreset(name: String) throws {
        let master = Self.cases.first { $0.preset == name }!.master
        let (folder, report) = try generate(master, presets: name) { options in
            if name == "ios-single" { options.tintedSource = .auto; options.darkSourcePath = Fixtures.testImages.appendingPathComponent("glyph-master.png").path }
            if name == "launch-screen" { options.launchBackground = RGBColor(hex: "#0A1B2C") }
        }
        let preset = try PresetCatalog.preset(name)
        let expectedFiles = Set(preset.outputs.compactMap { spec in spec.filename.map { (spec.set.map { $0 + "/" } ?? "") + $0 } })
        let pngs = report.files.filter { $0.pixels != nil }
        #expect(Set(pngs.map(\.path)) == expectedFiles)
        for spec in preset.outputs {
            guard let filename = spec.filename, let pixels = spec.pixels, spec.container == nil else { continue }
            let url = folder.appendingPathComponent((spec.set.map { $0 + "/" } ?? "") + filename)
            let decoded = try decode(url)
            #expect(decoded.info.width == pixels.width && decoded.info.height == pixels.height, "\(filename)")
            #expect(decoded.info.bitDepth == 8 && !decoded.info.isInterlaced && !decoded.info.hasTransparencyChunk, "\(filename)")
            #expect(decoded.info.colorType == (spec.keepsAlpha ? .rgba : .rgb), "\(filename)")
            if spec.role == .template { #expect(!decoded.image.isOpaque, "\(filename) lost its alpha") }
        }
        // Contents.json of every set, byte for byte against the checked-in files (Xcode's format).
        for set in Set(preset.outputs.compactMap(\.set)) {
            let written = try String(contentsOf: folder.appendingPathComponent("\(set)/Contents.json"), encoding: .utf8)
            let expected = try String(contentsOf: Fixtures.testImages.appendingPathComponent("expected-catalogs/\(name)/\(set)/Contents.json"), encoding: .utf8)
            #expect(written == expected, "\(name)/\(set)/Contents.json")
            let parsed = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any]
            #expect((parsed?["info"] as? [String: Any])?["author"] as? String == "xcode")
        }
        // A plain output folder gets no catalog Contents.json; a catalog gets one (see AssetCatalogTests).
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Contents.json").path))
    }

    @Test("a new catalog gets its own Contents.json in Xcode's format")
    func newCatalog() throws {
        let (folder, _) = try generate("app-icon-master.png", presets: "ios", folder: try Fixtures.temporaryFolder().appendingPathComponent("A.xcassets"))
        #expect(try String(contentsOf: folder.appendingPathComponent("Contents.json"), encoding: .utf8)
                == "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")
    }

    @Test("web-clip writes the HTML link tags, launch-screen the Info.plist snippet")
    func snippets() throws {
        let (clips, _) = try generate("app-icon-master.png", presets: "web-clip")
        let html = try String(contentsOf: clips.appendingPathComponent("apple-touch-icon.html"), encoding: .utf8)
        #expect(html.contains("<link rel=\"apple-touch-icon\" sizes=\"167x167\" href=\"apple-touch-icon-167.png\">"))
        let (screen, _) = try generate("glyph-master.png", presets: "launch-screen")
        let plist = try String(contentsOf: screen.appendingPathComponent("UILaunchScreen.plist"), encoding: .utf8)
        #expect(plist.contains("<key>UIImageName</key>\n    <string>LaunchImage</string>"))
        #expect(plist.contains("<key>UIColorName</key>\n    <string>LaunchBackground</string>"))
    }

    @Test("a custom preset keeps Xcode's watch role and subtype, in Xcode's order")
    func customWatch() throws {
        let json = #"""
            {"name": "mine", "outputs": [
              {"set": "AppIcon.appiconset", "role": "app", "idiom": "watch", "points": "40x40", "scale": 2, "filename": "a.png",
               "xcode-role": "appLauncher", "subtype": "38mm"},
              {"set": "AppIcon.appiconset", "role": "notification", "idiom": "watch", "points": "24x24", "scale": 2, "filename": "b.png",
               "xcode-role": "notificationCenter", "subtype": "38mm"}]}
            """#
        let preset = try Preset.parse(Data(json.utf8), file: "mine.json")
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Generator(options: GenerateOptions(presets: [preset])).run(
            source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path, outputFolder: folder.path, parallelism: .serial)
        let text = try String(contentsOf: folder.appendingPathComponent("AppIcon.appiconset/Contents.json"), encoding: .utf8)
        let notification = try #require(text.range(of: "\"role\" : \"notificationCenter\""))
        let launcher = try #require(text.range(of: "\"role\" : \"appLauncher\""))
        #expect(notification.lowerBound < launcher.lowerBound, "notification centre first, as Xcode orders watch roles")
        #expect(text.contains("\"subtype\" : \"38mm\""))
    }

    @Test("container entries are checked when a preset is read", arguments: [
        (#"{"role": "mac", "idiom": "mac", "pixels": "16x16", "filename": "A.icns", "container": "zip", "entry": "ic04"}"#, "container"),
        (#"{"role": "mac", "idiom": "mac", "pixels": "16x16", "filename": "A.icns", "container": "icns", "entry": "ic99"}"#, "entry"),
        (#"{"role": "mac", "idiom": "mac", "pixels": "32x32", "filename": "A.icns", "container": "icns", "entry": "ic04"}"#, "ic04 holds 16x16"),
        (#"{"role": "mac", "idiom": "mac", "pixels": "16x16", "filename": "A.png", "entry": "ic04"}"#, "needs a \"container\""),
    ])
    func containerFields(entry: String, message: String) {
        let json = #"{"name": "x", "outputs": ["# + entry + "]}"
        do { _ = try Preset.parse(Data(json.utf8), file: "x.json"); Issue.record("accepted") } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }
}
