import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// Which embedded ICC profiles `color-profile` lets pass: sRGB's and Display P3's, by name or, for a profile named
/// otherwise, by its primaries.
@Suite("validate: embedded colour profiles")
struct ColourProfileTests {
    /// An ICC v2 display profile of three colorant tags and a description, as a Mac's built-in display profile is.
    private func profile(named name: String, primaries: [Double]) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xFF) } }
        let desc = Array("desc".utf8) + [0, 0, 0, 0] + be32(name.utf8.count + 1) + Array(name.utf8) + [0]
        let xyz = stride(from: 0, to: 9, by: 3).map { start in
            Array("XYZ ".utf8) + [0, 0, 0, 0] + primaries[start..<start + 3].flatMap { be32(Int(Int32(($0 * 65536).rounded()))) }
        }
        let tags = [("desc", desc), ("rXYZ", xyz[0]), ("gXYZ", xyz[1]), ("bXYZ", xyz[2])]
        var offset = 128 + 4 + 12 * tags.count, table: [UInt8] = be32(tags.count), data: [UInt8] = []
        for (signature, body) in tags {
            let padded = body + Array(repeating: 0, count: (4 - body.count % 4) % 4)
            table += Array(signature.utf8) + be32(offset) + be32(body.count)
            data += padded
            offset += padded.count
        }
        var header = [UInt8](repeating: 0, count: 128)
        header.replaceSubrange(0..<4, with: be32(128 + table.count + data.count))
        header.replaceSubrange(12..<24, with: Array("mntrRGB XYZ ".utf8))
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        return header + table + data
    }

    /// A 64 px PNG carrying `profile` in an iCCP chunk (its zlib stream one stored block).
    private func png(with profile: [UInt8], in folder: URL) throws -> String {
        var bytes = try PNG.encode(Image(width: 64, height: 64, fill: SIMD4(30, 90, 200, 255)))
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in profile { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let length = UInt16(profile.count)
        let zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            + profile + (0..<4).map { UInt8(((b << 16 | a) >> (24 - 8 * UInt32($0))) & 0xFF) }
        bytes.insert(contentsOf: HicolorThemeTests.chunk("iCCP", Array("ICC Profile".utf8) + [0, 0] + zlib), at: 33)
        let url = folder.appendingPathComponent("icon.png")
        try Data(bytes).write(to: url)
        return url.path
    }

    private func rules(_ path: String) throws -> [ValidationRule] {
        try Validator(role: .app).validate([path]).files.flatMap(\.findings).map(\.rule)
    }

    @Test("a profile named \"Display\" with Display P3's primaries (a Mac's built-in display profile, in Kazumi's macOS icons) is P3: no warning; with Adobe RGB's primaries it is still told")
    func displayProfileWithP3Primaries() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let p3 = try png(with: profile(named: "Display", primaries: ICCProfile.displayP3Primaries), in: folder)
        #expect(try PNG.info(Fixtures.bytes(at: URL(fileURLWithPath: p3))).iccProfile != nil)
        #expect(try !rules(p3).contains(.colorProfile))
        let adobe = try png(with: profile(named: "Display", primaries: [0.6097, 0.3111, 0.0195, 0.2053, 0.6257, 0.0609, 0.1492, 0.0632, 0.7446]), in: folder)
        #expect(try rules(adobe).contains(.colorProfile))
    }
}
