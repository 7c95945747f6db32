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

    /// The colour as an opaque 8-bit pixel (an `Image`'s `fill`).
    public var opaquePixel: SIMD4<UInt16> { SIMD4(UInt16(red), UInt16(green), UInt16(blue), 255) }
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
    package func flattened(over background: RGBColor) -> Image {
        var result = Image(uninitializedWidth: width, height: height, format: .rgba8)
        bytes.withUnsafeBytes { source in
            result.bytes.withUnsafeMutableBytes { destination in
                Image.flatten(source, format: format, count: width * height, over: background, into: destination)
            }
        }
        return result
    }

    /// `flattened(over:)` without a second image when nothing else shares this one's pixels: an 8-bit image is
    /// composited in its own buffer, so a large one (an 8192² convert) costs its size once, not twice.
    package consuming func flattenedInPlace(over background: RGBColor) -> Image {
        guard format == .rgba8 else { return flattened(over: background) }
        let count = width * height
        var result = self
        result.bytes.withUnsafeMutableBytes { pixels in
            // Pixel i is read before it is written, and written at the same place: in place is safe.
            Image.flatten(UnsafeRawBufferPointer(pixels), format: .rgba8, count: count, over: background, into: pixels)
        }
        return result
    }

    /// Composites `count` pixels of `source` over `background` into 8-bit opaque RGBA at `destination`.
    private static func flatten(_ source: UnsafeRawBufferPointer, format: PixelFormat, count: Int, over background: RGBColor,
                                into destination: UnsafeMutableRawBufferPointer) {
        let maximum = Float(format.maxValue)
        let backdrop = (Float(background.red), Float(background.green), Float(background.blue))
        // Lane-by-lane scalar arithmetic: the generic SIMD conversions are not specialised and cost 10x.
        @inline(__always) func mix(_ value: UInt16, _ under: Float, _ alpha: Float) -> UInt8 {
            let mixed = Float(value) * (255 / maximum) * alpha + under * (1 - alpha) + 0.5
            return UInt8(min(max(mixed, 0), 255))
        }
        for index in 0..<count {
            let value = Image.load(from: source, at: index, format: format)
            let alpha = Float(value[3]) / maximum
            let offset = index &* 4
            destination[offset] = mix(value[0], backdrop.0, alpha)
            destination[offset + 1] = mix(value[1], backdrop.1, alpha)
            destination[offset + 2] = mix(value[2], backdrop.2, alpha)
            destination[offset + 3] = 255
        }
    }
}

extension Image {
    /// This image with `overlay` drawn over it (source-over, in encoded values) with its top-left corner
    /// at (x, y); parts outside are clipped. The result has this image's size and is 8-bit.
    package func drawing(_ overlay: Image, atX originX: Int, y originY: Int) -> Image {
        var result = converted(to: .rgba8)
        let top = Float(overlay.format.maxValue)
        for y in max(0, originY)..<min(height, originY + overlay.height) {
            for x in max(0, originX)..<min(width, originX + overlay.width) {
                let over = SIMD4<Float>(overlay.pixel(x: x - originX, y: y - originY)) * (255 / top)
                let under = SIMD4<Float>(result.pixel(x: x, y: y))
                let alpha = over[3] / 255
                var mixed = over * alpha + under * (1 - alpha)
                mixed[3] = over[3] + under[3] * (1 - alpha)
                result.setPixel(x: x, y: y, SIMD4<UInt16>((mixed + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)), rounding: .towardZero))
            }
        }
        return result
    }

    /// A greyscale copy: each pixel's relative luminance (Rec. 709 weights, computed in linear light),
    /// re-encoded to sRGB; alpha is kept. This is what a tinted app-icon variant starts from.
    package func luminance() -> Image {
        let linear = TransferFunction.srgb16ToLinear
        let wide = converted(to: .rgba16)
        var result = Image(uninitializedWidth: width, height: height, format: .rgba16)
        for y in 0..<height {
            for x in 0..<width {
                let p = wide.pixel(x: x, y: y)
                let y709 = 0.2126 * Double(linear[Int(p[0])]) + 0.7152 * Double(linear[Int(p[1])]) + 0.0722 * Double(linear[Int(p[2])])
                let grey = UInt16((TransferFunction.encode(min(max(y709, 0), 1)) * 65535).rounded())
                result.setPixel(x: x, y: y, SIMD4(grey, grey, grey, p[3]))
            }
        }
        return result.converted(to: format)
    }
}

extension Image {
    /// This image with each pixel's alpha multiplied by `mask` (one value 0…1 per pixel, row by row).
    package func masked(by mask: [Float]) -> Image {
        precondition(mask.count == width * height, "the mask must cover the image")
        let top = Float(format.maxValue)
        return mask.withUnsafeBufferPointer { mask in
            mappingPixels { index, pixel in
                var p = pixel
                p[3] = UInt16((Float(p[3]) * mask[index]).rounded().clamped(to: 0...top))
                return p
            }
        }
    }

    /// One colour (given in the format's range; its alpha ignored) with this image's alpha: a silhouette.
    package func coverage(color: SIMD4<UInt16>) -> Image {
        mappingPixels { _, pixel in SIMD4(color[0], color[1], color[2], pixel[3]) }
    }

    /// A copy with every pixel replaced by `transform(index, pixel)` (values in the format's range), read and
    /// written through the raw bytes rather than pixel by pixel accessors.
    func mappingPixels(_ transform: (Int, SIMD4<UInt16>) -> SIMD4<UInt16>) -> Image {
        var result = Image(uninitializedWidth: width, height: height, format: format)
        let (count, format) = (width * height, self.format)
        bytes.withUnsafeBytes { source in
            result.bytes.withUnsafeMutableBytes { destination in
                for index in 0..<count {
                    Image.store(transform(index, Image.load(from: source, at: index, format: format)), into: destination, at: index, format: format)
                }
            }
        }
        return result
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}

extension Image {
    /// Each colour multiplied by `color` (in sRGB-encoded values, as a multiply blend in a design tool); alpha
    /// kept. A greyscale icon multiplied by a tint is how a tinted home screen shows it.
    package func multiplied(by color: RGBColor) -> Image {
        let top = Float(format.maxValue)
        let factors = SIMD4<Float>(Float(color.red) / 255, Float(color.green) / 255, Float(color.blue) / 255, 1)
        return mappingPixels { _, pixel in
            let product = SIMD4<Float>(pixel) * factors
            return SIMD4<UInt16>((product + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: top)), rounding: .towardZero)
        }
    }
}
