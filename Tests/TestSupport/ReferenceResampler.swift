import Foundation
import Raster

/// A plain float64 resampler with the same conventions as `Resampler` (pixel centres at +0.5, kernel
/// widened by the reduction factor, weights renormalised inside the image, premultiplied linear light),
/// written for clarity rather than speed. It is the oracle for the SIMD code.
public enum ReferenceResampler {
    public static func kernel(_ filter: Filter, _ x: Double) -> Double {
        func sinc(_ x: Double) -> Double { x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x) }
        func cubic(_ x: Double, _ b: Double, _ c: Double) -> Double {
            let x = abs(x)
            if x < 1 { return ((12 - 9 * b - 6 * c) * pow(x, 3) + (-18 + 12 * b + 6 * c) * x * x + (6 - 2 * b)) / 6 }
            if x < 2 { return ((-b - 6 * c) * pow(x, 3) + (6 * b + 30 * c) * x * x + (-12 * b - 48 * c) * x + (8 * b + 24 * c)) / 6 }
            return 0
        }
        switch filter {
        case .lanczos3: return abs(x) < 3 ? sinc(x) * sinc(x / 3) : 0
        case .mitchell: return cubic(x, 1.0 / 3, 1.0 / 3)
        case .catmullRom: return cubic(x, 0, 0.5)
        case .triangle: return max(0, 1 - abs(x))
        case .box: return (x >= -0.5 && x < 0.5) ? 1 : 0
        }
    }

    /// For each output index: (source index, weight) pairs, normalised.
    public static func weights(sourceLength: Int, start: Double, extent: Double, outputLength: Int, filter: Filter) -> [[(Int, Double)]] {
        let scale = Double(outputLength) / extent
        let filterScale = min(scale, 1)
        let support: Double = [Filter.lanczos3: 3, .mitchell: 2, .catmullRom: 2, .triangle: 1, .box: 0.5][filter]! / filterScale
        return (0..<outputLength).map { i in
            let centre = start + (Double(i) + 0.5) / scale
            let low = max(0, Int(floor(centre - support - 1))), high = min(sourceLength - 1, Int(ceil(centre + support + 1)))
            var pairs = (low...high).map { j in (j, kernel(filter, (Double(j) + 0.5 - centre) * filterScale)) }
            pairs = pairs.filter { abs($0.1) >= 1e-9 }
            let total = pairs.reduce(0) { $0 + $1.1 }
            if pairs.isEmpty || abs(total) < 1e-12 { return [(min(max(0, Int(floor(centre))), sourceLength - 1), 1)] }
            return pairs.map { ($0.0, $0.1 / total) }
        }
    }

    public static func toLinear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    public static func toSRGB(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }

    public static func resize(_ image: Image, to size: PixelSize, filter: Filter, fit: FitMode = .stretch,
                       gravity: Gravity = .center, linear: Bool = true, outputFormat: Image.PixelFormat = .rgba8) -> Image {
        let placement = Placement(source: image.size, output: size, fit: fit, gravity: gravity)
        let top = Double(image.format.maxValue)
        // Premultiplied linear source.
        var source = [[Double]](repeating: [], count: image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                let a = Double(p[3]) / top
                source[y * image.width + x] = (0..<3).map { c in
                    let v = Double(p[c]) / top
                    return (linear ? toLinear(v) : v) * a
                } + [a]
            }
        }
        let h = weights(sourceLength: image.width, start: placement.sourceX, extent: placement.sourceWidth,
                        outputLength: placement.destinationWidth, filter: filter)
        let v = weights(sourceLength: image.height, start: placement.sourceY, extent: placement.sourceHeight,
                        outputLength: placement.destinationHeight, filter: filter)
        var horizontal = [[Double]](repeating: [0, 0, 0, 0], count: placement.destinationWidth * image.height)
        for y in 0..<image.height {
            for x in 0..<placement.destinationWidth {
                var sum = [0.0, 0, 0, 0]
                for (j, w) in h[x] { for c in 0..<4 { sum[c] += source[y * image.width + j][c] * w } }
                horizontal[y * placement.destinationWidth + x] = sum
            }
        }
        var output = Image(width: size.width, height: size.height, format: outputFormat)
        let outTop = Double(outputFormat.maxValue)
        for y in 0..<placement.destinationHeight {
            for x in 0..<placement.destinationWidth {
                var sum = [0.0, 0, 0, 0]
                for (j, w) in v[y] { for c in 0..<4 { sum[c] += horizontal[j * placement.destinationWidth + x][c] * w } }
                let a = min(max(sum[3], 0), 1)
                var value = SIMD4<UInt16>.zero
                if (a * outTop).rounded() > 0 {
                    for c in 0..<3 {
                        let straight = min(max(sum[c] / a, 0), 1)
                        value[c] = UInt16(((linear ? toSRGB(straight) : straight) * outTop).rounded())
                    }
                    value[3] = UInt16((a * outTop).rounded())
                }
                output.setPixel(x: placement.destinationX + x, y: placement.destinationY + y, value)
            }
        }
        return output
    }
}
