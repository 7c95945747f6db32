import JPEGCodec
import PNGCodec
import Raster
import SVGCodec
import WebPCodec

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
    /// The file is a WebP IconForge cannot read (`inspect` of an Android launcher picture).
    case webp(path: String, WebPError)
    /// An Icon Composer `.icon` bundle IconForge cannot read or draw.
    case iconComposer(path: String, IconComposerError)
    /// The file could not be encoded (a bug rather than bad input).
    case encode(path: String, PNGError)
    /// A master that cannot make what the request asks of it: not square, too small, not a kind that is read.
    case master(path: String, MasterError)
    /// Work refused before it starts: an output or a drawing beyond the memory and size limits, a run beyond what
    /// one run makes.
    case overLimit(path: String, LimitError)
    /// An output folder that cannot take the run's files where it is: an asset set, inside a catalog, a file in the way.
    case outputFolder(path: String, OutputFolderError)
    /// A request a project's layout cannot route: a variant's name, a preset, a platform the project has no folder for.
    case projectLayout(path: String, ProjectLayoutError)
    /// A file of the user's that the run updates in place (a manifest, the page, a `.desktop` entry) and cannot.
    case update(path: String, UpdateError)
    /// The file is not an `.icns` IconForge can read.
    case icns(path: String, IcnsError)
    /// The file is not an `.ico` IconForge can read.
    case ico(path: String, IcoError)
    /// The badge's text (`--badge`) cannot be filled in or drawn.
    case badge(BadgeTextError)
    /// A path the contact sheet cannot be drawn from.
    case preview(path: String, PreviewError)
    /// A file the run wrote that does not read back as it should (a bug, to be reported).
    case writeCheck(path: String, WriteCheckError)

    public var description: String {
        switch self {
        case .file(let error): error.description
        case .decode(let path, let error): "\(path): \(error)"
        case .jpeg(let path, let error): "\(path): \(error)"
        case .webp(let path, let error): "\(path): \(error)"
        case .svg(let path, let error): "\(path): \(error)"
        case .iconComposer(let path, let error): "\(path): \(error)"
        case .encode(let path, let error): "\(path): \(error)"
        case .master(let path, let error): "\(path): \(error)"
        case .overLimit(let path, let error): "\(path): \(error)"
        case .outputFolder(let path, let error): "\(path): \(error)"
        case .projectLayout(let path, let error): "\(path): \(error)"
        case .update(let path, let error): "\(path): \(error)"
        case .icns(let path, let error): "\(path): \(error)"
        case .ico(let path, let error): "\(path): \(error)"
        case .badge(let error): "--badge: \(error)"
        case .preview(let path, let error): "\(path): \(error)"
        case .writeCheck(let path, let error): "\(path): \(error)"
        }
    }
}

extension FileIO {
    /// `read`, with the error as an `IconForgeError`.
    static func readInput(_ path: String) throws(IconForgeError) -> [UInt8] {
        do { return try read(path) } catch { throw .file(error) }
    }

    /// PNG files at least this large are decoded as they are read rather than read whole first: then only their
    /// pixels are held (an incompressible 8192² master is a 256 MB file for 256 MB of pixels). Smaller files are
    /// read whole, which is faster.
    static let streamedPNGBytes = 32 << 20

    /// The first bytes read of a streamed PNG: every chunk before the image data must be among them.
    static let streamedPNGHeadBytes = 16 << 20

    /// Decodes the PNG at `path` as it is read when the file is a PNG of at least `streamedPNGBytes`; nil for
    /// any other file (the caller reads it whole).
    /// `budget` (files checked in parallel) is reserved for the decode only when there is one: a small file costs none.
    static func decodeLargePNG(_ path: String, limits: PNGLimits, verifiesChecksum: Bool = true, parallelism: Parallelism = .serial,
                               budget: MemoryBudget? = nil) throws(IconForgeError) -> (size: Int, png: DecodedPNG)? {
        let outcome: Result<(size: Int, png: DecodedPNG), PNGError>?
        do { outcome = try streamPNG(path, limits: limits, verifiesChecksum: verifiesChecksum, parallelism: parallelism, budget: budget) } catch {
            throw .file(error)
        }
        switch outcome {
        case nil: return nil
        case .success(let decoded)?: return decoded
        case .failure(let error)?: throw .decode(path: path, error)
        }
    }

    private static func streamPNG(_ path: String, limits: PNGLimits, verifiesChecksum: Bool, parallelism: Parallelism,
                                  budget: MemoryBudget?) throws(FileError) -> Result<(size: Int, png: DecodedPNG), PNGError>? {
        try withOpenFile(path) { descriptor, size throws(FileError) -> Result<(size: Int, png: DecodedPNG), PNGError>? in
            guard size >= streamedPNGBytes, size <= maxInputBytes else { return nil }
            let head = try read(descriptor, at: 0, count: min(size, streamedPNGHeadBytes), path: path)
            guard FileKind.detect(head) == .png else { return nil }
            let file = PNGFileSource(head: head, size: size) { offset, buffer in readAt(descriptor, offset, buffer) }
            let decode = { Result { () throws(PNGError) -> DecodedPNG in
                try PNG.decode(file, limits: limits, verifiesChecksum: verifiesChecksum, parallelism: parallelism)
            } }
            let result = budget.map { $0.withReservation(limits.maxDecodedBytes, decode) } ?? decode()
            // More than the head's worth of chunks before the image data: read it whole.
            if case .failure(.truncated) = result, head.count < size { return nil }
            return result.map { (size, $0) }
        }
    }

    /// Reads and decodes a PNG, errors naming the file; the file's size comes back too.
    static func readPNG(_ path: String, limits: PNGLimits, verifiesChecksum: Bool = true,
                        parallelism: Parallelism = .serial) throws(IconForgeError) -> (fileBytes: Int, png: DecodedPNG) {
        if let decoded = try decodeLargePNG(path, limits: limits, verifiesChecksum: verifiesChecksum, parallelism: parallelism) {
            return (decoded.size, decoded.png)
        }
        let bytes = try readInput(path)
        do {
            return (bytes.count, try PNG.decode(bytes, limits: limits, verifiesChecksum: verifiesChecksum, parallelism: parallelism))
        } catch { throw .decode(path: path, error) }
    }

    /// `writeAtomically`, with the error as an `IconForgeError`.
    static func writeOutput(_ bytes: [UInt8], to path: String) throws(IconForgeError) {
        do { try writeAtomically(bytes, to: path) } catch { throw .file(error) }
    }
}
