import Raster
import Testing

@Suite("Image.separatedGlyph: the main glyph of a full-bleed picture")
struct GlyphSeparationTests {
    static let side = 256
    static let white = SIMD4<UInt16>(255, 255, 255, 0) // in the 8-bit picture's range

    /// Whether (x, y) is in the drawn glyph: a ring (its hole is background) and a bar below it.
    static func inGlyph(_ x: Int, _ y: Int) -> Bool {
        let (dx, dy) = (Double(x) + 0.5 - 128, Double(y) + 0.5 - 110)
        let r = (dx * dx + dy * dy).squareRoot()
        return (r >= 36 && r <= 64) || (x >= 72 && x < 184 && y >= 196 && y < 216)
    }

    /// An opaque 8-bit picture: a vertical gradient background with ±2% noise, the glyph in near-white, and three
    /// 2×2 specks of the glyph's colour.
    static func master(glyph: Bool = true) -> Image {
        var image = Image(width: side, height: side, format: .rgba8)
        var state: UInt32 = 12345
        for y in 0..<side {
            for x in 0..<side {
                state = state &* 1_664_525 &+ 1_013_904_223
                let noise = Double(Int(state >> 24) - 128) / 128 * 0.02
                let t = Double(y) / Double(side - 1)
                var colour = SIMD3(0.10, 0.30 + 0.3 * t, 0.80 - 0.1 * t) + noise
                let speck = [(20, 30), (230, 40), (30, 240)].contains { x >= $0.0 && x < $0.0 + 2 && y >= $0.1 && y < $0.1 + 2 }
                if glyph && (inGlyph(x, y) || speck) { colour = SIMD3(0.95, 0.95, 0.92) + noise }
                let v = (colour * 255).rounded(.toNearestOrEven)
                image.setPixel(x: x, y: y, SIMD4(UInt16(max(0, min(255, v.x))), UInt16(max(0, min(255, v.y))), UInt16(max(0, min(255, v.z))), 255))
            }
        }
        return image
    }

    @Test("the glyph matches what was drawn (IoU ≥ 0.95), its hole stays a hole, specks are dropped")
    func separates() throws {
        let glyph = try #require(Self.master().separatedGlyph(color: Self.white))
        var intersection = 0, union = 0
        for y in 0..<Self.side {
            for x in 0..<Self.side {
                let covered = glyph.pixel(x: x, y: y)[3] >= 128, drawn = Self.inGlyph(x, y)
                if covered && drawn { intersection += 1 }
                if covered || drawn { union += 1 }
            }
        }
        let iou = Double(intersection) / Double(union)
        #expect(iou >= 0.95, "IoU \(iou)")
        #expect(glyph.pixel(x: 128, y: 110)[3] == 0, "the ring's hole is background")
        #expect(glyph.pixel(x: 20, y: 30)[3] == 0 && glyph.pixel(x: 230, y: 40)[3] == 0, "specks are dropped")
        #expect(glyph.pixel(x: 128, y: 205) == SIMD4(255, 255, 255, 255), "the glyph is the colour asked for, fully covered")
    }

    @Test("a picture with nothing standing out from its background has no glyph")
    func nothingToSeparate() {
        #expect(Self.master(glyph: false).separatedGlyph(color: Self.white) == nil)
    }
}
