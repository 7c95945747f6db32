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

    /// Colour that varies down the painted area (a solid colour, or a vertical gradient), or along a slanted axis.
    package struct Paint: Sendable, Equatable {
        /// Colour stops in sRGB-encoded values with straight alpha, at positions 0 (top) … 1 (bottom).
        package var stops: [(position: Double, color: SIMD4<Float>)]
        /// Where a point lies along the stops: x × axis.x + y × axis.y, with x and y running 0…1 across and down the
        /// painted area. (0, 1), the default, paints down the area only; a diagonal gradient (Icon Composer's
        /// orientation from one corner to the other) has both.
        package var axis = SIMD2<Double>(0, 1)

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

        /// True when the paint varies across the area, not only down it.
        var slants: Bool { axis.x != 0 }

        /// The linear-light premultiplied colour at `position`.
        func linearColor(at position: Double) -> SIMD4<Float> {
            let encoded = color(at: position)
            let alpha = min(max(encoded[3], 0), 1)
            let decode = { (value: Float) in Float(TransferFunction.decode(Double(min(max(value, 0), 1)))) }
            return SIMD4<Float>(decode(encoded[0]), decode(encoded[1]), decode(encoded[2]), 1) * alpha
        }

        /// One linear-light premultiplied colour per row of a `rows`-tall area.
        func rows(_ rows: Int) -> [SIMD4<Float>] {
            (0..<rows).map { row in linearColor(at: (rows > 1 ? Double(row) / Double(rows - 1) : 0) * axis.y) }
        }

        /// One linear-light premultiplied colour per pixel of a `width` × `height` area, row by row, for a slanted
        /// paint: each position's colour is decoded once, from a table of 4,096 steps between the area's extremes.
        func pixels(width: Int, height: Int) -> [SIMD4<Float>] {
            let (across, down) = (width > 1 ? axis.x / Double(width - 1) : 0, height > 1 ? axis.y / Double(height - 1) : 0)
            let corners = [0, across * Double(width - 1), down * Double(height - 1), across * Double(width - 1) + down * Double(height - 1)]
            let (low, high) = (corners.min()!, corners.max()!)
            let steps = 4096, span = max(high - low, 1e-9)
            let table = (0...steps).map { linearColor(at: low + span * Double($0) / Double(steps)) }
            var result = [SIMD4<Float>](repeating: .zero, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let position = across * Double(x) + down * Double(y)
                    result[y * width + x] = table[min(steps, max(0, Int(((position - low) / span * Double(steps)).rounded())))]
                }
            }
            return result
        }

        package static func == (lhs: Paint, rhs: Paint) -> Bool {
            lhs.axis == rhs.axis && lhs.stops.count == rhs.stops.count
                && zip(lhs.stops, rhs.stops).allSatisfy { $0.position == $1.position && $0.color == $1.color }
        }
    }

    /// Paints the whole canvas over what is on it.
    package mutating func fill(_ paint: Paint) {
        let width = self.width
        if paint.slants {
            let colours = paint.pixels(width: width, height: height)
            for index in pixels.indices { pixels[index] = colours[index] + pixels[index] * (1 - colours[index][3]) }
            return
        }
        let colours = paint.rows(height)
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
        let slanted = paint?.slants == true ? paint?.pixels(width: image.width, height: image.height) : nil
        let paintRows = slanted == nil ? paint?.rows(image.height) : nil
        let opacity = min(max(opacity, 0), 1)
        let (x0, x1) = (max(0, originX), min(width, originX + image.width))
        let (y0, y1) = (max(0, originY), min(height, originY + image.height))
        guard x0 < x1, y0 < y1, opacity > 0 else { return }
        let width = self.width
        // Only the part that lands on the canvas is converted, a row at a time (an adaptive icon's layers are
        // drawn half outside its legacy icon's canvas).
        let table = TransferFunction.decodeTable(for: image.format, linearLight: true)
        var converted = [SIMD4<Float>](repeating: .zero, count: x1 - x0)
        image.bytes.withUnsafeBytes { raw in
            table.withUnsafeBufferPointer { table in
                converted.withUnsafeMutableBufferPointer { source in
                    pixels.withUnsafeMutableBufferPointer { canvas in
                        for y in y0..<y1 {
                            let row = (y - originY) &* image.width
                            PixelRows.load(from: raw.baseAddress!, at: row &+ (x0 - originX), count: x1 - x0, format: image.format,
                                           into: source.baseAddress!, table: table.baseAddress!)
                            let painted = paintRows?[y - originY]
                            for x in x0..<x1 {
                                var over = source[x &- x0]
                                if let painted { over = painted * over[3] } else if let slanted { over = slanted[row &+ (x - originX)] * over[3] }
                                over *= opacity
                                let index = y &* width &+ x
                                canvas[index] = over + canvas[index] * (1 - over[3])
                            }
                        }
                    }
                }
            }
        }
    }

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
