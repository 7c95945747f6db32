/// The colour type a PNG header declares (PNG specification, IHDR).
public enum PNGColorType: Int, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Greyscale, 1, 2, 4, 8 or 16 bits.
    case grayscale = 0
    /// Truecolour (RGB), 8 or 16 bits a channel.
    case rgb = 2
    /// Palette indices, 1, 2, 4 or 8 bits.
    case palette = 3
    /// Greyscale with alpha, 8 or 16 bits a channel.
    case grayscaleAlpha = 4
    /// Truecolour with alpha (RGBA), 8 or 16 bits a channel.
    case rgba = 6

    /// The name users know from image tools.
    public var description: String {
        switch self {
        case .grayscale: "greyscale"
        case .rgb: "RGB"
        case .palette: "palette"
        case .grayscaleAlpha: "greyscale+alpha"
        case .rgba: "RGBA"
        }
    }

    /// True when the colour type itself carries an alpha channel (a tRNS chunk can add transparency to the others).
    public var hasAlphaChannel: Bool { self == .grayscaleAlpha || self == .rgba }
}

/// What a PNG file says about itself: the IHDR fields and the colour chunks that are really present.
public struct PNGInfo: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bits per sample (per palette index for palette images).
    public var bitDepth: Int
    /// The declared colour type.
    public var colorType: PNGColorType
    /// True for Adam7 interlacing.
    public var isInterlaced: Bool
    /// A tRNS chunk is present.
    public var hasTransparencyChunk: Bool
    /// A gAMA chunk is present.
    public var hasGamma: Bool
    /// An sRGB chunk is present.
    public var hasSRGB: Bool
    /// An iCCP chunk is present.
    public var hasICCProfile: Bool
    /// A cHRM chunk is present.
    public var hasChromaticities: Bool
    /// The cHRM values (white x, y, red x, y, green x, y, blue x, y), when present and readable.
    public var chromaticities: [Double]?
    /// The IDAT chunks hold more compressed data than any encoding of the image needs: decoding stops at
    /// the image's end instead of inflating the rest (a few KB of zeros can deflate from gigabytes).
    public var hasTrailingData = false
    /// The gAMA value (e.g. 0.45455), when present and valid.
    public var gamma: Double?
    /// The sRGB rendering intent (0…3), when an sRGB chunk is present.
    public var srgbIntent: Int?
    /// The name stored with the ICC profile, when one is present.
    public var iccProfileName: String?
    /// The decompressed ICC profile (at most `PNG.iccProfileCapacity` bytes), when one is present.
    public var iccProfile: [UInt8]?
    /// libpng's first warning while reading the header (for example a bad ancillary-chunk CRC).
    public var warning: String?

    /// sRGB's primaries and D65 white, as cHRM writes them (the PNG specification's sRGB example).
    public static let srgbChromaticities: [Double] = [0.3127, 0.329, 0.64, 0.33, 0.3, 0.6, 0.15, 0.06]

    /// True when the cHRM chunk states sRGB's own primaries (to within 0.001, the rounding tools apply).
    public var chromaticitiesAreSRGB: Bool {
        guard let chromaticities, chromaticities.count == 8 else { return false }
        return zip(chromaticities, PNGInfo.srgbChromaticities).allSatisfy { abs($0 - $1) <= 0.001 }
    }

    /// False when every decoded pixel is opaque by construction: no alpha channel and no tRNS chunk.
    public var canBeTranslucent: Bool { colorType.hasAlphaChannel || hasTransparencyChunk }

    /// 16 bits a channel (8 otherwise, or fewer for palette and low-depth greyscale).
    public var is16Bit: Bool { bitDepth == 16 }

    /// The header facts in one line, e.g. "180x180 RGB 8-bit, non-interlaced".
    public var summary: String {
        "\(width)x\(height) \(colorType) \(bitDepth)-bit, \(isInterlaced ? "Adam7-interlaced" : "non-interlaced")"
    }
}
