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

    /// The kind of `bytes`, from their signature; nil when they are none of these.
    package static func detect(_ bytes: [UInt8]) -> FileKind? {
        func starts(_ prefix: String, at offset: Int = 0) -> Bool {
            let prefix = Array(prefix.utf8)
            return bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if FileSignature.startsAsPNG(bytes) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts("%PDF") { return .pdf }
        if starts("icns") { return .icns }
        if starts("GIF87a") || starts("GIF89a") { return .gif }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts("RIFF"), starts("WEBP", at: 8) { return .webp }
        if starts("ftyp", at: 4), bytes.count >= 12 {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis"].contains(brand) { return .heif }
        }
        // SVG: XML text whose first element is <svg>, after an optional BOM, declaration, comments and doctype.
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        if head.range(of: "<svg", options: .caseInsensitive) != nil,
           head.drop(while: { $0 == "\u{FEFF}" || $0.isWhitespace }).first == "<" {
            return .svg
        }
        return nil
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
