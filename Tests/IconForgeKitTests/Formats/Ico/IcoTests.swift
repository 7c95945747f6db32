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

    @Test("entries below 256 px are BMP, the 256 one PNG; every entry reads back pixel for pixel")
    func roundTrip() throws {
        let images = [16, 32, 48, 64, 256].map(picture)
        let bytes = try Ico.encode(images)
        #expect(Array(bytes[0..<6]) == [0, 0, 1, 0, 5, 0])
        let entries = try Ico.read(bytes)
        #expect(entries.map(\.size.width) == [16, 32, 48, 64, 256])
        #expect(entries.map(\.isPNG) == [false, false, false, false, true])
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
    /// An `.ico` of one BMP entry written by hand: `bits` per pixel, `pixels` as palette indexes (or BGRA words for
    /// 32 bits), the AND mask from `transparent`; the directory gives `directory` (else `side`; 256 and more as 0).
    private func handMade(bits: Int, side: Int, directory: Int? = nil, palette: [[UInt8]], pixel: (Int, Int) -> UInt32,
                          transparent: (Int, Int) -> Bool) -> [UInt8] {
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        var bmp = le32(40) + le32(side) + le32(side * 2) + [1, 0, UInt8(bits), 0] + le32(0) + le32(0) + le32(0) + le32(0) + le32(palette.count) + le32(0)
        for colour in palette { bmp += [colour[2], colour[1], colour[0], 0] }
        let stride = (side * bits + 31) / 32 * 4, maskStride = (side + 31) / 32 * 4
        for y in (0..<side).reversed() {
            var row = [UInt8](repeating: 0, count: stride)
            for x in 0..<side {
                let value = pixel(x, y)
                if bits == 32 { for k in 0..<4 { row[x * 4 + k] = UInt8((value >> (8 * UInt32(k))) & 0xFF) } } else {
                    let bit = x * bits
                    row[bit / 8] |= UInt8(value) << UInt8(8 - bits - bit % 8)
                }
            }
            bmp += row
        }
        for y in (0..<side).reversed() {
            var row = [UInt8](repeating: 0, count: maskStride)
            for x in 0..<side where transparent(x, y) { row[x / 8] |= 0x80 >> UInt8(x % 8) }
            bmp += row
        }
        let listed = UInt8((directory ?? side) >= 256 ? 0 : directory ?? side)
        return [0, 0, 1, 0, 1, 0, listed, listed, UInt8(palette.count & 0xFF), 0, 1, 0, UInt8(bits), 0] + le32(bmp.count) + le32(22) + bmp
    }

    @Test("palette entries (1, 4 and 8 bits, as XP-era icons have) and 32-bit ones without alpha read with their AND mask", arguments: [1, 4, 8])
    func paletteEntries(bits: Int) throws {
        let palette: [[UInt8]] = (0..<(1 << bits)).map { [UInt8($0 * 255 / ((1 << bits) - 1)), 40, 200] }
        let bytes = handMade(bits: bits, side: 16, palette: palette, pixel: { x, _ in UInt32(x % (1 << bits)) }, transparent: { x, y in x == y })
        let image = try #require(try Ico.read(bytes).first).image
        #expect(image.pixel(x: 3, y: 5) == SIMD4(UInt16(palette[3 % (1 << bits)][0]), 40, 200, 255))
        #expect(image.pixel(x: 4, y: 4)[3] == 0)
    }

    @Test("an 8-bit entry whose palette is shorter than its header says (qutebrowser.ico's 16 px one: 137 colours written, 0 = 256 in the header) is an error saying what it takes and what it has")
    func shortPalette() throws {
        let palette: [[UInt8]] = (0..<137).map { [UInt8($0), 40, 200] }
        var bytes = handMade(bits: 8, side: 16, palette: palette, pixel: { x, _ in UInt32(x) }, transparent: { _, _ in false })
        for k in 0..<4 { bytes[22 + 32 + k] = 0 }
        #expect(throws: IcoError.badImage(0, "(16x16, 8-bit BMP) is cut short: its header, 256-colour palette and pixels take 1320 bytes, the entry has 908")) {
            try Ico.read(bytes)
        }
    }

    @Test("a 32-bit entry whose alpha is all zero takes its transparency from the mask; one with alpha keeps it")
    func thirtyTwoBitMask() throws {
        let noAlpha = handMade(bits: 32, side: 16, palette: [], pixel: { _, _ in 0x00_80_40_20 }, transparent: { x, _ in x < 8 })
        let image = try #require(try Ico.read(noAlpha).first).image
        #expect(image.pixel(x: 2, y: 2) == SIMD4(0x80, 0x40, 0x20, 0) && image.pixel(x: 12, y: 2) == SIMD4(0x80, 0x40, 0x20, 255))
        let withAlpha = handMade(bits: 32, side: 16, palette: [], pixel: { _, _ in 0x7F_80_40_20 }, transparent: { x, _ in x < 8 })
        #expect(try #require(try Ico.read(withAlpha).first).image.pixel(x: 12, y: 2)[3] == 0x7F)
    }

    @Test("a BMP larger than 256 px in an entry whose directory says 0 (QuickLook's app.ico: a 512 px 32-bit BMP first) reads, as Windows and image-rs read it; validate finds no damage; a large BMP whose entry says 48 stays an error")
    func bmpLargerThanTheDirectorySays() throws {
        let bytes = handMade(bits: 32, side: 512, palette: [], pixel: { _, _ in 0xFF_80_40_20 }, transparent: { _, _ in false })
        #expect(bytes[6] == 0 && bytes[7] == 0)
        let entry = try #require(try Ico.read(bytes).first)
        #expect(entry.size == PixelSize(width: 256, height: 256) && entry.image.size == PixelSize(width: 512, height: 512) && !entry.isPNG)
        #expect(entry.image.pixel(x: 300, y: 400) == SIMD4(0x80, 0x40, 0x20, 255))
        let folder = try Fixtures.temporaryFolder()
        try FileIO.writeAtomically(bytes, to: folder.appendingPathComponent("app.ico").path)
        let findings = try Validator().validate([folder.path]).files.flatMap(\.findings)
        #expect(!findings.contains { $0.severity == .error }, "\(findings.map(\.line))")
        let mislabelled = handMade(bits: 32, side: 512, directory: 48, palette: [], pixel: { _, _ in 0xFF_80_40_20 }, transparent: { _, _ in false })
        #expect(throws: IcoError.self) { try Ico.read(mislabelled) }
    }

    @Test("a PNG larger than 256 px in an entry whose directory says 0 (EarTrumpet's icons: 512 and 768 px beside the 256) reads, as Windows and image-rs read it; a PNG of another size than its entry says, and a BMP one, stay errors; inspect names both sizes")
    func pngLargerThanTheDirectorySays() throws {
        let bytes = try Ico.encode([16, 32, 48, 256, 512, 768].map(picture))
        #expect(bytes[6 + 16 * 4] == 0 && bytes[6 + 16 * 5] == 0, "one byte says 256 at most")
        let entries = try Ico.read(bytes)
        #expect(entries.map(\.size.width) == [16, 32, 48, 256, 256, 256])
        #expect(entries.map(\.image.width) == [16, 32, 48, 256, 512, 768])
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("Icon-Dark.ico")
        try FileIO.writeAtomically(bytes, to: url.path)
        let inspection = try IcoInspection.inspect(url)
        #expect(inspection.entries.map(\.pixels) == ["16x16", "32x32", "48x48", "256x256", "512x512", "768x768"])
        #expect(inspection.text.contains("512x512: PNG (the directory says 256x256), translucent"), "\(inspection.text)")
        #expect(!inspection.text.contains("48x48: BMP (the directory"), "\(inspection.text)")
        let findings = try Validator().validate([folder.path]).files.flatMap(\.findings)
        #expect(!findings.contains { $0.severity == .error }, "\(findings.map(\.line))")

        // A 256 px PNG whose entry says 48, or a BMP entry of another size than its entry: damage, as before.
        var small = try Ico.encode([picture(256)])
        small[6] = 48
        small[7] = 48
        #expect(throws: IcoError.self) { try Ico.read(small) }
        var bmp = try Ico.encode([picture(32)])
        bmp[6] = 16
        bmp[7] = 16
        #expect(throws: IcoError.self) { try Ico.read(bmp) }
        // An app's icon is made again by the Windows preset, a favicon by the web one.
        try FileIO.writeAtomically(small, to: url.path)
        try FileIO.writeAtomically(small, to: folder.appendingPathComponent("favicon.ico").path)
        let errors = try Validator().validate([folder.path]).files.flatMap(\.findings).filter { $0.severity == .error }
        #expect(errors.count == 2 && errors.contains { $0.message.hasPrefix("Icon-Dark.ico") && $0.fix.contains("--preset windows") }
                && errors.contains { $0.message.hasPrefix("favicon.ico") && $0.fix.contains("--preset web") }, "\(errors.map(\.line))")
    }
}
