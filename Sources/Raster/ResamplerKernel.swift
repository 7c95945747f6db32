// The resampler's kernels: a `Contributions` table as raw pointers, and the inner loops of both passes
// (a row filtered horizontally into the ring, a column of ring rows summed vertically). `ResamplerPasses.swift`
// holds the machinery around them.

/// A `Contributions` table seen through raw pointers, for the inner loops.
struct Kernel: @unchecked Sendable {
    let starts: UnsafePointer<Int>
    let counts: UnsafePointer<Int>
    let weights: UnsafePointer<Float>
    /// For the horizontal pass (nil for the vertical one): the weights each repeated in four lanes, so a
    /// multiply takes its weight straight from memory instead of a load and a shuffle per tap…
    let splatWeights: UnsafePointer<SIMD4<Float>>?
    /// … the furthest column any output up to x reads, plus one (never decreasing)…
    let reachEnds: UnsafePointer<Int>?
    /// … and the first column any output from x on reads (never decreasing): where the flat margins end
    /// in output columns is then a binary search.
    let reachStarts: UnsafePointer<Int>?
    let stride: Int
    let count: Int

    /// Filters source row `row` into its ring slot: the outputs whose window lies in a flat margin get the
    /// margin's colour, the rest `apply`.
    @inline(__always)
    func filter(row: Int, of reader: RowReader, columns: ClosedRange<Int>, into ring: RowRing) {
        let (source, first, last) = reader.margins(row, columns: columns)
        let reachEnd = reachEnds.unsafelyUnwrapped, reachStart = reachStarts.unsafelyUnwrapped
        let leading = Kernel.count(reachEnd, count, where: { $0 <= source.leading })
        let trailing = max(leading, Kernel.count(reachStart, count, where: { $0 < source.trailing }))
        let slot = ring.slot(for: row)
        if leading < trailing {
            let needed = reachStart[leading]..<reachEnd[trailing &- 1]
            let pixels = reader.row(row, needed: needed, margins: source, first: first, last: last, scratch: ring.scratch)
            apply(to: pixels, outputs: leading..<trailing, into: slot)
        }
        ring.margins[row % ring.rows] = RingRowMargins(leading: leading, trailing: trailing, validLow: leading, validHigh: trailing,
                                                       first: first, last: last)
    }

    /// Filters source rows `a` and `b` into their ring slots: the outputs both rows compute go through
    /// `apply(to:and:…)`, the rest through `apply` row by row; the results are those of `filter(row:…)`.
    @inline(__always)
    func filter(rows a: Int, _ b: Int, of reader: RowReader, columns: ClosedRange<Int>, into ring: RowRing) {
        let (sourceA, firstA, lastA) = reader.margins(a, columns: columns)
        let (sourceB, firstB, lastB) = reader.margins(b, columns: columns)
        let reachEnd = reachEnds.unsafelyUnwrapped, reachStart = reachStarts.unsafelyUnwrapped
        let leadingA = Kernel.count(reachEnd, count, where: { $0 <= sourceA.leading })
        let trailingA = max(leadingA, Kernel.count(reachStart, count, where: { $0 < sourceA.trailing }))
        let leadingB = Kernel.count(reachEnd, count, where: { $0 <= sourceB.leading })
        let trailingB = max(leadingB, Kernel.count(reachStart, count, where: { $0 < sourceB.trailing }))
        let slotA = ring.slot(for: a), slotB = ring.slot(for: b)
        let pixelsA = leadingA < trailingA
            ? reader.row(a, needed: reachStart[leadingA]..<reachEnd[trailingA &- 1], margins: sourceA, first: firstA, last: lastA,
                         scratch: ring.scratch) : nil
        let pixelsB = leadingB < trailingB
            ? reader.row(b, needed: reachStart[leadingB]..<reachEnd[trailingB &- 1], margins: sourceB, first: firstB, last: lastB,
                         scratch: ring.pairScratch) : nil
        let low = max(leadingA, leadingB), high = min(trailingA, trailingB)
        if let pixelsA, let pixelsB, low < high {
            apply(to: pixelsA, and: pixelsB, outputs: low..<high, into: slotA, and: slotB)
            apply(to: pixelsA, outputs: leadingA..<low, into: slotA)
            apply(to: pixelsA, outputs: high..<trailingA, into: slotA)
            apply(to: pixelsB, outputs: leadingB..<low, into: slotB)
            apply(to: pixelsB, outputs: high..<trailingB, into: slotB)
        } else {
            if let pixelsA { apply(to: pixelsA, outputs: leadingA..<trailingA, into: slotA) }
            if let pixelsB { apply(to: pixelsB, outputs: leadingB..<trailingB, into: slotB) }
        }
        ring.margins[a % ring.rows] = RingRowMargins(leading: leadingA, trailing: trailingA, validLow: leadingA, validHigh: trailingA,
                                                     first: firstA, last: lastA)
        ring.margins[b % ring.rows] = RingRowMargins(leading: leadingB, trailing: trailingB, validLow: leadingB, validHigh: trailingB,
                                                     first: firstB, last: lastB)
    }

    /// `apply` for two rows at once, each sum taken in the same order as `apply` takes it.
    @inline(__always)
    func apply(to a: UnsafePointer<SIMD4<Float>>, and b: UnsafePointer<SIMD4<Float>>, outputs: Range<Int>,
               into destinationA: UnsafeMutablePointer<SIMD4<Float>>, and destinationB: UnsafeMutablePointer<SIMD4<Float>>) {
        let weights = splatWeights.unsafelyUnwrapped
        for x in outputs {
            let pixelsA = a + starts[x], pixelsB = b + starts[x]
            let weight = weights + x &* stride
            let taps = counts[x]
            var a0 = SIMD4<Float>.zero, a1 = SIMD4<Float>.zero, a2 = SIMD4<Float>.zero, a3 = SIMD4<Float>.zero
            var b0 = SIMD4<Float>.zero, b1 = SIMD4<Float>.zero, b2 = SIMD4<Float>.zero, b3 = SIMD4<Float>.zero
            var tap = 0
            while tap &+ 3 < taps {
                let w0 = weight[tap], w1 = weight[tap &+ 1], w2 = weight[tap &+ 2], w3 = weight[tap &+ 3]
                a0 += pixelsA[tap] * w0
                b0 += pixelsB[tap] * w0
                a1 += pixelsA[tap &+ 1] * w1
                b1 += pixelsB[tap &+ 1] * w1
                a2 += pixelsA[tap &+ 2] * w2
                b2 += pixelsB[tap &+ 2] * w2
                a3 += pixelsA[tap &+ 3] * w3
                b3 += pixelsB[tap &+ 3] * w3
                tap &+= 4
            }
            while tap < taps {
                a0 += pixelsA[tap] * weight[tap]
                b0 += pixelsB[tap] * weight[tap]
                tap &+= 1
            }
            destinationA[x] = (a0 + a1) + (a2 + a3)
            destinationB[x] = (b0 + b1) + (b2 + b3)
        }
    }

    /// How many leading entries of a never-decreasing table satisfy `test` (which holds for a prefix).
    @inline(__always)
    static func count(_ table: UnsafePointer<Int>, _ count: Int, where test: (Int) -> Bool) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low &+ high) >> 1
            if test(table[middle]) { low = middle &+ 1 } else { high = middle }
        }
        return low
    }

    /// Outputs `outputs` of one row of the horizontal pass: weighted sums of source pixels.
    @inline(__always)
    func apply(to source: UnsafePointer<SIMD4<Float>>, outputs: Range<Int>, into destination: UnsafeMutablePointer<SIMD4<Float>>) {
        let weights = splatWeights.unsafelyUnwrapped
        for x in outputs {
            let pixels = source + starts[x]
            let weight = weights + x &* stride
            let taps = counts[x]
            // Four accumulators: one chain of dependent additions would wait on the adder's latency.
            var sum0 = SIMD4<Float>.zero, sum1 = SIMD4<Float>.zero, sum2 = SIMD4<Float>.zero, sum3 = SIMD4<Float>.zero
            var tap = 0
            while tap &+ 3 < taps {
                sum0 += pixels[tap] * weight[tap]
                sum1 += pixels[tap &+ 1] * weight[tap &+ 1]
                sum2 += pixels[tap &+ 2] * weight[tap &+ 2]
                sum3 += pixels[tap &+ 3] * weight[tap &+ 3]
                tap &+= 4
            }
            while tap < taps {
                sum0 += pixels[tap] * weight[tap]
                tap &+= 1
            }
            destination[x] = (sum0 + sum1) + (sum2 + sum3)
        }
    }

    /// One output row of the vertical pass. Columns where every row of the window is flat are one colour
    /// (`first` before `leading`, `last` from `trailing` on) and are not summed; the rest are the weighted
    /// sum of the ring rows, two rows per sweep so the running sums are loaded and stored half as often.
    @inline(__always)
    func sumRows(for y: Int, ring: RowRing, into sums: UnsafeMutablePointer<SIMD4<Float>>)
        -> (leading: Int, trailing: Int, first: SIMD4<Float>, last: SIMD4<Float>) {
        let top = starts[y], taps = counts[y], weight = weights + y &* stride
        var leading = ring.width, trailing = 0
        for tap in 0..<taps {
            let margins = ring.margins[(top &+ tap) % ring.rows]
            leading = min(leading, margins.leading)
            trailing = max(trailing, margins.trailing)
        }
        trailing = max(trailing, leading)
        // The margin colours are summed in the same order as the columns, so they come out the same.
        @inline(__always) func colour(last: Bool) -> SIMD4<Float> {
            @inline(__always) func value(_ tap: Int) -> SIMD4<Float> {
                let margins = ring.margins + (top &+ tap) % ring.rows
                return last ? margins.pointee.last : margins.pointee.first
            }
            var sum: SIMD4<Float>, tap: Int
            if taps >= 2 { sum = value(0) * weight[0] + value(1) * weight[1]; tap = 2 } else { sum = value(0) * weight[0]; tap = 1 }
            while tap &+ 1 < taps { sum += value(tap) * weight[tap] + value(tap &+ 1) * weight[tap &+ 1]; tap &+= 2 }
            if tap < taps { sum += value(tap) * weight[tap] }
            return sum
        }
        let first = leading > 0 ? colour(last: false) : .zero
        let last = trailing < ring.width ? colour(last: true) : .zero
        guard leading < trailing else { return (leading, trailing, first, last) }
        for tap in 0..<taps { ring.makeValid(top &+ tap, leading, trailing) }
        var tap = 0
        if taps >= 2 {
            let row0 = ring.pointer(to: top), row1 = ring.pointer(to: top &+ 1), w0 = weight[0], w1 = weight[1]
            for x in leading..<trailing { sums[x] = row0[x] * w0 + row1[x] * w1 }
            tap = 2
        } else {
            let row0 = ring.pointer(to: top), w0 = weight[0]
            for x in leading..<trailing { sums[x] = row0[x] * w0 }
            tap = 1
        }
        while tap &+ 1 < taps {
            let row0 = ring.pointer(to: top &+ tap), row1 = ring.pointer(to: top &+ tap &+ 1)
            let w0 = weight[tap], w1 = weight[tap &+ 1]
            for x in leading..<trailing { sums[x] += row0[x] * w0 + row1[x] * w1 }
            tap &+= 2
        }
        if tap < taps {
            let row0 = ring.pointer(to: top &+ tap), w0 = weight[tap]
            for x in leading..<trailing { sums[x] += row0[x] * w0 }
        }
        return (leading, trailing, first, last)
    }
}

extension Contributions {
    /// The table as raw pointers; `forRows` adds what only the horizontal pass reads (four-wide weights
    /// and the reach tables).
    func withPointers<R>(forRows: Bool, _ body: (Kernel) -> R) -> R {
        let splat = forRows ? weights.map { SIMD4<Float>(repeating: $0) } : []
        var reachEnds = [Int](), reachStarts = [Int]()
        if forRows {
            reachEnds = zip(starts, tapCounts).map { $0 + $1 }
            for x in reachEnds.indices.dropFirst() { reachEnds[x] = max(reachEnds[x], reachEnds[x - 1]) }
            reachStarts = starts
            for x in reachStarts.indices.reversed().dropFirst() { reachStarts[x] = min(reachStarts[x], reachStarts[x + 1]) }
        }
        return starts.withUnsafeBufferPointer { starts in
            tapCounts.withUnsafeBufferPointer { counts in
                weights.withUnsafeBufferPointer { weights in
                    splat.withUnsafeBufferPointer { splat in
                        reachEnds.withUnsafeBufferPointer { reachEnds in
                            reachStarts.withUnsafeBufferPointer { reachStarts in
                                body(Kernel(starts: starts.baseAddress!, counts: counts.baseAddress!, weights: weights.baseAddress!,
                                            splatWeights: splat.baseAddress, reachEnds: reachEnds.baseAddress,
                                            reachStarts: reachStarts.baseAddress, stride: stride, count: count))
                            }
                        }
                    }
                }
            }
        }
    }
}
