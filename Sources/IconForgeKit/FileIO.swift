import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read or written; descriptions start with the path.
public enum FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path does not exist.
    case notFound(path: String)
    /// The path exists but could not be read (permissions, a folder where a file was expected, …).
    case unreadable(path: String, reason: String)
    /// The file is larger than any input IconForge accepts.
    case tooBig(path: String, bytes: Int)
    /// Writing failed; nothing was left at the path.
    case writeFailed(path: String, reason: String)
    /// The output would replace the input, and sources are never modified.
    case wouldOverwriteSource(path: String)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file"
        case .unreadable(let path, let reason): "\(path): cannot read: \(reason)"
        case .tooBig(let path, let bytes):
            "\(path): \(bytes) bytes is larger than the \(FileIO.maxInputBytes >> 20) MiB IconForge reads"
        case .writeFailed(let path, let reason): "\(path): cannot write: \(reason)"
        case .wouldOverwriteSource(let path): "\(path): refusing to overwrite the source file; choose another --out"
        }
    }
}

/// Reading inputs and writing outputs. Every write goes to a temporary file in the target's folder and is
/// renamed into place, so a crash, a kill or a full disk never leaves a half-written file behind.
public enum FileIO {
    /// The largest input file read (1 GiB): far above any legitimate icon source, far below the machine.
    public static let maxInputBytes = 1 << 30

    /// The whole file, after checking that it is a regular file of a sensible size.
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw errno == ENOENT ? .notFound(path: path) : .unreadable(path: path, reason: currentErrorText())
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        guard Int(status.st_size) <= maxInputBytes else { throw .tooBig(path: path, bytes: Int(status.st_size)) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: "permission denied or unreadable")
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
    }

    /// Writes `bytes` to `path` atomically: a temporary file beside it, flushed, then renamed over it.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.\(name).iconforge-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .writeFailed(path: path, reason: currentErrorText()) }
        let temporary = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure = writeAll(bytes, to: descriptor)
        if failure == nil, fchmod(descriptor, 0o644) != 0 || fsync(descriptor) != 0 { failure = currentErrorText() }
        if close(descriptor) != 0, failure == nil { failure = currentErrorText() }
        if failure == nil, rename(temporary, path) != 0 { failure = currentErrorText() }
        if let failure {
            unlink(temporary)
            throw .writeFailed(path: path, reason: failure)
        }
    }

    /// Swaps two existing paths in one step: Linux's renameat2 with RENAME_EXCHANGE, looked up at run time
    /// because the Swift Glibc module leaves it out. False where that is missing or refused (an old kernel,
    /// a file system without it, another system): callers then fall back to two renames.
    public static func exchange(_ first: String, _ second: String) -> Bool {
        #if os(Linux)
        guard let renameat2 = renameAt2 else { return false }
        return renameat2(AT_FDCWD, first, AT_FDCWD, second, 2 /* RENAME_EXCHANGE */) == 0
        #else
        return false
        #endif
    }

    #if os(Linux)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameAt2: RenameAt2? = {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
    #endif

    /// Creates `path`, which must not exist yet, inside a folder that is not in place yet (a set being
    /// assembled). `durable` flushes it to disk first: needed when the folder will replace one that holds
    /// the user's files, skipped for a new folder, where a crash loses nothing (fsync was a tenth of the
    /// time of a batch of new sets).
    static func writeNew(_ bytes: [UInt8], to path: String, durable: Bool) throws(FileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .writeFailed(path: path, reason: currentErrorText()) }
        var failure = writeAll(bytes, to: descriptor)
        if failure == nil, durable, fsync(descriptor) != 0 { failure = currentErrorText() }
        if close(descriptor) != 0, failure == nil { failure = currentErrorText() }
        if let failure {
            unlink(path)
            throw .writeFailed(path: path, reason: failure)
        }
    }

    /// Writes every byte (retrying short and interrupted writes); the error text on failure.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        bytes.withUnsafeBytes { raw -> String? in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return currentErrorText()
                }
                offset += written
            }
            return nil
        }
    }

    /// Moves the folder `temporary` to `target` by rename. An existing target is swapped with it in one step
    /// where the system can (`exchange`), otherwise renamed aside first; either way the old folder is then
    /// removed, and a reader sees the old folder or the new one, never a half-written one.
    public static func replaceFolder(_ target: String, with temporary: String) throws(IconForgeError) {
        let manager = FileManager.default
        guard manager.fileExists(atPath: target) else {
            if rename(temporary, target) != 0 {
                let reason = currentErrorText()
                try? manager.removeItem(atPath: temporary)
                throw .file(.writeFailed(path: target, reason: reason))
            }
            return
        }
        // One atomic swap where the system has it: the old folder is never even briefly missing.
        if exchange(temporary, target) {
            try? manager.removeItem(atPath: temporary) // now the old folder
            return
        }
        let aside = temporary + "-old"
        guard rename(target, aside) == 0 else {
            let reason = currentErrorText()
            try? manager.removeItem(atPath: temporary)
            throw .file(.writeFailed(path: target, reason: reason))
        }
        guard rename(temporary, target) == 0 else {
            let reason = currentErrorText()
            _ = rename(aside, target)
            try? manager.removeItem(atPath: temporary)
            throw .file(.writeFailed(path: target, reason: reason))
        }
        try? manager.removeItem(atPath: aside)
    }

    /// True when both paths name the same existing file (after links and relative parts).
    public static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    static func currentErrorText() -> String { String(cString: strerror(errno)) }
}
