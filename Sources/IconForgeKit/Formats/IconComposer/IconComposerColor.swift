import Foundation
import Raster

/// A colour as Icon Composer writes it: `"srgb:1.00000,0.25279,1.00000,1.00000"` — a colour space, then
/// its components and alpha. The text is kept as written, so rewriting a file never reformats a colour.
package struct IconComposerColor: Sendable, Hashable, CustomStringConvertible {
    /// The colour spaces Icon Composer writes.
    package enum Space: String, Sendable, CaseIterable {
        case srgb
        case displayP3 = "display-p3"
        case extendedSRGB = "extended-srgb"
        case extendedGray = "extended-gray"
        case gray

        /// Components including alpha: four for RGB spaces, two for grey ones.
        package var componentCount: Int { self == .gray || self == .extendedGray ? 2 : 4 }
        /// Extended spaces allow colour components outside 0…1 (alpha stays inside).
        package var isExtended: Bool { self == .extendedSRGB || self == .extendedGray }
    }

    /// The colour space.
    package let space: Space
    /// The components as written, alpha last.
    package let components: [Double]
    /// The text as written.
    package let text: String

    package var description: String { text }

    /// Parses a colour string; the error says what is wrong with it, in words a user can act on.
    package init(parsing text: String) throws(IconComposerError) {
        guard let colon = text.firstIndex(of: ":") else {
            throw .invalidColor(text, "has no colour space (expected e.g. \"srgb:1.00000,0.50000,0.00000,1.00000\")")
        }
        let name = String(text[..<colon])
        guard let space = Space(rawValue: name) else {
            throw .invalidColor(text, "'\(name)' is not a colour space Icon Composer writes (\(Space.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let parts = text[text.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false)
        var values: [Double] = []
        for part in parts {
            guard let value = Double(part.trimmingCharacters(in: .whitespaces)), value.isFinite else {
                throw .invalidColor(text, "'\(part)' is not a number")
            }
            values.append(value)
        }
        guard values.count == space.componentCount else {
            throw .invalidColor(text, "\(space.rawValue) takes \(space.componentCount) components with alpha, not \(values.count)")
        }
        // Icon Composer writes Display P3 components a little past 1 for colours picked outside the gamut; they are
        // clipped when drawn.
        let unbounded = space.isExtended || space == .displayP3
        for (index, value) in values.enumerated() where !(0...1).contains(value) && (!unbounded || index == values.count - 1) {
            throw .invalidColor(text, "component \(index + 1) is \(PointSize.format(value)), outside 0…1")
        }
        self.space = space
        self.components = values
        self.text = text
    }

    /// A colour from 8-bit sRGB, written with five decimals as Icon Composer writes them.
    package init(srgb color: RGBColor, alpha: Double = 1) {
        let values = [Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, alpha]
        space = .srgb
        components = values
        text = "srgb:" + values.map { String(format: "%.5f", $0) }.joined(separator: ",")
    }

    /// The colour in linear-light sRGB primaries, straight alpha: red, green, blue, alpha. Display P3 is
    /// converted through XYZ (D65); values outside sRGB's gamut are clipped, as an sRGB file must.
    package var linearSRGB: SIMD4<Float> {
        let alpha = Float(min(max(components.last!, 0), 1))
        let decode = { (value: Double) -> Double in
            // The sRGB curve, mirrored for negative extended values.
            let magnitude = abs(value)
            let linear = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
            return value < 0 ? -linear : linear
        }
        var rgb: (Double, Double, Double)
        switch space {
        case .gray, .extendedGray:
            let grey = decode(components[0])
            rgb = (grey, grey, grey)
        case .srgb, .extendedSRGB:
            rgb = (decode(components[0]), decode(components[1]), decode(components[2]))
        case .displayP3:
            // P3 shares sRGB's transfer curve; the matrix takes linear P3 to linear sRGB.
            let (r, g, b) = (decode(components[0]), decode(components[1]), decode(components[2]))
            rgb = (1.2249401 * r - 0.2249404 * g + 0.0000000 * b,
                   -0.0420569 * r + 1.0420571 * g + 0.0000000 * b,
                   -0.0196376 * r - 0.0786361 * g + 1.0982735 * b)
        }
        let clip = { (value: Double) in Float(min(max(value, 0), 1)) }
        return SIMD4(clip(rgb.0), clip(rgb.1), clip(rgb.2), alpha)
    }

    /// The colour as sRGB-encoded values (0…1), straight alpha: what an sRGB file stores.
    package var encodedSRGB: SIMD4<Float> {
        let linear = linearSRGB
        let encode = { (value: Float) -> Float in
            value <= 0.0031308 ? value * 12.92 : Float(1.055 * pow(Double(value), 1 / 2.4) - 0.055)
        }
        return SIMD4(encode(linear[0]), encode(linear[1]), encode(linear[2]), linear[3])
    }
}
