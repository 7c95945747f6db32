/// Names what a file that is not a PNG appears to be, so "not a PNG" can say what it is instead.
package enum FileSignature {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A short phrase for a file whose first bytes are not the PNG signature.
    package static func describe(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "the file is empty" }
        if bytes.count < 8, Array(png.prefix(bytes.count)) == bytes { return "file ends inside the signature" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
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
