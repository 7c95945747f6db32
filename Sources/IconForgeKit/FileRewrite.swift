import PNGCodec
import Raster

/// What rewriting one file did (`convert`, `resize`).
public struct RewriteOutcome: Sendable, Equatable {
    /// The source's header facts.
    public var source: PNGInfo
    /// Translucent pixels composited over the background (0 when alpha is kept).
    public var flattenedPixels: Int
    /// Bytes written.
    public var bytesWritten: Int
}

/// The one pipeline of the single-file commands: read, decode, transform, keep alpha or flatten,
/// encode, write atomically — never over the source.
enum FileRewrite {
    static func run(input: String, output: String, limits: PNGLimits, keepsAlpha: Bool, background: RGBColor,
                    transform: (Image) -> Image) throws(IconForgeError) -> RewriteOutcome {
        if FileIO.isSameFile(input, output) { throw .file(.wouldOverwriteSource(path: output)) }
        let decoded = try FileIO.readPNG(input, limits: limits).png
        let result = transform(decoded.image)
        let translucent = keepsAlpha ? 0 : result.translucency().count
        let encoded: [UInt8]
        do { encoded = try encode(result, keepsAlpha: keepsAlpha, background: background) } catch { throw .encode(path: output, error) }
        try FileIO.writeOutput(encoded, to: output)
        return RewriteOutcome(source: decoded.info, flattenedPixels: translucent, bytesWritten: encoded.count)
    }

    /// The 8-bit PNG of `image`: RGBA as it is (PNG.encode rounds 16 bits to 8), or opaque RGB composited
    /// over `background`. What `convert`, `resize` and `fix` write.
    static func encode(_ image: Image, keepsAlpha: Bool, background: RGBColor) throws(PNGError) -> [UInt8] {
        try PNG.encode(keepsAlpha ? image : image.flattened(over: background), options: PNGEncodeOptions(colorType: keepsAlpha ? .rgba : .rgb))
    }
}
