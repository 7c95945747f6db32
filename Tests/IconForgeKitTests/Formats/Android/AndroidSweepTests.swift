import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// The patterns a sweep of twelve more real apps found (Bitwarden, KeePassDX, Fossify Calculator, Tasks.org, Mattermost,
/// Logseq, Aves, LibreTube, Termux, Seal, Etar, FluffyChat), each rebuilt here: validate judges them as AAPT2, lint and
/// the store that takes them do, and generate leaves a project that AAPT2 still builds.
@Suite("Android projects: what a sweep of real apps found")
struct AndroidSweepTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
    static let vector = ##"<vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="108dp" android:height="108dp" android:viewportWidth="108" android:viewportHeight="108"><path android:fillColor="#FFFFFF" android:pathData="M30,30h48v48h-48z"/></vector>"##

    /// The sample master at `size`, as a PNG written at `path` under `root`.
    private func png(_ size: PixelSize, at path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let image = try PNG.decode(Fixtures.bytes("app-icon-master.png")).image
        try FileIO.writeAtomically(try PNG.encode(Resampler.resize(image, to: size)), to: url.path)
    }

    private func findings(_ path: URL) throws -> [Finding] {
        try Validator().validate([path.path]).files.flatMap(\.findings)
    }

    private func generate(into root: URL, configure: (inout GenerateOptions) -> Void = { _ in }) throws -> GenerationReport {
        var options = GenerateOptions(presets: try PresetCatalog.presets("android"))
        configure(&options)
        return try Generator(options: options).run(source: Self.master, outputFolder: root.path)
    }

    /// What AAPT2 would stop a build for, over every `res/` root under `root`: a (type, name) defined twice in one
    /// configuration's `values*/` files or twice as a file in one folder, and an `@color`, `@drawable` or `@mipmap` reference
    /// in a resource XML that no root defines (the framework's `@android:` ones resolve).
    static func aapt2Problems(_ root: URL) throws -> [String] {
        let manager = FileManager.default
        var roots: [URL] = []
        for case let relative as String in manager.enumerator(atPath: root.path)! where relative.hasSuffix("/res") || relative == "res" {
            if !relative.contains(".iconforge") { roots.append(root.appendingPathComponent(relative)) }
        }
        var defined = Set<String>(), problems: [String] = []
        var xml: [(URL, String)] = []
        for res in roots {
            for folder in try manager.contentsOfDirectory(atPath: res.path).sorted() {
                let type = String(folder.split(separator: "-")[0])
                var seen: [String: Int] = [:]
                for file in try manager.contentsOfDirectory(atPath: res.appendingPathComponent(folder).path).sorted() {
                    let url = res.appendingPathComponent(folder + "/" + file)
                    if file.hasSuffix(".xml") {
                        let text = String(decoding: try Fixtures.bytes(at: url), as: UTF8.self).replacing(/<!--[\s\S]*?-->/, with: "")
                        xml.append((url, text))
                        if type == "values" {
                            for match in text.matches(of: /<(color|string|dimen|drawable|integer|bool)\s+name="([^"]+)"/) { seen["\(match.1)/\(match.2)", default: 0] += 1 }
                            for match in text.matches(of: /<item\s+name="([^"]+)"\s+type="([^"]+)"/) { seen["\(match.2)/\(match.1)", default: 0] += 1 }
                            continue
                        }
                    }
                    seen["\(type)/\(file.split(separator: ".")[0])", default: 0] += 1
                }
                defined.formUnion(seen.keys)
                problems += seen.filter { $0.value > 1 }.map { "duplicate \($0.key) in \(res.lastPathComponent)/\(folder)" }
            }
        }
        for (url, text) in xml {
            for match in text.matches(of: /"@(color|drawable|mipmap)\/([A-Za-z0-9_.]+)"|>@(color|drawable|mipmap)\/([A-Za-z0-9_.]+)</) {
                let reference = match.1.map { "\($0)/\(match.2!)" } ?? "\(match.3!)/\(match.4!)"
                if !defined.contains(reference) { problems.append("dangling @\(reference) in \(url.lastPathComponent)") }
            }
        }
        return problems.sorted()
    }


    @Test("the AAPT2 check finds what AAPT2 stops for: a colour defined twice, a dangling reference")
    func aapt2CheckCanFail() throws {
        let root = try AndroidProjectTests.tree([
            "app/src/main/res/values/a.xml": "<resources><color name=\"x\">#000000</color></resources>",
            "app/src/main/res/values/b.xml": "<resources><color name=\"x\">#FFFFFF</color></resources>",
            "app/src/main/res/drawable/d.xml": "<shape><solid android:color=\"@color/y\"/></shape>",
        ])
        #expect(try Self.aapt2Problems(root) == ["dangling @color/y in d.xml", "duplicate color/x in res/values"])
    }

    @Test("dark-mode launcher pictures (Open Food Facts' mipmap-night-*/ic_launcher.png beside mipmap-night-anydpi-v26, minSdk 21) go to the backup with the night adaptive icon: in dark mode Android would draw them instead of the new ones; other night resources stay")
    func nightLauncherPictures() throws {
        let icon = AndroidProjectTests.adaptive("    <background android:drawable=\"@color/ic_launcher_background\"/>\n    <foreground android:drawable=\"@drawable/ic_launcher_foreground\"/>\n")
        let root = try AndroidProjectTests.tree([
            "app/build.gradle": "android { defaultConfig { minSdkVersion 21 } }\n",
            "app/src/main/AndroidManifest.xml": ##"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:icon="@mipmap/ic_launcher"/></manifest>"##,
            "app/src/main/res/values/colors.xml": "<resources>\n    <color name=\"ic_launcher_background\">#FFFFFF</color>\n</resources>\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": icon,
            "app/src/main/res/mipmap-night-anydpi-v26/ic_launcher.xml": icon,
            "app/src/main/res/drawable/ic_launcher_foreground.xml": Self.vector,
            "app/src/main/res/drawable-night/splash.xml": Self.vector,
            ".git/HEAD": "ref: refs/heads/main\n",
        ])
        for (density, side) in [("mdpi", 48), ("hdpi", 72), ("xhdpi", 96), ("xxhdpi", 144), ("xxxhdpi", 192)] {
            try png(PixelSize(width: side, height: side), at: "app/src/main/res/mipmap-\(density)/ic_launcher.png", in: root)
            try png(PixelSize(width: side, height: side), at: "app/src/main/res/mipmap-night-\(density)/ic_launcher.png", in: root)
        }
        let nightPicture = try Fixtures.bytes(at: root.appendingPathComponent("app/src/main/res/mipmap-night-xxhdpi/ic_launcher.png"))
        let report = try generate(into: root)
        let res = root.appendingPathComponent("app/src/main/res")
        let manager = FileManager.default
        for density in ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"] {
            #expect(!manager.fileExists(atPath: res.appendingPathComponent("mipmap-night-\(density)/ic_launcher.png").path))
        }
        #expect(!manager.fileExists(atPath: res.appendingPathComponent("mipmap-night-anydpi-v26/ic_launcher.xml").path))
        #expect(manager.fileExists(atPath: res.appendingPathComponent("drawable-night/splash.xml").path))
        #expect(report.notes.contains("took app/src/main/res/mipmap-night-xxhdpi/ic_launcher.png out of the project: in dark mode it would be drawn instead of the new mipmap-xxhdpi/ic_launcher.png"),
                "\(report.notes)")
        // Kept in the backup, byte for byte.
        let backups = manager.enumerator(atPath: root.path)!.compactMap { $0 as? String }
            .filter { $0.contains(".iconforge-backup/") && $0.hasSuffix("mipmap-night-xxhdpi/ic_launcher.png") }
        #expect(backups.count == 1)
        #expect(try backups.first.map { try Fixtures.bytes(at: root.appendingPathComponent($0)) } == nightPicture)
        #expect(try Self.aapt2Problems(root) == [])
    }

    @Test("values/ic_launcher_background.xml that defines other colours too (Bitwarden's ic_shortcut_background) is updated in place: nothing it defines goes dangling, a rerun changes no byte")
    func backgroundFileWithOtherColours() throws {
        let colours = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n    <!-- the app's blue -->\n    <color name=\"ic_launcher_background\">#FF175DDC</color>\n"
            + "    <color name=\"ic_shortcut_background\">@android:color/white</color>\n</resources>\n"
        let root = try AndroidProjectTests.tree([
            "app/build.gradle.kts": "android { defaultConfig { minSdk = 29 } }\n",
            "app/src/main/res/values/ic_launcher_background.xml": colours,
            "app/src/main/res/mipmap-anydpi/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@color/ic_launcher_background\"/>\n    <foreground android:drawable=\"@drawable/ic_launcher_foreground\"/>\n"),
            "app/src/main/res/mipmap-anydpi/ic_vault_shortcut.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@color/ic_shortcut_background\"/>\n    <foreground android:drawable=\"@drawable/ic_launcher_foreground\"/>\n"),
            "app/src/main/res/drawable/ic_launcher_foreground.xml": Self.vector,
        ])
        #expect(try Self.aapt2Problems(root) == [])
        _ = try generate(into: root) { $0.androidBackground = .color(RGBColor(hex: "#123456")!) }
        let res = root.appendingPathComponent("app/src/main/res")
        #expect(String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("values/ic_launcher_background.xml")), as: UTF8.self)
                == colours.replacingOccurrences(of: "#FF175DDC", with: "#123456"))
        #expect(try Self.aapt2Problems(root) == [])
        #expect(try Validator().validate([res.path]).errors == 0)
        let before = try Fixtures.snapshot(root)
        _ = try generate(into: root) { $0.androidBackground = .color(RGBColor(hex: "#123456")!) }
        #expect(try Fixtures.snapshot(root) == before)
    }

    @Test("a manifest naming one icon as both android:icon and android:roundIcon (Fossify's @mipmap/ic_launcher): its adaptive icon is checked once, each finding said once")
    func sameIconAndRoundIcon() throws {
        let root = try AndroidProjectTests.tree([
            "app/build.gradle.kts": "android { defaultConfig { minSdk = 26 } }\n",
            "app/src/main/AndroidManifest.xml": "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n"
                + "    <application android:icon=\"@mipmap/ic_launcher\" android:roundIcon=\"@mipmap/ic_launcher\"/>\n</manifest>\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@color/color_primary\"/>\n    <foreground android:drawable=\"@drawable/fg\"/>\n    <monochrome android:drawable=\"@drawable/fg\"/>\n"),
            "app/src/main/res/drawable/fg.xml": Self.vector,
        ])
        let found = try findings(root.appendingPathComponent("app/src/main"))
        #expect(found.count == 1 && found.first?.message.contains("@color/color_primary") == true, "\(found.map(\.line))")
    }

    @Test("minSdk from a Gradle property (FlorisBoard: `minSdk = projectMinSdk.toInt()`, `projectMinSdk=26` in the root's gradle.properties): an adaptive icon alone needs no density PNGs; at 24 they are missing")
    func minSdkFromGradleProperty() throws {
        func project(minSdk: Int) throws -> URL {
            try AndroidProjectTests.tree([
                "gradle.properties": "org.gradle.jvmargs=-Xmx4g\nprojectMinSdk=\(minSdk)\nprojectTargetSdk=36\n",
                "app/build.gradle.kts": "val projectMinSdk: String by project\nval projectTargetSdk: String by project\n"
                    + "android {\n    defaultConfig {\n        minSdk = projectMinSdk.toInt()\n        targetSdk = projectTargetSdk.toInt()\n    }\n}\n",
                "app/src/main/AndroidManifest.xml": "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n"
                    + "    <application android:icon=\"@mipmap/floris_app_icon\" android:roundIcon=\"@mipmap/floris_app_icon_round\"/>\n</manifest>\n",
                "app/src/main/res/mipmap-anydpi-v26/floris_app_icon.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@color/bg\"/>\n    <foreground android:drawable=\"@drawable/fg\"/>\n    <monochrome android:drawable=\"@drawable/fg\"/>\n"),
                "app/src/main/res/mipmap-anydpi-v26/floris_app_icon_round.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@color/bg\"/>\n    <foreground android:drawable=\"@drawable/fg\"/>\n    <monochrome android:drawable=\"@drawable/fg\"/>\n"),
                "app/src/main/res/values/colors.xml": "<resources><color name=\"bg\">#FFFFFF</color></resources>\n",
                "app/src/main/res/drawable/fg.xml": Self.vector,
            ])
        }
        let found = try findings(try project(minSdk: 26).appendingPathComponent("app/src/main"))
        #expect(found.isEmpty, "\(found.map(\.line))")
        #expect(try findings(try project(minSdk: 24).appendingPathComponent("app/src/main")).filter { $0.rule == .missingSize }.count == 5)
    }

    @Test("density PNGs that every flavour holds, main holding only the adaptive icon (KeePassDX at minSdk 19): nothing missing; with no flavour holding them, five errors")
    func pngsInFlavours() throws {
        var files = [
            "app/build.gradle": "android { defaultConfig { minSdkVersion 19 } }\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"@drawable/fg\"/>\n    <monochrome android:drawable=\"@drawable/fg\"/>\n"),
            "app/src/main/res/drawable/fg.xml": Self.vector,
        ]
        let bare = try AndroidProjectTests.tree(files)
        #expect(try findings(bare.appendingPathComponent("app/src/main/res")).filter { $0.rule == .missingSize }.count == 5)
        files["app/src/free/res/values/strings.xml"] = "<resources/>\n"
        let root = try AndroidProjectTests.tree(files)
        for flavour in ["free", "libre"] {
            for (density, side) in [("mdpi", 48), ("hdpi", 72), ("xhdpi", 96), ("xxhdpi", 144), ("xxxhdpi", 192)] {
                try png(PixelSize(width: side, height: side), at: "app/src/\(flavour)/res/mipmap-\(density)/ic_launcher.png", in: root)
            }
        }
        let found = try findings(root.appendingPathComponent("app/src/main/res"))
        #expect(found.isEmpty, "\(found.map(\.line))")
    }

    @Test("a designed vector monochrome that the flavours define (KeePassDX's src/free/res and src/libre/res) is kept, not replaced by a silhouette")
    func monochromeInFlavours() throws {
        let root = try AndroidProjectTests.tree([
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@drawable/ic_launcher_background\"/>\n    <foreground android:drawable=\"@drawable/ic_launcher_foreground\"/>\n    <monochrome android:drawable=\"@drawable/ic_launcher_monochrome\"/>\n"),
            "app/src/main/res/drawable/ic_launcher_background.xml": Self.vector,
            "app/src/free/res/drawable-v24/ic_launcher_foreground.xml": Self.vector,
            "app/src/free/res/drawable-v24/ic_launcher_monochrome.xml": Self.vector,
            "app/src/libre/res/drawable-v24/ic_launcher_foreground.xml": Self.vector,
            "app/src/libre/res/drawable-v24/ic_launcher_monochrome.xml": Self.vector,
        ])
        let report = try generate(into: root)
        let xml = String(decoding: try Fixtures.bytes(at: root.appendingPathComponent("app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml")), as: UTF8.self)
        #expect(xml.contains("<monochrome android:drawable=\"@drawable/ic_launcher_monochrome\"/>"), "\(xml)")
        #expect(report.notes.contains { $0.contains("kept your designed monochrome layer @drawable/ic_launcher_monochrome") }, "\(report.notes)")
        #expect(!report.warnings.contains { $0.contains("ic_launcher_monochrome") }, "\(report.warnings)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("app/src/main/res/mipmap-xxxhdpi/ic_launcher_monochrome.png").path))
    }

    @Test("a reference to a name no resource of the project defines is a warning when the module depends on an outside library (Fossify's @color/color_primary from Fossify Commons), an error when it does not")
    func referenceFromADependency() throws {
        var files = [
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@color/color_primary\"/>\n    <foreground android:drawable=\"@drawable/fg\"/>\n    <monochrome android:drawable=\"@drawable/fg\"/>\n"),
            "app/src/main/res/drawable/fg.xml": Self.vector,
            "app/build.gradle.kts": "android { defaultConfig { minSdk = 26 } }\ndependencies {\n    implementation(project(\":core\"))\n}\n",
        ]
        let own = try findings(try AndroidProjectTests.tree(files).appendingPathComponent("app/src/main/res"))
        #expect(own.map(\.severity) == [.error] && own.first?.message.contains("@color/color_primary") == true, "\(own.map(\.line))")
        files["app/build.gradle.kts"] = "android { defaultConfig { minSdk = 26 } }\ndependencies {\n    implementation(libs.fossify.commons)\n}\n"
        let library = try findings(try AndroidProjectTests.tree(files).appendingPathComponent("app/src/main/res"))
        #expect(library.map(\.severity) == [.warning] && library.first?.message.contains("dependencies") == true, "\(library.map(\.line))")
    }

    @Test("a launcher PNG a pixel or two off its size, square or not (Mattermost's 72x73 round icons), is a warning; far off, an error")
    func nearSizeNotSquare() throws {
        let root = try AndroidProjectTests.tree(["app/build.gradle": "android { defaultConfig { minSdkVersion 26 } }\n",
                             "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"@android:color/black\"/>\n    <monochrome android:drawable=\"@android:color/black\"/>\n")])
        try png(PixelSize(width: 72, height: 73), at: "app/src/main/res/mipmap-hdpi/ic_launcher_round.png", in: root)
        try png(PixelSize(width: 96, height: 120), at: "app/src/main/res/mipmap-xhdpi/ic_launcher_round.png", in: root)
        let found = try findings(root.appendingPathComponent("app/src/main/res")).filter { $0.rule == .size }
        #expect(found.map(\.severity) == [.warning, .error], "\(found.map(\.line))")
    }

    @Test("layers an adaptive icon draws through <inset android:inset=\"16.7%\"> (Logseq's Capacitor icon) are checked at the inset size, as warnings; a plain square layer of the wrong size is scaled up to the icon's bounds, a warning too")
    func insetLayers() throws {
        let body = "    <background>\n        <inset android:drawable=\"@mipmap/ic_launcher_background\" android:inset=\"16.7%\" />\n    </background>\n"
            + "    <foreground>\n        <inset android:drawable=\"@mipmap/ic_launcher_foreground\" android:inset=\"16.7%\" />\n    </foreground>\n"
        let root = try AndroidProjectTests.tree(["app/build.gradle": "android { defaultConfig { minSdkVersion 26 } }\n",
                             "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive(body)])
        try png(PixelSize(width: 108, height: 108), at: "app/src/main/res/mipmap-hdpi/ic_launcher_foreground.png", in: root)
        try png(PixelSize(width: 72, height: 72), at: "app/src/main/res/mipmap-hdpi/ic_launcher_background.png", in: root)
        let found = try findings(root.appendingPathComponent("app/src/main/res")).filter { $0.rule == .size }
        #expect(found.map(\.severity) == [.warning], "\(found.map(\.line))")
        #expect(found.first?.message.contains("ic_launcher_background (108 dp), drawn inset by 16.7%, is 72x72 but should be 108x108") == true, "\(found.map(\.line))")
        // Drawn as the layer itself, a 108 px layer at hdpi is the wrong size (162 px): AdaptiveIconDrawable scales it
        // to the layer's bounds, soft. The background pictures the icon no longer names are used by nothing: not checked.
        try Data(AndroidProjectTests.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>\n").utf8)
            .write(to: root.appendingPathComponent("app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml"))
        let plain = try findings(root.appendingPathComponent("app/src/main/res")).filter { $0.rule == .size }
        #expect(plain.map(\.severity) == [.warning] && plain.first?.message.hasSuffix("scales it up 1.5×, soft") == true, "\(plain.map(\.line))")
    }

    @Test("generate names a manifest whose <application android:icon> is another icon (Tasks.org's @mipmap/ic_launcher_blue); a roundIcon of @mipmap/ic_launcher (Fossify) is fine")
    func manifestNamesAnotherIcon() throws {
        let manifest = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n  <!-- android:icon=\"@mipmap/old\" -->\n  <application\n    android:icon=\"@mipmap/ic_launcher_blue\"\n    android:roundIcon=\"@mipmap/ic_launcher\"\n    android:label=\"Tasks\">\n    <activity android:icon=\"@mipmap/ic_launcher_red\"/>\n  </application>\n</manifest>\n"
        let root = try AndroidProjectTests.tree(["app/src/main/AndroidManifest.xml": manifest, "app/src/main/res/values/strings.xml": "<resources/>\n"])
        let report = try generate(into: root)
        #expect(report.warnings.filter { $0.contains("manifest") } == [
            "the manifest's <application android:icon> is @mipmap/ic_launcher_blue, not @mipmap/ic_launcher: the app keeps showing that icon until android:icon=\"@mipmap/ic_launcher\"",
        ], "\(report.warnings)")
    }

    @Test("a library module's launcher icon that the application module defines too is shadowed: what is wrong with it is a warning, not an error")
    func libraryLauncherShadowed() throws {
        let files = [
            "settings.gradle": "include ':app', ':lib'\n",
            "app/build.gradle": "plugins { id 'com.android.application' }\nandroid { defaultConfig { minSdkVersion 26 } }\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"@android:color/black\"/>\n    <monochrome android:drawable=\"@android:color/black\"/>\n"),
            "lib/build.gradle": "plugins { id 'com.android.library' }\nandroid { defaultConfig { minSdkVersion 26 } }\n",
        ]
        let root = try AndroidProjectTests.tree(files)
        try png(PixelSize(width: 20, height: 20), at: "lib/src/main/res/mipmap-hdpi/ic_launcher.png", in: root)
        try png(PixelSize(width: 20, height: 20), at: "app/src/main/res/mipmap-hdpi/ic_launcher.png", in: root)
        let library = try findings(root.appendingPathComponent("lib/src/main/res")).filter { $0.rule == .size }
        #expect(library.map(\.severity) == [.warning] && library.first?.message.contains("the application module app defines the one the app shows") == true, "\(library.map(\.line))")
        // The application module's own is what the app shows: an error.
        #expect(try findings(root.appendingPathComponent("app/src/main/res")).filter { $0.rule == .size }.map(\.severity) == [.error])
    }

    @Test("a library's launcher icon that one application module shadows but another shows (Confetti's shared/: its wearApp has its own, its androidApp names @mipmap/ic_launcher and defines none) stays an error")
    func libraryLauncherShownByAnotherApp() throws {
        let root = try AndroidProjectTests.tree([
            "settings.gradle": "include ':wear', ':phone', ':lib'\n",
            "wear/build.gradle": "plugins { id 'com.android.application' }\n",
            "wear/src/main/AndroidManifest.xml": "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application android:icon=\"@mipmap/ic_launcher\"/></manifest>\n",
            "phone/build.gradle": "plugins { id 'com.android.application' }\n",
            "phone/src/main/AndroidManifest.xml": "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application android:icon=\"@mipmap/ic_launcher\"/></manifest>\n",
            "phone/src/main/res/values/strings.xml": "<resources/>\n",
            "lib/build.gradle": "plugins { id 'com.android.library' }\nandroid { defaultConfig { minSdkVersion 26 } }\n",
        ])
        try png(PixelSize(width: 20, height: 20), at: "lib/src/main/res/mipmap-hdpi/ic_launcher.png", in: root)
        try png(PixelSize(width: 72, height: 72), at: "wear/src/main/res/mipmap-hdpi/ic_launcher.png", in: root)
        let library = try findings(root.appendingPathComponent("lib/src/main/res")).filter { $0.rule == .size }
        #expect(library.map(\.severity) == [.error], "\(library.map(\.line))")
    }

    @Test("a manifest icon given through a placeholder (Aegis's @mipmap/${iconName}) is the one the Gradle file sets last; one it does not set is not checked")
    func manifestPlaceholder() throws {
        let manifest = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n  <application android:icon=\"@mipmap/${iconName}\"/>\n</manifest>\n"
        let gradle = "android {\n  defaultConfig { minSdkVersion 26 }\n  buildTypes {\n    debug {\n      manifestPlaceholders = [\n        iconName: \"ic_launcher_debug\",\n      ]\n    }\n"
            + "    release {\n      manifestPlaceholders = [\n        iconName: \"ic_launcher\",\n      ]\n    }\n  }\n}\n"
        let icon = AndroidProjectTests.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"@android:color/black\"/>\n    <monochrome android:drawable=\"@android:color/black\"/>\n")
        var files = ["app/build.gradle": gradle, "app/src/main/AndroidManifest.xml": manifest, "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": icon]
        #expect(try findings(try AndroidProjectTests.tree(files).appendingPathComponent("app/src/main/res")).isEmpty)
        // Set to a name nothing defines, it is reported as any other.
        files["app/build.gradle"] = gradle.replacingOccurrences(of: "iconName: \"ic_launcher\"", with: "iconName: \"ic_launcher_gone\"")
        let gone = try findings(try AndroidProjectTests.tree(files).appendingPathComponent("app/src/main/res"))
        #expect(gone.map(\.rule) == [.manifestIcon] && gone.first?.message.contains("@mipmap/ic_launcher_gone") == true, "\(gone.map(\.line))")
        files["app/build.gradle"] = "android { defaultConfig { minSdkVersion 26 } }\n"
        #expect(try findings(try AndroidProjectTests.tree(files).appendingPathComponent("app/src/main/res")).isEmpty)
    }

    @Test("a Wear OS app's adaptive icon (Home Assistant's wear module) is not asked for a <monochrome> layer; a phone app's is")
    func wearHasNoThemedIcons() throws {
        let icon = AndroidProjectTests.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"@android:color/black\"/>\n")
        var files = ["wear/build.gradle": "android { defaultConfig { minSdkVersion 26 } }\n", "wear/src/main/res/mipmap-anydpi/ic_launcher.xml": icon,
                     "wear/src/main/AndroidManifest.xml": "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n  <uses-feature android:name=\"android.hardware.type.watch\" />\n</manifest>\n"]
        #expect(try findings(try AndroidProjectTests.tree(files).appendingPathComponent("wear/src/main/res")).isEmpty)
        files["wear/src/main/AndroidManifest.xml"] = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n  <!-- <uses-feature android:name=\"android.hardware.type.watch\" /> -->\n</manifest>\n"
        let phone = try findings(try AndroidProjectTests.tree(files).appendingPathComponent("wear/src/main/res"))
        #expect(phone.map(\.rule) == [.adaptiveIcon] && phone.first?.message.contains("<monochrome>") == true, "\(phone.map(\.line))")
    }

    @Test("background pictures another adaptive icon of the module still names (Aegis's ic_launcher_debug) stay when the background becomes a colour: nothing dangles; validate reports a layer of such an icon that is gone")
    func anotherIconNamesTheBackground() throws {
        let layers = "    <background android:drawable=\"@mipmap/ic_launcher_background\"/>\n    <foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>\n"
        let root = try AndroidProjectTests.tree([
            "app/build.gradle": "android { defaultConfig { minSdkVersion 26 } }\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive(layers),
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher_debug.xml": AndroidProjectTests.adaptive(layers.replacingOccurrences(of: "ic_launcher_foreground", with: "ic_launcher_debug_foreground")),
        ])
        for (density, side) in [("mdpi", 108), ("hdpi", 162), ("xhdpi", 216), ("xxhdpi", 324), ("xxxhdpi", 432)] {
            for name in ["ic_launcher_background", "ic_launcher_foreground", "ic_launcher_debug_foreground"] {
                try png(PixelSize(width: side, height: side), at: "app/src/main/res/mipmap-\(density)/\(name).png", in: root)
            }
        }
        let res = root.appendingPathComponent("app/src/main/res")
        let report = try generate(into: root) { $0.androidBackground = .color(RGBColor(hex: "#123456")!) }
        #expect(report.notes.contains { $0.contains("kept the old @mipmap/ic_launcher_background pictures") && $0.contains("ic_launcher_debug.xml") }, "\(report.notes)")
        #expect(FileManager.default.fileExists(atPath: res.appendingPathComponent("mipmap-xxhdpi/ic_launcher_background.png").path))
        #expect(try Self.aapt2Problems(root) == [])
        #expect(try Validator().validate([root.path]).errors == 0)
        // Gone, the debug icon's background is what AAPT2 stops for, and validate says so.
        for density in ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"] {
            try FileManager.default.removeItem(at: res.appendingPathComponent("mipmap-\(density)/ic_launcher_background.png"))
        }
        #expect(try Self.aapt2Problems(root) == ["dangling @mipmap/ic_launcher_background in ic_launcher_debug.xml"])
        let found = try findings(res).filter { $0.severity == .error }
        #expect(found.count == 1 && found.first?.message.contains("ic_launcher_debug.xml: <background> names @mipmap/ic_launcher_background") == true, "\(found.map(\.line))")
    }

    @Test("layer pictures of another size than 108 dp in the drawable folders the icon names are scaled to the icon's bounds: larger (Open Food Facts' 240 dp flutter_launcher_icons foreground) and smaller square ones (flutter_server_box's 48 dp) a warning; one not square, stretched, an error")
    func oversizedDrawableLayers() throws {
        let root = try AndroidProjectTests.tree(["app/build.gradle": "android { defaultConfig { minSdkVersion 26 } }\n",
                             "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"@drawable/ic_launcher_foreground\"/>\n    <monochrome android:drawable=\"@drawable/ic_launcher_foreground\"/>\n")])
        try png(PixelSize(width: 360, height: 360), at: "app/src/main/res/drawable-hdpi/ic_launcher_foreground.png", in: root)
        try png(PixelSize(width: 100, height: 100), at: "app/src/main/res/drawable-xhdpi/ic_launcher_foreground.png", in: root)
        try png(PixelSize(width: 324, height: 300), at: "app/src/main/res/drawable-xxhdpi/ic_launcher_foreground.png", in: root)
        let found = try findings(root.appendingPathComponent("app/src/main/res")).filter { $0.rule == .size }
        #expect(found.map(\.severity) == [.warning, .warning, .error], "\(found.map(\.line))")
        #expect(found.contains { $0.message.contains("is 100x100 but should be 216x216: Android scales it up 2.2×, soft") })
        #expect(found.first?.message.contains("drawable-hdpi/ic_launcher_foreground (108 dp) is 360x360 but should be 162x162: Android scales it down whole") == true, "\(found.map(\.line))")
    }

    @Test("a dark-mode background colour (flutter_server_box's values-night/ic_launcher_background.xml) is kept and named: the new icon is drawn on it at night")
    func nightBackground() throws {
        let root = try AndroidProjectTests.tree([
            "app/build.gradle": "android { defaultConfig { minSdkVersion 26 } }\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@color/ic_launcher_background\"/>\n    <foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>\n"),
            "app/src/main/res/values/ic_launcher_background.xml": "<resources><color name=\"ic_launcher_background\">#FFFFFF</color></resources>\n",
            "app/src/main/res/values-night/ic_launcher_background.xml": "<resources><color name=\"ic_launcher_background\">#372D2D</color></resources>\n",
        ])
        let night = try Fixtures.bytes(at: root.appendingPathComponent("app/src/main/res/values-night/ic_launcher_background.xml"))
        let report = try generate(into: root)
        #expect(try Fixtures.bytes(at: root.appendingPathComponent("app/src/main/res/values-night/ic_launcher_background.xml")) == night)
        #expect(report.warnings.contains { $0.contains("values-night/ic_launcher_background.xml defines ic_launcher_background too") }, "\(report.warnings)")
        #expect(try Self.aapt2Problems(root) == [])
    }

    @Test("a dark-mode background of the new colour already (Oss Weather's values-night #000000 under a black-edged master) is said nothing of; one of another colour, with its alpha, still is")
    func nightBackgroundOfTheNewColour() throws {
        let files = [
            "app/build.gradle": "android { defaultConfig { minSdkVersion 26 } }\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@color/ic_launcher_background\"/>\n    <foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>\n"),
            "app/src/main/res/values/colors.xml": "<resources>\n    <color name=\"ic_launcher_background\">#FFFBFF</color>\n</resources>\n",
        ]
        for (night, told) in [("#372d2d", false), ("#FF372D2D", false), ("#80372D2D", true), ("#000000", true)] {
            let root = try AndroidProjectTests.tree(files.merging(["app/src/main/res/values-night/colors.xml":
                "<resources>\n    <!-- <color name=\"ic_launcher_background\">#123456</color> -->\n    <color name=\"ic_launcher_background\">\(night)</color>\n</resources>\n"]) { $1 })
            let report = try generate(into: root) { $0.androidBackground = .color(RGBColor(hex: "#372D2D")!) }
            #expect(report.warnings.contains { $0.contains("values-night/colors.xml defines ic_launcher_background too") } == told, "\(night): \(report.warnings)")
        }
    }

    @Test("a build type's own launcher pictures without an adaptive icon (zulip-mobile's src/debug/res) are named: main's new mipmap-anydpi-v26 wins over them on Android 8+")
    func debugPicturesShadowed() throws {
        let root = try AndroidProjectTests.tree(["app/build.gradle": "android { defaultConfig { minSdkVersion 24 } }\n"])
        try png(PixelSize(width: 48, height: 48), at: "app/src/main/res/mipmap-mdpi/ic_launcher.png", in: root)
        try png(PixelSize(width: 48, height: 48), at: "app/src/debug/res/mipmap-mdpi/ic_launcher.png", in: root)
        let report = try generate(into: root)
        #expect(report.warnings.contains { $0.contains("src/debug/res has its own ic_launcher pictures but no adaptive icon") && $0.hasSuffix("--variant debug") },
                "\(report.warnings)")
        // A build type with an adaptive icon of its own keeps it on Android 8+: said so, not called shadowed.
        let adaptive = try AndroidProjectTests.tree(["app/build.gradle": "android { defaultConfig { minSdkVersion 24 } }\n",
            "app/src/debug/res/mipmap-anydpi-v26/ic_launcher.xml": AndroidProjectTests.adaptive("    <background android:drawable=\"@android:color/white\"/>\n    <foreground android:drawable=\"@android:color/black\"/>\n")])
        try png(PixelSize(width: 48, height: 48), at: "app/src/main/res/mipmap-mdpi/ic_launcher.png", in: adaptive)
        try png(PixelSize(width: 48, height: 48), at: "app/src/debug/res/mipmap-mdpi/ic_launcher.png", in: adaptive)
        let kept = try generate(into: adaptive).warnings
        #expect(!kept.contains { $0.contains("has its own ic_launcher pictures") })
        #expect(kept.contains { $0.hasPrefix("app/src/debug/res has its own adaptive icon (@mipmap/ic_launcher), which overrides app/src/main/res: that build keeps showing it") && $0.hasSuffix("--variant debug") },
                "\(kept)")
    }

    @Test("flavours with adaptive icons of their own and none in main (openHAB's src/beta/res and src/stable/res, android:icon=\"@mipmap/icon\"): a run into main says no build of theirs shows it, and names the --variant for each; a --variant run does not")
    func flavoursOverrideMain() throws {
        var files = ["app/build.gradle": "android { defaultConfig { minSdkVersion 24 } }\n",
                     "app/src/main/AndroidManifest.xml": "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n  <application android:icon=\"@mipmap/icon\"/>\n</manifest>\n"]
        for flavour in ["beta", "stable"] {
            files["app/src/\(flavour)/res/mipmap-anydpi-v26/icon.xml"] = AndroidProjectTests.adaptive("    <background android:drawable=\"@color/ic_launcher_background\"/>\n"
                + "    <foreground android:drawable=\"@drawable/icon_foreground\"/>\n")
            files["app/src/\(flavour)/res/drawable/icon_foreground.xml"] = Self.vector
        }
        files["app/src/main/res/values/colors.xml"] = "<resources><color name=\"ic_launcher_background\">#FFFFFF</color></resources>\n"
        let root = try AndroidProjectTests.tree(files)
        for flavour in ["beta", "stable"] { try png(PixelSize(width: 48, height: 48), at: "app/src/\(flavour)/res/mipmap-mdpi/icon.png", in: root) }
        let warnings = try generate(into: root).warnings
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("app/src/main/res/mipmap-mdpi/icon.png").path))
        #expect(warnings.contains { $0 == "app/src/beta/res, app/src/stable/res have their own adaptive icons (@mipmap/icon), which override app/src/main/res: "
                    + "their builds keep showing them, not the one just written; give them the new icon with --variant beta, --variant stable" }, "\(warnings)")
        #expect(try Self.aapt2Problems(root) == [])
        // The run for one flavour writes that flavour's own: nothing to say about the others.
        let variant = try generate(into: root.appendingPathComponent("app/src/beta/res")).warnings
        #expect(!variant.contains { $0.contains("have their own adaptive icons") || $0.contains("has its own adaptive icon") }, "\(variant)")
    }
}
