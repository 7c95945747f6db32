import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What IconForge wrote, as path and content hash, in `.iconforge/written.json` beside the folder worked on:
/// how a later run tells a file it may re-render in place (its bytes are still IconForge's) from one a user or
/// another tool made or edited since (which goes to the backup first). Paths are relative to the ledger's folder.
struct WriteLedger: Sendable {
    static let folderName = ".iconforge"
    static let fileName = "written.json"

    /// Said once per repository: until `.gitignore` names them, IconForge's folders in `anchor` show up as changes.
    /// Nil outside a Git repository's root or once `.gitignore` names them.
    static func gitignoreHint(anchor: String) -> String? {
        guard FileManager.default.fileExists(atPath: (anchor as NSString).appendingPathComponent(".git")) else { return nil }
        let ignore = (try? FileIO.readDocument((anchor as NSString).appendingPathComponent(".gitignore"))).map { String(decoding: $0, as: UTF8.self) }
        if ignore?.contains(".iconforge") == true { return nil }
        return "\(Backup.folderName)/ and \(folderName)/ in \(anchor) are IconForge's: add them to .gitignore"
    }

    /// The folder holding `.iconforge/`.
    let anchor: String
    private(set) var hashes: [String: String] = [:]
    /// Entries this run set (saved over whatever another run saved meanwhile).
    private var changed: [String: String] = [:]

    /// The ledger for a run given `given`: beside it, above any asset catalog, where `Backup` anchors too.
    init(given: String) {
        anchor = Backup.anchor(for: given)
        // A `.iconforge` that is a link out of its folder is neither read nor written: the ledger then starts empty
        // (it costs only backups of IconForge's own files).
        if FolderScope(anchor).contains(path), let entries = WriteLedger.entries(at: path) {
            hashes = entries
        }
    }

    /// The file as this process last read or wrote it: its size and modification time then (a rewrite is a new file
    /// renamed into place, written later), and its entries.
    private struct Seen: Sendable {
        var stamp: FileStamp
        var entries: [String: String]
    }

    /// Ledgers this process has read or written, by path. A batch of masters into one project reads and saves the
    /// project's ledger once per master: parsing it again each time (1,500 entries) was a tenth of the batch.
    private static let seen = Locked([String: Seen]())

    /// The ledger file's entries: from `seen` while the file is the one this process last read or wrote, else read.
    private static func entries(at path: String) -> [String: String]? {
        guard let stamp = FileStamp.of(path) else { return nil }
        if let known = seen.value[path], known.stamp == stamp { return known.entries }
        guard let bytes = try? FileIO.read(path), bytes.count <= 16 << 20, let decoded = decode(bytes) else { return nil }
        seen.withLock { $0[path] = Seen(stamp: stamp, entries: decoded) }
        return decoded
    }

    var path: String { NSString.path(withComponents: [anchor, WriteLedger.folderName, WriteLedger.fileName]) }

    /// True when the file at `path` holds bytes IconForge wrote there.
    func wrote(_ bytes: [UInt8], at path: String) -> Bool {
        hashes[key(path)] == WriteLedger.hash(bytes)
    }

    /// True when IconForge recorded a write at `path`, whatever the bytes.
    func hasEntry(at path: String) -> Bool { hashes[key(path)] != nil }

    /// Records that IconForge wrote `bytes` at `path`.
    mutating func record(_ bytes: [UInt8], at path: String) {
        let hash = WriteLedger.hash(bytes), name = key(path)
        guard hashes[name] != hash else { return } // a rerun that changes nothing leaves the ledger as it is
        hashes[name] = hash
        changed[name] = hash
    }

    /// Takes the entries `other` (a ledger of the same file) set in its run, as if this run had set them.
    mutating func absorb(_ other: WriteLedger) {
        for (name, hash) in other.changed {
            hashes[name] = hash
            changed[name] = hash
        }
    }

    /// Saves the entries this run set, merged into the file as it is now (two runs beside one folder keep both
    /// runs' entries), under an exclusive lock. A ledger that cannot be saved costs only a backup next time.
    func save() {
        guard !changed.isEmpty, FolderScope(anchor).contains(path) else { return }
        let folder = path.parentFolder
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Never through a link, never a pipe: the lock is a plain file of IconForge's or it is not used.
        var lock = open((folder as NSString).appendingPathComponent(".lock"), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        var status = stat()
        if lock >= 0, fstat(lock, &status) != 0 || (status.st_mode & S_IFMT) != S_IFREG {
            close(lock)
            lock = -1
        }
        if lock >= 0 { _ = flock(lock, LOCK_EX) }
        defer { if lock >= 0 { close(lock) } }
        var merged = WriteLedger.entries(at: path) ?? [:]
        for (name, hash) in changed { merged[name] = hash }
        // Entries whose folder is gone are dropped: output folders come and go (CI's clean builds, a benchmark's runs,
        // a renamed flavour), and a ledger that only grows made every later run slower to start (2.6 MB of entries
        // for deleted folders was a quarter of an icon set's time). One look per folder, not per file: a batch of 50
        // masters saves this ledger 50 times, and looking at every file each time was 27,000 lstat calls, 5% of its
        // time. An entry for a single file deleted from a folder that stays is harmless: a file of someone else's
        // that later takes its name has other bytes, so it still goes to the backup.
        var folderExists: [Substring: Bool] = [:]
        merged = merged.filter { name, _ in
            // The key's folder part as it is (keys are the standardised paths `key` made): Foundation's path functions
            // on every entry of every save were a third of a batch into a project.
            // Searched in the UTF-8 view: by Character it was most of the filter's time (2,400 entries a save).
            let folder = name.utf8.lastIndex(of: UInt8(ascii: "/")).map { name[..<$0] } ?? ""
            if let known = folderExists[folder] { return known }
            var status = stat()
            let exists = lstat(folder.isEmpty ? (name.hasPrefix("/") ? "/" : anchor) : path(of: String(folder)), &status) == 0
            folderExists[folder] = exists
            return exists
        }
        // Not flushed to disk: a ledger lost in a crash costs only backups of IconForge's own files next time, and
        // fsync was a tenth of an icon set's time.
        guard (try? FileIO.writeAtomically(WriteLedger.encode(merged), to: path, durable: false)) != nil,
              let stamp = FileStamp.of(path) else { return }
        WriteLedger.seen.withLock { $0[path] = Seen(stamp: stamp, entries: merged) }
    }

    /// The ledger as JSON, one sorted entry a line (as JSONEncoder's sorted, pretty output, which it replaces: that
    /// and JSONDecoder were a tenth of an icon set's time).
    static func encode(_ entries: [String: String]) -> [UInt8] {
        var out: [UInt8] = Array("{\n".utf8)
        out.reserveCapacity(entries.count * 96)
        for (index, (name, hash)) in entries.sorted(by: { $0.key < $1.key }).enumerated() {
            out.append(contentsOf: "  ".utf8)
            quote(name, into: &out)
            out.append(contentsOf: " : ".utf8)
            quote(hash, into: &out)
            out.append(contentsOf: (index == entries.count - 1 ? "\n" : ",\n").utf8)
        }
        out.append(contentsOf: "}\n".utf8)
        return out
    }

    private static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Paths and hashes rarely hold anything to escape: copied whole, not byte by byte.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out += [digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A ledger's entries: a JSON object of strings, read by `FlatStringObject`; a ledger it cannot read (edited by hand
    /// into other JSON) goes to Foundation's reader, and one that is no such object is treated as empty.
    static func decode(_ bytes: [UInt8]) -> [String: String]? {
        if let entries = FlatStringObject.parse(bytes) { return entries }
        return try? JSONDecoder().decode([String: String].self, from: Data(bytes))
    }

    /// The file an entry's key names: `key`'s inverse.
    private func path(of key: String) -> String {
        key.hasPrefix("/") ? key : (anchor as NSString).appendingPathComponent(key)
    }

    private func key(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let base = anchor.hasSuffix("/") ? anchor : anchor + "/"
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }

    /// FNV-1a, 64 bits, as text: enough to tell whether a file changed; not a security measure.
    static func hash(_ bytes: [UInt8]) -> String { WatchState.hash(bytes) }
}

/// The ledgers of a batch's runs, saved once when the batch ends instead of once a run: every save rewrites the whole
/// ledger, so 50 masters into a project whose ledger held 6,000 entries wrote 30 MB of it. A batch cut short loses
/// only its runs' entries, which costs backups of IconForge's own files next time.
final class LedgerSession: Sendable {
    private let pending = Locked([String: WriteLedger]())

    /// Keeps `ledger`'s entries for `saveAll` (merged with other runs' into the same file).
    func keep(_ ledger: WriteLedger) {
        pending.withLock { ledgers in
            if ledgers[ledger.path] == nil { ledgers[ledger.path] = ledger } else { ledgers[ledger.path]!.absorb(ledger) }
        }
    }

    /// `ledger` with the entries the batch's finished runs set in the same file, for a run that starts after them.
    func updated(_ ledger: WriteLedger) -> WriteLedger {
        guard let earlier = pending.value[ledger.path] else { return ledger }
        var ledger = ledger
        ledger.absorb(earlier)
        return ledger
    }

    /// Saves every ledger kept.
    func saveAll() {
        for ledger in pending.withLock({ ledgers in defer { ledgers = [:] }; return Array(ledgers.values) }) { ledger.save() }
    }
}
