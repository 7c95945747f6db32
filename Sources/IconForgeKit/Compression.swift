import PNGCodec

/// The PNG compression presets `--compression` offers, trading time for bytes.
public enum Compression: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Run-length matching with the Paeth filter: encoding 2x faster; about as small on smooth art
    /// (launch images, photographs), about twice as large on flat icon art.
    case fast
    /// zlib level 6, zlib's default strategy, adaptive choice among Sub, Up and Paeth. Measured on the
    /// sample masters against every level, strategy and filter set (Benchmarks/RESULTS.md): smaller and
    /// faster than libpng's own defaults (all five filters, Z_FILTERED), and no larger than libvips.
    case `default`
    /// zlib level 9 with all five filters: smallest, 2-4x slower.
    case small

    public var description: String { rawValue }

    /// The encoder options for an output of `role`. By default launch images — large, smooth or
    /// photographic — use Paeth with run-length matching: on the sample launch set 2.3x faster to encode
    /// than the icon setting, for 4% more bytes. Icon art (flat areas, stripes, text) needs zlib's
    /// long-distance matches: run-length alone doubles its size.
    public func encodeOptions(for role: Role) -> PNGEncodeOptions {
        self == .default && role == .launch ? Compression.fast.encodeOptions : encodeOptions
    }

    /// The encoder options for this choice (colour type is set per output).
    public var encodeOptions: PNGEncodeOptions {
        switch self {
        case .fast: PNGEncodeOptions(compressionLevel: 6, filters: .paeth, strategy: .rle)
        case .default: PNGEncodeOptions()
        case .small: PNGEncodeOptions(compressionLevel: 9, filters: .all, strategy: .default)
        }
    }
}
