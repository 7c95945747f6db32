import Foundation

/// Where IconForge keeps what it replaces or takes out of a set: `.iconforge-backup/<timestamp>/…` beside
/// the path worked on, moved up out of any asset catalog (a backup inside an `.appiconset` would itself be
/// an unreferenced file), mirroring the layout below that folder. Nothing a user made is deleted; at most
/// it is moved here. Backups are never overwritten.
package enum Backup {
    /// The folder backups are kept in, beside the folder a run was given.
    static let folderName = ".iconforge-backup"

    /// Folder kinds a backup never goes inside.
    static let catalogKinds: Set<String> = ["xcassets", "appiconset", "launchimage", "imageset", "colorset", "icon"]

    /// "20261122-221500", in UTC.
    package static func timestamp(_ date: Date) -> String {
        // gmtime_r, not DateFormatter: making a formatter loads ICU's calendar data, a twentieth of an icon set's time,
        // on every run (the stamp is made before anything is known to need backing up).
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "00000000-000000" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
    }

    /// The backup path of `file`, for a run given `given` (a file or folder): anchored beside `given`, above
    /// any catalog folder, with `file`'s path below that anchor.
    package static func path(for file: String, given: String, stamp: String) -> String {
        let anchor = anchor(for: given)
        let fileAbsolute = URL(fileURLWithPath: file).standardizedFileURL.path
        // A file outside the anchor keeps its whole path below the stamp: never a name cut at the anchor's length.
        let inside = anchor == "/" || fileAbsolute.hasPrefix(anchor.hasSuffix("/") ? anchor : anchor + "/")
        let relative = inside ? String(fileAbsolute.dropFirst(anchor.count).drop { $0 == "/" }) : String(fileAbsolute.drop { $0 == "/" })
        return NSString.path(withComponents: [anchor, folderName, stamp, relative])
    }

    /// The folder a run given `given` keeps its backups and ledger in: the project's root when `given` is inside one (the
    /// nearest folder at or above it holding `.git` or `iconforge.yml`), so that nothing of IconForge's lands in a source
    /// folder (Xcode 16's synchronised folders ship what is in them) and `fix .` keeps its backup inside the project.
    /// Outside a project: above any catalog folder; `given` itself when it is the working directory (or holds it) and
    /// ships nothing as it is — `generate … -o .` in a folder of loose files, or a container's mounted `/work`, whose
    /// parent is somebody else's (or `/`, where a backup is refused or vanishes with the container); else beside `given`.
    /// `workingDirectory` is the process's own unless a test names one.
    package static func anchor(for given: String, workingDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        let absolute = URL(fileURLWithPath: given).standardizedFileURL.path
        if let root = projectRoot(containing: absolute) { return root }
        let components = (absolute as NSString).pathComponents
        if let first = components.firstIndex(where: { catalogKinds.contains(($0 as NSString).pathExtension) }) {
            return NSString.path(withComponents: Array(components[..<first]))
        }
        if FileIO.isFolder(absolute), !shipsEveryFile(absolute) {
            let here = URL(fileURLWithPath: workingDirectory).standardizedFileURL.path
            if here == absolute || here.hasPrefix(absolute == "/" ? "/" : absolute + "/") { return absolute }
        }
        return absolute.parentFolder
    }

    /// Folders whose every file a build or a deployment takes, hidden ones too, so IconForge's own folders never go
    /// inside them: an Android `res/` (and its `mipmap-*`, `drawable-*` folders) and a website's folder (`public/`,
    /// `static/`, `www/`, `wwwroot/`, Flutter's `web/`, or any folder holding an `index.html`). Named and found from
    /// what the user made, never from what a run writes (a web manifest), so a run's anchor does not move under it.
    package static func shipsEveryFile(_ folder: String) -> Bool {
        let name = (folder as NSString).lastPathComponent, parent = (folder.parentFolder as NSString).lastPathComponent
        if name == "res" || parent == "res" { return true }
        if ["public", "static", "www", "wwwroot", "web"].contains(name) { return true }
        return FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(WebPage.fileName))
    }

    /// The nearest folder at or above `path` that holds `.git` or `iconforge.yml`, outside any catalog folder.
    static func projectRoot(containing path: String) -> String? {
        var folder = path
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue { folder = folder.parentFolder }
        for _ in 0..<64 {
            if !catalogKinds.contains((folder as NSString).pathExtension),
               [".git", ProjectConfig.fileName].contains(where: { FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0)) }) {
                return folder
            }
            let parent = folder.parentFolder
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
        return nil
    }

    /// Writes `bytes` at `path`, or beside it as `name-2.png`, `name-3.png`… when that is taken (two runs in
    /// one second): created exclusively, flushed and read back. Returns where it went.
    package static func write(_ bytes: [UInt8], at path: String) throws(FileError) -> String {
        try place(at: path) { candidate throws(FileError) in
            do throws(FileError) { try FileIO.writeBackup(bytes, to: candidate) } catch {
                if FileManager.default.fileExists(atPath: candidate), (try? FileIO.read(candidate)) != bytes { return false }
                throw error
            }
            return true
        }
    }

    /// Keeps the file at `original` as its backup at `path` (or beside it, as `write` does) without reading it: a
    /// second link to the same file, which stays intact because IconForge replaces files by renaming a new one over
    /// them, never by writing into them. Where a link cannot be made (another file system), the file is copied.
    /// For files too large to hold beside what replaces them (a 256 MB master being fixed).
    package static func keep(_ original: String, at path: String) throws(FileError) -> String {
        try place(at: path) { candidate throws(FileError) in
            if link(original, candidate) == 0 { return true }
            if errno == EEXIST { return false }
            try FileIO.writeBackup(try FileIO.read(original), to: candidate)
            return true
        }
    }

    /// Tries `store` at `path`, then at `name-2.png`, `name-3.png`… until it stores (true) or fails; false means
    /// the name was taken meanwhile.
    private static func place(at path: String, _ store: (String) throws(FileError) -> Bool) throws(FileError) -> String {
        // Neither a `.iconforge-backup` that links out of its folder nor a stamp folder inside it placed as a link (its
        // name is predictable) is written through: the backup would land wherever it points.
        let components = (path as NSString).pathComponents
        if let index = components.lastIndex(of: folderName), index > 0 {
            let anchor = NSString.path(withComponents: Array(components[..<index]))
            try FolderScope(anchor).check(NSString.path(withComponents: Array(components[...index])))
            try FolderScope(NSString.path(withComponents: Array(components[...index]))).check(path)
        }
        do {
            try FileManager.default.createDirectory(atPath: path.parentFolder, withIntermediateDirectories: true)
        } catch { throw .writeFailed(path: path, reason: error.localizedDescription) }
        let base = (path as NSString).deletingPathExtension, ext = (path as NSString).pathExtension
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? path : "\(base)-\(attempt)" + (ext.isEmpty ? "" : ".\(ext)")
            if FileManager.default.fileExists(atPath: candidate) { continue }
            if try store(candidate) { return candidate }
        }
        throw .writeFailed(path: path, reason: "no free backup name")
    }
}
