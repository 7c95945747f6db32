// The machinery of the resampler's two passes: reading source rows, the ring of horizontally filtered
// rows, and the kernels' inner loops. Rows carry their flat margins (`FlatMargins`) through both passes,
// so flat colour is written, not computed.

/// Everything the two passes of one resize need (valid while `Resampler.withPasses` runs).
struct ResizePasses: @unchecked Sendable {
    let reader: RowReader
    let rowKernel: Kernel
    let columnKernel: Kernel
    /// The source columns any output reads.
    let columns: ClosedRange<Int>
    /// The output's size; the resized rectangle is `rowKernel.count` × `columnKernel.count` at
    /// (`destinationX`, `destinationY`), the rest is padding.
    let size: PixelSize
    let destinationX: Int
    let destinationY: Int
    let format: Image.PixelFormat
    let tables: EncodeTables?
    let matte: SIMD4<Float>?
    /// The padding pixel, in the format's own range.
    let padding: SIMD4<UInt16>
}

/// Makes output rows one at a time, top to bottom (or from any row down, for a band): the source rows a
/// row needs are filtered into the ring as it first needs them, then summed and stored.
struct RowProducer {
    let passes: ResizePasses
    let ring: RowRing

    init(_ passes: ResizePasses) {
        self.passes = passes
        ring = RowRing(rows: passes.columnKernel.stride, width: passes.rowKernel.count, sourceWidth: passes.reader.width)
    }

    func deallocate() { ring.deallocate() }

    /// Writes output row `row` (`passes.size.width` pixels) to `destination`.
    func produce(row: Int, into destination: UnsafeMutableRawPointer) {
        let (passes, width) = (self.passes, passes.rowKernel.count), y = row &- passes.destinationY
        guard y >= 0, y < passes.columnKernel.count else {
            PixelRows.fill(stored: passes.padding, count: passes.size.width, into: destination, at: 0, format: passes.format)
            return
        }
        let left = passes.destinationX, right = left &+ width
        PixelRows.fill(stored: passes.padding, count: left, into: destination, at: 0, format: passes.format)
        PixelRows.fill(stored: passes.padding, count: passes.size.width &- right, into: destination, at: right, format: passes.format)
        let first = passes.columnKernel.starts[y], taps = passes.columnKernel.counts[y]
        // Rows not yet in the ring are filtered two at a time where they can be (each weight is then
        // loaded once for two rows).
        var source = first
        while source < first &+ taps {
            if ring.holds(source) { source &+= 1; continue }
            if source &+ 1 < first &+ taps, !ring.holds(source &+ 1) {
                passes.rowKernel.filter(rows: source, source &+ 1, of: passes.reader, columns: passes.columns, into: ring)
                source &+= 2
            } else {
                passes.rowKernel.filter(row: source, of: passes.reader, columns: passes.columns, into: ring)
                source &+= 1
            }
        }
        let sums = passes.columnKernel.sumRows(for: y, ring: ring, into: ring.sums)
        let (format, tables, matte) = (passes.format, passes.tables, passes.matte)
        if sums.leading < sums.trailing {
            PixelRows.store(ring.sums + sums.leading, count: sums.trailing &- sums.leading, into: destination,
                            at: left &+ sums.leading, format: format, tables: tables, matte: matte)
        }
        if sums.leading > 0 {
            PixelRows.fill(sums.first, count: sums.leading, into: destination, at: left, format: format, tables: tables, matte: matte)
        }
        if sums.trailing < width {
            PixelRows.fill(sums.last, count: width &- sums.trailing, into: destination, at: left &+ sums.trailing,
                           format: format, tables: tables, matte: matte)
        }
    }
}

/// Hands out source rows as premultiplied float pixels: straight from a `LinearImage`, or converted from
/// stored 8/16-bit pixels (only the columns the filter reads) into a worker's scratch row.
struct RowReader: @unchecked Sendable {
    let base: UnsafeRawPointer
    let width: Int
    /// nil for a `LinearImage`.
    let format: Image.PixelFormat?
    let table: UnsafePointer<Float>?
    /// Each row's margins over the whole width, when they are known already (a pyramid's level 0).
    let rowMargins: UnsafePointer<FlatMargins>?

    /// The flat margins of row `y` within `columns`, in column numbers (`leading` is the first column that
    /// differs from the first, `trailing` the first of the run equal to the last), and those two colours.
    @inline(__always)
    func margins(_ y: Int, columns: ClosedRange<Int>) -> (margins: FlatMargins, first: SIMD4<Float>, last: SIMD4<Float>) {
        let lower = columns.lowerBound, upper = columns.upperBound, count = columns.count
        var margins: FlatMargins
        var first = SIMD4<Float>.zero, last = SIMD4<Float>.zero
        if let format {
            if let rowMargins {
                margins = rowMargins[y].within(columns)
                margins.leading &-= lower
                margins.trailing &-= lower
            } else {
                margins = FlatMargins.find(stored: base + (y &* width &+ lower) &* format.bytesPerPixel, format: format, count: count)
            }
            PixelRows.load(from: base, at: y &* width &+ lower, count: 1, format: format, into: &first, table: table!)
            PixelRows.load(from: base, at: y &* width &+ upper, count: 1, format: format, into: &last, table: table!)
        } else {
            let row = base.assumingMemoryBound(to: SIMD4<Float>.self) + y &* width
            margins = FlatMargins.find(floats: row + lower, count: count)
            (first, last) = (row[lower], row[upper])
        }
        margins.leading &+= lower
        margins.trailing &+= lower
        return (margins, first, last)
    }

    /// Row `y` with at least the columns `needed` ready to filter (indexed by column number). Stored
    /// pixels are converted, but those in the flat margins are written as the margin's colour.
    @inline(__always)
    func row(_ y: Int, needed: Range<Int>, margins: FlatMargins, first: SIMD4<Float>, last: SIMD4<Float>,
             scratch: UnsafeMutablePointer<SIMD4<Float>>) -> UnsafePointer<SIMD4<Float>> {
        guard let format else { return base.assumingMemoryBound(to: SIMD4<Float>.self) + y &* width }
        let leading = min(max(margins.leading, needed.lowerBound), needed.upperBound)
        let trailing = min(max(margins.trailing, leading), needed.upperBound)
        (scratch + needed.lowerBound).update(repeating: first, count: leading &- needed.lowerBound)
        PixelRows.load(from: base, at: y &* width &+ leading, count: trailing &- leading, format: format,
                       into: scratch + leading, table: table!)
        (scratch + trailing).update(repeating: last, count: needed.upperBound &- trailing)
        return UnsafePointer(scratch)
    }
}

/// What a ring row knows about its flat margins, in output columns: the horizontal pass computes only the
/// columns between them; the vertical pass fills in more (`valid`) when a neighbouring row needs them.
struct RingRowMargins {
    /// Columns `0 ..< leading` are `first`; columns `trailing ..< width` are `last`.
    var leading: Int
    var trailing: Int
    /// The columns actually written to the ring row.
    var validLow: Int
    var validHigh: Int
    var first: SIMD4<Float>
    var last: SIMD4<Float>
}

/// One worker's memory: a ring of horizontally filtered rows (as many as the vertical kernel's widest
/// footprint) with their margins, the running vertical sums, and a scratch row for converting source pixels.
struct RowRing {
    let rows: Int
    let width: Int
    let storage: UnsafeMutablePointer<SIMD4<Float>>
    let sums: UnsafeMutablePointer<SIMD4<Float>>
    let scratch: UnsafeMutablePointer<SIMD4<Float>>
    /// A second scratch row, for filtering two rows at once.
    let pairScratch: UnsafeMutablePointer<SIMD4<Float>>
    /// Which source row each slot holds (-1: none).
    let held: UnsafeMutablePointer<Int>
    let margins: UnsafeMutablePointer<RingRowMargins>

    init(rows: Int, width: Int, sourceWidth: Int) {
        self.rows = rows
        self.width = width
        storage = .allocate(capacity: rows * width)
        sums = .allocate(capacity: width)
        scratch = .allocate(capacity: sourceWidth)
        pairScratch = .allocate(capacity: sourceWidth)
        held = .allocate(capacity: rows)
        held.initialize(repeating: -1, count: rows)
        margins = .allocate(capacity: rows)
        margins.initialize(repeating: RingRowMargins(leading: 0, trailing: 0, validLow: 0, validHigh: 0, first: .zero, last: .zero),
                           count: rows)
    }

    @inline(__always) func holds(_ row: Int) -> Bool { held[row % rows] == row }

    /// The slot for `row`, claimed for it (whatever it held before is no longer needed: a window never
    /// spans more rows than the ring has).
    @inline(__always) func slot(for row: Int) -> UnsafeMutablePointer<SIMD4<Float>> {
        held[row % rows] = row
        return storage + (row % rows) &* width
    }

    @inline(__always) func pointer(to row: Int) -> UnsafePointer<SIMD4<Float>> {
        UnsafePointer(storage + (row % rows) &* width)
    }

    /// Makes the columns `low ..< high` of `row` readable, writing the margin colours where they are not yet.
    /// `low` is at most the row's leading margin and `high` at least its trailing one (the vertical pass
    /// computes only columns some row of its window has not left flat), so what is filled is margin.
    @inline(__always) func makeValid(_ row: Int, _ low: Int, _ high: Int) {
        let entry = margins + row % rows, pixels = storage + (row % rows) &* width
        var (validLow, validHigh) = (entry.pointee.validLow, entry.pointee.validHigh)
        if validLow == validHigh { (validLow, validHigh) = (low, low) }
        if low < validLow {
            (pixels + low).update(repeating: entry.pointee.first, count: validLow &- low)
            entry.pointee.validLow = low
        } else {
            entry.pointee.validLow = validLow
        }
        if high > validHigh {
            let leading = max(min(entry.pointee.leading, high), validHigh)
            (pixels + validHigh).update(repeating: entry.pointee.first, count: leading &- validHigh)
            (pixels + leading).update(repeating: entry.pointee.last, count: high &- leading)
            entry.pointee.validHigh = high
        } else {
            entry.pointee.validHigh = validHigh
        }
    }

    func deallocate() {
        storage.deallocate()
        sums.deallocate()
        scratch.deallocate()
        pairScratch.deallocate()
        held.deallocate()
        margins.deallocate()
    }
}

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
