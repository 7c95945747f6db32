import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// A 1024² master of one colour, so every picture's inside is that colour exactly.
private func solidMaster(in folder: URL, _ colour: RGBColor) throws -> String {
    let path = folder.appendingPathComponent("solid.png").path
    let image = Image(width: 1024, height: 1024, fill: SIMD4(UInt16(colour.red), UInt16(colour.green), UInt16(colour.blue), 255))
    try FileIO.writeAtomically(PNG.encode(image, options: PNGEncodeOptions(colorType: .rgb)), to: path)
    return path
}

private func rgb(_ image: Image, _ x: Int, _ y: Int) -> SIMD3<Int> {
    let p = image.pixel(x: x, y: y)
    return SIMD3(Int(p[0]), Int(p[1]), Int(p[2]))
}

private func close(_ a: SIMD3<Int>, _ b: SIMD3<Int>, _ tolerance: Int = 2) -> Bool {
    let d = a &- b
    return abs(d.x) <= tolerance && abs(d.y) <= tolerance && abs(d.z) <= tolerance
}

@Suite("preview sections")
struct PreviewSectionsTests {
    static let colour = RGBColor(red: 0x33, green: 0x66, blue: 0xCC)

    private func sheet(monochromeGlyph: Bool = false) throws -> PreviewSheet {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = GenerateOptions(presets: [])
        options.limits = .default
        if monochromeGlyph {
            // A flat master has no glyph of its own to theme: a disc on transparency is given as the monochrome layer.
            var glyph = Image(width: 512, height: 512, fill: SIMD4(0, 0, 0, 0))
            for y in 0..<512 { for x in 0..<512 where (x - 256) * (x - 256) + (y - 256) * (y - 256) < 100 * 100 { glyph.setPixel(x: x, y: y, SIMD4(255, 255, 255, 255)) } }
            let path = folder.appendingPathComponent("glyph.png").path
            try FileIO.writeAtomically(try PNG.encode(glyph), to: path)
            options.monochrome = .file(path)
        }
        let master = try solidMaster(in: folder, Self.colour)
        return try Previewer(options: options).render(sources: [master])
    }

    @Test("home screen: 180 px under the iOS mask (the wallpaper shows at the corners); dark without a variant shows the light icon; tinted is the luminance times the tint")
    func homeScreen() throws {
        let sheet = try sheet()
        let home = sheet.tiles.filter { $0.section == "iOS home screen" }
        try #require(home.count == 3)
        let colour = SIMD3(Int(Self.colour.red), Int(Self.colour.green), Int(Self.colour.blue))
        for tile in home { #expect(tile.pixels == PixelSize(width: 180, height: 180), "\(tile.caption)") }
        let (light, dark, tinted) = (home[0], home[1], home[2])
        #expect(light.caption.first == "Light" && dark.caption.first == "Dark" && tinted.caption.first == "Tinted (approximation)")
        #expect(rgb(sheet.image, light.x + 90, light.y + 90) == colour)
        #expect(rgb(sheet.image, dark.x + 90, dark.y + 90) == colour, "no dark variant: the light icon")
        for tile in [light, dark, tinted] {
            #expect(!close(rgb(sheet.image, tile.x + 1, tile.y + 1), rgb(sheet.image, tile.x + 90, tile.y + 90), 8), "masked corner of \(tile.caption[0])")
        }
        // The tinted variant (auto) is the master's luminance; the sheet multiplies it by the tint.
        let grey = Image(width: 1, height: 1, fill: SIMD4(UInt16(Self.colour.red), UInt16(Self.colour.green), UInt16(Self.colour.blue), 255)).luminance().pixel(x: 0, y: 0)[0]
        let tint = Previewer(options: GenerateOptions(presets: [])).tint
        let expected = SIMD3(Int(grey) * Int(tint.red) / 255, Int(grey) * Int(tint.green) / 255, Int(grey) * Int(tint.blue) / 255)
        #expect(close(rgb(sheet.image, tinted.x + 90, tinted.y + 90), expected), "\(rgb(sheet.image, tinted.x + 90, tinted.y + 90)) vs \(expected)")
    }

    @Test("small sizes: each file at 1:1 beside it magnified to about 120 px in unsmoothed blocks; larger than 60 px at 1:1 alone")
    func smallSizes() throws {
        let sheet = try sheet()
        let small = sheet.tiles.filter { $0.section == "Small sizes" }
        let twenty = try #require(small.first { $0.file == "AppIcon.appiconset/Icon-20@1x.png" })
        #expect(twenty.pixels == PixelSize(width: 20 + 12 + 120, height: 120) && twenty.caption.contains("1:1 and ×6"))
        let eighty = try #require(small.first { $0.file == "AppIcon.appiconset/Icon-40@2x.png" })
        #expect(eighty.pixels == PixelSize(width: 80, height: 80) && eighty.caption.contains("1:1"))
        #expect(small.map { $0.pixels?.height ?? 0 }.allSatisfy { $0 <= 120 }, "files above 120 px are not small sizes")
    }

    @Test("Android: the adaptive layers under circle and squircle masks (the launcher backdrop at the corners), the themed monochrome layer under Android 16's five shapes in light and dark palettes, the legacy icons 1:1")
    func android() throws {
        let sheet = try sheet(monochromeGlyph: true)
        let android = sheet.tiles.filter { $0.section.hasPrefix("Android launcher") }
        let themed = ["light", "dark"].flatMap { palette in ["circle", "square", "rounded square", "cookie", "arch"].map { "Themed, \(palette), \($0)" } }
        #expect(android.map { $0.caption[0] } == ["Adaptive, circle mask", "Adaptive, squircle mask"] + themed + ["Legacy ic_launcher", "Legacy round"])
        // Android 16's shapes, on the themed tones: the square's corner is inside it, the circle's corner outside.
        let (lightCircle, lightSquare, darkCircle, darkSquare) = (android[2], android[3], android[7], android[8])
        #expect(lightCircle.pixels == PixelSize(width: 150, height: 150))
        let tile = { (tile: PreviewSheet.Tile) in rgb(sheet.image, tile.x + 8, tile.y + 8) }
        #expect(tile(lightSquare) != tile(lightCircle) && tile(darkSquare) != tile(darkCircle), "the square's corner is drawn, the circle's is not")
        #expect(tile(lightSquare) != tile(darkSquare), "two palettes")
        let circle = android[0], squircle = android[1]
        let colour = SIMD3(Int(Self.colour.red), Int(Self.colour.green), Int(Self.colour.blue))
        #expect(circle.pixels == PixelSize(width: 192, height: 192) && close(rgb(sheet.image, circle.x + 96, circle.y + 96), colour))
        let backdrop = SIMD3(0xDD, 0xE3, 0xEA)
        #expect(close(rgb(sheet.image, circle.x + 20, circle.y + 20), backdrop), "outside the circle")
        #expect(close(rgb(sheet.image, squircle.x + 20, squircle.y + 20), colour), "inside the squircle, outside the circle")
        #expect(close(rgb(sheet.image, squircle.x, squircle.y), backdrop), "the squircle's corner")
    }

    @Test("macOS: the 512 pt @2x file at 256 px on a desktop backdrop")
    func mac() throws {
        let sheet = try sheet()
        let mac = try #require(sheet.tiles.first { $0.section == "macOS" })
        #expect(mac.pixels == PixelSize(width: 256, height: 256) && mac.file == "AppIcon.appiconset/icon_512x512@2x.png")
    }

    @Test("web and launch images: the maskable icon's safe-zone circle, the touch icon under the iOS mask, favicons 1:1 and magnified, launch thumbnails 200 px long")
    func webAndLaunch() throws {
        let folder = try generatedFolder("web,launch-images")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sheet = try previewer().render(sources: [folder.path])
        let web = sheet.tiles.filter { $0.section == "Web" }
        #expect(web.map(\.file) == ["icon-maskable-512.png", "apple-touch-icon.png", "favicon-16x16.png", "favicon-32x32.png"])
        #expect(web[0].pixels == PixelSize(width: 192, height: 192) && web[1].pixels == PixelSize(width: 180, height: 180))
        #expect(web[2].pixels == PixelSize(width: 16 + 12 + 64, height: 64))
        let launch = sheet.tiles.filter { $0.section == "Launch images" }
        #expect(launch.count >= 15 && launch.allSatisfy { max($0.pixels!.width, $0.pixels!.height) == 200 })
    }
}
