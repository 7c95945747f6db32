/// A master and its exact 2×2 box reductions: level k is 2^k times smaller.
///
/// Shrinking 1024 → 29 with Lanczos-3 reads about 35 source pixels a tap; reading a level 8 times
/// smaller instead leaves a reduction of 4.4 for the kernel, which is where a box pre-filter stops being
/// visible (libvips shrinks the same way). Level 0 is the master as stored: outputs that read it convert
/// the rows they use as they go, which costs no more than reading a float copy (4 bytes a pixel instead of
/// 16), and the copy — 120 MB for a 2732² launch master — is never made. Levels 1 and up are built once per
/// master, in premultiplied linear light, level 1 straight from the stored pixels.
package struct ImagePyramid: Sendable {
    /// Level 0: the master as stored.
    package let base: Image
    /// True when levels are in linear light and level 0 is converted to it as it is read.
    package let linearLight: Bool
    /// Levels `firstLevel`, `firstLevel` + 1, …: entry k - `firstLevel` is level k.
    package let reductions: [LinearImage]
    /// The first level built (1, or more for a master whose level 1 would be larger than `maxLevelBytes`: the
    /// levels between are never made, and outputs that would have read them read the master itself).
    package let firstLevel: Int

    /// The largest level built, in bytes (16 a pixel): a level 1 of an 8192 px master would take 256 MiB beside the
    /// master's own 256, so its pyramid starts at level 2 (64 MiB). Every master up to 4096 px keeps its level 1.
    package static let maxLevelBytes = 64 << 20
    /// The flat margins of each row of level 0, found once for all the outputs that read it.
    let baseMargins: [FlatMargins]

    /// The reduction the Lanczos step must still have after a box pre-shrink. The 2×2 box's own blur at the
    /// output's Nyquist frequency is cos(π / 4r) for a remaining reduction r: 5% at 2.5, 3.4% at 3. 2.5
    /// (the range is 2-3) lets the 180 and 87 px icons of a 1024 master read levels 1 and 2 instead
    /// of 0 and 1: a batch of icon sets 9% less CPU; against a float64 direct Lanczos-3 those two sizes go
    /// from 62.2 and 59.3 dB to 56.2 and 53.8 (every icon size stays above 51 dB; libvips, Pillow and
    /// ImageMagick score about 26.5).
    package static let minimumKernelReduction = 2.5

    /// Builds levels while both sides stay even (so every level covers exactly the same area) and the
    /// largest reduction asked for still leaves `minimumKernelReduction` for the kernel.
    /// Levels larger than `maxLevelBytes` are not built (see `firstLevel`).
    package init(_ base: Image, linearLight: Bool = true, largestReduction: Double, maxLevelBytes: Int = ImagePyramid.maxLevelBytes,
                parallelism: Parallelism = .serial) {
        self.base = base
        self.linearLight = linearLight
        var reductions: [LinearImage] = []
        var (width, height) = (base.width, base.height)
        var first = 1
        while width % 2 == 0, height % 2 == 0, width >= 8, height >= 8,
              Double(1 << (first + reductions.count)) * ImagePyramid.minimumKernelReduction <= largestReduction {
            (width, height) = (width / 2, height / 2)
            if reductions.isEmpty, width * height * 16 > maxLevelBytes {
                first += 1
                continue
            }
            reductions.append(reductions.last.map { $0.halved(parallelism: parallelism) }
                              ?? (first == 1 ? LinearImage(halving: base, linearLight: linearLight, parallelism: parallelism)
                                  : LinearImage(shrinking: base, by: 1 << first, linearLight: linearLight, parallelism: parallelism)))
        }
        if reductions.isEmpty { first = 1 }
        self.reductions = reductions
        firstLevel = first
        baseMargins = FlatMargins.rows(of: base, parallelism: parallelism)
    }

    /// The master's size.
    package var size: PixelSize { base.size }

    /// How many levels there are, the master included.
    package var levelCount: Int { reductions.count + 1 }

    /// The smallest level that leaves at least `minimumKernelReduction` on both axes for a resize that
    /// reduces by `reduction` (source pixels per output pixel) from level 0; its index is log2 of its factor.
    package func level(forReduction reduction: (x: Double, y: Double)) -> Int {
        var chosen = 0
        for index in firstLevel..<(firstLevel + reductions.count)
        where min(reduction.x, reduction.y) / Double(1 << index) >= ImagePyramid.minimumKernelReduction {
            chosen = index
        }
        return chosen
    }

    /// Level `index` (≥ `firstLevel`).
    package func reduction(_ index: Int) -> LinearImage { reductions[index - firstLevel] }
}

extension LinearImage {
    /// The exact 2×2 box average of stored pixels (both sides must be even), converted as it goes: two rows
    /// at a time into a worker's scratch, then averaged. Premultiplied, so transparent pixels add no colour.
    init(halving image: Image, linearLight: Bool, parallelism: Parallelism) {
        let width = image.width / 2
        self = LinearImage.reducing(image, by: 2, linearLight: linearLight, parallelism: parallelism) { y, load, scratch, row in
            let (top, bottom) = (scratch, scratch + image.width)
            load(2 &* y, top)
            load(2 &* y &+ 1, bottom)
            LinearImage.averageQuads(top: top, bottom: bottom, into: row, count: width)
        }
    }

    /// The exact `factor`×`factor` box average of stored pixels (both sides divisible by it), converted as it goes:
    /// `factor` rows at a time into a worker's scratch. The same pixels as halving that many times, without the levels
    /// between (see `ImagePyramid.maxLevelBytes`).
    init(shrinking image: Image, by factor: Int, linearLight: Bool, parallelism: Parallelism) {
        let width = image.width / factor, scale = 1 / Float(factor * factor)
        self = LinearImage.reducing(image, by: factor, linearLight: linearLight, parallelism: parallelism) { y, load, scratch, row in
            row.initialize(repeating: .zero, count: width)
            for line in 0..<factor {
                load(factor &* y &+ line, scratch)
                for x in 0..<width {
                    var sum = SIMD4<Float>.zero
                    for dx in 0..<factor { sum += scratch[factor &* x &+ dx] }
                    row[x] += sum
                }
            }
            for x in 0..<width { row[x] *= scale }
        }
    }

    /// The scaffolding of a box reduction of stored pixels by `factor`: the output allocated, the decode table and the
    /// source bytes pinned, rows shared out to workers, each with a scratch of `factor` source rows. `reduce` makes
    /// output row `y` from `load(sourceRow, into)` (which converts one stored row to premultiplied floats).
    private static func reducing(_ image: Image, by factor: Int, linearLight: Bool, parallelism: Parallelism,
                                 _ reduce: @escaping @Sendable (_ y: Int, _ load: (Int, UnsafeMutablePointer<SIMD4<Float>>) -> Void,
                                                                _ scratch: UnsafeMutablePointer<SIMD4<Float>>, _ row: UnsafeMutablePointer<SIMD4<Float>>) -> Void)
        -> LinearImage {
        let (width, height, sourceWidth, format) = (image.width / factor, image.height / factor, image.width, image.format)
        let table = TransferFunction.decodeTable(for: format, linearLight: linearLight)
        let pixels = [SIMD4<Float>](hugePagesCount: width * height) { buffer in
            let output = SharedPointer(base: buffer.baseAddress!)
            image.bytes.withUnsafeBytes { raw in
                table.withUnsafeBufferPointer { table in
                    let source = SharedPointer(base: UnsafeMutableRawPointer(mutating: raw.baseAddress!).assumingMemoryBound(to: UInt8.self))
                    let lookup = SharedPointer(base: UnsafeMutablePointer(mutating: table.baseAddress!))
                    parallelism.chunks(height, minimum: max(1, 32 / factor)) { rows in
                        let scratch = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: factor * sourceWidth)
                        defer { scratch.deallocate() }
                        let load = { (row: Int, into: UnsafeMutablePointer<SIMD4<Float>>) in
                            PixelRows.load(from: source.base, at: row &* sourceWidth, count: sourceWidth, format: format, into: into, table: lookup.base)
                        }
                        for y in rows { reduce(y, load, scratch, output.base + y &* width) }
                    }
                }
            }
        }
        return LinearImage(width: width, height: height, isLinearLight: linearLight, pixels: pixels)
    }

    /// The exact 2×2 box average (both sides must be even): premultiplied, so transparent pixels add no colour.
    func halved(parallelism: Parallelism) -> LinearImage {
        let (width, height) = (self.width / 2, self.height / 2), sourceWidth = self.width
        let result = [SIMD4<Float>](hugePagesCount: width * height) { buffer in
            let output = SharedPointer(base: buffer.baseAddress!)
            pixels.withUnsafeBufferPointer { source in
                let input = SharedPointer(base: UnsafeMutablePointer(mutating: source.baseAddress!))
                parallelism.chunks(height, minimum: 16) { rows in
                    for y in rows {
                        let top = input.base + (2 &* y) &* sourceWidth
                        LinearImage.averageQuads(top: top, bottom: top + sourceWidth, into: output.base + y &* width, count: width)
                    }
                }
            }
        }
        return LinearImage(width: width, height: height, isLinearLight: isLinearLight, pixels: result)
    }

    /// `count` averages of 2×2 pixels from two rows of `2 * count` pixels.
    @inline(__always)
    static func averageQuads(top: UnsafePointer<SIMD4<Float>>, bottom: UnsafePointer<SIMD4<Float>>,
                             into row: UnsafeMutablePointer<SIMD4<Float>>, count: Int) {
        for x in 0..<count {
            let left = 2 &* x
            row[x] = ((top[left] + top[left &+ 1]) + (bottom[left] + bottom[left &+ 1])) * 0.25
        }
    }
}
