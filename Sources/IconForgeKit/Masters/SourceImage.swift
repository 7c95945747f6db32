import Foundation
import JPEGCodec
import PNGCodec
import Raster
import SVGCodec

/// A master or input of any kind IconForge reads — PNG, JPEG or SVG — decoded (or, for SVG, drawn) to an
/// `Image`. Everything after this sees pixels only. The kind comes from the file's bytes, not its name.
public struct SourceImage: Sendable {
    /// What the file is.
    public var kind: FileKind
    /// The pixels, upright (a JPEG's EXIF orientation applied), straight alpha, sRGB-encoded.
    public var image: Image
    /// False when every pixel is opaque by construction (a JPEG, a PNG without alpha or tRNS).
    package var canBeTranslucent: Bool
    /// The PNG header facts, for a PNG.
    package var pngInfo: PNGInfo?
    /// Things to tell the user about the file (a colour profile that is not sRGB).
    public var warnings: [String] = []

    /// The kinds IconForge reads as masters and inputs.
    package static let readableKinds: Set<FileKind> = [.png, .jpeg, .svg, .icon]

    /// The file-name extensions of those kinds, for picking masters out of a folder.
    package static func hasReadableName(_ name: String) -> Bool {
        guard !name.hasPrefix("."), let kind = FileKind.claimed(by: name) else { return false }
        return readableKinds.contains(kind)
    }

    /// How large to draw a vector master.
    public enum VectorSize: Sendable, Equatable {
        /// Its longer side this many pixels, whatever its intrinsic size (generate: twice the largest output).
        case longSide(Int)
        /// Its own intrinsic size, or 1024 on the longer side when it has none (`convert`).
        case intrinsic
    }

    /// Reads and decodes the master at `url` (a file URL: PNG, JPEG, SVG or an Icon Composer `.icon`): a vector
    /// master is drawn at `vectorSize`, an `.icon` for `appearance`. Its kind comes from its bytes, not its name.
    public static func read(_ url: URL, limits: PNGLimits = .default, vectorSize: VectorSize = .intrinsic,
                            appearance: Appearance = .light) throws(IconForgeError) -> SourceImage {
        try read(url.path, limits: limits, vectorSize: vectorSize, appearance: appearance)
    }

    /// Reads and decodes `path`. PNG masters may skip the zlib checksum (`verifiesChecksum`, see `PNG.decode`).
    /// An Icon Composer `.icon` is drawn for `appearance` (see `IconComposerRenderer`).
    package static func read(_ path: String, limits: PNGLimits, vectorSize: VectorSize = .intrinsic, verifiesChecksum: Bool = true,
                            appearance: Appearance = .light, parallelism: Parallelism = .serial) throws(IconForgeError) -> SourceImage {
        if IconComposerBundle.isBundle(path) {
            let bundle = try IconComposerBundle.read(path)
            let pixels: Int
            switch vectorSize {
            case .longSide(let side): pixels = side
            case .intrinsic: pixels = Int(IconComposerDocument.canvasPoints)
            }
            // A master is the full-bleed square (the platforms mask it); tinted stays greyscale, the convention of
            // the asset catalog's tinted slot, which the system tints.
            var options = IconComposerRenderer.Options(appearance: appearance, pixels: pixels, masked: false)
            options.colorsTint = false
            let image = try IconComposerRenderer.render(bundle, options: options, limits: limits)
            return SourceImage(kind: .icon, image: image, canBeTranslucent: true, warnings: ["\(path): " + IconComposerRenderer.approximation])
        }
        if let (_, decoded) = try FileIO.decodeLargePNG(path, limits: limits, verifiesChecksum: verifiesChecksum, parallelism: parallelism) {
            return SourceImage(kind: .png, image: decoded.image, canBeTranslucent: decoded.info.canBeTranslucent, pngInfo: decoded.info)
        }
        let bytes = try FileIO.readInput(path)
        switch FileKind.detect(bytes) {
        case .jpeg?:
            do {
                let (info, image) = try JPEG.decode(bytes, maxBytes: limits.maxDecodedBytes)
                var source = SourceImage(kind: .jpeg, image: image, canBeTranslucent: false)
                if let profile = info.iccProfile, let description = ICCProfile.description(of: profile),
                   !description.lowercased().contains("srgb") {
                    source.warnings.append("\(path): embeds the ICC profile '\(description)'; its colours are read as sRGB and may shift — "
                                           + "export the master as sRGB")
                }
                return source
            } catch { throw .jpeg(path: path, error) }
        case .svg?:
            do throws(SVGError) {
                let info = try SVG.info(bytes, path: path)
                let size: PixelSize
                switch vectorSize {
                case .longSide(let side): size = info.pixelSize(longSide: side)
                case .intrinsic:
                    if let intrinsic = info.size, intrinsic.width >= 1, intrinsic.height >= 1, intrinsic.width <= 32767, intrinsic.height <= 32767 {
                        size = PixelSize(width: Int(intrinsic.width.rounded()), height: Int(intrinsic.height.rounded()))
                    } else {
                        size = info.pixelSize(longSide: 1024)
                    }
                }
                if let refusal = limits.refusal(width: size.width, height: size.height) {
                    throw .tooLarge("drawing it at \(refusal)")
                }
                let image = try SVG.render(bytes, path: path, size: size, maxBytes: limits.maxDecodedBytes, parallelism: parallelism)
                // What librsvg leaves out or draws with fonts the machine may lack: said at generation, not only in validate.
                return SourceImage(kind: .svg, image: image, canBeTranslucent: true,
                                   warnings: SVG.undrawable(bytes).map { "\(path): \($0)" })
            } catch { throw .svg(path: path, error) }
        default:
            // PNG, or anything else: the PNG decoder names what a non-PNG file appears to be.
            do {
                let decoded = try PNG.decode(bytes, limits: limits, verifiesChecksum: verifiesChecksum, parallelism: parallelism)
                return SourceImage(kind: .png, image: decoded.image, canBeTranslucent: decoded.info.canBeTranslucent, pngInfo: decoded.info)
            } catch { throw .decode(path: path, error) }
        }
    }
}
