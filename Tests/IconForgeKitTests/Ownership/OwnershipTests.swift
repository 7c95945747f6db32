import Foundation
import IconForgeKit
import TestSupport
import Testing

/// The one ownership rule (OutputWriter): inputs are never outputs, what IconForge did not write goes to the backup
/// before it is replaced, nothing is written through a link that leaves the folder, reruns touch nothing.
@Suite("Ownership: nothing a user made is lost")
struct OwnershipTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png")

    private func run(_ source: String, presets: String, into folder: String, configure: (inout GenerateOptions) -> Void = { _ in })
        throws -> GenerationReport {
        var options = GenerateOptions(presets: try PresetCatalog.presets(presets))
        configure(&options)
        return try Generator(options: options).run(source: source, outputFolder: folder)
    }

    /// Every file below `folder` with its bytes.
    private func snapshot(_ folder: URL) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let item = enumerator?.nextObject() as? String {
            if let bytes = try? FileIO.read(folder.appendingPathComponent(item).path) { files[item] = bytes }
        }
        return files
    }

    /// The files of the backups below `folder`, by their path inside the stamp folder.
    private func backups(_ folder: URL) -> [String: [UInt8]] {
        let root = folder.appendingPathComponent(".iconforge-backup")
        var files: [String: [UInt8]] = [:]
        for (path, bytes) in snapshot(root) { files[path.split(separator: "/").dropFirst().joined(separator: "/")] = bytes }
        return files
    }

    @Test("a master inside the web folder it generates into is never overwritten (it was replaced by a 180 px render of itself)")
    func masterIsNeverAnOutput() throws {
        let project = try Fixtures.temporaryFolder(), web = project.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
        let master = web.appendingPathComponent("apple-touch-icon.png")
        let original = try Fixtures.bytes(at: Self.master)
        try FileIO.writeAtomically(original, to: master.path)
        let report = try run(master.path, presets: "web", into: web.path)
        #expect(try FileIO.read(master.path) == original)
        #expect(report.warnings.contains { $0.contains("apple-touch-icon.png: not written: it is an input") })
        #expect(!report.files.contains { $0.path == "apple-touch-icon.png" })
        #expect(FileManager.default.fileExists(atPath: web.appendingPathComponent("icon-512.png").path))
    }

    @Test("a --dark variant inside the catalog set it is written into stays as it is")
    func variantInsideTheSetIsKept() throws {
        let catalog = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets")
        let set = catalog.appendingPathComponent("AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let dark = set.appendingPathComponent("Icon-1024-dark.png")
        let darkBytes = try Fixtures.bytes("glyph-master.png")
        try FileIO.writeAtomically(darkBytes, to: dark.path)
        _ = try run(Self.master.path, presets: "ios-single", into: catalog.path) { $0.darkSourcePath = dark.path }
        #expect(try FileIO.read(dark.path) == darkBytes)
    }

    @Test("a web folder's own favicon.ico, touch icon, favicon PNGs and icons.html go to the backup before they are replaced; a rerun keeps none")
    func webFilesAreBackedUp() throws {
        let project = try Fixtures.temporaryFolder(), web = project.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
        let theirs: [String: [UInt8]] = ["favicon.ico": Array("their ico".utf8), "apple-touch-icon.png": try Fixtures.bytes("glyph-master.png"),
                                         "favicon-32x32.png": Array("their favicon".utf8), "icons.html": Array("<!-- theirs -->".utf8)]
        for (name, bytes) in theirs { try FileIO.writeAtomically(bytes, to: web.appendingPathComponent(name).path) }
        let report = try run(Self.master.path, presets: "web", into: web.path)
        let kept = backups(project)
        for (name, bytes) in theirs {
            #expect(kept["public/" + name] == bytes, "\(name) was not kept")
            #expect(try FileIO.read(web.appendingPathComponent(name).path) != bytes)
        }
        #expect(report.notes.contains { $0.contains("kept your favicon.ico") })
        let after = snapshot(project)
        let ledger = project.appendingPathComponent(".iconforge/written.json").path
        let ledgerTime = try FileManager.default.attributesOfItem(atPath: ledger)[.modificationDate] as? Date
        let again = try run(Self.master.path, presets: "web", into: web.path)
        #expect(snapshot(project) == after, "a rerun changed files or made backups")
        #expect(try FileManager.default.attributesOfItem(atPath: ledger)[.modificationDate] as? Date == ledgerTime, "a rerun rewrote the ledger")
        #expect(!again.notes.contains { $0.contains("kept your") })
    }

    @Test("the ledger forgets files that are gone: output folders deleted since (CI's clean builds, earlier runs) no longer slow every run down")
    func ledgerForgetsDeletedOutputs() throws {
        let project = try Fixtures.temporaryFolder()
        try FileIO.writeAtomically(Array("".utf8), to: project.appendingPathComponent(ProjectConfig.fileName).path)
        let ledger = project.appendingPathComponent(".iconforge/written.json").path
        func entries() throws -> [String: String] {
            try JSONDecoder().decode([String: String].self, from: Data(try FileIO.read(ledger)))
        }
        for run in 0..<3 { _ = try self.run(Self.master.path, presets: "web", into: project.appendingPathComponent("run\(run)").path) }
        let perRun = try entries().keys.filter { $0.hasPrefix("run0/") }.count
        #expect(perRun > 3)
        #expect(try entries().count == 3 * perRun)
        for run in 0..<2 { try FileManager.default.removeItem(at: project.appendingPathComponent("run\(run)")) }
        _ = try self.run(Self.master.path, presets: "web", into: project.appendingPathComponent("run3").path)
        let kept = try entries()
        #expect(kept.count == 2 * perRun, "entries of deleted folders are kept: \(kept.keys.filter { $0.hasPrefix("run0/") }.sorted())")
        #expect(kept.keys.allSatisfy { $0.hasPrefix("run2/") || $0.hasPrefix("run3/") })
    }

    @Test("the ledger reads back what it wrote, whatever the folder's name (quotes, backslashes, tabs, accents, emoji), and reads a ledger written by other JSON writers")
    func ledgerRoundTrip() throws {
        let project = try Fixtures.temporaryFolder()
        let folder = project.appendingPathComponent("Ünï \"quoted\" back\\slash\ttab 😀")
        _ = try run(Self.master.path, presets: "web", into: folder.path)
        let ledger = project.appendingPathComponent(".iconforge/written.json")
        let entries = try JSONDecoder().decode([String: String].self, from: Data(try FileIO.read(ledger.path)))
        #expect(entries.keys.contains { $0.hasPrefix("Ünï \"quoted\" back\\slash\ttab 😀/") }, "\(entries.keys.sorted())")
        // Recognised on a rerun: IconForge's own files are re-rendered in place, not backed up as the user's.
        func rerunKeepsNothing() throws {
            _ = try run(Fixtures.testImages.appendingPathComponent("glyph-master.png").path, presets: "web", into: folder.path)
            let kept = backups(project).keys.sorted()
            #expect(kept.isEmpty, "IconForge's own files were taken for the user's")
        }
        try rerunKeepsNothing()
        // The same entries as another writer spells them (escaped slashes and non-ASCII, other spacing) read the same.
        let other = JSONEncoder()
        other.outputFormatting = []
        var text = String(decoding: try other.encode(try JSONDecoder().decode([String: String].self, from: Data(try FileIO.read(ledger.path)))), as: UTF8.self)
        if !text.contains("\\/") { text = text.replacingOccurrences(of: "/", with: "\\/") } // JSONEncoder escapes them by default
        text = text.replacingOccurrences(of: "😀", with: "\\ud83d\\ude00")
        #expect(text.contains("\\/") && text.contains("\\ud83d"))
        try FileIO.writeAtomically(Array(text.utf8), to: ledger.path)
        _ = try run(Self.master.path, presets: "web", into: folder.path)
        let kept = backups(project).keys.sorted()
        #expect(kept.isEmpty, "a ledger in other spelling was not read: \(text)")
    }

    @Test("a file IconForge wrote and the user edited since goes to the backup; one left alone is re-rendered in place")
    func editedOutputsAreBackedUp() throws {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("out")
        _ = try run(Self.master.path, presets: "web", into: folder.path)
        let edited = folder.appendingPathComponent("icon-192.png")
        try FileIO.writeAtomically(Array("edited by hand".utf8), to: edited.path)
        _ = try run(Fixtures.testImages.appendingPathComponent("glyph-master.png").path, presets: "web", into: folder.path)
        let kept = backups(folder.deletingLastPathComponent())
        #expect(kept["out/icon-192.png"] == Array("edited by hand".utf8))
        #expect(kept.count == 1, "only the edited file is kept: \(kept.keys.sorted())")
    }

    @Test("an Android project's designed launcher PNGs and adaptive XML go to the backup before they are replaced")
    func androidFilesAreBackedUp() throws {
        let project = try Fixtures.temporaryFolder().appendingPathComponent("app")
        let res = project.appendingPathComponent("src/main/res")
        let foreground = res.appendingPathComponent("mipmap-xxxhdpi/ic_launcher_foreground.png")
        let designed = try Fixtures.bytes("glyph-master.png")
        try FileManager.default.createDirectory(at: foreground.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileIO.writeAtomically(designed, to: foreground.path)
        _ = try run(Self.master.path, presets: "android", into: res.path)
        #expect(try FileIO.read(foreground.path) != designed)
        #expect(backups(project.appendingPathComponent("src/main"))["res/mipmap-xxxhdpi/ic_launcher_foreground.png"] == designed)
    }

    @Test("an app-icon set's own PNG is kept in the backup before IconForge renders into it; IconForge's own is not")
    func catalogFilesAreBackedUp() throws {
        let root = try Fixtures.temporaryFolder(), catalog = root.appendingPathComponent("Assets.xcassets")
        _ = try run(Self.master.path, presets: "ios-single", into: catalog.path)
        let icon = catalog.appendingPathComponent("AppIcon.appiconset/AppIcon.png")
        #expect(backups(root).isEmpty)
        let theirs = try Fixtures.bytes("glyph-master.png")
        try FileIO.writeAtomically(theirs, to: icon.path)
        _ = try run(Self.master.path, presets: "ios-single", into: catalog.path)
        #expect(backups(root)["Assets.xcassets/AppIcon.appiconset/AppIcon.png"] == theirs)
        #expect(backups(root).count == 1, "only the user's file is kept: \(backups(root).keys.sorted())")
        #expect(try FileIO.read(icon.path) != theirs)
    }

    @Test("a manifest src that points into .iconforge-backup is never rendered into (a backup is never written over)")
    func manifestIntoBackupIsIgnored() throws {
        let project = try Fixtures.temporaryFolder(), web = project.appendingPathComponent("web")
        let hidden = web.appendingPathComponent(".iconforge-backup/20260101-000000/icon.png")
        try FileManager.default.createDirectory(at: hidden.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileIO.writeAtomically(Array("an old backup".utf8), to: hidden.path)
        let manifest = #"{"name":"x","icons":[{"src":".iconforge-backup/20260101-000000/icon.png","sizes":"192x192","type":"image/png"}]}"#
        try FileIO.writeAtomically(Array(manifest.utf8), to: web.appendingPathComponent("manifest.json").path)
        _ = try run(Self.master.path, presets: "web", into: web.path)
        #expect(try FileIO.read(hidden.path) == Array("an old backup".utf8))
    }

    @Test("a manifest icon in a symlinked icons/ folder that leaves the web folder is refused with one line, and nothing is written through it")
    func linkOutOfTheFolderIsRefused() throws {
        let root = try Fixtures.temporaryFolder(), web = root.appendingPathComponent("web"), outside = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: web.appendingPathComponent("icons").path, withDestinationPath: outside.path)
        let manifest = #"{"name":"x","icons":[{"src":"icons/icon-192.png","sizes":"192x192","type":"image/png"}]}"#
        try FileIO.writeAtomically(Array(manifest.utf8), to: web.appendingPathComponent("manifest.json").path)
        let report = try run(Self.master.path, presets: "web", into: web.path)
        #expect(report.warnings.contains { $0.contains("the manifest's icon icons/icon-192.png is outside the folder") })
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test("an output folder that is itself a link out of nowhere is fine, but a loose output that is a link is refused")
    func outputLinkIsRefused() throws {
        let root = try Fixtures.temporaryFolder(), web = root.appendingPathComponent("web")
        try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
        let target = root.appendingPathComponent("secret.png")
        try FileIO.writeAtomically([1, 2, 3], to: target.path)
        try FileManager.default.createSymbolicLink(atPath: web.appendingPathComponent("icon-512.png").path, withDestinationPath: target.path)
        #expect(throws: IconForgeError.self) { _ = try run(Self.master.path, presets: "web", into: web.path) }
        #expect(try FileIO.read(target.path) == [1, 2, 3])
    }

    @Test("a named pipe given as a master is refused at once with one line (opening it blocked forever)")
    func namedPipeIsNotOpened() throws {
        let folder = try Fixtures.temporaryFolder()
        let pipe = folder.appendingPathComponent("master.png").path
        #expect(mkfifo(pipe, 0o644) == 0)
        #expect(throws: FileError.notRegularFile(path: pipe, kind: "a named pipe")) { try FileIO.read(pipe) }
        #expect {
            _ = try run(pipe, presets: "ios", into: folder.appendingPathComponent("out").path)
        } throws: { error in "\(error)" == "\(pipe): is a named pipe, not a file; not opened" }
    }

    @Test("validate reports a link that leaves the folder and never opens what it points to")
    func validateStaysInside() throws {
        let root = try Fixtures.temporaryFolder(), web = root.appendingPathComponent("web")
        try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
        try FileIO.writeAtomically(try Fixtures.bytes(at: Self.master), to: root.appendingPathComponent("outside.png").path)
        try FileManager.default.createSymbolicLink(atPath: web.appendingPathComponent("icon.png").path, withDestinationPath: "../outside.png")
        let manifest = #"{"name":"x","icons":[{"src":"../outside.png","sizes":"1024x1024","type":"image/png"}]}"#
        try FileIO.writeAtomically(Array(manifest.utf8), to: web.appendingPathComponent("manifest.json").path)
        let report = try Validator(presets: []).validate([web.path])
        let text = report.files.flatMap(\.findings).map(\.message)
        #expect(text.contains { $0.contains("icon.png is a link that leaves") })
        #expect(text.contains { $0.contains("names ../outside.png, outside") })
        #expect(!report.files.contains { $0.path.hasSuffix("outside.png") })
    }

    @Test("an .icon whose Assets hold a link out of the bundle is refused, naming the link")
    func iconAssetLinkIsRefused() throws {
        let root = try Fixtures.temporaryFolder(), bundle = root.appendingPathComponent("App.icon")
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        try FileIO.writeAtomically(try Fixtures.bytes(at: Self.master), to: root.appendingPathComponent("outside.png").path)
        try FileManager.default.createSymbolicLink(atPath: bundle.appendingPathComponent("Assets/art.png").path, withDestinationPath: "../../outside.png")
        let document = #"{"groups":[{"layers":[{"image-name":"art.png","name":"art"}]}]}"#
        try FileIO.writeAtomically(Array(document.utf8), to: bundle.appendingPathComponent("icon.json").path)
        #expect {
            _ = try IconComposerBundle.read(bundle.path)
        } throws: { error in "\(error)".contains("Assets/art.png: is reached through a link that leaves") }
    }

    @Test("validate never opens a catalog file that is a link out of the folder validated")
    func validateSetLink() throws {
        let root = try Fixtures.temporaryFolder(), catalog = root.appendingPathComponent("Assets.xcassets")
        _ = try run(Self.master.path, presets: "ios-single", into: catalog.path)
        let icon = catalog.appendingPathComponent("AppIcon.appiconset/AppIcon.png")
        try FileManager.default.moveItem(at: icon, to: root.appendingPathComponent("secret.png"))
        try FileManager.default.createSymbolicLink(atPath: icon.path, withDestinationPath: "../../secret.png")
        let report = try Validator().validate([catalog.path])
        #expect(report.files.flatMap(\.findings).contains { $0.message == "AppIcon.png is a link that leaves \(catalog.path); not read" })
    }

    @Test("a master that is a slot's own file in the set it generates into is left as it is, with one warning, never listed as written, never moved out by a new layout")
    func masterInsideTheSet() throws {
        for presets in ["ios-single", "ios"] {
            let catalog = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets")
            let set = catalog.appendingPathComponent("AppIcon.appiconset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try Data(#"{"images":[{"filename":"icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#.utf8)
                .write(to: set.appendingPathComponent("Contents.json"))
            let master = set.appendingPathComponent("icon.png")
            // RGBA with transparency: rendered into the slot, it would have been flattened (and failed the read-back check).
            let original = try Fixtures.bytes("glyph-master.png")
            try FileIO.writeAtomically(original, to: master.path)
            let report = try run(master.path, presets: presets, into: catalog.path)
            #expect(try FileIO.read(master.path) == original, "\(presets)")
            #expect(report.warnings.contains { $0.contains("icon.png: not written: it is an input") }, "\(presets): \(report.warnings)")
            #expect(!report.files.contains { $0.path.hasSuffix("/icon.png") }, "\(presets)")
        }
    }

    @Test("a .iconforge-backup or .iconforge beside the folder that is a link out is never written through: the user's file stays, the run says why")
    func linkedBackupFolderIsRefused() throws {
        let project = try Fixtures.temporaryFolder(), web = project.appendingPathComponent("public")
        let elsewhere = project.deletingLastPathComponent().appendingPathComponent("elsewhere-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: project.appendingPathComponent(".iconforge-backup"), withDestinationURL: elsewhere)
        try FileManager.default.createSymbolicLink(at: project.appendingPathComponent(".iconforge"), withDestinationURL: elsewhere)
        let theirs = Array("their ico".utf8)
        try FileIO.writeAtomically(theirs, to: web.appendingPathComponent("favicon.ico").path)
        #expect { try run(Self.master.path, presets: "web", into: web.path) } throws: { "\($0)".contains(".iconforge-backup") && "\($0)".contains("leaves") }
        #expect(try FileIO.read(web.appendingPathComponent("favicon.ico").path) == theirs)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test("an asset set's Contents.json that is a pipe, and a set file that is a link staying inside the folder, are refused with one line naming them")
    func specialFilesInASet() throws {
        let catalog = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets")
        let set = catalog.appendingPathComponent("AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        #expect(mkfifo(set.appendingPathComponent("Contents.json").path, 0o644) == 0)
        #expect { try run(Self.master.path, presets: "ios-single", into: catalog.path) } throws: { "\($0)".contains("Contents.json: is a named pipe") }
        try FileManager.default.removeItem(at: set.appendingPathComponent("Contents.json"))
        try FileIO.writeAtomically(Array("mine".utf8), to: catalog.appendingPathComponent("mine.png").path)
        try FileManager.default.createSymbolicLink(atPath: set.appendingPathComponent("AppIcon.png").path, withDestinationPath: "../mine.png")
        #expect { try run(Self.master.path, presets: "ios-single", into: catalog.path) } throws: { "\($0)".contains("AppIcon.png: is a link, not a file") }
        #expect(try FileIO.read(catalog.appendingPathComponent("mine.png").path) == Array("mine".utf8))
    }

    @Test("an asset set given as the output folder is refused with the catalog to give instead (a set was nested in it)")
    func setAsOutputFolder() throws {
        let set = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets/AppIcon.appiconset")
        #expect { try run(Self.master.path, presets: "ios-single", into: set.path) } throws: { "\($0)".contains("is an asset set or bundle; give the folder that holds it") }
        #expect(!FileManager.default.fileExists(atPath: set.appendingPathComponent("AppIcon.appiconset").path))
        let bundle = set.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("AppIcon.icon")
        #expect { try run(Self.master.path, presets: "ios-single", into: bundle.path) } throws: { "\($0)".contains("is an asset set or bundle") }
        #expect(!FileManager.default.fileExists(atPath: bundle.appendingPathComponent("AppIcon.appiconset").path))
    }

    @Test("in a project (a folder with .git or iconforge.yml) backups and the ledger go to its root, never into a source folder; the first says to ignore them")
    func backupsAtTheProjectRoot() throws {
        let project = try Fixtures.temporaryFolder()
        try FileManager.default.createDirectory(at: project.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let catalog = project.appendingPathComponent("App/Sources/Assets.xcassets")
        _ = try run(Self.master.path, presets: "ios-single", into: catalog.path)
        let icon = catalog.appendingPathComponent("AppIcon.appiconset/AppIcon.png")
        let theirs = try Fixtures.bytes("glyph-master.png")
        try FileIO.writeAtomically(theirs, to: icon.path)
        let report = try run(Self.master.path, presets: "ios-single", into: catalog.path)
        #expect(backups(project)["App/Sources/Assets.xcassets/AppIcon.appiconset/AppIcon.png"] == theirs)
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(".iconforge/written.json").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("App/Sources").path) == ["Assets.xcassets"],
                "nothing of IconForge's in the source folder")
        #expect(report.notes.contains { $0.contains("add them to .gitignore") }, "\(report.notes)")
        try FileIO.writeAtomically(Array(".iconforge/\n.iconforge-backup/\n".utf8), to: project.appendingPathComponent(".gitignore").path)
        try FileIO.writeAtomically(theirs, to: icon.path)
        let again = try run(Self.master.path, presets: "ios-single", into: catalog.path)
        #expect(!again.notes.contains { $0.contains(".gitignore") })
    }

    @Test("a backup stamp folder or a ledger lock placed as a link out is never written through; an output inside a folder the command reads is refused")
    func linkedStampAndLockAndReadFolders() throws {
        let root = try Fixtures.temporaryFolder()
        let project = root.appendingPathComponent("p"), outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: project.appendingPathComponent(".iconforge-backup"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: project.appendingPathComponent(".iconforge"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        // Stamps are predictable (the time to the second): links for the next seconds.
        for second in 0..<4 {
            try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent(".iconforge-backup/" + Backup.timestamp(Date().addingTimeInterval(Double(second)))).path,
                                                       withDestinationPath: outside.path)
        }
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent(".iconforge/.lock").path, withDestinationPath: outside.appendingPathComponent("x").path)
        let mine = project.appendingPathComponent("out.png")
        try FileIO.writeAtomically(Array("mine".utf8), to: mine.path)
        #expect(throws: IconForgeError.self) { try OwnedFile.write(Array("new".utf8), to: mine.path) }
        #expect(try FileIO.read(mine.path) == Array("mine".utf8))
        _ = try OwnedFile.write(Array("fresh".utf8), to: project.appendingPathComponent("fresh.png").path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "written through a link")

        let catalog = root.appendingPathComponent("A.xcassets")
        _ = try run(Self.master.path, presets: "ios-single", into: catalog.path)
        let contents = catalog.appendingPathComponent("AppIcon.appiconset/Contents.json")
        let before = try FileIO.read(contents.path)
        #expect { try OwnedFile.write(Array("<xml/>".utf8), to: contents.path, inputs: [catalog.path]) } throws: { "\($0)".contains("refusing to overwrite") }
        #expect(try FileIO.read(contents.path) == before)
        _ = try OwnedFile.write(Array("{}".utf8), to: root.appendingPathComponent("report.json").path, inputs: [root.path])
    }

    @Test("an output that is a file, and a group inside a catalog for presets with loose files, are refused with one line; a linked-out page is named in a warning")
    func outputFolderMessages() throws {
        let root = try Fixtures.temporaryFolder()
        let file = root.appendingPathComponent("icon.png")
        try FileIO.writeAtomically(Array("x".utf8), to: file.path)
        #expect { try run(Self.master.path, presets: "web", into: file.path) } throws: { "\($0)".contains("is a file; --out names the folder") }
        let group = root.appendingPathComponent("Cat.xcassets/Group")
        #expect { try run(Self.master.path, presets: "web-clip", into: group.path) } throws: { "\($0)".contains("is inside an asset catalog") }
        #expect(!FileManager.default.fileExists(atPath: group.path))
        _ = try run(Self.master.path, presets: "ios-single", into: group.path) // sets are fine in a group
        let web = root.appendingPathComponent("site"), elsewhere = root.appendingPathComponent("elsewhere.html")
        try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
        try FileIO.writeAtomically(Array("<html><head></head></html>".utf8), to: elsewhere.path)
        try FileManager.default.createSymbolicLink(at: web.appendingPathComponent("index.html"), withDestinationURL: elsewhere)
        let report = try run(Self.master.path, presets: "web", into: web.path)
        #expect(report.warnings.contains { $0.contains("index.html") && $0.contains("leaves") }, "\(report.warnings)")
    }
}
