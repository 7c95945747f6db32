import Raster
import TestSupport
import Testing

/// Rows built to exercise the flat-margin shortcut: per row a flat run on the left, noise, a flat run on
/// the right, with run lengths crossing the scan's 32-byte blocks (8, 4 or 2 pixels) at every offset;
/// some rows are one colour, or one colour but for a single pixel, some have the same colour at both
/// ends, some have no runs at all. Run
/// colours change from row to row, so the vertical pass mixes margins of different colours and widths.
private func marginImage(width: Int, height: Int, format: Image.PixelFormat, translucent: Bool, seed: UInt64) -> Image {
    var random = SeededRandom(seed: seed)
    var image = Image(width: width, height: height, format: format)
    let top = format.maxValue
    func colour() -> SIMD4<UInt16> {
        let alpha = translucent ? Int.random(in: 0...top, using: &random) : top
        return SIMD4(UInt16(Int.random(in: 0...top, using: &random)), UInt16(Int.random(in: 0...top, using: &random)),
                     UInt16(Int.random(in: 0...top, using: &random)), UInt16(alpha))
    }
    for y in 0..<height {
        let (left, right) = (colour(), y % 5 == 3 || y % 7 == 4 ? nil : colour())
        let leading: Int, trailing: Int
        switch y % 7 {
        case 0: (leading, trailing) = (width, width)                     // one colour
        case 1: (leading, trailing) = (0, width)                         // no runs
        case 2: (leading, trailing) = ((y * 3) % width, width)           // left run only
        case 3: (leading, trailing) = (0, width - (y * 5) % width)       // right run only
        case 4: (leading, trailing) = ((y * 5) % width, (y * 5) % width + 1) // one odd pixel in a flat row
        default: (leading, trailing) = ((y * 11) % (width / 2), width - (y * 13) % (width / 2))
        }
        for x in 0..<width {
            let value = x < leading ? left : x >= trailing ? (right ?? left) : colour()
            image.setPixel(x: x, y: y, value)
        }
    }
    return image
}

@Suite("Flat margins: flat colour is written, not computed, and comes out as computed")
struct FlatMarginsTests {
    @Test("rows with flat runs of every length agree with the float64 reference",
          arguments: [Image.PixelFormat.rgba8, .rgba16], [false, true])
    func marginsAgreeWithReference(format: Image.PixelFormat, translucent: Bool) {
        let image = marginImage(width: 83, height: 70, format: format, translucent: translucent, seed: translucent ? 11 : 12)
        for (size, filter) in [(PixelSize(width: 31, height: 29), Filter.lanczos3), (PixelSize(width: 60, height: 50), .mitchell),
                               (PixelSize(width: 131, height: 97), .lanczos3), (PixelSize(width: 20, height: 70), .triangle)] {
            let options = ResizeOptions(filter: filter, outputFormat: format)
            let fast = Resampler.resize(image, to: size, options: options)
            let reference = ReferenceResampler.resize(image, to: size, filter: filter, outputFormat: format)
            #expect(TestPatterns.maximumDifference(fast, reference) <= 1, "\(format) \(filter) → \(size)")
        }
    }

    @Test("a row flat but for one pixel, at every position, in every pixel size the scan compares",
          arguments: [Image.PixelFormat.rgba8, .rgba16], [false, true])
    func oneOddPixelAnywhere(format: Image.PixelFormat, floatSource: Bool) {
        let background = SIMD4<UInt16>(40, 90, 200, 255) &* UInt16(format == .rgba16 ? 257 : 1)
        let scale = UInt16(format == .rgba16 ? 257 : 1)
        // Rows 0…44: the odd pixel is where the scan from the left stops. Rows 45…89 also have an odd
        // first pixel, so the scan from the left stops at once and the one from the right must find it.
        var image = Image(width: 45, height: 90, format: format, fill: background)
        for y in 0..<90 {
            image.setPixel(x: y % 45, y: y, SIMD4(255, 255, 0, 255) &* scale)
            if y >= 45 && y != 45 { image.setPixel(x: 0, y: y, SIMD4(0, 128, 0, 255) &* scale) }
        }
        let size = PixelSize(width: 40, height: 88)
        let options = ResizeOptions(filter: .triangle, outputFormat: format)
        let fast = floatSource ? Resampler.resize(LinearImage(image), to: size, options: options)
            : Resampler.resize(image, to: size, options: options)
        let reference = ReferenceResampler.resize(image, to: size, filter: .triangle, outputFormat: format)
        #expect(TestPatterns.maximumDifference(fast, reference) <= 1)
    }

    @Test("aspect-fill crops read margins within the cropped columns", arguments: [Gravity.center, .left, .right])
    func croppedColumns(gravity: Gravity) {
        let image = marginImage(width: 90, height: 40, format: .rgba8, translucent: false, seed: 21)
        let size = PixelSize(width: 25, height: 25)
        let fast = Resampler.resize(image, to: size, options: ResizeOptions(fit: .fill, gravity: gravity))
        let reference = ReferenceResampler.resize(image, to: size, filter: .lanczos3, fit: .fill, gravity: gravity)
        #expect(TestPatterns.maximumDifference(fast, reference) <= 1)
    }

    @Test("a pyramid's level 0 uses margins found once per row, also for crops", arguments: [Gravity.center, .left, .right])
    func pyramidMargins(gravity: Gravity) {
        let image = marginImage(width: 90, height: 48, format: .rgba8, translucent: true, seed: 41)
        let pyramid = ImagePyramid(image, largestReduction: 1)
        for size in [PixelSize(width: 25, height: 25), PixelSize(width: 70, height: 30), PixelSize(width: 120, height: 64)] {
            let options = ResizeOptions(fit: .fill, gravity: gravity)
            let fast = Resampler.resize(pyramid, to: size, options: options)
            let reference = ReferenceResampler.resize(image, to: size, filter: .lanczos3, fit: .fill, gravity: gravity)
            #expect(TestPatterns.maximumDifference(fast, reference) <= 1, "\(size)")
        }
    }

    @Test("float sources (pyramid levels) take the same shortcut", arguments: [true, false])
    func floatSources(linear: Bool) {
        let image = marginImage(width: 77, height: 64, format: .rgba8, translucent: true, seed: 31)
        let prepared = LinearImage(image, linearLight: linear, parallelism: .serial)
        let size = PixelSize(width: 35, height: 20)
        let fast = Resampler.resize(prepared, to: size)
        #expect(TestPatterns.maximumDifference(fast, ReferenceResampler.resize(image, to: size, filter: .lanczos3, linear: linear)) <= 1)
    }

    @Test("a logo on a flat background: everywhere the kernel sees only background is exactly the background")
    func backgroundIsExact() {
        let background = SIMD4<UInt16>(23, 61, 142, 255)
        var image = Image(width: 400, height: 300, fill: background)
        for y in 120..<180 { for x in 170..<230 { image.setPixel(x: x, y: y, SIMD4(250, 250, 250, 255)) } }
        let output = Resampler.resize(image, to: PixelSize(width: 123, height: 91))
        // The logo covers x 52…70, y 36…55 of the output; Lanczos-3 at this reduction reaches ~10 pixels.
        var checked = 0
        for y in 0..<91 {
            for x in 0..<123 where x < 40 || x > 82 || y < 24 || y > 67 {
                #expect(output.pixel(x: x, y: y) == background, "(\(x), \(y))")
                checked += 1
            }
        }
        #expect(checked > 8000)
        #expect(output.pixel(x: 61, y: 45) == SIMD4(250, 250, 250, 255))
    }
}
