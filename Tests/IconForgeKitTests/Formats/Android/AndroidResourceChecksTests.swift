import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// `AndroidResourceChecks`' launcher rules on layouts a sweep met, each rebuilt in a temporary folder.
@Suite("Android resource checks: where a launcher icon may live")
struct AndroidResourceChecksTests {
    static let manifestHead = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n"

    /// A solid PNG of `side` pixels at `path` under `root`.
    private func png(_ side: Int, at path: String, in root: URL) throws { try AndroidResourcesTests.picture(side, at: path, in: root) }

    @Test("a launcher icon and an alias's icon only in mipmap-nodpi (SmartTube's 320 px app_icon and app_icon_alt) are every density's: no density is missing one, and a density picture beside them is still held to its size")
    func nodpiLauncherIsEveryDensitys() throws {
        let root = try Fixtures.tree([
            "app/build.gradle": "apply plugin: 'com.android.application'\nandroid { defaultConfig { minSdkVersion 21 } }\n",
            "app/src/main/AndroidManifest.xml": Self.manifestHead + "  <application android:icon=\"@mipmap/app_icon\">\n"
                + "    <activity-alias android:name=\".Alt\" android:enabled=\"false\"\n        android:icon=\"@mipmap/app_icon_alt\" android:targetActivity=\".Main\"/>\n"
                + "  </application>\n</manifest>\n",
            "app/src/main/res/values/strings.xml": "<resources/>\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        try png(320, at: "app/src/main/res/mipmap-nodpi/app_icon.png", in: root)
        try png(320, at: "app/src/main/res/mipmap-nodpi/app_icon_alt.png", in: root)
        let res = root.appendingPathComponent("app/src/main/res").path
        let messages = try Validator().validate([res]).files.flatMap(\.findings).map(\.message)
        #expect(!messages.contains { $0.contains("is missing") }, "\(messages)")
        // A density picture beside it is still held to its density's size.
        try png(70, at: "app/src/main/res/mipmap-hdpi/app_icon.png", in: root)
        let sized = try Validator().validate([res]).files.flatMap(\.findings).map(\.message)
        #expect(sized.contains { $0.hasPrefix("mipmap-hdpi/app_icon is 70x70 but should be 72x72") }, "\(sized)")
        #expect(!sized.contains { $0.contains("is missing") }, "\(sized)")
    }

    @Test("a library module's ic_launcher that no application module's manifest names (SmartTube's leanbackassistant, its app naming @mipmap/app_icon) is shown by no launcher: a density it lacks is a warning, said so; named by the app, it is the app's icon and an error")
    func libraryIconNoAppNames() throws {
        let root = try Fixtures.tree([
            "settings.gradle": "include ':app', ':assistant'\n",
            "app/build.gradle": "apply plugin: 'com.android.application'\nandroid { defaultConfig { minSdkVersion 21 } }\n",
            "app/src/main/AndroidManifest.xml": Self.manifestHead + "  <application android:icon=\"@mipmap/app_icon\"/>\n</manifest>\n",
            "assistant/build.gradle": "apply plugin: 'com.android.library'\nandroid { defaultConfig { minSdkVersion 21 } }\n",
            "assistant/src/main/AndroidManifest.xml": Self.manifestHead + "  <application android:label=\"@string/app_name\"/>\n</manifest>\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        for (density, side) in [("mdpi", 48), ("hdpi", 72), ("xhdpi", 96), ("xxhdpi", 144), ("xxxhdpi", 192)] {
            try png(side, at: "app/src/main/res/mipmap-\(density)/app_icon.png", in: root)
            if density != "xxxhdpi" { try png(side, at: "assistant/src/main/res/mipmap-\(density)/ic_launcher.png", in: root) }
        }
        func missing() throws -> [Finding] {
            try Validator().validate([root.appendingPathComponent("assistant/src/main/res").path]).files.flatMap(\.findings).filter { $0.rule == .missingSize }
        }
        let unnamed = try missing()
        #expect(unnamed.map(\.severity) == [.warning], "\(unnamed)")
        #expect(unnamed.first?.message.hasSuffix("(a library's ic_launcher, which no application module's manifest names as its icon)") == true, "\(unnamed)")
        // The app naming the library's icon (and defining none) shows it: the density it lacks is an error again.
        try Data((Self.manifestHead + "  <application android:icon=\"@mipmap/ic_launcher\"/>\n</manifest>\n").utf8)
            .write(to: root.appendingPathComponent("app/src/main/AndroidManifest.xml"))
        #expect(try missing().map(\.severity) == [.error])
    }

    @Test("a library's TV activity (SmartTube's leanbackassistant, a LEANBACK_LAUNCHER search activity) with no banner of its own takes the one its application module's manifest names: no tv-banner warning; with no app naming one, still told")
    func libraryTVActivityTakesAppBanner() throws {
        let tv = "    <activity android:name=\".Search\"><intent-filter><action android:name=\"android.intent.action.SEARCH\"/>"
            + "<category android:name=\"android.intent.category.LEANBACK_LAUNCHER\"/></intent-filter></activity>\n"
        let root = try Fixtures.tree([
            "settings.gradle": "include ':app', ':assistant'\n",
            "app/build.gradle": "apply plugin: 'com.android.application'\n",
            "app/src/main/AndroidManifest.xml": Self.manifestHead + "  <application android:banner=\"@drawable/banner\"/>\n</manifest>\n",
            "assistant/build.gradle": "apply plugin: 'com.android.library'\n",
            "assistant/src/main/AndroidManifest.xml": Self.manifestHead + "  <application>\n" + tv + "  </application>\n</manifest>\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        try png(320, at: "app/src/main/res/drawable-xhdpi/banner.png", in: root)
        try png(48, at: "assistant/src/main/res/mipmap-mdpi/ic_launcher.png", in: root)
        func banners() throws -> [Finding] {
            try Validator().validate([root.appendingPathComponent("assistant/src/main/res").path]).files.flatMap(\.findings).filter { $0.rule == .tvBanner }
        }
        let merged = try banners()
        #expect(merged.isEmpty, "\(merged)")
        try Data((Self.manifestHead + "  <application/>\n</manifest>\n").utf8).write(to: root.appendingPathComponent("app/src/main/AndroidManifest.xml"))
        #expect(try banners().map(\.severity) == [.warning])
    }
}
