import Foundation
import SVGCodec

/// Keeps `output` in step with `input`: every master that lands, however it lands, becomes a complete
/// set, replaced in one rename; nothing dropped there stops it. The control loop runs on the calling
/// thread; jobs run on Dispatch's pool, one per source at a time, at most `width` at once.
public final class WatchDaemon: @unchecked Sendable {
    private var options: WatchOptions {
        get { settings.value }
        set { settings.value = newValue }
    }
    private let settings: Locked<WatchOptions>
    private let source: ChangeSource
    private let clock: @Sendable () -> Double
    private let log: WatchLog
    private let process: @Sendable (String) -> JobResult

    private var tracker: SettleTracker
    private var state: WatchState
    private var queue: [String] = []
    private var queued = Set<String>()
    private var running = Set<String>()
    private var changedWhileRunning = Set<String>()
    private var failedAt: [String: FileStamp] = [:]
    /// Failed writes to try again: the attempt count and when.
    private var retries: [String: (attempt: Int, due: Double)] = [:]
    /// Which source owns each output name (lowercased: `icon.png` and `icon.PNG` would write one folder).
    private var owners: [String: String] = [:]
    /// Sources refused because another owns their output name, logged once each.
    private var refused = Set<String>()
    private var totals = (jobs: 0, succeeded: 0, failed: 0)
    private let completions = Completions()
    /// The output folders of jobs in progress, whose temporaries are removed at once on a forced stop.
    private let temporaries = Locked(Set<String>())

    /// True for the files the daemon treats as masters.
    package static func isSource(_ name: String) -> Bool { SourceImage.hasReadableName(name) }

    /// A daemon watching `options.input`: with inotify on Linux, or by looking every `pollInterval` seconds when one
    /// is given (and always on other systems, every 2 seconds unless given). Throws when the folder cannot be watched:
    /// it is not a folder, the output folder is inside it, or the system refuses to watch it.
    public convenience init(options: WatchOptions, log: WatchLog, pollInterval: Double? = nil) throws(WatchError) {
        try Self.checkFolders(input: options.input, output: options.output)
        let source: ChangeSource
        #if os(Linux)
        if let pollInterval { source = PollingSource(folder: options.input, interval: pollInterval) } else { source = try InotifySource(folder: options.input) }
        #else
        source = PollingSource(folder: options.input, interval: pollInterval ?? 2)
        #endif
        self.init(options: options, source: source, log: log)
    }

    /// Refuses an output folder inside the watched folder (outputs would trigger the watch) and a watched folder that is
    /// not there, as the paths were given.
    package static func checkFolders(input: String, output: String) throws(WatchError) {
        let inputPath = URL(fileURLWithPath: input).standardizedFileURL.path
        let outputPath = URL(fileURLWithPath: output).standardizedFileURL.path
        guard !(outputPath + "/").hasPrefix(inputPath + "/") else { throw .outputInsideInput(output) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue else {
            throw .cannotWatch(input, "no such folder")
        }
    }

    /// A daemon; `process` replaces the real job (generate or validate) in tests.
    package init(options: WatchOptions, source: ChangeSource, log: WatchLog,
                clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime },
                process: (@Sendable (String) -> JobResult)? = nil) {
        settings = Locked(options)
        self.source = source
        self.log = log
        self.clock = clock
        tracker = SettleTracker(settle: options.settle)
        state = WatchState(outputFolder: options.output)
        let (temporaries, settings) = (self.temporaries, self.settings)
        self.process = process ?? { name in WatchJob.run(name, options: settings.value, temporaries: temporaries) }
    }

    // MARK: - Running

    /// Scans, processes everything that needs it, and returns the totals (`--once`).
    public func runOnce() -> (jobs: Int, failed: Int) {
        removeStaleTemporaries()
        for name in scanForWork() { enqueue(name) }
        while !queue.isEmpty || !running.isEmpty {
            startJobs()
            completions.wait(timeout: 0.05)
            drainCompletions()
        }
        return (totals.jobs, totals.failed)
    }

    /// Watches until `stopRequests()` turns positive (a signal), then lets running jobs finish, bounded by
    /// `shutdownTimeout`; a second request stops at once. When `reloadRequests()` grows, `reload()` gives new
    /// generate options (nil keeps the old). Throws only when the input folder goes away.
    public func run(stopRequests: () -> Int, summaryRequests: () -> Int = { 0 }, reloadRequests: () -> Int = { 0 },
                    reload: () -> GenerateOptions? = { nil }) throws(WatchError) {
        removeStaleTemporaries()
        let now = clock()
        for name in scanForWork() { tracker.touch(name, stamp: stamp(name), now: now) }
        log.event(file: nil, action: "start", result: "watching \(options.input), \(tracker.waiting) to process")
        var summaries = 0, reloads = 0
        while stopRequests() == 0 {
            if reloadRequests() > reloads {
                reloads = reloadRequests()
                if let generate = reload() {
                    options.generate = generate
                    log.event(file: nil, action: "reload", result: "presets \(generate.presets.map(\.name).joined(separator: ","))")
                } else {
                    log.event(file: nil, action: "reload", result: "failed", error: "the configuration could not be read; keeping the old one")
                }
            }
            let wait = running.isEmpty && queue.isEmpty ? min(max((tracker.nextDeadline ?? .infinity) - clock(), 0.01), 0.25) : 0.05
            let batch = source.next(timeout: wait)
            if batch.folderGone && !FileManager.default.fileExists(atPath: options.input) {
                finishRunningJobs(stopRequests: stopRequests, limit: options.shutdownTimeout)
                log.event(file: nil, action: "stop", result: "failed", error: WatchError.folderGone(options.input).description)
                throw .folderGone(options.input)
            }
            handle(batch)
            for name in tracker.ready(now: clock(), stamp: stamp) where needsWork(name) { enqueue(name) }
            let now = clock()
            for (name, retry) in retries where retry.due <= now && !running.contains(name) && !queued.contains(name) {
                if stamp(name) == nil { retries[name] = nil } else { enqueue(name) }
            }
            drainCompletions(retrying: true)
            startJobs()
            if summaryRequests() > summaries {
                summaries = summaryRequests()
                logSummary()
            }
        }
        let forced = !finishRunningJobs(stopRequests: stopRequests, limit: options.shutdownTimeout)
        if forced {
            // A job stuck in an SVG drawing ends with it, rather than outliving the daemon in librsvg's process.
            SVG.stopAll()
            for folder in temporaries.value { FileIO.removeStaleTemporaries(in: folder, includingOwn: true) }
        }
        logSummary()
        log.event(file: nil, action: "stop", result: forced ? "stopped at once; unfinished jobs discarded" : "stopped")
    }

    private func handle(_ batch: ChangeBatch) {
        let now = clock()
        if batch.rescan {
            log.event(file: nil, action: "rescan", result: "events were lost; scanning everything")
            for name in scanForWork() { tracker.touch(name, stamp: stamp(name), now: now) }
        }
        for name in batch.changed where WatchDaemon.isSource(name) {
            tracker.touch(name, stamp: stamp(name), now: now)
        }
        for name in batch.removed where WatchDaemon.isSource(name) && stamp(name) == nil {
            tracker.remove(name)
            failedAt[name] = nil
            retries[name] = nil
            refused.remove(name)
            let key = WatchDaemon.outputKey(name)
            guard owners[key] == nil || owners[key] == name else { continue } // its outputs were never its own
            owners[key] = nil
            if options.prune { prune(name) }
        }
    }

    /// Waits for running jobs; false when a second stop request or the time limit cut it short.
    @discardableResult
    private func finishRunningJobs(stopRequests: () -> Int, limit: Double) -> Bool {
        queue.removeAll()
        queued.removeAll()
        let deadline = clock() + limit
        // A job still drawing an SVG after this long is stuck in a filter (a real icon draws in milliseconds): its
        // drawing is stopped so the daemon does not wait out librsvg's own time limit.
        let svgGrace = clock() + min(limit, 2)
        var svgStopped = false
        while !running.isEmpty {
            if stopRequests() > 1 || clock() > deadline { return false }
            if !svgStopped, clock() > svgGrace {
                SVG.stopAll()
                svgStopped = true
            }
            completions.wait(timeout: 0.05)
            drainCompletions(requeue: false)
        }
        return true
    }

    // MARK: - Queue

    private func enqueue(_ name: String) {
        if running.contains(name) {
            changedWhileRunning.insert(name)
        } else if queued.insert(name).inserted {
            queue.append(name)
        }
    }

    private func startJobs() {
        var index = 0
        while running.count < options.width, index < queue.count {
            let name = queue[index]
            if running.contains(name) { index += 1; continue }
            queue.remove(at: index)
            queued.remove(name)
            running.insert(name)
            let started = clock(), process = self.process, completions = self.completions
            let stampAtStart = stamp(name)
            DispatchQueue.global().async {
                let result = process(name)
                completions.add(Completion(name: name, result: result, started: started, stamp: stampAtStart))
            }
        }
    }

    private func drainCompletions(requeue: Bool = true, retrying: Bool = false) {
        for completion in completions.takeAll() {
            let name = completion.name
            running.remove(name)
            totals.jobs += 1
            let duration = clock() - completion.started
            let action = options.validateOnly ? "validate" : "generate"
            if completion.result.succeeded {
                totals.succeeded += 1
                failedAt[name] = nil
                retries[name] = nil
                log.event(file: name, action: action, duration: duration, result: completion.result.result)
            } else if completion.result.retryable && retrying && requeue {
                // The output could not be written (read-only, disk full): nothing in the source will change to
                // trigger a new attempt, so try again after 1, 2, 4 … 60 seconds.
                totals.failed += 1
                let attempt = (retries[name]?.attempt ?? 0) + 1
                let delay = min(60, pow(2, Double(attempt - 1)))
                retries[name] = (attempt, clock() + delay)
                log.event(file: name, action: action, duration: duration, result: "failed; retrying in \(PointSize.format(delay)) s (attempt \(attempt))",
                          error: completion.result.error)
            } else {
                totals.failed += 1
                failedAt[name] = completion.stamp // reported once; retried when the file changes again
                log.event(file: name, action: action, duration: duration, result: "failed", error: completion.result.error)
            }
            if completion.result.succeeded, let processed = completion.result.processed {
                state[name] = WatchState.Entry(hash: processed.hash, stamp: processed.stamp)
                state.save()
            }
            if changedWhileRunning.remove(name) != nil, requeue { tracker.touch(name, stamp: stamp(name), now: clock()) }
            if totals.jobs % 100 == 0 { logSummary() }
        }
    }

    private func logSummary() {
        log.event(file: nil, action: "summary", result: "\(totals.jobs) job\(totals.jobs == 1 ? "" : "s"), \(totals.succeeded) succeeded, \(totals.failed) failed, "
                  + "\(queue.count) queued, \(running.count) running, \(tracker.waiting) settling")
    }

    // MARK: - What needs doing

    private func path(_ name: String) -> String { (options.input as NSString).appendingPathComponent(name) }
    private func stamp(_ name: String) -> FileStamp? { FileStamp.of(path(name)) }
    private func contentHash(_ name: String) -> String? { (try? FileIO.read(path(name))).map(WatchState.hash) }

    private func outputPath(_ name: String) -> String {
        let base = ((options.output as NSString).appendingPathComponent((name as NSString).deletingPathExtension))
        return options.validateOnly ? base + ".validation.json" : base
    }

    /// Every source whose outputs are missing, or were made from a different file.
    private func scanForWork() -> [String] {
        (FileStamp.scan(options.input) ?? [:]).keys.sorted().filter(needsWork)
    }

    /// The output name a source writes, as case-insensitive file systems (macOS's) compare it.
    static func outputKey(_ name: String) -> String { (name as NSString).deletingPathExtension.lowercased() }

    /// True when `name` may write its output name: no other existing source (`icon.png` beside `icon.PNG`)
    /// owns it. A refused source is logged once, as `generate` refuses two sources of one name.
    private func claim(_ name: String) -> Bool {
        let key = WatchDaemon.outputKey(name)
        if let owner = owners[key], owner != name, stamp(owner) != nil {
            if refused.insert(name).inserted {
                totals.failed += 1
                log.event(file: name, action: options.validateOnly ? "validate" : "generate", result: "refused",
                          error: "\(name) and \(owner) would both write \((name as NSString).deletingPathExtension); rename one of them")
            }
            return false
        }
        owners[key] = name
        return true
    }

    private func needsWork(_ name: String) -> Bool {
        guard let current = stamp(name), claim(name) else { return false }
        if failedAt[name] == current { return false }
        guard FileManager.default.fileExists(atPath: outputPath(name)), let recorded = state[name] else { return true }
        if recorded.stamp == current { return false }
        guard let hash = contentHash(name), hash == recorded.hash else { return true }
        state[name] = WatchState.Entry(hash: hash, stamp: current) // same content, new stamp (touched, or copied with -p)
        return false
    }

    private func prune(_ name: String) {
        let target = outputPath(name)
        guard FileManager.default.fileExists(atPath: target) else { return }
        do {
            // Under the ownership rule: what the user put there or edited goes to the backup (beside OUT) first.
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: target, isDirectory: &isFolder)
            let writer = OutputWriter(folder: isFolder.boolValue ? target : target.parentFolder, inputs: [], backupGiven: target)
            try writer.removeTree(target)
            let kept = writer.finish()
            state[name] = nil
            state.save()
            log.event(file: name, action: "prune", result: "removed \((target as NSString).lastPathComponent)"
                      + (kept.isEmpty ? "" : "; " + kept.joined(separator: "; ")))
        } catch {
            log.event(file: name, action: "prune", result: "failed", error: "\(error)")
        }
    }

    /// Temporaries a killed daemon (or generate) left behind in the output folder and its source folders.
    private func removeStaleTemporaries() {
        try? FileManager.default.createDirectory(atPath: options.output, withIntermediateDirectories: true)
        FileIO.removeStaleTemporaries(in: options.output)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: options.output)) ?? [] where !name.hasPrefix(".") {
            FileIO.removeStaleTemporaries(in: (options.output as NSString).appendingPathComponent(name))
        }
    }
}
