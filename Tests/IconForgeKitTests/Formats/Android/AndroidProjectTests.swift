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

    /// A white 48 dp square on a 108 dp vector drawable: a foreground or a designed monochrome glyph.
    static let squareVector = ##"<vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="108dp" android:height="108dp" android:viewportWidth="108" android:viewportHeight="108"><path android:fillColor="#FFFFFF" android:pathData="M30,30h48v48h-48z"/></vector>"##

    /// An app whose adaptive icon, in each folder of `monochromes`, draws the vector `ic_launcher_foreground` on
    /// `@color/brand` with the drawable named there as its `<monochrome>`; `ic_launcher_glyph` is a designed one.
    static func designedMonochromeProject(_ monochromes: [String: String]) throws -> URL {
        var files = [
            "app/src/main/res/drawable/ic_launcher_glyph.xml": squareVector,
            "app/src/main/res/drawable/ic_launcher_foreground.xml": squareVector,
            "app/src/main/res/values/colors.xml": "<resources><color name=\"brand\">#123456</color></resources>\n",
        ]
        for (folder, monochrome) in monochromes {
            files["app/src/main/res/\(folder)/ic_launcher.xml"] = adaptive("""
                    <background android:drawable="@color/brand"/>
                    <foreground android:drawable="@drawable/ic_launcher_foreground"/>
                    <monochrome android:drawable="@drawable/\(monochrome)"/>

                """)
        }
        return try tree(files)
    }

    /// A project tree written from path → text.
    static func tree(_ files: [String: String]) throws -> URL { try Fixtures.tree(files) }

    private func findings(_ path: URL) throws -> [Finding] {
        try Validator().validate([path.path]).files.flatMap(\.findings)
    }

    @Test("minSdk 26 and up (mipmap-anydpi, no PNGs, as Android Studio's template writes it): no missing sizes, no missing adaptive icon")
    func anydpiLayout() throws {
        let root = try Self.tree([
            "app/src/main/res/mipmap-anydpi/ic_launcher.xml": Self.adaptive("<background android:drawable=\"@drawable/ic_launcher_background\"/>\n"
                + "<foreground android:drawable=\"@drawable/ic_launcher_foreground\"/>\n<monochrome android:drawable=\"@drawable/ic_launcher_foreground\"/>\n"),
            "app/src/main/res/drawable/ic_launcher_background.xml": "<vector/>",
            "app/src/main/res/drawable/ic_launcher_foreground.xml": "<vector/>",
        ])
        #expect(try findings(root.appendingPathComponent("app/src/main/res")).isEmpty)
    }

    @Test("minSdk 26 in build.gradle.kts: mipmap-anydpi-v26 without PNGs is complete")
    func minSdkFromGradle() throws {
        let root = try Self.tree([
            "app/build.gradle.kts": "android {\n    defaultConfig {\n        minSdk = 26\n    }\n}\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": Self.adaptive("<background android:drawable=\"@color/bg\"/>\n"
                + "<foreground android:drawable=\"@drawable/fg\"/>\n<monochrome android:drawable=\"@drawable/fg\"/>\n"),
            "app/src/main/res/values/colors.xml": "<resources>\n    <color name=\"bg\">#FFFFFF</color>\n</resources>\n",
            "app/src/main/res/drawable/fg.xml": "<vector/>",
        ])
        #expect(try findings(root.appendingPathComponent("app/src/main/res")).isEmpty)
        // Without the minSdk the same tree misses its density PNGs: a true error on Android 7 and older.
        try FileManager.default.removeItem(at: root.appendingPathComponent("app/build.gradle.kts"))
        let missing = try findings(root.appendingPathComponent("app/src/main/res")).filter { $0.rule == .missingSize }
        #expect(missing.count == 5)
        // No density has a picture (nowinandroid's catalog app): none to scale, so the error says what older devices lack.
        #expect(missing.allSatisfy { $0.message.hasSuffix("no density has one, so Android 7.1 and older (below API 26) have no ic_launcher to draw") },
                "\(missing.map(\.message))")
    }

    @Test("references resolve to the framework and to other modules' resources; a dangling one is still an error")
    func references() throws {
        let root = try Self.tree([
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
        let root = try Self.tree([
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
        let root = try Self.tree([:])
        let good = root.appendingPathComponent("fastlane/metadata/android/en-US/images/icon.png")
        let bad = root.appendingPathComponent("fastlane/metadata/android/de-DE/images/icon.png")
        for url in [good, bad] { try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true) }
        // fastlane supply uploads this metadata to Google Play.
        try Data("package_name(\"org.example.app\")\n".utf8).write(to: root.appendingPathComponent("fastlane/Appfile"))
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
        let root = try Self.tree(["app/src/main/res/values/colors.xml": colors])
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

    @Test("--monochrome none writes no monochrome layer: no PNGs, no <monochrome> in the adaptive icon, and no warning about a missing glyph")
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
        #expect(!report.warnings.contains { $0.contains("no glyph stands out") })
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
        let root = try Self.tree(["app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": edited, "app/src/main/res/mipmap-anydpi-v26/ic_launcher_round.xml": untouched])
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: root.path)
        let backups = root.appendingPathComponent("app/src/main/.iconforge-backup")
        let kept = (FileManager.default.enumerator(atPath: backups.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".xml") }
        #expect(kept.map { $0.split(separator: "/").dropFirst().joined(separator: "/") } == ["res/mipmap-anydpi-v26/ic_launcher.xml"], "\(kept)")
        #expect(String(decoding: try Fixtures.bytes(at: backups.appendingPathComponent(kept[0])), as: UTF8.self) == edited)
    }

    @Test("a designed monochrome (a vector drawable) is kept for themed icons: referenced by the new adaptive icon, never replaced by a silhouette; --monochrome FILE replaces it; IconForge's own is made again")
    func designedMonochromeIsKept() throws {
        let vector = Self.squareVector
        let root = try Self.designedMonochromeProject(["mipmap-anydpi-v26": "ic_launcher_glyph"])
        let res = root.appendingPathComponent("app/src/main/res")
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: root.path)
        let xml = String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml")), as: UTF8.self)
        #expect(xml.contains("<monochrome android:drawable=\"@drawable/ic_launcher_glyph\"/>"), "\(xml)")
        #expect(!FileManager.default.fileExists(atPath: res.appendingPathComponent("mipmap-xxxhdpi/ic_launcher_monochrome.png").path))
        #expect(String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("drawable/ic_launcher_glyph.xml")), as: UTF8.self) == vector)
        #expect(report.notes.contains { $0.contains("kept your designed monochrome layer @drawable/ic_launcher_glyph") })
        #expect(!report.warnings.contains { $0.contains("no glyph stands out") }, "\(report.warnings)")
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

    @Test("the monochrome layer is read as the devices that draw it read the icon: Android 13 takes mipmap-anydpi-v33/ over -v26/, so the designed glyph of a -v33 definition is kept, not the -v26 one's repeated foreground")
    func themedDevicesReadV33First() throws {
        let vector = Self.squareVector
        let root = try Self.designedMonochromeProject(["mipmap-anydpi-v26": "ic_launcher_foreground", "mipmap-anydpi-v33": "ic_launcher_glyph"])
        let res = root.appendingPathComponent("app/src/main/res")
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: root.path)
        #expect(report.notes.contains { $0.contains("kept your designed monochrome layer @drawable/ic_launcher_glyph") }, "\(report.notes)")
        let xml = String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml")), as: UTF8.self)
        #expect(xml.contains("<monochrome android:drawable=\"@drawable/ic_launcher_glyph\"/>"), "\(xml)")
        #expect(String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("drawable/ic_launcher_glyph.xml")), as: UTF8.self) == vector)
    }

    @Test("a flavour that overrides a layer the old adaptive icon referred to is named in a warning (its builds would silently show the new icon)")
    func flavourOverrideIsNamed() throws {
        let vector = Self.squareVector
        let root = try Self.tree([
            "settings.gradle": "include ':app'\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": Self.adaptive("""
                    <background android:drawable="@color/ic_launcher_background"/>
                    <foreground android:drawable="@drawable/ic_launcher_foreground"/>

                """),
            "app/src/main/res/drawable/ic_launcher_foreground.xml": vector,
            "app/src/main/res/values/ic_launcher_background.xml": "<resources><color name=\"ic_launcher_background\">#123456</color></resources>\n",
            "app/src/beta/res/drawable/ic_launcher_foreground.xml": vector.replacingOccurrences(of: "#FFFFFF", with: "#FF0000"),
            // Another application module's resource of the same name overrides nothing of app's (Bitwarden's authenticator).
            "authenticator/src/main/res/drawable/ic_launcher_foreground.xml": vector,
        ])
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: root.path)
        #expect(report.warnings.contains { $0.contains("@drawable/ic_launcher_foreground") && $0.contains("app/src/beta/res") }, "\(report.warnings)")
        #expect(!report.warnings.contains { $0.contains("authenticator") }, "\(report.warnings)")
    }

    @Test("that warning names both files from the module's folder up and the option that gives the source set its own icon, when the run was given the project's root (routed into app/src/main/res): not a bare mipmap-anydpi-v26/ic_launcher.xml beside an absolute path")
    func flavourOverrideIsNamedFromTheModule() throws {
        let vector = Self.squareVector
        let root = try Self.tree([
            "settings.gradle": "include ':app'\n",
            // Thunderbird's: a logo drawn through <inset>, which the build type overrides.
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": Self.adaptive("<background android:drawable=\"@android:color/white\"/>\n<foreground><inset android:drawable=\"@drawable/ic_app_logo\" android:inset=\"22%\"/></foreground>\n"),
            "app/src/main/res/drawable/ic_app_logo.xml": vector,
            "app/src/beta/res/drawable/ic_app_logo.xml": vector.replacingOccurrences(of: "#FFFFFF", with: "#FF0000"),
        ])
        let routes = try ProjectLayout.routes(presets: ["android"], out: root.path)
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: routes[0].folder)
        #expect(report.warnings.contains("app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml referred to @drawable/ic_app_logo for its <foreground>, "
                                         + "which app/src/beta/res overrides: that source set's builds now show this icon too; give it its own with --variant beta"),
                "\(report.warnings)")
    }

    @Test("minSdk as real apps write it: release(29), the version catalog, release() of the catalog, the root project's ext — the anydpi-only layout is complete", arguments: [
        ["app/build.gradle.kts": "android {\n    defaultConfig {\n        // minSdk is set below\n        minSdk {\n            version = release(libs.versions.minSdk.get().toInt())\n        }\n    }\n}\n",
         "gradle/libs.versions.toml": "[versions]\nminSdk = \"29\"\n"],
        ["app/build.gradle.kts": "android {\n    defaultConfig {\n        minSdk {\n            version = release(29)\n        }\n    }\n}\n"],
        ["app/build.gradle.kts": "android { defaultConfig { minSdk = libs.versions.minSdk.get().toInt() } }\n", "gradle/libs.versions.toml": "[versions]\nminSdk = \"29\"\n"],
        ["app/build.gradle": "android { defaultConfig { minSdkVersion rootProject.ext.minSdkVersion } }\n", "build.gradle": "ext {\n    minSdkVersion = 26\n}\n"],
    ])
    func minSdkForms(files: [String: String]) throws {
        var tree = files
        tree["settings.gradle"] = "include ':app'\n"
        tree["app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml"] = Self.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"@android:color/black\"/>\n    <monochrome android:drawable=\"@android:color/black\"/>\n")
        let root = try Self.tree(tree)
        let found = try findings(root.appendingPathComponent("app/src/main/res"))
        #expect(!found.contains { $0.rule == .missingSize }, "\(found.map(\.line))")
    }

    @Test("a build type's overlay (src/debug/res with one foreground) and an adaptive icon in plain mipmap/ at minSdk 26 are complete: no missing sizes, no missing adaptive icon")
    func overlaysAndPlainMipmap() throws {
        let foreground = try Fixtures.bytes("glyph-master.png")
        let root = try Self.tree([
            "app/build.gradle": "android { defaultConfig { minSdkVersion 26 } }\n",
            "app/src/main/res/mipmap/ic_launcher.xml": Self.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>\n    <monochrome android:drawable=\"@mipmap/ic_launcher_foreground\"/>\n"),
        ])
        let debug = root.appendingPathComponent("app/src/debug/res/mipmap-xxxhdpi")
        try FileManager.default.createDirectory(at: debug, withIntermediateDirectories: true)
        let png = try PNG.encode(Resampler.resize(PNG.decode(foreground).image, to: PixelSize(width: 432, height: 432)))
        try FileIO.writeAtomically(png, to: debug.appendingPathComponent("ic_launcher_foreground.png").path)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("app/src/main/res/mipmap-xxxhdpi"), withIntermediateDirectories: true)
        try FileIO.writeAtomically(png, to: root.appendingPathComponent("app/src/main/res/mipmap-xxxhdpi/ic_launcher_foreground.png").path)
        for res in ["app/src/debug/res", "app/src/main/res"] {
            let found = try findings(root.appendingPathComponent(res))
            #expect(!found.contains { $0.rule == .missingSize || $0.message.contains("no mipmap-anydpi-v26") }, "\(res): \(found.map(\.line))")
        }
    }

    @Test("a monochrome that is the foreground again (NewPipe, Element) is not a designed one: the new icon's own is made; one only the round icon has (Capacitor) is kept")
    func monochromeThatIsTheForeground() throws {
        for (folder, file, reference) in [("mipmap-anydpi-v26", "ic_launcher.xml", "@mipmap/ic_launcher_foreground"), ("mipmap-anydpi-v26", "ic_launcher.xml", "@drawable/ic_launcher_foreground")] {
            let root = try Self.tree([
                "app/src/main/res/\(folder)/\(file)": Self.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"\(reference)\"/>\n    <monochrome android:drawable=\"\(reference)\"/>\n"),
                "app/src/main/res/drawable/ic_launcher_foreground.xml": "<vector xmlns:android=\"http://schemas.android.com/apk/res/android\" android:width=\"108dp\" android:height=\"108dp\" android:viewportWidth=\"108\" android:viewportHeight=\"108\"/>\n",
            ])
            let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: root.path)
            #expect(!report.notes.contains { $0.contains("kept your designed monochrome") }, "\(reference): \(report.notes)")
            let xml = String(decoding: try Fixtures.bytes(at: root.appendingPathComponent("app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml")), as: UTF8.self)
            #expect(xml.contains("<monochrome android:drawable=\"@mipmap/ic_launcher_monochrome\"/>"), "\(xml)")
        }
        let capacitor = try Self.tree([
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": Self.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>\n"),
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher_round.xml": Self.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>\n    <monochrome android:drawable=\"@drawable/ic_launcher_monochrome\"/>\n"),
            "app/src/main/res/drawable/ic_launcher_monochrome.xml": "<vector xmlns:android=\"http://schemas.android.com/apk/res/android\" android:width=\"108dp\" android:height=\"108dp\" android:viewportWidth=\"108\" android:viewportHeight=\"108\"/>\n",
        ])
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: capacitor.path)
        #expect(report.notes.contains { $0.contains("kept your designed monochrome layer @drawable/ic_launcher_monochrome") }, "\(report.notes)")
    }

    @Test("a monochrome that only wraps the foreground (Oss Weather's launcher_icon_monochrome, an <inset> of ic_launcher_foreground) is the old logo too: the new icon's own is made; an <inset> of a glyph of its own is kept")
    func monochromeThatWrapsTheForeground() throws {
        let vector = "<vector xmlns:android=\"http://schemas.android.com/apk/res/android\" android:width=\"108dp\" android:height=\"108dp\" android:viewportWidth=\"108\" android:viewportHeight=\"108\"/>\n"
        for (wrapped, kept) in [("ic_launcher_foreground", false), ("ic_launcher_glyph", true)] {
            let root = try Self.tree([
                "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": Self.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"@drawable/ic_launcher_foreground\"/>\n    <monochrome android:drawable=\"@drawable/launcher_icon_monochrome\" />\n"),
                "app/src/main/res/drawable/ic_launcher_foreground.xml": vector,
                "app/src/main/res/drawable/ic_launcher_glyph.xml": vector,
                "app/src/main/res/drawable/launcher_icon_monochrome.xml": "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<inset xmlns:android=\"http://schemas.android.com/apk/res/android\"\n    android:insetLeft=\"10dp\"\n    android:insetTop=\"10dp\"\n    android:insetRight=\"10dp\"\n    android:insetBottom=\"10dp\"\n    android:drawable=\"@drawable/\(wrapped)\"/>",
            ])
            let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: root.path)
            #expect(report.notes.contains { $0.contains("kept your designed monochrome layer @drawable/launcher_icon_monochrome") } == kept, "\(wrapped): \(report.notes)")
            let xml = String(decoding: try Fixtures.bytes(at: root.appendingPathComponent("app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml")), as: UTF8.self)
            #expect(xml.contains(kept ? "@drawable/launcher_icon_monochrome" : "<monochrome android:drawable=\"@mipmap/ic_launcher_monochrome\"/>"), "\(xml)")
        }
    }

    @Test("--out a project root whose app module is not called app (Mastodon's mastodon/) writes into that module's res/, preferring the application module to a library")
    func moduleNotCalledApp() throws {
        let root = try Self.tree([
            "settings.gradle": "include ':mastodon', ':library'\n",
            "mastodon/build.gradle": "plugins { id 'com.android.application' }\nandroid { defaultConfig { minSdkVersion 23 } }\n",
            "mastodon/src/main/res/values/strings.xml": "<resources/>\n",
            "library/build.gradle": "plugins { id 'com.android.library' }\n",
            "library/src/main/res/values/strings.xml": "<resources/>\n",
        ])
        let layout = ProjectLayout(root: root.path)
        #expect(layout.androidRoot == "mastodon/src/main/res", "\(layout.androidRoot ?? "nil")")
        let routes = try ProjectLayout.routes(presets: ["android"], out: root.path)
        #expect(routes.map(\.folder) == [root.appendingPathComponent("mastodon/src/main/res").path])
    }

    @Test("--out a project root whose launcher icon is a library module's (AntennaPod's @mipmap/ic_launcher in ui/common, with debug layers in its src/debug): the icon is written there, nothing into the app module; an app that defines its icon keeps it")
    func launcherInLibrary() throws {
        let png = try PNG.encode(Image(width: 48, height: 48, fill: SIMD4(200, 0, 0, 255)))
        let root = try Self.tree([
            "settings.gradle": "include ':app', ':ui:common'\n",
            "app/build.gradle": "plugins { id 'com.android.application' }\n",
            "app/src/main/AndroidManifest.xml": "<manifest><application android:icon=\"@mipmap/ic_launcher\"/></manifest>\n",
            "app/src/main/res/values/strings.xml": "<resources/>\n",
            "ui/common/build.gradle": "plugins { id 'com.android.library' }\n",
            "ui/common/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": Self.adaptive("<background android:drawable=\"@mipmap/ic_launcher_background\"/>\n"
                + "<foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>\n"),
            "ui/i18n/build.gradle": "plugins { id 'com.android.library' }\n",
            "ui/i18n/src/main/res/values/strings.xml": "<resources/>\n",
        ])
        for path in ["ui/common/src/main/res/mipmap-mdpi/ic_launcher.png", "ui/common/src/main/res/mipmap-mdpi/ic_launcher_foreground.png",
                     "ui/common/src/main/res/mipmap-mdpi/ic_launcher_background.png", "ui/common/src/debug/res/mipmap-mdpi/ic_launcher_foreground.png"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(png).write(to: root.appendingPathComponent(path))
        }
        let library = root.appendingPathComponent("ui/common/src/main/res")
        #expect(ProjectLayout(root: root.path).androidRoot == "ui/common/src/main/res")
        let routes = try ProjectLayout.routes(presets: ["android"], out: root.path)
        #expect(routes.map(\.folder) == [library.path])
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: library.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("app/src/main/res").path) == ["values"])
        let written = try PNG.decode(try Fixtures.bytes(at: library.appendingPathComponent("mipmap-mdpi/ic_launcher.png"))).image.converted(to: .rgba8)
        #expect(written.pixel(x: 24, y: 24) != SIMD4(200, 0, 0, 255))
        // The app's own icon: written where it is.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("app/src/main/res/mipmap-mdpi"), withIntermediateDirectories: true)
        try Data(png).write(to: root.appendingPathComponent("app/src/main/res/mipmap-mdpi/ic_launcher.png"))
        #expect(ProjectLayout(root: root.path).androidRoot == "")
    }

    @Test("with a colour background, the old background pictures (mipmap-*/ic_launcher_background.png) go to the backup: nothing is left that no icon uses")
    func oldBackgroundPicturesLeave() throws {
        let root = try Self.tree(["app/src/main/res/values/strings.xml": "<resources/>\n"])
        let old = root.appendingPathComponent("app/src/main/res/mipmap-hdpi/ic_launcher_background.png")
        try FileManager.default.createDirectory(at: old.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileIO.writeAtomically(try Fixtures.bytes("glyph-master.png"), to: old.path)
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: root.path)
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(report.notes.contains { $0.contains("mipmap-hdpi/ic_launcher_background.png out") }, "\(report.notes)")
        #expect(try Validator().validate([root.appendingPathComponent("app/src/main/res").path]).errors == 0)
    }

    @Test("a colour commented out defines nothing (IconForge defines it); <item name type=\"color\"> is updated where it stands, never defined twice")
    func commentedAndItemColours() throws {
        let commented = try Self.tree(["app/src/main/res/values/colors.xml": "<resources>\n<!-- <color name=\"ic_launcher_background\">#000</color> -->\n</resources>\n"])
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: commented.path)
        let res = commented.appendingPathComponent("app/src/main/res")
        #expect(String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("values/colors.xml")), as: UTF8.self).contains("#000</color> -->"))
        #expect(FileManager.default.fileExists(atPath: res.appendingPathComponent("values/ic_launcher_background.xml").path))
        #expect(try Validator().validate([res.path]).errors == 0)

        let item = try Self.tree(["app/src/main/res/values/colors.xml": "<resources>\n    <item name=\"ic_launcher_background\" type=\"color\">#3DDC84</item>\n</resources>\n"])
        var options = GenerateOptions(presets: try PresetCatalog.presets("android"))
        options.androidBackground = .color(RGBColor(hex: "#123456")!)
        _ = try Generator(options: options).run(source: Self.master, outputFolder: item.path)
        let itemRes = item.appendingPathComponent("app/src/main/res")
        #expect(!FileManager.default.fileExists(atPath: itemRes.appendingPathComponent("values/ic_launcher_background.xml").path))
        #expect(String(decoding: try Fixtures.bytes(at: itemRes.appendingPathComponent("values/colors.xml")), as: UTF8.self)
                == "<resources>\n    <item name=\"ic_launcher_background\" type=\"color\">#123456</item>\n</resources>\n")
    }
}
