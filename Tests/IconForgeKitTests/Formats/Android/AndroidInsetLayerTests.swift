import Foundation
import IconForgeKit
import TestSupport
import Testing

/// An adaptive icon that draws a layer through `<inset>` (Thunderbird's: its logo and monochrome glyph, 1024-unit vectors
/// inset by 22%): what is inset is artwork for the inner part of the layer, and a run keeps it so or leaves it alone.
@Suite("Android: drawables an adaptive icon draws through <inset>")
struct AndroidInsetLayerTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
    static let logo = ##"<vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="72dp" android:height="72dp" android:viewportWidth="1024" android:viewportHeight="1024"><path android:fillColor="#000000" android:pathData="M89,89h847v847h-847z"/></vector>"##

    static func adaptive(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<adaptive-icon xmlns:android=\"http://schemas.android.com/apk/res/android\">\n\(body)</adaptive-icon>\n"
    }

    static func text(_ url: URL) throws -> String { String(decoding: try Fixtures.bytes(at: url), as: UTF8.self) }

    static func generate(into folder: URL) throws -> GenerationReport {
        try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: master, outputFolder: folder.path)
    }

    @Test("a designed monochrome the icon draws through <inset android:inset=\"22%\"> is kept with that inset: drawn as the whole 108 dp layer, the glyph would reach past the 72 dp a launcher shows and the themed icon would be cut off")
    func designedMonochromeDrawnInset() throws {
        let root = try Fixtures.tree([
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": Self.adaptive(
                "    <background android:drawable=\"@color/launcher_icon_background\" />\n"
                + "    <foreground android:drawable=\"@drawable/ic_launcher_foreground\" />\n"
                + "    <monochrome>\n        <inset\n            android:drawable=\"@drawable/ic_app_logo_monochrome\"\n            android:inset=\"22%\"\n            />\n    </monochrome>\n"),
            "app/src/main/res/drawable/ic_launcher_foreground.xml": Self.logo,
            "app/src/main/res/drawable/ic_app_logo_monochrome.xml": Self.logo,
            "app/src/main/res/values/colors.xml": "<resources>\n    <color name=\"launcher_icon_background\">#F0F8FF</color>\n</resources>\n",
        ])
        let report = try Self.generate(into: root)
        #expect(report.notes.contains { $0.contains("kept your designed monochrome layer @drawable/ic_app_logo_monochrome") }, "\(report.notes)")
        let icon = root.appendingPathComponent("app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml")
        let xml = try Self.text(icon)
        #expect(xml.contains("    <monochrome>\n        <inset android:drawable=\"@drawable/ic_app_logo_monochrome\" android:inset=\"22%\"/>\n    </monochrome>\n"), "\(xml)")
        #expect(!xml.contains("<monochrome android:drawable"), "\(xml)")
        #expect(try Self.text(root.appendingPathComponent("app/src/main/res/drawable/ic_app_logo_monochrome.xml")) == Self.logo)
        // A second run reads its own icon's inset back: nothing changes.
        _ = try Self.generate(into: root)
        #expect(try Self.text(icon) == xml)
        // A monochrome drawn as the whole layer stays so.
        let bare = try Fixtures.tree([
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": Self.adaptive(
                "    <background android:drawable=\"@color/launcher_icon_background\" />\n"
                + "    <foreground android:drawable=\"@drawable/ic_launcher_foreground\" />\n"
                + "    <monochrome android:drawable=\"@drawable/ic_app_logo_monochrome\" />\n"),
            "app/src/main/res/drawable/ic_launcher_foreground.xml": Self.logo,
            "app/src/main/res/drawable/ic_app_logo_monochrome.xml": Self.logo,
        ])
        _ = try Self.generate(into: bare)
        let bareXML = try Self.text(bare.appendingPathComponent("app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml"))
        #expect(bareXML.contains("<monochrome android:drawable=\"@drawable/ic_app_logo_monochrome\"/>") && !bareXML.contains("<inset"), "\(bareXML)")
    }

    @Test("a logo the icon draws through <inset> as its foreground (Thunderbird's @drawable/ic_app_logo, which its build types override and its theme shows in the app) is not taken for a layer: the new icon's foreground is IconForge's own, the logo stays, the build type is told; a run into that build type gives it an icon of its own")
    func logoDrawnInsetIsNotALayer() throws {
        let files = [
            "app/src/main/AndroidManifest.xml": "<manifest><application android:icon=\"@mipmap/ic_launcher\"/></manifest>\n",
            "app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml": Self.adaptive(
                "    <background android:drawable=\"@color/launcher_icon_background\" />\n"
                + "    <foreground>\n        <inset android:drawable=\"@drawable/ic_app_logo\" android:inset=\"22%\" />\n    </foreground>\n"),
            "app/src/main/res/drawable/ic_app_logo.xml": Self.logo,
            "app/src/main/res/values/colors.xml": "<resources>\n    <color name=\"launcher_icon_background\">#F0F8FF</color>\n</resources>\n",
            "app/src/debug/res/drawable/ic_app_logo.xml": Self.logo.replacingOccurrences(of: "#000000", with: "#FF0000"),
        ]
        let root = try Fixtures.tree(files)
        let main = root.appendingPathComponent("app/src/main/res")
        let report = try Self.generate(into: root)
        let xml = try Self.text(main.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml"))
        #expect(xml.contains("<foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>"), "\(xml)")
        #expect(FileManager.default.fileExists(atPath: main.appendingPathComponent("mipmap-xxxhdpi/ic_launcher_foreground.png").path))
        // The logo is nobody's layer: no pictures under its name, main's and the build type's drawables as they were.
        let everything = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }
        #expect(!everything.contains { $0.hasSuffix("ic_app_logo.png") }, "\(everything)")
        #expect(try Self.text(main.appendingPathComponent("drawable/ic_app_logo.xml")) == Self.logo)
        #expect(!report.notes.contains { $0.contains("kept the name @drawable/ic_app_logo") }, "\(report.notes)")
        #expect(report.warnings.contains { $0.contains("@drawable/ic_app_logo for its <foreground>") && $0.contains("src/debug/res") }, "\(report.warnings)")
        // Into the build type of the project as it was: an icon of its own (main's would inset its 108 dp layers by 22%
        // again), its layers by IconForge's names. (After the main run, main's icon draws its layers whole, and a run into
        // the build type writes only its layers, which that icon draws.)
        let debug = try Fixtures.tree(files).appendingPathComponent("app/src/debug/res")
        let debugReport = try Self.generate(into: debug)
        let debugXML = try Self.text(debug.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml"))
        #expect(debugXML.contains("<foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>"), "\(debugXML)")
        #expect(FileManager.default.fileExists(atPath: debug.appendingPathComponent("mipmap-xxxhdpi/ic_launcher_foreground.png").path))
        #expect(!FileManager.default.fileExists(atPath: debug.appendingPathComponent("drawable-xxxhdpi/ic_app_logo.png").path))
        #expect(debugReport.notes.contains { $0.contains("through an <inset>") }, "\(debugReport.notes)")
    }
}
