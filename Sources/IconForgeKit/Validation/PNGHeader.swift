import Raster

/// A PNG's size from its IHDR chunk alone (the first 33 bytes): enough for rules that check a file's dimensions, where
/// `PNG.info` needs every chunk before the image data (a 64-byte prefix fails on a file with an sRGB or text chunk).
enum PNGHeader {
    /// The size in `path`'s IHDR, or nil when the file does not start with a PNG signature and an IHDR chunk.
    static func size(of path: String) -> PixelSize? {
        guard let bytes = try? FileIO.readPrefix(path, upTo: 33) else { return nil }
        return size(bytes)
    }

    static func size(_ bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            return nil
        }
        let value = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (value(16), value(20))
        guard width > 0, height > 0 else { return nil }
        return PixelSize(width: width, height: height)
    }
}
