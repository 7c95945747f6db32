import CJPEG2000
import Raster

/// Why JPEG 2000 data could not be read; descriptions are meant for the user, after what holds it.
public enum JPEG2000Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not JPEG 2000, malformed or truncated; OpenJPEG's reason.
    case corrupt(String)
    /// The image would take more memory than the limit allows.
    case tooLarge(String)
    /// A layout IconForge does not convert to RGBA.
    case unsupported(String)
    /// Memory could not be had.
    case outOfMemory

    public var description: String {
        switch self {
        case .corrupt(let message), .unsupported(let message): message
        case .tooLarge(let message): "\(message) (raise --max-memory MIB if the image is really meant to be that big)"
        case .outOfMemory: "out of memory while decoding"
        }
    }
}

/// What a JPEG 2000 header says.
public struct JPEG2000Info: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// 1 grey, 2 grey and alpha, 3 RGB, 4 RGBA.
    public var components: Int
    /// Bits of the first component.
    public var precision: Int
}

/// The JPEG 2000 decoder (JP2 files and bare codestreams, as `.icns` elements hold them): OpenJPEG, reached only
/// through this file.
public enum JPEG2000 {
    /// The JP2 signature box, `\0\0\0\x0CjP  \r\n\x87\n`.
    package static let jp2Signature: [UInt8] = [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
    /// A codestream's start-of-codestream and image-size markers, `FF 4F FF 51`.
    package static let codestreamSignature: [UInt8] = [0xFF, 0x4F, 0xFF, 0x51]

    /// True when `bytes` start as a JP2 file or a J2K codestream.
    package static func isJPEG2000(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: jp2Signature) || bytes.starts(with: codestreamSignature)
    }

    /// Reads the header; images whose decoding would take more than `maxBytes` are refused.
    public static func info(_ bytes: [UInt8], maxBytes: Int) throws(JPEG2000Error) -> JPEG2000Info {
        var raw = cjpeg2000_info()
        let (status, message) = withMessage { message, capacity in
            bytes.withUnsafeBufferPointer { cjpeg2000_read_info($0.baseAddress, $0.count, UInt64(max(0, maxBytes)), &raw, message, capacity) }
        }
        try check(status, message)
        return JPEG2000Info(width: Int(raw.width), height: Int(raw.height), components: Int(raw.components), precision: Int(raw.precision))
    }

    /// Decodes to 8-bit straight RGBA; a truncated codestream is an error.
    public static func decode(_ bytes: [UInt8], maxBytes: Int) throws(JPEG2000Error) -> (info: JPEG2000Info, image: Image) {
        let info = try info(bytes, maxBytes: maxBytes)
        let count = info.width * info.height * 4
        var pixels = [UInt8](repeating: 0, count: count)
        let (status, message) = withMessage { message, capacity in
            bytes.withUnsafeBufferPointer { data in
                pixels.withUnsafeMutableBufferPointer {
                    cjpeg2000_decode_rgba(data.baseAddress, data.count, UInt64(max(0, maxBytes)), $0.baseAddress, $0.count, message, capacity)
                }
            }
        }
        try check(status, message)
        return (info, Image(width: info.width, height: info.height, format: .rgba8, bytes: pixels))
    }

    /// The OpenJPEG version IconForge runs with.
    public static var libraryVersion: String { String(cString: cjpeg2000_version()) }

    private static func withMessage(_ body: (UnsafeMutablePointer<CChar>, Int) -> cjpeg2000_status) -> (cjpeg2000_status, String) {
        var buffer = [CChar](repeating: 0, count: 512)
        let status = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        return (status, buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    private static func check(_ status: cjpeg2000_status, _ message: String) throws(JPEG2000Error) {
        switch status {
        case CJPEG2000_OK: return
        case CJPEG2000_E_LIMIT: throw .tooLarge(message)
        case CJPEG2000_E_UNSUPPORTED: throw .unsupported(message)
        case CJPEG2000_E_NOMEM: throw .outOfMemory
        default: throw .corrupt(message.isEmpty ? "OpenJPEG could not read it" : message)
        }
    }
}
