/// The one fact validation needs from an embedded ICC profile: its description, to tell sRGB from the rest.
enum ICCProfile {
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
