import Foundation

/// The outlines platforms put icons in, as coverage masks (0…1 per pixel), and the macOS icon made from a
/// full-bleed square.
package enum IconShape {
    /// Coverage of a superellipse |x|^n + |y|^n ≤ 1 filling a `side`-pixel square. Exponent 5 is within a
    /// pixel of Apple's continuous-corner rounded rectangle (corner radius 22.5% of the side) at icon sizes.
    /// Pixels on the edge are supersampled 4×4; the rest are 0 or 1.
    package static func superellipse(side: Int, exponent: Double = 5) -> [Float] {
        var mask = [Float](repeating: 0, count: side * side)
        let half = Double(side) / 2
        // pow is most of the cost; a circle needs none.
        let power: (Double) -> Double = exponent == 2 ? { $0 * $0 } : { pow($0, exponent) }
        func inside(_ x: Double, _ y: Double) -> Bool {
            power(abs(x - half) / half) + power(abs(y - half) / half) <= 1
        }
        // One pixel's diagonal in the normalised metric bounds how far an edge pixel's centre can be from 1.
        let margin = 2.5 / half * exponent
        for y in 0..<side {
            for x in 0..<side {
                let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
                let value = power(abs(cx - half) / half) + power(abs(cy - half) / half)
                if value < 1 - margin { mask[y * side + x] = 1; continue }
                if value > 1 + margin { continue }
                var hits = 0
                for sy in 0..<4 { for sx in 0..<4 where inside(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4) { hits += 1 } }
                mask[y * side + x] = Float(hits) / 16
            }
        }
        return mask
    }

    /// Coverage of the continuous-corner rounded square iOS 26 and Icon Composer draw an icon in, filling a
    /// `side`-pixel square: straight edges, each corner a superellipse arc |u|^3.05 + |v|^3.05 ≤ 1 spanning 37% of
    /// the side. Fitted to Icon Composer's 1024 px exports (the rim starts 316 px from the corner on the top row and
    /// crosses the diagonal 77 px in), within a few pixels along the whole edge.
    package static func continuousCorners(side: Int) -> [Float] {
        let extent = 0.371, exponent = 3.05
        return supersampled(side: side) { x, y in
            // Distances into the corner's arc region, as fractions of its extent (x, y run −1…1).
            let (u, v) = ((abs(x) - (1 - 2 * extent)) / (2 * extent), (abs(y) - (1 - 2 * extent)) / (2 * extent))
            guard abs(x) <= 1, abs(y) <= 1 else { return false }
            guard u > 0, v > 0 else { return true }
            return pow(u, exponent) + pow(v, exponent) <= 1
        }
    }

    /// Coverage of a rectangle of `size` with circular corners of `radius` pixels (tvOS's wide app icons), each
    /// pixel sampled 4×4.
    package static func roundedRectangle(size: PixelSize, radius: Double) -> [Float] {
        let (width, height) = (Double(size.width), Double(size.height))
        return supersampled(size: size) { x, y in
            // Distance past the corner circle's centre on each axis, zero along the straight edges.
            let dx = max(0, max(radius - x, x - (width - radius))), dy = max(0, max(radius - y, y - (height - radius)))
            return dx * dx + dy * dy <= radius * radius
        }
    }

    /// Coverage of a circle filling a `side`-pixel square (Android's round launcher icon), supersampled on the edge.
    package static func circle(side: Int) -> [Float] { superellipse(side: side, exponent: 2) }

    /// The shapes Android 16's launcher offers for icons (Material 3 Expressive), each filling a `side`-pixel square:
    /// what an adaptive or themed icon must look right under.
    package enum LauncherShape: String, Sendable, CaseIterable {
        case circle, square
        case roundedSquare = "rounded square"
        case cookie, arch

        /// Coverage of the shape, supersampled 4×4 on its edge.
        package func mask(side: Int) -> [Float] {
            switch self {
            case .circle: IconShape.circle(side: side)
            // Corner radii as fractions of the half side.
            case .square: IconShape.supersampled(side: side) { x, y in IconShape.inRoundedSquare(x, y, radius: 0.2) }
            case .roundedSquare: IconShape.supersampled(side: side) { x, y in IconShape.inRoundedSquare(x, y, radius: 0.6) }
            case .cookie:
                // Seven soft scallops, 6% deep: r(θ) = 1 − 0.06 (1 − cos 7θ) / 2 … as the "7-sided cookie".
                IconShape.supersampled(side: side) { x, y in
                    (x * x + y * y).squareRoot() <= 1 - 0.03 * (1 - cos(7 * atan2(y, x) + .pi / 2))
                }
            case .arch:
                // A semicircle on top of a rectangle whose lower corners are rounded.
                IconShape.supersampled(side: side) { x, y in y <= 0 ? x * x + y * y <= 1 : IconShape.inRoundedSquare(x, y, radius: 0.3) }
            }
        }
    }

    /// Whether (x, y) in −1…1 lies in the square of that extent whose corners are rounded by `radius` (of the half side).
    static func inRoundedSquare(_ x: Double, _ y: Double, radius: Double) -> Bool {
        let (dx, dy) = (abs(x) - (1 - radius), abs(y) - (1 - radius))
        guard dx > 0, dy > 0 else { return abs(x) <= 1 && abs(y) <= 1 }
        return dx * dx + dy * dy <= radius * radius
    }

    /// Coverage of the region where `contains(x, y)` holds, x and y running −1…1 across a `side`-pixel square (y down),
    /// each pixel sampled 4×4.
    static func supersampled(side: Int, _ contains: (Double, Double) -> Bool) -> [Float] {
        let scale = 2 / Double(side)
        return supersampled(size: PixelSize(width: side, height: side)) { x, y in contains(x * scale - 1, y * scale - 1) }
    }

    /// Coverage of the region where `contains(x, y)` holds, x and y in pixels from the top-left corner of a picture of
    /// `size`, each pixel sampled 4×4.
    static func supersampled(size: PixelSize, _ contains: (Double, Double) -> Bool) -> [Float] {
        var mask = [Float](repeating: 0, count: size.width * size.height)
        for y in 0..<size.height {
            for x in 0..<size.width {
                var hits = 0
                for sy in 0..<4 {
                    for sx in 0..<4 where contains(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4) {
                        hits += 1
                    }
                }
                mask[y * size.width + x] = Float(hits) / 16
            }
        }
        return mask
    }

    /// Approximately Gaussian blur (three box passes each way) of a `side`-square mask, radius in pixels.
    static func blurred(_ mask: [Float], side: Int, radius: Int) -> [Float] {
        guard radius > 0 else { return mask }
        var current = mask, scratch = mask
        for _ in 0..<3 {
            for pass in 0..<2 {
                for line in 0..<side {
                    var sum: Float = 0
                    let at = { (i: Int) -> Int in pass == 0 ? line * side + i : i * side + line }
                    for i in -radius...radius { sum += current[at(min(max(i, 0), side - 1))] }
                    for i in 0..<side {
                        scratch[at(i)] = sum / Float(2 * radius + 1)
                        sum += current[at(min(i + radius + 1, side - 1))] - current[at(max(i - radius, 0))]
                    }
                }
                swap(&current, &scratch)
            }
        }
        return current
    }
}

extension Image {
    /// The macOS icon made from this full-bleed square (Apple's icon grid): the artwork scaled into an 824/1024
    /// continuous-corner rounded rectangle centred on the canvas, over a soft drop shadow (black, 30%, 10/1024
    /// down, blurred 10/1024), transparent around. Composited in linear light; 16-bit RGBA out, `side` pixels square
    /// (by default this image's size; smaller when only smaller outputs are needed: the float canvas costs 16 bytes a
    /// pixel, 1 GiB for an 8192 px master).
    package func macOSIconShape(side: Int? = nil, parallelism: Parallelism = .serial) -> Image {
        let side = max(1, side ?? width)
        let scale = Double(side) / 1024
        let inner = max(1, Int((824 * scale).rounded())), origin = (side - inner) / 2
        let art = LinearImage(Resampler.resize(self, to: PixelSize(width: inner, height: inner), options: ResizeOptions(outputFormat: .rgba16),
                                               parallelism: parallelism))
        let mask = IconShape.superellipse(side: inner)
        var shape = [Float](repeating: 0, count: side * side)
        let drop = Int((10 * scale).rounded())
        for y in 0..<inner where origin + y + drop < side {
            for x in 0..<inner { shape[(origin + y + drop) * side + origin + x] = mask[y * inner + x] }
        }
        let shadow = IconShape.blurred(shape, side: side, radius: max(1, Int((10 * scale).rounded())))
        var pixels = [SIMD4<Float>](repeating: .zero, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let under = SIMD4<Float>(0, 0, 0, 1) * (shadow[y * side + x] * 0.3)
                var over = SIMD4<Float>.zero
                let (ax, ay) = (x - origin, y - origin)
                if ax >= 0, ay >= 0, ax < inner, ay < inner { over = art.pixels[ay * inner + ax] * mask[ay * inner + ax] }
                pixels[y * side + x] = over + under * (1 - over[3])
            }
        }
        return LinearImage(width: side, height: side, isLinearLight: true, pixels: pixels).image(format: .rgba16)
    }

    /// True when every corner pixel is fully opaque: a full-bleed square, as opposed to artwork that already has
    /// its own outline and margin.
    package var hasOpaqueCorners: Bool {
        let top = UInt16(format.maxValue)
        return [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)].allSatisfy { pixel(x: $0.0, y: $0.1)[3] == top }
    }
}
