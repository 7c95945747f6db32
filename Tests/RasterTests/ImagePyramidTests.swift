import Raster
import Testing

@Suite("ImagePyramid")
struct ImagePyramidTests {
    @Test("levels are exact halvings, built only as deep as the largest reduction needs")
    func levels() {
        let base = Image(width: 512, height: 256, fill: SIMD4(10, 20, 30, 255))
        #expect(ImagePyramid(base, largestReduction: 2).levelCount == 1)
        #expect(ImagePyramid.minimumKernelReduction == 2.5)
        let pyramid = ImagePyramid(base, largestReduction: 36)
        #expect(pyramid.size == base.size && pyramid.levelCount == 4)  // 36 / 16 < 2.5
        #expect(pyramid.reductions.map(\.width) == [256, 128, 64] && pyramid.reductions.last?.height == 32)
        #expect(pyramid.level(forReduction: (36, 36)) == 3)  // 36 / 8 = 4.5 ≥ 2.5
        #expect(pyramid.level(forReduction: (20, 40)) == 3)  // 20 / 8 = 2.5 on x, just enough
        #expect(pyramid.level(forReduction: (4.9, 40)) == 0) // 4.9 / 2 < 2.5 on x
        #expect(ImagePyramid(Image(width: 101, height: 100), largestReduction: 50).levelCount == 1) // odd side
    }

    @Test("level 0 is the stored image, read as it is converted; level 1 is its exact 2×2 average",
          arguments: [Image.PixelFormat.rgba8, .rgba16], [true, false])
    func levelsMatchTheirDefinitions(format: Image.PixelFormat, linear: Bool) {
        let image = TestPatterns.random(width: 64, height: 48, format: format, seed: 5)
        let pyramid = ImagePyramid(image, linearLight: linear, largestReduction: 6)
        #expect(pyramid.levelCount == 2)
        // Level 0: what the resampler gives from the pyramid is what it gives from the image.
        let size = PixelSize(width: 37, height: 29)
        #expect(Resampler.resize(pyramid, to: size) == Resampler.resize(image, to: size, linearLight: linear))
        // Level 1: every pixel the mean of its 2×2 block, which is what a box filter halving gives.
        let half = Resampler.resize(image, to: PixelSize(width: 32, height: 24),
                                    options: ResizeOptions(filter: .box, outputFormat: .rgba16), linearLight: linear)
        #expect(TestPatterns.maximumDifference(pyramid.reductions[0].image(format: .rgba16), half) <= 1)
    }

    @Test("a level larger than the limit is never built: the first level kept is the exact box average of its factor, read for every reduction it serves",
          arguments: [Image.PixelFormat.rgba8, .rgba16])
    func levelsOverTheLimitAreSkipped(format: Image.PixelFormat) {
        let image = TestPatterns.random(width: 64, height: 64, format: format, seed: 9)
        // Level 1 (32², 16 KiB) is over the limit; level 2 (16², 4 KiB) is not.
        let pyramid = ImagePyramid(image, largestReduction: 20, maxLevelBytes: 4 << 10)
        #expect(pyramid.firstLevel == 2 && pyramid.reductions.map(\.width) == [16, 8])
        let full = ImagePyramid(image, largestReduction: 20)
        #expect(full.firstLevel == 1)
        #expect(TestPatterns.maximumDifference(pyramid.reduction(2).image(format: .rgba16), full.reduction(2).image(format: .rgba16)) <= 1)
        // A reduction that would read level 1 reads the master instead; one that reads level 2 reads the same level.
        #expect(full.level(forReduction: (6, 6)) == 1 && pyramid.level(forReduction: (6, 6)) == 0)
        #expect(pyramid.level(forReduction: (12, 12)) == 2)
    }

    @Test("a constant stays constant and a pure red glyph stays pure red through the pyramid")
    func exactness() {
        let constant = ImagePyramid(Image(width: 256, height: 256, fill: SIMD4(200, 100, 50, 128)), largestReduction: 30)
        #expect(Resampler.resize(constant, to: PixelSize(width: 9, height: 9)) == Image(width: 9, height: 9, fill: SIMD4(200, 100, 50, 128)))
        var glyph = Image(width: 256, height: 256)
        for y in 40..<200 { for x in 60..<180 where (x - 120) * (x - 120) + (y - 120) * (y - 120) < 70 * 70 { glyph.setPixel(x: x, y: y, SIMD4(255, 0, 0, 255)) } }
        let small = Resampler.resize(ImagePyramid(glyph, largestReduction: 30), to: PixelSize(width: 10, height: 10))
        for y in 0..<10 { for x in 0..<10 where small.pixel(x: x, y: y)[3] > 0 { #expect(small.pixel(x: x, y: y)[0] == 255 && small.pixel(x: x, y: y)[1] == 0) } }
    }

    @Test("a box pre-shrink that leaves the kernel its minimum reduction stays close to direct Lanczos-3")
    func closeToDirect() {
        let image = TestPatterns.structured(width: 512, height: 512)
        let pyramid = ImagePyramid(image, largestReduction: 512.0 / 29)
        for side in [29, 50, 58, 87, 100, 120] { // 50 and 100 leave the kernel 2.56
            let size = PixelSize(width: side, height: side)
            let direct = Resampler.resize(image, to: size)
            let viaPyramid = Resampler.resize(pyramid, to: size)
            var squared = 0.0
            for y in 0..<side { for x in 0..<side { for c in 0..<3 { let d = Double(direct.pixel(x: x, y: y)[c]) - Double(viaPyramid.pixel(x: x, y: y)[c]); squared += d * d } } }
            let psnr = 10 * log10(255 * 255 / max(squared / Double(side * side * 3), 1e-9))
            #expect(psnr > 40, "\(side): \(psnr) dB")
        }
    }

    @Test("compositing over a matte while storing equals resizing then flattening, within one level")
    func matte() {
        let image = TestPatterns.random(width: 60, height: 40, seed: 9)
        let size = PixelSize(width: 23, height: 17)
        let matted = Resampler.resize(image, to: size, options: ResizeOptions(matte: RGBColor(red: 30, green: 200, blue: 90)))
        let flattened = Resampler.resize(image, to: size).flattened(over: RGBColor(red: 30, green: 200, blue: 90))
        #expect(matted.isOpaque && TestPatterns.maximumDifference(matted, flattened) <= 1)
    }
}

private func log10(_ x: Double) -> Double { log(x) / log(10.0) }
private func log(_ x: Double) -> Double {
    // Natural log by range reduction and a series: the tests need no C library.
    var (m, e) = (x, 0.0)
    while m > 2 { m /= 2; e += 1 }
    while m < 1 { m *= 2; e -= 1 }
    let t = (m - 1) / (m + 1)
    var sum = 0.0, power = t
    for k in stride(from: 1, through: 61, by: 2) { sum += power / Double(k); power *= t * t }
    return 2 * sum + e * 0.693_147_180_559_945_3
}
