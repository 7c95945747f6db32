import PNGCodec
import Raster

/// A PNG's size from its IHDR chunk alone (the first 33 bytes): enough for rules that check a file's dimensions, where
/// `PNG.info` needs every chunk before the image data (a 64-byte prefix fails on a file with an sRGB or text chunk).
enum PNGHeader {
    /// The size in `path`'s IHDR, or nil when the file does not start with a PNG signature and an IHDR chunk.
    static func size(of path: String) -> PixelSize? {
        guard let bytes = try? FileIO.readPrefix(path, upTo: 33) else { return nil }
        return size(bytes)
    }

    /// The size in the IHDR at the start of `bytes`, read by PNG's one reader (`PNG.headerSize`).
    static func size(_ bytes: [UInt8]) -> PixelSize? { PNG.headerSize(bytes) }
}
