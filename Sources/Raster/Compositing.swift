/// An opaque sRGB colour with 8 bits per channel, such as a background to composite over.
public struct RGBColor: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8

    /// A colour from its three channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// White, the default background.
    public static let white = RGBColor(red: 255, green: 255, blue: 255)
    /// Black.
    public static let black = RGBColor(red: 0, green: 0, blue: 0)

    /// Parses "#RRGGBB" or "RRGGBB" (case-insensitive); nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// "#RRGGBB" in upper case.
    public var description: String {
        let digits = String((UInt32(red) << 16) | (UInt32(green) << 8) | UInt32(blue), radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }
}

extension Image {
    /// An opaque 8-bit copy: every pixel composited over `background` (source-over, in sRGB-encoded
    /// values). Compositing in encoded values is what design tools, browsers and Core Graphics show a
    /// designer, so a flattened icon looks as it did in their preview; resampling, where the physics
    /// matters, happens in linear light elsewhere.
    public func flattened(over background: RGBColor) -> Image {
        let maximum = Float(format.maxValue)
        let backdrop = SIMD4<Float>(Float(background.red), Float(background.green), Float(background.blue), 255)
        var result = Image(width: width, height: height, format: .rgba8)
        let count = width * height
        bytes.withUnsafeBytes { source in
            result.bytes.withUnsafeMutableBytes { destination in
                for index in 0..<count {
                    let value = SIMD4<Float>(Image.load(from: source, at: index, format: format))
                    let alpha = value[3] / maximum
                    let colour = value * (255 / maximum)
                    var mixed = colour * alpha + backdrop * (1 - alpha)
                    mixed[3] = 255
                    let rounded = (mixed + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                    Image.store(SIMD4<UInt16>(rounded, rounding: .towardZero), into: destination, at: index, format: .rgba8)
                }
            }
        }
        return result
    }
}
