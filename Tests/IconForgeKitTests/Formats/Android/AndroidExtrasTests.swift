import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// Android's resources besides the launcher icon: the status-bar notification icon, the TV banner, the Android 12
/// splash screen icon. Masters and broken files are made here.
@Suite("Android notification, TV and splash screen icons")
struct AndroidExtrasTests {
    static let densities = [("mdpi", 1.0), ("hdpi", 1.5), ("xhdpi", 2.0), ("xxhdpi", 3.0), ("xxxhdpi", 4.0)]

    private func generate(_ master: String, presets: String, into folder: URL? = nil,
                          configure: (inout GenerateOptions) -> Void = { _ in }) throws -> (URL, GenerationReport) {
        let output = try folder ?? Fixtures.temporaryFolder().appendingPathComponent("out")
        var options = GenerateOptions(presets: try PresetCatalog.presets(presets))
        configure(&options)
        let report = try Generator(options: options).run(source: Fixtures.testImages.appendingPathComponent(master).path, outputFolder: output.path)
        return (output, report)
    }

    private func decode(_ url: URL) throws -> DecodedPNG { try PNG.decode(Fixtures.bytes(at: url)) }

    private func write(_ image: Image, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(PNG.encode(image)).write(to: url)
    }

    private func findings(_ folder: URL) throws -> [Finding] { try Validator().validate([folder.path]).files.flatMap(\.findings) }

    @Test("notification icon, from a logo and from a full-bleed picture: 24 dp at every density, white only, with transparency; validate is clean",
          arguments: ["glyph-master.png", "app-icon-master.png"])
    func notification(master: String) throws {
        let (folder, _) = try generate(master, presets: "android-notification")
        for (density, factor) in Self.densities {
            let decoded = try decode(folder.appendingPathComponent("drawable-\(density)/ic_stat_notification.png"))
            let side = Int(24 * factor)
            #expect(decoded.info.width == side && decoded.info.height == side && decoded.info.colorType == .rgba)
            var transparent = 0, opaque = 0
            for y in 0..<side {
                for x in 0..<side {
                    let pixel = decoded.image.pixel(x: x, y: y)
                    if pixel[3] == 0 { transparent += 1 }
                    if pixel[3] > 0 { #expect(pixel[0] >= 250 && pixel[1] >= 250 && pixel[2] >= 250, "\(density) (\(x), \(y)) is \(pixel)") }
                    if pixel[3] > 128 { opaque += 1 }
                }
            }
            // A glyph, not a square: the 2 dp padding at least is clear, and there is something to see.
            #expect(transparent >= side * side / 6 && opaque > side * side / 20, "\(density): \(transparent) transparent, \(opaque) opaque")
        }
        #expect(try findings(folder).isEmpty)
    }

    @Test("validate: an opaque notification icon (a white square) and a coloured one are errors; in a res/ folder's drawables too")
    func notificationChecks() throws {
        let root = try Fixtures.temporaryFolder()
        var coloured = Image(width: 48, height: 48)
        for y in 8..<40 { for x in 8..<40 { coloured.setPixel(x: x, y: y, SIMD4(220, 40, 40, 255)) } }
        try write(Image(width: 48, height: 48, fill: SIMD4(255, 255, 255, 255)), to: root.appendingPathComponent("res/drawable-xhdpi/ic_stat_square.png"))
        try write(coloured, to: root.appendingPathComponent("res/drawable-xhdpi/ic_stat_red.png"))
        var white = Image(width: 48, height: 48)
        for y in 8..<40 { for x in 8..<40 { white.setPixel(x: x, y: y, SIMD4(255, 255, 255, 255)) } }
        try write(white, to: root.appendingPathComponent("res/drawable-xhdpi/ic_stat_good.png"))
        // Not a notification icon by its name: no such rules.
        try write(coloured, to: root.appendingPathComponent("res/drawable-xhdpi/photo.png"))
        let report = try Validator().validate([root.path])
        func errors(_ name: String) -> [String] {
            report.files.filter { $0.path.hasSuffix(name) }.flatMap(\.findings).filter { $0.rule == .notificationIcon }.map(\.message)
        }
        #expect(errors("ic_stat_square.png").count == 1 && errors("ic_stat_square.png")[0].contains("white square"))
        #expect(errors("ic_stat_red.png").count == 1 && errors("ic_stat_red.png")[0].contains("has colour"))
        #expect(errors("ic_stat_good.png").isEmpty && errors("photo.png").isEmpty)
        // 24 dp at the folder's density (48 px at xhdpi): another size is a warning.
        var small = Image(width: 40, height: 40)
        for y in 8..<32 { for x in 8..<32 { small.setPixel(x: x, y: y, SIMD4(255, 255, 255, 255)) } }
        try write(small, to: root.appendingPathComponent("res/drawable-xhdpi/ic_stat_small.png"))
        let sized = try Validator().validate([root.path]).files.filter { $0.path.hasSuffix("ic_stat_small.png") }.flatMap(\.findings)
        #expect(sized.map(\.severity) == [.warning] && sized.first?.message == "ic_stat_small.png is 40x40 but should be 48x48 (24 dp at xhdpi); Android scales it")
        // The same files in a project's res/ (with launcher icons, whose drawables the walk does not enter) are checked.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("res/mipmap-anydpi-v26"), withIntermediateDirectories: true)
        let inProject = try Validator().validate([root.appendingPathComponent("res").path]).files.flatMap(\.findings).filter { $0.rule == .notificationIcon }
        #expect(inProject.filter { $0.severity == .error }.count == 2 && inProject.count == 3)
    }

    @Test("a full-bleed master whose glyph cannot be separated writes no notification icon, and says why")
    func notificationWithoutGlyph() throws {
        let master = try Fixtures.temporaryFolder().appendingPathComponent("flat.png")
        try write(Image(width: 512, height: 512, fill: SIMD4(30, 90, 200, 255)), to: master)
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("out")
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android-notification"))).run(source: master.path, outputFolder: folder.path)
        #expect(report.files.isEmpty)
        #expect(report.warnings.contains { $0.contains("no notification icon was written") })
    }

    @Test("TV banner: 320x180 opaque, the logo centred on --background; the manifest snippet names it and LEANBACK_LAUNCHER")
    func tvBanner() throws {
        let background = RGBColor(red: 10, green: 20, blue: 30)
        let (folder, _) = try generate("glyph-master.png", presets: "android-tv") { $0.background = background }
        let banner = try decode(folder.appendingPathComponent("drawable-xhdpi/banner.png"))
        #expect(banner.info.width == 320 && banner.info.height == 180 && banner.info.colorType == .rgb)
        #expect(banner.image.pixel(x: 2, y: 2) == SIMD4(10, 20, 30, 255) && banner.image.pixel(x: 317, y: 177) == SIMD4(10, 20, 30, 255))
        // The logo's middle is in the banner's middle, and it is not the background.
        var changed = 0
        for x in 120..<200 where banner.image.pixel(x: x, y: 90) != SIMD4(10, 20, 30, 255) { changed += 1 }
        #expect(changed > 20)
        let snippet = String(decoding: try Fixtures.bytes(at: folder.appendingPathComponent("AndroidManifest-tv.xml")), as: UTF8.self)
        #expect(snippet.contains("android:banner=\"@drawable/banner\"") && snippet.contains("android.intent.category.LEANBACK_LAUNCHER"))
        // A full-bleed master sits on its own edge colour (it continues into the banner), not on --background.
        let (picture, _) = try generate("app-icon-master.png", presets: "android-tv") { $0.background = background }
        let fullBleed = try decode(picture.appendingPathComponent("drawable-xhdpi/banner.png"))
        #expect(fullBleed.info.width == 320 && fullBleed.info.height == 180)
        #expect(fullBleed.image.pixel(x: 2, y: 2) == fullBleed.image.pixel(x: 317, y: 177) && fullBleed.image.pixel(x: 2, y: 2) != SIMD4(10, 20, 30, 255))
    }

    @Test("into a project, the new resources go into app/src/main/res and their snippets beside it")
    func intoProject() throws {
        let root = try Fixtures.temporaryFolder()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("app/src/main/res/values"), withIntermediateDirectories: true)
        _ = try generate("glyph-master.png", presets: "android-notification,android-tv,android-splash", into: root)
        for path in ["app/src/main/res/drawable-mdpi/ic_stat_notification.png", "app/src/main/res/drawable-xhdpi/banner.png",
                     "app/src/main/res/drawable-xxxhdpi/splash_icon.png", "app/src/main/AndroidManifest-tv.xml", "app/src/main/splash-screen-v31.xml"] {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("app/src/main/res/splash-screen-v31.xml").path))
    }

    @Test("splash icon: 288 dp canvas at every density, the logo inside the 192 dp circle; the theme snippet names it and the background",
          arguments: ["glyph-master.png", "app-icon-master.png"])
    func splash(master: String) throws {
        let (folder, _) = try generate(master, presets: "android-splash") { $0.androidBackground = .color(RGBColor(red: 1, green: 2, blue: 3)) }
        for (density, factor) in Self.densities {
            let decoded = try decode(folder.appendingPathComponent("drawable-\(density)/splash_icon.png"))
            let side = Int(288 * factor)
            #expect(decoded.info.width == side && decoded.info.height == side && decoded.info.colorType == .rgba)
            // Nothing outside the circle (a pixel of anti-aliasing and the filter's faint ringing aside); something inside it.
            let radius = Double(side) / 3 + 1
            var outside = 0, inside = 0
            for y in stride(from: 0, to: side, by: 2) {
                for x in stride(from: 0, to: side, by: 2) {
                    let dx = Double(x) + 0.5 - Double(side) / 2, dy = Double(y) + 0.5 - Double(side) / 2
                    let alpha = decoded.image.pixel(x: x, y: y)[3]
                    if (dx * dx + dy * dy).squareRoot() > radius { if alpha > 8 { outside += 1 } } else if alpha > 128 { inside += 1 }
                }
            }
            #expect(outside == 0, "\(density): \(outside) pixels outside the circle")
            #expect(inside > side * side / 100, "\(density): \(inside) pixels inside")
        }
        let snippet = String(decoding: try Fixtures.bytes(at: folder.appendingPathComponent("splash-screen-v31.xml")), as: UTF8.self)
        #expect(snippet.contains("<item name=\"android:windowSplashScreenAnimatedIcon\">@drawable/splash_icon</item>"))
        #expect(snippet.contains("<item name=\"android:windowSplashScreenBackground\">#010203</item>"))
        #expect(try findings(folder).isEmpty)
    }

    @Test("splash icon with --dark: drawable-night-* drawn from the dark master, and the night background in the snippet; without it, none")
    func splashNight() throws {
        let dark = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let (folder, _) = try generate("glyph-master.png", presets: "android-splash") { $0.darkSource = dark }
        for (density, factor) in Self.densities {
            let light = try decode(folder.appendingPathComponent("drawable-\(density)/splash_icon.png"))
            let night = try decode(folder.appendingPathComponent("drawable-night-\(density)/splash_icon.png"))
            let side = Int(288 * factor)
            #expect(night.info.width == side && night.info.height == side && night.info.colorType == .rgba)
            #expect(light.image != night.image, "\(density): the night icon is the dark master's")
        }
        let snippet = String(decoding: try Fixtures.bytes(at: folder.appendingPathComponent("splash-screen-v31.xml")), as: UTF8.self)
        #expect(snippet.contains("values-night-v31") && snippet.components(separatedBy: "windowSplashScreenBackground").count == 3)
        #expect(try findings(folder).isEmpty)
        let (plain, _) = try generate("glyph-master.png", presets: "android-splash")
        #expect(!FileManager.default.fileExists(atPath: plain.appendingPathComponent("drawable-night-mdpi").path))
        #expect(!String(decoding: try Fixtures.bytes(at: plain.appendingPathComponent("splash-screen-v31.xml")), as: UTF8.self).contains("night"))
    }

    @Test("validate: a splash icon a theme names whose content leaves the centre circle is an error with how far it reaches")
    func splashChecks() throws {
        let res = try Fixtures.temporaryFolder().appendingPathComponent("res")
        try FileManager.default.createDirectory(at: res.appendingPathComponent("values-v31"), withIntermediateDirectories: true)
        try Data("""
        <resources><style name="Theme.App" parent="Theme.Material3.DayNight">
            <item name="android:windowSplashScreenAnimatedIcon">@drawable/logo_splash</item>
        </style></resources>
        """.utf8).write(to: res.appendingPathComponent("values-v31/themes.xml"))
        // A 288 px canvas with an opaque square of 240 px: its corners reach 240·√2 ≈ 339 px across, 339 dp.
        var image = Image(width: 288, height: 288)
        for y in 24..<264 { for x in 24..<264 { image.setPixel(x: x, y: y, SIMD4(0, 0, 0, 255)) } }
        try write(image, to: res.appendingPathComponent("drawable/logo_splash.png"))
        // The same picture under a name no theme uses is not a splash icon.
        try write(image, to: res.appendingPathComponent("drawable/other.png"))
        let found = try findings(res.deletingLastPathComponent()).filter { $0.rule == .splashScreen }
        #expect(found.count == 1)
        // A theme naming the launcher icon (@mipmap/ic_launcher, drawn from its adaptive icon), or a drawable that is
        // also a vector, is not checked as a bitmap.
        try Data("""
        <resources><style name="Theme.Starting" parent="Theme.SplashScreen">
            <item name="windowSplashScreenAnimatedIcon">@mipmap/ic_launcher</item>
            <item name="windowSplashScreenAnimatedIcon">@drawable/other</item>
        </style></resources>
        """.utf8).write(to: res.appendingPathComponent("values-v31/splash.xml"))
        try write(image, to: res.appendingPathComponent("mipmap-xxxhdpi/ic_launcher.png"))
        try Data("<vector/>".utf8).write(to: res.appendingPathComponent("drawable/other.xml"))
        #expect(try findings(res.deletingLastPathComponent()).filter { $0.rule == .splashScreen }.count == 1)
        // An opaque canvas of one colour (Expo's white square) is a background: the logo on it is what must stay inside
        // the circle; the background itself is a warning (it is cut off where the window's background differs).
        var flat = Image(width: 288, height: 288, fill: SIMD4(255, 255, 255, 255))
        for y in 100..<188 { for x in 100..<188 { flat.setPixel(x: x, y: y, SIMD4(200, 0, 0, 255)) } }
        try write(flat, to: res.appendingPathComponent("drawable/logo_splash.png"))
        let onFlat = try findings(res.deletingLastPathComponent()).filter { $0.rule == .splashScreen }
        #expect(onFlat.map(\.severity) == [.warning] && onFlat.first?.message.contains("fills its canvas with #FFFFFF") == true)
        #expect(found.first?.message == "logo_splash.png: content reaches 338 dp across the 288 dp canvas (117% of it), outside the 192 dp circle "
                + "(two thirds) the splash screen shows: Android 12+ cuts it off")
    }

    @Test("splash icon with an icon background: 240 dp canvas at every density, the content inside the 160 dp circle; the snippet sets the colour",
          arguments: ["glyph-master.png", "app-icon-master.png"])
    func splashWithIconBackground(master: String) throws {
        let (folder, _) = try generate(master, presets: "android-splash") { $0.splashIconBackground = RGBColor(red: 250, green: 240, blue: 230) }
        for (density, factor) in Self.densities {
            let decoded = try decode(folder.appendingPathComponent("drawable-\(density)/splash_icon.png"))
            let side = Int(240 * factor)
            #expect(decoded.info.width == side && decoded.info.height == side, "\(density): \(decoded.info.width)x\(decoded.info.height)")
            // 160 of 240 dp is two thirds again: the radius is a third of the side.
            let radius = Double(side) / 3 + 1
            var outside = 0, inside = 0
            for y in 0..<side {
                for x in 0..<side {
                    let dx = Double(x) + 0.5 - Double(side) / 2, dy = Double(y) + 0.5 - Double(side) / 2
                    let alpha = decoded.image.pixel(x: x, y: y)[3]
                    if (dx * dx + dy * dy).squareRoot() > radius { if alpha > 8 { outside += 1 } } else if alpha > 128 { inside += 1 }
                }
            }
            #expect(outside == 0 && inside > side * side / 25, "\(density): \(outside) outside, \(inside) inside")
        }
        let snippet = String(decoding: try Fixtures.bytes(at: folder.appendingPathComponent("splash-screen-v31.xml")), as: UTF8.self)
        #expect(snippet.contains("<item name=\"android:windowSplashScreenIconBackgroundColor\">#FAF0E6</item>"))
        #expect(try findings(folder).isEmpty)
        // validate measures a 240 dp canvas in dp of its own: content past its 160 dp circle is reported against those.
        let res = try Fixtures.temporaryFolder().appendingPathComponent("res")
        try FileManager.default.createDirectory(at: res.appendingPathComponent("values-v31"), withIntermediateDirectories: true)
        try Data(#"<resources><style name="S"><item name="android:windowSplashScreenAnimatedIcon">@drawable/splash</item></style></resources>"#.utf8)
            .write(to: res.appendingPathComponent("values-v31/themes.xml"))
        var wide = Image(width: 480, height: 480)
        for y in 40..<440 { for x in 40..<440 { wide.setPixel(x: x, y: y, SIMD4(0, 0, 0, 255)) } }
        try write(wide, to: res.appendingPathComponent("drawable-xhdpi/splash.png"))
        let found = try findings(res).filter { $0.rule == .splashScreen }
        #expect(found.count == 1 && found[0].message.hasPrefix("splash.png: content reaches 282 dp across the 240 dp canvas (118% of it), outside the 160 dp circle"),
                "\(found.map(\.message))")
    }

    static let themes = """
        <?xml version="1.0" encoding="utf-8"?>
        <resources xmlns:tools="http://schemas.android.com/tools">
          <!-- <style name="Theme.Old"><item name="android:windowSplashScreenBackground">#000000</item></style> -->
          <style name="Theme.App" parent="Theme.Material3.DayNight.NoActionBar">
            <item name="colorPrimary">@color/brand</item>
            <item name="android:windowSplashScreenBackground">@color/old_splash</item>
          </style>
          <style name="Theme.App.Dialog" parent="Theme.Material3.DayNight.Dialog"/>
        </resources>

        """

    @Test("splash theme items merged into the project's values-v31/themes.xml launch theme: existing items updated where they stand, others added after them, every other byte kept, the original in the backup, no snippet; the night twin gets them too; a rerun changes nothing")
    func splashThemeMerged() throws {
        let root = try Fixtures.temporaryFolder()
        let res = root.appendingPathComponent("app/src/main/res")
        let night = """
            <resources>
            \t<style name="Theme.App" parent="Theme.Material3.DayNight.NoActionBar">
            \t</style>
            </resources>

            """
        for (file, text) in [("values-v31/themes.xml", Self.themes), ("values-night-v31/themes.xml", night)] {
            try FileManager.default.createDirectory(at: res.appendingPathComponent(file).deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: res.appendingPathComponent(file))
        }
        let dark = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let configure = { (options: inout GenerateOptions) in
            options.androidBackground = .color(RGBColor(red: 1, green: 2, blue: 3))
            options.darkSource = dark
            options.splashIconBackground = RGBColor(red: 255, green: 255, blue: 255)
        }
        let (_, report) = try generate("glyph-master.png", presets: "android-splash", into: root, configure: configure)
        let merged = String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("values-v31/themes.xml")), as: UTF8.self)
        #expect(merged == Self.themes.replacingOccurrences(of: """
                <item name="android:windowSplashScreenBackground">@color/old_splash</item>
            """, with: """
                <item name="android:windowSplashScreenBackground">#010203</item>
                <item name="android:windowSplashScreenAnimatedIcon">@drawable/splash_icon</item>
                <item name="android:windowSplashScreenIconBackgroundColor">#FFFFFF</item>
            """), "\(merged)")
        let nightMerged = String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("values-night-v31/themes.xml")), as: UTF8.self)
        #expect(nightMerged.contains("\t<style name=\"Theme.App\" parent=\"Theme.Material3.DayNight.NoActionBar\">\n\t\t<item name=\"android:windowSplashScreenBackground\">#010203</item>\n"))
        #expect(nightMerged.hasSuffix("<item name=\"android:windowSplashScreenIconBackgroundColor\">#FFFFFF</item>\n\t</style>\n</resources>\n"), "\(nightMerged)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("app/src/main/splash-screen-v31.xml").path))
        #expect(report.notes.contains { $0.contains("merged the splash screen items into app/src/main/res/values-v31/themes.xml's Theme.App") })
        // Both originals are in the backup, byte for byte.
        let backups = root.appendingPathComponent("app/src/main/.iconforge-backup")
        let kept = (FileManager.default.enumerator(atPath: backups.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix("themes.xml") }.sorted()
        #expect(kept.count == 2, "\(kept)")
        if let light = kept.first(where: { $0.contains("values-v31") }) {
            #expect(String(decoding: try Fixtures.bytes(at: backups.appendingPathComponent(light)), as: UTF8.self) == Self.themes)
        }
        // A rerun writes the same bytes and keeps nothing more.
        let (_, again) = try generate("glyph-master.png", presets: "android-splash", into: root, configure: configure)
        #expect(String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("values-v31/themes.xml")), as: UTF8.self) == merged)
        #expect(!again.notes.contains { $0.hasPrefix("kept your") })
    }

    @Test("no launch theme to merge into (two styles, none with splash items): the themes file is left as it is and the snippet carries the items")
    func splashThemeNotMerged() throws {
        let root = try Fixtures.temporaryFolder()
        let res = root.appendingPathComponent("app/src/main/res")
        let text = Self.themes.replacingOccurrences(of: "\n    <item name=\"android:windowSplashScreenBackground\">@color/old_splash</item>", with: "")
        try FileManager.default.createDirectory(at: res.appendingPathComponent("values-v31"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: res.appendingPathComponent("values-v31/themes.xml"))
        _ = try generate("glyph-master.png", presets: "android-splash", into: root)
        #expect(String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("values-v31/themes.xml")), as: UTF8.self) == text)
        let snippet = String(decoding: try Fixtures.bytes(at: root.appendingPathComponent("app/src/main/splash-screen-v31.xml")), as: UTF8.self)
        #expect(snippet.contains("@drawable/splash_icon") && !snippet.contains("IconBackgroundColor"))
    }
}
