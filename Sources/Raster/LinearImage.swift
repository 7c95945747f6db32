/// An image as the resampler filters it: float RGBA, colour premultiplied by alpha, in linear light
/// (or in the encoded values, for `--no-linear`). Pyramid levels are kept in this form; a stored image is
/// resized directly (its rows are converted as they are read), so converting a whole master first only
/// costs memory.
public struct LinearImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// True when colour is linear light; false when it holds the sRGB-encoded values as they were.
    public let isLinearLight: Bool
    /// `height` rows of `width` pixels.
    let pixels: [SIMD4<Float>]

    init(width: Int, height: Int, isLinearLight: Bool, pixels: [SIMD4<Float>]) {
        self.width = width
        self.height = height
        self.isLinearLight = isLinearLight
        self.pixels = pixels
    }

    /// Converts `image`: sRGB to linear light (unless `linearLight` is false), then premultiplies.
    public init(_ image: Image, linearLight: Bool = true, parallelism: Parallelism = .serial) {
        width = image.width
        height = image.height
        isLinearLight = linearLight
        let (width, format) = (image.width, image.format)
        let table = TransferFunction.decodeTable(for: format, linearLight: linearLight)
        pixels = [SIMD4<Float>](hugePagesCount: width * image.height) { buffer in
            let output = SharedPointer(base: buffer.baseAddress!)
            image.bytes.withUnsafeBytes { raw in
                table.withUnsafeBufferPointer { table in
                    let (source, lookup) = (SharedPointer(base: UnsafeMutableRawPointer(mutating: raw.baseAddress!).assumingMemoryBound(to: UInt8.self)),
                                            SharedPointer(base: UnsafeMutablePointer(mutating: table.baseAddress!)))
                    parallelism.chunks(image.height, minimum: 16) { rows in
                        for y in rows {
                            PixelRows.load(from: source.base, at: y &* width, count: width, format: format,
                                           into: output.base + y &* width, table: lookup.base)
                        }
                    }
                }
            }
        }
    }

    /// Back to stored pixels: unpremultiplied, sRGB-encoded (if linear), rounded to `format`; bands of rows in
    /// parallel when asked.
    public func image(format: Image.PixelFormat = .rgba8, parallelism: Parallelism = .serial) -> Image {
        var result = Image(uninitializedWidth: width, height: height, format: format)
        let width = self.width
        pixels.withUnsafeBufferPointer { source in
            result.bytes.withUnsafeMutableBytes { raw in
                EncodeTables.with(linearLight: isLinearLight) { tables in
                    let input = SharedPointer(base: UnsafeMutablePointer(mutating: source.baseAddress!))
                    let output = SharedPointer(base: raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
                    parallelism.chunks(height, minimum: 64) { rows in
                        PixelRows.store(input.base + rows.lowerBound &* width, count: rows.count &* width, into: UnsafeMutableRawPointer(output.base),
                                        at: rows.lowerBound &* width, format: format, tables: tables, matte: nil)
                    }
                }
            }
        }
        return result
    }
}
