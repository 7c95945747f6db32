import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one ownership rule every writer of a run goes through (asset sets, loose files, containers, Android XML,
/// web manifests, `.icon` bundles):
///
/// - a path is written only inside the folder the run was given, never through a link that leaves it, and never
///   when it is one of the run's inputs (a master, `--dark`, a layer, a `.icon`'s assets);
/// - a file that already holds the bytes to write is not touched (reruns keep file times);
/// - a file whose bytes IconForge did not write — the user's, another tool's, or edited since — is copied to the
///   backup (`.iconforge-backup/<stamp>/…`) before it is replaced or removed; one IconForge wrote and nobody
///   changed is re-rendered in place;
/// - what was written is recorded (`WriteLedger`) when the run ends (`finish`).
final class OutputWriter: @unchecked Sendable {
    /// The folder the run was given: every write stays inside it.
    let scope: FolderScope
    /// The inputs of the run, by device and inode (and resolved path, for a `.icon` bundle's folder).
    private let inputs: [(device: UInt64, inode: UInt64)]
    private let inputFolders: [String]
    /// When the run started: the stamp of its backup folder.
    let now: Date
    /// What backups are anchored on (`Backup.path(for:given:)`).
    private let backupGiven: String
    private let stamp: String
    private let lock = NSLock()
    private var ledger: WriteLedger
    /// The batch this run is part of, which saves the ledger when it ends (nil: `finish` saves it).
    private let ledgerSession: LedgerSession?
    private var backedUp: [(file: String, backup: String)] = []
    /// Files removed (not replaced) after their backup.
    private var removed = Set<String>()

    /// A writer for a run into `folder` reading `inputs` (files, or folders such as a `.icon` bundle). Writes stay in
    /// `folder`, or in its parent for a catalog or an Android `res` folder (their loose outputs go beside them);
    /// backups and the ledger are anchored on `backupGiven` (by default the folder).
    init(folder: String, inputs: [String], backupGiven: String? = nil, now: Date = Date(), ledgerSession: LedgerSession? = nil) {
        let name = (folder as NSString).lastPathComponent
        let besideIt = Generator.isCatalog(folder) || name == "res"
        scope = FolderScope(besideIt ? URL(fileURLWithPath: folder).standardizedFileURL.path.parentFolder : folder)
        self.backupGiven = backupGiven ?? folder
        self.ledgerSession = ledgerSession
        let ledger = WriteLedger(given: backupGiven ?? folder)
        self.ledger = ledgerSession?.updated(ledger) ?? ledger
        self.now = now
        stamp = Backup.timestamp(now)
        var files: [(UInt64, UInt64)] = [], folders: [String] = []
        for input in inputs {
            var status = stat()
            guard stat(input, &status) == 0 else { continue }
            if (status.st_mode & S_IFMT) == S_IFDIR { folders.append(FolderScope.resolve(input)) } else {
                files.append((UInt64(status.st_dev), UInt64(status.st_ino)))
            }
        }
        self.inputs = files
        inputFolders = folders
    }

    /// Throws when `path` may not be written: outside the folder (through a link), one of the inputs, inside an
    /// input folder, a link itself, or something other than a file.
    func checkTarget(_ path: String) throws(FileError) {
        // Resolved once for both checks: each resolution reads every folder of the path as a possible link.
        let resolved = FolderScope.resolve(path)
        try scope.check(path, resolved: resolved)
        var status = stat()
        if lstat(path, &status) == 0 {
            // A link is never written through (the write would land where it points) nor replaced by a file (the user
            // made it). One that leaves the folder was refused as leaving by the scope check above.
            if (status.st_mode & S_IFMT) == S_IFLNK { throw .notRegularFile(path: path, kind: "a link") }
            if let kind = FileIO.specialKind(status.st_mode) { throw .notRegularFile(path: path, kind: kind) }
            if inputs.contains(where: { $0.device == UInt64(status.st_dev) && $0.inode == UInt64(status.st_ino) }) {
                throw .wouldOverwriteSource(path: path)
            }
        }
        if inputFolders.contains(where: { resolved == $0 || resolved.hasPrefix($0 + "/") }) { throw .wouldOverwriteSource(path: path) }
    }

    /// The master `source` copied byte for byte to `path` (an SVG master as a scalable icon: hicolor's, a snap's), under
    /// the rule above; nil, writing nothing, when `path` is the master itself (Cartridges' own scalable SVG given as the
    /// master already is that icon). Otherwise the bytes written.
    func writeCopy(ofMaster source: String, to path: String) throws(IconForgeError) -> Int? {
        do { try checkTarget(path) } catch {
            guard case .wouldOverwriteSource = error else { throw .file(error) }
            return nil
        }
        let bytes = try FileIO.readInput(source)
        try write(bytes, to: path)
        return bytes.count
    }

    /// Writes `bytes` at `path` under the rule above. False when the file already held them. `allowingOutside` is for the
    /// one file a run may write beside its folder: Vite's `index.html` beside `public/` (still never through a link).
    @discardableResult
    func write(_ bytes: [UInt8], to path: String, allowingOutside: Bool = false) throws(IconForgeError) -> Bool {
        if allowingOutside {
            var status = stat()
            if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK { throw .file(.leavesFolder(path: path, folder: scope.folder)) }
        } else {
            do { try checkTarget(path) } catch { throw .file(error) }
        }
        let existing = try currentBytes(of: path)
        if let existing {
            if existing == bytes {
                record(bytes, at: path)
                return false
            }
            try preserve(existing, of: path)
        }
        let parent = path.parentFolder
        if !parent.isEmpty { try FileManager.default.makeFolder(parent) }
        let mode = FileIO.mode(of: path)
        // Flushed to disk only when it replaces a file, as a set is: a new file has nothing to lose to a crash (an
        // Android + web run's 34 fsyncs were a quarter of its time).
        do { try FileIO.writeAtomically(bytes, to: path, mode: mode, durable: existing != nil) } catch { throw .file(error) }
        record(bytes, at: path)
        return true
    }

    /// Removes `path`, first copying it to the backup unless IconForge wrote its bytes.
    func remove(_ path: String) throws(IconForgeError) {
        do { try checkTarget(path) } catch { throw .file(error) }
        guard let existing = try currentBytes(of: path) else { return }
        try preserve(existing, of: path)
        if unlink(path) != 0 { throw .file(.writeFailed(path: path, reason: FileIO.currentErrorText())) }
        lock.withLock { _ = removed.insert(path) }
    }

    /// Moves `path` to the backup, whoever wrote it: for a file the run replaces under another name (a hashed icon's
    /// earlier version), which a page or a cache may still name.
    func retire(_ path: String) throws(IconForgeError) {
        do { try checkTarget(path) } catch { throw .file(error) }
        guard let existing = try currentBytes(of: path) else { return }
        let backup: String
        do { backup = try Backup.write(existing, at: Backup.path(for: path, given: backupGiven, stamp: stamp)) } catch { throw .file(error) }
        lock.withLock { backedUp.append((path, backup)) }
        if unlink(path) != 0 { throw .file(.writeFailed(path: path, reason: FileIO.currentErrorText())) }
        lock.withLock { _ = removed.insert(path) }
    }

    /// Removes `path` and everything below it under the rule of `remove`: a file IconForge wrote and nobody changed is
    /// deleted, any other (a README the user put in a set, an icon edited by hand) is kept in the backup first; links and
    /// pipes are unlinked, never followed (nothing of the user's is in them).
    func removeTree(_ path: String) throws(IconForgeError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            for item in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() {
                try removeTree((path as NSString).appendingPathComponent(item))
            }
            if rmdir(path) != 0 { throw .file(.writeFailed(path: path, reason: FileIO.currentErrorText())) }
        case S_IFREG: try remove(path)
        default: if unlink(path) != 0 { throw .file(.writeFailed(path: path, reason: FileIO.currentErrorText())) }
        }
    }

    /// The bytes at `path`, nil when nothing is there; a file that is there but cannot be read is never replaced
    /// (it could not be kept in the backup).
    private func currentBytes(of path: String) throws(IconForgeError) -> [UInt8]? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        do { return try FileIO.read(path) } catch { throw .file(error) }
    }

    /// True when the ledger has an entry for `path` (IconForge wrote something there once).
    func hasRecord(at path: String) -> Bool { lock.withLock { ledger.hasEntry(at: path) } }

    /// Copies `existing`, the current bytes of `path`, to the backup unless IconForge wrote them; returns where,
    /// or nil when they were IconForge's.
    @discardableResult
    func preserve(_ existing: [UInt8], of path: String) throws(IconForgeError) -> String? {
        if lock.withLock({ ledger.wrote(existing, at: path) }) { return nil }
        let backup: String
        do { backup = try Backup.write(existing, at: Backup.path(for: path, given: backupGiven, stamp: stamp)) } catch { throw .file(error) }
        lock.withLock { backedUp.append((path, backup)) }
        return backup
    }

    /// Records bytes IconForge put at `path` by other means (a set's files swapped in by rename).
    func record(_ bytes: [UInt8], at path: String) { lock.withLock { ledger.record(bytes, at: path) } }

    /// The files copied to the backup so far, and where.
    var backups: [(file: String, backup: String)] { lock.withLock { backedUp } }

    /// Saves the ledger. Notes for the user: one line per file kept in the backup.
    func finish() -> [String] {
        lock.withLock { if let ledgerSession { ledgerSession.keep(ledger) } else { ledger.save() } }
        let root = scope.folder.hasSuffix("/") ? scope.folder : scope.folder + "/"
        var notes = backups.map { file, backup in
            let name = file.hasPrefix(root) ? String(file.dropFirst(root.count)) : file
            return "kept your \(name) in \(backup) before \(lock.withLock { removed.contains(file) } ? "removing" : "replacing") it"
        }
        if !notes.isEmpty, let hint = WriteLedger.gitignoreHint(anchor: ledger.anchor) { notes.append(hint) }
        return notes
    }
}

/// One file a user named on the command line (`resize -o`, `convert`, `preview -o`, `validate -o`, `init`, a
/// `--preview` sheet), written under the same rule as a run's outputs: never one of the inputs, never a link or
/// anything but a file, and a file whose bytes IconForge did not write is kept in the backup beside it first.
package enum OwnedFile {
    /// Writes `bytes` at `path` (atomically, its folder created); returns a note for the user for each file kept
    /// in the backup. `given` anchors the backup and ledger as a run given that path would (default: the file's
    /// own folder). Folders among `inputs` (a catalog validated, a folder previewed) may hold the file: only files
    /// are refused as targets.
    @discardableResult
    package static func write(_ bytes: [UInt8], to path: String, inputs: [String] = [], anchoredOn given: String? = nil) throws(IconForgeError) -> [String] {
        let folder = path.parentFolder
        let isFolder = { (input: String) in var folder: ObjCBool = false; return FileManager.default.fileExists(atPath: input, isDirectory: &folder) && folder.boolValue }
        let files = inputs.filter { FileManager.default.fileExists(atPath: $0) && !isFolder($0) }
        // Inside a folder the command reads, a file it reads (an icon, a Contents.json, a manifest) is an input too:
        // `validate A.xcassets --output A.xcassets/…/Contents.json` replaced the set's own file.
        for input in inputs where isFolder(input) && FolderScope(input).contains(path) && OwnedFile.isAsset(path) {
            throw .file(.wouldOverwriteSource(path: path))
        }
        let writer = OutputWriter(folder: folder.isEmpty ? "." : folder, inputs: files, backupGiven: given ?? path)
        try writer.write(bytes, to: path)
        return writer.finish()
    }

    /// True when `path` is something a validate or preview of its folder reads: an image, a set's or bundle's file, an
    /// Android resource, a manifest or page. (A preview sheet of IconForge's own name is not.)
    static func isAsset(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        if name == Previewer.sheetName { return false }
        if ["png", "jpg", "jpeg", "svg", "webp", "gif", "ico", "icns"].contains((name as NSString).pathExtension.lowercased()) { return true }
        if (["Contents.json", "icon.json", WebPage.fileName] + WebManifest.conventionalNames).contains(name) { return true }
        return path.parentFolder.split(separator: "/").contains { part in
            Backup.catalogKinds.contains((String(part) as NSString).pathExtension) || part == "res" || part.hasPrefix("mipmap") || part.hasPrefix("drawable") || part.hasPrefix("values")
        }
    }
}
