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
    /// The path is reached through a link that leaves the folder the run was given.
    case leavesFolder(path: String, folder: String)
    /// A document (JSON, XML, HTML, YAML) larger than IconForge parses.
    case documentTooLarge(path: String, bytes: Int, limit: Int)
    /// The path is a named pipe, a device, a socket or a folder, never opened as a file (a pipe would block).
    case notRegularFile(path: String, kind: String)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file"
        case .unreadable(let path, let reason): "\(path): cannot read: \(reason)"
        case .tooBig(let path, let bytes):
            "\(path): \(bytes) bytes is larger than the \(FileIO.maxInputBytes >> 20) MiB IconForge reads"
        case .writeFailed(let path, let reason): "\(path): cannot write: \(reason)"
        case .wouldOverwriteSource(let path): "\(path): refusing to overwrite the source file; choose another --out"
        case .leavesFolder(let path, let folder):
            "\(path): is reached through a link that leaves \(folder); IconForge neither reads nor writes outside the folder it was given"
        case .notRegularFile(let path, let kind): "\(path): is \(kind), not a file; not opened"
        case .documentTooLarge(let path, let bytes, let limit):
            "\(path): \(bytes) bytes is larger than the \(limit >> 20) MiB IconForge parses for such a file (real ones are a few KB)"
        }
    }
}

/// Reading inputs and writing outputs. Every write goes to a temporary file in the target's folder and is
/// renamed into place, so a crash, a kill or a full disk never leaves a half-written file behind.
package enum FileIO {
    /// The largest input file read (1 GiB): far above any legitimate icon source, far below the machine.
    package static let maxInputBytes = 1 << 30

    /// The whole file, after checking that it is a regular file of a sensible size. Read straight into the
    /// array (no intermediate Data: a 1 GiB file cost 2 GiB while it was copied).
    package static func read(_ path: String) throws(FileError) -> [UInt8] { try read(path, upTo: nil) }

    /// At most the first `limit` bytes of the file (a header), under the same checks as `read`.
    package static func readPrefix(_ path: String, upTo limit: Int) throws(FileError) -> [UInt8] { try read(path, upTo: limit) }

    private static func read(_ path: String, upTo limit: Int?) throws(FileError) -> [UInt8] {
        try withOpenFile(path) { descriptor, fileSize throws(FileError) in
            if limit == nil, fileSize > maxInputBytes { throw .tooBig(path: path, bytes: fileSize) }
            return try read(descriptor, at: 0, count: min(fileSize, limit ?? Int.max), path: path)
        }
    }

    /// The regular file at `path`, open for reading while `body` runs with its descriptor and size.
    static func withOpenFile<T>(_ path: String, _ body: (Int32, Int) throws(FileError) -> T) throws(FileError) -> T {
        // Checked before opening, and opened non-blocking besides: opening a named pipe blocks until a writer
        // comes, and a path can change between the check and the open.
        var before = stat()
        if stat(path, &before) == 0, let kind = specialKind(before.st_mode) { throw .notRegularFile(path: path, kind: kind) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw errno == ENOENT ? .notFound(path: path) : .unreadable(path: path, reason: currentErrorText())
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, reason: currentErrorText()) }
        if let kind = specialKind(status.st_mode) { throw .notRegularFile(path: path, kind: kind) }
        return try body(descriptor, Int(status.st_size))
    }

    /// Up to `count` bytes from `offset` of an open file (fewer when it ends sooner: a file that shrinks while it
    /// is read gives what is there). Read straight into the array (no intermediate Data: a 1 GiB file cost 2 GiB
    /// while it was copied).
    static func read(_ descriptor: Int32, at offset: Int, count size: Int, path: String) throws(FileError) -> [UInt8] {
        var failure: String?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = readAt(descriptor, offset, UnsafeMutableRawBufferPointer(buffer))
            if count < 0 { failure = currentErrorText(); count = 0 }
        }
        if let failure { throw .unreadable(path: path, reason: failure) }
        return bytes
    }

    /// Fills `buffer` from `offset` of an open file; the bytes read (fewer at its end), or -1 with errno set.
    static func readAt(_ descriptor: Int32, _ offset: Int, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
        var count = 0
        while count < buffer.count {
            let got = pread(descriptor, buffer.baseAddress! + count, buffer.count - count, off_t(offset + count))
            if got < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if got == 0 { break }
            count += got
        }
        return count
    }

    /// The largest JSON, XML, HTML or YAML document read (Contents.json, icon.json, manifests, pages, resource XML,
    /// presets): real ones are a few KB, and a parser's memory grows many times over the text.
    package static let maxDocumentBytes = 4 << 20

    /// A document (see `maxDocumentBytes`): its size checked before a byte is read.
    package static func readDocument(_ path: String) throws(FileError) -> [UInt8] {
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) > maxDocumentBytes {
            throw .documentTooLarge(path: path, bytes: Int(status.st_size), limit: maxDocumentBytes)
        }
        let bytes = try read(path)
        guard bytes.count <= maxDocumentBytes else { throw .documentTooLarge(path: path, bytes: bytes.count, limit: maxDocumentBytes) }
        return bytes
    }

    /// Writes `bytes` to `path` atomically: a temporary file beside it, flushed (unless not `durable`: for
    /// IconForge's own bookkeeping, which a crash may lose), then renamed over it. The file gets `mode` (a
    /// rewritten file keeps its own), or the usual 0666 less the process's umask.
    package static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t? = nil, durable: Bool = true) throws(FileError) {
        let folder = path.parentFolder
        let name = (path as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/" + temporaryName(for: name) + "-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .writeFailed(path: path, reason: currentErrorText()) }
        let temporary = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure = writeAll(bytes, to: descriptor)
        // mkstemp creates 0600 whatever the umask; a user's outputs get the mode any other tool would give them.
        if failure == nil, fchmod(descriptor, mode ?? newFileMode) != 0 || (durable && fsync(descriptor) != 0) { failure = currentErrorText() }
        if close(descriptor) != 0, failure == nil { failure = currentErrorText() }
        if failure == nil, rename(temporary, path) != 0 { failure = currentErrorText() }
        if let failure {
            unlink(temporary)
            throw .writeFailed(path: path, reason: failure)
        }
    }

    /// What a file mode names when it is not a regular file: "a named pipe", "a folder", …; nil for a file.
    static func specialKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a regular file"
        }
    }

    /// 0666 less the umask, read once (umask can only be read by setting it).
    static let newFileMode: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return 0o666 & ~mask
    }()

    /// The mode bits of an existing file, or nil.
    package static func mode(of path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    /// The name of a temporary beside `name`: hidden, marked as IconForge's, and carrying this process's id,
    /// so a later run can tell a temporary whose writer died (and remove it) from one still being written.
    static func temporaryName(for name: String) -> String {
        ".\(name).iconforge-\(getpid())"
    }

    /// Removes the temporaries (files or folders) that IconForge processes which no longer run left in
    /// `folder`: a killed or crashed run's half-written sets and files. Those of live processes are kept,
    /// and this process's own unless `includingOwn` (a daemon abandoning its jobs on a forced stop).
    package static func removeStaleTemporaries(in folder: String, includingOwn: Bool = false) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(".") {
            guard let range = name.range(of: ".iconforge-", options: .backwards) else { continue }
            let digits = name[range.upperBound...].prefix(while: \.isNumber)
            guard let pid = Int32(digits), pid > 0 else { continue }
            if pid == getpid() ? !includingOwn : (kill(pid, 0) == 0 || errno == EPERM) { continue }
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
    }

    /// Creates `path` with `bytes` only if nothing is there yet (never replaces a file), flushes it, and
    /// reads it back: for backups, which must exist intact before the original is touched.
    package static func writeBackup(_ bytes: [UInt8], to path: String) throws(FileError) {
        try writeNew(bytes, to: path, durable: true)
        guard (try? read(path)) == bytes else {
            throw .writeFailed(path: path, reason: "the backup does not read back as written")
        }
    }

    /// Swaps two existing paths in one step: Linux's renameat2 with RENAME_EXCHANGE, looked up at run time
    /// because the Swift Glibc module leaves it out. False where that is missing or refused (an old kernel,
    /// a file system without it, another system): callers then fall back to two renames.
    package static func exchange(_ first: String, _ second: String) -> Bool {
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
        guard let symbol = GlibcFunction.address(of: "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
    #endif

    /// Creates `path`, which must not exist yet, inside a folder that is not in place yet (a set being
    /// assembled). `durable` flushes it to disk first: needed when the folder will replace one that holds
    /// the user's files, skipped for a new folder, where a crash loses nothing (fsync was a tenth of the
    /// time of a batch of new sets).
    static func writeNew(_ bytes: [UInt8], to path: String, durable: Bool) throws(FileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) // less the umask
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
    package static func replaceFolder(_ target: String, with temporary: String) throws(IconForgeError) {
        let manager = FileManager.default
        guard manager.fileExists(atPath: target) else {
            if rename(temporary, target) != 0 {
                let reason = currentErrorText()
                try? manager.removeItem(atPath: temporary)
                throw .file(.writeFailed(path: target, reason: reason))
            }
            return
        }
        // The old folder is removed once replaced: one whose files cannot be removed (a read-only set) is
        // refused before anything moves, so no run ever ends with the old set hidden beside the new one.
        guard access(target, W_OK | X_OK) == 0 else {
            let reason = currentErrorText()
            try? manager.removeItem(atPath: temporary)
            throw .file(.writeFailed(path: target, reason: reason))
        }
        // One atomic swap where the system has it: the old folder is never even briefly missing.
        if exchange(temporary, target) {
            do { try manager.removeItem(atPath: temporary) } catch { // now the old folder
                _ = exchange(temporary, target)
                try? manager.removeItem(atPath: temporary)
                throw .file(.writeFailed(path: target, reason: "the old set could not be removed (\(error.localizedDescription)); it was left in place"))
            }
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
        do { try manager.removeItem(atPath: aside) } catch {
            throw .file(.writeFailed(path: target, reason: "the old set could not be removed from \(aside): \(error.localizedDescription)"))
        }
    }

    /// True when `path` is a folder (or a link to one).
    package static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// The first non-nil `found` of `folder` (links resolved) and up to `levels` folders above it, nearest first: the
    /// project a file belongs to, found by its marker file (package.json, project.godot, a .csproj).
    package static func nearest<T>(from folder: String, levels: Int, _ found: (String) -> T?) -> T? {
        var candidate = realPath(folder)
        for _ in 0...levels {
            if let result = found(candidate) { return result }
            let parent = candidate.parentFolder
            guard !parent.isEmpty, parent != candidate else { return nil }
            candidate = parent
        }
        return nil
    }

    /// The path with every link and relative part resolved, or the path itself when it does not exist.
    package static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` relative to `folder`, when it lies inside it (by its text; links are the caller's `FolderScope`); nil
    /// for the folder itself and for anything outside it.
    package static func relativePath(_ path: String, to folder: String) -> String? {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : nil
    }

    /// True when both paths name the same existing file (after links and relative parts).
    package static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    static func currentErrorText() -> String { String(cString: strerror(errno)) }
}

extension String {
    /// The path without its last component, as `NSString.deletingLastPathComponent` gives it — which on Linux's
    /// Foundation traps on a path of one character (`validate .` crashed walking up from "."): such a path's parent
    /// is "" there too, so it is answered here.
    package var parentFolder: String {
        if count == 1 { return self == "/" ? "/" : "" }
        if let slash = plainLastSlash { return slash == utf8.startIndex ? "/" : String(self[..<slash]) }
        return (self as NSString).deletingLastPathComponent
    }

    /// The last component, as `NSString.lastPathComponent` gives it.
    package var fileName: String {
        if let slash = plainLastSlash { return String(self[index(after: slash)...]) }
        return (self as NSString).lastPathComponent
    }

    /// The last component's extension without its dot, as `NSString.pathExtension` gives it ("" for none, or for a
    /// name that only starts with a dot). Read on every preset entry and set name, where Foundation's was a
    /// noticeable part of starting a run.
    package var fileExtension: String {
        let bytes = utf8
        guard bytes.last != UInt8(ascii: "/") else { return (self as NSString).pathExtension }
        let nameStart = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        guard let dot = bytes[nameStart...].lastIndex(of: UInt8(ascii: ".")), dot != nameStart else { return "" }
        return String(self[index(after: dot)...])
    }

    /// The last slash of a path Foundation would not rewrite (no "//", no trailing "/", no component starting with
    /// "."), whose parent and last component are then plain slices. Foundation's path functions normalise every
    /// path they are given, a tenth of validating 1,000 files. Nil otherwise, and for a path without a slash.
    private var plainLastSlash: String.Index? {
        let bytes = utf8
        guard let last = bytes.lastIndex(of: UInt8(ascii: "/")), bytes.last != UInt8(ascii: "/"), bytes.first != UInt8(ascii: ".") else { return nil }
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == UInt8(ascii: "/"), byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") { return nil }
            previous = byte
        }
        return last
    }
}
