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
            non-zero only when IN_DIR cannot be watched or disappears (and, with --once, when a job failed).
            """)

    @Argument(help: ArgumentHelp("The folder masters are dropped into.", valueName: "in-dir"))
    var input: String

    @Option(name: [.short, .long], help: ArgumentHelp("Where the outputs go (not inside the watched folder).", valueName: "out-dir"))
    var out: String

    @Option(help: ArgumentHelp("Presets, comma-separated (see 'iconforge presets').", valueName: "name,..."))
    var preset: String

    @Option(help: ArgumentHelp("Colour translucent pixels of opaque outputs are composited over.", valueName: "#RRGGBB"))
    var background: RGBColor?

    @Option(help: ArgumentHelp("How a non-square master becomes square icons: fill or fit.", valueName: "mode"))
    var fit: FitMode?

    @Flag(help: "Allow outputs larger than the master.")
    var allowUpscale = false

    @Flag(help: "Validate what lands (roles from --preset) and write a report per source instead of generating.")
    var validateOnly = false

    @Option(help: ArgumentHelp("With --validate-only: the role masters are checked in (app: a master checked as an app icon).", valueName: "role"))
    var role: AssetRole?

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

    @Option(help: ArgumentHelp("A JSON file of options ({\"preset\", \"background\"}) that SIGHUP reloads.", valueName: "file"))
    var config: String?

    @OptionGroup var decode: DecodeOptions

    func validate() throws {
        guard settle >= 0 else { throw ValidationError("--settle must be 0 or more milliseconds") }
        if let poll, poll <= 0 { throw ValidationError("--poll must be a positive number of seconds") }
        try FitMode.checkForIcons(fit)
        if role != nil, !validateOnly { throw ValidationError("--role applies to --validate-only") }
    }

    func run() throws {
        let inputPath = URL(fileURLWithPath: input).standardizedFileURL.path
        let outputPath = URL(fileURLWithPath: out).standardizedFileURL.path
        guard !(outputPath + "/").hasPrefix(inputPath + "/") else {
            throw Terminal.failure(WatchError.outputInsideInput(out).description, status: 2)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue else {
            throw Terminal.failure(WatchError.cannotWatch(input, "no such folder").description)
        }
        let generate = try Terminal.orExit(2) { try makeOptions(preset: preset, background: background) }
        var options = WatchOptions(input: input, output: out, generate: generate)
        options.validateOnly = validateOnly
        options.validationRole = role
        options.prune = prune
        options.settle = Double(settle) / 1000
        let log = WatchLog(format: logFormat, colour: logFormat == .text && Terminal.isInteractive)

        // Signals become counters the control loop reads; the handlers themselves do nothing else.
        let counters = SignalCounters()
        let source = try Terminal.orExit { try makeSource() }
        let daemon = WatchDaemon(options: options, source: source, log: log)
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
                           reload: { reloadConfig() })
        }
    }

    /// The change source: inotify on Linux unless --poll, polling otherwise. Created before the first scan.
    private func makeSource() throws(WatchError) -> ChangeSource {
        #if os(Linux)
        if poll == nil { return try InotifySource(folder: input) }
        #endif
        return PollingSource(folder: input, interval: poll ?? 2)
    }

    private func makeOptions(preset: String, background: RGBColor?) throws -> GenerateOptions {
        var options = GenerateOptions(presets: try PresetCatalog.presets(preset))
        if let background { options.background = background }
        options.fit = fit
        options.allowUpscale = allowUpscale
        options.limits = decode.limits
        return options
    }

    /// Reads --config: {"preset": "ios,ios-legacy", "background": "#RRGGBB"}; nil when absent or malformed.
    private func reloadConfig() -> GenerateOptions? {
        guard let config, let bytes = try? FileIO.read(config), case let data = Data(bytes),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        let colour = (object["background"] as? String).flatMap(RGBColor.init(hex:))
        if object["background"] != nil && colour == nil { return nil }
        return try? makeOptions(preset: object["preset"] as? String ?? preset, background: colour ?? background)
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
