/// What validation needs from an embedded ICC profile to tell sRGB and Display P3 from the rest: its description, and
/// the primaries its colorant tags give.
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

    /// The nine numbers of the `rXYZ`, `gXYZ` and `bXYZ` tags (s15Fixed16), or nil when one is missing.
    static func primaries(of profile: [UInt8]) -> [Double]? {
        guard profile.count >= 132 else { return nil }
        func u32(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 4 <= profile.count else { return nil }
            return Int(profile[offset]) << 24 | Int(profile[offset + 1]) << 16 | Int(profile[offset + 2]) << 8 | Int(profile[offset + 3])
        }
        guard let count = u32(128), count < 1000 else { return nil }
        var tags: [Int: Int] = [:]
        for index in 0..<count {
            let entry = 132 + index * 12
            guard let signature = u32(entry), let offset = u32(entry + 4) else { return nil }
            tags[signature] = offset
        }
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
        guard profile.count >= 132 else { return nil }
        func u32(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 4 <= profile.count else { return nil }
            return Int(profile[offset]) << 24 | Int(profile[offset + 1]) << 16 | Int(profile[offset + 2]) << 8 | Int(profile[offset + 3])
        }
        guard let count = u32(128), count < 1000 else { return nil }
        for index in 0..<count {
            let entry = 132 + index * 12
            guard let signature = u32(entry), let offset = u32(entry + 4), let size = u32(entry + 8) else { return nil }
            guard signature == 0x6465_7363, offset + min(size, 12) <= profile.count else { continue } // 'desc'
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
        }
        return nil
    }
}
