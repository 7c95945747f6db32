import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// The splash screen icon (Android 12+): its canvas, the night variant, its checks and the theme it is merged into.
extension AndroidExtrasTests {
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
        let (folder, _) = try generate("glyph-master.png", presets: "android-splash") { $0.darkSourcePath = dark }
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
            options.darkSourcePath = dark
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

    @Test("no launch theme to merge into (two styles, none with splash items, no manifest): the themes file is left as it is and the snippet carries the items; the manifest's launch theme (the launcher activity's) is merged into")
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
        // The manifest says which is the launch theme: the launcher activity's (else the application's) gets the items.
        try Data(##"""
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
              <application android:theme="@style/Theme.App">
                <activity android:name=".Settings" android:theme="@style/Theme.Other"/>
                <activity android:name=".Main" android:theme="@style/Theme.App.Dialog">
                  <intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LAUNCHER"/></intent-filter>
                </activity>
              </application>
            </manifest>
            """##.utf8).write(to: root.appendingPathComponent("app/src/main/AndroidManifest.xml"))
        let twoStyles = text.replacingOccurrences(of: ##"<style name="Theme.App.Dialog" parent="Theme.Material3.DayNight.Dialog"/>"##,
                                                  with: ##"<style name="Theme.App.Dialog" parent="Theme.Material3.DayNight.Dialog"></style>"##)
        try Data(twoStyles.utf8).write(to: res.appendingPathComponent("values-v31/themes.xml"))
        let (_, report) = try generate("glyph-master.png", presets: "android-splash", into: root)
        let merged = String(decoding: try Fixtures.bytes(at: res.appendingPathComponent("values-v31/themes.xml")), as: UTF8.self)
        #expect(merged.contains(##"<style name="Theme.App.Dialog" parent="Theme.Material3.DayNight.Dialog">"## + "\n    <item name=\"android:windowSplashScreenBackground\">"),
                "\(merged)")
        #expect(report.notes.contains { $0.hasSuffix("values-v31/themes.xml's Theme.App.Dialog") }, "\(report.notes)")
    }
}
