import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("Ico")
struct IcoTests {
    private func picture(_ side: Int) -> Image {
        var image = Image(width: side, height: side, format: .rgba8, fill: SIMD4(10, 120, 240, 255))
        image.setPixel(x: 0, y: 0, SIMD4(0, 0, 0, 0))
        image.setPixel(x: side - 1, y: 1, SIMD4(255, 0, 0, 128))
        return image
    }

    @Test("small entries are BMP, large ones PNG; every entry reads back pixel for pixel")
    func roundTrip() throws {
        let images = [16, 32, 48, 64, 256].map(picture)
        let bytes = try Ico.encode(images)
        #expect(Array(bytes[0..<6]) == [0, 0, 1, 0, 5, 0])
        let entries = try Ico.read(bytes)
        #expect(entries.map(\.size.width) == [16, 32, 48, 64, 256])
        #expect(entries.map(\.isPNG) == [false, false, false, true, true])
        for (entry, image) in zip(entries, images) { #expect(entry.image == image) }
        // A 256 px entry is written with 0 in the directory's one-byte size fields, as the format says.
        #expect(bytes[6 + 16 * 4] == 0)
    }

    @Test("the BMP entry's AND mask marks exactly the transparent pixels")
    func andMask() throws {
        let bytes = try Ico.encode([picture(16)])
        let offset = Int(bytes[18]) | Int(bytes[19]) << 8
        let mask = offset + 40 + 16 * 16 * 4
        // Row y = 0 is the last row of the bottom-up mask; its first bit is pixel (0, 0).
        #expect(bytes[mask + 15 * 4] == 0x80)
        #expect(bytes[mask] == 0)
    }

    @Test("malformed files are typed errors", arguments: [[UInt8]([0, 0, 2, 0, 1, 0]), [0, 0, 1, 0, 3, 0], [0, 0, 1, 0, 1, 0] + [UInt8](repeating: 0xFF, count: 16)])
    func malformed(bytes: [UInt8]) {
        #expect(throws: IcoError.self) { try Ico.read(bytes) }
    }
}
