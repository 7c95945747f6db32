import CWebP
import Raster

/// Why a WebP could not be read; descriptions are meant for the user, after the file's name.
public enum WebPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a WebP, malformed or truncated; libwebp's reason.
    case corrupt(String)
    /// The image would take more memory than the limit allows.
    case tooLarge(String)
    /// An animation, which the still decoder does not read.
    case animated(String)
    /// Memory could not be had.
    case outOfMemory

    public var description: String {
        switch self {
        case .corrupt(let message): message
        case .tooLarge(let message): "\(message) (raise --max-memory MIB if the image is really meant to be that big)"
        case .animated(let message): message
        case .outOfMemory: "out of memory while decoding"
        }
    }
}

/// What a WebP's header says.
public struct WebPInfo: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// True when the file carries an alpha channel.
    public var hasAlpha: Bool
    /// VP8L rather than VP8.
    public var isLossless: Bool
}

/// The WebP decoder: libwebp, reached only through this file.
public enum WebP {
    /// Reads the header; images whose RGBA pixels would take more than `maxBytes` are refused.
    public static func info(_ bytes: [UInt8], maxBytes: Int) throws(WebPError) -> WebPInfo {
        var raw = cwebp_info()
        let (status, message) = withMessage { message, capacity in
            bytes.withUnsafeBufferPointer { cwebp_read_info($0.baseAddress, $0.count, UInt64(max(0, maxBytes)), &raw, message, capacity) }
        }
        try check(status, message)
        return WebPInfo(width: Int(raw.width), height: Int(raw.height), hasAlpha: raw.has_alpha != 0, isLossless: raw.is_lossless != 0)
    }

    /// Decodes the whole image to 8-bit straight RGBA; a truncated file is an error.
    public static func decode(_ bytes: [UInt8], maxBytes: Int) throws(WebPError) -> (info: WebPInfo, image: Image) {
        let info = try info(bytes, maxBytes: maxBytes)
        let count = info.width * info.height * 4
        var pixels = [UInt8](repeating: 0, count: count)
        let (status, message) = withMessage { message, capacity in
            bytes.withUnsafeBufferPointer { data in
                pixels.withUnsafeMutableBufferPointer {
                    cwebp_decode_rgba(data.baseAddress, data.count, UInt64(max(0, maxBytes)), $0.baseAddress, $0.count, message, capacity)
                }
            }
        }
        try check(status, message)
        return (info, Image(width: info.width, height: info.height, format: .rgba8, bytes: pixels))
    }

    /// The libwebp version IconForge runs with.
    public static var libraryVersion: String {
        var buffer = [CChar](repeating: 0, count: 32)
        buffer.withUnsafeMutableBufferPointer { cwebp_version($0.baseAddress, $0.count) }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    private static func withMessage(_ body: (UnsafeMutablePointer<CChar>, Int) -> cwebp_status) -> (cwebp_status, String) {
        var buffer = [CChar](repeating: 0, count: 512)
        let status = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        return (status, buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    private static func check(_ status: cwebp_status, _ message: String) throws(WebPError) {
        switch status {
        case CWEBP_OK: return
        case CWEBP_E_LIMIT: throw .tooLarge(message)
        case CWEBP_E_ANIMATED: throw .animated(message)
        case CWEBP_E_NOMEM: throw .outOfMemory
        default: throw .corrupt(message.isEmpty ? "libwebp could not read it" : message)
        }
    }
}
