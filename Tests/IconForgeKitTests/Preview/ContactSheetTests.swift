import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("contact sheet")
struct ContactSheetTests {
    @Test("tiles wrap inside the sheet's margins and never overlap")
    func layout() throws {
        let folder = try generatedFolder("ios,launch-images")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sheet = try previewer().render(sources: [folder.path])
        #expect(sheet.image.width == 1200 && sheet.tiles.count > 25)
        let frames = sheet.tiles.compactMap { tile in tile.pixels.map { (tile.x, tile.y, $0.width, $0.height) } }
        for (x, y, width, height) in frames { #expect(x >= 28 && x + width <= 1200 - 28 && y + height < sheet.image.height) }
        for (i, a) in frames.enumerated() {
            for b in frames[(i + 1)...] {
                #expect(a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0 || a.1 + a.3 <= b.1 || b.1 + b.3 <= a.1, "\(a) overlaps \(b)")
            }
        }
    }

    @Test("the title is drawn as text, and a file's finding is on its tile and in the list, in the error colour")
    func textAndFindings() throws {
        let folder = try generatedFolder("ios")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A wrong-size file: validate's size rule, an error.
        let small = try PNG.encode(Image(width: 10, height: 10, fill: SIMD4(0, 200, 0, 255)), options: PNGEncodeOptions(colorType: .rgb))
        try FileIO.writeAtomically(small, to: folder.appendingPathComponent("AppIcon.appiconset/Icon-20@1x.png").path)
        let sheet = try previewer().render(sources: [folder.path])
        #expect(sheet.errors == 1)
        let tile = try #require(sheet.tiles.first { $0.file == "AppIcon.appiconset/Icon-20@1x.png" })
        #expect(tile.finding?.hasPrefix("size: Icon-20@1x.png is 10x10 but should be 20x20") == true)
        func count(_ region: (x: Range<Int>, y: Range<Int>), _ match: (SIMD4<UInt16>) -> Bool) -> Int {
            region.y.reduce(0) { sum, y in sum + region.x.filter { match(sheet.image.pixel(x: $0, y: y)) }.count }
        }
        let dark = count((28..<600, 28..<56)) { $0[0] < 80 && $0[1] < 80 && $0[2] < 80 }
        #expect(dark > 200, "the title's glyphs (librsvg and the system's fonts): \(dark) dark pixels")
        let red = count((0..<1200, 0..<sheet.image.height)) { $0[0] > 150 && $0[1] < 80 && $0[2] < 90 }
        #expect(red > 100, "error text in red: \(red) pixels")
    }
}
