import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// What `AndroidResources` does with the launcher pictures a project already has beside the ones it writes.
@Suite("Android resources: the pictures beside the new launcher icon")
struct AndroidResourcesTests {
    static let manifestHead = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n"

    /// An application module naming @mipmap/app_icon (SmartTube's layout), with no launcher picture yet.
    static func appProject() throws -> URL {
        try Fixtures.tree([
            "settings.gradle": "include ':app'\n",
            "app/build.gradle": "apply plugin: 'com.android.application'\nandroid { defaultConfig { minSdkVersion 21 } }\n",
            "app/src/main/AndroidManifest.xml": manifestHead + "  <application android:icon=\"@mipmap/app_icon\"/>\n</manifest>\n",
            "app/src/main/res/values/strings.xml": "<resources/>\n",
        ])
    }

    /// A square opaque picture of `side` px at `path` in `root`.
    static func picture(_ side: Int, at path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileIO.writeAtomically(try PNG.encode(Image(width: side, height: side, fill: SIMD4(200, 30, 30, 255))), to: url.path)
    }

    @Test("a launcher icon only in mipmap-nodpi (SmartTube's app_icon): generate takes it out to the backup beside the new density pictures, which Android draws instead everywhere (lint's IconNoDpi calls the pair ambiguous); a flavour's own nodpi icon stays; nothing is lost, a rerun changes no byte")
    func nodpiLauncherTakenOut() throws {
        let root = try Self.appProject()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        for path in ["app/src/main/res/mipmap-nodpi/app_icon.png", "app/src/beta/res/mipmap-nodpi/app_icon.png"] { try Self.picture(320, at: path, in: root) }
        let before = Set(try Fixtures.snapshot(root).values)
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android")))
            .run(source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path, outputFolder: root.path)
        let res = root.appendingPathComponent("app/src/main/res")
        #expect(FileManager.default.fileExists(atPath: res.appendingPathComponent("mipmap-xhdpi/app_icon.png").path))
        #expect(!FileManager.default.fileExists(atPath: res.appendingPathComponent("mipmap-nodpi/app_icon.png").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("app/src/beta/res/mipmap-nodpi/app_icon.png").path))
        #expect(report.notes.contains { $0.contains("mipmap-nodpi/app_icon.png out of the project") }, "\(report.notes)")
        #expect(before.subtracting(Set(try Fixtures.snapshot(root).values)).isEmpty)
        let written = try Fixtures.snapshot(root)
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android")))
            .run(source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path, outputFolder: root.path)
        #expect(try Fixtures.snapshot(root) == written)
    }

    @Test("a flavour whose own launcher pictures are only in mipmap-nodpi (SmartTube's src/stbeta/res) is told that main's new density pictures win over them on every Android version, not only on Android 8+")
    func nodpiFlavourShadowedEverywhere() throws {
        let root = try Self.appProject()
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["app/src/beta/res/mipmap-nodpi/app_icon.png", "app/src/beta/res/mipmap-nodpi-v30/app_icon.png", "app/src/debug/res/mipmap-hdpi/app_icon.png"] {
            try Self.picture(72, at: path, in: root)
        }
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android")))
            .run(source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path, outputFolder: root.path)
        let beta = report.warnings.filter { $0.contains("src/beta/res has its own app_icon pictures") }
        #expect(beta.count == 1 && beta[0].contains("they are in mipmap-nodpi") && beta[0].contains("on every Android version"), "\(report.warnings)")
        // A density picture of its own (a debug build's) still loses only to the adaptive icon, on Android 8+.
        #expect(report.warnings.contains { $0.contains("src/debug/res has its own app_icon pictures but no adaptive icon: on Android 8+") }, "\(report.warnings)")
    }
}
