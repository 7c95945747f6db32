import Raster

/// Names what a file that is not a PNG appears to be, so "not a PNG" can say what it is instead.
package enum FileSignature {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// True when `bytes` start as a PNG's signature does: its first four bytes (the rest may be damaged, as by a CR/LF
    /// conversion, which decoding then says).
    package static func startsAsPNG(_ bytes: [UInt8]) -> Bool { bytes.starts(with: png.prefix(4)) }

    /// A short phrase for a file whose first bytes are not the PNG signature.
    package static func describe(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "the file is empty" }
        if bytes.count < 8, Array(png.prefix(bytes.count)) == bytes { return "file ends inside the signature" }
        if startsAsPNG(bytes) {
            return "signature damaged, as by a CR/LF conversion — was the file transferred in text mode?"
        }
        let known: [(prefix: [UInt8], name: String)] = [
            ([0xFF, 0xD8, 0xFF], "it is a JPEG file"),
            (Array("GIF8".utf8), "it is a GIF file"),
            (Array("%PDF".utf8), "it is a PDF file"),
            ([0x49, 0x49, 0x2A, 0x00], "it is a TIFF file"),
            ([0x4D, 0x4D, 0x00, 0x2A], "it is a TIFF file"),
            (Array("BM".utf8), "it looks like a BMP file"),
            (Array("<svg".utf8), "it is an SVG file"),
            (Array("<?xml".utf8), "it is an XML file"),
        ]
        if let match = known.first(where: { bytes.starts(with: $0.prefix) }) { return match.name }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "it is a WebP file"
        }
        if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) { return "it is a HEIF/AVIF or MP4 file" }
        return "bad signature"
    }
}

extension PNG {
    /// A PNG's size from its IHDR chunk alone (its first 24 bytes): enough for rules that check a file's dimensions,
    /// where `info` needs every chunk before the image data. Nil when the bytes do not start with the signature and an
    /// IHDR chunk, or it gives a zero side.
    package static func headerSize(_ bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 24, bytes.starts(with: FileSignature.png), Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        let value = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (value(16), value(20))
        guard width > 0, height > 0 else { return nil }
        return PixelSize(width: width, height: height)
    }
}
