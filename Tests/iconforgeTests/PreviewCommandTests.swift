import Foundation
import PNGCodec
import TestSupport
import Testing

@Suite("iconforge preview")
struct PreviewCommandTests {
    @Test("a master gives one PNG sheet and one summary line; -q prints nothing")
    func master() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("sheets/preview.png").path
        let result = try CommandRunner.run(["preview", "TestImages/app-icon-master.png", "-o", out])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("\(out) 1200x") && result.standardOutput.contains("files checked, 0 errors"))
        let png = try PNG.info(Fixtures.bytes(at: URL(fileURLWithPath: out)))
        #expect(png.width == 1200 && png.colorType == .rgb)
        let quiet = try CommandRunner.run(["preview", "TestImages/app-icon-master.png", "-o", out, "-q"])
        #expect(quiet.status == 0 && quiet.standardOutput.isEmpty)
    }

    @Test("nothing to preview exits 1 with one line naming the folder; an unknown preset exits 2")
    func failures() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("preview.png").path
        let empty = try CommandRunner.run(["preview", folder.path, "-o", out])
        #expect(empty.status == 1 && empty.standardError == "\(folder.path): nothing to preview: no app icon set, launch images, Android res/, web manifest or .icon in it\n")
        let preset = try CommandRunner.run(["preview", "TestImages/app-icon-master.png", "--preset", "nonesuch", "-o", out])
        #expect(preset.status == 2 && preset.standardError.contains("nonesuch"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("generate --preview writes the sheet beside a catalog, never inside it")
    func generatePreview() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("App/Assets.xcassets").path
        let result = try CommandRunner.run(["generate", "TestImages/app-icon-master.png", "--preset", "ios", "-o", catalog, "--preview"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("preview: \(folder.path)/App/iconforge-preview.png 1200x"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("App/iconforge-preview.png").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: catalog).sorted() == ["AppIcon.appiconset", "Contents.json"])
    }
}
