import Foundation
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

    @Test("linear light is rounded to 8 bits exactly as the sRGB curve says, for every 16-bit input level")
    func exactRounding() {
        // Every 16-bit level gives a linear value somewhere between two 8-bit codes: 65,536 probes of the
        // encode table, many of them within a hair of a rounding boundary. Opaque rows and translucent
        // rows (alpha 1/2, where the colour is divided back out) take different store loops.
        var image = Image(width: 256, height: 256, format: .rgba16)
        for y in 0..<256 { for x in 0..<256 { let v = UInt16(y * 256 + x); image.setPixel(x: x, y: y, SIMD4(v, v, 65535 - v, 65535)) } }
        let result = LinearImage(image).image(format: .rgba8)
        func expected(_ level: UInt16) -> UInt16 {
            let encoded = Double(level) / 65535
            let linear = Float(encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4))
            let value = Double(linear)
            let srgb = value <= 0.003_130_8 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
            return UInt16((min(max(srgb, 0), 1) * 255).rounded())
        }
        var wrong = 0
        for y in 0..<256 {
            for x in 0..<256 {
                let v = UInt16(y * 256 + x), pixel = result.pixel(x: x, y: y)
                if pixel != SIMD4(expected(v), expected(v), expected(65535 - v), 255) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    @Test("fully transparent pixels carry no colour")
    func transparentIsZero() {
        let image = Image(width: 2, height: 1, fill: SIMD4(255, 0, 0, 0))
        #expect(LinearImage(image).image() == Image(width: 2, height: 1))
    }
}
