/// A master and its exact 2×2 box reductions, in premultiplied linear light: level k is 2^k times smaller.
///
/// Shrinking 1024 → 29 with Lanczos-3 reads about 35 source pixels a tap; reading a level 8 times
/// smaller instead leaves a reduction of 4.4 for the kernel, which is where a box pre-filter stops being
/// visible (libvips shrinks the same way). Levels are built once per master and shared by every output.
public struct ImagePyramid: Sendable {
    /// Level 0 is the master itself; each further level halves both sides.
    public let levels: [LinearImage]

    /// The reduction the Lanczos step must still have after a box pre-shrink.
    public static let minimumKernelReduction = 3.0

    /// Builds levels while both sides stay even (so every level covers exactly the same area) and the
    /// largest reduction asked for still leaves `minimumKernelReduction` for the kernel.
    public init(_ base: LinearImage, largestReduction: Double, parallelism: Parallelism = .serial) {
        var levels = [base]
        while let last = levels.last, last.width % 2 == 0, last.height % 2 == 0, last.width >= 8, last.height >= 8,
              Double(1 << levels.count) * ImagePyramid.minimumKernelReduction <= largestReduction {
            levels.append(last.halved(parallelism: parallelism))
        }
        self.levels = levels
    }

    /// The smallest level that leaves at least `minimumKernelReduction` on both axes for a resize that
    /// reduces by `reduction` (source pixels per output pixel) from level 0; its index is log2 of its factor.
    public func level(forReduction reduction: (x: Double, y: Double)) -> Int {
        var chosen = 0
        for index in levels.indices.dropFirst()
        where min(reduction.x, reduction.y) / Double(1 << index) >= ImagePyramid.minimumKernelReduction {
            chosen = index
        }
        return chosen
    }
}

extension LinearImage {
    /// The exact 2×2 box average (both sides must be even): premultiplied, so transparent pixels add no colour.
    func halved(parallelism: Parallelism) -> LinearImage {
        let (width, height) = (self.width / 2, self.height / 2), sourceWidth = self.width
        let result = [SIMD4<Float>](unsafeUninitializedCapacity: width * height) { buffer, initialized in
            let output = SharedPointer(base: buffer.baseAddress!)
            pixels.withUnsafeBufferPointer { source in
                let input = SharedPointer(base: UnsafeMutablePointer(mutating: source.baseAddress!))
                parallelism.chunks(height, minimum: 16) { rows in
                    for y in rows {
                        let top = input.base + (2 &* y) &* sourceWidth, bottom = top + sourceWidth
                        let row = output.base + y &* width
                        for x in 0..<width {
                            let left = 2 &* x
                            row[x] = ((top[left] + top[left &+ 1]) + (bottom[left] + bottom[left &+ 1])) * 0.25
                        }
                    }
                }
            }
            initialized = width * height
        }
        return LinearImage(width: width, height: height, isLinearLight: isLinearLight, pixels: result)
    }
}
