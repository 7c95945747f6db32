import PNGCodec
import Raster
import TestSupport
import Testing

/// Random RGBA8 pixels (alpha 255 when `opaque`).
private func randomImage(width: Int, height: Int, opaque: Bool, seed: UInt64) -> Image {
    var random = SeededRandom(seed: seed)
    var bytes = (0..<(width * height * 4)).map { _ in UInt8.random(in: 0...255, using: &random) }
    if opaque { for index in stride(from: 3, to: bytes.count, by: 4) { bytes[index] = 255 } }
    return Image(width: width, height: height, format: .rgba8, bytes: bytes)
}

/// The row filters IconForge applies itself before zlib (`RowFilters`), seen through `PNG.encode`:
/// libpng's decoder is the oracle for every filter and for the stream's framing.
@Suite("PNG row filters")
struct RowFiltersTests {
    @Test("each filter round-trips through libpng's decoder and IconForge's own unfiltering, RGB and RGBA, at widths that leave every tail",
          arguments: [PNGEncodeOptions.Filters.none, .sub, .up, .average, .paeth, [.sub, .up], .all], [1, 5, 16, 23, 301])
    func filters(filter: PNGEncodeOptions.Filters, width: Int) throws {
        for colorType in [PNGEncodeOptions.ColorType.rgb, .rgba] {
            let image = randomImage(width: width, height: 9, opaque: colorType == .rgb, seed: UInt64(filter.rawValue) &+ UInt64(width))
            let bytes = try PNG.encode(image, options: PNGEncodeOptions(colorType: colorType, filters: filter))
            // A file in memory is unfiltered by IconForge (libdeflate inflates it); one read as it goes by libpng.
            #expect(try PNG.decode(bytes).image == image, "\(colorType)")
            #expect(try PNG.decode(bytes, verifiesChecksum: false).image == image, "\(colorType)")
            let streamed = try PNG.decode(PNGFileSource(head: bytes, size: bytes.count) { offset, buffer in
                let count = max(0, min(buffer.count, bytes.count - offset))
                bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
                return count
            })
            #expect(streamed.image == image, "libpng, \(colorType)")
        }
    }

    @Test("with several filters each row gets the one libpng's heuristic would pick: smaller than any one alone")
    func adaptiveChoice() throws {
        // Rows in threes: noise; the noise plus 0 or 1 at random (Up leaves 0s and 1s, Sub noise); a
        // horizontal ramp (Sub leaves a constant, Up noise). Only a per-row choice gets both right, and
        // zlib cannot make up for a wrong one by matching a row against an earlier one.
        var image = Image(width: 200, height: 90)
        var random = SeededRandom(seed: 5)
        for y in 0..<90 {
            let start = UInt16(random.next() % 256), step = UInt16(1 + random.next() % 5)
            for x in 0..<200 {
                let value: SIMD4<UInt16>
                switch y % 3 {
                case 0: value = SIMD4(UInt16(random.next() % 256), UInt16(random.next() % 256), UInt16(random.next() % 256), 255)
                case 1: value = (image.pixel(x: x, y: y - 1) &+ SIMD4(UInt16(random.next() % 2), UInt16(random.next() % 2), 0, 0)) % 256
                default: value = SIMD4((start &+ step &* UInt16(x)) % 256, (start &+ 2 &* UInt16(x)) % 256, start, 255)
                }
                image.setPixel(x: x, y: y, SIMD4(value[0], value[1], value[2], 255))
            }
        }
        func size(_ filters: PNGEncodeOptions.Filters) throws -> Int {
            try PNG.encode(image, options: PNGEncodeOptions(colorType: .rgb, filters: filters)).count
        }
        let (sub, up, both) = (try size(.sub), try size(.up), try size([.sub, .up]))
        #expect(both < sub && both < up, "sub \(sub), up \(up), both \(both)")
    }

    @Test("encoding rows as they are made gives the bytes of encoding the image", arguments: [PNGEncodeOptions.ColorType.rgb, .rgba])
    func rowsEqualImage(colorType: PNGEncodeOptions.ColorType) throws {
        let image = randomImage(width: 97, height: 300, opaque: colorType == .rgb, seed: 13)
        let options = PNGEncodeOptions(colorType: colorType, filters: [.sub, .up, .paeth])
        var next = 0
        let made = try PNG.encode(size: image.size, options: options) { row in
            image.bytes.withUnsafeBufferPointer { row.update(from: $0.baseAddress! + next * 97 * 4, count: 97 * 4) }
            next += 1
        }
        #expect(next == 300)
        #expect(made == (try PNG.encode(image, options: options)))
    }
}
