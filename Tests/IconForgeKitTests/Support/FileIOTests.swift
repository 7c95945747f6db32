import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("FileIO")
struct FileIOTests {
    @Test("a path's parent folder and file name are Foundation's, for plain paths and the ones it rewrites",
          arguments: ["a/b/c.png", "/a/b", "/c.png", "c.png", "a//b/c", "a/b/", "./a/b", "../a", "a/./b", "a/../b", "a/.hidden/x.png",
                      "/", ".", "", "dir/Icon-20@2x.png", "/tmp/out/AppIcon.appiconset/Icon 1.png", "a/é/ü.png"])
    func pathComponents(path: String) {
        if path.count != 1 { #expect(path.parentFolder == (path as NSString).deletingLastPathComponent) }
        #expect(path.fileName == (path as NSString).lastPathComponent)
    }

    @Test("a name's extension is Foundation's pathExtension",
          arguments: ["AppIcon.appiconset", "a/b/c.png", "X.solidimagestack/Front.solidimagestacklayer/Content.imageset", ".hidden",
                      "a/.hidden", "noextension", "a.b/c", "archive.tar.gz", "trailing.", "dir.x/", "", ".", "a/b.c/d.e", "é.ü"])
    func fileExtension(path: String) {
        #expect(path.fileExtension == (path as NSString).pathExtension, "\(path)")
    }

    @Test("an atomic write replaces the file whole and leaves no temporary file")
    func atomicWrite() throws {
        let folder = try Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("a.png").path
        try FileIO.writeAtomically([1, 2, 3], to: path)
        try FileIO.writeAtomically(Array(repeating: 7, count: 100_000), to: path)
        #expect(try FileIO.read(path) == Array(repeating: 7, count: 100_000))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.png"])
    }

    /// Whether this system swaps folders in one step (Linux 3.15+ on ext4, tmpfs, btrfs, xfs…).
    static let canExchange: Bool = {
        guard let folder = try? Fixtures.temporaryFolder() else { return false }
        let (a, b) = (folder.appendingPathComponent("a").path, folder.appendingPathComponent("b").path)
        try? FileManager.default.createDirectory(atPath: a, withIntermediateDirectories: false)
        try? FileManager.default.createDirectory(atPath: b, withIntermediateDirectories: false)
        return FileIO.exchange(a, b)
    }()

    @Test("exchange swaps two folders' contents in one step", .enabled(if: FileIOTests.canExchange, "this system cannot swap paths"))
    func exchangeSwaps() throws {
        let folder = try Fixtures.temporaryFolder()
        let (a, b) = (folder.appendingPathComponent("a"), folder.appendingPathComponent("b"))
        for (url, name) in [(a, "from-a"), (b, "from-b")] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            try FileIO.writeAtomically([1], to: url.appendingPathComponent(name).path)
        }
        #expect(FileIO.exchange(a.path, b.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: a.path) == ["from-b"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: b.path) == ["from-a"])
        #expect(!FileIO.exchange(a.path, folder.appendingPathComponent("missing").path))
    }

    @Test("replacing a folder puts the new one in place whole and leaves nothing beside it; a reader never misses it")
    func replaceFolder() throws {
        let folder = try Fixtures.temporaryFolder()
        let target = folder.appendingPathComponent("Set.appiconset")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try FileIO.writeAtomically([0], to: target.appendingPathComponent("old.png").path)
        final class Watcher: @unchecked Sendable {
            let lock = NSLock()
            var running = true, misses = 0, looks = 0
        }
        let watcher = Watcher()
        let reader = Thread {
            while watcher.lock.withLock({ watcher.running }) {
                let present = access(target.path, F_OK) == 0
                watcher.lock.withLock { watcher.looks += 1; if !present { watcher.misses += 1 } }
            }
        }
        reader.start()
        for round in 0..<200 {
            let temporary = folder.appendingPathComponent(".Set.appiconset.tmp\(round)")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
            try FileIO.writeAtomically([UInt8(round)], to: temporary.appendingPathComponent("new.png").path)
            try FileIO.replaceFolder(target.path, with: temporary.path)
        }
        watcher.lock.withLock { watcher.running = false }
        while !reader.isFinished { usleep(1000) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["new.png"])
        #expect(try FileIO.read(target.appendingPathComponent("new.png").path) == [199])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Set.appiconset"])
        if FileIOTests.canExchange { #expect(watcher.misses == 0, "missing \(watcher.misses) times in \(watcher.looks) looks") }
    }

    @Test("a write into a missing folder fails with the path and leaves nothing")
    func writeFailure() throws {
        let folder = try Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("missing/a.png").path
        #expect(throws: FileError.writeFailed(path: path, reason: "No such file or directory")) {
            try FileIO.writeAtomically([1], to: path)
        }
    }

    @Test("reading names missing files and folders clearly")
    func readFailures() throws {
        let folder = try Fixtures.temporaryFolder()
        #expect(throws: FileError.notFound(path: folder.path + "/x.png")) { try FileIO.read(folder.path + "/x.png") }
        #expect(throws: FileError.notRegularFile(path: folder.path, kind: "a folder")) { try FileIO.read(folder.path) }
    }

    @Test("isSameFile sees through different spellings of one path")
    func sameFile() throws {
        let folder = try Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("a.png").path
        try FileIO.writeAtomically([1], to: path)
        #expect(FileIO.isSameFile(path, folder.path + "/./a.png"))
        #expect(!FileIO.isSameFile(path, folder.path + "/b.png"))
    }
}

@Suite("FileIO: temporaries, modes and read-only sets")
struct FileIOSafetyTests {
    @Test("new files get 0666 less the umask, not a fixed mode")
    func umaskRespected() throws {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("a.png").path
        try FileIO.writeAtomically([1], to: path)
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        let mask = Int(umask(0o022))
        umask(mode_t(mask))
        #expect(mode == 0o666 & ~mask)
        try FileIO.writeAtomically([2], to: path, mode: 0o600)
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
    }

    @Test("temporaries of processes that are gone are removed; this process's and unrelated hidden files stay")
    func staleTemporaries() throws {
        let folder = try Fixtures.temporaryFolder()
        // A process id that is not running: one past the largest the kernel hands out is never in use.
        let dead = ".LaunchImage.launchimage.iconforge-4194305-abcd1234"
        let mine = ".AppIcon.appiconset.iconforge-\(getpid())-abcd1234"
        for name in [dead, mine, ".hidden", ".iconforge-backup", ".icon.png.iconforge-4194305-Xy12Zq"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: false)
        }
        FileIO.removeStaleTemporaries(in: folder.path)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == [mine, ".hidden", ".iconforge-backup"])
    }

    @Test("a read-only set is refused before anything moves: the old set stays, nothing hidden is left",
          .enabled(if: getuid() != 0, "root writes into read-only folders"))
    func readOnlySet() throws {
        let folder = try Fixtures.temporaryFolder()
        let set = folder.appendingPathComponent("AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: false)
        try Data([1]).write(to: set.appendingPathComponent("old.png"))
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: set.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: set.path) }
        let assets = AssetSet(name: "AppIcon.appiconset", files: ["new.png": [2]], entries: [])
        #expect(throws: IconForgeError.self) { try assets.write(into: folder.path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["AppIcon.appiconset"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: set.path) == ["old.png"])
    }

    @Test("reading a file makes one copy of it, and reads it whole")
    func readWhole() throws {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("big").path
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try FileIO.read(path) == bytes)
        #expect(throws: FileError.self) { try FileIO.read((path as NSString).deletingLastPathComponent) }
    }
}

/// PNGs of 32 MB and more are decoded as they are read, never held whole beside their pixels.
@Suite("FileIO: large PNGs")
struct LargePNGTests {
    /// An incompressible RGBA PNG (stored, not deflated) of `side`² pixels: 2900² is a 33.6 MB file.
    static func noise(side: Int, at path: String) throws -> Image {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let count = side * side * 4
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialised in
            for index in 0..<count {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                buffer[index] = UInt8(truncatingIfNeeded: state)
            }
            initialised = count
        }
        let image = Image(width: side, height: side, format: .rgba8, bytes: bytes)
        try FileIO.writeAtomically(try PNG.encode(image, options: PNGEncodeOptions(compressionLevel: 0)), to: path)
        return image
    }

    @Test("a large master decodes to its pixels; inspect names its size; validate checks it")
    func readsLargeFile() throws {
        let folder = try Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("master.png").path
        let image = try Self.noise(side: 2900, at: path)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        #expect(size > 32 << 20)
        #expect(try SourceImage.read(path, limits: .default, verifiesChecksum: false).image == image)
        #expect(try Inspection.inspect(path).fileBytes == size)
        let report = try Validator(role: .app).validate([path])
        #expect(report.files.flatMap(\.findings).map(\.rule).contains(.transparency))
    }

    @Test("a large file that ends early is named truncated, by path")
    func truncatedLargeFile() throws {
        let folder = try Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("master.png").path
        _ = try Self.noise(side: 2900, at: path)
        let bytes = try FileIO.read(path)
        try FileIO.writeAtomically(Array(bytes.prefix(bytes.count - 1_000_000)), to: path)
        #expect {
            _ = try SourceImage.read(path, limits: .default)
        } throws: { error in "\(error)".hasPrefix(path) && "\(error)".contains("truncated") }
    }

    @Test("fix keeps a large original as its backup without reading it, and the backup survives the fix")
    func fixKeepsLargeOriginal() throws {
        let folder = try Fixtures.temporaryFolder()
        let set = folder.appendingPathComponent("A.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"images":[{"filename":"icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        let path = set.appendingPathComponent("icon.png").path
        _ = try Self.noise(side: 2900, at: path)
        let original = try FileIO.read(path)
        let outcomes = try Fixer(background: .white).fix([folder.appendingPathComponent("A.xcassets").path], now: Date(timeIntervalSince1970: 0))
        #expect(outcomes.count == 1 && outcomes[0].failure == nil)
        let backup = try #require(outcomes.first?.backup)
        #expect(try FileIO.read(backup) == original)
        let fixed = try PNG.info(try FileIO.read(path))
        #expect(fixed.colorType == .rgb && fixed.width == 2900)
    }
}

@Suite("Backup.keep")
struct BackupKeepTests {
    @Test("a file outside the backup's anchor keeps its whole path below the stamp, never a name cut at the anchor's length")
    func outsideAnchor() throws {
        let folder = try Fixtures.temporaryFolder()
        let given = folder.appendingPathComponent("app/src/main/res").path
        #expect(Backup.path(for: folder.appendingPathComponent("app/src/main/res/x.png").path, given: given, stamp: "s")
                == folder.appendingPathComponent("app/src/main/.iconforge-backup/s/res/x.png").path)
        let outside = folder.appendingPathComponent("fastlane/icon.png").path
        #expect(Backup.path(for: outside, given: given, stamp: "s")
                == folder.appendingPathComponent("app/src/main/.iconforge-backup/s").path + outside)
    }

    @Test("a kept file stays intact when the original is replaced, and never overwrites an earlier backup")
    func keepsOriginal() throws {
        let folder = try Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("icon.png").path
        try FileIO.writeAtomically([1, 2, 3], to: path)
        let backup = folder.appendingPathComponent(".iconforge-backup/1/icon.png").path
        #expect(try Backup.keep(path, at: backup) == backup)
        try FileIO.writeAtomically([4, 5, 6], to: path)
        #expect(try FileIO.read(backup) == [1, 2, 3])
        let second = try Backup.keep(path, at: backup)
        #expect(second != backup)
        #expect(try FileIO.read(second) == [4, 5, 6])
        #expect(try FileIO.read(backup) == [1, 2, 3])
    }
}
