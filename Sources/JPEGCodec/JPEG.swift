import CJPEG
import Raster

/// Why a JPEG could not be read; descriptions are meant for the user, after the file's path.
public enum JPEGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a JPEG, malformed or truncated; libjpeg's message.
    case corrupt(String)
    /// The image would take more memory than the limit allows.
    case tooLarge(String)
    /// CMYK or YCCK, whose colours need the file's print profile.
    case cmyk(String)
    /// Memory could not be had.
    case outOfMemory

    public var description: String {
        switch self {
        case .corrupt(let message): "corrupt JPEG: \(message)"
        case .tooLarge(let message): "\(message) (raise --max-memory MIB if the image is really meant to be that big)"
        case .cmyk(let message): message
        case .outOfMemory: "out of memory while decoding"
        }
    }
}

/// What a JPEG says about itself.
public struct JPEGInfo: Sendable, Equatable {
    /// Width and height as stored (before orientation).
    public var width: Int
    /// Height in pixels, as stored (before the EXIF orientation).
    public var height: Int
    /// "greyscale", "YCbCr" or "RGB".
    public var colorSpace: String
    /// Progressive (SOF2) rather than baseline.
    public var isProgressive: Bool
    /// EXIF orientation, `.up` when there is none.
    package var orientation: Orientation
    /// The embedded ICC profile (APP2 ICC_PROFILE segments joined), when there is one.
    public var iccProfile: [UInt8]?

    /// Width and height once turned upright.
    public var uprightSize: PixelSize {
        orientation.swapsSides ? PixelSize(width: height, height: width) : PixelSize(width: width, height: height)
    }
}

/// The JPEG decoder: libjpeg-turbo, reached only through this file.
public enum JPEG {
    /// The frame's size from the markers alone, without the decoder: what a check of a file's size needs, from its
    /// first bytes too. Nil when no start-of-frame marker is read.
    package static func frameSize(_ bytes: [UInt8]) -> PixelSize? { JPEGMarkers(bytes).frameSize }

    /// Reads the header: size, colour space, and (from the markers) progressive, orientation and ICC profile.
    /// Images whose RGBA pixels would take more than `maxBytes` are refused before anything is allocated.
    public static func info(_ bytes: [UInt8], maxBytes: Int) throws(JPEGError) -> JPEGInfo {
        var raw = cjpeg_info()
        let (status, message) = withMessage { message, capacity in
            bytes.withUnsafeBufferPointer { cjpeg_read_info($0.baseAddress, $0.count, UInt64(max(0, maxBytes)), &raw, message, capacity) }
        }
        try check(status, message)
        let markers = JPEGMarkers(bytes)
        let space = switch raw.colorspace { case 2: "greyscale"; case 0: "RGB"; default: "YCbCr" }
        return JPEGInfo(width: Int(raw.width), height: Int(raw.height), colorSpace: space, isProgressive: markers.isProgressive,
                        orientation: markers.orientation, iccProfile: markers.iccProfile)
    }

    /// Decodes to 8-bit RGBA, turned upright as its EXIF orientation says.
    public static func decode(_ bytes: [UInt8], maxBytes: Int) throws(JPEGError) -> (info: JPEGInfo, image: Image) {
        let info = try info(bytes, maxBytes: maxBytes)
        let count = info.width * info.height * 4
        var pixels = [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        let (status, message) = withMessage { message, capacity in
            bytes.withUnsafeBufferPointer { data in
                pixels.withUnsafeMutableBufferPointer {
                    cjpeg_decode_rgba(data.baseAddress, data.count, UInt64(max(0, maxBytes)), $0.baseAddress, $0.count, message, capacity)
                }
            }
        }
        try check(status, message)
        return (info, Image(width: info.width, height: info.height, format: .rgba8, bytes: pixels).oriented(info.orientation))
    }

    /// The libjpeg-turbo version IconForge runs with.
    public static var libraryVersion: String { String(cString: cjpeg_version()) }

    private static func withMessage(_ body: (UnsafeMutablePointer<CChar>, Int) -> cjpeg_status) -> (cjpeg_status, String) {
        var buffer = [CChar](repeating: 0, count: 512)
        let status = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        return (status, buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    private static func check(_ status: cjpeg_status, _ message: String) throws(JPEGError) {
        switch status {
        case CJPEG_OK: return
        case CJPEG_E_LIMIT: throw .tooLarge(message)
        case CJPEG_E_CMYK: throw .cmyk(message)
        case CJPEG_E_NOMEM: throw .outOfMemory
        default: throw .corrupt(message.isEmpty ? "libjpeg could not read the data" : message)
        }
    }
}
