import Raster
import Testing

@Suite("pixel zoom")
struct PixelZoomTests {
    @Test("each pixel becomes a factor×factor block of exactly its value, in 8 and 16 bits")
    func blocks() {
        for format in [Image.PixelFormat.rgba8, .rgba16] {
            var image = Image(width: 3, height: 2, format: format)
            for y in 0..<2 { for x in 0..<3 { image.setPixel(x: x, y: y, SIMD4(UInt16(x * 40), UInt16(y * 90), 7, UInt16(100 + x + y))) } }
            let large = image.magnified(by: 4)
            #expect(large.size == PixelSize(width: 12, height: 8) && large.format == format)
            for y in 0..<8 { for x in 0..<12 { #expect(large.pixel(x: x, y: y) == image.pixel(x: x / 4, y: y / 4), "(\(x), \(y))") } }
        }
    }

    @Test("a factor of 1 returns the image unchanged")
    func identity() {
        let image = Image(width: 5, height: 3, fill: SIMD4(1, 2, 3, 4))
        #expect(image.magnified(by: 1) == image)
    }
}
