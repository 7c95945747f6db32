import Foundation
import IconForgeKit
import TestSupport
import Testing

/// Collects a batch's notes and failures.
private final class Notes: GenerateReporter, @unchecked Sendable {
    private let lock = NSLock()
    private var events: [GenerateEvent] = []
    let showsProgress = false
    func report(_ event: GenerateEvent) { lock.withLock { events.append(event) } }
    var failures: [String] { lock.withLock { events.compactMap { if case .failed(let line) = $0 { line } else { nil } } } }
    var notes: [String] {
        lock.withLock { events.flatMap { event -> [String] in if case .finished(let report) = event { report.notes } else { [] } } }
    }
}

/// The write ledger (`.iconforge/written.json` beside the folder worked on): what it keeps between runs.
@Suite("Write ledger: entries of folders that are gone are dropped")
struct WriteLedgerTests {
    private func generate(into folder: URL) throws {
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png")
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("web"))).run(source: master.path, outputFolder: folder.path)
    }

    /// The ledger's keys (paths relative to its folder).
    private func keys(in anchor: URL) throws -> [String] {
        let bytes = try FileIO.read(anchor.appendingPathComponent(".iconforge/written.json").path)
        let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: String]
        return Array((object ?? [:]).keys)
    }

    @Test("keys with quotes, backslashes and control characters are escaped, and a rerun recognises those files")
    func escapedKeys() throws {
        let anchor = try Fixtures.temporaryFolder()
        let odd = anchor.appendingPathComponent("say \"hi\" \\ tab\there")
        try generate(into: odd)
        #expect(try keys(in: anchor).contains { $0.hasPrefix("say \"hi\" \\ tab\there/") })
        let plain = try keys(in: anchor).filter { !$0.hasPrefix("say") }
        #expect(plain.isEmpty, "\(plain)")
        let notes = Notes()
        let request = try GenerateRequest(sources: [Fixtures.testImages.appendingPathComponent("app-icon-master.png").path], presets: "web",
                                          out: odd.path, options: GenerateOptions(presets: []))
        try request.generate(dryRun: false, preview: false, reporter: notes)
        #expect(!notes.notes.contains { $0.contains("kept your") }, "\(notes.notes)")
        #expect(!FileManager.default.fileExists(atPath: anchor.appendingPathComponent(".iconforge-backup").path))
    }

    @Test("a deleted output folder leaves the ledger at the next save; a folder that stays keeps its entries, even of a file deleted from it")
    func deletedFolderIsDropped() throws {
        let root = try Fixtures.temporaryFolder()
        let (first, second, third) = (root.appendingPathComponent("a"), root.appendingPathComponent("b"), root.appendingPathComponent("c"))
        try generate(into: first)
        try generate(into: second)
        #expect(try keys(in: root).contains { $0.hasPrefix("a/") })
        try FileManager.default.removeItem(at: first)
        try FileManager.default.removeItem(at: second.appendingPathComponent("icon-512.png"))
        try generate(into: third)
        let after = try keys(in: root)
        #expect(!after.contains { $0.hasPrefix("a/") })
        #expect(after.contains("b/icon-192.png") && after.contains("b/icon-512.png"))
        #expect(after.contains { $0.hasPrefix("c/") })
    }

    @Test("a batch of masters saves the ledger once with every master's files: a rerun recognises them all and backs nothing up")
    func batchSavesEveryMaster() throws {
        let root = try Fixtures.temporaryFolder(), masters = root.appendingPathComponent("masters")
        try FileManager.default.createDirectory(at: masters, withIntermediateDirectories: true)
        let bytes = try FileIO.read(Fixtures.testImages.appendingPathComponent("app-icon-master.png").path)
        for name in ["one", "two", "three"] { try FileIO.writeAtomically(bytes, to: masters.appendingPathComponent("\(name).png").path) }
        let out = root.appendingPathComponent("out")
        let first = Notes()
        try GenerateSettings().generate(sources: [masters], presets: "web", out: out.appendingPathComponent("{name}"), reporter: first)
        #expect(first.failures.isEmpty)
        let keys = try keys(in: out)
        for name in ["one", "two", "three"] { #expect(keys.contains("\(name)/icon-512.png"), "\(name)") }
        let again = Notes()
        try GenerateSettings().generate(sources: [masters], presets: "web", out: out.appendingPathComponent("{name}"), reporter: again)
        #expect(again.failures.isEmpty)
        #expect(!again.notes.contains { $0.contains("kept your") }, "\(again.notes)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(".iconforge-backup").path))
    }
}
