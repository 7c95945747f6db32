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
}
