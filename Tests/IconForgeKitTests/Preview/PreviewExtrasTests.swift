import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

private func rgb(_ image: Image, _ x: Int, _ y: Int) -> SIMD3<Int> {
    let p = image.pixel(x: x, y: y)
    return SIMD3(Int(p[0]), Int(p[1]), Int(p[2]))
}

/// The sheet's sections for Android's notification, splash and TV icons and a browser extension's toolbar icons, from
/// folders generated here.
@Suite("preview sections: Android extras and browser extensions")
struct PreviewExtrasTests {
    private func generated(_ presets: String, master: String = "glyph-master.png", files: [String: String] = [:]) throws -> URL {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets(presets)))
            .run(source: Fixtures.testImages.appendingPathComponent(master).path, outputFolder: folder.path)
        return folder
    }

    @Test("Android: the notification icon in one colour (white on the status bar, grey in a light shade), the splash icon on a light and a dark phone through the centre circle only, the TV banner at 320 px")
    func android() throws {
        let folder = try generated("android-notification,android-splash,android-tv")
        let sheet = try Previewer(options: GenerateOptions(presets: [])).render(sources: [folder.path])
        let tiles = sheet.tiles.filter { $0.section == "Android notification, splash screen and TV" }
        #expect(tiles.map { $0.caption[0] } == ["Status bar", "Light shade", "Splash, light", "Splash, dark", "TV launcher banner"])
        // Every drawn pixel of the status-bar glyph is white or the backdrop's (no colour of the master's survives).
        let status = tiles[0], pixels = try #require(status.pixels)
        var white = 0
        for y in status.y..<status.y + pixels.height { for x in status.x..<status.x + 96 where rgb(sheet.image, x, y) == SIMD3(255, 255, 255) { white += 1 } }
        #expect(white > 100)
        // The phone: its screen's colour at the top, the icon's circle in the middle; outside the circle only the screen.
        let light = tiles[2], dark = tiles[3]
        #expect(light.pixels == PixelSize(width: 180, height: 360))
        #expect(rgb(sheet.image, light.x + 90, light.y + 40) == SIMD3(255, 255, 255) && rgb(sheet.image, dark.x + 90, dark.y + 40) == SIMD3(0x1C, 0x1B, 0x1F))
        #expect(rgb(sheet.image, dark.x + 90 + 60, dark.y + 180) == SIMD3(0x1C, 0x1B, 0x1F), "outside the 192 dp circle")
        #expect(tiles[4].pixels == PixelSize(width: 320, height: 180))
        #expect(light.file == "drawable-xxxhdpi/splash_icon.png" && dark.file == "drawable-xxxhdpi/splash_icon.png")
    }

    @Test("the TV banner the manifest names (Jellyfin's @mipmap/app_banner, a PNG per density) is drawn, its densest; no banner.png is needed")
    func manifestNamedBanner() throws {
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let main = root.appendingPathComponent("app/src/main")
        try FileManager.default.createDirectory(at: main.appendingPathComponent("res/mipmap-xhdpi"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: main.appendingPathComponent("res/mipmap-xxxhdpi"), withIntermediateDirectories: true)
        try Data(##"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:icon="@mipmap/app_icon" android:banner="@mipmap/app_banner"/></manifest>"##.utf8)
            .write(to: main.appendingPathComponent("AndroidManifest.xml"))
        try Data(PNG.encode(Image(width: 320, height: 180, fill: SIMD4(0, 0, 80, 255)))).write(to: main.appendingPathComponent("res/mipmap-xhdpi/app_banner.png"))
        try Data(PNG.encode(Image(width: 640, height: 360, fill: SIMD4(0, 0, 80, 255)))).write(to: main.appendingPathComponent("res/mipmap-xxxhdpi/app_banner.png"))
        try Data(PNG.encode(Image(width: 192, height: 192, fill: SIMD4(0, 0, 80, 255)))).write(to: main.appendingPathComponent("res/mipmap-xxxhdpi/app_icon.png"))
        let tiles = try Previewer(options: GenerateOptions(presets: [])).render(sources: [main.appendingPathComponent("res").path]).tiles
        let banner = try #require(tiles.first { $0.caption[0] == "TV launcher banner" }, "\(tiles.map(\.caption))")
        #expect(banner.file == "mipmap-xxxhdpi/app_banner.png" && banner.pixels == PixelSize(width: 320, height: 180))
    }

    @Test("with a night splash icon (drawable-night-*), the dark phone shows it and the light phone the day one")
    func splashNight() throws {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("out")
        var options = GenerateOptions(presets: try PresetCatalog.presets("android-splash"))
        options.darkSourcePath = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        _ = try Generator(options: options).run(source: Fixtures.testImages.appendingPathComponent("glyph-master.png").path, outputFolder: folder.path)
        let tiles = try Previewer(options: GenerateOptions(presets: [])).render(sources: [folder.path]).tiles.filter { $0.caption[0].hasPrefix("Splash") }
        #expect(tiles.map(\.file) == ["drawable-xxxhdpi/splash_icon.png", "drawable-night-xxxhdpi/splash_icon.png"])
    }

    @Test("tvOS and visionOS: the App Icon's layers drawn together (tvOS at 400x240 with rounded corners, the logo on the back layer's colour), the Top Shelf images 400 px wide; visionOS's in its circle")
    func layeredIcons() throws {
        var options = GenerateOptions(presets: try PresetCatalog.presets("tvos,visionos"))
        options.background = RGBColor(red: 0x12, green: 0x34, blue: 0x56)
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("out")
        _ = try Generator(options: options).run(source: Fixtures.testImages.appendingPathComponent("glyph-master.png").path, outputFolder: folder.path)
        let sheet = try Previewer(options: GenerateOptions(presets: [])).render(sources: [folder.path])
        let tv = sheet.tiles.filter { $0.section == "tvOS" }
        #expect(tv.map { $0.caption[0] } == ["Home screen, at rest (400x240)", "Top Shelf Image.imageset", "Top Shelf Image Wide.imageset"])
        let icon = try #require(tv.first), size = try #require(icon.pixels)
        #expect(size == PixelSize(width: 400, height: 240))
        // The back layer's colour at the icon's side, and none at its rounded corner (the tile's backdrop shows there).
        #expect(rgb(sheet.image, icon.x + 20, icon.y + 120) == SIMD3(0x12, 0x34, 0x56))
        #expect(rgb(sheet.image, icon.x, icon.y) != SIMD3(0x12, 0x34, 0x56))
        #expect(icon.caption.contains("2 layers") && icon.file?.hasSuffix("App Icon.imagestack") == true)
        #expect(tv.dropFirst().allSatisfy { $0.pixels?.width == 400 })
        let vision = try #require(sheet.tiles.first { $0.section == "visionOS" })
        #expect(vision.pixels == PixelSize(width: 216, height: 216))
    }

    @Test("a browser extension: its toolbar icons (16 and 32 px, from the manifest) on Chrome's light and dark toolbars, 1:1 and magnified")
    func browserExtension() throws {
        let folder = try generated("browser-extension", master: "app-icon-master.png",
                                   files: ["manifest.json": #"{"manifest_version": 3, "name": "x", "version": "1", "action": {}}"#])
        let sheet = try Previewer(options: GenerateOptions(presets: [])).render(sources: [folder.path])
        let tiles = sheet.tiles.filter { $0.section == "Browser extension" }
        #expect(tiles.map { $0.caption[0] } == ["Toolbar, light", "Toolbar, dark", "Toolbar, light", "Toolbar, dark"])
        #expect(tiles.map(\.file) == ["icons/icon-16.png", "icons/icon-16.png", "icons/icon-32.png", "icons/icon-32.png"])
        // The toolbar's colour around the 1:1 icon.
        #expect(rgb(sheet.image, tiles[0].x + 2, tiles[0].y + (tiles[0].pixels?.height ?? 0) / 2) == SIMD3(0xF1, 0xF3, 0xF4))
        #expect(rgb(sheet.image, tiles[1].x + 2, tiles[1].y + (tiles[1].pixels?.height ?? 0) / 2) == SIMD3(0x35, 0x36, 0x3A))
    }
    @Test("Tridactyl's manifest (MV2: browser_action's default_icon one path, static/logo/Tridactyl_32px.png; icons 64, 100 and 150, none at 16 or 32): its toolbar button is drawn from that file at 16 and 32 px, as the browser scales it; it said 'nothing to preview: no … browser extension manifest'")
    func browserExtensionWithoutToolbarSizes() throws {
        let folder = try Fixtures.tree(["manifest.json": #"{"manifest_version": 2, "name": "T", "version": "1", "icons": {"64": "static/logo/Tridactyl_64px.png", "150": "static/logo/Tridactyl_150px.png"}, "browser_action": {"default_icon": "static/logo/Tridactyl_32px.png"}}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = folder.appendingPathComponent("static/logo")
        try FileManager.default.createDirectory(at: logo, withIntermediateDirectories: true)
        for side in [32, 64, 150] {
            try Data(PNG.encode(Image(width: side, height: side, fill: SIMD4(200, 30, 30, 255)))).write(to: logo.appendingPathComponent("Tridactyl_\(side)px.png"))
        }
        let sheet = try Previewer(options: GenerateOptions(presets: [])).render(sources: [folder.path])
        let tiles = sheet.tiles.filter { $0.section == "Browser extension" }
        #expect(tiles.map(\.file) == Array(repeating: "static/logo/Tridactyl_32px.png", count: 4), "\(tiles.map(\.file))")
        #expect(tiles.first?.caption.contains { $0.contains("16 px, scaled by the browser") } == true, "\(tiles.map(\.caption))")
        // Without the button's path, the nearest larger icon (64) is what the browser scales.
        try Data(#"{"manifest_version": 2, "name": "T", "version": "1", "icons": {"64": "static/logo/Tridactyl_64px.png", "150": "static/logo/Tridactyl_150px.png"}}"#.utf8)
            .write(to: folder.appendingPathComponent("manifest.json"))
        let again = try Previewer(options: GenerateOptions(presets: [])).render(sources: [folder.path]).tiles.filter { $0.section == "Browser extension" }
        #expect(again.map(\.file) == Array(repeating: "static/logo/Tridactyl_64px.png", count: 4), "\(again.map(\.file))")
    }
}
