import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// The patterns a second sweep of real apps found (wikimedia's Wikipedia app and FlorisBoard naming their own launcher
/// icon, Mihon's unqualified mipmap/, projects made by @capacitor/assets, activity aliases), each rebuilt here in a
/// temporary folder: generate writes what the app shows, validate judges as AAPT2, lint and the launcher do.
@Suite("Android projects: a second sweep of real apps")
struct AndroidSecondSweepTests {
    static let densities = [("mdpi", 1.0), ("hdpi", 1.5), ("xhdpi", 2.0), ("xxhdpi", 3.0), ("xxxhdpi", 4.0)]
    static let manifestHead = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n"

    /// A solid PNG of `side` pixels at `path` under `root`.
    private func png(_ side: Int, at path: String, in root: URL, colour: SIMD4<UInt16> = SIMD4(200, 30, 30, 255)) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileIO.writeAtomically(try PNG.encode(Image(width: side, height: side, fill: colour)), to: url.path)
    }

    private func size(_ url: URL) throws -> Int { try PNG.decode(Fixtures.bytes(at: url)).image.width }

    private func text(_ url: URL) throws -> String { String(decoding: try Fixtures.bytes(at: url), as: UTF8.self) }

    private func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    private func findings(_ path: URL) throws -> [Finding] { try Validator().validate([path.path]).files.flatMap(\.findings) }

    private func generate(into root: URL) throws -> GenerationReport {
        try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android")))
            .run(source: AndroidSweepTests.master, outputFolder: root.path)
    }

    /// Every file's bytes under `root`, backup included: what a run must never lose.
    private func contents(_ root: URL) throws -> Set<[UInt8]> { Set(try Fixtures.snapshot(root).values) }

    /// wikimedia's layout: `android:icon="@mipmap/launcher"`, its adaptive icon drawing vector layers, an alias icon that
    /// shares the background, the fastlane listing icon.
    private func wikipediaLike(roundIcon: Bool) throws -> URL {
        let launcher = AndroidProjectTests.adaptive("    <background android:drawable=\"@drawable/launcher_background\"/>\n"
            + "    <foreground android:drawable=\"@drawable/launcher_foreground\"/>\n    <monochrome android:drawable=\"@drawable/launcher_foreground\"/>\n")
        var files = [
            "settings.gradle.kts": "include(\":app\")\n",
            "app/build.gradle": "android { defaultConfig { minSdk = 23 } }\n",
            "app/src/main/AndroidManifest.xml": Self.manifestHead + "  <application android:icon=\"@mipmap/launcher\""
                + (roundIcon ? " android:roundIcon=\"@mipmap/launcher_round\"" : "") + " android:label=\"W\">\n"
                + "    <activity-alias android:name=\".Alt\" android:icon=\"@mipmap/launcher_alt\" android:targetActivity=\".Main\"/>\n  </application>\n</manifest>\n",
            "app/src/main/res/mipmap-anydpi-v26/launcher.xml": launcher,
            "app/src/main/res/mipmap-anydpi-v26/launcher_alt.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@drawable/launcher_background\"/>\n"
                + "    <foreground android:drawable=\"@drawable/launcher_foreground_alt\"/>\n"),
            "app/src/main/res/drawable/launcher_background.xml": AndroidSweepTests.vector,
            "app/src/main/res/drawable/launcher_foreground.xml": AndroidSweepTests.vector.replacingOccurrences(of: "#FFFFFF", with: "#00FF00"),
            "app/src/main/res/drawable/launcher_foreground_alt.xml": AndroidSweepTests.vector.replacingOccurrences(of: "#FFFFFF", with: "#0000FF"),
            "app/src/main/res/values/strings.xml": "<resources/>\n",
        ]
        if roundIcon { files["app/src/main/res/mipmap-anydpi-v26/launcher_round.xml"] = launcher }
        let root = try AndroidProjectTests.tree(files)
        // A repository's root: the fastlane icon's backup goes into it.
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        for (density, factor) in Self.densities {
            try png(Int(48 * factor), at: "app/src/main/res/mipmap-\(density)/launcher.png", in: root)
            try png(Int(48 * factor), at: "app/src/main/res/mipmap-\(density)/launcher_alt.png", in: root)
            if roundIcon { try png(Int(48 * factor), at: "app/src/main/res/mipmap-\(density)/launcher_round.png", in: root) }
        }
        try png(512, at: "fastlane/metadata/android/en-US/images/icon.png", in: root)
        return root
    }

    @Test("the manifest's own launcher icon (wikimedia's @mipmap/launcher, roundIcon @mipmap/launcher_round): generate writes launcher.png, launcher_round.png and launcher.xml with the layer names it gives (@drawable/launcher_foreground), a background another icon shares under the launcher's own colour name, no ic_launcher file; nothing is lost, AAPT2 is clean, a rerun changes no byte")
    func manifestLauncherName() throws {
        let root = try wikipediaLike(roundIcon: true)
        let res = root.appendingPathComponent("app/src/main/res")
        let before = try contents(root)
        let report = try generate(into: root)
        #expect(!report.files.contains { $0.path.contains("ic_launcher") && !$0.path.hasSuffix("ic_launcher-playstore.png") }, "\(report.files.map(\.path))")
        #expect(!report.warnings.contains { $0.contains("manifest") }, "\(report.warnings)")
        #expect(try size(res.appendingPathComponent("mipmap-xxxhdpi/launcher.png")) == 192)
        #expect(try size(res.appendingPathComponent("mipmap-mdpi/launcher_round.png")) == 48)
        // The foreground keeps its name, now as density pictures; its vector is in the backup.
        #expect(try size(res.appendingPathComponent("drawable-xxxhdpi/launcher_foreground.png")) == 432)
        #expect(!exists(res.appendingPathComponent("drawable/launcher_foreground.xml")))
        let xml = try text(res.appendingPathComponent("mipmap-anydpi-v26/launcher.xml"))
        #expect(xml.contains("<foreground android:drawable=\"@drawable/launcher_foreground\"/>"), "\(xml)")
        #expect(xml.contains("<monochrome android:drawable=\"@mipmap/launcher_monochrome\"/>"), "\(xml)")
        // launcher_alt draws @drawable/launcher_background too: it stays, and the new colour has the launcher's own name.
        #expect(xml.contains("<background android:drawable=\"@color/launcher_background\"/>"), "\(xml)")
        #expect(try text(res.appendingPathComponent("drawable/launcher_background.xml")) == AndroidSweepTests.vector)
        #expect(report.notes.contains("left @drawable/launcher_background as it is: app/src/main/res/mipmap-anydpi-v26/launcher_alt.xml draws it too; "
                                      + "the new icon's background is @color/launcher_background"), "\(report.notes)")
        #expect(try text(res.appendingPathComponent("values/launcher_background.xml")).contains("<color name=\"launcher_background\">"))
        #expect(try text(res.appendingPathComponent("mipmap-anydpi-v26/launcher_round.xml")) == xml)
        #expect(try AndroidSweepTests.aapt2Problems(root) == [])
        // What the project held is in the tree or the backup.
        #expect(before.subtracting(try contents(root)).isEmpty)
        let written = try Fixtures.snapshot(root)
        _ = try generate(into: root)
        #expect(try Fixtures.snapshot(root) == written)
        // validate reads the icon the manifest names, and finds it whole.
        let found = try findings(res).filter { $0.severity == .error }
        #expect(found.isEmpty, "\(found.map(\.line))")
    }

    @Test("a manifest that names its own launcher icon and no round icon gets no round icon: nothing would show it")
    func manifestLauncherWithoutRound() throws {
        let root = try wikipediaLike(roundIcon: false)
        let res = root.appendingPathComponent("app/src/main/res")
        let report = try generate(into: root)
        #expect(!report.files.contains { $0.path.contains("_round") || $0.path.contains("ic_launcher/") }, "\(report.files.map(\.path))")
        #expect(exists(res.appendingPathComponent("mipmap-anydpi-v26/launcher.xml")))
        #expect(!exists(res.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml")))
        #expect(try AndroidSweepTests.aapt2Problems(root) == [])
    }

    @Test("an <adaptive-icon> in a folder that applies below API 26 (mipmap-anydpi/, mipmap/, drawable/) at a minSdk under 26 is AAPT2's build error, named with its fix; at minSdk 26 it is fine")
    func adaptiveIconBelowAPI26() throws {
        let icon = AndroidProjectTests.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"@android:color/black\"/>\n")
        func errors(_ gradle: String, _ folder: String, manifest: String? = nil) throws -> [Finding] {
            var files = ["app/build.gradle": gradle, "app/src/main/res/\(folder)/ic_launcher.xml": icon]
            if let manifest { files["app/src/main/AndroidManifest.xml"] = manifest }
            let root = try AndroidProjectTests.tree(files)
            for (density, factor) in Self.densities { try png(Int(48 * factor), at: "app/src/main/res/mipmap-\(density)/ic_launcher.png", in: root) }
            return try findings(root.appendingPathComponent("app/src/main/res")).filter { $0.severity == .error }
        }
        let kotlin = try errors("android { defaultConfig { minSdk = 24 } }\n", "mipmap-anydpi")
        #expect(kotlin.count == 1 && kotlin.first?.message.hasPrefix("mipmap-anydpi/ic_launcher.xml is an <adaptive-icon> in a folder that applies below API 26, and the module's minSdk is 24") == true,
                "\(kotlin.map(\.line))")
        #expect(kotlin.first?.fix.contains("mipmap-anydpi-v26") == true)
        #expect(try errors("android { defaultConfig { minSdkVersion 21 } }\n", "mipmap").count == 1)
        #expect(try errors("", "drawable", manifest: Self.manifestHead + "  <uses-sdk android:minSdkVersion=\"19\"/>\n</manifest>\n").first?.message.contains("drawable/ic_launcher.xml") == true)
        #expect(try errors("android { defaultConfig { minSdk = 26 } }\n", "mipmap-anydpi").isEmpty)
        #expect(try errors("android { defaultConfig { minSdk = 21 } }\n", "mipmap-anydpi-v26").isEmpty)
    }

    @Test("a res/ whose only launcher folder is the unqualified mipmap/ (Mihon: an adaptive icon over @drawable vectors, minSdk 26) is read as the launcher icon")
    func unqualifiedMipmapOnly() throws {
        let root = try AndroidProjectTests.tree([
            "app/build.gradle.kts": "android { defaultConfig { minSdk = 26 } }\n",
            "app/src/main/res/mipmap/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@drawable/ic_launcher_background\"/>\n"
                + "    <foreground android:drawable=\"@drawable/ic_launcher_foreground\"/>\n"),
            "app/src/main/res/drawable/ic_launcher_background.xml": AndroidSweepTests.vector,
            "app/src/main/res/drawable/ic_launcher_foreground.xml": AndroidSweepTests.vector,
        ])
        let res = root.appendingPathComponent("app/src/main/res")
        let report = try Validator().validate([res.path])
        #expect(report.files.contains { $0.path.hasSuffix("mipmap/ic_launcher.xml") }, "\(report.files.map(\.path)) \(report.notes)")
        #expect(!report.notes.contains { $0.contains("nothing to check") }, "\(report.notes)")
        #expect(report.errors == 0, "\(report.files.flatMap(\.findings).map(\.line))")
        let monochrome = report.files.flatMap(\.findings).first { $0.message.contains("no <monochrome> layer") }
        #expect(monochrome?.message.contains("Android 13 to 16 QPR1") == true && monochrome?.message.contains("system-made") == false, "\(String(describing: monochrome))")
    }

    /// @capacitor/assets' layout: both layers through `<inset android:inset="16.7%">`, full 108 dp layer pictures, ldpi too.
    private func capacitorLike() throws -> URL {
        let body = "    <background>\n        <inset android:drawable=\"@mipmap/ic_launcher_background\" android:inset=\"16.7%\" />\n    </background>\n"
            + "    <foreground>\n        <inset android:drawable=\"@mipmap/ic_launcher_foreground\" android:inset=\"16.7%\" />\n    </foreground>\n"
        let root = try AndroidProjectTests.tree([
            "android/app/build.gradle": "android { defaultConfig { minSdkVersion 22 } }\n",
            "android/app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive(body),
            "android/app/src/main/res/mipmap-anydpi-v26/ic_launcher_round.xml": AndroidProjectTests.adaptive(body),
        ])
        for (density, factor) in [("ldpi", 0.75)] + Self.densities {
            for name in ["ic_launcher", "ic_launcher_round"] { try png(Int(48 * factor), at: "android/app/src/main/res/mipmap-\(density)/\(name).png", in: root) }
            for name in ["ic_launcher_foreground", "ic_launcher_background"] {
                try png(Int(108 * factor), at: "android/app/src/main/res/mipmap-\(density)/\(name).png", in: root)
            }
        }
        return root
    }

    @Test("@capacitor/assets' inset layers of the full 108 dp are no size finding; the inset background, not full-bleed, is one warning per icon; preview draws the adaptive icon")
    func capacitorInsetLayers() throws {
        let root = try capacitorLike()
        let res = root.appendingPathComponent("android/app/src/main/res")
        let found = try findings(res)
        #expect(!found.contains { $0.rule == .size }, "\(found.map(\.line))")
        let inset = found.filter { $0.message.contains("drawn through <inset>") }
        #expect(inset.count == 1 && inset.first?.severity == .warning, "\(found.map(\.line))")
        #expect(inset.first?.message.contains("@mipmap/ic_launcher_background") == true && inset.first?.message.contains("parallax") == true)
        // An inset layer smaller than its inset area is scaled up, soft: still said.
        try png(100, at: "mipmap-xxxhdpi/ic_launcher_foreground.png", in: res)
        let small = try findings(res).filter { $0.rule == .size }
        #expect(small.count == 1 && small.first?.message.contains("drawn inset by 16.7%, is 100x100 but should be 288x288") == true, "\(small.map(\.line))")
        let sheet = try Previewer(options: GenerateOptions(presets: [])).render(sources: [res.path])
        #expect(sheet.tiles.contains { $0.caption.first == "Adaptive, circle mask" }, "\(sheet.tiles.map(\.caption))")
    }

    @Test("generate into a project that ships ldpi launcher files writes ldpi too (36 px icons, 81 px layers): no ldpi device keeps the old artwork; nothing is lost, a rerun changes no byte")
    func capacitorLowDensity() throws {
        let root = try capacitorLike()
        let res = root.appendingPathComponent("android/app/src/main/res")
        let before = try contents(root)
        let old = try Fixtures.bytes(at: res.appendingPathComponent("mipmap-ldpi/ic_launcher.png"))
        _ = try generate(into: root.appendingPathComponent("android"))
        #expect(try Fixtures.bytes(at: res.appendingPathComponent("mipmap-ldpi/ic_launcher.png")) != old)
        #expect(try size(res.appendingPathComponent("mipmap-ldpi/ic_launcher.png")) == 36)
        #expect(try size(res.appendingPathComponent("mipmap-ldpi/ic_launcher_round.png")) == 36)
        #expect(try size(res.appendingPathComponent("mipmap-ldpi/ic_launcher_foreground.png")) == 81)
        #expect(!exists(res.appendingPathComponent("mipmap-ldpi/ic_launcher_background.png")))
        #expect(before.subtracting(try contents(root)).isEmpty)
        #expect(try AndroidSweepTests.aapt2Problems(root) == [])
        let written = try Fixtures.snapshot(root)
        _ = try generate(into: root.appendingPathComponent("android"))
        #expect(try Fixtures.snapshot(root) == written)
        // Without ldpi launcher files, no ldpi is written.
        let plain = try AndroidProjectTests.tree(["app/src/main/res/values/strings.xml": "<resources/>\n"])
        _ = try generate(into: plain)
        #expect(!exists(plain.appendingPathComponent("app/src/main/res/mipmap-ldpi")))
    }

    @Test("an <activity-alias>'s icon (@mipmap/ic_launcher_alt) is checked as a launcher icon: each density's size, a missing density")
    func activityAliasIcon() throws {
        let root = try AndroidProjectTests.tree([
            "app/build.gradle": "android { defaultConfig { minSdk = 21 } }\n",
            "app/src/main/AndroidManifest.xml": Self.manifestHead + "  <application android:icon=\"@mipmap/ic_launcher\">\n"
                + "    <activity-alias android:name=\".Alt\" android:enabled=\"false\"\n        android:icon=\"@mipmap/ic_launcher_alt\" android:targetActivity=\".Main\"/>\n"
                + "  </application>\n</manifest>\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@android:color/white\"/>\n"
                + "    <foreground android:drawable=\"@android:color/black\"/>\n    <monochrome android:drawable=\"@android:color/black\"/>\n"),
        ])
        for (density, factor) in Self.densities {
            try png(Int(48 * factor), at: "app/src/main/res/mipmap-\(density)/ic_launcher.png", in: root)
            if density != "hdpi" { try png(density == "xhdpi" ? 90 : Int(48 * factor), at: "app/src/main/res/mipmap-\(density)/ic_launcher_alt.png", in: root) }
        }
        let report = try Validator().validate([root.appendingPathComponent("app/src/main/res").path])
        let messages = report.files.flatMap(\.findings).map(\.message)
        #expect(messages.contains("mipmap-hdpi/ic_launcher_alt is missing (72x72); devices of that density scale another one"), "\(messages)")
        #expect(messages.contains { $0.hasPrefix("mipmap-xhdpi/ic_launcher_alt is 90x90 but should be 96x96") }, "\(messages)")
        #expect(report.files.contains { $0.path.hasSuffix("mipmap-mdpi/ic_launcher_alt.png") })
        #expect(messages.count == 2, "\(messages)")
    }

    @Test("a res/ folder no manifest speaks for, holding no ic_launcher but one picture in every density (mangayomi's android/tv_res: flutter_launcher_icons' launcher_icon), is checked under that name: no ic_launcher missing five times, its sizes checked")
    func heldLauncherName() throws {
        let root = try AndroidProjectTests.tree(["android/app/src/main/res/values/strings.xml": "<resources/>\n"])
        for (density, factor) in Self.densities {
            try png(density == "xxhdpi" ? 140 : Int(48 * factor), at: "android/tv_res/mipmap-\(density)/launcher_icon.png", in: root)
        }
        try png(320, at: "android/tv_res/drawable-xhdpi/tv_banner.png", in: root)
        let messages = try findings(root.appendingPathComponent("android/tv_res")).map(\.message)
        #expect(!messages.contains { $0.contains("ic_launcher") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("mipmap-xxhdpi/launcher_icon is 140x140 but should be 144x144") }, "\(messages)")
        // With an ic_launcher in some density, the one missing elsewhere is still said.
        try png(48, at: "android/tv_res/mipmap-mdpi/ic_launcher.png", in: root)
        let withLauncher = try findings(root.appendingPathComponent("android/tv_res")).map(\.message)
        #expect(withLauncher.contains("mipmap-hdpi/ic_launcher is missing (72x72); devices of that density scale another one"), "\(withLauncher)")
    }
}
