import JPEGCodec
import PNGCodec
import Raster
import SVGCodec

/// A failure of one IconForge operation on one file. The description is one line: the path, then the reason.
public enum IconForgeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Reading or writing a file failed.
    case file(FileError)
    /// The file is not a PNG IconForge can read.
    case decode(path: String, PNGError)
    /// The file is a JPEG IconForge cannot read.
    case jpeg(path: String, JPEGError)
    /// The file is an SVG IconForge cannot read or draw.
    case svg(path: String, SVGError)
    /// An Icon Composer `.icon` bundle IconForge cannot read or draw.
    case iconComposer(path: String, IconComposerError)
    /// The file could not be encoded (a bug rather than bad input).
    case encode(path: String, PNGError)
    /// A request that cannot be met for this file, with the reason and what to do.
    case invalidRequest(path: String, reason: String)

    public var description: String {
        switch self {
        case .file(let error): error.description
        case .decode(let path, let error): "\(path): \(error)"
        case .jpeg(let path, let error): "\(path): \(error)"
        case .svg(let path, let error): "\(path): \(error)"
        case .iconComposer(let path, let error): "\(path): \(error)"
        case .encode(let path, let error): "\(path): \(error)"
        case .invalidRequest(let path, let reason): "\(path): \(reason)"
        }
    }
}

extension FileIO {
    /// `read`, with the error as an `IconForgeError`.
    static func readInput(_ path: String) throws(IconForgeError) -> [UInt8] {
        do { return try read(path) } catch { throw .file(error) }
    }

    /// Reads and decodes a PNG, errors naming the file; the bytes come back too (for sizes and backups).
    static func readPNG(_ path: String, limits: PNGLimits, verifiesChecksum: Bool = true,
                        parallelism: Parallelism = .serial) throws(IconForgeError) -> (bytes: [UInt8], png: DecodedPNG) {
        let bytes = try readInput(path)
        do {
            return (bytes, try PNG.decode(bytes, limits: limits, verifiesChecksum: verifiesChecksum, parallelism: parallelism))
        } catch { throw .decode(path: path, error) }
    }

    /// `writeAtomically`, with the error as an `IconForgeError`.
    static func writeOutput(_ bytes: [UInt8], to path: String) throws(IconForgeError) {
        do { try writeAtomically(bytes, to: path) } catch { throw .file(error) }
    }
}
