import Foundation
import IconForgeKit
import TestSupport
import Testing

/// GIFStructure through validate, its one user: a GIF is read to its last block, and every way it can end early is
/// one decode error naming the file.
@Suite("GIF structure")
struct GIFStructureTests {
    private func decodeErrors(_ bytes: [UInt8], in folder: URL) throws -> [String] {
        let path = folder.appendingPathComponent("icon.gif").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try Validator().validate([path], parallelism: .serial).files.flatMap(\.findings)
            .filter { $0.rule == .decode && $0.severity == .error }.map(\.message)
    }

    @Test("a whole GIF, and one cut just before its trailer (decoders show the frame), read clean")
    func whole() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = OtherFormats.gif(width: 40, height: 30)
        #expect(try decodeErrors(gif, in: folder) == [])
        #expect(try decodeErrors(Array(gif.dropLast()), in: folder) == [])
    }

    @Test("every earlier cut is one error saying where it ends; a bad signature or random blocks never trap")
    func everyCut() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = OtherFormats.gif(width: 40, height: 30)
        for length in 6..<gif.count - 1 {
            let errors = try decodeErrors(Array(gif.prefix(length)), in: folder)
            #expect(errors.count == 1 && errors[0].hasPrefix("icon.gif is a "), "cut at \(length): \(errors)")
        }
        #expect(try decodeErrors(Array(gif.prefix(gif.count - 3)), in: folder)
                == ["icon.gif is a truncated GIF: it ends inside frame 1's image data, at byte \(gif.count - 3)"])
        var random = SeededRandom(seed: 30)
        for _ in 0..<100 {
            _ = try decodeErrors(Array(gif.prefix(13)) + (0..<Int(random.next() % 200)).map { _ in UInt8(random.next() & 0xFF) }, in: folder)
        }
    }
}
