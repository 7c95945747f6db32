import Foundation
import IconForgeKit
import TestSupport
import Testing

@Suite("Backup folders")
struct BackupTests {
    @Test("a backup's stamp is the UTC time, to the second, fractions dropped; zero-padded so stamps sort as times do")
    func timestamp() {
        #expect(Backup.timestamp(Date(timeIntervalSince1970: 1_795_384_500.7)) == "20261122-215500")
        #expect(Backup.timestamp(Date(timeIntervalSince1970: 946_684_799)) == "19991231-235959")
        #expect(Backup.timestamp(Date(timeIntervalSince1970: 0)) == "19700101-000000")
    }

    @Test("outside a project, a folder that holds the working directory keeps the backups and ledger inside it, unless it ships every file (res/, a website's folder); others keep them beside")
    func anchorOutsideAProject() throws {
        let parent = try Fixtures.temporaryFolder()
        let work = parent.appendingPathComponent("work").path, icons = parent.appendingPathComponent("work/icons").path
        let site = parent.appendingPathComponent("site").path, res = parent.appendingPathComponent("app/src/main/res").path
        let publicFolder = parent.appendingPathComponent("public").path
        for folder in [icons, site, res, publicFolder] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try Data("<html></html>".utf8).write(to: URL(fileURLWithPath: site).appendingPathComponent("index.html"))
        // `-o .` in the folder itself, and from a folder below it.
        #expect(Backup.anchor(for: work, workingDirectory: work) == work)
        #expect(Backup.anchor(for: work, workingDirectory: icons) == work)
        #expect(Backup.anchor(for: work + "/.", workingDirectory: work) == work)
        // A folder below the working directory, or beside it, keeps them beside it, as before.
        #expect(Backup.anchor(for: icons, workingDirectory: work) == work)
        #expect(Backup.anchor(for: work, workingDirectory: parent.path) == parent.path)
        // Folders whose every file ships never hold IconForge's folders, even as the working directory.
        #expect(Backup.anchor(for: site, workingDirectory: site) == parent.path)
        #expect(Backup.anchor(for: publicFolder, workingDirectory: publicFolder) == parent.path)
        #expect(Backup.anchor(for: res, workingDirectory: res) == parent.appendingPathComponent("app/src/main").path)
        // A file named keeps them beside it, in its folder.
        #expect(Backup.anchor(for: work + "/x.png", workingDirectory: work) == work)
    }

    @Test("inside a project, the project's root anchors whatever the working directory")
    func anchorInAProject() throws {
        let root = try Fixtures.temporaryFolder()
        let folder = root.appendingPathComponent("assets/icons").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("project: {}\n".utf8).write(to: root.appendingPathComponent("iconforge.yml"))
        #expect(Backup.anchor(for: folder, workingDirectory: folder) == root.path)
        #expect(Backup.anchor(for: folder, workingDirectory: "/") == root.path)
    }
}
