import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder a user named for a run, and the rule that nothing is read or written through a link that leaves
/// it: a symlinked `icons/` folder pointing at `/etc`, a link in a `.icon`'s `Assets/`, a manifest `src` of
/// `../x`. Links that stay inside the folder are followed as usual.
package struct FolderScope: Sendable, Equatable {
    /// The folder as the user gave it.
    package let folder: String
    /// The folder with every link resolved (or as given while it does not exist yet).
    let resolved: String

    /// The scope of `folder`.
    package init(_ folder: String) {
        self.folder = folder
        resolved = FolderScope.resolve(folder)
    }

    /// True when `path`, with every link resolved (for a path not created yet: its nearest existing folder), lies
    /// inside the folder.
    package func contains(_ path: String) -> Bool { contains(resolved: FolderScope.resolve(path)) }

    /// True when a path already resolved by `resolve` lies inside the folder.
    func contains(resolved real: String) -> Bool {
        real == resolved || real.hasPrefix(resolved == "/" ? "/" : resolved + "/")
    }

    /// `path` if it stays inside the folder; otherwise the error naming the link it leaves through.
    package func check(_ path: String) throws(FileError) {
        try check(path, resolved: FolderScope.resolve(path))
    }

    /// `check` for a path whose resolution the caller has already made.
    func check(_ path: String, resolved real: String) throws(FileError) {
        guard !contains(resolved: real) else { return }
        throw .leavesFolder(path: path, folder: folder)
    }

    /// `path` with links and relative parts resolved; a part that does not exist yet is appended to its nearest
    /// existing parent's resolution, so a file about to be created resolves where it will land.
    static func resolve(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL.path
        var rest: [String] = []
        while true {
            // A path that is not there is no link: its parent is looked at without asking realpath, which would
            // read every folder above it as a possible link only to fail (a new set's files did that three times).
            var status = stat()
            if lstat(existing, &status) != 0, errno == ENOENT {
                let parent = existing.parentFolder
                if parent == existing || parent.isEmpty { return NSString.path(withComponents: [existing] + rest.reversed()) }
                rest.append((existing as NSString).lastPathComponent)
                existing = parent
                continue
            }
            if let real = realpath(existing, nil) {
                defer { free(real) }
                return NSString.path(withComponents: [String(cString: real)] + rest.reversed())
            }
            // A dangling link is resolved by reading it: creating "through" it would land where it points.
            if lstat(existing, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK,
               let target = try? FileManager.default.destinationOfSymbolicLink(atPath: existing) {
                let base = existing.parentFolder
                let joined = target.hasPrefix("/") ? target : (base as NSString).appendingPathComponent(target)
                return NSString.path(withComponents: [resolve(joined)] + rest.reversed())
            }
            let parent = existing.parentFolder
            if parent == existing || parent.isEmpty { return NSString.path(withComponents: [existing] + rest.reversed()) }
            rest.append((existing as NSString).lastPathComponent)
            existing = parent
        }
    }
}
