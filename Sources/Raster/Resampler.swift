/// What a resize should do besides the size.
public struct ResizeOptions: Sendable, Equatable {
    /// The reconstruction filter.
    public var filter: Filter
    /// How the image is fitted into an output of another shape.
    public var fit: FitMode
    /// What `fill` keeps and where `fit` places the image.
    public var gravity: Gravity
    /// The colour of the padding `fit` leaves; `nil` leaves it transparent.
    public var padding: RGBColor?
    /// The stored format of the result (16-bit keeps 16-bit precision end to end).
    public var outputFormat: Image.PixelFormat
    /// When set, the result is composited over this colour (in encoded values, like `Image.flattened`)
    /// as it is stored, and comes out opaque: one pass instead of two, and no rounding in between.
    public var matte: RGBColor?

    /// Lanczos-3, stretched to the size, transparent padding, 8-bit output unless told otherwise.
    public init(filter: Filter = .lanczos3, fit: FitMode = .stretch, gravity: Gravity = .center,
                padding: RGBColor? = nil, outputFormat: Image.PixelFormat = .rgba8, matte: RGBColor? = nil) {
        self.filter = filter
        self.fit = fit
        self.gravity = gravity
        self.padding = padding
        self.outputFormat = outputFormat
        self.matte = matte
    }
}

/// The separable resampler every IconForge output goes through: premultiplied alpha, linear light (by
/// default), precomputed contributions. Work is streamed: each worker takes a band of output rows, filters
/// the source rows that band needs horizontally into a small ring of float rows that stays in cache, and
/// sums that ring vertically straight into the output. Nothing the size of the image is allocated but
/// the output itself.
public enum Resampler {
    /// Resizes `image` to `size`, converting the rows it reads to linear light (unless `linearLight` is
    /// false) as it goes.
    public static func resize(_ image: Image, to size: PixelSize, options: ResizeOptions = ResizeOptions(),
                              linearLight: Bool = true, parallelism: Parallelism = .serial) -> Image {
        let placement = Placement(source: image.size, output: size, fit: options.fit, gravity: options.gravity)
        return resize(image, margins: nil, placement: placement, linearLight: linearLight, to: size, options: options,
                      parallelism: parallelism)
    }

    /// Resizes an image that exists only in the resampler's float form, such as a pyramid level. A stored
    /// image needs no converting first: `resize(_: Image, …)` converts the rows it reads, at about the same
    /// cost per output as reading a float copy (4 bytes a pixel instead of 16), and makes no copy.
    public static func resize(_ source: LinearImage, to size: PixelSize, options: ResizeOptions = ResizeOptions(),
                              parallelism: Parallelism = .serial) -> Image {
        let sourceSize = PixelSize(width: source.width, height: source.height)
        let placement = Placement(source: sourceSize, output: size, fit: options.fit, gravity: options.gravity)
        return resize(source, placement: placement, to: size, options: options, parallelism: parallelism)
    }

    /// Resizes from the pyramid level that leaves the kernel a reduction of at least
    /// `ImagePyramid.minimumKernelReduction`; the geometry is that of level 0, exactly.
    public static func resize(_ pyramid: ImagePyramid, to size: PixelSize, options: ResizeOptions = ResizeOptions(),
                              parallelism: Parallelism = .serial) -> Image {
        var placement = Placement(source: pyramid.size, output: size, fit: options.fit, gravity: options.gravity)
        let index = pyramid.level(forReduction: (placement.sourceWidth / Double(placement.destinationWidth),
                                                 placement.sourceHeight / Double(placement.destinationHeight)))
        guard index > 0 else {
            return resize(pyramid.base, margins: pyramid.baseMargins, placement: placement, linearLight: pyramid.linearLight,
                          to: size, options: options, parallelism: parallelism)
        }
        let factor = Double(1 << index)
        placement.sourceX /= factor
        placement.sourceY /= factor
        placement.sourceWidth /= factor
        placement.sourceHeight /= factor
        return resize(pyramid.reductions[index - 1], placement: placement, to: size, options: options, parallelism: parallelism)
    }

    private static func resize(_ image: Image, margins: [FlatMargins]?, placement: Placement, linearLight: Bool, to size: PixelSize,
                               options: ResizeOptions, parallelism: Parallelism) -> Image {
        let table = TransferFunction.decodeTable(for: image.format, linearLight: linearLight)
        return image.bytes.withUnsafeBytes { raw in
            table.withUnsafeBufferPointer { table in
                (margins ?? []).withUnsafeBufferPointer { known in
                    // (An empty array's buffer can still have a base address.)
                    let reader = RowReader(base: raw.baseAddress!, width: image.width, format: image.format,
                                           table: table.baseAddress!, rowMargins: margins == nil ? nil : known.baseAddress)
                    return run(reader, sourceSize: image.size, placement: placement, linearLight: linearLight, to: size,
                               options: options, parallelism: parallelism)
                }
            }
        }
    }

    private static func resize(_ source: LinearImage, placement: Placement, to size: PixelSize, options: ResizeOptions,
                               parallelism: Parallelism) -> Image {
        source.pixels.withUnsafeBufferPointer { pixels in
            let reader = RowReader(base: UnsafeRawPointer(pixels.baseAddress!), width: source.width, format: nil, table: nil,
                                   rowMargins: nil)
            return run(reader, sourceSize: PixelSize(width: source.width, height: source.height), placement: placement,
                       linearLight: source.isLinearLight, to: size, options: options, parallelism: parallelism)
        }
    }

    private static func run(_ reader: RowReader, sourceSize: PixelSize, placement: Placement, linearLight: Bool,
                            to size: PixelSize, options: ResizeOptions, parallelism: Parallelism) -> Image {
        let horizontal = Contributions(sourceLength: sourceSize.width, sourceStart: placement.sourceX,
                                       sourceExtent: placement.sourceWidth, outputLength: placement.destinationWidth,
                                       filter: options.filter)
        // A square resize has the same table on both axes (the weights' sines are a measurable cost).
        let sameAxes = sourceSize.width == sourceSize.height && placement.sourceX == placement.sourceY
            && placement.sourceWidth == placement.sourceHeight && placement.destinationWidth == placement.destinationHeight
        let vertical = sameAxes ? horizontal
            : Contributions(sourceLength: sourceSize.height, sourceStart: placement.sourceY,
                            sourceExtent: placement.sourceHeight, outputLength: placement.destinationHeight,
                            filter: options.filter)
        let covers = placement.destinationX == 0 && placement.destinationY == 0
            && placement.destinationWidth == size.width && placement.destinationHeight == size.height
        var output = covers ? Image(uninitializedWidth: size.width, height: size.height, format: options.outputFormat)
            : Image(width: size.width, height: size.height, format: options.outputFormat,
                    fill: paddingValue(options.padding ?? options.matte, format: options.outputFormat))
        let matte = options.matte.map { SIMD4<Float>(Float($0.red), Float($0.green), Float($0.blue), 255) / 255 }
        let (format, outputWidth, width) = (output.format, output.width, horizontal.count)
        let columns = horizontal.sourceRange
        output.bytes.withUnsafeMutableBytes { raw in
            let bytes = SharedPointer(base: raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
            EncodeTables.with(linearLight: linearLight) { tables in
                horizontal.withPointers(forRows: true) { rowKernel in
                    vertical.withPointers(forRows: false) { columnKernel in
                        // One band per worker: each band's first rows re-filter what the previous band's last
                        // rows already did, so more bands only add work.
                        parallelism.chunks(vertical.count, minimum: 8, perWorker: 1) { band in
                            let ring = RowRing(rows: columnKernel.stride, width: width, sourceWidth: sourceSize.width)
                            defer { ring.deallocate() }
                            for y in band {
                                let first = columnKernel.starts[y], taps = columnKernel.counts[y]
                                for row in first..<(first + taps) where !ring.holds(row) {
                                    rowKernel.filter(row: row, of: reader, columns: columns, into: ring)
                                }
                                let row = columnKernel.sumRows(for: y, ring: ring, into: ring.sums)
                                let offset = (placement.destinationY + y) &* outputWidth &+ placement.destinationX
                                let target = UnsafeMutableRawPointer(bytes.base)
                                if row.leading < row.trailing {
                                    PixelRows.store(ring.sums + row.leading, count: row.trailing &- row.leading, into: target,
                                                    at: offset &+ row.leading, format: format, tables: tables, matte: matte)
                                }
                                if row.leading > 0 {
                                    PixelRows.fill(row.first, count: row.leading, into: target, at: offset,
                                                   format: format, tables: tables, matte: matte)
                                }
                                if row.trailing < width {
                                    PixelRows.fill(row.last, count: width &- row.trailing, into: target, at: offset &+ row.trailing,
                                                   format: format, tables: tables, matte: matte)
                                }
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    private static func paddingValue(_ colour: RGBColor?, format: Image.PixelFormat) -> SIMD4<UInt16> {
        guard let colour else { return .zero }
        let scale: UInt16 = format == .rgba16 ? 257 : 1
        return SIMD4(UInt16(colour.red), UInt16(colour.green), UInt16(colour.blue), 255) &* scale
    }
}

