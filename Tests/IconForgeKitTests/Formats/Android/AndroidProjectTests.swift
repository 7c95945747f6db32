import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// Android projects as they really are (patterns from Android Studio's templates, multi-module and Flutter apps):
/// validate finds no false errors, and generate never defines a resource twice. Each tree is built here.
@Suite("Android projects as they really are")
struct AndroidProjectTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
    static func adaptive(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<adaptive-icon xmlns:android=\"http://schemas.android.com/apk/res/android\">\n\(body)</adaptive-icon>\n"
    }

    private func tree(_ files: [String: String]) throws -> URL {
        let root = try Fixtures.temporaryFolder()
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    private func findings(_ path: URL) throws -> [Finding] {
        try Validator().validate([path.path]).files.flatMap(\.findings)
    }

    @Test("minSdk 26 and up (mipmap-anydpi, no PNGs, as Android Studio's template writes it): no missing sizes, no missing adaptive icon")
    func anydpiLayout() throws {
        let root = try tree([
            "app/src/main/res/mipmap-anydpi/ic_launcher.xml": Self.adaptive("<background android:drawable=\"@drawable/ic_launcher_background\"/>\n"
                + "<foreground android:drawable=\"@drawable/ic_launcher_foreground\"/>\n<monochrome android:drawable=\"@drawable/ic_launcher_foreground\"/>\n"),
            "app/src/main/res/drawable/ic_launcher_background.xml": "<vector/>",
            "app/src/main/res/drawable/ic_launcher_foreground.xml": "<vector/>",
        ])
        #expect(try findings(root.appendingPathComponent("app/src/main/res")).isEmpty)
    }

    @Test("minSdk 26 in build.gradle.kts: mipmap-anydpi-v26 without PNGs is complete")
    func minSdkFromGradle() throws {
        let root = try tree([
            "app/build.gradle.kts": "android {\n    defaultConfig {\n        minSdk = 26\n    }\n}\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": Self.adaptive("<background android:drawable=\"@color/bg\"/>\n"
                + "<foreground android:drawable=\"@drawable/fg\"/>\n<monochrome android:drawable=\"@drawable/fg\"/>\n"),
            "app/src/main/res/values/colors.xml": "<resources>\n    <color name=\"bg\">#FFFFFF</color>\n</resources>\n",
            "app/src/main/res/drawable/fg.xml": "<vector/>",
        ])
        #expect(try findings(root.appendingPathComponent("app/src/main/res")).isEmpty)
        // Without the minSdk the same tree misses its density PNGs: a true error on Android 7 and older.
        try FileManager.default.removeItem(at: root.appendingPathComponent("app/build.gradle.kts"))
        #expect(try findings(root.appendingPathComponent("app/src/main/res")).filter { $0.rule == .missingSize }.count == 5)
    }

    @Test("references resolve to the framework and to other modules' resources; a dangling one is still an error")
    func references() throws {
        let root = try tree([
            "settings.gradle": "include ':app', ':core'\n",
            "app/src/main/res/mipmap-anydpi/ic_launcher.xml": Self.adaptive("<background android:drawable=\"@android:color/white\"/>\n"
                + "<foreground android:drawable=\"@drawable/brand_foreground\"/>\n<monochrome android:drawable=\"@drawable/brand_mono\"/>\n"),
            "core/src/main/res/drawable/brand_foreground.xml": "<vector/>",
        ])
        let messages = try findings(root.appendingPathComponent("app/src/main/res")).map(\.message)
        #expect(messages == ["ic_launcher.xml: <monochrome> names @drawable/brand_mono, which no resource defines"])
    }

    @Test("a monochrome layer in mipmap-anydpi-v33 counts: no warning that themed icons lack one")
    func monochromeInV33() throws {
        let layers = "<background android:drawable=\"@color/bg\"/>\n<foreground android:drawable=\"@drawable/fg\"/>\n"
        let root = try tree([
            "res/mipmap-anydpi-v26/ic_launcher.xml": Self.adaptive(layers),
            "res/mipmap-anydpi-v33/ic_launcher.xml": Self.adaptive(layers + "<monochrome android:drawable=\"@drawable/fg\"/>\n"),
            "res/values/colors.xml": "<resources><color name=\"bg\">#000000</color></resources>",
            "res/drawable/fg.xml": "<vector/>",
            "build.gradle": "android { defaultConfig { minSdkVersion 26 } }",
        ])
        #expect(!(try findings(root.appendingPathComponent("res"))).contains { $0.message.contains("<monochrome>") })
    }

    @Test("fastlane's Play Store icon is checked as the Play Console does: 512x512, 32-bit, at most 1 MB")
    func fastlanePlayIcon() throws {
        let root = try tree([:])
        let good = root.appendingPathComponent("fastlane/metadata/android/en-US/images/icon.png")
        let bad = root.appendingPathComponent("fastlane/metadata/android/de-DE/images/icon.png")
        for url in [good, bad] { try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true) }
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: root.appendingPathComponent("gen").path)
        let play = try #require(FileManager.default.subpaths(atPath: root.appendingPathComponent("gen").path)?.first { $0.hasSuffix("ic_launcher-playstore.png") })
        try FileManager.default.copyItem(at: root.appendingPathComponent("gen/" + play), to: good)
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("app-icon-master.png"), to: bad)
        let found = try Validator().validate([root.appendingPathComponent("fastlane").path]).files
        #expect(found.flatMap(\.findings).map(\.message) == ["icon.png must be a 512x512 32-bit PNG of at most 1024 KB (it is 1024x1024 RGB, \(try Fixtures.bytes("app-icon-master.png").count) bytes)"])
    }

    @Test("generate into a project whose colors.xml defines ic_launcher_background updates it there, never defining it twice")
    func noDuplicateResources() throws {
        let colors = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n    <color name=\"purple_500\">#FF6200EE</color>\n"
            + "    <color name=\"ic_launcher_background\">#3DDC84</color>\n</resources>\n"
        let root = try tree(["app/src/main/res/values/colors.xml": colors])
        var options = GenerateOptions(presets: try PresetCatalog.presets("android"))
        options.androidBackground = .color(RGBColor(hex: "#123456")!)
        _ = try Generator(options: options).run(source: Self.master, outputFolder: root.path)
        let res = root.appendingPathComponent("app/src/main/res")
        #expect(!FileManager.default.fileExists(atPath: res.appendingPathComponent("values/ic_launcher_background.xml").path))
        let after = String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("values/colors.xml")), as: UTF8.self)
        #expect(after == colors.replacingOccurrences(of: "#3DDC84", with: "#123456"))
        // As AAPT2 merges values/: every (type, name) defined once.
        var seen: [String: Int] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: res.appendingPathComponent("values").path) {
            let text = String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("values/" + file)), as: UTF8.self)
            for match in text.matches(of: /<(color|string|dimen) name="([^"]+)"/) { seen["\(match.1)/\(match.2)", default: 0] += 1 }
        }
        #expect(seen.values.allSatisfy { $0 == 1 }, "\(seen)")
        #expect(try Validator().validate([res.path]).errors == 0)
    }

    @Test("--monochrome none writes no monochrome layer: no PNGs, no <monochrome> in the adaptive icon, and no warning about a solid square")
    func noMonochrome() throws {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("res")
        var options = GenerateOptions(presets: try PresetCatalog.presets("android"))
        options.omitsMonochrome = true
        let report = try Generator(options: options).run(source: Self.master, outputFolder: folder.path)
        #expect(!report.files.contains { $0.path.contains("monochrome") })
        #expect(!report.warnings.contains { $0.contains("monochrome") })
        let xml = String(decoding: try Fixtures.bytes(at: folder.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml")), as: UTF8.self)
        #expect(!xml.contains("monochrome"))
    }

    @Test("a logo on transparency gets the --background (white by default) behind it on Android and in the maskable icon, never the black of its transparent pixels, and no solid-square warning")
    func transparentLogo() throws {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("out")
        let glyph = Fixtures.testImages.appendingPathComponent("glyph-master.png").path
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android,web"))).run(source: glyph, outputFolder: folder.path)
        let colour = String(decoding: try Fixtures.bytes(at: folder.appendingPathComponent("values/ic_launcher_background.xml")), as: UTF8.self)
        #expect(colour.contains("#FFFFFF"))
        #expect(!report.warnings.contains { $0.contains("solid square") })
        for file in ["icon-maskable-512.png", "mipmap-xxxhdpi/ic_launcher.png"] {
            let image = try PNG.decode(Fixtures.bytes(at: folder.appendingPathComponent(file))).image
            let corner = image.pixel(x: 2, y: 2)
            #expect(corner[0] == 255 && corner[1] == 255 && corner[2] == 255, "\(file)'s corner is \(corner), not white")
        }
    }

    @Test("an adaptive icon that carries an earlier IconForge's marker but was edited since (a designer's own layer) goes to the backup; one left as generated is re-rendered in place")
    func editedMarkedXMLIsKept() throws {
        let marker = "<!-- Generated by iconforge; rerunning it rewrites this file. -->"
        // As an earlier IconForge wrote it, then edited: the foreground is the designer's vector.
        let edited = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\(marker)\n<adaptive-icon xmlns:android=\"http://schemas.android.com/apk/res/android\">\n"
            + "    <background android:drawable=\"@color/ic_launcher_background\"/>\n    <foreground android:drawable=\"@drawable/designer_glyph\"/>\n</adaptive-icon>\n"
        // As an earlier IconForge wrote it, untouched (a colour background, no monochrome).
        let untouched = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\(marker)\n<adaptive-icon xmlns:android=\"http://schemas.android.com/apk/res/android\">\n"
            + "    <background android:drawable=\"@color/ic_launcher_background\"/>\n    <foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>\n</adaptive-icon>\n"
        let root = try tree(["app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": edited, "app/src/main/res/mipmap-anydpi-v26/ic_launcher_round.xml": untouched])
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: root.path)
        let backups = root.appendingPathComponent("app/src/main/.iconforge-backup")
        let kept = (FileManager.default.enumerator(atPath: backups.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".xml") }
        #expect(kept.map { $0.split(separator: "/").dropFirst().joined(separator: "/") } == ["res/mipmap-anydpi-v26/ic_launcher.xml"], "\(kept)")
        #expect(String(decoding: try Fixtures.bytes(at: backups.appendingPathComponent(kept[0])), as: UTF8.self) == edited)
    }

    @Test("a designed monochrome (a vector drawable) is kept for themed icons: referenced by the new adaptive icon, never replaced by a silhouette; --monochrome FILE replaces it; IconForge's own is made again")
    func designedMonochromeIsKept() throws {
        let vector = ##"<vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="108dp" android:height="108dp" android:viewportWidth="108" android:viewportHeight="108"><path android:fillColor="#FFFFFF" android:pathData="M30,30h48v48h-48z"/></vector>"##
        let root = try tree([
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": Self.adaptive("""
                    <background android:drawable="@color/brand"/>
                    <foreground android:drawable="@drawable/ic_launcher_foreground"/>
                    <monochrome android:drawable="@drawable/ic_launcher_glyph"/>

                """),
            "app/src/main/res/drawable/ic_launcher_glyph.xml": vector,
            "app/src/main/res/drawable/ic_launcher_foreground.xml": vector,
            "app/src/main/res/values/colors.xml": "<resources><color name=\"brand\">#123456</color></resources>\n",
        ])
        let res = root.appendingPathComponent("app/src/main/res")
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: root.path)
        let xml = String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml")), as: UTF8.self)
        #expect(xml.contains("<monochrome android:drawable=\"@drawable/ic_launcher_glyph\"/>"), "\(xml)")
        #expect(!FileManager.default.fileExists(atPath: res.appendingPathComponent("mipmap-xxxhdpi/ic_launcher_monochrome.png").path))
        #expect(String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("drawable/ic_launcher_glyph.xml")), as: UTF8.self) == vector)
        #expect(report.notes.contains { $0.contains("kept your designed monochrome layer @drawable/ic_launcher_glyph") })
        #expect(!report.warnings.contains { $0.contains("solid square") }, "\(report.warnings)")
        #expect(try Validator().validate([res.path]).errors == 0)
        // Given a monochrome, that one is made; the adaptive icon then refers to IconForge's.
        var options = GenerateOptions(presets: try PresetCatalog.presets("android"))
        options.monochrome = .file(Fixtures.testImages.appendingPathComponent("glyph-master.png").path)
        _ = try Generator(options: options).run(source: Self.master, outputFolder: root.path)
        let replaced = String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml")), as: UTF8.self)
        #expect(replaced.contains("@mipmap/ic_launcher_monochrome"))
        // IconForge's own monochrome is not "designed": a plain rerun makes it again from the master.
        let again = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: root.path)
        #expect(!again.notes.contains { $0.contains("kept your designed monochrome") }, "\(again.notes)")
    }

    @Test("a flavour that overrides a layer the old adaptive icon referred to is named in a warning (its builds would silently show the new icon)")
    func flavourOverrideIsNamed() throws {
        let vector = ##"<vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="108dp" android:height="108dp" android:viewportWidth="108" android:viewportHeight="108"><path android:fillColor="#FFFFFF" android:pathData="M30,30h48v48h-48z"/></vector>"##
        let root = try tree([
            "settings.gradle": "include ':app'\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": Self.adaptive("""
                    <background android:drawable="@color/ic_launcher_background"/>
                    <foreground android:drawable="@drawable/ic_launcher_foreground"/>

                """),
            "app/src/main/res/drawable/ic_launcher_foreground.xml": vector,
            "app/src/main/res/values/ic_launcher_background.xml": "<resources><color name=\"ic_launcher_background\">#123456</color></resources>\n",
            "app/src/beta/res/drawable/ic_launcher_foreground.xml": vector.replacingOccurrences(of: "#FFFFFF", with: "#FF0000"),
        ])
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: root.path)
        #expect(report.warnings.contains { $0.contains("@drawable/ic_launcher_foreground") && $0.contains("app/src/beta/res") }, "\(report.warnings)")
    }
}
