import PNGCodec
import Raster
import TestSupport
import Testing

/// The zlib stream's Adler-32, which IconForge computes itself (`Adler32`): libpng's decoder checks it,
/// so a wrong sum fails the decode with "incorrect data check".
@Suite("Adler-32 of encoded rows")
struct Adler32Tests {
    @Test("the checksum is right for every tail length and across the 5,552-byte reductions",
          arguments: [1, 2, 5, 6, 7, 21, 1851, 1852])
    func checksumAcrossLengths(width: Int) throws {
        // RGB rows of 3·width + 1 bytes: every remainder mod 16 turns up, and 2,000 rows pass many reductions.
        var random = SeededRandom(seed: UInt64(width))
        let height = max(3, 6_000 / width)
        let bytes = (0..<(width * height * 4)).map { index in index % 4 == 3 ? 255 : UInt8.random(in: 0...255, using: &random) }
        let image = Image(width: width, height: height, format: .rgba8, bytes: bytes)
        let encoded = try PNG.encode(image, options: PNGEncodeOptions(colorType: .rgb, filters: .none))
        #expect(try PNG.decode(encoded).image == image)
    }

    @Test("an all-255 image makes the sums largest before each reduction")
    func largestSums() throws {
        let image = Image(width: 4096, height: 8, format: .rgba8, fill: SIMD4(255, 255, 255, 255))
        let encoded = try PNG.encode(image, options: PNGEncodeOptions(colorType: .rgba, filters: .none))
        #expect(try PNG.decode(encoded).image == image)
    }
}
