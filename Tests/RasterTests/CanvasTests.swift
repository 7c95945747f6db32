import Foundation
import Raster
import Testing

@Suite("Canvas")
struct CanvasTests {
    /// sRGB decode and encode in Double: the scalar reference.
    private func linear(_ value: Double) -> Double { value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4) }
    private func encoded(_ value: Double) -> Double { value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055 }

    @Test("source-over in linear light with premultiplied alpha matches a scalar reference")
    func sourceOver() {
        var canvas = Canvas(width: 4, height: 1)
        canvas.fill(.solid(SIMD4(0, 0, 1, 1)))
        let layer = Image(width: 2, height: 1, format: .rgba8, fill: SIMD4(255, 0, 0, 128))
        canvas.draw(layer, x: 1, y: 0, opacity: 0.5)
        let image = canvas.image(format: .rgba8)
        let alpha = 128.0 / 255 * 0.5
        let red = encoded(1 * alpha), blue = encoded(1 - alpha)
        let p = image.pixel(x: 1, y: 0)
        #expect(abs(Double(p[0]) - red * 255) <= 1 && abs(Double(p[2]) - blue * 255) <= 1 && p[3] == 255, "\(p)")
        #expect(image.pixel(x: 0, y: 0) == SIMD4(0, 0, 255, 255), "outside the layer the fill is untouched")
        #expect(image.pixel(x: 3, y: 0) == SIMD4(0, 0, 255, 255))
    }

    @Test("a layer drawn partly off the canvas is clipped: the same pixels as drawing it whole and cropping")
    func clipped() {
        // A 16-bit layer with varied colour and alpha, as an adaptive icon's layers are.
        var bytes = [UInt8](repeating: 0, count: 12 * 10 * 8)
        for index in stride(from: 0, to: bytes.count, by: 2) { bytes[index] = UInt8(truncatingIfNeeded: index &* 37); bytes[index + 1] = UInt8(truncatingIfNeeded: index &* 11 &+ 3) }
        let layer = Image(width: 12, height: 10, format: .rgba16, bytes: bytes)
        for paint in [nil, Canvas.Paint.gradient([SIMD4(1, 0.5, 0, 1), SIMD4(0, 0, 1, 0.5)])] {
            var whole = Canvas(width: 12, height: 10)
            whole.fill(.solid(SIMD4(0.2, 0.4, 0.6, 1)))
            whole.draw(layer, x: 0, y: 0, paint: paint)
            var part = Canvas(width: 6, height: 5)
            part.fill(.solid(SIMD4(0.2, 0.4, 0.6, 1)))
            part.draw(layer, x: -3, y: -4, paint: paint)
            #expect(part.image(format: .rgba16).bytes == whole.image(format: .rgba16).cropped(x: 3, y: 4, size: PixelSize(width: 6, height: 5)).bytes)
        }
    }

    @Test("a paint replaces a layer's colour and keeps its alpha; a gradient runs top to bottom in encoded values")
    func paint() {
        var canvas = Canvas(width: 1, height: 3)
        let mask = Image(width: 1, height: 3, format: .rgba8, fill: SIMD4(10, 20, 30, 255))
        canvas.draw(mask, x: 0, y: 0, paint: .gradient([SIMD4(1, 1, 1, 1), SIMD4(0, 0, 0, 1)]))
        let image = canvas.image(format: .rgba8)
        #expect(image.pixel(x: 0, y: 0) == SIMD4(255, 255, 255, 255))
        #expect(abs(Int(image.pixel(x: 0, y: 1)[0]) - 128) <= 1, "the middle stop is half way in encoded values")
        #expect(image.pixel(x: 0, y: 2) == SIMD4(0, 0, 0, 255))
    }

    @Test("a slanted paint varies across the layer as well as down it; its colour is the stops' at each point's place")
    func slantedPaint() {
        var paint = Canvas.Paint.gradient([SIMD4(1, 0, 0, 1), SIMD4(0, 0, 1, 1)])
        paint.axis = SIMD2(0.5, 0.5)
        var canvas = Canvas(width: 3, height: 3)
        canvas.draw(Image(width: 3, height: 3, format: .rgba8, fill: SIMD4(10, 20, 30, 255)), x: 0, y: 0, paint: paint)
        let image = canvas.image(format: .rgba8)
        #expect(image.pixel(x: 0, y: 0) == SIMD4(255, 0, 0, 255))
        #expect(image.pixel(x: 2, y: 2) == SIMD4(0, 0, 255, 255))
        #expect(image.pixel(x: 2, y: 0) == image.pixel(x: 0, y: 2), "the other corners lie half way along")
        #expect(abs(Int(image.pixel(x: 2, y: 0)[0]) - 128) <= 1, "\(image.pixel(x: 2, y: 0))")
        var filled = Canvas(width: 3, height: 3)
        filled.fill(paint)
        #expect(filled.image(format: .rgba8).pixel(x: 2, y: 0) == image.pixel(x: 2, y: 0), "a fill slants as a layer's paint does")
    }

    @Test("drawing is clipped at every edge and a canvas drawn over another keeps its opacity")
    func clippingAndCanvases() {
        var canvas = Canvas(width: 3, height: 3)
        canvas.draw(Image(width: 5, height: 5, format: .rgba8, fill: SIMD4(255, 255, 255, 255)), x: -4, y: -4)
        #expect(canvas.image(format: .rgba8).pixel(x: 0, y: 0) == SIMD4(255, 255, 255, 255))
        #expect(canvas.image(format: .rgba8).pixel(x: 1, y: 1)[3] == 0)
        canvas.draw(Image(width: 2, height: 2, format: .rgba8, fill: SIMD4(255, 255, 255, 255)), x: 50, y: 50)
        var base = Canvas(width: 3, height: 3)
        base.draw(canvas, opacity: 0.25)
        #expect(abs(Int(base.image(format: .rgba8).pixel(x: 0, y: 0)[3]) - 64) <= 1)
    }
}
