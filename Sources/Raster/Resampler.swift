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
/// sums that ring vertically straight into the output (`RowProducer`). Nothing the size of the image is
/// allocated but the output itself, and `withRows` does without that too.
public enum Resampler {
    /// Resizes `image` to `size`, converting the rows it reads to linear light (unless `linearLight` is
    /// false) as it goes.
    public static func resize(_ image: Image, to size: PixelSize, options: ResizeOptions = ResizeOptions(),
                              linearLight: Bool = true, parallelism: Parallelism = .serial) -> Image {
        let placement = Placement(source: image.size, output: size, fit: options.fit, gravity: options.gravity)
        return withReader(image, margins: nil, linearLight: linearLight) { reader in
            run(reader, sourceSize: image.size, placement: placement, linearLight: linearLight, to: size, options: options,
                parallelism: parallelism)
        }
    }

    /// Resizes an image that exists only in the resampler's float form, such as a pyramid level. A stored
    /// image needs no converting first: `resize(_: Image, …)` converts the rows it reads, at about the same
    /// cost per output as reading a float copy (4 bytes a pixel instead of 16), and makes no copy.
    public static func resize(_ source: LinearImage, to size: PixelSize, options: ResizeOptions = ResizeOptions(),
                              parallelism: Parallelism = .serial) -> Image {
        let sourceSize = PixelSize(width: source.width, height: source.height)
        let placement = Placement(source: sourceSize, output: size, fit: options.fit, gravity: options.gravity)
        return withReader(source) { reader in
            run(reader, sourceSize: sourceSize, placement: placement, linearLight: source.isLinearLight, to: size,
                options: options, parallelism: parallelism)
        }
    }

    /// Resizes from the pyramid level that leaves the kernel a reduction of at least
    /// `ImagePyramid.minimumKernelReduction`; the geometry is that of level 0, exactly.
    package static func resize(_ pyramid: ImagePyramid, to size: PixelSize, options: ResizeOptions = ResizeOptions(),
                              parallelism: Parallelism = .serial) -> Image {
        withLevel(of: pyramid, for: size, options: options) { reader, sourceSize, placement in
            run(reader, sourceSize: sourceSize, placement: placement, linearLight: pyramid.linearLight, to: size,
                options: options, parallelism: parallelism)
        }
    }

    /// The same resize as `resize(_: ImagePyramid, …)`, handed to `body` a row at a time instead of as an
    /// image: an encoder can read the rows as they are made, and the output never exists whole (for a
    /// launch set, 124 MB that were written, read back and faulted in).
    package static func withRows<R>(_ pyramid: ImagePyramid, to size: PixelSize, options: ResizeOptions = ResizeOptions(),
                                   _ body: (inout ResizedRows) -> R) -> R {
        withLevel(of: pyramid, for: size, options: options) { reader, sourceSize, placement in
            withPasses(reader, sourceSize: sourceSize, placement: placement, linearLight: pyramid.linearLight, to: size,
                       options: options) { passes in
                var rows = ResizedRows(size: size, format: options.outputFormat, producer: RowProducer(passes))
                defer { rows.producer.deallocate() }
                return body(&rows)
            }
        }
    }

    /// A reader for the pyramid level that leaves the kernel a reduction of at least
    /// `ImagePyramid.minimumKernelReduction`, with the placement in that level's pixels.
    private static func withLevel<R>(of pyramid: ImagePyramid, for size: PixelSize, options: ResizeOptions,
                                     _ body: (RowReader, PixelSize, Placement) -> R) -> R {
        var placement = Placement(source: pyramid.size, output: size, fit: options.fit, gravity: options.gravity)
        let index = pyramid.level(forReduction: (placement.sourceWidth / Double(placement.destinationWidth),
                                                 placement.sourceHeight / Double(placement.destinationHeight)))
        guard index > 0 else {
            return withReader(pyramid.base, margins: pyramid.baseMargins, linearLight: pyramid.linearLight) { reader in
                body(reader, pyramid.size, placement)
            }
        }
        let factor = Double(1 << index)
        placement.sourceX /= factor
        placement.sourceY /= factor
        placement.sourceWidth /= factor
        placement.sourceHeight /= factor
        let level = pyramid.reduction(index)
        return withReader(level) { reader in body(reader, PixelSize(width: level.width, height: level.height), placement) }
    }

    private static func withReader<R>(_ image: Image, margins: [FlatMargins]?, linearLight: Bool, _ body: (RowReader) -> R) -> R {
        let table = TransferFunction.decodeTable(for: image.format, linearLight: linearLight)
        return image.bytes.withUnsafeBytes { raw in
            table.withUnsafeBufferPointer { table in
                (margins ?? []).withUnsafeBufferPointer { known in
                    // (An empty array's buffer can still have a base address.)
                    body(RowReader(base: raw.baseAddress!, width: image.width, format: image.format,
                                   table: table.baseAddress!, rowMargins: margins == nil ? nil : known.baseAddress))
                }
            }
        }
    }

    private static func withReader<R>(_ source: LinearImage, _ body: (RowReader) -> R) -> R {
        source.pixels.withUnsafeBufferPointer { pixels in
            body(RowReader(base: UnsafeRawPointer(pixels.baseAddress!), width: source.width, format: nil, table: nil, rowMargins: nil))
        }
    }

    /// Everything the two passes need for one resize, for as long as `body` runs.
    private static func withPasses<R>(_ reader: RowReader, sourceSize: PixelSize, placement: Placement, linearLight: Bool,
                                      to size: PixelSize, options: ResizeOptions, _ body: (ResizePasses) -> R) -> R {
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
        let matte = options.matte.map { SIMD4<Float>(Float($0.red), Float($0.green), Float($0.blue), 255) / 255 }
        let padding = paddingValue(options.padding ?? options.matte, format: options.outputFormat)
        return EncodeTables.with(linearLight: linearLight) { tables in
            horizontal.withPointers(forRows: true) { rowKernel in
                vertical.withPointers(forRows: false) { columnKernel in
                    body(ResizePasses(reader: reader, rowKernel: rowKernel, columnKernel: columnKernel, columns: horizontal.sourceRange,
                                      size: size, destinationX: placement.destinationX,
                                      destinationY: placement.destinationY, format: options.outputFormat, tables: tables,
                                      matte: matte, padding: padding))
                }
            }
        }
    }

    private static func run(_ reader: RowReader, sourceSize: PixelSize, placement: Placement, linearLight: Bool,
                            to size: PixelSize, options: ResizeOptions, parallelism: Parallelism) -> Image {
        var output = Image(uninitializedWidth: size.width, height: size.height, format: options.outputFormat)
        let rowBytes = size.width * options.outputFormat.bytesPerPixel
        output.bytes.withUnsafeMutableBytes { raw in
            let bytes = SharedPointer(base: raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
            withPasses(reader, sourceSize: sourceSize, placement: placement, linearLight: linearLight, to: size,
                       options: options) { passes in
                // One band per worker: each band's first rows re-filter what the previous band's last rows
                // already did, so more bands only add work.
                parallelism.chunks(size.height, minimum: 8, perWorker: 1) { band in
                    let producer = RowProducer(passes)
                    defer { producer.deallocate() }
                    for row in band { producer.produce(row: row, into: UnsafeMutableRawPointer(bytes.base + row &* rowBytes)) }
                }
            }
        }
        return output
    }

    private static func paddingValue(_ colour: RGBColor?, format: Image.PixelFormat) -> SIMD4<UInt16> {
        guard let colour else { return .zero }
        let scale: UInt16 = format == .rgba16 ? 257 : 1
        return colour.opaquePixel &* scale
    }
}

/// The rows of one resize, made one at a time and in order (see `Resampler.withRows`).
package struct ResizedRows {
    /// The output's size in pixels.
    package let size: PixelSize
    /// How the rows' pixels are stored.
    package let format: Image.PixelFormat
    let producer: RowProducer
    /// The row `write` makes next.
    package private(set) var nextRow = 0

    init(size: PixelSize, format: Image.PixelFormat, producer: RowProducer) {
        self.size = size
        self.format = format
        self.producer = producer
    }

    /// Writes the next row, `size.width` pixels in `format`, to `destination`. Rows past the last are not made.
    package mutating func write(into destination: UnsafeMutableRawPointer) {
        guard nextRow < size.height else { return }
        producer.produce(row: nextRow, into: destination)
        nextRow += 1
    }
}
