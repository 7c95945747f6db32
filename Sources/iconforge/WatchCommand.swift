import ArgumentParser
import Dispatch
import Foundation
import IconForgeKit
import Raster

/// `iconforge watch`: keeps an output folder in step with a folder of masters, unattended.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Watch a folder: every master dropped there becomes a complete, checked set.",
        discussion: """
            IN_DIR/name.png becomes OUT_DIR/name/ (generate's layout, replaced in one rename), or with \
            --validate-only OUT_DIR/name.validation.json. On start every master whose outputs are missing or \
            stale is processed; then changes are followed (inotify on Linux, polling elsewhere or with --poll). \
            A file is processed once it has not changed for --settle milliseconds. Bad files are logged once \
            and retried when they change. SIGINT/SIGTERM finish the jobs in progress and exit 0 (a second \
            signal stops at once); SIGHUP reloads --config; SIGUSR1 logs a summary. The exit status is \
            non-zero only when IN_DIR cannot be watched or disappears (and, with --once, when a job failed). \
            Without IN_DIR, the jobs of the project file (--config, default ./iconforge.yml) are run, then run \
            again whenever a file they read changes; a change to the project file (or SIGHUP) reloads it.
            """)

    @Argument(help: ArgumentHelp("The folder masters are dropped into. None: follow the jobs of iconforge.yml (--config).", valueName: "in-dir"))
    var input: String?

    @Option(name: [.short, .long], help: ArgumentHelp("Where the outputs go (not inside the watched folder).", valueName: "out-dir"))
    var out: String?

    @Option(help: ArgumentHelp("Presets, comma-separated (see 'iconforge presets').", valueName: "name,..."))
    var preset: String?

    @Option(help: ArgumentHelp("Colour translucent pixels of opaque outputs are composited over.", valueName: "#RRGGBB"))
    var background: RGBColor?

    @Option(help: ArgumentHelp("How a non-square master becomes square icons: fill or fit.", valueName: "mode"))
    var fit: IconFit?

    @Flag(help: "Allow outputs larger than the master.")
    var allowUpscale = false

    @Flag(help: "Validate what lands (roles from --preset) and write a report per source instead of generating.")
    var validateOnly = false

    @Option(help: ArgumentHelp("With --validate-only: the role masters are checked in (app: a master checked as an app icon).", valueName: "role"))
    var role: Role?

    @Flag(help: "Process what needs it, then exit (the form CI uses).")
    var once = false

    @Flag(help: "Remove a source's outputs when the source is deleted.")
    var prune = false

    @Option(help: ArgumentHelp("Milliseconds a file must stay unchanged before it is processed.", valueName: "ms"))
    var settle: Int = 300

    @Option(help: ArgumentHelp("Poll the folder every so many seconds instead of using inotify.", valueName: "seconds"))
    var poll: Double?

    @Option(help: ArgumentHelp("Log lines as text or json.", valueName: "format"))
    var logFormat: WatchLog.Format = .text

    @Option(help: ArgumentHelp("Without IN_DIR: the project file whose jobs are followed (default ./iconforge.yml). With IN_DIR: a JSON file of options ({\"preset\", \"background\"}) that SIGHUP reloads.", valueName: "file"))
    var config: String?

    @Flag(name: [.short, .long], help: "Log failures only (and the summaries).")
    var quiet = false

    @OptionGroup var decode: DecodeOptions

    func validate() throws {
        guard settle >= 0 else { throw ValidationError("--settle must be 0 or more milliseconds") }
        if let poll, poll <= 0 { throw ValidationError("--poll must be a positive number of seconds") }
        if role != nil, !validateOnly { throw ValidationError("--role applies to --validate-only") }
    }

    func run() throws {
        guard let input else { return try runProject() }
        guard let out, let preset else { throw Terminal.failure("watch IN_DIR needs --out and --preset (or no IN_DIR, to follow the jobs of \(ProjectConfig.fileName))", status: 2) }
        if let config {
            do { _ = try WatchConfig.read(config) } catch .unreadable(let error) {
                throw Terminal.failure("\(error)", status: 2)
            } catch .notAnObject {
                throw Terminal.failure("\(config): with IN_DIR, --config is a JSON object of options ({\"preset\": …, \"background\": …}); "
                                       + "to follow an \(ProjectConfig.fileName)'s jobs, run 'iconforge watch --config \(config)' without IN_DIR", status: 2)
            } catch {
                // A bad value is found again on reload, where it keeps the options running; at the start it is said.
                Terminal.standardError("warning: \(config): \(error)")
            }
        }
        // The folders are refused before the presets are read, as they always were.
        do { try WatchDaemon.checkFolders(input: input, output: out) } catch { throw Self.failure(error) }
        let generate = try Terminal.orExit(2) { try makeOptions(preset: preset, background: background) }
        var options = WatchOptions(input: input, output: out, generate: generate)
        options.validateOnly = validateOnly
        options.validationRole = role
        options.prune = prune
        options.settle = Double(settle) / 1000
        let log = WatchLog(format: logFormat, colour: logFormat == .text && Terminal.isInteractive, quiet: quiet)

        // Signals become counters the control loop reads; the handlers themselves do nothing else.
        let counters = SignalCounters()
        let daemon: WatchDaemon
        do { daemon = try WatchDaemon(options: options, log: log, pollInterval: poll) } catch { throw Self.failure(error) }
        if once {
            let totals = daemon.runOnce()
            log.event(file: nil, action: "summary", result: "\(totals.jobs) job\(totals.jobs == 1 ? "" : "s"), \(totals.failed) failed")
            if totals.failed > 0 { throw ExitCode(1) }
            return
        }
        counters.install()
        try Terminal.orExit {
            try daemon.run(stopRequests: { counters.count(SIGTERM) + counters.count(SIGINT) },
                           summaryRequests: { counters.count(SIGUSR1) },
                           reloadRequests: { counters.count(SIGHUP) },
                           reload: { reloadConfig(preset: preset) })
        }
    }

    /// Follows the project file's jobs: each runs as 'iconforge generate' runs it, through the library (quietly: the log says
    /// how it went; its failures are on standard error).
    private func runProject() throws {
        if out != nil || preset != nil || validateOnly || prune {
            throw Terminal.failure("--out, --preset, --validate-only and --prune apply to watching a folder (IN_DIR); a project's jobs say their own", status: 2)
        }
        let path = config ?? ProjectConfig.fileName
        guard config != nil || FileManager.default.fileExists(atPath: path) else {
            throw Terminal.failure("no IN_DIR, and no \(ProjectConfig.fileName) here: give a folder to watch with --out and --preset, "
                                   + "or run 'iconforge init' to write a starter \(ProjectConfig.fileName)", status: 2)
        }
        let log = WatchLog(format: logFormat, colour: logFormat == .text && Terminal.isInteractive, quiet: quiet)
        let reporter = Reporter(interactive: Terminal.isInteractive, verbosity: .quiet)
        let watcher = try Terminal.orExit(2) {
            try ProjectWatcher(configPath: path, settle: Double(settle) / 1000, interval: poll ?? 0.5, log: log) { job in
                do throws(GenerateFailure) {
                    try job.generate(reporter: reporter)
                    return nil
                } catch {
                    return "generate exited with status \(error.exitCode.rawValue) (its errors are above)"
                }
            }
        }
        if once {
            let totals = watcher.runOnce()
            log.event(file: nil, action: "summary", result: "\(totals.jobs) job\(totals.jobs == 1 ? "" : "s"), \(totals.failed) failed")
            if totals.failed > 0 { throw ExitCode(1) }
            return
        }
        let counters = SignalCounters()
        counters.install()
        _ = watcher.run(stopRequests: { counters.count(SIGTERM) + counters.count(SIGINT) }, reloadRequests: { counters.count(SIGHUP) })
    }

    /// A folder that cannot be watched: a usage error when the output is inside it (exit 2), else a failure (exit 1).
    private static func failure(_ error: WatchError) -> ExitCode {
        if case .outputInsideInput = error { return Terminal.failure(error.description, status: 2) }
        return Terminal.failure(error.description)
    }

    private func makeOptions(preset: String, background: RGBColor?) throws -> GenerateOptions {
        var options = GenerateOptions(presets: try PresetCatalog.presets(preset))
        if let background { options.background = background }
        options.fit = fit?.mode
        options.allowUpscale = allowUpscale
        options.limits = decode.limits
        return options
    }

    /// Reads --config: {"preset": "ios,ios-legacy", "background": "#RRGGBB"}; nil when absent or malformed.
    private func reloadConfig(preset: String) -> GenerateOptions? {
        guard let config, let read = try? WatchConfig.read(config) else { return nil }
        return try? makeOptions(preset: read.preset ?? preset, background: read.background ?? background)
    }
}

/// Counts SIGINT, SIGTERM, SIGHUP and SIGUSR1 through Dispatch signal sources.
final class SignalCounters: @unchecked Sendable {
    private var counts: [Int32: Int] = [:]
    private var sources: [DispatchSourceSignal] = []
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "iconforge.signals")

    func install() {
        for number in [SIGINT, SIGTERM, SIGHUP, SIGUSR1] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.lock.withLock { self?.counts[number, default: 0] += 1 } }
            source.resume()
            sources.append(source)
        }
    }

    func count(_ number: Int32) -> Int { lock.withLock { counts[number, default: 0] } }
}

extension WatchLog.Format: ExpressibleByArgument {}
