import PNGCodec
import Raster
import Testing

@Suite("PNG decoding: rows unfiltered a pixel at a time")
struct UnfilterTests {
    /// Noisy pixels with smooth and sharp parts, so that each filter's predictor takes each of its branches.
    private static func image(width: Int, height: Int, opaque: Bool) -> Image {
        var image = Image(width: width, height: height, format: .rgba8)
        var state: UInt32 = 2_463_534_242
        for y in 0..<height {
            for x in 0..<width {
                state ^= state << 13; state ^= state >> 17; state ^= state << 5
                let noise = UInt16(state & 0x3f)
                let red = UInt16((x * 7 + y * 3) & 255), green = (x / 5 + y / 3) % 2 == 0 ? 250 : noise
                let blue = UInt16((x * y) & 255) ^ noise, alpha = opaque ? 255 : UInt16((x * 13 + y * 29 + Int(noise)) & 255)
                image.setPixel(x: x, y: y, SIMD4(red, green, blue, alpha))
            }
        }
        return image
    }

    /// The same file decoded by libpng (a file read as the decoder goes always takes libpng's path).
    private static func decodedByLibpng(_ bytes: [UInt8]) throws -> Image {
        var head = 8
        while String(decoding: bytes[head + 4..<head + 8], as: UTF8.self) != "IDAT" {
            head += 12 + Int(bytes[head]) << 24 + Int(bytes[head + 1]) << 16 + Int(bytes[head + 2]) << 8 + Int(bytes[head + 3])
        }
        let source = PNGFileSource(head: Array(bytes.prefix(head + 8)), size: bytes.count) { offset, buffer in
            let count = min(buffer.count, bytes.count - offset)
            bytes.withUnsafeBytes { raw in buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count])) }
            return count
        }
        return try PNG.decode(source).image
    }

    @Test("each filter, RGB and RGBA, odd and even widths: the same pixels as libpng's",
          arguments: [PNGEncodeOptions.Filters.sub, .up, .average, .paeth, .all], [1, 2, 37, 64])
    func sameAsLibpng(filters: PNGEncodeOptions.Filters, width: Int) throws {
        for opaque in [true, false] {
            let image = Self.image(width: width, height: 23, opaque: opaque)
            let bytes = try PNG.encode(image, options: PNGEncodeOptions(colorType: opaque ? .rgb : .rgba, compressionLevel: 1, filters: filters))
            let fast = try PNG.decode(bytes).image
            #expect(fast == (try Self.decodedByLibpng(bytes)), "\(opaque ? "RGB" : "RGBA"), width \(width)")
            #expect(fast.pixel(x: width - 1, y: 22) == image.pixel(x: width - 1, y: 22))
        }
    }
}
