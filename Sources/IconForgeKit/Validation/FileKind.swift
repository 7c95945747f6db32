import Foundation
import JPEGCodec
import PNGCodec
import Raster
import WebPCodec

/// The image formats Xcode's asset catalogs hold, recognised from a file's first bytes (never from its
/// name: WebP data in a file named `.png` ships, since Xcode reads every image through ImageIO).
public enum FileKind: String, Sendable, CaseIterable, Codable, CustomStringConvertible {
    case png, jpeg, pdf, svg, heif, webp, gif, tiff
    /// An Icon Composer bundle: a folder, never detected from bytes.
    case icon
    /// Apple's icon container.
    case icns

    public var description: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .pdf: "PDF"
        case .svg: "SVG"
        case .heif: "HEIF"
        case .webp: "WebP"
        case .gif: "GIF"
        case .tiff: "TIFF"
        case .icon: "Icon Composer icon"
        case .icns: "ICNS"
        }
    }

    /// The file-name extensions that say this kind.
    package var extensions: Set<String> {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg"]
        case .pdf: ["pdf"]
        case .svg: ["svg"]
        case .heif: ["heic", "heif", "avif"]
        case .webp: ["webp"]
        case .gif: ["gif"]
        case .tiff: ["tif", "tiff"]
        case .icon: ["icon"]
        case .icns: ["icns"]
        }
    }

    /// The kind a file name's extension claims, or nil for an extension no image kind uses.
    package static func claimed(by name: String) -> FileKind? {
        let ext = (name as NSString).pathExtension.lowercased()
        return allCases.first { $0.extensions.contains(ext) }
    }

    /// The kind of `bytes`, from their signature (read by `FileSignature`, the one reader); nil when they are none of these.
    package static func detect(_ bytes: [UInt8]) -> FileKind? {
        switch FileSignature.of(bytes) {
        case .png?: .png
        case .jpeg?: .jpeg
        case .pdf?: .pdf
        case .icns?: .icns
        case .gif?: .gif
        case .tiff?: .tiff
        case .webp?: .webp
        case .heif?: .heif
        case .svg?: .svg
        case .bmp?, .isoMedia?, .xml?, nil: nil
        }
    }

    /// Pixel size from the header of whatever raster kind `bytes` are; nil for other kinds or a damaged header.
    package static func pixelSize(_ bytes: [UInt8]) -> PixelSize? {
        detect(bytes).flatMap { pixelSize(bytes, kind: $0) }
    }

    /// Pixel size from the header, for the raster kinds whose header is quick to read (PNG, JPEG, GIF, WebP), through
    /// each format's one reader; nil otherwise or when the header is damaged.
    package static func pixelSize(_ bytes: [UInt8], kind: FileKind) -> PixelSize? {
        switch kind {
        case .png: PNGHeader.size(bytes)
        case .jpeg: JPEG.frameSize(bytes)
        case .gif: GIFStructure.screenSize(bytes)
        case .webp: (try? WebP.info(bytes, maxBytes: .max)).map { PixelSize(width: $0.width, height: $0.height) }
        default: nil
        }
    }
}
