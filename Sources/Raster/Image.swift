/// A raster image in memory: RGBA, row-major, tightly packed (no row padding), with 8 or 16 bits per
/// channel; 16-bit channels are stored in native byte order. Colour is straight (not premultiplied)
/// and sRGB-encoded, as it is in a PNG file.
public struct Image: Sendable, Equatable {
    /// How the channels of one pixel are stored.
    public enum PixelFormat: String, Sendable, Equatable, CaseIterable {
        /// Four 8-bit channels: red, green, blue, alpha.
        case rgba8
        /// Four 16-bit channels in native byte order: red, green, blue, alpha.
        case rgba16

        /// Bytes one channel takes.
        public var bytesPerChannel: Int { self == .rgba8 ? 1 : 2 }
        /// Bytes one pixel takes.
        public var bytesPerPixel: Int { 4 * bytesPerChannel }
        /// The value of a fully saturated channel (and of full opacity).
        package var maxValue: Int { self == .rgba8 ? 255 : 65535 }
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Channel layout of `bytes`.
    public let format: PixelFormat
    /// The pixels, `height` rows of `width * format.bytesPerPixel` bytes.
    public internal(set) var bytes: [UInt8]

    /// Wraps existing pixel bytes; `bytes.count` must be `width * height * format.bytesPerPixel`.
    public init(width: Int, height: Int, format: PixelFormat, bytes: [UInt8]) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        precondition(bytes.count == width * height * format.bytesPerPixel, "pixel data does not match the size")
        self.width = width
        self.height = height
        self.format = format
        self.bytes = bytes
    }

    /// An image filled with one colour, given in the format's own channel range.
    public init(width: Int, height: Int, format: PixelFormat = .rgba8, fill: SIMD4<UInt16> = .zero) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        let count = width * height
        var bytes = [UInt8](hugePagesRepeating: 0, count: count * format.bytesPerPixel)
        if fill != .zero {
            bytes.withUnsafeMutableBytes { raw in PixelRows.fill(stored: fill, count: count, into: raw.baseAddress!, at: 0, format: format) }
        }
        self.init(width: width, height: height, format: format, bytes: bytes)
    }

    /// An image whose every pixel the caller is about to write: not filled first (filling a launch set's
    /// outputs only to overwrite them was a pass over 190 MB).
    init(uninitializedWidth width: Int, height: Int, format: PixelFormat) {
        let count = width * height * format.bytesPerPixel
        self.init(width: width, height: height, format: format,
                  bytes: [UInt8](hugePagesCount: count) { _ in })
    }

    /// The size in pixels.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The `size` pixels whose top-left corner is at (x, y), which must lie inside the image.
    package func cropped(x: Int, y: Int, size: PixelSize) -> Image {
        precondition(x >= 0 && y >= 0 && x + size.width <= width && y + size.height <= height, "crop outside the image")
        if x == 0, y == 0, size == self.size { return self }
        let pixelBytes = format.bytesPerPixel, rowBytes = size.width * pixelBytes
        var result = Image(uninitializedWidth: size.width, height: size.height, format: format)
        result.bytes.withUnsafeMutableBytes { target in
            bytes.withUnsafeBytes { source in
                for row in 0..<size.height {
                    let from = ((y + row) * width + x) * pixelBytes
                    (target.baseAddress! + row * rowBytes).copyMemory(from: source.baseAddress! + from, byteCount: rowBytes)
                }
            }
        }
        return result
    }

    /// The channels of the pixel at (x, y), in the format's own range (0…255 or 0…65535).
    public func pixel(x: Int, y: Int) -> SIMD4<UInt16> {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
        return bytes.withUnsafeBytes { Image.load(from: $0, at: y * width + x, format: format) }
    }

    /// Replaces the pixel at (x, y); channels are in the format's own range.
    public mutating func setPixel(x: Int, y: Int, _ value: SIMD4<UInt16>) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
        let (index, format) = (y * width + x, self.format)
        bytes.withUnsafeMutableBytes { Image.store(value, into: $0, at: index, format: format) }
    }

    /// Pixels whose alpha is below full opacity: how many, and the first one in reading order.
    package func translucency() -> (count: Int, first: (x: Int, y: Int)?) {
        // Alpha read straight from the bytes, counted without a branch (a 2048 px SVG drawing is 4 million pixels,
        // scanned before any output starts); the first one found by a second, early-stopping pass.
        let pixelCount = width * height
        let (count, first) = bytes.withUnsafeBytes { raw -> (Int, Int?) in
            switch format {
            case .rgba8:
                let bytes = raw.bindMemory(to: UInt8.self)
                var count = 0
                for index in 0..<pixelCount { count &+= bytes[4 &* index &+ 3] == 255 ? 0 : 1 }
                guard count > 0 else { return (0, nil) }
                return (count, (0..<pixelCount).first { bytes[4 &* $0 &+ 3] != 255 })
            case .rgba16:
                // Opaque is 0xFFFF: both bytes 255, in either byte order.
                let bytes = raw.bindMemory(to: UInt8.self)
                var count = 0
                for index in 0..<pixelCount { count &+= bytes[8 &* index &+ 6] & bytes[8 &* index &+ 7] == 255 ? 0 : 1 }
                guard count > 0 else { return (0, nil) }
                return (count, (0..<pixelCount).first { bytes[8 &* $0 &+ 6] & bytes[8 &* $0 &+ 7] != 255 })
            }
        }
        return (count, first.map { (x: $0 % width, y: $0 / width) })
    }

    /// True when every pixel has the same bytes (a flat fill: enlarging it cannot make it soft).
    package var isSingleColour: Bool {
        bytes.withUnsafeBytes { raw in
            // A pixel read whole as one integer (4 or 8 bytes): a million-pixel layer is a few milliseconds.
            switch format {
            case .rgba8:
                let first = raw.loadUnaligned(as: UInt32.self)
                return (0..<width * height).allSatisfy { raw.loadUnaligned(fromByteOffset: 4 &* $0, as: UInt32.self) == first }
            case .rgba16:
                let first = raw.loadUnaligned(as: UInt64.self)
                return (0..<width * height).allSatisfy { raw.loadUnaligned(fromByteOffset: 8 &* $0, as: UInt64.self) == first }
            }
        }
    }

    /// True when every pixel is fully opaque.
    public var isOpaque: Bool { translucency().count == 0 }

    /// The same pixels with 8 or 16 bits per channel (16→8 rounds to nearest; 8→16 scales by 257).
    public func converted(to target: PixelFormat) -> Image {
        guard target != format else { return self }
        var result = Image(uninitializedWidth: width, height: height, format: target)
        let count = width * height
        bytes.withUnsafeBytes { source in
            result.bytes.withUnsafeMutableBytes { destination in
                for index in 0..<count {
                    let value = Image.load(from: source, at: index, format: format)
                    let scaled: SIMD4<UInt16> = target == .rgba16
                        ? value &* 257
                        : SIMD4<UInt16>(truncatingIfNeeded: (SIMD4<UInt32>(truncatingIfNeeded: value) &* 255 &+ 32767) / 65535)
                    Image.store(scaled, into: destination, at: index, format: target)
                }
            }
        }
        return result
    }

    @inline(__always)
    static func load(from raw: UnsafeRawBufferPointer, at index: Int, format: PixelFormat) -> SIMD4<UInt16> {
        switch format {
        case .rgba8:
            let offset = index * 4
            return SIMD4(UInt16(raw[offset]), UInt16(raw[offset + 1]), UInt16(raw[offset + 2]), UInt16(raw[offset + 3]))
        case .rgba16:
            return raw.loadUnaligned(fromByteOffset: index * 8, as: SIMD4<UInt16>.self)
        }
    }

    @inline(__always)
    static func store(_ value: SIMD4<UInt16>, into raw: UnsafeMutableRawBufferPointer, at index: Int, format: PixelFormat) {
        switch format {
        case .rgba8:
            let offset = index * 4
            for channel in 0..<4 { raw[offset + channel] = UInt8(truncatingIfNeeded: value[channel]) }
        case .rgba16:
            raw.storeBytes(of: value, toByteOffset: index * 8, as: SIMD4<UInt16>.self)
        }
    }
}

/// A width and height in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible, Codable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// width × height.
    public var area: Int { width * height }

    /// "WxH", the way Xcode and actool write sizes.
    public var description: String { "\(width)x\(height)" }

    /// Parses "WxH" (also with "×"); nil unless both sides are positive integers.
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
            return nil
        }
        self.init(width: width, height: height)
    }
}
