/// Why a PNG could not be read or written. Descriptions are meant for the user, after the file's path.
public enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data does not start with the PNG signature; `detail` says what it looks like instead.
    case notPNG(detail: String)
    /// Apple's CgBI variant, found inside built `.app`/`.ipa` bundles, which no standard decoder reads.
    case appleCgBI
    /// The header declares more pixels than the limits allow.
    case tooLarge(String)
    /// The data ends before the image does.
    case truncated(String)
    /// libpng rejected the data; its message.
    case corrupt(String)
    /// Memory for the decoder or encoder could not be had.
    case outOfMemory
    /// The encoder failed (a bug or impossible arguments); its message.
    case encodingFailed(String)

    public var description: String {
        switch self {
        case .notPNG(let detail): "not a PNG file (\(detail))"
        case .appleCgBI:
            "Apple-optimised (CgBI) PNG from a built app — validate the asset catalog it was built from"
        case .tooLarge(let message):
            "\(message) (raise \(message.contains("memory") ? "--max-memory MIB" : "--max-pixels") if the image is really meant to be that big)"
        case .truncated(let message): message
        case .corrupt(let message): "corrupt PNG: \(message)"
        case .outOfMemory: "out of memory while decoding"
        case .encodingFailed(let message): "PNG encoding failed: \(message)"
        }
    }
}

/// Limits applied to the header before any pixel memory is allocated, so a hostile file costs milliseconds.
public struct PNGLimits: Sendable, Equatable {
    /// Largest width accepted, in pixels.
    public var maxWidth: Int
    /// Largest height accepted, in pixels.
    public var maxHeight: Int
    /// Largest width × height accepted.
    public var maxPixels: Int
    /// The most memory the decoded image may take: width × height × 4 bytes, 8 for 16-bit samples.
    /// This, not the sides, is what bounds a decode: a 20000×1 strip costs 80 KB and is accepted.
    public var maxDecodedBytes: Int = PNGLimits.defaultMaxDecodedBytes
    /// How many ancillary chunks libpng may keep.
    public var maxCachedChunks: Int
    /// Largest single chunk, after decompression, that libpng may allocate (ICC profiles and the like).
    public var maxChunkBytes: Int

    /// 256 MiB of decoded pixels (2^26 pixels at 8 bits, 2^25 at 16: what decoding, a linear-light copy and
    /// the outputs of one master take stays well under 1 GiB), 2^26 pixels in all, a million per side (only
    /// to keep libpng's own row arithmetic small), 1000 ancillary chunks, 8 MiB per chunk.
    public static let `default` = PNGLimits(
        maxWidth: 1 << 20, maxHeight: 1 << 20, maxPixels: 1 << 26, maxCachedChunks: 1000, maxChunkBytes: 8 << 20)

    /// The default `maxDecodedBytes`: 256 MiB.
    public static let defaultMaxDecodedBytes = 256 << 20

    /// Bytes an image of this size takes decoded (RGBA, 8 or 16 bits a channel).
    package static func decodedBytes(width: Int, height: Int, sixteenBit: Bool) -> Int {
        width.multipliedReportingOverflow(by: height).partialValue &* (sixteenBit ? 8 : 4)
    }

    /// Why an image of this size may not be made or decoded, or nil when it fits the limits. For outputs
    /// (resize and preset sizes), checked before anything is allocated.
    package func refusal(width: Int, height: Int, sixteenBit: Bool = false) -> String? {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let bytes = overflow ? Int.max : PNGLimits.decodedBytes(width: width, height: height, sixteenBit: sixteenBit)
        if overflow || bytes / (sixteenBit ? 8 : 4) != pixels || bytes > maxDecodedBytes {
            return "\(width)x\(height) needs \(overflow ? "more than 8 EiB" : "\(bytes >> 20) MiB"), more than the memory limit of \(maxDecodedBytes >> 20) MiB (raise it with --max-memory MIB)"
        }
        if pixels > maxPixels { return "\(width)x\(height) is \(pixels) pixels, more than the limit of \(maxPixels) (raise it with --max-pixels)" }
        if width > maxWidth || height > maxHeight { return "\(width)x\(height) exceeds the \(maxWidth)x\(maxHeight) limit" }
        return nil
    }

    /// Limits with every field given.
    public init(maxWidth: Int, maxHeight: Int, maxPixels: Int, maxCachedChunks: Int, maxChunkBytes: Int) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
        self.maxCachedChunks = maxCachedChunks
        self.maxChunkBytes = maxChunkBytes
    }
}

/// How `PNG.encode` writes a file. The output is always 8 bits a channel and never interlaced.
public struct PNGEncodeOptions: Sendable, Equatable {
    /// The colour type written.
    public enum ColorType: Sendable, Equatable {
        /// Colour type 2: the alpha channel is dropped, so flatten translucent images first.
        case rgb
        /// Colour type 6.
        case rgba
    }

    /// Row filters the encoder may choose from, per row, by libpng's heuristic (the filtered row whose
    /// bytes, read as signed, sum to the least magnitude); an empty set means all five.
    public struct Filters: OptionSet, Sendable, Hashable {
        /// libpng's filter mask bits.
        public let rawValue: Int32
        /// The filters of a libpng mask.
        public init(rawValue: Int32) { self.rawValue = rawValue }
        /// No filter.
        public static let none = Filters(rawValue: 0x08)
        /// Sub: the difference from the pixel to the left.
        public static let sub = Filters(rawValue: 0x10)
        /// Up: the difference from the pixel above.
        public static let up = Filters(rawValue: 0x20)
        /// Average of left and above.
        public static let average = Filters(rawValue: 0x40)
        /// Paeth: the nearest of left, above and upper left.
        public static let paeth = Filters(rawValue: 0x80)
        /// The per-row choice among all five.
        public static let all: Filters = [.none, .sub, .up, .average, .paeth]
    }

    /// How zlib looks for repeats.
    public enum Strategy: Int32, Sendable, Equatable, CaseIterable {
        /// zlib's default: hash chains over the whole window.
        case `default` = 0
        /// zlib's Z_FILTERED, which libpng uses for filtered images: favours short literals.
        case filtered = 1
        /// Run-length only (distance 1): several times faster; on filtered, smooth art about as small.
        case rle = 3
    }

    /// Which DEFLATE compressor writes the image data.
    public enum Compressor: Sendable, Equatable {
        /// zlib, at `compressionLevel` with `strategy`.
        case zlib
        /// libdeflate at `compressionLevel` (1 … 12; `strategy` does not apply): on icon art smaller than
        /// zlib at the same level in less time.
        case libdeflate
    }

    /// RGB or RGBA.
    public var colorType: ColorType
    /// zlib level, 0 (store) … 9 (smallest); libdeflate's, 1 … 12.
    public var compressionLevel: Int
    /// Filters to choose from.
    public var filters: Filters
    /// Further filter sets to weigh against `filters`: bands of rows sampled through the image are
    /// compressed with each, and the set giving the fewest bytes encodes the whole image. Flat icon art
    /// compresses best unfiltered (a third smaller than with any filter, and twice as fast), anti-aliased
    /// art and photographs filtered: no one setting suits both, and the per-row heuristic picks filters
    /// for flat art too. Encoding rows as they are made (`PNG.encode(size:options:rows:)`) cannot sample
    /// and uses `filters`.
    public var alternativeFilters: [Filters]
    /// zlib's strategy.
    public var strategy: Strategy
    /// Write an sRGB chunk (perceptual intent).
    public var writesSRGBChunk: Bool
    /// The DEFLATE compressor.
    public var compressor: Compressor

    /// Options with every field given. The defaults (level 6, zlib's default strategy, an adaptive choice
    /// among Sub, Up and Paeth) were chosen by measurement: smaller and faster on icon art than libpng's
    /// own (all five filters, Z_FILTERED).
    public init(colorType: ColorType = .rgba, compressionLevel: Int = 6, filters: Filters = [.sub, .up, .paeth],
                alternativeFilters: [Filters] = [], strategy: Strategy = .default, writesSRGBChunk: Bool = false,
                compressor: Compressor = .zlib) {
        self.colorType = colorType
        self.compressionLevel = compressionLevel
        self.filters = filters
        self.alternativeFilters = alternativeFilters
        self.strategy = strategy
        self.writesSRGBChunk = writesSRGBChunk
        self.compressor = compressor
    }
}
