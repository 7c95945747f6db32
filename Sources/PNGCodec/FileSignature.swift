import Raster

/// What a file's first bytes say it is: the one place a signature is read, for the kinds IconForge reads or checks
/// (`FileKind` in IconForgeKit maps from it) and for saying what a file that should have been a PNG is instead.
package enum FileSignature: Sendable, Equatable {
    case png, jpeg, gif, pdf, tiff, bmp, webp, icns
    /// HEIF or AVIF: an ISO media file whose brand is an image's.
    case heif
    /// Another ISO media file (MP4, QuickTime).
    case isoMedia
    /// XML text whose first element is `<svg>`.
    case svg
    /// Other XML text.
    case xml

    static let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The brands of ISO media files that hold an image (HEIF, AVIF and their sequences).
    static let imageBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis"]

    /// True when `bytes` start as a PNG's signature does: its first four bytes (the rest may be damaged, as by a CR/LF
    /// conversion, which decoding then says).
    package static func startsAsPNG(_ bytes: [UInt8]) -> Bool { bytes.starts(with: pngBytes.prefix(4)) }

    /// The signature `bytes` start with; nil when they are none of these.
    package static func of(_ bytes: [UInt8]) -> FileSignature? {
        func starts(_ prefix: String, at offset: Int = 0) -> Bool {
            let prefix = Array(prefix.utf8)
            return bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if startsAsPNG(bytes) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts("%PDF") { return .pdf }
        if starts("icns") { return .icns }
        if starts("GIF87a") || starts("GIF89a") { return .gif }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts("RIFF"), starts("WEBP", at: 8) { return .webp }
        if starts("ftyp", at: 4), bytes.count >= 12 {
            return imageBrands.contains(String(decoding: bytes[8..<12], as: UTF8.self)) ? .heif : .isoMedia
        }
        if starts("BM") { return .bmp }
        // SVG: XML text whose first element is <svg>, after an optional BOM, declaration, comments and doctype.
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let text = head.drop(while: { $0 == "\u{FEFF}" || $0.isWhitespace })
        guard text.first == "<" else { return nil }
        if head.range(of: "<svg", options: .caseInsensitive) != nil { return .svg }
        return text.hasPrefix("<?xml") ? .xml : nil
    }

    /// What `describe` says of a Git LFS pointer: a checkout without `git lfs pull` (CI's default) holds these small text
    /// files where the pictures should be.
    package static let lfsPointer = "it is a Git LFS pointer, not the picture: the repository's LFS files were not fetched"

    /// True for a Git LFS pointer file (`version https://git-lfs.github.com/spec/v1`, then the object's oid and size).
    package static func isLFSPointer(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array("version https://git-lfs.".utf8)) }

    /// A short phrase for a file whose first bytes are not the PNG signature.
    package static func describe(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "the file is empty" }
        if isLFSPointer(bytes) { return lfsPointer }
        if bytes.count < 8, Array(pngBytes.prefix(bytes.count)) == bytes { return "file ends inside the signature" }
        switch of(bytes) {
        case .png?: return "signature damaged, as by a CR/LF conversion — was the file transferred in text mode?"
        case .jpeg?: return "it is a JPEG file"
        case .gif?: return "it is a GIF file"
        case .pdf?: return "it is a PDF file"
        case .tiff?: return "it is a TIFF file"
        case .bmp?: return "it looks like a BMP file"
        case .webp?: return "it is a WebP file"
        case .icns?: return "it is an ICNS file"
        case .heif?, .isoMedia?: return "it is a HEIF/AVIF or MP4 file"
        case .svg?: return "it is an SVG file"
        case .xml?: return "it is an XML file"
        case nil: return "bad signature"
        }
    }
}

extension PNG {
    /// A PNG's size from its IHDR chunk alone (its first 24 bytes): enough for rules that check a file's dimensions,
    /// where `info` needs every chunk before the image data. Nil when the bytes do not start with the signature and an
    /// IHDR chunk, or it gives a zero side.
    package static func headerSize(_ bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 24, bytes.starts(with: FileSignature.pngBytes), Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        let value = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (value(16), value(20))
        guard width > 0, height > 0 else { return nil }
        return PixelSize(width: width, height: height)
    }
}
