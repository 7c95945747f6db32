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
