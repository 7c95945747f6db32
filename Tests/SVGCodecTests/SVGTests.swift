import Dispatch
import Raster
import SVGCodec
import TestSupport
import Testing

@Suite("SVG")
struct SVGTests {
    @Test("size facts: the viewBox and the intrinsic size; the aspect comes from the viewBox")
    func info() throws {
        let icon = try SVG.info(Fixtures.bytes("sources/icon.svg"), path: nil)
        #expect(icon.viewBox?.width == 64 && icon.size?.width == 64 && icon.aspectRatio == 1)
        let wide = try SVG.info(Fixtures.bytes("sources/wide.svg"), path: nil)
        #expect(wide.size == nil && wide.aspectRatio == 2 && wide.pixelSize(longSide: 300) == PixelSize(width: 300, height: 150))
    }

    @Test("drawing fills exactly the size asked for, straight alpha, and refuses sizes over the memory limit")
    func render() throws {
        let image = try SVG.render(Fixtures.bytes("sources/wide.svg"), path: nil, size: PixelSize(width: 200, height: 100), maxBytes: 1 << 20)
        #expect(image.size == PixelSize(width: 200, height: 100) && image.pixel(x: 100, y: 50) == SIMD4(255, 204, 0, 255))
        // Drawn into a square, the wide drawing is centred: the margins are transparent.
        let square = try SVG.render(Fixtures.bytes("sources/wide.svg"), path: nil, size: PixelSize(width: 100, height: 100), maxBytes: 1 << 20)
        #expect(square.pixel(x: 50, y: 5)[3] == 0 && square.pixel(x: 50, y: 50)[3] == 255)
        #expect(throws: SVGError.self) {
            try SVG.render(Fixtures.bytes("sources/wide.svg"), path: nil, size: PixelSize(width: 1000, height: 1000), maxBytes: 1 << 20)
        }
        #expect(throws: SVGError.self) { try SVG.info(Array("<html></html>".utf8), path: nil) }
    }

    @Test("a tall drawing is drawn in two bands, the same bytes on one core or several, whole where a filter could cross the bands",
          arguments: [2, 3])
    func bands(width: Int) throws {
        let cores = Parallelism(width: width) { count, body in DispatchQueue.concurrentPerform(iterations: count, execute: body) }
        // Curves, a gradient and an edge that crosses the band boundary at a slant.
        let svg = Array("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs><linearGradient id="g"><stop offset="0" stop-color="#fe6"/>\
            <stop offset="1" stop-color="#e34"/></linearGradient></defs><circle cx="50" cy="50" r="47" fill="url(#g)"/>\
            <path d="M5 95 L95 5 L97 9 Z" fill="#126"/></svg>
            """.utf8)
        let size = PixelSize(width: 300, height: 517)
        let serial = try SVG.render(svg, path: nil, size: size, maxBytes: 8 << 20)
        let banded = try SVG.render(svg, path: nil, size: size, maxBytes: 8 << 20, parallelism: cores)
        #expect(banded.bytes == serial.bytes)
        // Either side of the boundary (row 259) the slanted edge is where the whole drawing has it: no seam, no shift.
        for y in [257, 258, 259, 260] {
            // The square viewBox is drawn 3x and centred: 108.5 px above it. The sliver runs from x = 100 - y to the
            // edge from (5, 95) to (97, 9); its middle is solid.
            let user = (Double(y) + 0.5 - 108.5) / 3
            let x = Int(3 * ((100 - user) + (5 + 92 * (95 - user) / 86)) / 2)
            #expect(banded.pixel(x: x, y: y) == SIMD4(0x11, 0x22, 0x66, 255), "row \(y)")
        }
        #expect(serial.pixel(x: 150, y: 200)[3] == 255 && serial.pixel(x: 150, y: 50)[3] == 0)
        let blurred = Array("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'><filter id='b'><feGaussianBlur stdDeviation='2'/></filter><rect width='10' height='5' filter='url(#b)'/></svg>".utf8)
        #expect(SVG.hasFilterEffects(blurred) && !SVG.hasFilterEffects(svg))
        let blur = try SVG.render(blurred, path: nil, size: size, maxBytes: 8 << 20, parallelism: cores)
        // Drawn whole: the blur fades smoothly through the middle row instead of stopping at a band's edge.
        #expect(blur.pixel(x: 150, y: 250)[3] > blur.pixel(x: 150, y: 270)[3] && blur.pixel(x: 150, y: 270)[3] > 0)
    }
}
