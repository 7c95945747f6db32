import PNGCodec
import Raster

/// `iconforge convert`: any PNG to an 8-bit, non-interlaced PNG, opaque RGB unless alpha is kept.
public struct Conversion: Sendable {
    /// Keep the alpha channel (colour type 6) instead of flattening to RGB (colour type 2).
    public var keepsAlpha: Bool
    /// What translucent pixels are composited over when alpha is not kept.
    public var background: RGBColor
    /// Decoder limits.
    public var limits: PNGLimits

    /// A conversion with the given choices; by default RGB over white.
    public init(keepsAlpha: Bool = false, background: RGBColor = .white, limits: PNGLimits = .default) {
        self.keepsAlpha = keepsAlpha
        self.background = background
        self.limits = limits
    }

    /// What a conversion did.
    public struct Outcome: Sendable, Equatable {
        /// The source's header facts.
        public var source: PNGInfo
        /// Pixels that were not fully opaque and were composited over the background (0 when alpha is kept).
        public var flattenedPixels: Int
        /// Bytes written.
        public var bytesWritten: Int
    }

    /// Converts `input` into `output`, atomically; the input is never modified.
    public func run(input: String, output: String) throws(IconForgeError) -> Outcome {
        if FileIO.isSameFile(input, output) { throw .file(.wouldOverwriteSource(path: output)) }
        let bytes = try FileIO.readInput(input)
        let decoded: DecodedPNG
        do { decoded = try PNG.decode(bytes, limits: limits) } catch { throw .decode(path: input, error) }
        let translucent = keepsAlpha ? 0 : decoded.image.translucency().count
        let image = keepsAlpha ? decoded.image.converted(to: .rgba8) : decoded.image.flattened(over: background)
        let encoded: [UInt8]
        do {
            encoded = try PNG.encode(image, options: PNGEncodeOptions(colorType: keepsAlpha ? .rgba : .rgb))
        } catch { throw .encode(path: output, error) }
        try FileIO.writeOutput(encoded, to: output)
        return Outcome(source: decoded.info, flattenedPixels: translucent, bytesWritten: encoded.count)
    }
}
