import Foundation
import IconForgeKit
import TestSupport
import Testing

/// Collects a run's events, as a Swift caller of the library would.
private final class Events: GenerateReporter, @unchecked Sendable {
    private let lock = NSLock()
    private var events: [GenerateEvent] = []
    let showsProgress: Bool

    init(showsProgress: Bool = false) { self.showsProgress = showsProgress }

    func report(_ event: GenerateEvent) { lock.withLock { events.append(event) } }

    var all: [GenerateEvent] { lock.withLock { events } }
    var failures: [String] { all.compactMap { if case .failed(let line) = $0 { line } else { nil } } }
    var finished: [GenerationReport] { all.compactMap { if case .finished(let report) = $0 { report } else { nil } } }
    var summaries: [GenerateSummary] { all.compactMap { if case .summary(let summary) = $0 { summary } else { nil } } }
    var skipped: [String] { all.compactMap { if case .skipped(let line) = $0 { line } else { nil } } }
}

private let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

@Suite("GenerateRun (generate's run in the library: requests, folders of masters, project jobs, reporting)")
struct GenerateRunTests {
    @Test("one master: every file reported is on disk at its size, and the summary counts them")
    func oneMaster() throws {
        let out = try Fixtures.temporaryFolder().appendingPathComponent("Icons")
        let events = Events(showsProgress: true)
        try GenerateSettings().generate(sources: [master], presets: "itunes-artwork", out: out.path, reporter: events)
        #expect(events.failures.isEmpty)
        let reports = events.finished
        try #require(reports.count == 1)
        #expect(reports[0].sourcePath == master && reports[0].outputFolderPath == out.path && !reports[0].files.isEmpty)
        #expect(reports[0].source.path == master && reports[0].outputFolder.path == out.path)
        for file in reports[0].files {
            let size = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(file.path).path)[.size] as? Int
            #expect(size == file.bytes, "\(file.path)")
            #expect(file.url.relativePath == file.path && file.url.path == out.appendingPathComponent(file.path).path)
        }
        // The bar's total was counted from the plan before the master was read, and progress came from the run.
        let expected = events.all.compactMap { if case .started(let files) = $0 { files } else { nil } }
        #expect(expected == [reports[0].files.filter { $0.pixels != nil }.count])
        #expect(events.all.contains { if case .progress(0, _, _) = $0 { true } else { false } })
        let summary = try #require(events.summaries.first)
        #expect(events.summaries.count == 1 && summary.succeeded == 1 && summary.failed == 0)
        #expect(summary.files == reports[0].files.count && summary.bytes == reports[0].totalBytes)
    }

    @Test("one master into several places: they run at once, but each place's events come together, in the order of the places, as a run one after another")
    func placesAtOnce() throws {
        let out = try Fixtures.temporaryFolder().appendingPathComponent("site")
        for _ in 0..<3 {
            let events = Events(showsProgress: true)
            try GenerateSettings().generate(sources: [master], presets: "android,web,windows", out: out.path, reporter: events)
            #expect(events.failures.isEmpty)
            // Each place: its heading, started, its master finished, its summary — never another place's event between.
            var order: [String] = [], current: String?
            for event in events.all {
                switch event {
                case .destination(_, let folder):
                    #expect(current == nil, "a heading inside \(current ?? "")")
                    current = folder.givenPath
                    order.append(folder.lastPathComponent)
                case .finished(let report): #expect(report.outputFolderPath == current)
                case .summary: current = nil
                default: break
                }
            }
            #expect(order == ["android", "web", "windows"])
            #expect(events.summaries.count == 3 && events.summaries.allSatisfy { $0.succeeded == 1 && $0.failed == 0 })
        }
    }

    @Test("a master's own warning (an SVG's text, drawn with the machine's fonts) is said once, not once per place")
    func masterWarningOnce() throws {
        let svg = Fixtures.testImages.appendingPathComponent("sources/icon.svg").path
        let out = try Fixtures.temporaryFolder().appendingPathComponent("site")
        let events = Events()
        try GenerateSettings().generate(sources: [svg], presets: "android,web", out: out.path, reporter: events)
        let text = events.finished.flatMap(\.warnings).filter { $0.contains("is text") }
        #expect(text.count == 1, "\(events.finished.map(\.warnings))")
        #expect(events.finished.count == 2)
    }

    @Test("a folder of masters: each into its {name} folder, what is not a master said and skipped")
    func folderOfMasters() throws {
        let root = try Fixtures.temporaryFolder()
        let masters = root.appendingPathComponent("masters")
        try FileManager.default.createDirectory(at: masters, withIntermediateDirectories: true)
        for name in ["blue.png", "red.png"] { try FileManager.default.copyItem(atPath: master, toPath: masters.appendingPathComponent(name).path) }
        try Data("not a master".utf8).write(to: masters.appendingPathComponent("notes.txt"))
        let events = Events()
        try GenerateSettings().generate(sources: [masters.path], presets: "itunes-artwork", out: root.appendingPathComponent("out/{name}").path, reporter: events)
        #expect(events.skipped == ["skipped \(masters.appendingPathComponent("notes.txt").path): not a PNG, JPEG or SVG master"])
        #expect(Set(events.finished.map(\.outputFolderPath)) == [root.appendingPathComponent("out/blue").path, root.appendingPathComponent("out/red").path])
        #expect(events.summaries.map(\.succeeded) == [2])
        let made = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("out").path).filter { !$0.hasPrefix(".") }
        #expect(made.sorted() == ["blue", "red"])
    }

    @Test("a master that fails is reported as its error's line, counted, and the run throws; nothing else is written")
    func failingMaster() throws {
        let small = Fixtures.testImages.appendingPathComponent("fixtures/hostile-ztxt-1gib.png").path // 16x16
        let out = try Fixtures.temporaryFolder().appendingPathComponent("Icons")
        let events = Events()
        #expect(throws: GenerateFailure.failed) {
            try GenerateSettings().generate(sources: [small], presets: "itunes-artwork", out: out.path, reporter: events)
        }
        #expect(events.failures.count == 1)
        #expect(events.failures.first?.hasPrefix("\(small): is 16x16, too small for ") == true, "\(events.failures)")
        #expect(events.finished.isEmpty && events.summaries.map(\.failed) == [1])
    }

    @Test("a request that cannot be carried out is a usage failure, said once, before anything is written")
    func unusable() throws {
        let out = try Fixtures.temporaryFolder().appendingPathComponent("Icons")
        let events = Events()
        #expect(throws: GenerateFailure.unusable) {
            try GenerateSettings().generate(sources: [master], presets: "no-such-preset", out: out.path, reporter: events)
        }
        #expect(events.failures.count == 1 && events.all.count == 1)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("a dry run reports each master's plan and writes nothing")
    func dryRun() throws {
        let out = try Fixtures.temporaryFolder().appendingPathComponent("Icons")
        var settings = GenerateSettings()
        settings.dryRun = true
        let events = Events()
        try settings.generate(sources: [master], presets: "itunes-artwork", out: out.path, reporter: events)
        let plans = events.all.compactMap { if case .planned(let plan, let source, let folder) = $0 { (plan, source, folder) } else { nil } }
        try #require(plans.count == 1)
        #expect(plans[0].1.givenPath == master && plans[0].2.givenPath == out.path && !plans[0].0.files.isEmpty)
        #expect(plans[0].0.files.allSatisfy { $0.url.path.hasPrefix(out.path + "/") })
        #expect(events.finished.isEmpty && events.summaries.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("alternate icons run after the master, and their Info.plist snippet is reported")
    func alternates() throws {
        let out = try Fixtures.temporaryFolder().appendingPathComponent("Icons")
        var settings = GenerateSettings()
        settings.alternates = [try #require(AlternateIcons.Icon(parsing: "Classic=" + master))]
        let events = Events()
        try settings.generate(sources: [master], presets: "ios-single", out: out.path, reporter: events)
        #expect(events.finished.count == 2 && events.summaries.map(\.succeeded) == [2])
        let snippets = events.all.compactMap { if case .alternateIcons(let snippet) = $0 { snippet } else { nil } }
        #expect(snippets.count == 1 && snippets.first?.contains("Classic") == true)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Classic.appiconset").path))
    }

    @Test("a project's jobs: each headed, a failing one named and counted, the others still run, the first failure thrown")
    func projectJobs() throws {
        let folder = try Fixtures.temporaryFolder()
        let file = folder.appendingPathComponent("iconforge.yml")
        try Data("""
            jobs:
              - master: missing.png
                presets: itunes-artwork
                out: broken
              - master: \(master)
                presets: itunes-artwork
                out: icons
            """.utf8).write(to: file)
        let project = try ProjectConfig.load(file.path)
        let events = Events()
        #expect(throws: GenerateFailure.failed) { try project.generate(reporter: events) }
        let headed = events.all.compactMap { if case .job(let job, let url) = $0 { "\(url.givenPath):\(job.line)" } else { nil } }
        #expect(headed == ["\(file.path):2", "\(file.path):5"])
        let failedJobs = events.all.compactMap { if case .jobFailed(let job, _) = $0 { job.line } else { nil } }
        #expect(failedJobs == [2])
        #expect(events.all.contains { if case .jobsFailed(1, of: 2) = $0 { true } else { false } })
        #expect(events.finished.map(\.outputFolderPath) == [folder.appendingPathComponent("icons").path])
    }
}
