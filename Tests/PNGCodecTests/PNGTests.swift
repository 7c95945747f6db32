import Dispatch
import Foundation
import PNGCodec
import Raster
import TestSupport
import Testing

/// The expected pixels written beside each generated fixture, as an Image (16-bit files are big-endian).
private func expectedImage(_ name: String, like decoded: Image) throws -> Image {
    let raw = try Fixtures.bytes("fixtures/\(name).rgba")
    guard decoded.format == .rgba16 else {
        return Image(width: decoded.width, height: decoded.height, format: .rgba8, bytes: raw)
    }
    var image = Image(width: decoded.width, height: decoded.height, format: .rgba16)
    for index in 0..<(decoded.width * decoded.height) {
        let offset = index * 8
        let value = SIMD4<UInt16>((0..<4).map { UInt16(raw[offset + $0 * 2]) << 8 | UInt16(raw[offset + $0 * 2 + 1]) })
        image.setPixel(x: index % decoded.width, y: index / decoded.width, value)
    }
    return image
}

@Suite("PNG decoding: the repository's own fixtures")
struct FixtureDecodingTests {
    @Test("every colour type, bit depth and interlace decodes to the expected RGBA", arguments: Fixtures.decodeFixtureNames())
    func decodesToExpectedPixels(name: String) throws {
        let decoded = try PNG.decode(Fixtures.bytes("fixtures/\(name).png"))
        #expect(decoded.image.format == (decoded.info.bitDepth == 16 ? .rgba16 : .rgba8))
        #expect(decoded.image == (try expectedImage(name, like: decoded.image)))
        #expect(decoded.info.isInterlaced == name.hasSuffix("-i"))
    }

    @Test("the fixture matrix covers every colour type, bit depth and interlace")
    func matrixIsComplete() throws {
        var seen = Set<String>()
        for name in Fixtures.decodeFixtureNames() {
            let info = try PNG.info(Fixtures.bytes("fixtures/\(name).png"))
            seen.insert("\(info.colorType.rawValue)/\(info.bitDepth)/\(info.isInterlaced)")
        }
        let legal: [(Int, [Int])] = [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]
        for (type, depths) in legal {
            for depth in depths {
                for interlaced in [false, true] { #expect(seen.contains("\(type)/\(depth)/\(interlaced)")) }
            }
        }
    }

    @Test("palette+tRNS and grey+tRNS become the right RGBA")
    func transparencyChunks() throws {
        let palette = try PNG.decode(Fixtures.bytes("fixtures/palette-trns-n.png"))
        #expect(palette.info.hasTransparencyChunk)
        #expect(palette.image.pixel(x: 0, y: 0) == SIMD4(255, 0, 0, 0))      // entry 0: alpha 0
        #expect(palette.image.pixel(x: 1, y: 0) == SIMD4(0, 255, 0, 128))    // entry 1: alpha 128
        #expect(palette.image.pixel(x: 3, y: 0) == SIMD4(255, 255, 255, 255)) // beyond tRNS: opaque
        let grey = try PNG.decode(Fixtures.bytes("fixtures/gray-trns-n.png"))
        #expect(grey.image.pixel(x: 2, y: 0) == SIMD4(40, 40, 40, 0))        // the tRNS grey value
        #expect(grey.image.pixel(x: 1, y: 0) == SIMD4(20, 20, 20, 255))
    }
}

@Suite("PNG decoding: bad and hostile input")
struct HostileInputTests {
    @Test("oversized headers are refused before allocation, with the sizes in the message")
    func hugeHeader() throws {
        let bytes = try Fixtures.bytes("fixtures/hostile-huge-header.png")
        do {
            _ = try PNG.decode(bytes)
            Issue.record("the huge header decoded")
        } catch {
            #expect(error.description.contains("100000x100000 8-bit decodes to 38146 MiB, more than the memory limit of 256 MiB"))
        }
    }

    @Test("a valid 16384x16384 zlib bomb is refused by the memory limit")
    func zlibBomb() throws {
        let bytes = try Fixtures.bytes("fixtures/hostile-zlib-bomb.png")
        #expect(bytes.count < 2_000_000)
        do {
            _ = try PNG.decode(bytes)
            Issue.record("the zlib bomb decoded")
        } catch {
            guard case .tooLarge(let message) = error else { Issue.record("wrong error: \(error)"); return }
            #expect(message.contains("16384x16384 8-bit decodes to 1024 MiB"))
        }
    }

    @Test("memory, not the side, bounds a decode: a 20000x1 strip decodes; an 8192^2 16-bit greyscale of 130 KB is refused")
    func memoryBudget() throws {
        let strip = try PNG.decode(Fixtures.bytes("fixtures/strip-20000x1.png"))
        #expect(strip.image.width == 20000 && strip.image.pixel(x: 19999, y: 0) == SIMD4(UInt16(19999 % 256), UInt16(19999 % 256), UInt16(19999 % 256), 255))
        let bytes = try Fixtures.bytes("fixtures/hostile-16bit-512mib.png")
        #expect(bytes.count < 200_000)
        #expect(throws: PNGError.tooLarge("8192x8192 16-bit decodes to 512 MiB, more than the memory limit of 256 MiB")) { try PNG.info(bytes) }
        var limits = PNGLimits.default
        limits.maxDecodedBytes = 1 << 20
        var tight = PNGLimits.default
        tight.maxDecodedBytes = 40_000 // the strip takes 80,000 bytes decoded
        #expect(throws: PNGError.self) { try PNG.decode(Fixtures.bytes("fixtures/strip-20000x1.png"), limits: tight) }
        #expect(limits.refusal(width: 100_000, height: 100_000)?.contains("more than the memory limit of 1 MiB") == true)
        #expect(limits.refusal(width: 512, height: 512) == nil)
        #expect(limits.refusal(width: Int.max, height: 3)?.contains("more than 8 EiB") == true)
    }

    @Test("compressed data after the image is not inflated: the pixels come back and the info says so")
    func trailingData() throws {
        let bytes = try Fixtures.bytes("fixtures/hostile-trailing-idat.png") // a 1x1 image, then 64 MiB of deflated zeros
        let info = try PNG.info(bytes)
        let ordinary = try PNG.info(Fixtures.bytes("fixtures/rgb8-n.png"))
        #expect(info.hasTrailingData && !ordinary.hasTrailingData)
        for checksum in [true, false] {
            let decoded = try PNG.decode(bytes, verifiesChecksum: checksum)
            #expect(decoded.image.pixel(x: 0, y: 0) == SIMD4(0x7f, 0x7f, 0x7f, 255))
        }
    }

    @Test("custom limits apply to width, height and pixel count")
    func customLimits() throws {
        let bytes = try Fixtures.bytes("fixtures/rgb8-n.png") // 13x11
        var limits = PNGLimits.default
        limits.maxPixels = 100
        #expect(throws: PNGError.self) { try PNG.decode(bytes, limits: limits) }
        limits = .default
        limits.maxWidth = 12
        #expect(throws: PNGError.self) { try PNG.info(bytes, limits: limits) }
        limits.maxWidth = 13
        #expect(try PNG.decode(bytes, limits: limits).image.width == 13)
    }

    @Test("a 1 GiB zTXt chunk is skipped, not inflated")
    func compressedTextBomb() throws {
        let decoded = try PNG.decode(Fixtures.bytes("fixtures/hostile-ztxt-1gib.png"))
        #expect(decoded.image.size == PixelSize(width: 16, height: 16))
        #expect(decoded.image.pixel(x: 3, y: 2) == SIMD4(48, 32, 128, 255))
    }

    @Test("damaged files fail with a message that says what is wrong", arguments: [
        ("broken-truncated-idat.png", "truncated: file ends inside IDAT"),
        ("broken-ihdr-crc.png", "corrupt PNG: IHDR: CRC error"),
        ("broken-adler.png", "corrupt PNG: IDAT: incorrect data check"),
        ("broken-signature.png", "not a PNG file (signature damaged, as by a CR/LF conversion"),
        ("broken-not-png.png", "not a PNG file (it is a JPEG file)"),
        ("broken-empty.png", "not a PNG file (the file is empty)"),
        ("broken-cgbi.png", "Apple-optimised (CgBI) PNG from a built app"),
    ])
    func damagedFiles(file: String, message: String) throws {
        let bytes = try Fixtures.bytes("fixtures/\(file)")
        do {
            _ = try PNG.decode(bytes)
            Issue.record("\(file) decoded")
        } catch {
            #expect(error.description.hasPrefix(message), "got: \(error.description)")
        }
    }

    @Test("the zlib checksum alone can go unchecked; chunk CRCs and truncation are still caught")
    func uncheckedChecksum() throws {
        let decoded = try PNG.decode(Fixtures.bytes("fixtures/broken-adler.png"), verifiesChecksum: false)
        #expect(decoded.image == (try PNG.decode(Fixtures.bytes("fixtures/rgb8-n.png")).image))
        for file in ["broken-ihdr-crc.png", "broken-truncated-idat.png"] {
            #expect(throws: PNGError.self) { try PNG.decode(Fixtures.bytes("fixtures/\(file)"), verifiesChecksum: false) }
        }
    }

    @Test("decoding with a second worker mapping the memory in gives the same pixels, and the same errors")
    func twoWorkers() throws {
        let twoCores = Parallelism(width: 2) { count, body in DispatchQueue.concurrentPerform(iterations: count, execute: body) }
        var random = SeededRandom(seed: 21)
        let image = Image(width: 1200, height: 1000, format: .rgba8, // 4.8 MB: large enough to be split
                          bytes: (0..<(1200 * 1000 * 4)).map { _ in UInt8(random.next() % 7) })
        let encoded = try PNG.encode(image, options: PNGEncodeOptions(colorType: .rgba))
        #expect(try PNG.decode(encoded, parallelism: twoCores).image == image)
        let truncated = Array(encoded.prefix(encoded.count / 2))
        func failure(_ parallelism: Parallelism) -> String? {
            do { _ = try PNG.decode(truncated, parallelism: parallelism); return nil } catch { return error.description }
        }
        #expect(failure(twoCores) != nil)
        #expect(failure(twoCores) == failure(.serial))
    }

    @Test("every prefix of a valid file fails cleanly or decodes")
    func everyTruncation() throws {
        let bytes = try Fixtures.bytes("fixtures/rgba8-i.png")
        for length in 0..<bytes.count {
            #expect(throws: PNGError.self) { try PNG.decode(Array(bytes.prefix(length))) }
        }
    }
}

@Suite("PNG encoding")
struct EncodingTests {
    private func randomImage(width: Int, height: Int, opaque: Bool, seed: UInt64) -> Image {
        var random = SeededRandom(seed: seed)
        var bytes = (0..<(width * height * 4)).map { _ in UInt8.random(in: 0...255, using: &random) }
        if opaque { for index in stride(from: 3, to: bytes.count, by: 4) { bytes[index] = 255 } }
        return Image(width: width, height: height, format: .rgba8, bytes: bytes)
    }

    @Test("RGBA8 round-trips bit-exactly", arguments: [(1, 1), (7, 5), (64, 33), (300, 2)])
    func rgbaRoundTrip(width: Int, height: Int) throws {
        let image = randomImage(width: width, height: height, opaque: false, seed: UInt64(width * 1000 + height))
        let encoded = try PNG.encode(image, options: PNGEncodeOptions(colorType: .rgba))
        let decoded = try PNG.decode(encoded)
        #expect(decoded.image == image)
        #expect(decoded.info.colorType == .rgba && decoded.info.bitDepth == 8 && !decoded.info.isInterlaced)
    }

    @Test("RGB8 round-trips bit-exactly and is written as colour type 2 without tRNS",
          arguments: [0, 1, 6, 9])
    func rgbRoundTrip(level: Int) throws {
        let image = randomImage(width: 41, height: 17, opaque: true, seed: UInt64(level))
        let encoded = try PNG.encode(image, options: PNGEncodeOptions(colorType: .rgb, compressionLevel: level))
        let decoded = try PNG.decode(encoded)
        #expect(decoded.image == image)
        #expect(decoded.info.colorType == .rgb && !decoded.info.hasTransparencyChunk)
    }

    @Test("each zlib strategy round-trips", arguments: PNGEncodeOptions.Strategy.allCases)
    func strategies(strategy: PNGEncodeOptions.Strategy) throws {
        let image = randomImage(width: 31, height: 12, opaque: true, seed: UInt64(strategy.rawValue))
        let options = PNGEncodeOptions(colorType: .rgb, strategy: strategy)
        #expect(try PNG.decode(PNG.encode(image, options: options)).image == image)
    }

    @Test("libdeflate's files decode bit-exactly in libpng, RGB and RGBA, rows or image, at its fastest, icon and smallest levels",
          arguments: [(1, 1), (7, 5), (64, 33), (300, 2), (700, 400)])
    func libdeflateRoundTrip(width: Int, height: Int) throws {
        for colorType in [PNGEncodeOptions.ColorType.rgb, .rgba] {
            // Random pixels in the largest case: over 256 KB of stored blocks, so several IDAT chunks.
            var image = randomImage(width: width, height: height, opaque: colorType == .rgb, seed: UInt64(width + height))
            if width < 700 { for y in stride(from: 1, to: height, by: 2) { for x in 0..<width { image.setPixel(x: x, y: y, image.pixel(x: x, y: y - 1)) } } }
            for level in [1, 6, 12] {
                let options = PNGEncodeOptions(colorType: colorType, compressionLevel: level, filters: [.sub, .up], compressor: .libdeflate)
                #expect(try PNG.decode(PNG.encode(image, options: options)).image == image, "\(colorType) level \(level)")
            }
            let options = PNGEncodeOptions(colorType: colorType, filters: [.sub, .up], alternativeFilters: [.none], compressor: .libdeflate)
            let encoded = try PNG.encode(image, options: options)
            let decoded = try PNG.decode(encoded)
            #expect(decoded.image == image, "\(colorType)")
            #expect(decoded.info.colorType == (colorType == .rgb ? .rgb : .rgba) && !decoded.info.isInterlaced)
            let rows = image.bytes.withUnsafeBufferPointer { pixels in
                var row = 0
                return Result { try PNG.encode(size: image.size, options: options) { out in
                    out.update(from: pixels.baseAddress! + row * width * 4, count: width * 4)
                    row += 1
                } }
            }
            #expect(try PNG.decode(rows.get()).image == image, "rows, \(colorType)")
        }
    }

    @Test("a libdeflate stream is framed as zlib's: the smallest window that holds the rows, data in 256 KB IDATs")
    func libdeflateFraming() throws {
        func chunks(_ bytes: [UInt8]) -> [(type: String, length: Int, at: Int)] {
            var (found, at) = ([(type: String, length: Int, at: Int)](), 8)
            while at + 8 <= bytes.count {
                let length = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
                found.append((String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self), length, at))
                at += 12 + length
            }
            return found
        }
        let options = PNGEncodeOptions(colorType: .rgb, filters: .none, compressor: .libdeflate)
        for (width, height, bits) in [(4, 4, 8), (13, 11, 9), (100, 100, 15)] {
            let bytes = try PNG.encode(randomImage(width: width, height: height, opaque: true, seed: 9), options: options)
            let idat = chunks(bytes).first { $0.type == "IDAT" }!
            #expect(Int(bytes[idat.at + 8] >> 4) + 8 == bits, "\(width)x\(height)")
            #expect((Int(bytes[idat.at + 8]) << 8 | Int(bytes[idat.at + 9])) % 31 == 0, "header check bits")
        }
        let large = try PNG.encode(randomImage(width: 400, height: 400, opaque: true, seed: 4), options: options)
        let idats = chunks(large).filter { $0.type == "IDAT" }
        #expect(idats.count == 2 && idats[0].length == 256 * 1024)
        #expect(chunks(large).map(\.type) == ["IHDR", "IDAT", "IDAT", "IEND"])
    }

    @Test("sampling picks the filter set that compresses best: none for flat art, a filter for noise")
    func sampledFilterChoice() throws {
        // Flat art: the sample app-icon master (flat shapes, banded gradients, thin rules).
        let flat = try PNG.decode(Fixtures.bytes("app-icon-master.png")).image
        // Smooth noise: a gradient with small random steps (what photographs look like to a filter).
        var noisy = Image(width: 256, height: 256)
        var random = SeededRandom(seed: 7)
        for y in 0..<256 {
            for x in 0..<256 {
                let jitter = UInt16(random.next() % 6)
                noisy.setPixel(x: x, y: y, SIMD4(UInt16(x) / 2 + jitter, UInt16(y) / 2 + jitter, 100 + jitter, 255))
            }
        }
        for image in [flat, noisy] {
            let filtered = PNGEncodeOptions(colorType: .rgb)
            var unfiltered = filtered
            unfiltered.filters = .none
            var sampled = filtered
            sampled.alternativeFilters = [.none]
            let sizes = try [filtered, unfiltered].map { try PNG.encode(image, options: $0).count }
            let chosen = try PNG.encode(image, options: sampled)
            #expect(chosen.count == sizes.min(), "sizes \(sizes), chose \(chosen.count)")
            #expect(try PNG.decode(chosen).image == image)
        }
        #expect(try PNG.encode(flat, options: PNGEncodeOptions(colorType: .rgb, filters: .none)).count
                < PNG.encode(flat, options: PNGEncodeOptions(colorType: .rgb)).count) // the case is not vacuous
        #expect(try PNG.encode(noisy, options: PNGEncodeOptions(colorType: .rgb)).count
                < PNG.encode(noisy, options: PNGEncodeOptions(colorType: .rgb, filters: .none)).count)
    }

    @Test("encoding a region gives the bytes of encoding the cropped image", arguments: [Image.PixelFormat.rgba8, .rgba16])
    func regionEqualsCrop(format: Image.PixelFormat) throws {
        let image = randomImage(width: 180, height: 300, opaque: true, seed: 9).converted(to: format)
        var options = PNGEncodeOptions(colorType: .rgb)
        options.alternativeFilters = [.none] // sampled from the region's rows, as from the crop's
        for (x, y, size) in [(0, 0, PixelSize(width: 180, height: 300)), (37, 11, PixelSize(width: 101, height: 260)),
                             (179, 299, PixelSize(width: 1, height: 1))] {
            let region = try PNG.encode(image, x: x, y: y, size: size, options: options)
            #expect(region == (try PNG.encode(image.cropped(x: x, y: y, size: size), options: options)), "\(x),\(y) \(size)")
        }
    }

    @Test("small images name the smallest zlib window that holds them, and compress with room for the lookahead")
    func zlibWindows() throws {
        func header(_ width: Int, _ height: Int) throws -> (windowBits: Int, idat: Int) { // idat: the first IDAT's length
            let image = randomImage(width: width, height: height, opaque: true, seed: UInt64(width))
            let bytes = try PNG.encode(image, options: PNGEncodeOptions(colorType: .rgb, filters: .none))
            let at = (0..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual("IDAT".utf8) }!
            let length = bytes[(at - 4)..<at].reduce(0) { $0 << 8 | Int($1) }
            return (Int(bytes[at + 4] >> 4) + 8, length)
        }
        #expect(try header(4, 4).windowBits == 8)        // 52 bytes of rows
        #expect(try header(13, 11).windowBits == 9)      // 440
        #expect(try header(100, 100).windowBits == 15)   // 30,100
        // 13x11 with rows 7-10 repeating rows 0-3, 280 bytes back: a 512-byte compression window keeps only
        // 250 bytes of history beside zlib's lookahead and would miss every repeat.
        var image = randomImage(width: 13, height: 11, opaque: true, seed: 3)
        for y in 7..<11 { for x in 0..<13 { image.setPixel(x: x, y: y, image.pixel(x: x, y: y - 7)) } }
        let bytes = try PNG.encode(image, options: PNGEncodeOptions(colorType: .rgb, filters: .none))
        #expect(bytes.count < 57 + 7 * 40 + 40, "\(bytes.count) bytes") // header and chunks, 7 random rows, little else
    }

    @Test("an sRGB chunk is written on request and reported by info")
    func srgbChunk() throws {
        let image = randomImage(width: 4, height: 4, opaque: true, seed: 3)
        let with = try PNG.info(PNG.encode(image, options: PNGEncodeOptions(writesSRGBChunk: true)))
        let without = try PNG.info(PNG.encode(image))
        #expect(with.hasSRGB && with.srgbIntent == 0 && !with.hasGamma && !with.hasChromaticities)
        #expect(!without.hasSRGB && without.srgbIntent == nil)
    }

    @Test("colour chunks in the repository's fixtures are reported")
    func colourChunks() throws {
        let p3 = try PNG.info(Fixtures.bytes("fixtures/iccp-display-p3.png"))
        #expect(p3.hasICCProfile && p3.iccProfileName == "Display P3" && (p3.iccProfile?.count ?? 0) > 132)
        #expect(p3.iccProfile.map { Array($0[36..<40]) } == Array("acsp".utf8))
        let gamma = try PNG.info(Fixtures.bytes("fixtures/gama-18.png"))
        #expect(gamma.hasGamma && gamma.gamma == 0.55556 && !gamma.hasSRGB && !gamma.hasICCProfile)
        let srgb = try PNG.info(Fixtures.bytes("fixtures/srgb-chunk.png"))
        #expect(srgb.hasSRGB && !srgb.hasGamma && srgb.srgbIntent == 0)
    }

    @Test("16-bit images are rounded to 8 bits when encoded")
    func sixteenBitRounds() throws {
        let image = Image(width: 2, height: 1, format: .rgba16, fill: SIMD4(0x8080, 0x7F7F, 0xFFFF, 0xFFFF))
        let decoded = try PNG.decode(PNG.encode(image))
        #expect(decoded.image.pixel(x: 1, y: 0) == SIMD4(128, 127, 255, 255))
    }
}
