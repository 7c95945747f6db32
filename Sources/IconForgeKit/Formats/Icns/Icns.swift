import JPEG2000Codec
import PNGCodec
import Raster

/// Apple's `.icns` container, written and read: `icns` and the file's length, then elements of a four-letter
/// type, a length (header included) and data, all big-endian. The 16 and 32 px types (`ic04`, `ic05`) hold
/// ARGB — `ARGB` then each channel run-length coded — because macOS 26 draws PNG data in those slots as noise
/// (electron-builder #9980); every larger type holds a PNG.
public enum Icns {
    /// One element of the file.
    public struct Element: Sendable, Equatable {
        /// The four-letter type, e.g. "ic10".
        public var type: String
        /// The element's data (without its 8-byte header).
        public var data: [UInt8]

        /// An element of `type` holding `data`.
        public init(type: String, data: [UInt8]) {
            self.type = type
            self.data = data
        }
    }

    /// The image types IconForge writes, smallest first, with their pixel size and whether they hold ARGB.
    package static let imageTypes: [(type: String, pixels: Int, argb: Bool)] = [
        ("ic04", 16, true), ("ic05", 32, true), ("ic11", 32, false), ("ic12", 64, false), ("ic07", 128, false),
        ("ic13", 256, false), ("ic08", 256, false), ("ic14", 512, false), ("ic09", 512, false), ("ic10", 1024, false),
    ]

    /// Older image types a reader meets in files other tools wrote; PNG in `icp4`/`icp5` is drawn as noise.
    package static let legacyTypes: [String: Int] = ["icp4": 16, "icp5": 32, "icp6": 64, "is32": 16, "il32": 32, "ih32": 48,
                                                     "it32": 128, "ic06": 64]

    /// The pixel size of an image type, or nil for a type that holds no image (`TOC `, `icnV`, `name`, `info`).
    package static func pixels(of type: String) -> Int? {
        imageTypes.first { $0.type == type }?.pixels ?? legacyTypes[type]
    }

    /// The file's bytes: elements in the order given.
    public static func encode(_ elements: [Element]) -> [UInt8] {
        var body: [UInt8] = []
        for element in elements {
            body += Array(element.type.utf8.prefix(4))
            body += bigEndian(UInt32(element.data.count + 8))
            body += element.data
        }
        return Array("icns".utf8) + bigEndian(UInt32(body.count + 8)) + body
    }

    /// The file for rendered PNGs by type ("ic10" → PNG bytes), in Apple's order: PNG types as given, ARGB types
    /// from the decoded PNG.
    package static func file(pngs: [String: [UInt8]]) throws(PNGError) -> [UInt8] {
        var elements: [Element] = []
        for type in imageTypes {
            guard let png = pngs[type.type] else { continue }
            elements.append(Element(type: type.type, data: type.argb ? argbData(try PNG.decode(png).image) : png))
        }
        return encode(elements)
    }

    /// An `ARGB` element's data for `image` (any bit depth; written as 8-bit straight alpha).
    public static func argbData(_ image: Image) -> [UInt8] {
        let pixels = image.converted(to: .rgba8).bytes
        var data = Array("ARGB".utf8)
        // Alpha first, then red, green, blue: each channel a plane of its own, run-length coded.
        for channel in [3, 0, 1, 2] {
            data += runLengthEncode(stride(from: channel, to: pixels.count, by: 4).map { pixels[$0] })
        }
        return data
    }

    /// The most elements read from one file: Apple's own have a dozen or two.
    package static let maxElements = 256

    /// The elements of a file; errors say what is wrong and where.
    public static func read(_ bytes: [UInt8]) throws(IcnsError) -> [Element] {
        guard bytes.count >= 8, Array(bytes[0..<4]) == Array("icns".utf8) else { throw .notIcns }
        let declared = Int(readBigEndian(bytes, at: 4))
        guard declared == bytes.count else { throw .wrongLength(declared: declared, actual: bytes.count) }
        var elements: [Element] = [], offset = 8
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { throw .truncated(offset: offset) }
            let type = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let length = Int(readBigEndian(bytes, at: offset + 4))
            guard length >= 8, offset + length <= bytes.count else { throw .badElement(type: type, offset: offset) }
            guard elements.count < maxElements else { throw .tooManyElements(maxElements) }
            elements.append(Element(type: type, data: Array(bytes[offset + 8..<offset + length])))
            offset += length
        }
        return elements
    }

    /// The image an element holds, PNG, JPEG 2000 (which macOS reads, and older icon tools wrote) or ARGB,
    /// checked against its type's size.
    public static func decode(_ element: Element, limits: PNGLimits = .default) throws(IcnsError) -> Image {
        guard let side = pixels(of: element.type) else { throw .notAnImage(type: element.type) }
        if element.data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            let image: Image
            do { image = try PNG.decode(element.data, limits: limits).image } catch {
                throw .badImage(type: element.type, reason: error.description)
            }
            guard image.width == side, image.height == side else {
                throw .badImage(type: element.type, reason: "holds a \(image.width)x\(image.height) PNG, not \(side)x\(side)")
            }
            return image
        }
        if JPEG2000.isJPEG2000(element.data) {
            // The header first: an image of the wrong size is named without decoding it.
            let info: JPEG2000Info
            do { info = try JPEG2000.info(element.data, maxBytes: limits.maxDecodedBytes) } catch {
                throw .badImage(type: element.type, reason: "holds JPEG 2000 data that does not read: \(error)")
            }
            guard info.width == side, info.height == side else {
                throw .badImage(type: element.type, reason: "holds a \(info.width)x\(info.height) JPEG 2000 image, not \(side)x\(side)")
            }
            do { return try JPEG2000.decode(element.data, maxBytes: limits.maxDecodedBytes).image } catch {
                throw .badImage(type: element.type, reason: "holds JPEG 2000 data that does not decode: \(error)")
            }
        }
        guard element.data.starts(with: Array("ARGB".utf8)) else {
            throw .badImage(type: element.type, reason: "holds neither PNG, JPEG 2000 nor ARGB data (IconForge reads the types macOS 11 and later use)")
        }
        var planes: [[UInt8]] = [], offset = 4
        for _ in 0..<4 {
            guard let (plane, next) = runLengthDecode(element.data, from: offset, count: side * side) else {
                throw .badImage(type: element.type, reason: "its ARGB data is truncated or malformed")
            }
            planes.append(plane)
            offset = next
        }
        var bytes = [UInt8](repeating: 0, count: side * side * 4)
        for index in 0..<side * side {
            bytes[index * 4] = planes[1][index]
            bytes[index * 4 + 1] = planes[2][index]
            bytes[index * 4 + 2] = planes[3][index]
            bytes[index * 4 + 3] = planes[0][index]
        }
        return Image(width: side, height: side, format: .rgba8, bytes: bytes)
    }

    /// Apple's run-length coding of icon planes: a byte n < 128 is followed by n + 1 literal bytes; a byte
    /// n ≥ 128 by one byte repeated n − 125 times (3…130).
    static func runLengthEncode(_ values: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [], index = 0
        var literal: [UInt8] = []
        func flush() {
            var start = 0
            while start < literal.count {
                let chunk = literal[start..<min(start + 128, literal.count)]
                output.append(UInt8(chunk.count - 1))
                output += chunk
                start += chunk.count
            }
            literal.removeAll(keepingCapacity: true)
        }
        while index < values.count {
            var run = 1
            while index + run < values.count, run < 130, values[index + run] == values[index] { run += 1 }
            if run >= 3 {
                flush()
                output += [UInt8(run + 125), values[index]]
                index += run
            } else {
                literal.append(values[index])
                index += 1
            }
        }
        flush()
        return output
    }

    /// Decodes `count` values starting at `offset`; nil when the data ends first or overruns.
    static func runLengthDecode(_ data: [UInt8], from offset: Int, count: Int) -> (values: [UInt8], next: Int)? {
        var values: [UInt8] = [], position = offset
        values.reserveCapacity(count)
        while values.count < count {
            guard position < data.count else { return nil }
            let control = Int(data[position])
            position += 1
            if control < 128 {
                guard position + control + 1 <= data.count, values.count + control + 1 <= count else { return nil }
                values += data[position..<position + control + 1]
                position += control + 1
            } else {
                guard position < data.count, values.count + control - 125 <= count else { return nil }
                values += [UInt8](repeating: data[position], count: control - 125)
                position += 1
            }
        }
        return (values, position)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func readBigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}

/// Why an `.icns` file could not be read.
public enum IcnsError: Error, Sendable, Equatable, CustomStringConvertible {
    case notIcns
    case wrongLength(declared: Int, actual: Int)
    case truncated(offset: Int)
    case badElement(type: String, offset: Int)
    case notAnImage(type: String)
    case badImage(type: String, reason: String)
    case tooManyElements(Int)

    public var description: String {
        switch self {
        case .notIcns: "is not an .icns file (it does not start with 'icns')"
        case .wrongLength(let declared, let actual): "says it is \(declared) bytes long but is \(actual): truncated or padded"
        case .truncated(let offset): "ends inside an element header at byte \(offset)"
        case .badElement(let type, let offset): "element '\(type)' at byte \(offset) has a length that does not fit the file"
        case .notAnImage(let type): "element '\(type)' holds no image"
        case .badImage(let type, let reason): "element '\(type)' \(reason)"
        case .tooManyElements(let limit): "has more than \(limit) elements (real files have about 20); not read further"
        }
    }
}
