import PNGCodec

/// The PNG compression presets `--compression` offers, trading time for bytes.
public enum Compression: String, Sendable, CaseIterable, CustomStringConvertible {
    /// zlib level 3 with cheap row filters: quickest, a few percent larger.
    case fast
    /// zlib level 6 with libpng's adaptive filters.
    case `default`
    /// zlib level 9 with adaptive filters: smallest, several times slower.
    case small

    public var description: String { rawValue }

    /// The encoder options for this choice (colour type is set per output).
    public var encodeOptions: PNGEncodeOptions {
        switch self {
        case .fast: PNGEncodeOptions(compressionLevel: 3, filters: [.none, .sub, .up])
        case .default: PNGEncodeOptions(compressionLevel: 6, filters: .all)
        case .small: PNGEncodeOptions(compressionLevel: 9, filters: .all)
        }
    }
}
