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

    /// Linear light → sRGB 8-bit, rounded exactly as `(encode(v) * 255).rounded()` would, by float bit
    /// pattern: 256 steps per octave from 2^-16 to 1 (16 KB, stays in L1). Within one step the encoded value
    /// moves by less than half a level, so it crosses at most one rounding boundary: each entry holds the
    /// level at the step's start (high 16 bits) and the position inside the step (low 15 bits of the
    /// float) from which the level is one higher (0x8000: never).
    static let linearTo8Bit: [UInt32] = (0...(16 * 256)).map { index in
        let start = (encodeBaseExponent << 23) &+ (UInt32(index) << 15)
        func level(_ fraction: UInt32) -> UInt32 {
            UInt32((encode(Double(Float(bitPattern: start | fraction))) * 255).rounded())
        }
        let base = level(0)
        guard index < 16 * 256, level(0x7FFF) > base else { return base << 16 | 0x8000 }
        var (low, high) = (UInt32(0), UInt32(0x7FFF)) // level(low) == base, level(high) == base + 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if level(middle) > base { high = middle } else { low = middle }
        }
        return base << 16 | high
    }

    /// Encodes a linear value (clamped to 0…1; NaN counts as 0) to an sRGB 8-bit level with the
    /// `linearTo8Bit` table, without branches. Values below 2^-16 encode to 0.05 of a level, so clamping
    /// them up to 2^-16 still gives 0, as the true curve does.
    @inline(__always)
    static func encodeTo8Bit(_ value: Float, table: UnsafePointer<UInt32>) -> UInt32 {
        let lowest: Float = 0.000_015_258_789
        let clamped = value > lowest ? (value < 1 ? value : 1) : lowest
        let bits = clamped.bitPattern
        let entry = table[Int(truncatingIfNeeded: (bits >> 15) &- (encodeBaseExponent << 8))]
        return (entry >> 16) &+ ((bits & 0x7FFF) >= (entry & 0xFFFF) ? 1 : 0)
    }

    /// The same for 8-bit output as a float 0…1 (for compositing before rounding), without branches:
    /// values below 2^-16 are clamped up to it, which still encodes to 0.05 of an 8-bit level and so rounds
    /// to 0 exactly as the true curve does.
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

/// The encode tables as the store loops take them: both or neither (colour not in linear light).
/// Sendable: the tables are immutable for the life of the process.
struct EncodeTables: @unchecked Sendable {
    /// `TransferFunction.linearTo8Bit`.
    let to8Bit: UnsafePointer<UInt32>
    /// `TransferFunction.linearToSRGB`.
    let toUnit: UnsafePointer<Float>

    /// Calls `body` with the tables when `linearLight`, with nil otherwise.
    static func with<R>(linearLight: Bool, _ body: (EncodeTables?) -> R) -> R {
        guard linearLight else { return body(nil) }
        return TransferFunction.linearTo8Bit.withUnsafeBufferPointer { bytes in
            TransferFunction.linearToSRGB.withUnsafeBufferPointer { unit in
                body(EncodeTables(to8Bit: bytes.baseAddress!, toUnit: unit.baseAddress!))
            }
        }
    }
}
