/// For each output pixel along one axis: the first source pixel and the normalised weights of the
/// source pixels it averages. Computed once per (source rectangle, output length, filter) and reused for
/// every row or column. Shrinking widens the filter by the reduction factor, so every source pixel under
/// an output pixel counts (no aliasing); weights falling outside the image are dropped and the rest
/// renormalised (no dark borders, no wrap-around).
package struct Contributions: Sendable {
    /// Number of output pixels.
    package let count: Int
    /// Stride of `weights` per output pixel (the largest number of taps).
    package let stride: Int
    /// First source index per output pixel.
    package let starts: [Int]
    /// Number of taps per output pixel.
    package let tapCounts: [Int]
    /// `count * stride` weights; unused tail entries are zero.
    package let weights: [Float]

    /// Lowest and highest source index any output pixel reads.
    package var sourceRange: ClosedRange<Int> {
        let upper = zip(starts, tapCounts).map { $0 + $1 - 1 }.max() ?? 0
        return (starts.min() ?? 0)...upper
    }

    /// The table for `outputLength` pixels resampled from the source span `sourceStart ..< sourceStart + sourceExtent`.
    package init(sourceLength: Int, sourceStart: Double, sourceExtent: Double, outputLength: Int, filter: Filter) {
        let scale = Double(outputLength) / sourceExtent
        let filterScale = min(scale, 1) // shrinking stretches the kernel over the source
        let support = filter.support / filterScale
        // Every output's weights go into one buffer (no array per output pixel), laid out at `stride`
        // once the widest is known.
        var starts = [Int](), counts = [Int](), offsets = [Int](), all = [Double]()
        starts.reserveCapacity(outputLength)
        counts.reserveCapacity(outputLength)
        offsets.reserveCapacity(outputLength)
        all.reserveCapacity(outputLength * Int(2 * support + 3))
        for index in 0..<outputLength {
            let centre = sourceStart + (Double(index) + 0.5) / scale
            var low = max(0, Int((centre - support - 0.5).rounded(.down)))
            let high = min(sourceLength - 1, Int((centre + support + 0.5).rounded(.up)))
            let offset = all.count
            for j in low...max(low, high) {
                let w = filter.weight((Double(j) + 0.5 - centre) * filterScale)
                all.append(abs(w) < 1e-9 ? 0 : w)
            }
            var first = offset, end = all.count
            while first < end - 1, all[first] == 0 { first += 1; low += 1 }
            while end - 1 > first, all[end - 1] == 0 { end -= 1 }
            var total = 0.0
            for k in first..<end { total += all[k] }
            if abs(total) < 1e-12 { // nothing under the kernel (only possible at extreme edges): nearest pixel
                low = min(max(0, Int(centre.rounded(.down))), sourceLength - 1)
                all[first] = 1
                (end, total) = (first + 1, 1)
            }
            for k in first..<end { all[k] /= total }
            starts.append(low)
            counts.append(end - first)
            offsets.append(first)
        }
        let stride = counts.max() ?? 1
        var flat = [Float](repeating: 0, count: outputLength * stride)
        for index in 0..<outputLength {
            for tap in 0..<counts[index] { flat[index * stride + tap] = Float(all[offsets[index] + tap]) }
        }
        self.count = outputLength
        self.stride = stride
        self.starts = starts
        self.tapCounts = counts
        self.weights = flat
    }
}
