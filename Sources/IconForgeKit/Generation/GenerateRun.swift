import Dispatch
import Foundation
import Raster

/// What a `generate` run says as it goes, in order: the command prints each event (a progress bar, lines, a table);
/// a Swift caller may collect them. Failures are events too, each one line naming the file and the reason, so the
/// other masters and destinations carry on; the run then throws a `GenerateFailure`.
public enum GenerateEvent: Sendable {
    /// A job of a project file about to run (only when the file has several jobs): the file and the job.
    case job(ProjectConfig.Job, file: URL)
    /// A warning that does not stop the request: an option none of its presets uses.
    case warning(String)
    /// An entry of a folder of masters that was not read, and why.
    case skipped(String)
    /// A request sent to several places (a project's platforms): before each destination's runs, its presets and folder.
    case destination(presets: [String], out: URL)
    /// A dry run: what one master's run would write and move (the master and the output folder as file URLs).
    case planned(GenerationPlan, source: URL, folder: URL)
    /// A destination's masters are about to run; the files they write, counted when the reporter `showsProgress`.
    case started(filesExpected: Int)
    /// Files written so far by the run of master `source` (its place among the destination's masters), of `total`.
    case progress(source: Int, done: Int, total: Int)
    /// One master's run (or an alternate icon's) finished.
    case finished(GenerationReport)
    /// The contact sheet written for a master's outputs (with `preview`).
    case previewed(PreviewReport)
    /// Something failed: one line naming the file and the reason.
    case failed(String)
    /// What a step did besides writing files: Play listing icons updated, Xcode's build setting for a variant.
    case note(String)
    /// The Info.plist snippet that names the alternate icons written.
    case alternateIcons(snippet: String)
    /// A destination's runs are over.
    case summary(GenerateSummary)
    /// A job of a project file failed (its failures were said before).
    case jobFailed(ProjectConfig.Job, file: URL)
    /// How many jobs of a project file failed, of how many (when it has several).
    case jobsFailed(Int, of: Int)
}

/// Receives a `generate` run's events. Called from several threads at once while masters run in parallel.
public protocol GenerateReporter: Sendable {
    /// True when a progress bar is shown: before a destination's masters run, the files they write are then counted
    /// (a plan per master, which reads no master) for `started(filesExpected:)`.
    var showsProgress: Bool { get }
    /// Receives one event.
    func report(_ event: GenerateEvent)
}

extension GenerateReporter {
    /// No progress bar: files are not counted ahead.
    public var showsProgress: Bool { false }
}

/// What a destination's runs did: masters (and alternate icons) that finished and that failed, files and bytes written.
public struct GenerateSummary: Sendable, Equatable {
    /// Masters whose runs succeeded.
    public var succeeded = 0
    /// Masters whose runs failed.
    public var failed = 0
    /// Files written.
    public var files = 0
    /// Bytes written.
    public var bytes = 0
    /// Wall time in seconds (masters run in parallel overlap).
    public var seconds = 0.0

    /// An empty summary.
    public init() {}
}

/// Why a `generate` request did not succeed; what failed was reported as it happened. The worse is the greater.
public enum GenerateFailure: Error, Sendable, Equatable, Comparable {
    /// A master, a destination or a step of one failed (the command exits 1).
    case failed
    /// The request cannot be carried out as given: a usage error (the command exits 2).
    case unusable
}

extension ProjectConfig {
    /// Runs every job, in order, as `iconforge generate` with no source does: a job that fails is reported and the
    /// others still run (an agency's twenty apps do not wait on one broken master); then the first failure is thrown.
    /// `dryRun` and `preview` add to each job's own.
    public func generate(dryRun: Bool = false, preview: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment,
                         reporter: some GenerateReporter) throws(GenerateFailure) {
        var firstFailure: GenerateFailure?
        var failed = 0
        for job in jobs {
            // Several jobs' outputs and tables would run together: each is headed by its place and what it does.
            if jobs.count > 1 { reporter.report(.job(job, file: url)) }
            do throws(GenerateFailure) {
                try job.generate(dryRun: dryRun, preview: preview, environment: environment, reporter: reporter)
            } catch {
                reporter.report(.jobFailed(job, file: url))
                failed += 1
                firstFailure = firstFailure ?? error
            }
        }
        if let firstFailure {
            if jobs.count > 1 { reporter.report(.jobsFailed(failed, of: jobs.count)) }
            throw firstFailure
        }
    }
}

extension ProjectConfig.Job {
    /// Runs this job as `iconforge generate` runs it (and `watch` each time its inputs change); `dryRun` and
    /// `preview` add to the job's own.
    public func generate(dryRun: Bool = false, preview: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment,
                         reporter: some GenerateReporter) throws(GenerateFailure) {
        var settings = settings
        settings.dryRun = settings.dryRun || dryRun
        settings.preview = settings.preview || preview
        try settings.generate(sources: [masterPath], presets: presets, out: outPath, environment: environment, reporter: reporter)
    }
}

extension GenerateSettings {
    /// Runs these settings on masters (file URLs of files or folders), presets (comma-separated) and an output folder
    /// (a file URL, whose path may be a `{name}` pattern), as `iconforge generate` does; the badge's placeholders are
    /// filled from `environment`. Every event goes to `reporter`; the worst failure is thrown.
    public func generate(sources: [URL], presets: String, out: URL, environment: [String: String] = ProcessInfo.processInfo.environment,
                         reporter: some GenerateReporter) throws(GenerateFailure) {
        try generate(sources: sources.map(\.path), presets: presets, out: out.path, environment: environment, reporter: reporter)
    }

    /// The same run, paths as strings (the command's form).
    package func generate(sources: [String], presets: String, out: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                         reporter: some GenerateReporter) throws(GenerateFailure) {
        let request: GenerateRequest
        // An unknown or malformed preset is a usage error, as in watch.
        do { request = try self.request(sources: sources, presets: presets, out: out, environment: environment) } catch {
            reporter.report(.failed("\(error)"))
            throw .unusable
        }
        try request.generate(dryRun: dryRun, preview: preview, reporter: reporter)
    }
}

extension GenerateRequest {
    /// Carries out the request: its masters (a folder's, each into its `{name}` folder) into each destination in turn
    /// (`destinations()`), the masters of one destination in parallel, then its alternate icons and Play listings.
    /// Every destination is attempted; the worst failure is thrown. `dryRun` reports the plans and writes nothing;
    /// `preview` also draws each master's contact sheet.
    public func generate(dryRun: Bool = false, preview: Bool = false, reporter: some GenerateReporter) throws(GenerateFailure) {
        for line in ignoredOptions { reporter.report(.warning(line)) }
        let (files, skipped) = masters()
        for line in skipped { reporter.report(.skipped(line)) }
        guard !files.isEmpty else {
            reporter.report(.failed("\(RequestError.noMasters(sources))"))
            throw .failed
        }
        let destinations: [GenerateRequest]
        do { destinations = try self.destinations() } catch { throw Self.failure(error, reporter) }
        for line in destinations.first?.routingWarnings ?? [] { reporter.report(.warning(line)) }
        guard destinations.count > 1 || destinations.first?.out != out else {
            return try destinations[0].run(dryRun: dryRun, preview: preview, reporter: reporter)
        }
        var worst: GenerateFailure?
        // A master's own warnings (an SVG's text drawn with the machine's fonts) come from every place it goes: said once.
        let reporter = RepeatedWarningFilter(reporter)
        if !dryRun, files.count == 1 {
            // One master into several places (an app's Android and web icons): the places run at once, each writing
            // its own folder, so one's serial steps (its adaptive layers, its writes) overlap the other's rendering
            // (Android + web: 0.28 → 0.2 s). The first reports as it goes; the others' events are kept and said
            // after it, in order, so the output reads as a run one place after another. A folder of masters already
            // fills every core, and running its places at once would hold twice the decoded masters: in turn.
            let recorders = destinations.indices.map { $0 == 0 ? nil : EventRecorder(showsProgress: reporter.showsProgress) }
            let outcomes = Locked<[GenerateFailure?]>(Array(repeating: nil, count: destinations.count))
            let place = { @Sendable (index: Int) in
                let outcome: GenerateFailure?
                if let recorder = recorders[index] {
                    outcome = destinations[index].runDestination(dryRun: dryRun, preview: preview, reporter: recorder)
                } else {
                    outcome = destinations[index].runDestination(dryRun: dryRun, preview: preview, reporter: reporter)
                }
                outcomes.withLock { $0[index] = outcome }
            }
            // Not concurrentPerform: Dispatch runs a parallel loop nested in another with its width divided by the
            // outer loop's count, so each place had one core, and the Android place's layers and renders stayed on one
            // core after the web place had finished. Places started this way each get every core for their own loops.
            let group = DispatchGroup()
            for index in destinations.indices.dropFirst() { DispatchQueue.global().async(group: group) { place(index) } }
            place(0)
            group.wait()
            for recorder in recorders.compactMap({ $0 }) { recorder.replay(into: reporter) }
            for case let failure? in outcomes.value {
                if destinations.count == 1 { throw failure }
                worst = max(worst ?? failure, failure)
            }
        } else {
            for destination in destinations {
                if let failure = destination.runDestination(dryRun: dryRun, preview: preview, reporter: reporter) {
                    if destinations.count == 1 { throw failure }
                    worst = max(worst ?? failure, failure)
                }
            }
        }
        if let variant, !dryRun, let apple = destinations.first(where: { $0.options.presets.first?.platform == .apple }) {
            reporter.report(.note("Xcode: set ASSETCATALOG_COMPILER_APPICON_NAME = \(apple.options.appIconName ?? ProjectLayout.appleIconName(variant: variant)) "
                                  + "in the build configuration of \(variant)"))
        }
        if let worst { throw worst }
    }

    /// One destination of several: its heading, its masters, then its Play listings; nil when all went well.
    private func runDestination(dryRun: Bool, preview: Bool, reporter: some GenerateReporter) -> GenerateFailure? {
        reporter.report(.destination(presets: presetNames, out: URL(givenPath: out)))
        do throws(GenerateFailure) {
            try run(dryRun: dryRun, preview: preview, reporter: reporter)
            if !dryRun {
                let notes: [String]
                do { notes = try updatePlayListings() } catch {
                    reporter.report(.failed("\(error)"))
                    throw .failed
                }
                for note in notes { reporter.report(.note(note)) }
            }
            return nil
        } catch {
            return error
        }
    }

    /// Runs one destination's masters: in parallel, each into its folder, then its alternate icons.
    private func run(dryRun: Bool, preview: Bool, reporter: some GenerateReporter) throws(GenerateFailure) {
        let runs: [Run], alternates: [(icon: AlternateIcons.Icon, run: Run)]
        do {
            runs = try self.runs()
            alternates = try alternateRuns(into: runs[0].folder)
        } catch { throw Self.failure(error, reporter) }
        if dryRun {
            for run in runs { reporter.report(.planned(run.generator.plan(outputFolder: run.folder), source: URL(givenPath: run.source), folder: URL(givenPath: run.folder))) }
            return
        }
        let previewer = {
            var previewer = Previewer(options: options)
            previewer.appIconName = options.appIconName ?? "AppIcon"
            return previewer
        }()
        // One bar over every master's files: the plan counts them without reading any master.
        let expected = reporter.showsProgress
            ? runs.reduce(0) { $0 + $1.generator.plan(outputFolder: $1.folder).files.filter { $0.pixels != nil }.count } : 0
        reporter.report(.started(filesExpected: expected))
        let tally = Tally()
        let clock = ContinuousClock(), start = clock.now
        // One master: its outputs in parallel. Several: masters in parallel, each on one core.
        let perSource: Parallelism = runs.count == 1 ? .allCores : .serial
        // Several masters save their write ledgers once, together, at the end (see LedgerSession).
        let ledgers: LedgerSession? = runs.count == 1 ? nil : LedgerSession()
        DispatchQueue.concurrentPerform(iterations: runs.count) { index in
            let run = runs[index]
            var generator = run.generator
            generator.ledgerSession = ledgers
            do throws(IconForgeError) {
                let report = try generator.run(source: run.source, outputFolder: run.folder, parallelism: perSource) { done, total in
                    reporter.report(.progress(source: index, done: done, total: total))
                }
                tally.finished(report)
                reporter.report(.finished(report))
                if preview {
                    reporter.report(.previewed(try previewer.write(sources: [run.folder], to: Previewer.sheetPath(forOutputFolder: run.folder),
                                                                   title: "IconForge preview — \((run.source as NSString).lastPathComponent)",
                                                                   anchoredOn: run.folder)))
                }
            } catch {
                tally.failed()
                reporter.report(.failed("\(error)"))
            }
        }
        ledgers?.saveAll()
        if tally.summary.failed == 0, !alternates.isEmpty {
            for (_, run) in alternates {
                do {
                    let report = try run.generator.run(source: run.source, outputFolder: run.folder)
                    tally.finished(report)
                    reporter.report(.finished(report))
                } catch {
                    tally.failed()
                    reporter.report(.failed("\(error)"))
                }
            }
            if tally.summary.failed == 0 { reporter.report(.alternateIcons(snippet: AlternateIcons.snippet(names: alternates.map { $0.icon.name }))) }
        }
        let elapsed = clock.now - start
        var summary = tally.summary
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        reporter.report(.summary(summary))
        if summary.failed > 0 { throw .failed }
    }

    /// A request that cannot be carried out, reported: a usage error or a failure.
    private static func failure(_ error: RequestError, _ reporter: some GenerateReporter) -> GenerateFailure {
        reporter.report(.failed("\(error)"))
        return error.isUsageError ? .unusable : .failed
    }
}

/// The summary of a destination's runs, added to from the threads its masters run on.
private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = GenerateSummary()

    var summary: GenerateSummary { lock.withLock { counts } }

    func finished(_ report: GenerationReport) {
        lock.withLock {
            counts.succeeded += 1
            counts.files += report.files.count
            counts.bytes += report.totalBytes
        }
    }

    func failed() { lock.withLock { counts.failed += 1 } }
}

/// Passes events on, leaving out of each finished run's warnings those an earlier place's run already said.
private final class RepeatedWarningFilter<Base: GenerateReporter>: GenerateReporter, @unchecked Sendable {
    private let base: Base
    private let said = Locked<Set<String>>([])

    init(_ base: Base) { self.base = base }

    var showsProgress: Bool { base.showsProgress }

    func report(_ event: GenerateEvent) {
        guard case .finished(var report) = event else { return base.report(event) }
        report.warnings = said.withLock { said in report.warnings.filter { said.insert($0).inserted } }
        base.report(.finished(report))
    }
}

/// A destination's events, kept while another destination reports, and said after it in the order they came.
private final class EventRecorder: GenerateReporter, Sendable {
    let showsProgress: Bool
    private let events = Locked<[GenerateEvent]>([])

    init(showsProgress: Bool) { self.showsProgress = showsProgress }

    func report(_ event: GenerateEvent) { events.withLock { $0.append(event) } }

    func replay(into reporter: some GenerateReporter) {
        for event in events.value { reporter.report(event) }
    }
}
