/// A reconstruction filter for resampling, selectable by name (`lanczos3`, `mitchell`, `catmull-rom`,
/// `triangle`, `box`).
public enum Filter: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Lanczos windowed sinc, 3 lobes: the sharpest without visible ringing on icon art. The default.
    case lanczos3
    /// Mitchell–Netravali cubic (B = C = 1/3): softer, no ringing; not interpolating.
    case mitchell
    /// Catmull–Rom cubic (B = 0, C = 1/2): sharp, interpolating.
    case catmullRom = "catmull-rom"
    /// Linear interpolation (tent); area-weighted when shrinking.
    case triangle
    /// Nearest neighbour when enlarging, a plain area average when shrinking.
    case box

    public var description: String { rawValue }

    /// Half-width of the filter at scale 1, in source pixels.
    package var support: Double {
        switch self {
        case .lanczos3: 3
        case .mitchell, .catmullRom: 2
        case .triangle: 1
        case .box: 0.5
        }
    }

    /// True when the filter weighs 1 at distance 0 and 0 at every other whole distance, so resampling at
    /// scale 1 on whole pixels returns the source pixels unchanged (Mitchell's cubic blurs them).
    package var interpolates: Bool { self != .mitchell }

    /// The filter's weight at distance `x` (in source pixels at scale 1).
    package func weight(_ x: Double) -> Double {
        switch self {
        case .lanczos3:
            guard abs(x) < 3 else { return 0 }
            guard x != 0 else { return 1 }
            // sinc(x)·sinc(x/3) with one sine, not two: sin 3θ = sin θ (3 − 4 sin² θ). The weights of
            // a launch set's tables were 4% of its time.
            let third = Double.pi * x / 3, s = sine(third)
            return s * (3 - 4 * s * s) * s / (3 * third * third)
        case .mitchell: return Filter.cubic(x, b: 1.0 / 3, c: 1.0 / 3)
        case .catmullRom: return Filter.cubic(x, b: 0, c: 0.5)
        case .triangle: return max(0, 1 - abs(x))
        case .box: return (x >= -0.5 && x < 0.5) ? 1 : 0
        }
    }

    /// The Mitchell–Netravali family of cubics.
    private static func cubic(_ x: Double, b: Double, c: Double) -> Double {
        let x = abs(x)
        if x < 1 {
            return ((12 - 9 * b - 6 * c) * x * x * x + (-18 + 12 * b + 6 * c) * x * x + (6 - 2 * b)) / 6
        }
        if x < 2 {
            return ((-b - 6 * c) * x * x * x + (6 * b + 30 * c) * x * x + (-12 * b - 48 * c) * x + (8 * b + 24 * c)) / 6
        }
        return 0
    }
}
