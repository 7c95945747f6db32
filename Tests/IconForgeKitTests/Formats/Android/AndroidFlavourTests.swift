import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// Flavours and build types that override the launcher icon's layers (Element's debug, nightly and release backgrounds,
/// AntennaPod's debug pictures, a beta's foreground): generate into main keeps the names they override, so each of their
/// builds still shows its own icon, and a run into the source set (`--variant`) writes its layers where main's icon
/// draws them from.
@Suite("Android flavours that override the launcher icon's layers")
struct AndroidFlavourTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

    private func generate(into folder: URL, configure: (inout GenerateOptions) -> Void = { _ in }) throws -> GenerationReport {
        var options = GenerateOptions(presets: try PresetCatalog.presets("android"))
        configure(&options)
        return try Generator(options: options).run(source: Self.master, outputFolder: folder.path)
    }

    /// Nothing AAPT2 would stop the build for, and no validate error, anywhere under `root`.
    private func expectBuildsClean(_ root: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let problems = try AndroidSweepTests.aapt2Problems(root)
        #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
        let errors = try Validator().validate([root.path]).files.flatMap(\.findings).filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.line))", sourceLocation: sourceLocation)
    }

    private func text(_ url: URL) throws -> String { String(decoding: try Fixtures.bytes(at: url), as: UTF8.self) }

    private func png(_ side: Int, at path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let image = try PNG.decode(Fixtures.bytes("app-icon-master.png")).image
        try FileIO.writeAtomically(try PNG.encode(Resampler.resize(image, to: PixelSize(width: side, height: side))), to: url.path)
    }


    /// The resources of one variant of `module` as Gradle's merger gives them to AAPT2: every `folder/name` (extension
    /// dropped) from the first source set in `sourceSets` (highest priority first, `main` last) that has it.
    static func merged(_ module: URL, sourceSets: [String]) -> [String: URL] {
        var result: [String: URL] = [:]
        for set in sourceSets.reversed() {
            let res = module.appendingPathComponent("src/\(set)/res")
            for folder in (try? FileManager.default.contentsOfDirectory(atPath: res.path)) ?? [] where !folder.hasPrefix("values") {
                for file in (try? FileManager.default.contentsOfDirectory(atPath: res.appendingPathComponent(folder).path)) ?? [] {
                    result[folder + "/" + file.split(separator: ".")[0]] = res.appendingPathComponent(folder + "/" + file)
                }
            }
        }
        return result
    }

    /// The file a device of `density` on API 33 draws for `@type/name` from `merged`, as Android picks among folders:
    /// anydpi first, then its exact density, then a density-less folder, then any other density (the highest -vNN among
    /// equals); night, locale and other qualifiers are left out. Nil when nothing defines it.
    static func resolve(_ type: String, _ name: String, in merged: [String: URL], density: String = "xxhdpi") -> URL? {
        let candidates = merged.filter { key, _ in
            let folder = String(key.split(separator: "/")[0]), parts = folder.split(separator: "-").map(String.init)
            return key.hasSuffix("/" + name) && parts[0] == type && parts.dropFirst().allSatisfy {
                $0.hasSuffix("dpi") || ($0.hasPrefix("v") && Int($0.dropFirst()).map { $0 <= 33 } == true)
            }
        }
        func rank(_ key: String) -> (Int, Int) {
            let parts = key.split(separator: "/")[0].split(separator: "-").dropFirst().map(String.init)
            let version = parts.compactMap { $0.hasPrefix("v") ? Int($0.dropFirst()) : nil }.first ?? 0
            let dpi = parts.first { $0.hasSuffix("dpi") }
            // anydpi takes precedence over every density (the adaptive icon over the legacy PNGs).
            let place = dpi == "anydpi" ? 0 : dpi == density ? 1 : dpi == nil ? 2 : 3
            return (place, -version)
        }
        return candidates.keys.min { rank($0) < rank($1) }.flatMap { candidates[$0] }
    }

    /// The source set (`main`, `beta`) each layer of the launcher icon a variant's build shows comes from, on an xxhdpi
    /// device on API 33: "foreground" → "beta".
    static func launcherLayers(_ module: URL, sourceSets: [String]) throws -> [String: String] {
        let merged = merged(module, sourceSets: sourceSets)
        guard let icon = resolve("mipmap", "ic_launcher", in: merged) else { return [:] }
        let xml = String(decoding: try Fixtures.bytes(at: icon), as: UTF8.self)
        var result: [String: String] = [:]
        for match in xml.matches(of: /<(foreground|background|monochrome)[^>]*android:drawable="@(drawable|mipmap|color)\/([A-Za-z0-9_]+)"/) {
            let element = String(match.1)
            guard match.2 != "color" else {
                result[element] = "colour"
                continue
            }
            result[element] = resolve(String(match.2), String(match.3), in: merged).map { $0.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent } ?? "nothing"
        }
        return result
    }

    @Test("the variant check can fail: a debug background main's icon no longer names is not what the debug build shows")
    func variantCheckCanFail() throws {
        let root = try AndroidProjectTests.tree([
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@mipmap/ic_launcher_background\"/>\n    <foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>\n"),
            "app/src/main/res/mipmap/ic_launcher_background.xml": "<color android:color=\"#000000\"/>",
            "app/src/main/res/mipmap/ic_launcher_foreground.xml": "<color android:color=\"#000000\"/>",
            "app/src/debug/res/mipmap-xxhdpi/ic_launcher_background.xml": "<color android:color=\"#FFFF00\"/>",
            "app/src/debug/res/mipmap-anydpi/ic_launcher_foreground.xml": "<color android:color=\"#FFFF00\"/>",
        ])
        let app = root.appendingPathComponent("app")
        #expect(try Self.launcherLayers(app, sourceSets: ["debug", "main"]) == ["background": "debug", "foreground": "debug"])
        #expect(try Self.launcherLayers(app, sourceSets: ["main"]) == ["background": "main", "foreground": "main"])
        try Data(AndroidProjectTests.adaptive("    <background android:drawable=\"@color/x\"/>\n    <foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>\n").utf8)
            .write(to: app.appendingPathComponent("src/main/res/mipmap-anydpi-v26/ic_launcher.xml"))
        #expect(try Self.launcherLayers(app, sourceSets: ["debug", "main"]) == ["background": "colour", "foreground": "debug"])
    }

    @Test("a background that each build type overrides as a drawable (Element's debug, nightly and release, main defining none): a colour run keeps @drawable/ic_launcher_background as a colour drawable, each build shows its own, a rerun changes no byte")
    func buildTypesOverrideTheBackground() throws {
        let vector = { (colour: String) in AndroidSweepTests.vector.replacingOccurrences(of: "#FFFFFF", with: colour) }
        let root = try AndroidProjectTests.tree([
            "app/build.gradle.kts": "android { defaultConfig { minSdk = 24 } }\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": "<?xml version=\"1.0\" encoding=\"utf-8\"?><!-- licence -->\n"
                + AndroidProjectTests.adaptive("    <background android:drawable=\"@drawable/ic_launcher_background\"/>\n    <foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>\n    <monochrome android:drawable=\"@mipmap/ic_launcher_monochrome\"/>\n"),
            "app/src/debug/res/drawable/ic_launcher_background.xml": vector("#F7F07E"),
            "app/src/nightly/res/drawable/ic_launcher_background.xml": vector("#7EF0F7"),
            "app/src/release/res/drawable/ic_launcher_background.xml": vector("#0DBD8B"),
        ])
        for (density, side) in [("mdpi", 108), ("hdpi", 162), ("xhdpi", 216), ("xxhdpi", 324), ("xxxhdpi", 432)] {
            try png(side, at: "app/src/main/res/mipmap-\(density)/ic_launcher_foreground.png", in: root)
            try png(side, at: "app/src/main/res/mipmap-\(density)/ic_launcher_monochrome.png", in: root)
        }
        #expect(try AndroidSweepTests.aapt2Problems(root) == [])
        let report = try generate(into: root) { $0.androidBackground = .color(RGBColor(hex: "#123456")!) }
        let res = root.appendingPathComponent("app/src/main/res"), app = root.appendingPathComponent("app")
        #expect(try text(res.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml")).contains("<background android:drawable=\"@drawable/ic_launcher_background\"/>"))
        #expect(try text(res.appendingPathComponent("drawable/ic_launcher_background.xml")).contains("<color xmlns:android=\"http://schemas.android.com/apk/res/android\" android:color=\"#123456\"/>"))
        #expect(!FileManager.default.fileExists(atPath: res.appendingPathComponent("values/ic_launcher_background.xml").path))
        #expect(report.notes.contains { $0.contains("kept the name @drawable/ic_launcher_background") && $0.contains("app/src/debug/res") && $0.contains("app/src/release/res") }, "\(report.notes)")
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        for set in ["debug", "nightly", "release"] {
            #expect(try Self.launcherLayers(app, sourceSets: [set, "main"])["background"] == set)
        }
        #expect(try Self.launcherLayers(app, sourceSets: ["main"]) == ["background": "main", "foreground": "main", "monochrome": "main"])
        try expectBuildsClean(root)
        let before = try Fixtures.snapshot(root)
        _ = try generate(into: root) { $0.androidBackground = .color(RGBColor(hex: "#123456")!) }
        #expect(try Fixtures.snapshot(root) == before)
    }

    @Test("background pictures a debug build overrides density by density (AntennaPod's @mipmap/ic_launcher_background): a colour run writes the colour as mipmap/ic_launcher_background.xml, the old pictures go to the backup, the debug build still shows its own")
    func debugOverridesBackgroundPictures() throws {
        let root = try AndroidProjectTests.tree([
            "app/build.gradle": "android { defaultConfig { minSdkVersion 21 } }\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@mipmap/ic_launcher_background\"/>\n    <foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>\n"),
        ])
        for (density, side) in [("mdpi", 108), ("hdpi", 162), ("xhdpi", 216), ("xxhdpi", 324), ("xxxhdpi", 432)] {
            for set in ["main", "debug"] {
                try png(side, at: "app/src/\(set)/res/mipmap-\(density)/ic_launcher_background.png", in: root)
                try png(side, at: "app/src/\(set)/res/mipmap-\(density)/ic_launcher_foreground.png", in: root)
            }
        }
        let original = try Fixtures.bytes(at: root.appendingPathComponent("app/src/main/res/mipmap-xxhdpi/ic_launcher_background.png"))
        let report = try generate(into: root) { $0.androidBackground = .color(RGBColor(hex: "#123456")!) }
        let res = root.appendingPathComponent("app/src/main/res"), app = root.appendingPathComponent("app")
        #expect(try text(res.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml")).contains("@mipmap/ic_launcher_background"))
        #expect(FileManager.default.fileExists(atPath: res.appendingPathComponent("mipmap/ic_launcher_background.xml").path))
        #expect(!FileManager.default.fileExists(atPath: res.appendingPathComponent("mipmap-xxhdpi/ic_launcher_background.png").path))
        let backups = (FileManager.default.enumerator(atPath: root.appendingPathComponent("app/src/main/.iconforge-backup").path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix("ic_launcher_background.png") && $0.contains("mipmap-xxhdpi") }
        #expect(backups.count == 1, "\(backups)")
        if let backup = backups.first {
            #expect(try Fixtures.bytes(at: root.appendingPathComponent("app/src/main/.iconforge-backup/" + backup)) == original)
        }
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(try Self.launcherLayers(app, sourceSets: ["debug", "main"]) == ["background": "debug", "foreground": "debug", "monochrome": "main"])
        #expect(try Self.launcherLayers(app, sourceSets: ["main"]) == ["background": "main", "foreground": "main", "monochrome": "main"])
        try expectBuildsClean(root)
    }

    @Test("a beta flavour's vector foreground in drawable/: main keeps @drawable/ic_launcher_foreground and says its density pictures shadow beta's; generate --variant beta then writes beta's in the same folders and no icon XML, so each build shows its own; validate is clean, reruns change no byte")
    func flavourRunWritesMainsNames() throws {
        let root = try AndroidProjectTests.tree([
            "app/build.gradle": "android { defaultConfig { minSdkVersion 26 } }\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@color/ic_launcher_background\"/>\n    <foreground android:drawable=\"@drawable/ic_launcher_foreground\"/>\n"),
            "app/src/main/res/values/colors.xml": "<resources>\n    <color name=\"ic_launcher_background\">#FFFFFF</color>\n</resources>\n",
            "app/src/main/res/drawable/ic_launcher_foreground.xml": AndroidSweepTests.vector,
            "app/src/beta/res/drawable/ic_launcher_foreground.xml": AndroidSweepTests.vector.replacingOccurrences(of: "#FFFFFF", with: "#FF0000"),
            "app/src/beta/res/values/colors.xml": "<resources>\n    <color name=\"ic_launcher_background\">#000000</color>\n</resources>\n",
        ])
        let app = root.appendingPathComponent("app"), main = app.appendingPathComponent("src/main/res"), beta = app.appendingPathComponent("src/beta/res")
        let report = try generate(into: root)
        #expect(try text(main.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml")).contains("<foreground android:drawable=\"@drawable/ic_launcher_foreground\"/>"))
        #expect(FileManager.default.fileExists(atPath: main.appendingPathComponent("drawable-xxhdpi/ic_launcher_foreground.png").path))
        #expect(!FileManager.default.fileExists(atPath: main.appendingPathComponent("drawable/ic_launcher_foreground.xml").path))
        #expect(report.notes.contains { $0.contains("kept the name @drawable/ic_launcher_foreground") && $0.contains("app/src/beta/res") }, "\(report.notes)")
        #expect(report.warnings.contains { $0.contains("app/src/beta/res overrides @drawable/ic_launcher_foreground in drawable only") && $0.contains("--variant beta") },
                "\(report.warnings)")
        // Until beta has pictures of its own, main's density pictures are what an xxhdpi device draws in its builds.
        #expect(try Self.launcherLayers(app, sourceSets: ["beta", "main"])["foreground"] == "main")
        let variant = try generate(into: beta)
        #expect(variant.notes.contains { $0.contains("wrote no launcher icon XML") }, "\(variant.notes)")
        #expect(FileManager.default.fileExists(atPath: beta.appendingPathComponent("drawable-xxhdpi/ic_launcher_foreground.png").path))
        #expect(!FileManager.default.fileExists(atPath: beta.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml").path))
        #expect(!FileManager.default.fileExists(atPath: beta.appendingPathComponent("drawable/ic_launcher_foreground.xml").path))
        #expect(!FileManager.default.fileExists(atPath: beta.appendingPathComponent("mipmap-xxhdpi/ic_launcher_foreground.png").path))
        #expect(try Self.launcherLayers(app, sourceSets: ["beta", "main"]) == ["background": "colour", "foreground": "beta", "monochrome": "beta"])
        #expect(try Self.launcherLayers(app, sourceSets: ["main"]) == ["background": "colour", "foreground": "main", "monochrome": "main"])
        try expectBuildsClean(root)
        // Main again after the flavour: beta's pictures now fill every folder main writes, so nothing is shadowed.
        let again = try generate(into: root)
        #expect(again.warnings.isEmpty, "\(again.warnings)")
        let before = try Fixtures.snapshot(root)
        _ = try generate(into: root)
        _ = try generate(into: beta)
        #expect(try Fixtures.snapshot(root) == before)
    }

    @Test("flavours that each define the manifest's own icon (openHAB's @mipmap/icon in src/beta/res and src/stable/res, main having none): a run into beta says nothing of stable, whose builds keep its own icon")
    func siblingFlavoursOfAnotherIconName() throws {
        let icon = AndroidProjectTests.adaptive("    <background android:drawable=\"@color/icon_background\"/>\n    <foreground android:drawable=\"@drawable/icon_foreground\"/>\n")
        let root = try AndroidProjectTests.tree([
            "mobile/build.gradle": "plugins { id 'com.android.application' }\nandroid { defaultConfig { minSdkVersion 21 } }\n",
            "mobile/src/main/AndroidManifest.xml": "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n    <application android:icon=\"@mipmap/icon\"/>\n</manifest>\n",
            "mobile/src/main/res/values/strings.xml": "<resources/>\n",
            "mobile/src/beta/res/mipmap-anydpi-v26/icon.xml": icon,
            "mobile/src/beta/res/drawable/icon_foreground.xml": AndroidSweepTests.vector,
            "mobile/src/beta/res/values/colors.xml": "<resources>\n    <color name=\"icon_background\">#FF0000</color>\n</resources>\n",
            "mobile/src/stable/res/mipmap-anydpi-v26/icon.xml": icon,
            "mobile/src/stable/res/drawable/icon_foreground.xml": AndroidSweepTests.vector,
            "mobile/src/stable/res/values/colors.xml": "<resources>\n    <color name=\"icon_background\">#0000FF</color>\n</resources>\n",
        ])
        let stable = root.appendingPathComponent("mobile/src/stable/res")
        let before = try Fixtures.snapshot(stable)
        let report = try generate(into: root.appendingPathComponent("mobile/src/beta/res"))
        #expect(!report.warnings.contains { $0.contains("stable") }, "\(report.warnings)")
        #expect(try Fixtures.snapshot(stable) == before)
    }

    @Test("a flavour with a launcher icon of its own (Nextcloud's qa, Home Assistant's debug) is left to itself: main's layers take IconForge's names, nothing is said about the flavour")
    func flavourWithItsOwnIcon() throws {
        let icon = AndroidProjectTests.adaptive("    <background android:drawable=\"@drawable/ic_launcher_background\"/>\n    <foreground android:drawable=\"@drawable/ic_launcher_foreground\"/>\n")
        let root = try AndroidProjectTests.tree([
            "app/build.gradle": "android { defaultConfig { minSdkVersion 24 } }\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": icon,
            "app/src/main/res/drawable/ic_launcher_background.xml": AndroidSweepTests.vector,
            "app/src/main/res/drawable/ic_launcher_foreground.xml": AndroidSweepTests.vector,
            "app/src/qa/res/mipmap-anydpi-v26/ic_launcher.xml": icon,
            "app/src/qa/res/drawable/ic_launcher_background.xml": AndroidSweepTests.vector,
            "app/src/qa/res/drawable/ic_launcher_foreground.xml": AndroidSweepTests.vector,
        ])
        let report = try generate(into: root)
        let app = root.appendingPathComponent("app")
        #expect(try text(app.appendingPathComponent("src/main/res/mipmap-anydpi-v26/ic_launcher.xml")).contains("@mipmap/ic_launcher_foreground"))
        #expect(!report.notes.contains { $0.contains("kept the name") } && report.warnings.isEmpty, "\(report.notes) \(report.warnings)")
        #expect(try text(app.appendingPathComponent("src/qa/res/mipmap-anydpi-v26/ic_launcher.xml")) == icon)
        let qa = try Self.launcherLayers(app, sourceSets: ["qa", "main"])
        #expect(qa == ["background": "qa", "foreground": "qa"], "\(qa)")
        try expectBuildsClean(root)
    }

    @Test("the icon the manifest names (@mipmap/app_icon) has its layers checked under the names its XML gives them, not ic_launcher_*'s")
    func manifestIconLayers() throws {
        let root = try AndroidProjectTests.tree([
            "app/build.gradle": "android { defaultConfig { minSdkVersion 26 } }\n",
            "app/src/main/AndroidManifest.xml": "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n  <application android:icon=\"@mipmap/app_icon\"/>\n</manifest>\n",
            "app/src/main/res/mipmap-anydpi-v26/app_icon.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"@mipmap/app_icon_foreground\"/>\n    <monochrome android:drawable=\"@mipmap/app_icon_foreground\"/>\n"),
        ])
        try png(162, at: "app/src/main/res/mipmap-hdpi/app_icon_foreground.png", in: root)
        try png(100, at: "app/src/main/res/mipmap-xhdpi/app_icon_foreground.png", in: root)
        let found = try Validator().validate([root.appendingPathComponent("app/src/main/res").path]).files.flatMap(\.findings).filter { $0.rule == .size }
        #expect(found.map(\.severity) == [.warning], "\(found.map(\.line))")
        #expect(found.first?.message.contains("mipmap-xhdpi/app_icon_foreground (108 dp) is 100x100 but should be 216x216: Android scales it up 2.2×, soft") == true, "\(found.map(\.line))")
    }

    @Test("the fixture of build types that override the background (TestImages/android-flavours, Element X's layout): generate into main, then --variant debug: every build shows its own layers, the debug vector it replaced is in the backup, AAPT2 and validate are clean, reruns change no byte")
    func fixtureMainThenVariant() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("Project")
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("android-flavours/Project"), to: root)
        let app = root.appendingPathComponent("app"), debug = app.appendingPathComponent("src/debug/res")
        let vector = try Fixtures.bytes(at: debug.appendingPathComponent("drawable/ic_launcher_background.xml"))
        let colour = { (options: inout GenerateOptions) in options.androidBackground = .color(RGBColor(hex: "#123456")!) }
        _ = try generate(into: root, configure: colour)
        for set in ["debug", "nightly", "release"] {
            #expect(try Self.launcherLayers(app, sourceSets: [set, "main"])["background"] == set)
        }
        let variant = try generate(into: debug, configure: colour)
        #expect(variant.notes.contains { $0.contains("wrote no launcher icon XML") }, "\(variant.notes)")
        #expect(try text(debug.appendingPathComponent("drawable/ic_launcher_background.xml")).contains("android:color=\"#123456\""))
        let backups = (FileManager.default.enumerator(atPath: app.appendingPathComponent("src/debug").path)?.allObjects as? [String] ?? [])
            .filter { $0.contains(".iconforge-backup") && $0.hasSuffix("drawable/ic_launcher_background.xml") }
        #expect(try backups.map { try Fixtures.bytes(at: app.appendingPathComponent("src/debug/" + $0)) } == [vector], "\(backups)")
        #expect(try Self.launcherLayers(app, sourceSets: ["debug", "main"]) == ["background": "debug", "foreground": "debug", "monochrome": "debug"])
        #expect(try Self.launcherLayers(app, sourceSets: ["nightly", "main"]) == ["background": "nightly", "foreground": "main", "monochrome": "main"])
        try expectBuildsClean(root)
        let before = try Fixtures.snapshot(root)
        _ = try generate(into: root, configure: colour)
        _ = try generate(into: debug, configure: colour)
        #expect(try Fixtures.snapshot(root) == before)
    }
}
