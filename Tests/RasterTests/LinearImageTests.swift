import Raster
import Testing

@Suite("LinearImage")
struct LinearImageTests {
    @Test("every 8-bit value survives sRGB → linear → sRGB")
    func roundTrip8() {
        var image = Image(width: 256, height: 2)
        for x in 0..<256 {
            image.setPixel(x: x, y: 0, SIMD4(UInt16(x), UInt16(255 - x), UInt16(x / 2), 255))
            image.setPixel(x: x, y: 1, SIMD4(UInt16(x), UInt16(x), UInt16(x), UInt16(max(1, x))))
        }
        #expect(LinearImage(image).image() == image)
    }

    @Test("every 16-bit value survives sRGB → linear → sRGB")
    func roundTrip16() {
        var image = Image(width: 256, height: 256, format: .rgba16)
        for y in 0..<256 { for x in 0..<256 { let v = UInt16(y * 256 + x); image.setPixel(x: x, y: y, SIMD4(v, 65535 - v, v, 65535)) } }
        #expect(LinearImage(image).image(format: .rgba16) == image)
    }

    @Test("fully transparent pixels carry no colour")
    func transparentIsZero() {
        let image = Image(width: 2, height: 1, fill: SIMD4(255, 0, 0, 0))
        #expect(LinearImage(image).image() == Image(width: 2, height: 1))
    }
}
