// The machinery of the resampler's two passes: reading source rows and the ring of horizontally filtered
// rows (the kernels' inner loops are in ResamplerKernel.swift). Rows carry their flat margins (`FlatMargins`) through both passes,
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
