import PNGCodec
import Raster

/// What a rewritten file does with the alpha channel.
package enum AlphaChannel: Sendable, Equatable {
    /// RGBA, always.
    case kept
    /// Opaque RGB: translucent pixels composited over the background.
    case flattened
    /// RGBA when any pixel of the result is translucent, else RGB (the same pixels in fewer bytes): `resize`'s default,
    /// so a logo on transparency stays one.
    case keptWhenTranslucent
}

/// What rewriting one file did (`convert`, `resize`).
package struct RewriteOutcome: Sendable, Equatable {
    /// What the source was.
    package var sourceKind: FileKind
    /// The source's size in pixels (for an SVG, the size it was drawn at).
    package var sourceSize: PixelSize
    /// The source's pixel format as decoded (16-bit PNGs stay 16-bit).
    package var sourceFormat: Image.PixelFormat
    /// Translucent pixels composited over the background (0 when alpha is kept).
    package var flattenedPixels: Int
    /// Bytes written.
    package var bytesWritten: Int
    /// True when the file written is RGBA, false when RGB.
    package var keptAlpha: Bool
    /// What the user should know about the source (a colour profile that is not sRGB).
    package var warnings: [String] = []
    /// What the user should know about the output: an existing file of theirs kept in the backup before it was replaced.
    package var notes: [String] = []
}

/// The one pipeline of the single-file commands: read, decode, transform, keep alpha or flatten,
/// encode, write under the ownership rule (`OwnedFile`) — never over the source, never a user's file without a backup.
enum FileRewrite {
    static func run(input: String, output: String, limits: PNGLimits, alpha: AlphaChannel, background: RGBColor,
                    vectorSize: SourceImage.VectorSize = .intrinsic, transform: (Image) -> Image) throws(IconForgeError) -> RewriteOutcome {
        if FileIO.isSameFile(input, output) { throw .file(.wouldOverwriteSource(path: output)) }
        let decoded = try SourceImage.read(input, limits: limits, vectorSize: vectorSize)
        let (kind, size, format, warnings) = (decoded.kind, decoded.image.size, decoded.image.format, decoded.warnings)
        // The source is let go as soon as it is transformed, and the result flattened in its own buffer: an 8192²
        // convert holds one image, not three.
        let result = transform((consume decoded).image)
        let translucentPixels = result.translucency().count
        let keepsAlpha = alpha == .kept || (alpha == .keptWhenTranslucent && translucentPixels > 0)
        let translucent = keepsAlpha ? 0 : translucentPixels
        let encoded: [UInt8]
        do { encoded = try encode(consume result, keepsAlpha: keepsAlpha, background: background) } catch { throw .encode(path: output, error) }
        let notes = try OwnedFile.write(encoded, to: output, inputs: [input])
        return RewriteOutcome(sourceKind: kind, sourceSize: size, sourceFormat: format,
                              flattenedPixels: translucent, bytesWritten: encoded.count, keptAlpha: keepsAlpha, warnings: warnings, notes: notes)
    }

    /// The 8-bit PNG of `image`: RGBA as it is (PNG.encode rounds 16 bits to 8), or opaque RGB composited
    /// over `background`. What `convert`, `resize` and `fix` write.
    static func encode(_ image: consuming Image, keepsAlpha: Bool, background: RGBColor) throws(PNGError) -> [UInt8] {
        if keepsAlpha { return try PNG.encode(image, options: PNGEncodeOptions(colorType: .rgba)) }
        return try PNG.encode(image.flattenedInPlace(over: background), options: PNGEncodeOptions(colorType: .rgb))
    }
}
