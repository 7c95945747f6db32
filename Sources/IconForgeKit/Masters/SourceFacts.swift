import Foundation
import JPEGCodec
import PNGCodec
import Raster
import SVGCodec
import WebPCodec

/// What `iconforge inspect` reports about a JPEG, SVG or WebP (PNGs get `Inspection`): its kind, its size and
/// the facts of its format. The JSON shape: `path`, `kind`, `fileBytes`, `width`, `height` (null for an SVG
/// without an intrinsic size) and `facts`, an object of strings.
public struct SourceFacts: Sendable, Equatable, Encodable {
    package var path: String
    /// What the file is: `.jpeg` or `.svg`.
    public var kind: FileKind
    /// The file's size in bytes.
    public var fileBytes: Int
    /// The upright width in pixels (a JPEG's after its EXIF orientation; an SVG's intrinsic size, if it has one).
    public var width: Int?
    /// The upright height in pixels, as `width`.
    public var height: Int?
    /// Format facts by name, e.g. "progressive": "yes", "viewBox": "0 0 64 64 (64x64)".
    public var facts: [String: String]

    /// The file inspected.
    public var url: URL { URL(fileURLWithPath: path) }

    /// Reads the JPEG, SVG or WebP at `url` (a file URL) without decoding its pixels (an SVG is parsed, not drawn).
    public static func inspect(_ url: URL, limits: PNGLimits = .default) throws(IconForgeError) -> SourceFacts {
        try inspect(url.path, limits: limits)
    }

    /// Reads `path`, a JPEG, an SVG or a WebP (Android's launcher pictures), without decoding its pixels (an SVG is
    /// parsed, not drawn).
    package static func inspect(_ path: String, limits: PNGLimits) throws(IconForgeError) -> SourceFacts {
        let bytes = try FileIO.readInput(path)
        switch FileKind.detect(bytes) {
        case .jpeg?:
            let info: JPEGInfo
            do { info = try JPEG.info(bytes, maxBytes: limits.maxDecodedBytes) } catch { throw .jpeg(path: path, error) }
            var facts = ["colour space": info.colorSpace, "progressive": info.isProgressive ? "yes" : "no",
                         "orientation": "\(info.orientation.rawValue) (\(info.orientation))"]
            if let profile = info.iccProfile { facts["ICC profile"] = ICCProfile.description(of: profile) ?? "unnamed" }
            let upright = info.uprightSize
            return SourceFacts(path: path, kind: .jpeg, fileBytes: bytes.count, width: upright.width, height: upright.height, facts: facts)
        case .svg?:
            let info: SVGInfo
            do { info = try SVG.info(bytes, path: path) } catch { throw .svg(path: path, error) }
            var facts: [String: String] = ["drawn at": "any size (vector)"]
            if let viewBox = info.viewBox { facts["viewBox"] = "\(PointSize.format(viewBox.width))x\(PointSize.format(viewBox.height))" }
            let size = info.size.map { (Int($0.width.rounded()), Int($0.height.rounded())) }
            return SourceFacts(path: path, kind: .svg, fileBytes: bytes.count, width: size?.0, height: size?.1, facts: facts)
        case .webp?:
            let info: WebPInfo
            do { info = try WebP.info(bytes, maxBytes: limits.maxDecodedBytes) } catch { throw .webp(path: path, error) }
            let facts = ["compression": info.isLossless ? "lossless (VP8L)" : "lossy (VP8)", "alpha": info.hasAlpha ? "yes" : "no"]
            return SourceFacts(path: path, kind: .webp, fileBytes: bytes.count, width: info.width, height: info.height, facts: facts)
        default:
            throw .master(path: path, .notJPEGOrSVG)
        }
    }

    /// One paragraph for people.
    public var text: String {
        let size = width.map { "\($0)x\(height!)" } ?? "no intrinsic size"
        return "\(path): \(kind) \(size), \(fileBytes) bytes\n  " + facts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }
}
