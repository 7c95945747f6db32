import Raster
import Testing

@Suite("Compositing")
struct CompositingTests {
    @Test("RGBColor parses #RRGGBB and prints it back", arguments: ["#1A2B3C", "1a2b3c"])
    func parsesHex(text: String) {
        let colour = RGBColor(hex: text)
        #expect(colour == RGBColor(red: 0x1A, green: 0x2B, blue: 0x3C))
        #expect(colour?.description == "#1A2B3C")
    }

    @Test("malformed colours are refused", arguments: ["", "#12345", "#1234567", "red", "#GG0000", "+12345"])
    func refusesMalformed(text: String) {
        #expect(RGBColor(hex: text) == nil)
    }

    @Test("flattening mixes in encoded values, keeps opaque pixels and drops alpha")
    func flattening() {
        var image = Image(width: 3, height: 1, format: .rgba8)
        image.setPixel(x: 0, y: 0, SIMD4(10, 20, 30, 255))
        image.setPixel(x: 1, y: 0, SIMD4(200, 0, 0, 0))
        image.setPixel(x: 2, y: 0, SIMD4(0, 0, 0, 51))   // 20 % black over blue-ish
        let flat = image.flattened(over: RGBColor(red: 0, green: 100, blue: 250))
        #expect(flat.pixel(x: 0, y: 0) == SIMD4(10, 20, 30, 255))
        #expect(flat.pixel(x: 1, y: 0) == SIMD4(0, 100, 250, 255))
        #expect(flat.pixel(x: 2, y: 0) == SIMD4(0, 80, 200, 255))
        #expect(flat.format == .rgba8 && flat.isOpaque)
    }

    @Test("16-bit sources flatten at full precision before rounding")
    func sixteenBit() {
        let image = Image(width: 1, height: 1, format: .rgba16, fill: SIMD4(65535, 0, 32896, 32768))
        #expect(image.flattened(over: .black).pixel(x: 0, y: 0) == SIMD4(128, 0, 64, 255))
    }

    @Test("multiplied by a colour: each channel scaled by the colour's (a multiply blend), alpha kept")
    func multiply() {
        var image = Image(width: 2, height: 1)
        image.setPixel(x: 0, y: 0, SIMD4(255, 128, 0, 200))
        image.setPixel(x: 1, y: 0, SIMD4(100, 100, 100, 255))
        let tinted = image.multiplied(by: RGBColor(red: 255, green: 128, blue: 64))
        #expect(tinted.pixel(x: 0, y: 0) == SIMD4(255, 64, 0, 200))
        #expect(tinted.pixel(x: 1, y: 0) == SIMD4(100, 50, 25, 255))
    }
}
