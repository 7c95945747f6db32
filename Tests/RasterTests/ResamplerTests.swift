import Raster
import TestSupport
import Testing

/// Runs the chunks of a parallel loop in reverse order, to show the result does not depend on order.
private let reversedParallelism = Parallelism(width: 3) { count, body in
    for index in (0..<count).reversed() { body(index) }
}

@Suite("Resampler")
struct ResamplerTests {
    static let sizes = [PixelSize(width: 1, height: 1), PixelSize(width: 7, height: 3), PixelSize(width: 29, height: 29),
                        PixelSize(width: 64, height: 40), PixelSize(width: 131, height: 97)]

    @Test("a constant image stays constant at every size and filter", arguments: Filter.allCases)
    func constantStaysConstant(filter: Filter) {
        for colour in [SIMD4<UInt16>(200, 100, 50, 255), SIMD4<UInt16>(13, 250, 128, 77)] {
            let image = Image(width: 50, height: 37, fill: colour)
            for size in Self.sizes {
                let result = Resampler.resize(image, to: size, options: ResizeOptions(filter: filter))
                #expect(result == Image(width: size.width, height: size.height, fill: colour), "\(filter) \(size)")
            }
        }
    }

    @Test("resizing to the same size returns every value unchanged",
          arguments: [Filter.lanczos3, .catmullRom, .triangle, .box], [Image.PixelFormat.rgba8, .rgba16])
    func sameSizeIsExact(filter: Filter, format: Image.PixelFormat) {
        var image = TestPatterns.random(width: 256, height: 3, format: format, minimumAlpha: 1, seed: 7)
        if format == .rgba8 { // every 8-bit value in every channel, opaque and translucent
            for x in 0..<256 {
                image.setPixel(x: x, y: 0, SIMD4(repeating: UInt16(x)) &+ SIMD4(0, 0, 0, UInt16(255 - x)))
                image.setPixel(x: x, y: 1, SIMD4(UInt16(x), UInt16(255 - x), UInt16(x), max(1, UInt16(x))))
            }
        }
        let result = Resampler.resize(image, to: image.size, options: ResizeOptions(filter: filter, outputFormat: format))
        #expect(result == image)
    }

    @Test("an unscaled whole-pixel crop is a pixel copy: what the resampler gives, Image.cropped gives",
          arguments: Filter.allCases)
    func pixelCopyCrops(filter: Filter) {
        let image = TestPatterns.random(width: 40, height: 40, minimumAlpha: 1, seed: 11)
        for (output, gravity) in [(PixelSize(width: 30, height: 40), Gravity.center), (PixelSize(width: 40, height: 26), .bottom),
                                  (PixelSize(width: 40, height: 40), .center)] {
            let placement = Placement(source: image.size, output: output, fit: .fill, gravity: gravity)
            let origin = placement.pixelCopyOrigin(output: output)
            #expect(origin != nil)
            let resized = Resampler.resize(image, to: output, options: ResizeOptions(filter: filter, fit: .fill, gravity: gravity))
            let copy = image.cropped(x: origin?.x ?? 0, y: origin?.y ?? 0, size: output)
            #expect((resized == copy) == filter.interpolates, "\(filter) \(output)")
        }
        // A half-pixel offset or any scaling is not a copy.
        #expect(Placement(source: image.size, output: PixelSize(width: 31, height: 40), fit: .fill)
            .pixelCopyOrigin(output: PixelSize(width: 31, height: 40)) == nil)
        #expect(Placement(source: image.size, output: PixelSize(width: 20, height: 20), fit: .fill)
            .pixelCopyOrigin(output: PixelSize(width: 20, height: 20)) == nil)
    }

    @Test("agrees with a float64 reference within 1 level per channel",
          arguments: Filter.allCases, [(PixelSize(width: 40, height: 30), PixelSize(width: 13, height: 9)),
                                       (PixelSize(width: 17, height: 23), PixelSize(width: 41, height: 50)),
                                       (PixelSize(width: 64, height: 64), PixelSize(width: 29, height: 80)),
                                       (PixelSize(width: 90, height: 33), PixelSize(width: 3, height: 1))])
    func agreesWithReference(filter: Filter, sizes: (PixelSize, PixelSize)) {
        let (from, to) = sizes
        for image in [TestPatterns.random(width: from.width, height: from.height, seed: 11),
                      TestPatterns.structured(width: from.width, height: from.height)] {
            let fast = Resampler.resize(image, to: to, options: ResizeOptions(filter: filter), parallelism: reversedParallelism)
            let reference = ReferenceResampler.resize(image, to: to, filter: filter)
            #expect(TestPatterns.maximumDifference(fast, reference) <= 1, "\(filter) \(from)→\(to)")
        }
    }

    @Test("fill crops and fit padding agree with the reference", arguments: [FitMode.fill, .fit], [Gravity.center, .topLeft, .bottom])
    func geometryAgreesWithReference(fit: FitMode, gravity: Gravity) {
        let image = TestPatterns.structured(width: 73, height: 51)
        for size in [PixelSize(width: 20, height: 31), PixelSize(width: 60, height: 17)] {
            let fast = Resampler.resize(image, to: size, options: ResizeOptions(fit: fit, gravity: gravity))
            let reference = ReferenceResampler.resize(image, to: size, filter: .lanczos3, fit: fit, gravity: gravity)
            #expect(TestPatterns.maximumDifference(fast, reference) <= 1, "\(fit) \(gravity) \(size)")
        }
    }

    @Test("--no-linear filters the encoded values and agrees with its reference")
    func gammaSpaceAgreesWithReference() {
        let image = TestPatterns.random(width: 31, height: 27, seed: 5)
        let fast = Resampler.resize(image, to: PixelSize(width: 12, height: 40), linearLight: false)
        let reference = ReferenceResampler.resize(image, to: PixelSize(width: 12, height: 40), filter: .lanczos3, linear: false)
        #expect(TestPatterns.maximumDifference(fast, reference) <= 1)
    }

    @Test("a fine checkerboard shrunk 1024→29 is a flat grey at the linear-light mean, not the sRGB mean")
    func noAliasingAndLinearMean() {
        var board = Image(width: 1024, height: 1024, fill: SIMD4(0, 0, 0, 255))
        for y in 0..<1024 { for x in 0..<1024 where (x + y) % 2 == 0 { board.setPixel(x: x, y: y, SIMD4(255, 255, 255, 255)) } }
        let small = Resampler.resize(board, to: PixelSize(width: 29, height: 29))
        // The linear mean is 0.5, which sRGB encodes as 187.5; the sRGB mean would be 127.5.
        for y in 0..<29 {
            for x in 0..<29 {
                let p = small.pixel(x: x, y: y)
                #expect((187...188).contains(p[0]) && p[0] == p[1] && p[1] == p[2] && p[3] == 255, "(\(x),\(y)) = \(p)")
            }
        }
        let gammaSpace = Resampler.resize(board, to: PixelSize(width: 29, height: 29), linearLight: false)
        #expect((127...128).contains(gammaSpace.pixel(x: 14, y: 14)[0]))
    }

    @Test("a pure red glyph on transparency stays pure red at every size: no dark or coloured fringe")
    func noFringe() throws {
        var glyph = Image(width: 200, height: 200) // transparent black around, as most exports have it
        for y in 0..<200 {
            for x in 0..<200 {
                let d = ((Double(x) - 100).magnitude + (Double(y) - 90).magnitude) / 70 // a diamond with soft edges
                let alpha = max(0, min(1, (1 - d) * 8))
                if alpha > 0 { glyph.setPixel(x: x, y: y, SIMD4(255, 0, 0, UInt16((alpha * 255).rounded()))) }
            }
        }
        for size in [29, 58, 87, 120, 180, 300] {
            for filter in Filter.allCases {
                let result = Resampler.resize(glyph, to: PixelSize(width: size, height: size), options: ResizeOptions(filter: filter))
                var edgePixels = 0
                for y in 0..<size {
                    for x in 0..<size {
                        let p = result.pixel(x: x, y: y)
                        guard p[3] > 0 else { continue }
                        if p[3] < 255 { edgePixels += 1 }
                        #expect(p[0] == 255 && p[1] == 0 && p[2] == 0, "\(filter) \(size): (\(x),\(y)) = \(p)")
                    }
                }
                #expect(edgePixels > 0)
            }
        }
    }

    @Test("16-bit sources are filtered at 16-bit precision")
    func sixteenBitPrecision() {
        // A ramp whose neighbouring values differ by less than one 8-bit level.
        var ramp = Image(width: 512, height: 4, format: .rgba16)
        for y in 0..<4 { for x in 0..<512 { ramp.setPixel(x: x, y: y, SIMD4(UInt16(20000 + x * 7), UInt16(40000 - x * 3), 100, 65535)) } }
        let result = Resampler.resize(ramp, to: PixelSize(width: 256, height: 2), options: ResizeOptions(outputFormat: .rgba16))
        let reference = ReferenceResampler.resize(ramp, to: PixelSize(width: 256, height: 2), filter: .lanczos3, outputFormat: .rgba16)
        #expect(TestPatterns.maximumDifference(result, reference) <= 1)
        let distinct = Set((0..<256).map { result.pixel(x: $0, y: 0)[0] })
        #expect(distinct.count > 250) // 8 bits would leave about 7 distinct values over this range
    }

    @Test("an aspect-fill crop of a mirror-symmetric image stays symmetric (no half-pixel shift)")
    func centredCropIsCentred() {
        var image = Image(width: 301, height: 200)
        for y in 0..<200 { for x in 0..<301 { image.setPixel(x: x, y: y, SIMD4(UInt16(min(x, 300 - x)), UInt16(y), UInt16((x * x) % 251 == ((300 - x) * (300 - x)) % 251 ? 9 : 0) * 0, 255)) } }
        let crop = Resampler.resize(image, to: PixelSize(width: 90, height: 100), options: ResizeOptions(fit: .fill))
        for y in 0..<100 {
            for x in 0..<45 {
                let left = crop.pixel(x: x, y: y), right = crop.pixel(x: 89 - x, y: y)
                #expect(abs(Int(left[0]) - Int(right[0])) <= 1, "(\(x),\(y)) \(left) vs \(right)")
            }
        }
    }

    @Test("fit pads with the background or with transparency")
    func fitPads() {
        let image = Image(width: 100, height: 50, fill: SIMD4(10, 20, 30, 255))
        let padded = Resampler.resize(image, to: PixelSize(width: 40, height: 40), options: ResizeOptions(fit: .fit, padding: RGBColor(red: 1, green: 2, blue: 3)))
        #expect(padded.pixel(x: 20, y: 2) == SIMD4(1, 2, 3, 255))
        #expect(padded.pixel(x: 20, y: 20) == SIMD4(10, 20, 30, 255))
        let clear = Resampler.resize(image, to: PixelSize(width: 40, height: 40), options: ResizeOptions(fit: .fit, gravity: .top))
        #expect(clear.pixel(x: 20, y: 5) == SIMD4(10, 20, 30, 255))
        #expect(clear.pixel(x: 20, y: 35) == .zero)
    }

    @Test("a prepared LinearImage gives the same result as resizing the Image", arguments: [true, false])
    func preparedSource(linear: Bool) {
        let image = TestPatterns.structured(width: 64, height: 48)
        let prepared = LinearImage(image, linearLight: linear, parallelism: reversedParallelism)
        let size = PixelSize(width: 30, height: 17)
        #expect(Resampler.resize(prepared, to: size) == Resampler.resize(image, to: size, linearLight: linear))
        #expect(prepared.image() == image)
    }

    @Test("rows made one at a time are the rows of the resized image, padding included",
          arguments: [FitMode.fill, .fit, .stretch], [Image.PixelFormat.rgba8, .rgba16])
    func rowsEqualImage(fit: FitMode, format: Image.PixelFormat) {
        let image = TestPatterns.structured(width: 200, height: 120)
        let pyramid = ImagePyramid(image, largestReduction: 12) // levels 1 and 2 exist, so both readers are used
        let options = ResizeOptions(fit: fit, padding: RGBColor(red: 9, green: 99, blue: 199), outputFormat: format)
        for size in [PixelSize(width: 90, height: 40), PixelSize(width: 17, height: 30), PixelSize(width: 250, height: 130)] {
            let whole = Resampler.resize(pyramid, to: size, options: options, parallelism: reversedParallelism)
            let rowBytes = size.width * format.bytesPerPixel
            var made = [UInt8](repeating: 0, count: rowBytes * size.height)
            Resampler.withRows(pyramid, to: size, options: options) { rows in
                made.withUnsafeMutableBytes { raw in
                    for row in 0..<size.height { rows.write(into: raw.baseAddress! + row * rowBytes) }
                }
                #expect(rows.nextRow == size.height)
            }
            #expect(made == whole.bytes, "\(fit) \(format) \(size)")
        }
    }

    @Test("serial and parallel runs are bit-identical")
    func parallelIsDeterministic() {
        let image = TestPatterns.random(width: 300, height: 211, seed: 3)
        let size = PixelSize(width: 97, height: 61)
        #expect(Resampler.resize(image, to: size) == Resampler.resize(image, to: size, parallelism: reversedParallelism))
    }
}
