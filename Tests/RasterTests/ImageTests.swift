import Raster
import Testing

@Suite("Image")
struct ImageTests {
    @Test("pixels read back as written in both formats", arguments: Image.PixelFormat.allCases)
    func pixelAccess(format: Image.PixelFormat) {
        var image = Image(width: 3, height: 2, format: format)
        let value = SIMD4<UInt16>(1, 200, 3, UInt16(format.maxValue))
        image.setPixel(x: 2, y: 1, value)
        #expect(image.pixel(x: 2, y: 1) == value)
        #expect(image.pixel(x: 1, y: 1) == .zero)
        #expect(image.bytes.count == 6 * format.bytesPerPixel)
    }

    @Test("translucency counts pixels below full alpha and finds the first", arguments: Image.PixelFormat.allCases)
    func translucency(format: Image.PixelFormat) {
        let opaque = UInt16(format.maxValue)
        var image = Image(width: 4, height: 3, format: format, fill: SIMD4(0, 0, 0, opaque))
        #expect(image.isOpaque)
        #expect(image.translucency().first == nil)
        image.setPixel(x: 3, y: 1, SIMD4(0, 0, 0, opaque - 1))
        image.setPixel(x: 1, y: 2, SIMD4(0, 0, 0, 0))
        if format == .rgba16 {
            // One byte of the two full is still translucent, in either byte order.
            image.setPixel(x: 2, y: 2, SIMD4(0, 0, 0, 0xFF00))
            image.setPixel(x: 3, y: 2, SIMD4(0, 0, 0, 0x00FF))
        }
        let result = image.translucency()
        #expect(result.count == (format == .rgba16 ? 4 : 2) && result.first?.x == 3 && result.first?.y == 1)
    }

    @Test("a single colour: every pixel's bytes equal the first's, the last pixel included", arguments: Image.PixelFormat.allCases)
    func singleColour(format: Image.PixelFormat) {
        var image = Image(width: 5, height: 3, format: format, fill: SIMD4(7, 8, 9, UInt16(format.maxValue)))
        #expect(image.isSingleColour)
        #expect(Image(width: 1, height: 1, format: format).isSingleColour)
        image.setPixel(x: 4, y: 2, SIMD4(7, 8, 9, UInt16(format.maxValue) - 1))
        #expect(!image.isSingleColour)
    }

    @Test("8↔16-bit conversion scales by 257 and rounds back exactly")
    func conversion() {
        var image = Image(width: 256, height: 1, format: .rgba8)
        for x in 0..<256 { image.setPixel(x: x, y: 0, SIMD4(repeating: UInt16(x))) }
        let wide = image.converted(to: .rgba16)
        #expect(wide.pixel(x: 128, y: 0) == SIMD4(repeating: 128 * 257))
        #expect(wide.converted(to: .rgba8) == image)
        var odd = Image(width: 1, height: 1, format: .rgba16)
        odd.setPixel(x: 0, y: 0, SIMD4(0x8180, 0x807F, 0, 65535))
        #expect(odd.converted(to: .rgba8).pixel(x: 0, y: 0) == SIMD4(129, 128, 0, 255))
    }

    @Test("PixelSize parses WxH")
    func pixelSize() {
        #expect(PixelSize(parsing: "180x120") == PixelSize(width: 180, height: 120))
        #expect(PixelSize(parsing: "180×120")?.description == "180x120")
        #expect(PixelSize(parsing: "0x5") == nil && PixelSize(parsing: "12") == nil && PixelSize(parsing: "ax2") == nil)
    }
}
