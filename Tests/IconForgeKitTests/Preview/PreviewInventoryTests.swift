import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// Writes `text` to `relative` inside `folder`, creating its folders.
private func put(_ text: String, _ relative: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

private func copy(_ from: URL, _ relative: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: from, to: url)
}

@Suite("preview inventory: what is found where real projects keep it")
struct PreviewInventoryTests {
    @Test("an extension's empty AppIcon placeholder is passed over for the app's AppIcon.icon (Ice Cubes' layout); other sets are named in a note")
    func iconComposerProject() throws {
        let project = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        try copy(Fixtures.testImages.appendingPathComponent("icon/Layered.icon"), "AppIcon.icon", in: project)
        try put(#"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#,
                "Widgets/Assets.xcassets/AppIcon.appiconset/Contents.json", in: project)
        let sheet = try previewer().render(sources: [project.path])
        let home = sheet.tiles.filter { $0.section == "iOS home screen" }
        #expect(home.count == 3 && home.allSatisfy { $0.file == "AppIcon.icon" && $0.pixels == PixelSize(width: 180, height: 180) })
        // The dark appearance of Layered.icon differs from the light one: the sheet draws each.
        let centres = home.map { sheet.image.pixel(x: $0.x + 90, y: $0.y + 90) }
        #expect(centres[0] != centres[1])
    }

    @Test("a watch app's own icon set and a WebP file named .png (Home Assistant's layout): the watch section from that set, the WebP tile not drawn, saying why")
    func separateWatchSetAndWebP() throws {
        let project = try generatedFolder("ios-single")
        defer { try? FileManager.default.removeItem(at: project) }
        let watch = try generatedFolder("watchos") { $0.appIconName = "WatchIcon" }
        defer { try? FileManager.default.removeItem(at: watch) }
        try copy(watch.appendingPathComponent("WatchIcon.appiconset"), "Watch/WatchIcon.appiconset", in: project)
        var riff = Array("RIFF".utf8) + [0x1A, 0, 0, 0] + Array("WEBPVP8X".utf8)
        riff += [UInt8](repeating: 0, count: 22)
        try Data(riff).write(to: project.appendingPathComponent("AppIcon.appiconset/1024-mac.png"))
        let contents = project.appendingPathComponent("AppIcon.appiconset/Contents.json")
        var json = try String(contentsOf: contents, encoding: .utf8)
        json = json.replacingOccurrences(of: #""images" : ["#, with: #""images" : [ { "filename" : "1024-mac.png", "idiom" : "mac", "scale" : "2x", "size" : "512x512" },"#)
        try Data(json.utf8).write(to: contents)
        let sheet = try previewer().render(sources: [project.path])
        let watchTile = try #require(sheet.tiles.first { $0.section == "watchOS" })
        #expect(watchTile.file == "Watch/WatchIcon.appiconset/AppIcon-watchOS.png" || watchTile.file?.hasPrefix("Watch/WatchIcon.appiconset/") == true)
        #expect(watchTile.pixels == PixelSize(width: 196, height: 196))
        let mac = try #require(sheet.tiles.first { $0.section == "macOS" })
        #expect(mac.pixels == nil && mac.caption.contains("WebP is not drawn"))
        #expect(mac.finding != nil, "its finding is on the tile: \(mac.finding ?? "none")")
    }

    @Test("an adaptive icon whose foreground is a vector drawable (sunflower's layout): the legacy icons are shown, the adaptive ones are not drawn")
    func vectorDrawableForeground() throws {
        let generated = try generatedFolder("android")
        defer { try? FileManager.default.removeItem(at: generated) }
        let res = try Fixtures.temporaryFolder().appendingPathComponent("app/src/main/res")
        defer { try? FileManager.default.removeItem(at: res.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()) }
        for density in ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"] {
            for name in ["ic_launcher.png", "ic_launcher_round.png"] {
                try copy(generated.appendingPathComponent("mipmap-\(density)/\(name)"), "mipmap-\(density)/\(name)", in: res)
            }
        }
        try put("""
            <?xml version="1.0" encoding="utf-8"?>
            <adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">
                <background android:drawable="@color/ic_launcher_background"/>
                <foreground android:drawable="@drawable/ic_launcher_foreground"/>
            </adaptive-icon>
            """, "mipmap-anydpi-v26/ic_launcher.xml", in: res)
        try put(#"<vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="108dp" android:height="108dp"/>"#,
                "drawable/ic_launcher_foreground.xml", in: res)
        try put(#"<resources><color name="ic_launcher_background">#3DDC84</color></resources>"#, "values/ic_launcher_background.xml", in: res)
        let sheet = try previewer().render(sources: [res.path])
        let android = sheet.tiles.filter { $0.section.hasPrefix("Android launcher") }
        #expect(android.map { $0.caption[0] } == ["Legacy ic_launcher", "Legacy round"])
        #expect(android.allSatisfy { $0.pixels == PixelSize(width: 192, height: 192) })
    }

    @Test("a monochrome layer that is a vector drawable (Thunderbird's) is said to be not drawn, not said to be missing; with no <monochrome>, it is said to be missing")
    func vectorDrawableMonochrome() throws {
        let generated = try generatedFolder("android")
        defer { try? FileManager.default.removeItem(at: generated) }
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let res = root.appendingPathComponent("app/src/main/res")
        try copy(generated.appendingPathComponent("mipmap-xxxhdpi/ic_launcher_foreground.png"), "mipmap-xxxhdpi/ic_launcher_foreground.png", in: res)
        try put(#"<resources><color name="ic_launcher_background">#3DDC84</color></resources>"#, "values/ic_launcher_background.xml", in: res)
        func notes(monochrome: Bool) throws -> [String] {
            try put("""
                <?xml version="1.0" encoding="utf-8"?>
                <adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">
                    <background android:drawable="@color/ic_launcher_background"/>
                    <foreground android:drawable="@mipmap/ic_launcher_foreground"/>
                    \(monochrome ? #"<monochrome android:drawable="@drawable/ic_logo_monochrome"/>"# : "")
                </adaptive-icon>
                """, "mipmap-anydpi-v26/ic_launcher.xml", in: res)
            let sheet = try previewer().render(sources: [res.path])
            return sheet.notes.filter { $0.key.hasPrefix("Android launcher") }.flatMap(\.value)
        }
        try put(#"<vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="108dp" android:height="108dp"/>"#,
                "drawable/ic_logo_monochrome.xml", in: res)
        let vector = try notes(monochrome: true)
        #expect(vector.contains { $0.contains("<monochrome> is the vector drawable") } && !vector.contains { $0.hasPrefix("No monochrome layer") }, "\(vector)")
        #expect(try notes(monochrome: false).contains { $0.hasPrefix("No monochrome layer") })
    }

    @Test("preview reads Android through the project model: the adaptive icon of a minSdk 26 app in mipmap-anydpi/ (Bitwarden's layout), its background colour from a library module")
    func anydpiAdaptiveIcon() throws {
        let project = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        try put("include ':app', ':ui'\n", "settings.gradle", in: project)
        try put("android { defaultConfig { minSdk = 29 } }\n", "app/build.gradle.kts", in: project)
        let res = project.appendingPathComponent("app/src/main/res")
        // A clear foreground: the background shows through all of it.
        try FileManager.default.createDirectory(at: res.appendingPathComponent("mipmap-xxxhdpi"), withIntermediateDirectories: true)
        try FileIO.writeAtomically(try PNG.encode(Image(width: 432, height: 432, format: .rgba8)),
                                   to: res.appendingPathComponent("mipmap-xxxhdpi/ic_launcher_foreground.png").path)
        try put("""
            <?xml version="1.0" encoding="utf-8"?>
            <adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">
                <background android:drawable="@color/brand_blue"/>
                <foreground android:drawable="@mipmap/ic_launcher_foreground"/>
            </adaptive-icon>
            """, "mipmap-anydpi/ic_launcher.xml", in: res)
        try put(#"<resources><color name="brand_blue">#175DDC</color></resources>"#, "ui/src/main/res/values/colors.xml", in: project)
        let sheet = try previewer().render(sources: [res.path])
        let adaptive = sheet.tiles.filter { $0.caption.first?.hasPrefix("Adaptive,") == true }
        #expect(adaptive.map { $0.caption[0] } == ["Adaptive, circle mask", "Adaptive, squircle mask"], "\(sheet.tiles.map(\.caption))")
        // The circle's centre: the library's blue.
        let circle = try #require(adaptive.first)
        let pixel = sheet.image.pixel(x: circle.x + 96, y: circle.y + 96)
        #expect(abs(Int(pixel[0]) - 0x17) < 8 && abs(Int(pixel[1]) - 0x5D) < 8 && abs(Int(pixel[2]) - 0xDC) < 8, "\(pixel)")
    }

    @Test("a web folder with no manifest but an Apple touch icon and favicons (excalidraw's public/) is shown; icons in node_modules are not")
    func webFolderWithoutManifest() throws {
        let generated = try generatedFolder("web")
        defer { try? FileManager.default.removeItem(at: generated) }
        let site = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        for name in ["apple-touch-icon.png", "favicon-32x32.png"] {
            try copy(generated.appendingPathComponent(name), "public/\(name)", in: site)
        }
        try copy(generated.appendingPathComponent("manifest.webmanifest"), "node_modules/pkg/manifest.webmanifest", in: site)
        let sheet = try previewer().render(sources: [site.path])
        #expect(sheet.tiles.map(\.file) == ["public/apple-touch-icon.png", "public/favicon-32x32.png"])
    }

    @Test("a Flutter web/ folder: the maskable icon its manifest lists, the touch icon and favicon its index.html links")
    func flutterWeb() throws {
        let site = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        try copy(Fixtures.testImages.appendingPathComponent("web-flutter"), "web", in: site)
        let sheet = try previewer().render(sources: [site.appendingPathComponent("web").path])
        let web = sheet.tiles.filter { $0.section == "Web" }
        #expect(web.map(\.file) == ["icons/Icon-maskable-512.png", "icons/Icon-192.png", "favicon.png"])
        #expect(web[1].pixels == PixelSize(width: 180, height: 180) && web[2].pixels == PixelSize(width: 32 + 12 + 64, height: 64))
    }

    @Test("a preview never draws a file outside the folder named: not `@mipmap/../../x`, not a link out of res/, not a page's `../` touch icon")
    func nothingOutsideTheFolder() throws {
        let generated = try generatedFolder("android")
        defer { try? FileManager.default.removeItem(at: generated) }
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        // The secret is a real PNG outside the project: drawn, it would show up as a tile.
        try copy(generated.appendingPathComponent("mipmap-xxxhdpi/ic_launcher.png"), "secret/x.png", in: root)
        try copy(generated.appendingPathComponent("mipmap-xxxhdpi/ic_launcher.png"), "secret/mipmap-xxxhdpi/outside.png", in: root)
        let res = root.appendingPathComponent("project/app/src/main/res")
        try put("""
            <?xml version="1.0" encoding="utf-8"?>
            <adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">
                <background android:drawable="@mipmap/../../../../../../secret/x"/>
                <foreground android:drawable="@mipmap/outside"/>
            </adaptive-icon>
            """, "mipmap-anydpi-v26/ic_launcher.xml", in: res)
        try FileManager.default.createSymbolicLink(at: res.appendingPathComponent("mipmap-xxxhdpi"), withDestinationURL: root.appendingPathComponent("secret/mipmap-xxxhdpi"))
        try copy(generated.appendingPathComponent("mipmap-xxxhdpi/ic_launcher.png"), "mipmap-mdpi/ic_launcher.png", in: res)
        let sheet = try previewer().render(sources: [root.appendingPathComponent("project").path])
        #expect(!sheet.tiles.contains { ($0.file ?? "").contains("secret") || ($0.file ?? "").contains("outside") || ($0.file ?? "").contains("x.png") },
                "\(sheet.tiles.map(\.file))")

        let site = root.appendingPathComponent("site/public")
        try copy(generated.appendingPathComponent("mipmap-xxxhdpi/ic_launcher.png"), "favicon-32x32.png", in: site)
        try put(#"<html><head><link rel="apple-touch-icon" href="../../secret/x.png"></head></html>"#, "index.html", in: site)
        let web = try previewer().render(sources: [site.path]).tiles.filter { $0.section == "Web" }
        #expect(web.map(\.file) == ["favicon-32x32.png"], "\(web.map(\.file))")
    }
}

@Suite("preview: the desktop platforms")
struct DesktopPreviewTests {
    @Test("a Windows folder: the Start tile plated and the app-list icon unplated, the taskbar on dark and light, the .ico's largest and smallest entries; a hicolor tree's 48 px icon on a dark panel and its largest")
    func windowsAndLinux() throws {
        let windows = try generatedFolder("windows")
        let linux = try generatedFolder("linux")
        let sheet = try previewer().render(sources: [windows.path, linux.path])
        let captions = sheet.tiles.map { $0.caption.joined(separator: " ") }
        for expected in ["Start, medium tile (150 px)", "Start menu, unplated (48 px)", "Taskbar, dark (24 px)", "Taskbar, light (24 px)",
                         "app.ico 256×256 entry", "app.ico 16×16 entry", "On a dark panel"] {
            #expect(captions.contains { $0.contains(expected) }, "no tile '\(expected)' in \(captions)")
        }
        #expect(sheet.tiles.contains { $0.section.hasSuffix("Windows") && $0.file?.hasSuffix("Square44x44Logo.targetsize-48_altform-unplated.png") == true })
        #expect(sheet.tiles.contains { $0.section.hasSuffix("Linux (hicolor)") && $0.file?.hasSuffix("hicolor/512x512/apps/app.png") == true })
        #expect(sheet.errors == 0)
    }
}
