import Foundation
import IconForgeKit
import TestSupport
import Testing

@Suite("FileIO")
struct FileIOTests {
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
        #expect(throws: FileError.unreadable(path: folder.path, reason: "not a regular file")) { try FileIO.read(folder.path) }
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
