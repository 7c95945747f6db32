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
}
