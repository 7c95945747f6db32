import PNGCodec

/// The PNG compression presets `--compression` offers, trading time for bytes.
public enum Compression: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Run-length matching with the Sub filter: on photographs 10% smaller and 5x faster to encode than
    /// `default`, on the sample launch set (a smooth gradient) 1.4x faster for 29% more bytes; icon sets
    /// come out 2.6x as large.
    case fast
    /// libdeflate at `iconLevel`, and per image the better (by sampled rows) of a per-row adaptive Sub/Up
    /// choice and no filter: flat icon art is a quarter smaller unfiltered, anti-aliased and photographic
    /// images smaller filtered (Paeth as a third filter: 12% more time for 0.6% fewer bytes).
    case `default`
    /// libdeflate level 12 with all five filters: smallest, many times slower.
    case small

    public var description: String { rawValue }

    /// libdeflate's level for icons: the lowest that makes the sample icon sets smaller than IconForge's own
    /// compressor did (levels 4 and 5 do not; see README, PNG settings).
    static let iconLevel = 6

    /// The encoder options for an output of `role`. By default launch images — large, smooth or
    /// photographic — use the `fast` setting (see there): on a photograph-like launch set a general
    /// compressor (IconForge's former own) was 2.4x slower and 11% larger than run-length matching. Icon art (flat areas, stripes,
    /// text) needs long-distance matches: run-length alone makes an icon set 2.6x as large.
    package func encodeOptions(for role: Role) -> PNGEncodeOptions {
        self == .default && role == .launch ? Compression.fast.encodeOptions : encodeOptions
    }

    /// The encoder options for this choice (colour type is set per output).
    package var encodeOptions: PNGEncodeOptions {
        switch self {
        case .fast: PNGEncodeOptions(compressionLevel: 6, filters: .sub, strategy: .rle)
        case .default: PNGEncodeOptions(compressionLevel: Compression.iconLevel, filters: [.sub, .up], alternativeFilters: [.none],
                                        compressor: .libdeflate)
        case .small: PNGEncodeOptions(compressionLevel: 12, filters: .all, compressor: .libdeflate)
        }
    }
}
