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
        #expect(empty.status == 1 && empty.standardError == "\(folder.path): nothing to preview: no app icon set, launch images, Android res/ or drawables, web manifest, browser extension manifest or .icon in it\n")
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

    @Test("in a Git repository, generate --preview puts the sheet in the project's .iconforge/, out of the sources, and says to ignore it")
    func generatePreviewInProject() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let catalog = folder.appendingPathComponent("App/Assets.xcassets").path
        let result = try CommandRunner.run(["generate", "TestImages/app-icon-master.png", "--preset", "ios", "-o", catalog, "--preview"])
        #expect(result.status == 0, "\(result.standardError)")
        let sheet = folder.appendingPathComponent(".iconforge/iconforge-preview-App-Assets.xcassets.png").path
        #expect(FileManager.default.fileExists(atPath: sheet), "\(result.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("App/iconforge-preview.png").path))
        #expect(result.standardOutput.contains("add them to .gitignore"), "\(result.standardOutput)")
    }

    @Test("the README's commands: generate the sample set, then preview the folder; an iconforge.yml job with preview: true draws its sheet")
    func readme() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let icons = folder.appendingPathComponent("AppIcons").path
        #expect(try CommandRunner.run(["generate", "TestImages/app-icon-master.png", "--preset", "ios", "--out", icons]).status == 0)
        let sheet = folder.appendingPathComponent("preview.png").path
        let preview = try CommandRunner.run(["preview", icons, "-o", sheet])
        #expect(preview.status == 0 && preview.standardOutput.contains("15 files checked, 0 errors, 0 warnings"), "\(preview.standardError)")
        try FileManager.default.copyItem(atPath: "\(Fixtures.testImages.path)/app-icon-master.png", toPath: folder.appendingPathComponent("icon.png").path)
        try Data("jobs:\n  - master: icon.png\n    presets: ios-single\n    out: build\n    preview: true\n".utf8).write(to: folder.appendingPathComponent("iconforge.yml"))
        let job = try CommandRunner.run(["generate", "-q"], in: folder)
        #expect(job.status == 0 && job.standardOutput.isEmpty, "\(job.standardOutput)\(job.standardError)")
        // In a project (iconforge.yml), the sheet goes to the project's .iconforge/, named for the output folder.
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".iconforge/iconforge-preview-build.png").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("build/iconforge-preview.png").path))
    }

    @Test("a sheet path holding the user's own file: kept in the backup before it is replaced (generate --preview and preview -o); IconForge's own sheet is redrawn in place")
    func userSheetIsKept() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("build")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let theirs = Data("the designer's sheet".utf8)
        try theirs.write(to: out.appendingPathComponent("iconforge-preview.png"))
        let result = try CommandRunner.run(["generate", "TestImages/app-icon-master.png", "--preset", "ios-single", "-o", out.path, "--preview"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("kept your"), "\(result.standardOutput)")
        let backups = folder.appendingPathComponent(".iconforge-backup")
        func kept() -> [String] { (FileManager.default.enumerator(atPath: backups.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".png") } }
        #expect(kept().count == 1 && kept().first?.hasSuffix("build/iconforge-preview.png") == true, "\(kept())")
        #expect(try Data(contentsOf: backups.appendingPathComponent(kept()[0])) == theirs)

        let sheet = folder.appendingPathComponent("notes.png")
        try theirs.write(to: sheet)
        let preview = try CommandRunner.run(["preview", out.path, "-o", sheet.path])
        #expect(preview.status == 0 && preview.standardOutput.contains("kept your notes.png"), "\(preview.standardOutput)\(preview.standardError)")
        #expect(try Data(contentsOf: sheet) != theirs)
        // Redrawn over IconForge's own sheet: nothing more is kept.
        let again = try CommandRunner.run(["preview", "TestImages/app-icon-master.png", "-o", sheet.path])
        #expect(again.status == 0 && !again.standardOutput.contains("kept your"), "\(again.standardOutput)")
        #expect(kept().count == 2, "\(kept())")
    }
}
