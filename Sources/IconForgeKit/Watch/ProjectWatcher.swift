import Foundation

/// The stamps of a job's inputs — files, and every file below a folder input (a folder of masters, a `.icon`
/// bundle) — compared between polls: a job runs again when they differ.
package struct InputStamps: Sendable, Equatable {
    /// Stamp per file; a missing input is recorded as missing, so its appearing is a change too.
    package var stamps: [String: FileStamp?]

    /// Reads the stamps of `paths` (folders to a depth of 4, hidden files skipped).
    package static func of(_ paths: [String]) -> InputStamps {
        var stamps: [String: FileStamp?] = [:]
        func add(_ path: String, depth: Int) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { stamps[path] = .some(nil); return }
            guard isFolder.boolValue else { stamps[path] = FileStamp.of(path); return }
            guard depth < 4 else { return }
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []) where !name.hasPrefix(".") {
                add((path as NSString).appendingPathComponent(name), depth: depth + 1)
            }
        }
        for path in paths { add(path, depth: 0) }
        return InputStamps(stamps: stamps)
    }
}

/// `iconforge watch --config iconforge.yml`: runs every job of the project file, then again each job whose
/// inputs change (once they have stayed unchanged for the settle time), and reloads the file when it changes.
/// Inputs are polled: a project names a handful of files, which a stat each interval follows at no cost, on
/// every platform. Running a job is the caller's (the command runs `ProjectConfig.Job.generate`, as `generate` does).
/// Its state is touched by the thread that calls `run` or `runOnce` alone, which may be any one thread.
public final class ProjectWatcher: @unchecked Sendable {
    /// Runs one job; returns nil on success, or why it failed.
    public typealias JobRunner = (ProjectConfig.Job) -> String?

    private let configPath: String
    private let settle: Double
    private let interval: Double
    private let log: WatchLog
    private let runJob: JobRunner
    private var config: ProjectConfig
    private var configStamp: FileStamp?
    /// The stamps each job last ran with, by job index.
    private var ran: [Int: InputStamps] = [:]
    /// Changed inputs waiting to settle: the stamps seen and since when.
    private var pending: [Int: (stamps: InputStamps, since: Double)] = [:]

    /// Reads the project file at `config` (a file URL; an error names its line and column). `settle` is how long
    /// an input must stay unchanged before its job runs, `interval` how often inputs are looked at (seconds);
    /// `runJob` runs one job (`job.generate(reporter:)`, typically) and returns nil or why it failed.
    public convenience init(config: URL, settle: Double = 0.3, interval: Double = 0.5, log: WatchLog, runJob: @escaping JobRunner) throws(ConfigError) {
        try self.init(configPath: config.path, settle: settle, interval: interval, log: log, runJob: runJob)
    }

    /// Reads the project file (an error names its line and column).
    package init(configPath: String, settle: Double = 0.3, interval: Double = 0.5, log: WatchLog, runJob: @escaping JobRunner) throws(ConfigError) {
        self.configPath = configPath
        self.settle = settle
        self.interval = interval
        self.log = log
        self.runJob = runJob
        config = try ProjectConfig.load(configPath)
        configStamp = FileStamp.of(configPath)
    }

    /// How many jobs ran, and how many of them failed.
    public struct Totals: Sendable, Equatable {
        /// Jobs run.
        public var jobs = 0
        /// Jobs that failed.
        public var failed = 0
    }

    /// Runs every job once, in order.
    public func runOnce() -> Totals {
        var totals = Totals()
        for index in config.jobs.indices { run(index, reason: "start", totals: &totals) }
        return totals
    }

    /// Runs every job, then follows changes until `stopRequests` grows. `reloadRequests` growing (SIGHUP)
    /// rereads the project file, as a change to it does; a file that no longer reads is logged and the jobs it
    /// had keep running.
    public func run(stopRequests: () -> Int, reloadRequests: () -> Int, now: () -> Double = { Date().timeIntervalSince1970 }) -> Totals {
        var totals = runOnce()
        let stops = stopRequests()
        var reloads = reloadRequests()
        log.event(file: configPath, action: "watch", result: "\(config.jobs.count) job\(config.jobs.count == 1 ? "" : "s"), following their inputs")
        while stopRequests() == stops {
            Thread.sleep(forTimeInterval: interval)
            if reloadRequests() != reloads || FileStamp.of(configPath) != configStamp {
                reloads = reloadRequests()
                reload(totals: &totals)
                continue
            }
            let time = now()
            for (index, job) in config.jobs.enumerated() {
                let current = InputStamps.of(job.inputs)
                guard current != ran[index] else { pending[index] = nil; continue }
                if let waiting = pending[index], waiting.stamps == current {
                    if time - waiting.since >= settle {
                        pending[index] = nil
                        run(index, reason: "changed", totals: &totals)
                    }
                } else {
                    pending[index] = (current, time)
                }
            }
        }
        log.event(file: configPath, action: "stop", result: "\(totals.jobs) job\(totals.jobs == 1 ? "" : "s") run, \(totals.failed) failed")
        return totals
    }

    private func reload(totals: inout Totals) {
        configStamp = FileStamp.of(configPath)
        do {
            config = try ProjectConfig.load(configPath)
        } catch {
            log.event(file: configPath, action: "reload", result: "kept the previous jobs", error: "\(error)")
            return
        }
        log.event(file: configPath, action: "reload", result: "\(config.jobs.count) job\(config.jobs.count == 1 ? "" : "s")")
        ran = [:]
        pending = [:]
        for index in config.jobs.indices { run(index, reason: "reload", totals: &totals) }
    }

    private func run(_ index: Int, reason: String, totals: inout Totals) {
        let job = config.jobs[index]
        // Stamped before the run: a change made while it runs is seen at the next poll.
        ran[index] = InputStamps.of(job.inputs)
        let start = Date()
        let failure = runJob(job)
        totals.jobs += 1
        if failure != nil { totals.failed += 1 }
        log.event(file: "\(configPath):\(job.line)", action: "generate (\(reason))", duration: Date().timeIntervalSince(start),
                  result: failure == nil ? "ok" : "failed", error: failure)
    }
}
