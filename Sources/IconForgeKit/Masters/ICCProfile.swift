import Foundation

/// What validation needs from an embedded ICC profile to tell sRGB and Display P3 from the rest: its description, the
/// primaries its colorant tags give, and a grey profile's tone curve.
package enum ICCProfile {
    /// The red, green and blue colorants (`rXYZ`, `gXYZ`, `bXYZ`: XYZ adapted to D50) of sRGB and of Display P3, as
    /// every profile of those spaces states them.
    static let srgbPrimaries: [Double] = [0.4361, 0.2225, 0.0139, 0.3851, 0.7169, 0.0971, 0.1431, 0.0606, 0.7141]
    package static let displayP3Primaries: [Double] = [0.5151, 0.2412, -0.0011, 0.2920, 0.6922, 0.0419, 0.1571, 0.0666, 0.7841]

    /// True when the profile's colorants are sRGB's or Display P3's whatever it is called: a Mac's built-in display
    /// profile, which an export on that Mac embeds, is named "Display" or "Color LCD" and has P3's primaries (Kazumi's
    /// macOS icons).
    static func hasStandardPrimaries(_ profile: [UInt8]) -> Bool {
        guard let primaries = primaries(of: profile) else { return false }
        return [srgbPrimaries, displayP3Primaries].contains { standard in zip(primaries, standard).allSatisfy { abs($0 - $1) < 0.002 } }
    }

    /// True for a grey profile (colour space `GRAY`) whose tone curve (`kTRC`) is sRGB's or a gamma of 2.2: the profile
    /// macOS embeds in every grey image it writes ("Generic Gray Gamma 2.2", NetNewsWire's filter glyphs) and sGray. A
    /// grey PNG cannot carry an sRGB profile (the PNG specification wants a grey one), and these draw as sRGB grey does;
    /// a print profile ("Dot Gain 20%", its mid-grey a third darker) does not.
    static func isStandardGrey(_ profile: [UInt8]) -> Bool {
        guard profile.count >= 132, Array(profile[16..<20]) == Array("GRAY".utf8),
              let curve = tags(of: profile)?[0x6B54_5243], // 'kTRC'
              let middle = toneCurve(profile, at: curve, input: 0.5) else { return false }
        // sRGB's curve gives 0.214 at half input, a gamma of 2.2 0.218; 1.8 gives 0.287 and 2.4 0.190.
        return (0.205...0.23).contains(middle)
    }

    /// The value of the tone curve at `offset` (`curv`: a gamma or a sampled table; `para`: ICC's parametric functions) at `input`.
    private static func toneCurve(_ profile: [UInt8], at offset: Int, input x: Double) -> Double? {
        func u16(_ at: Int) -> Int? { at >= 0 && at + 2 <= profile.count ? Int(profile[at]) << 8 | Int(profile[at + 1]) : nil }
        guard let type = u32(profile, offset) else { return nil }
        if type == 0x6375_7276 { // 'curv'
            guard let count = u32(profile, offset + 8) else { return nil }
            if count == 0 { return x }
            if count == 1 { return u16(offset + 12).map { pow(x, Double($0) / 256) } }
            let position = x * Double(count - 1), index = Int(position)
            guard count < 1 << 20, let low = u16(offset + 12 + 2 * index), let high = u16(offset + 12 + 2 * min(index + 1, count - 1)) else { return nil }
            let fraction = position - Double(index)
            return (Double(low) * (1 - fraction) + Double(high) * fraction) / 65535
        }
        guard type == 0x7061_7261, let function = u16(offset + 8), function <= 4 else { return nil } // 'para'
        let counts = [1, 3, 4, 5, 7]
        var p: [Double] = []
        for index in 0..<counts[function] {
            guard let raw = u32(profile, offset + 12 + 4 * index) else { return nil }
            p.append(Double(Int32(truncatingIfNeeded: raw)) / 65536)
        }
        func power(_ base: Double) -> Double { base > 0 ? pow(base, p[0]) : 0 }
        switch function {
        case 0: return power(x)
        case 1: return p[1] != 0 && x >= -p[2] / p[1] ? power(p[1] * x + p[2]) : 0
        case 2: return p[1] != 0 && x >= -p[2] / p[1] ? power(p[1] * x + p[2]) + p[3] : p[3]
        case 3: return x >= p[4] ? power(p[1] * x + p[2]) : p[3] * x
        default: return x >= p[4] ? power(p[1] * x + p[2]) + p[5] : p[3] * x + p[6]
        }
    }

    private static func u32(_ profile: [UInt8], _ offset: Int) -> Int? {
        guard offset >= 0, offset + 4 <= profile.count else { return nil }
        return Int(profile[offset]) << 24 | Int(profile[offset + 1]) << 16 | Int(profile[offset + 2]) << 8 | Int(profile[offset + 3])
    }

    /// The tag table: each tag's signature and where its data starts; nil when it cannot be read.
    private static func tags(of profile: [UInt8]) -> [Int: Int]? {
        guard let count = u32(profile, 128), count < 1000 else { return nil }
        var tags: [Int: Int] = [:]
        for index in 0..<count {
            let entry = 132 + index * 12
            guard let signature = u32(profile, entry), let offset = u32(profile, entry + 4) else { return nil }
            tags[signature] = offset
        }
        return tags
    }

    /// The nine numbers of the `rXYZ`, `gXYZ` and `bXYZ` tags (s15Fixed16), or nil when one is missing.
    static func primaries(of profile: [UInt8]) -> [Double]? {
        guard profile.count >= 132, let tags = tags(of: profile) else { return nil }
        func u32(_ offset: Int) -> Int? { Self.u32(profile, offset) }
        var values: [Double] = []
        for signature in [0x7258_595A, 0x6758_595A, 0x6258_595A] { // 'rXYZ', 'gXYZ', 'bXYZ'
            guard let offset = tags[signature], u32(offset) == 0x5859_5A20 else { return nil } // 'XYZ '
            for component in 0..<3 {
                guard let raw = u32(offset + 8 + 4 * component) else { return nil }
                values.append(Double(Int32(truncatingIfNeeded: raw)) / 65536)
            }
        }
        return values
    }

    /// The profile's description (`desc` tag, ICC v2 text or v4 multi-localised), if it can be read.
    static func description(of profile: [UInt8]) -> String? {
        guard profile.count >= 132, let offset = tags(of: profile)?[0x6465_7363] else { return nil } // 'desc'
        func u32(_ offset: Int) -> Int? { Self.u32(profile, offset) }
        let type = u32(offset)
        if type == 0x6465_7363, let length = u32(offset + 8), length > 0, offset + 12 + length <= profile.count { // v2 'desc'
            let bytes = profile[(offset + 12)..<(offset + 12 + length)].prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        if type == 0x6D6C_7563, let records = u32(offset + 8), records > 0, // v4 'mluc': the first record, UTF-16BE
           let length = u32(offset + 20), let start = u32(offset + 24), offset + start + length <= profile.count {
            let bytes = Array(profile[(offset + start)..<(offset + start + length)])
            let units = stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        }
        return nil
    }
}
