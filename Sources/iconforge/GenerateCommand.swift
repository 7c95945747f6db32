import ArgumentParser
import Dispatch
import Foundation
import IconForgeKit
import Raster

/// `iconforge generate`: every icon and launch image of the chosen presets, from one master per app.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Make every icon and launch image of one or more presets from a master PNG, SVG or JPEG.",
        discussion: """
            Each source is decoded once and every output is resampled straight from it (Lanczos-3 in linear \
            light by default). App icons, App Store icons and launch images are written as opaque 8-bit RGB, \
            composited over --background; template icons and dark/tinted variants keep alpha. Sets are written \
            to a temporary folder and renamed into place; files and Contents.json entries IconForge does not \
            own are kept. With several sources (or a folder), --out takes a {name} pattern: one folder per source.
            """)

    @Argument(help: ArgumentHelp("Masters (PNG, SVG, JPEG, Icon Composer .icon), or folders of them. None: run the jobs of iconforge.yml.", valueName: "source"))
    var sources: [String] = []

    @Option(help: ArgumentHelp("Presets, comma-separated: built-in names (see 'iconforge presets') or paths to JSON files.", valueName: "name,..."))
    var preset: String?

    @Option(name: [.short, .long], help: ArgumentHelp("Output folder; {name} is replaced by the source's name. Ending in .xcassets writes the catalog's own Contents.json too.", valueName: "dir"))
    var out: String?

    @Option(help: ArgumentHelp("The project file whose jobs run when no source is given (default: ./iconforge.yml).", valueName: "file"))
    var config: String?

    @Option(help: .generate("filter"))
    var filter: Filter = .lanczos3

    @Flag(name: .customLong("no-linear"), help: .generate("no-linear"))
    var gammaSpace = false

    @Option(help: .generate("background"))
    var background: RGBColor?

    @Option(help: .generate("fit"))
    var fit: IconFit?

    @Option(help: .generate("gravity"))
    var gravity: Gravity = .center

    @Flag(help: .generate("allow-upscale"))
    var allowUpscale = false

    @Option(help: .generate("app-icon-name"))
    var appIconName: String?

    @Option(help: .generate("launch-image-name"))
    var launchImageName: String?

    @Option(name: .customLong("app-id"), help: .generate("app-id"))
    var appID: String?

    @Option(help: .generate("dark"))
    var dark: String?

    @Option(help: .generate("tinted"))
    var tinted: String?

    @Option(help: .generate("alternate"))
    var alternate: [String] = []

    @Option(help: .generate("web-background"))
    var webBackground: RGBColor?

    @Option(help: .generate("android-foreground"))
    var androidForeground: String?

    @Option(help: .generate("android-background"))
    var androidBackground: String?

    @Option(name: .customLong("splash-icon-background"), help: .generate("splash-icon-background"))
    var splashIconBackground: RGBColor?

    @Option(name: .customLong("banner-text"), help: .generate("banner-text"))
    var bannerText: String?

    @Option(help: .generate("monochrome"))
    var monochrome: String?

    @Option(help: .generate("layer"))
    var layer: [String] = []

    @Option(help: .generate("mac-shape"))
    var macShape: MacShape = .auto

    @Option(help: .generate("appearance"))
    var appearance: Appearance = .light

    @Option(help: .generate("launch-background"))
    var launchBackground: RGBColor?

    @Option(help: .generate("launch-logo"))
    var launchLogo: String?

    @Option(help: .generate("launch-logo-scale"))
    var launchLogoScale: Double = 0.25

    @Option(help: .generate("compression"))
    var compression: Compression = .default

    @Option(help: ArgumentHelp("Write a variant of the app (a flavour, an environment): Android into src/NAME/res, iOS as AppIcon-NAME in the catalog, web, Windows and Linux into a NAME/ folder.", valueName: "name"))
    var variant: String?

    @Option(help: .generate("badge"))
    var badge: String?

    @Option(name: .customLong("badge-style"), help: .generate("badge-style"))
    var badgeStyle: Badge.Style = .banner

    @Option(name: .customLong("badge-position"), help: .generate("badge-position"))
    var badgePosition: Badge.Position?

    @Option(name: .customLong("badge-color"), help: .generate("badge-color"))
    var badgeColor: RGBColor?

    @Option(name: .customLong("badge-text-color"), help: .generate("badge-text-color"))
    var badgeTextColor: RGBColor?

    @Option(name: .customLong("badge-version"), help: .generate("badge-version"))
    var badgeVersion: String?

    @Option(name: .customLong("badge-build"), help: .generate("badge-build"))
    var badgeBuild: String?

    @Flag(help: .generate("preview"))
    var preview = false

    @Flag(name: .customLong("update-html"), help: .generate("update-html"))
    var updateHTML = false

    @Flag(name: .customLong("hash-names"), help: .generate("hash-names"))
    var hashNames = false

    @Flag(name: .customLong("replace-layout"), help: .generate("replace-layout"))
    var replaceLayout = false

    @Flag(help: .generate("dry-run"))
    var dryRun = false

    @Flag(name: [.short, .long], help: "Print only errors and warnings.")
    var quiet = false

    @Flag(name: [.short, .long], help: "Print every file written, also on a terminal (where a progress bar stands in for them otherwise).")
    var verbose = false

    @OptionGroup var decode: DecodeOptions

    func validate() throws {
        do { try settings.validate() } catch { throw ValidationError(error.reason) }
    }

    func run() throws {
        guard !sources.isEmpty else { return try runConfig() }
        guard let preset, let out else {
            throw Terminal.failure("generate needs --preset and --out with a source (or no source, to run the jobs of \(ProjectConfig.fileName))", status: 2)
        }
        var settings = settings
        // NAME=FILE is read by the library's table, as iconforge.yml's entries are.
        for (name, values) in [("alternate", alternate), ("layer", layer)] {
            for text in values {
                do { try settings.set(name, .text(text)) } catch { throw Terminal.failure(error.reason, status: 2) }
            }
        }
        try generate(sources: sources, presets: preset, out: out, settings: settings)
    }

    /// The settings the flags give (all but the repeatable NAME=FILE ones).
    private var settings: GenerateSettings {
        var settings = GenerateSettings()
        settings.options.filter = filter
        settings.options.linearLight = !gammaSpace
        settings.options.background = background ?? .white
        settings.options.webBackground = webBackground
        settings.options.iconBackground = background
        settings.options.fit = fit?.mode
        settings.options.gravity = gravity
        settings.options.allowUpscale = allowUpscale
        settings.options.appIconName = appIconName
        settings.options.launchImageName = launchImageName
        settings.options.appID = appID
        settings.badge.text = badge
        settings.badge.style = badgeStyle
        settings.badge.position = badgePosition
        settings.badge.color = badgeColor
        settings.badge.textColor = badgeTextColor
        settings.badge.version = badgeVersion
        settings.badge.build = badgeBuild
        settings.options.darkSource = dark
        settings.options.appearance = appearance
        settings.options.macShape = macShape
        settings.options.androidForeground = androidForeground
        settings.options.splashIconBackground = splashIconBackground
        settings.options.bannerText = bannerText.flatMap { $0.isEmpty ? nil : $0 }
        // The table's rows read these, as they read iconforge.yml's: 'auto', 'none', a colour or a file.
        for (name, value) in [("tinted", tinted), ("monochrome", monochrome), ("android-background", androidBackground)] {
            if let value { try? settings.set(name, .text(value)) }
        }
        settings.options.updatesPage = updateHTML
        settings.options.hashesNames = hashNames
        settings.options.replacesLayout = replaceLayout
        settings.options.launchBackground = launchBackground
        settings.options.launchLogo = launchLogo
        settings.options.launchLogoScale = launchLogoScale
        settings.options.compression = compression
        settings.options.limits = decode.limits
        settings.variant = variant
        settings.dryRun = dryRun
        settings.preview = preview
        return settings
    }

    /// Carries out one request, the command line's or a job's: every destination is attempted; the worst status is the
    /// command's (2 for a usage error, else 1).
    private func generate(sources: [String], presets: String, out: String, settings: GenerateSettings) throws {
        // An unknown or malformed preset is a usage error (exit 2), as in watch.
        let request = try Terminal.orExit(2) {
            try settings.request(sources: sources, presets: presets, out: out, environment: ProcessInfo.processInfo.environment)
        }
        for line in request.ignoredOptions { Terminal.standardError("warning: " + line) }
        let (files, skipped) = request.masters()
        skipped.forEach(Terminal.standardError)
        guard !files.isEmpty else { throw Terminal.failure("\(RequestError.noMasters(sources))") }
        let destinations = try Self.orExit { try request.destinations() }
        guard destinations.count > 1 || destinations.first?.out != out else { return try run(destinations[0], settings: settings) }
        var status: Int32 = 0
        for destination in destinations {
            if !quiet { print("\(destination.presetNames.joined(separator: ",")) → \(destination.out)") }
            do {
                try run(destination, settings: settings)
                if !settings.dryRun {
                    let notes = try Terminal.orExit(1) { try destination.updatePlayListings() }
                    if !quiet { notes.forEach { print($0) } }
                }
            } catch {
                if destinations.count == 1 { throw error }
                status = max(status, (error as? ExitCode)?.rawValue ?? 1)
            }
        }
        if let variant = settings.variant, !quiet, !settings.dryRun, let apple = destinations.first(where: { $0.options.presets.first?.platform == .apple }) {
            print("Xcode: set ASSETCATALOG_COMPILER_APPICON_NAME = \(apple.options.appIconName ?? ProjectLayout.appleIconName(variant: variant)) in the build configuration of \(variant)")
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// Runs one destination's masters: in parallel, each into its folder, then its alternate icons.
    private func run(_ request: GenerateRequest, settings: GenerateSettings) throws {
        let runs = try Self.orExit { try request.runs() }
        let alternates = try Self.orExit { try request.alternateRuns(into: runs[0].folder) }
        if settings.dryRun { return printPlan(runs) }
        let previewer = {
            var previewer = Previewer(options: request.options)
            previewer.appIconName = request.options.appIconName ?? "AppIcon"
            return previewer
        }()
        // One bar over every source's files: the plan counts them without reading any master.
        let expected = Terminal.isInteractive && !quiet && !verbose
            ? runs.reduce(0) { $0 + $1.generator.plan(outputFolder: $1.folder).files.filter { $0.pixels != nil }.count } : 0
        let reporter = Reporter(interactive: Terminal.isInteractive, verbosity: quiet ? .quiet : verbose ? .verbose : .normal, filesExpected: expected)
        let clock = ContinuousClock(), start = clock.now
        // One source: its outputs in parallel. Several: sources in parallel, each on one core.
        let perSource: Parallelism = runs.count == 1 ? .allCores : .serial
        DispatchQueue.concurrentPerform(iterations: runs.count) { index in
            let run = runs[index]
            do {
                let report = try run.generator.run(source: run.source, outputFolder: run.folder, parallelism: perSource,
                                                   progress: reporter.fileProgress(source: index))
                reporter.finished(report)
                if settings.preview { reporter.previewed(try previewer.write(sources: [run.folder], to: Previewer.sheetPath(forOutputFolder: run.folder),
                                                                       title: "IconForge preview — \((run.source as NSString).lastPathComponent)", anchoredOn: run.folder)) }
            } catch {
                reporter.failed("\(error)")
            }
        }
        if reporter.failureCount == 0, !alternates.isEmpty {
            for (_, run) in alternates {
                do { reporter.finished(try run.generator.run(source: run.source, outputFolder: run.folder)) } catch { reporter.failed("\(error)") }
            }
            if reporter.failureCount == 0, !quiet { print(AlternateIcons.snippet(names: alternates.map { $0.icon.name }), terminator: "") }
        }
        let elapsed = clock.now - start
        reporter.summary(seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        if reporter.failureCount > 0 { throw ExitCode(1) }
    }

    /// Runs `body`; a request that cannot be carried out is one line on standard error and exit 2 for a usage error, 1 otherwise.
    private static func orExit<Value>(_ body: () throws -> Value) throws -> Value {
        do { return try body() } catch {
            throw Terminal.failure("\(error)", status: (error as? RequestError)?.isUsageError == true ? 2 : 1)
        }
    }

    /// Runs every job of the project file, in order. A job that fails is named and the others still run (an agency's
    /// twenty apps do not wait on one broken master); the run then ends with the first failure's status.
    private func runConfig() throws {
        let path = config ?? ProjectConfig.fileName
        guard config != nil || FileManager.default.fileExists(atPath: path) else {
            throw Terminal.failure("no sources, and no \(ProjectConfig.fileName) here: give a master with --preset and --out, "
                                   + "or run 'iconforge init' to write a starter \(ProjectConfig.fileName)", status: 2)
        }
        let project = try Terminal.orExit(2) { try ProjectConfig.load(path) }
        var firstFailure: (any Error)?
        var failed = 0
        for job in project.jobs {
            do {
                // Several jobs' outputs and tables would run together: each is headed by its place and what it does.
                if project.jobs.count > 1, !quiet { print("\(path):\(job.line): \(job.master) → \(job.out) (\(job.presets))") }
                try run(job)
            } catch {
                Terminal.standardError("\(path):\(job.line): this job failed")
                failed += 1
                firstFailure = firstFailure ?? error
            }
        }
        if let firstFailure {
            if project.jobs.count > 1 { Terminal.standardError("\(failed) of \(project.jobs.count) jobs failed") }
            throw firstFailure
        }
    }

    /// Runs one job of a project file; the command line's own switches apply to it.
    func run(_ job: ProjectConfig.Job) throws {
        var settings = job.settings
        settings.dryRun = settings.dryRun || dryRun
        settings.preview = settings.preview || preview
        try generate(sources: [job.master], presets: job.presets, out: job.out, settings: settings)
    }

    private func printPlan(_ runs: [GenerateRequest.Run]) {
        for run in runs {
            print("\(run.source) → \(run.folder) (dry run: nothing written)")
            let plan = run.generator.plan(outputFolder: run.folder)
            for file in plan.files {
                print("  " + (file.pixels?.description ?? "").padding(toLength: 11, withPad: " ", startingAt: 0)
                      + (run.folder as NSString).appendingPathComponent(file.path))
            }
            for move in plan.moves {
                print("  move to .iconforge-backup/: " + (run.folder as NSString).appendingPathComponent(move))
            }
        }
    }
}

extension ArgumentHelp {
    /// The help of one of generate's options, from the library's table (which iconforge.yml is read with).
    static func generate(_ name: String) -> ArgumentHelp {
        guard let option = GenerateOption.named(name) else { preconditionFailure("'\(name)' is not in GenerateOption.all") }
        return ArgumentHelp(option.help, valueName: option.valueName)
    }
}

extension Compression: ExpressibleByArgument {}
extension MacShape: ExpressibleByArgument {}
extension Badge.Style: ExpressibleByArgument {}
extension Badge.Position: ExpressibleByArgument {}
