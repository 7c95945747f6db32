/// sRGB ⇄ linear light, as lookup tables built once.
///
/// Decoding is a plain table per input depth (256 or 65536 entries). Encoding indexes a table by the
/// float's own bit pattern (1024 steps per octave from 2^-16 to 1) and interpolates linearly: the steps
/// are finest where sRGB is steepest, so the error stays below 1e-6 — far inside half an 8-bit or a
/// 16-bit level, which is what makes resizing an image to its own size return every value unchanged.
enum TransferFunction {
    static func decode(_ value: Double) -> Double {
        value <= 0.04045 ? value / 12.92 : power((value + 0.055) / 1.055, 2.4)
    }

    static func encode(_ value: Double) -> Double {
        value <= 0.003_130_8 ? value * 12.92 : 1.055 * power(value, 1 / 2.4) - 0.055
    }

    /// sRGB-encoded 8-bit value → linear light.
    static let srgb8ToLinear: [Float] = (0..<256).map { Float(decode(Double($0) / 255)) }
    /// sRGB-encoded 16-bit value → linear light.
    static let srgb16ToLinear: [Float] = (0..<65536).map { Float(decode(Double($0) / 65535)) }
    /// 8-bit value → 0…1, for `--no-linear`.
    static let unit8: [Float] = (0..<256).map { Float($0) / 255 }
    /// 16-bit value → 0…1, for `--no-linear`.
    static let unit16: [Float] = (0..<65536).map { Float($0) / 65535 }

    /// The table that turns stored channel values of `format` into filter values: linear light, or the
    /// encoded values scaled to 0…1 when `linearLight` is false.
    static func decodeTable(for format: Image.PixelFormat, linearLight: Bool) -> [Float] {
        switch (format, linearLight) {
        case (.rgba8, true): srgb8ToLinear
        case (.rgba8, false): unit8
        case (.rgba16, true): srgb16ToLinear
        case (.rgba16, false): unit16
        }
    }

    /// Exponent field of 2^-16, the bottom of the encode table.
    static let encodeBaseExponent: UInt32 = 127 - 16
    /// Linear light (by float bit pattern) → sRGB-encoded 0…1; 16 octaves × 1024 steps, plus the end point
    /// and one more, so that 1.0 itself can interpolate without a branch.
    static let linearToSRGB: [Float] = (0...(16 * 1024 + 1)).map { index in
        let bits = (encodeBaseExponent << 23) &+ (UInt32(index) << 13)
        return Float(encode(Double(Float(bitPattern: bits))))
    }

    /// Encodes a linear value in 0…1 (clamped) to sRGB 0…1, using the table from `linearToSRGB`.
    @inline(__always)
    static func encode(_ value: Float, table: UnsafePointer<Float>) -> Float {
        if !(value > 0.000_015_258_789) { return max(value, 0) * 12.92 } // below 2^-16 sRGB is linear
        if value >= 1 { return 1 }
        let bits = value.bitPattern
        let index = Int(truncatingIfNeeded: (bits >> 13) &- (encodeBaseExponent << 10))
        let fraction = Float(bits & 0x1FFF) * (1 / 8192)
        let low = table[index]
        return low + (table[index &+ 1] - low) * fraction
    }

    /// The same for 8-bit output, without branches: values below 2^-16 are clamped up to it, which still
    /// encodes to 0.05 of an 8-bit level and so rounds to 0 exactly as the true curve does.
    @inline(__always)
    static func encodeFor8Bit(_ value: Float, table: UnsafePointer<Float>) -> Float {
        let clamped = min(max(value, 0.000_015_258_789), 1)
        let bits = clamped.bitPattern
        let index = Int(truncatingIfNeeded: (bits >> 13) &- (encodeBaseExponent << 10))
        let fraction = Float(bits & 0x1FFF) * (1 / 8192)
        let low = table[index]
        return low + (table[index &+ 1] - low) * fraction
    }
}
