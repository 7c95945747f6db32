import Dispatch
import Foundation
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("PNG decoding: a file read as the decoder goes")
struct StreamedDecodingTests {
    /// A source over `bytes` that reads only what is asked, records how far it was read, and can end early.
    private final class Reader: @unchecked Sendable {
        let bytes: [UInt8]
        let endsAt: Int
        var furthest = 0
        init(_ bytes: [UInt8], endsAt: Int? = nil) { self.bytes = bytes; self.endsAt = endsAt ?? bytes.count }
        func source(head: Int) -> PNGFileSource {
            PNGFileSource(head: Array(bytes.prefix(head)), size: bytes.count) { offset, buffer in
                let count = max(0, min(buffer.count, self.endsAt - offset))
                self.bytes.withUnsafeBytes { raw in buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count])) }
                self.furthest = max(self.furthest, offset + count)
                return count
            }
        }
    }

    @Test("every fixture decodes to the same pixels and info as from memory", arguments: Fixtures.decodeFixtureNames())
    func sameAsWhole(name: String) throws {
        let bytes = try Fixtures.bytes("fixtures/\(name).png")
        // The head ends with the first image data chunk's length and type: every chunk before it, nothing of it.
        var head = 8
        while String(decoding: bytes[head + 4..<head + 8], as: UTF8.self) != "IDAT" {
            head += 12 + Int(bytes[head]) << 24 + Int(bytes[head + 1]) << 16 + Int(bytes[head + 2]) << 8 + Int(bytes[head + 3])
        }
        let reader = Reader(bytes)
        let streamed = try PNG.decode(reader.source(head: head + 8))
        #expect(streamed == (try PNG.decode(bytes)))
        #expect(reader.furthest == bytes.count || reader.furthest > head + 8)
    }

    @Test("a file that ends early is truncated, whether it was short all along or shrank while read")
    func truncated() throws {
        var image = Image(width: 64, height: 64, format: .rgba8)
        for y in 0..<64 { for x in 0..<64 { image.setPixel(x: x, y: y, SIMD4<UInt16>(UInt16(x * 4), UInt16(y * 4), UInt16((x ^ y) & 255), 255)) } }
        let bytes = try PNG.encode(image, options: PNGEncodeOptions(compressionLevel: 0))
        #expect(throws: PNGError.self) { try PNG.decode(Reader(bytes, endsAt: bytes.count / 2).source(head: 64)) }
        let short = Array(bytes.prefix(bytes.count / 2))
        do {
            _ = try PNG.decode(Reader(short).source(head: 64))
            Issue.record("a half file decoded")
        } catch {
            guard case .truncated = error else { Issue.record("expected truncated, got \(error)"); return }
        }
    }
}
