import PNGCodec
import Testing

@Suite("FileSignature")
struct FileSignatureTests {
    @Test("one reading of a file's first bytes: what it is, and what a file that should be a PNG is said to be instead")
    func signatures() {
        let cases: [(bytes: [UInt8], signature: FileSignature?, phrase: String)] = [
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], .png, "signature damaged"),
            ([0x89, 0x50, 0x4E, 0x47, 0x0A, 0x1A, 0x0A, 0, 0], .png, "CR/LF conversion"),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], .jpeg, "it is a JPEG file"),
            (Array("GIF89a\u{1}\0\u{1}\0".utf8), .gif, "it is a GIF file"),
            (Array("GIF87a\u{1}\0\u{1}\0".utf8), .gif, "it is a GIF file"),
            (Array("%PDF-1.7\n".utf8), .pdf, "it is a PDF file"),
            ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], .tiff, "it is a TIFF file"),
            (Array("BM6\0\0\0\0\0".utf8), .bmp, "it looks like a BMP file"),
            (Array("RIFF\u{10}\0\0\0WEBPVP8 ".utf8), .webp, "it is a WebP file"),
            (Array("icns\0\0\u{1}\0".utf8), .icns, "it is an ICNS file"),
            ([0, 0, 0, 0x18] + Array("ftypheic\0\0\0\0".utf8), .heif, "HEIF/AVIF or MP4"),
            ([0, 0, 0, 0x18] + Array("ftypisom\0\0\0\0".utf8), .isoMedia, "HEIF/AVIF or MP4"),
            (Array("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- art -->\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), .svg, "it is an SVG file"),
            (Array("<?xml version=\"1.0\"?><plist/>".utf8), .xml, "it is an XML file"),
            (Array("hello, <svg> world".utf8), nil, "bad signature"),
            ([0x89, 0x50], nil, "file ends inside the signature"),
            ([], nil, "the file is empty"),
            (Array("version https://git-lfs.github.com/spec/v1\noid sha256:6a18\nsize 5092\n".utf8), nil, "a Git LFS pointer, not the picture"),
        ]
        for (bytes, signature, phrase) in cases {
            #expect(FileSignature.of(bytes) == signature, "\(bytes.prefix(12))")
            #expect(FileSignature.describe(bytes).contains(phrase), "\(FileSignature.describe(bytes)) for \(bytes.prefix(12))")
        }
    }
}
