/// Box blurs for the glass effects: three passes each way come within a few percent of a Gaussian, in time
/// independent of the radius. Outside the image counts as transparent (zero), so a shape's blur fades at
/// the border as its shadow would.
package enum GlassBlur {
    /// A plane (one value a pixel, row by row) blurred by `passes` box passes of `radius` pixels each way.
    package static func blurred(_ plane: [Float], width: Int, height: Int, radius: Int, passes: Int = 3) -> [Float] {
        blur(plane, width: width, height: height, radius: radius, passes: passes)
    }

    /// Premultiplied pixels blurred the same way.
    package static func blurred(_ pixels: [SIMD4<Float>], width: Int, height: Int, radius: Int, passes: Int = 3) -> [SIMD4<Float>] {
        blur(pixels, width: width, height: height, radius: radius, passes: passes)
    }

    /// The standard deviation `passes` box passes of `radius` come to: what a Gaussian's sigma maps to.
    package static func radius(forSigma sigma: Double, passes: Int = 3) -> Int {
        // One box of width w = 2r + 1 has variance (w² − 1) / 12; passes add their variances.
        max(0, Int(((12 * sigma * sigma / Double(passes) + 1).squareRoot() - 1) / 2 + 0.5))
    }

    private static func blur<Sample: BlurSample>(_ input: [Sample], width: Int, height: Int, radius: Int, passes: Int) -> [Sample] {
        guard radius > 0, passes > 0, width > 0, height > 0 else { return input }
        var current = input
        var scratch = [Sample](repeating: .zero, count: input.count)
        let scale = 1 / Float(2 * radius + 1)
        for _ in 0..<passes {
            current.withUnsafeBufferPointer { source in
                scratch.withUnsafeMutableBufferPointer { target in
                    for y in 0..<height { line(source.baseAddress! + y &* width, target.baseAddress! + y &* width, count: width, stride: 1, radius: radius, scale: scale) }
                }
            }
            scratch.withUnsafeBufferPointer { source in
                current.withUnsafeMutableBufferPointer { target in
                    for x in 0..<width { line(source.baseAddress! + x, target.baseAddress! + x, count: height, stride: width, radius: radius, scale: scale) }
                }
            }
        }
        return current
    }

    /// One row or column: a running sum of the 2r + 1 samples around each, zero beyond the ends.
    @inline(__always)
    private static func line<Sample: BlurSample>(_ source: UnsafePointer<Sample>, _ target: UnsafeMutablePointer<Sample>, count: Int, stride: Int,
                                                 radius: Int, scale: Float) {
        var sum = Sample.zero
        for i in 0..<min(radius, count) { sum = sum + source[i &* stride] }
        for i in 0..<count {
            let entering = i &+ radius, leaving = i &- radius &- 1
            if entering < count { sum = sum + source[entering &* stride] }
            if leaving >= 0 { sum = sum - source[leaving &* stride] }
            target[i &* stride] = sum.scaled(scale)
        }
    }
}

/// What a blur sums: a single value or a premultiplied pixel.
protocol BlurSample {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    func scaled(_ factor: Float) -> Self
}

extension Float: BlurSample {
    func scaled(_ factor: Float) -> Float { self * factor }
}

extension SIMD4<Float>: BlurSample {
    func scaled(_ factor: Float) -> SIMD4<Float> { self * factor }
}
