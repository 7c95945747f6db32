import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file looks like from outside: size and modification time. A file whose stamp stays the same
/// for the settle time is taken to be completely written.
package struct FileStamp: Sendable, Equatable, Codable {
    /// Size in bytes.
    package var size: Int
    /// Modification time, nanoseconds since the epoch.
    package var modified: Int64

    package init(size: Int, modified: Int64) {
        self.size = size
        self.modified = modified
    }

    /// The stamp of the regular file at `path`, or nil when there is none.
    package static func of(_ path: String) -> FileStamp? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        return FileStamp(size: Int(status.st_size), modified: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }

    /// The PNG sources in `folder` (not hidden, not in subfolders) and their stamps; nil if the folder is gone.
    package static func scan(_ folder: String) -> [String: FileStamp]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        var result: [String: FileStamp] = [:]
        for name in names where WatchDaemon.isSource(name) {
            if let stamp = of((folder as NSString).appendingPathComponent(name)) { result[name] = stamp }
        }
        return result
    }
}
