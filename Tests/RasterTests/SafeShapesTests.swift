import Raster
import Testing

@Suite("Safe shapes: logo or full bleed, content reach, edges carried on")
struct SafeShapesTests {
    /// A 10×10 transparent image with an opaque red block at x, y of `side`.
    private func logo(x: Int, y: Int, side: Int) -> Image {
        var image = Image(width: 10, height: 10, fill: SIMD4(0, 0, 0, 0))
        for row in y..<y + side { for column in x..<x + side { image.setPixel(x: column, y: row, SIMD4(255, 0, 0, 255)) } }
        return image
    }

    @Test("a logo on transparency has transparent edges and no edge colour of its own; a full-bleed picture has both the other way")
    func logoOrFullBleed() {
        let glyph = logo(x: 3, y: 3, side: 4)
        #expect(glyph.hasTransparentEdges)
        #expect(glyph.edgeColor(fallback: .white) == .white)
        let picture = Image(width: 10, height: 10, fill: SIMD4(10, 20, 30, 255))
        #expect(!picture.hasTransparentEdges)
        #expect(picture.edgeColor(fallback: .white) == RGBColor(red: 10, green: 20, blue: 30))
    }

    @Test("the content's reach is to the farthest pixel centre above the threshold; nothing drawn is nil")
    func contentRadius() {
        // Pixels 3…6 on a 10 px image centred at 5: the farthest centres are at 3.5 and 6.5, 1.5 px off on each axis.
        #expect(logo(x: 3, y: 3, side: 4).contentRadius() == (1.5 * 1.5 * 2).squareRoot())
        #expect(Image(width: 4, height: 4, fill: SIMD4(0, 0, 0, 0)).contentRadius() == nil)
    }

    @Test("edges carried on: every pixel outside is its nearest edge pixel, the inside unchanged")
    func edgeExtended() {
        var inner = Image(width: 2, height: 2, fill: SIMD4(0, 0, 0, 255))
        inner.setPixel(x: 0, y: 0, SIMD4(255, 0, 0, 255))
        inner.setPixel(x: 1, y: 1, SIMD4(0, 0, 255, 255))
        let outer = inner.edgeExtended(toSide: 6, x: 2, y: 2)
        #expect(outer.pixel(x: 0, y: 0) == SIMD4(255, 0, 0, 255) && outer.pixel(x: 5, y: 5) == SIMD4(0, 0, 255, 255))
        #expect(outer.pixel(x: 2, y: 2) == SIMD4(255, 0, 0, 255) && outer.pixel(x: 3, y: 3) == SIMD4(0, 0, 255, 255))
        #expect(outer.pixel(x: 5, y: 0) == inner.pixel(x: 1, y: 0))
    }

    @Test("edges carried on from any origin, inside or partly outside: each pixel is the nearest source pixel, in both formats",
          arguments: [(2, 2), (-1, 3), (4, -2), (-5, -5), (9, 0), (0, 9)])
    func edgeExtendedFromAnyOrigin(x: Int, y: Int) {
        for format in [Image.PixelFormat.rgba8, .rgba16] {
            var inner = Image(width: 3, height: 4, format: format)
            for py in 0..<4 { for px in 0..<3 { inner.setPixel(x: px, y: py, SIMD4(UInt16(px * 40 + 1), UInt16(py * 50 + 2), UInt16(px * py + 3), 200)) } }
            let outer = inner.edgeExtended(toSide: 8, x: x, y: y)
            for oy in 0..<8 {
                for ox in 0..<8 {
                    #expect(outer.pixel(x: ox, y: oy) == inner.pixel(x: min(max(ox - x, 0), 2), y: min(max(oy - y, 0), 3)), "(\(ox), \(oy))")
                }
            }
        }
    }

    @Test("sides continued: the picture unchanged in the middle; the first column beside it is its edge pixel row by row (a gradient runs on); a flat edge stays exactly flat; further out a detailed edge is softened, in both formats",
          arguments: [Image.PixelFormat.rgba8, .rgba16])
    func sideExtended(format: Image.PixelFormat) {
        let top = Int(format.maxValue)
        // 20×100: a vertical gradient on the left edge, alternating stripes (detail) on the right edge.
        var picture = Image(width: 20, height: 100, format: format, fill: SIMD4(0, 0, 0, UInt16(top)))
        for y in 0..<100 {
            for x in 0..<20 {
                let level = UInt16(y * top / 99), stripe = UInt16(y % 2 == 0 ? top : 0)
                picture.setPixel(x: x, y: y, x < 10 ? SIMD4(level, level, level, UInt16(top)) : SIMD4(stripe, 0, 0, UInt16(top)))
            }
        }
        let wide = picture.sideExtended(toWidth: 61)
        #expect(wide.size == PixelSize(width: 61, height: 100) && wide.format == format)
        // 20 on the left, 21 on the right.
        for y in 0..<100 { for x in 0..<20 { #expect(wide.pixel(x: 20 + x, y: y) == picture.pixel(x: x, y: y)) } }
        for y in 0..<100 {
            #expect(wide.pixel(x: 19, y: y) == picture.pixel(x: 0, y: y), "row \(y)")
            #expect(wide.pixel(x: 40, y: y) == picture.pixel(x: 19, y: y), "row \(y)")
        }
        // Further out the gradient is still a gradient (top dark, bottom light), and the stripes have merged towards their mean.
        #expect(wide.pixel(x: 0, y: 5)[0] < wide.pixel(x: 0, y: 94)[0])
        let far = (0..<100).map { Int(wide.pixel(x: 60, y: $0)[0]) }
        #expect(far.max()! - far.min()! < top / 4, "\(far)")
        #expect(wide.isOpaque)
        // A flat picture's sides are exactly its colour.
        let flat = Image(width: 8, height: 8, format: format, fill: SIMD4(UInt16(top / 3), UInt16(top / 5), UInt16(top / 7), UInt16(top)))
        let continued = flat.sideExtended(toWidth: 40)
        for y in 0..<8 { for x in [0, 5, 15, 35, 39] { #expect(continued.pixel(x: x, y: y) == flat.pixel(x: 0, y: 0)) } }
    }

    @Test("padded: the image where it was put, the background everywhere else")
    func padded() {
        var inner = Image(width: 2, height: 3, format: .rgba16)
        for py in 0..<3 { for px in 0..<2 { inner.setPixel(x: px, y: py, SIMD4(UInt16(px + 1) * 1000, UInt16(py + 1) * 2000, 7, 65535)) } }
        let background = SIMD4<UInt16>(10, 20, 30, 40)
        let outer = inner.padded(toSide: 5, x: 3, y: 1, background: background)
        for oy in 0..<5 {
            for ox in 0..<5 {
                let inside = (3..<5).contains(ox) && (1..<4).contains(oy)
                #expect(outer.pixel(x: ox, y: oy) == (inside ? inner.pixel(x: ox - 3, y: oy - 1) : background))
            }
        }
    }
}
