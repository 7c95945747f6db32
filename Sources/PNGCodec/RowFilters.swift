import Raster

/// PNG's five row filters (PNG specification §9) and the choice among several per row, done here
/// rather than in libpng: libpng filters a byte at a time and drops the alpha byte in a pass of its own,
/// which together were a fifth of encoding a launch image. These loops take 16 bytes at a time.
///
/// The per-row choice is libpng's heuristic: the filtered row whose bytes, read as signed, have the
/// smallest sum of magnitudes.
enum RowFilters {
    /// PNG's filter types, as the byte at the start of each filtered row says them.
    enum Kind: UInt8, CaseIterable {
        case none = 0, sub, up, average, paeth
    }

    /// The filter types a set of options allows, in filter-type order.
    static func kinds(_ filters: PNGEncodeOptions.Filters) -> [Kind] {
        let masks: [(PNGEncodeOptions.Filters, Kind)] = [(.none, .none), (.sub, .sub), (.up, .up), (.average, .average), (.paeth, .paeth)]
        let chosen = masks.filter { filters.contains($0.0) }.map(\.1)
        return chosen.isEmpty ? [.none, .sub, .up, .average, .paeth] : chosen
    }

    /// An image's rows as PNG stores them before compression, handed out a strip at a time: per row one
    /// filter-type byte, then the filtered bytes of RGB (`keepAlpha` false: alpha dropped) or RGBA pixels.
    struct Stream {
        /// Where the RGBA rows come from.
        enum Source {
            /// Stored pixels: the first row at the pointer, the next `rowPixels` pixels on.
            case pixels(UnsafePointer<UInt8>, rowPixels: Int)
            /// A function that writes the next row to the pointer it is given.
            case rows((UnsafeMutablePointer<UInt8>) -> Void)
        }

        let source: Source
        let width: Int
        let pixelBytes: Int
        let kinds: [Kind]
        /// The next row to hand out.
        var row = 0
        /// The checksum of the rows handed out so far, for the end of the zlib stream.
        var checksum = Adler32()
        /// Four row buffers, each with 16 zero bytes before it (what lies left of the first pixel reads as
        /// 0, as the specification says) and 16 after (room for 16-byte and overlapping 4-byte stores),
        /// then a row of RGBA for a `rows` source.
        private let scratch: UnsafeMutablePointer<UInt8>
        private var previous: UnsafeMutablePointer<UInt8>, current: UnsafeMutablePointer<UInt8>
        private var best: UnsafeMutablePointer<UInt8>, trial: UnsafeMutablePointer<UInt8>
        private let made: UnsafeMutablePointer<UInt8>

        /// Rows of `width` 8-bit RGBA pixels from `source`, which must outlive the stream.
        init(source: Source, width: Int, keepAlpha: Bool, filters: PNGEncodeOptions.Filters) {
            self.source = source
            self.width = width
            pixelBytes = keepAlpha ? 4 : 3
            kinds = RowFilters.kinds(filters)
            let span = 16 + width * pixelBytes + 16
            scratch = .allocate(capacity: 4 * span + width * 4)
            scratch.initialize(repeating: 0, count: 4 * span + width * 4)
            previous = scratch + 16
            current = previous + span
            best = current + span
            trial = best + span
            made = scratch + 4 * span
        }

        func deallocate() { scratch.deallocate() }

        /// Fills `buffer` with the next `count / (row bytes + 1)` filtered rows (`count` is whole rows).
        mutating func write(into buffer: UnsafeMutablePointer<UInt8>, count: Int) {
            let rowBytes = width &* pixelBytes
            var output = buffer
            for _ in 0..<(count / (rowBytes &+ 1)) {
                let source: UnsafePointer<UInt8>
                switch self.source {
                case .pixels(let first, let rowPixels): source = first + row &* rowPixels &* 4
                case .rows(let next): next(made); source = UnsafePointer(made)
                }
                if pixelBytes == 4 {
                    current.update(from: source, count: rowBytes)
                } else {
                    RowFilters.pack(source, count: width, into: current)
                }
                if kinds.count == 1 {
                    output[0] = kinds[0].rawValue
                    RowFilters.apply(kinds[0], current, previous, into: output + 1, count: rowBytes, pixelBytes: pixelBytes)
                } else {
                    var chosen = kinds[0], lowest = Int.max
                    for kind in kinds {
                        RowFilters.apply(kind, current, previous, into: trial, count: rowBytes, pixelBytes: pixelBytes)
                        let score = RowFilters.magnitude(trial, count: rowBytes)
                        if score < lowest { (chosen, lowest) = (kind, score); swap(&best, &trial) }
                    }
                    output[0] = chosen.rawValue
                    (output + 1).update(from: best, count: rowBytes)
                }
                swap(&previous, &current)
                output += rowBytes &+ 1
                row &+= 1
            }
            checksum.update(buffer, count: output - buffer)
        }
    }

    /// RGBA → RGB: each pixel stored as four bytes three bytes after the last, so the next overwrites the
    /// alpha (one store a pixel; the buffer has room for the last one's fourth byte).
    @inline(__always)
    static func pack(_ source: UnsafePointer<UInt8>, count: Int, into destination: UnsafeMutablePointer<UInt8>) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(destination)
        for x in 0..<count {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self), toByteOffset: x &* 3, as: UInt32.self)
        }
    }

    /// Filters `count` bytes of `current` (the row above is `previous`; bytes before either start read as 0).
    @inline(__always)
    static func apply(_ kind: Kind, _ current: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>,
                      into output: UnsafeMutablePointer<UInt8>, count: Int, pixelBytes: Int) {
        let left = current - pixelBytes, upLeft = previous - pixelBytes
        switch kind {
        case .none:
            output.update(from: current, count: count)
        case .sub:
            vectorised(count, output) { i in load(current, i) &- load(left, i) } scalar: { i in current[i] &- left[i] }
        case .up:
            vectorised(count, output) { i in load(current, i) &- load(previous, i) } scalar: { i in current[i] &- previous[i] }
        case .average:
            // floor((a + b) / 2) without leaving 8 bits: (a & b) + ((a ^ b) >> 1).
            vectorised(count, output) { i in
                let a = load(left, i), b = load(previous, i)
                return load(current, i) &- ((a & b) &+ ((a ^ b) &>> 1))
            } scalar: { i in
                current[i] &- UInt8((UInt16(left[i]) &+ UInt16(previous[i])) >> 1)
            }
        case .paeth:
            for i in 0..<count {
                output[i] = current[i] &- paeth(left[i], previous[i], upLeft[i])
            }
        }
    }

    /// The Paeth predictor: whichever of left, up and upper-left is closest to left + up - upper-left.
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let (a16, b16, c16) = (Int16(a), Int16(b), Int16(c))
        let pa = abs(b16 - c16), pb = abs(a16 - c16), pc = abs(a16 + b16 - 2 &* c16)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// libpng's score of a filtered row: the sum of its bytes' magnitudes read as signed (0…128 each).
    @inline(__always)
    static func magnitude(_ row: UnsafePointer<UInt8>, count: Int) -> Int {
        var total = 0, i = 0
        while i &+ 16 <= count {
            // 16-bit lanes hold 256 steps of at most 128 each well within range.
            var lanes = SIMD16<UInt16>.zero
            let end = min(count &- 15, i &+ 256 &* 16)
            while i < end {
                let value = load(row, i)
                // A byte read as signed has magnitude min(v, 256 - v); `pointwiseMin` becomes one instruction
                // where a comparison mask would be built lane by lane.
                lanes &+= SIMD16<UInt16>(truncatingIfNeeded: pointwiseMin(value, 0 &- value))
                i &+= 16
            }
            total &+= Int(lanes.wrappedSum())
        }
        while i < count {
            let value = Int(row[i])
            total &+= value > 128 ? 256 &- value : value
            i &+= 1
        }
        return total
    }

    @inline(__always)
    static func load(_ base: UnsafePointer<UInt8>, _ offset: Int) -> SIMD16<UInt8> {
        UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    /// Runs `vector` over 16-byte steps and `scalar` over the remainder, storing into `output`.
    @inline(__always)
    static func vectorised(_ count: Int, _ output: UnsafeMutablePointer<UInt8>, _ vector: (Int) -> SIMD16<UInt8>,
                           scalar: (Int) -> UInt8) {
        var i = 0
        while i &+ 16 <= count {
            UnsafeMutableRawPointer(output + i).storeBytes(of: vector(i), as: SIMD16<UInt8>.self)
            i &+= 16
        }
        while i < count {
            output[i] = scalar(i)
            i &+= 1
        }
    }
}
