/// A surface layers are composited onto in linear light with premultiplied alpha (source-over), for
/// flattening layered icons: a paint for the background, then images drawn back to front, each at a whole-pixel
/// origin with an opacity and, optionally, a paint that replaces its colours and keeps its alpha.
package struct Canvas: Sendable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// Linear-light premultiplied RGBA, row by row.
    var pixels: [SIMD4<Float>]

    /// A transparent canvas.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [SIMD4<Float>](hugePagesRepeating: .zero, count: width * height)
    }

    /// Colour that varies down the canvas only (a solid colour, or a vertical gradient).
    package struct Paint: Sendable, Equatable {
        /// Colour stops in sRGB-encoded values with straight alpha, at positions 0 (top) … 1 (bottom).
        package var stops: [(position: Double, color: SIMD4<Float>)]

        /// Colour stops (sRGB-encoded, straight alpha) at positions 0 (top) … 1 (bottom), in order.
        package init(stops: [(position: Double, color: SIMD4<Float>)]) { self.stops = stops }

        /// One colour, sRGB-encoded (0…1), straight alpha.
        package static func solid(_ color: SIMD4<Float>) -> Paint { Paint(stops: [(0, color)]) }

        /// One opaque 8-bit colour.
        package static func solid(_ color: RGBColor) -> Paint {
            .solid(SIMD4(Float(color.red) / 255, Float(color.green) / 255, Float(color.blue) / 255, 1))
        }

        /// Colours spread evenly from top to bottom, sRGB-encoded (0…1), straight alpha. Interpolated in
        /// encoded values, as Core Graphics and design tools draw gradients.
        package static func gradient(_ colors: [SIMD4<Float>]) -> Paint {
            guard colors.count > 1 else { return .solid(colors.first ?? .zero) }
            return Paint(stops: colors.enumerated().map { (Double($0.offset) / Double(colors.count - 1), $0.element) })
        }

        /// The encoded colour at `position` (0…1 down the painted area).
        func color(at position: Double) -> SIMD4<Float> {
            guard let first = stops.first, let last = stops.last else { return .zero }
            if position <= first.position { return first.color }
            if position >= last.position { return last.color }
            for index in 1..<stops.count where position <= stops[index].position {
                let (a, b) = (stops[index - 1], stops[index])
                let t = Float((position - a.position) / max(b.position - a.position, 1e-9))
                return a.color + (b.color - a.color) * t
            }
            return last.color
        }

        /// One linear-light premultiplied colour per row of a `rows`-tall area.
        func rows(_ rows: Int) -> [SIMD4<Float>] {
            (0..<rows).map { row in
                let encoded = color(at: rows > 1 ? Double(row) / Double(rows - 1) : 0)
                let alpha = min(max(encoded[3], 0), 1)
                let decode = { (value: Float) in Float(TransferFunction.decode(Double(min(max(value, 0), 1)))) }
                let linear = SIMD4<Float>(decode(encoded[0]), decode(encoded[1]), decode(encoded[2]), 1)
                return linear * alpha
            }
        }

        package static func == (lhs: Paint, rhs: Paint) -> Bool {
            lhs.stops.count == rhs.stops.count && zip(lhs.stops, rhs.stops).allSatisfy { $0.position == $1.position && $0.color == $1.color }
        }
    }

    /// Paints the whole canvas over what is on it.
    package mutating func fill(_ paint: Paint) {
        let colours = paint.rows(height)
        let width = self.width
        pixels.withUnsafeMutableBufferPointer { canvas in
            for y in 0..<height {
                let over = colours[y], keep = 1 - over[3]
                for x in 0..<width { canvas[y &* width &+ x] = over + canvas[y &* width &+ x] * keep }
            }
        }
    }

    /// Draws `image` (straight alpha, sRGB-encoded) over the canvas with its top-left corner at (x, y),
    /// clipped to the canvas. With a `paint`, the image's colours are replaced by the paint, which spans the
    /// image's height; its alpha (times the paint's) is kept.
    package mutating func draw(_ image: Image, x originX: Int, y originY: Int, opacity: Float = 1, paint: Paint? = nil) {
        let layer = LinearImage(image)
        let paintRows = paint?.rows(image.height)
        let opacity = min(max(opacity, 0), 1)
        let (x0, x1) = (max(0, originX), min(width, originX + image.width))
        let (y0, y1) = (max(0, originY), min(height, originY + image.height))
        guard x0 < x1, y0 < y1, opacity > 0 else { return }
        let width = self.width
        layer.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { canvas in
                for y in y0..<y1 {
                    let row = (y - originY) &* image.width
                    let painted = paintRows?[y - originY]
                    for x in x0..<x1 {
                        var over = source[row &+ (x - originX)]
                        if let painted { over = painted * over[3] }
                        over *= opacity
                        let index = y &* width &+ x
                        canvas[index] = over + canvas[index] * (1 - over[3])
                    }
                }
            }
        }
    }

    /// Draws another canvas of the same size over this one (a group flattened on its own first).
    package mutating func draw(_ other: Canvas, opacity: Float = 1) {
        precondition(other.width == width && other.height == height, "canvases differ in size")
        let opacity = min(max(opacity, 0), 1)
        other.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { canvas in
                for index in 0..<canvas.count {
                    let over = source[index] * opacity
                    canvas[index] = over + canvas[index] * (1 - over[3])
                }
            }
        }
    }

    /// The canvas as a stored image: unpremultiplied, sRGB-encoded, rounded to `format`.
    package func image(format: Image.PixelFormat = .rgba16, parallelism: Parallelism = .serial) -> Image {
        LinearImage(width: width, height: height, isLinearLight: true, pixels: pixels).image(format: format, parallelism: parallelism)
    }
}
