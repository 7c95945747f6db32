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
        let be32 = Self.be32
        let desc = Array("desc".utf8) + [0, 0, 0, 0] + be32(name.utf8.count + 1) + Array(name.utf8) + [0]
        let xyz = stride(from: 0, to: 9, by: 3).map { start in
            Array("XYZ ".utf8) + [0, 0, 0, 0] + primaries[start..<start + 3].flatMap { be32(Int(Int32(($0 * 65536).rounded()))) }
        }
        return Self.assembled(space: "RGB ", tags: [("desc", desc), ("rXYZ", xyz[0]), ("gXYZ", xyz[1]), ("bXYZ", xyz[2])])
    }

    private static func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xFF) } }

    /// An ICC display profile (`mntr`) of colour space `space` (four characters) holding `tags`: the 128-byte header,
    /// the tag table, then each tag's body padded to four bytes.
    private static func assembled(space: String, tags: [(String, [UInt8])]) -> [UInt8] {
        var offset = 128 + 4 + 12 * tags.count, table: [UInt8] = be32(tags.count), data: [UInt8] = []
        for (signature, body) in tags {
            let padded = body + Array(repeating: 0, count: (4 - body.count % 4) % 4)
            table += Array(signature.utf8) + be32(offset) + be32(body.count)
            data += padded
            offset += padded.count
        }
        var header = [UInt8](repeating: 0, count: 128)
        header.replaceSubrange(0..<4, with: be32(128 + table.count + data.count))
        header.replaceSubrange(12..<24, with: Array("mntr\(space)XYZ ".utf8))
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        return header + table + data
    }

    /// A grey ICC v2 profile (colour space `GRAY`) whose `kTRC` is a table of 1,024 samples of `curve`, as macOS's
    /// "Generic Gray Gamma 2.2" is.
    private func greyProfile(named name: String, curve: (Double) -> Double) -> [UInt8] {
        let be32 = Self.be32
        let desc = Array("desc".utf8) + [0, 0, 0, 0] + be32(name.utf8.count + 1) + Array(name.utf8) + [0]
        let samples = (0..<1024).flatMap { index -> [UInt8] in
            let value = Int((curve(Double(index) / 1023) * 65535).rounded())
            return [UInt8(value >> 8), UInt8(value & 0xFF)]
        }
        let trc = Array("curv".utf8) + [0, 0, 0, 0] + be32(1024) + samples
        return Self.assembled(space: "GRAY", tags: [("desc", desc), ("kTRC", trc)])
    }

    /// `bytes` as a zlib stream of stored blocks.
    private func stored(_ bytes: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        var stream: [UInt8] = [0x78, 0x01], start = 0
        repeat {
            let block = Array(bytes[start..<min(start + 65535, bytes.count)])
            start += block.count
            let length = UInt16(block.count)
            let last: UInt8 = start == bytes.count ? 1 : 0
            stream += [last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += block
        } while start < bytes.count
        return stream + (0..<4).map { UInt8(((b << 16 | a) >> (24 - 8 * UInt32($0))) & 0xFF) }
    }

    /// A 64 px PNG carrying `profile` in an iCCP chunk (its zlib stream one stored block).
    private func png(with profile: [UInt8], in folder: URL, name: String = "icon.png") throws -> String {
        var bytes = try PNG.encode(Image(width: 64, height: 64, fill: SIMD4(30, 90, 200, 255)))
        bytes.insert(contentsOf: HicolorThemeTests.chunk("iCCP", Array("ICC Profile".utf8) + [0, 0] + stored(profile)), at: 33)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// A 26 px grey-and-alpha PNG (colour type 4: a glyph, as macOS writes one) carrying `profile`.
    private func greyPNG(with profile: [UInt8], at url: URL) throws {
        func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xFF) } }
        let side = 26
        // Each row: filter 0, then grey 40 and alpha (a disc of radius 8).
        var rows: [UInt8] = []
        for y in 0..<side {
            rows.append(0)
            for x in 0..<side {
                let inside = (x - 13) * (x - 13) + (y - 13) * (y - 13) < 64
                rows += [40, inside ? 255 : 0]
            }
        }
        var header: [UInt8] = be32(side) + be32(side)
        header += [8, 4, 0, 0, 0]
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += HicolorThemeTests.chunk("IHDR", header)
        bytes += HicolorThemeTests.chunk("iCCP", Array("kCGColorSpaceGenericGrayGamma2_2".utf8) + [0, 0] + stored(profile))
        bytes += HicolorThemeTests.chunk("IDAT", stored(rows))
        bytes += HicolorThemeTests.chunk("IEND", [])
        try Data(bytes).write(to: url)
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

    @Test("a grey profile of gamma 2.2 (macOS's \"Generic Gray Gamma 2.2\", on NetNewsWire's grey glyphs) draws as sRGB grey does: no warning; a print profile's curve (Dot Gain 20%) is still told")
    func greyGammaProfile() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generic = folder.appendingPathComponent("generic.png"), dotGain = folder.appendingPathComponent("dotgain.png")
        try greyPNG(with: greyProfile(named: "Generic Gray Gamma 2.2 Profile") { pow($0, 2.2) }, at: generic)
        try greyPNG(with: greyProfile(named: "Dot Gain 20%") { pow($0, 1.6) }, at: dotGain)
        #expect(try PNG.info(Fixtures.bytes(at: generic)).iccProfile != nil)
        #expect(try !rules(generic.path).contains(.colorProfile))
        #expect(try rules(dotGain.path).contains(.colorProfile))
    }

    @Test("a template image set's colours are never drawn (its alpha is the glyph), so its profile is not told; the same file in a plain image set is")
    func templateImageProfile() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func imageSet(_ name: String, template: Bool) throws -> URL {
            let set = folder.appendingPathComponent("Assets.xcassets/\(name).imageset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            let properties = template ? ",\n  \"properties\" : {\n    \"template-rendering-intent\" : \"template\"\n  }" : ""
            try Data("{\n  \"images\" : [\n    {\n      \"filename\" : \"glyph.png\",\n      \"idiom\" : \"universal\"\n    }\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\(properties)\n}\n".utf8)
                .write(to: set.appendingPathComponent("Contents.json"))
            // Adobe RGB's primaries, and a transparent corner so that the template has its shape from alpha.
            let adobe = profile(named: "Adobe RGB (1998)", primaries: [0.6097, 0.3111, 0.0195, 0.2053, 0.6257, 0.0609, 0.1492, 0.0632, 0.7446])
            var image = Image(width: 64, height: 64, fill: SIMD4(30, 90, 200, 255))
            image.setPixel(x: 0, y: 0, SIMD4(0, 0, 0, 0))
            var bytes = try PNG.encode(image)
            bytes.insert(contentsOf: HicolorThemeTests.chunk("iCCP", Array("ICC Profile".utf8) + [0, 0] + stored(adobe)), at: 33)
            try Data(bytes).write(to: set.appendingPathComponent("glyph.png"))
            return set
        }
        let template = try imageSet("filterActive", template: true), plain = try imageSet("photo", template: false)
        let report = try Validator().validate([template, plain])
        let told = report.files.filter { $0.findings.contains { $0.rule == .colorProfile } }.map(\.url.path)
        #expect(told == [plain.appendingPathComponent("glyph.png").path], "\(told)")
    }
}
