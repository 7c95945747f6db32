import PNGCodec
import Raster

/// The Windows icon container (a Windows app's `app.ico`, a site's `favicon.ico`), written and read: a directory of
/// entries, each a PNG or a BMP (a BITMAPINFOHEADER, bottom-up 32-bit BGRA rows, then a 1-bit AND mask). Only the
/// 256 px entry is PNG, as Windows' own icons are: every Windows version and icon tool reads BMP entries, some
/// (resource compilers before Vista, several icon libraries) no PNG ones, and at 16–64 px a BMP of flat art is about
/// as small as a PNG (see README).
public enum Ico {
    /// Entries this size and larger are stored as PNG.
    package static let pngFromPixels = 256

    /// The file's bytes for `images` (square, 1…256 px), in the order given.
    public static func encode(_ images: [Image]) throws(PNGError) -> [UInt8] {
        var directory: [UInt8] = [0, 0, 1, 0] + littleEndian16(images.count)
        var payloads: [[UInt8]] = []
        for image in images {
            payloads.append(image.width >= pngFromPixels ? try PNG.encode(image.converted(to: .rgba8), options: PNGEncodeOptions(colorType: .rgba))
                                                         : bmp(image))
        }
        var offset = 6 + 16 * images.count
        for (image, payload) in zip(images, payloads) {
            directory += [UInt8(image.width & 0xFF), UInt8(image.height & 0xFF), 0, 0] + littleEndian16(1) + littleEndian16(32)
            directory += littleEndian32(payload.count) + littleEndian32(offset)
            offset += payload.count
        }
        return directory + payloads.flatMap { $0 }
    }

    /// The file for rendered PNGs by entry name ("32x32" → PNG bytes), largest first: Windows and browsers pick an
    /// entry by size whatever the order, but readers that take the first entry (window-icon loaders of GLFW, winit,
    /// Java; thumbnailers) then get the sharpest one rather than a 16 px picture scaled up.
    package static func file(pngs: [String: [UInt8]]) throws(PNGError) -> [UInt8] {
        var images: [Image] = []
        for png in pngs.values { images.append(try PNG.decode(png).image) }
        return try encode(images.sorted { $0.width > $1.width })
    }

    /// A BMP entry: the header says twice the height (the colour rows, then the AND mask).
    static func bmp(_ image: Image) -> [UInt8] {
        let pixels = image.converted(to: .rgba8)
        let (width, height) = (pixels.width, pixels.height)
        var data = littleEndian32(40) + littleEndian32(width) + littleEndian32(height * 2) + littleEndian16(1) + littleEndian16(32)
        data += littleEndian32(0) + littleEndian32(0) + littleEndian32(0) + littleEndian32(0) + littleEndian32(0) + littleEndian32(0)
        for y in (0..<height).reversed() {
            for x in 0..<width {
                let p = pixels.pixel(x: x, y: y)
                data += [UInt8(p[2]), UInt8(p[1]), UInt8(p[0]), UInt8(p[3])]
            }
        }
        // The AND mask: 1 for fully transparent pixels, rows padded to four bytes.
        let rowBytes = ((width + 31) / 32) * 4
        for y in (0..<height).reversed() {
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in 0..<width where pixels.pixel(x: x, y: y)[3] == 0 { row[x / 8] |= 0x80 >> UInt8(x % 8) }
            data += row
        }
        return data
    }

    /// One entry as read: its directory size, data kind and decoded image.
    public struct Entry: Sendable {
        /// The size its directory entry gives (256 for a larger picture, whose pixels are `image`'s).
        public var size: PixelSize
        /// True when it is stored as PNG (else as a BMP).
        public var isPNG: Bool
        /// Its pixels.
        public var image: Image
    }

    /// Reads and decodes every entry; errors say what is wrong.
    public static func read(_ bytes: [UInt8], limits: PNGLimits = .default) throws(IcoError) -> [Entry] {
        guard bytes.count >= 6, bytes[0] == 0, bytes[1] == 0, bytes[2] == 1, bytes[3] == 0 else { throw .notIco }
        let count = Int(bytes[4]) | Int(bytes[5]) << 8
        guard count > 0, 6 + 16 * count <= bytes.count else { throw .truncated }
        var entries: [Entry] = []
        for index in 0..<count {
            let at = 6 + 16 * index
            let side = (Int(bytes[at]) == 0 ? 256 : Int(bytes[at]), Int(bytes[at + 1]) == 0 ? 256 : Int(bytes[at + 1]))
            let length = readLittleEndian32(bytes, at + 8), offset = readLittleEndian32(bytes, at + 12)
            guard length > 0, offset >= 6 + 16 * count, offset + length <= bytes.count else { throw .badEntry(index) }
            let data = Array(bytes[offset..<offset + length])
            let image: Image
            let isPNG = data.starts(with: [0x89, 0x50, 0x4E, 0x47])
            if isPNG {
                do { image = try PNG.decode(data, limits: limits).image } catch { throw .badImage(index, error.description) }
            } else {
                image = try readBMP(data, index: index, maxSide: bytes[at] == 0 && bytes[at + 1] == 0 ? maxLargerSide : 256)
            }
            // The directory's one byte says 256 at most (0): a larger picture marked 0 is no damage — EarTrumpet's icons hold
            // 512 and 768 px PNGs beside their 256, QuickLook's app.ico a 512 px BMP. Windows picks an entry by the
            // directory and scales what it decodes (a BMP's header gives its size); image-rs reads it too (its entry of 0
            // matches any picture of 256 px or more, PNG or BMP).
            let larger = bytes[at] == 0 && bytes[at + 1] == 0 && image.width >= 256 && image.height >= 256
            guard (image.width == side.0 && image.height == side.1) || larger else {
                throw .badImage(index, "holds \(image.width)x\(image.height) but the directory says \(side.0)x\(side.1)")
            }
            entries.append(Entry(size: PixelSize(width: side.0, height: side.1), isPNG: isPNG, image: image))
        }
        return entries
    }

    /// The largest side a BMP entry marked 0 (256 or more) is read at: 4 MiB of pixels.
    static let maxLargerSide = 1024

    /// A BMP entry: 1-, 4- and 8-bit palette entries (Windows XP-era icons, still in many apps' `.ico`), 24-bit and
    /// 32-bit ones, at most `maxSide` a side. Transparency is the alpha channel of a 32-bit entry that has one, else the AND mask.
    private static func readBMP(_ data: [UInt8], index: Int, maxSide: Int) throws(IcoError) -> Image {
        guard data.count >= 40, readLittleEndian32(data, 0) == 40 else { throw .badImage(index, "is neither PNG nor a BMP with a 40-byte header") }
        let width = readLittleEndian32(data, 4), doubled = readLittleEndian32(data, 8)
        let bits = Int(data[14]) | Int(data[15]) << 8, compression = readLittleEndian32(data, 16)
        guard [1, 4, 8, 24, 32].contains(bits), compression == 0 else {
            throw .badImage(index, "is a \(bits)-bit BMP with compression \(compression), which icons do not use")
        }
        // The height counts the colour rows and the mask's: twice the picture's. Entries need not be square (CyberChef's
        // favicon.ico is one 16x15 entry, which browsers draw).
        guard width > 0, width <= maxSide, doubled > 0, doubled % 2 == 0, doubled <= 2 * maxSide else { throw .badImage(index, "has a BMP header of \(width)x\(doubled / 2)") }
        let height = doubled / 2
        let colours = bits <= 8 ? (readLittleEndian32(data, 32) == 0 ? 1 << bits : readLittleEndian32(data, 32)) : 0
        guard colours <= 256 else { throw .badImage(index, "has a palette of \(colours) colours") }
        let palette = 40, pixels = palette + colours * 4
        let stride = (width * bits + 31) / 32 * 4, maskStride = (width + 31) / 32 * 4
        let mask = pixels + stride * height
        guard data.count >= mask else {
            // qutebrowser.ico's 16 px 8-bit entry: a palette shorter than its header says (256 colours), so its pixels
            // run past the entry's end; Windows then draws garbage, or another entry.
            let parts = bits <= 8 ? "its header, \(colours)-colour palette and pixels" : "its header and pixels"
            throw .badImage(index, "(\(width)x\(height), \(bits)-bit BMP) is cut short: \(parts) take \(mask) bytes, the entry has \(data.count)")
        }
        let hasMask = data.count >= mask + maskStride * height
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        var anyAlpha = false
        for y in 0..<height {
            // Rows are stored bottom-up.
            let row = pixels + (height - 1 - y) * stride
            for x in 0..<width {
                let target = (y * width + x) * 4
                switch bits {
                case 32, 24:
                    let source = row + x * bits / 8
                    bytes[target] = data[source + 2]
                    bytes[target + 1] = data[source + 1]
                    bytes[target + 2] = data[source]
                    bytes[target + 3] = bits == 32 ? data[source + 3] : 255
                default:
                    let bit = x * bits
                    let value = Int(data[row + bit / 8] >> (8 - bits - bit % 8)) & ((1 << bits) - 1)
                    guard value < colours else { throw .badImage(index, "names colour \(value) of a \(colours)-colour palette") }
                    let entry = palette + value * 4
                    bytes[target] = data[entry + 2]
                    bytes[target + 1] = data[entry + 1]
                    bytes[target + 2] = data[entry]
                    bytes[target + 3] = 255
                }
                anyAlpha = anyAlpha || (bits == 32 && bytes[target + 3] != 0)
            }
        }
        // A 32-bit entry whose alpha is all zero predates alpha icons: its mask says what shows, as for the others.
        if hasMask, bits != 32 || !anyAlpha {
            for y in 0..<height {
                let row = mask + (height - 1 - y) * maskStride
                for x in 0..<width where data[row + x / 8] & (0x80 >> UInt8(x % 8)) != 0 {
                    bytes[(y * width + x) * 4 + 3] = 0
                }
                if bits == 32 { for x in 0..<width where data[row + x / 8] & (0x80 >> UInt8(x % 8)) == 0 { bytes[(y * width + x) * 4 + 3] = 255 } }
            }
        }
        return Image(width: width, height: height, format: .rgba8, bytes: bytes)
    }

    private static func littleEndian16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
    private static func littleEndian32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    private static func readLittleEndian32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }
}

/// Why an `.ico` file could not be read.
public enum IcoError: Error, Sendable, Equatable, CustomStringConvertible {
    case notIco, truncated
    case badEntry(Int)
    case badImage(Int, String)

    public var description: String {
        switch self {
        case .notIco: "is not an .ico file (it does not start with an icon directory)"
        case .truncated: "ends inside its directory"
        case .badEntry(let index): "entry \(index + 1) points outside the file"
        case .badImage(let index, let reason): "entry \(index + 1) \(reason)"
        }
    }
}
