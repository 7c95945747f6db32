import PNGCodec

/// The PNG compression presets `--compression` offers, trading time for bytes.
public enum Compression: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Run-length matching with the Sub filter: on photographs 10% smaller and 5x faster to encode than
    /// `default`, on the sample launch set (a smooth gradient) 1.4x faster for 29% more bytes; icon sets
    /// come out 2.6x as large.
    case fast
    /// IconForge's own DEFLATE compressor (the Deflate module), and per image the better (by sampled
    /// rows) of a per-row adaptive Sub/Up choice and no filter: flat icon art is a quarter smaller
    /// unfiltered, anti-aliased and photographic images smaller filtered. Against zlib level 5, which this
    /// setting used before: an icon set 1% smaller in half the compression time (zlib level 6 costs a
    /// third more time than level 5 for 2.5% fewer bytes; Paeth as a third filter 12% more for 0.6% fewer).
    case `default`
    /// zlib level 9 with all five filters: smallest, 2-4x slower.
    case small

    public var description: String { rawValue }

    /// The encoder options for an output of `role`. By default launch images — large, smooth or
    /// photographic — use the `fast` setting (see there): on a photograph-like launch set the built-in
    /// compressor is 2.4x slower and 11% larger than run-length matching. Icon art (flat areas, stripes,
    /// text) needs long-distance matches: run-length alone makes an icon set 2.6x as large.
    public func encodeOptions(for role: Role) -> PNGEncodeOptions {
        self == .default && role == .launch ? Compression.fast.encodeOptions : encodeOptions
    }

    /// The encoder options for this choice (colour type is set per output).
    public var encodeOptions: PNGEncodeOptions {
        switch self {
        case .fast: PNGEncodeOptions(compressionLevel: 6, filters: .sub, strategy: .rle)
        case .default: PNGEncodeOptions(filters: [.sub, .up], alternativeFilters: [.none], compressor: .builtIn)
        case .small: PNGEncodeOptions(compressionLevel: 9, filters: .all, strategy: .default)
        }
    }
}
