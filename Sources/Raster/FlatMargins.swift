/// How far a row's first pixel repeats from its left end and its last pixel from its right end.
///
/// Launch images, logo screens and backgrounds are mostly flat colour. Where a filter window lies wholly
/// inside such a margin its weighted sum is that colour (the weights sum to 1), so the resampler neither
/// converts, filters nor stores those pixels one by one: it writes the colour. A row with no margins costs
/// one comparison per end to find out.
struct FlatMargins: Equatable {
    /// Pixels `0 ..< leading` all equal the first (at least 1 for a row of at least one pixel).
    var leading: Int
    /// Pixels `trailing ..< count` all equal the last; `leading <= trailing`. A row of one colour has
    /// `leading == trailing == count`: all of it is the leading margin.
    var trailing: Int

    /// The margins of `count` pixels of `pixelBytes` bytes each (4, 8 or 16), compared bit for bit. Once
    /// the first (last) 32 bytes are one colour, the scan compares 32 bytes at a time against them: on a
    /// flat launch image this scan is what is left of the filtering, so it has to be quick.
    @inline(__always)
    static func find(_ row: UnsafeRawPointer, pixelBytes size: Int, count: Int) -> FlatMargins {
        guard count > 1 else { return FlatMargins(leading: count, trailing: count) }
        let perBlock = 32 / size
        @inline(__always) func pixel(_ index: Int) -> UnsafeRawPointer { row + index &* size }
        var leading = 1
        while leading < count, leading < perBlock, samePixel(pixel(leading), row, size) { leading &+= 1 }
        if leading == perBlock {
            while leading &+ perBlock <= count, sameBlock(pixel(leading), row) { leading &+= perBlock }
            while leading < count, samePixel(pixel(leading), row, size) { leading &+= 1 }
        }
        if leading == count { return FlatMargins(leading: count, trailing: count) }
        let last = pixel(count &- 1)
        var trailing = count &- 1
        while trailing > leading, count &- trailing < perBlock, samePixel(pixel(trailing &- 1), last, size) { trailing &-= 1 }
        if count &- trailing == perBlock {
            let lastBlock = pixel(count &- perBlock)
            while trailing &- perBlock >= leading, sameBlock(pixel(trailing &- perBlock), lastBlock) { trailing &-= perBlock }
            while trailing > leading, samePixel(pixel(trailing &- 1), last, size) { trailing &-= 1 }
        }
        return FlatMargins(leading: leading, trailing: trailing)
    }

    @inline(__always)
    private static func samePixel(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ size: Int) -> Bool {
        switch size {
        case 4: return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
        case 8: return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
        default:
            return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                && a.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        }
    }

    /// Whether 32 bytes equal 32 others: four XORs folded together, one branch.
    @inline(__always)
    private static func sameBlock(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        @inline(__always) func difference(_ offset: Int) -> UInt64 {
            a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        }
        return (difference(0) | difference(8) | difference(16) | difference(24)) == 0
    }

    /// The margins of every row of a stored image.
    static func rows(of image: Image, parallelism: Parallelism) -> [FlatMargins] {
        let (width, bytesPerRow) = (image.width, image.width * image.format.bytesPerPixel)
        return [FlatMargins](unsafeUninitializedCapacity: image.height) { buffer, initialized in
            let output = SharedPointer(base: buffer.baseAddress!)
            image.bytes.withUnsafeBytes { raw in
                let base = SharedPointer(base: UnsafeMutableRawPointer(mutating: raw.baseAddress!).assumingMemoryBound(to: UInt8.self))
                parallelism.chunks(image.height, minimum: 64) { rows in
                    for y in rows {
                        (output.base + y).initialize(to: find(UnsafeRawPointer(base.base + y &* bytesPerRow),
                                                               pixelBytes: bytesPerRow / width, count: width))
                    }
                }
            }
            initialized = image.height
        }
    }

    /// The margins of columns `columns` of a row whose margins over its whole width are `row`: the parts
    /// of the row's runs that fall inside (a run that does not reach into them is not seen).
    @inline(__always)
    func within(_ columns: ClosedRange<Int>) -> FlatMargins {
        let (lower, upper) = (columns.lowerBound, columns.upperBound)
        let leading = self.leading > lower ? min(self.leading, upper &+ 1) : lower &+ 1
        let trailing = self.trailing <= upper ? max(self.trailing, lower) : upper &+ 1
        return FlatMargins(leading: leading, trailing: max(trailing, leading))
    }

    /// The margins of stored pixels in `format`.
    @inline(__always)
    static func find(stored raw: UnsafeRawPointer, format: Image.PixelFormat, count: Int) -> FlatMargins {
        find(raw, pixelBytes: format.bytesPerPixel, count: count)
    }

    /// The margins of float pixels.
    @inline(__always)
    static func find(floats pixels: UnsafePointer<SIMD4<Float>>, count: Int) -> FlatMargins {
        find(UnsafeRawPointer(pixels), pixelBytes: 16, count: count)
    }
}
