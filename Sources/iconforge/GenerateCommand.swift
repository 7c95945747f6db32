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

    @Option(help: ArgumentHelp("Resampling filter.", valueName: "name"))
    var filter: Filter = .lanczos3

    @Flag(name: .customLong("no-linear"), help: "Resample the sRGB-encoded values instead of linear light.")
    var gammaSpace = false

    @Option(help: ArgumentHelp("Colour that translucent pixels of opaque outputs are composited over (default white); the fill of an Icon Composer .icon.", valueName: "#RRGGBB"))
    var background: RGBColor?

    @Option(help: ArgumentHelp("How a non-square master becomes square icons: fill (crop) or fit (pad). Without it, a non-square master is an error.", valueName: "mode"))
    var fit: IconFit?

    @Option(help: ArgumentHelp("What fill keeps, for icons and launch images.", valueName: "gravity"))
    var gravity: Gravity = .center

    @Flag(help: "Allow outputs larger than the master (a warning instead of an error).")
    var allowUpscale = false

    @Option(help: ArgumentHelp("Name of the app-icon set instead of AppIcon.", valueName: "name"))
    var appIconName: String?

    @Option(help: ArgumentHelp("Name of the launch-image set instead of LaunchImage.", valueName: "name"))
    var launchImageName: String?

    @Option(name: .customLong("app-id"), help: ArgumentHelp("Linux: the icon's name in the hicolor theme and the .desktop file's, reverse-DNS as Flatpak wants (default: the existing .desktop's Icon=, else the one icon name already in hicolor/, else 'app').", valueName: "id"))
    var appID: String?

    @Option(help: ArgumentHelp("A designed dark variant (ios-single).", valueName: "file"))
    var dark: String?

    @Option(help: ArgumentHelp("The tinted variant (ios-single): 'auto' for the master's luminance, or a file.", valueName: "auto|file"))
    var tinted: String?

    @Option(help: ArgumentHelp("An alternate app icon: the app-icon sets of the presets made from FILE as NAME (repeatable).", valueName: "NAME=FILE"))
    var alternate: [String] = []

    @Option(help: ArgumentHelp("Web: the colour behind a logo in the maskable icon and under the touch icon (default: --background).", valueName: "#RRGGBB"))
    var webBackground: RGBColor?

    @Option(help: ArgumentHelp("Android: a designed adaptive foreground layer (108 dp canvas, content in the central 66 dp).", valueName: "file"))
    var androidForeground: String?

    @Option(help: ArgumentHelp("Android: the adaptive background, a colour or a picture (default: the master's edge colour).", valueName: "#RRGGBB|file"))
    var androidBackground: String?

    @Option(name: .customLong("splash-icon-background"), help: ArgumentHelp("Android 12+ splash screen (android-splash): the icon background colour (windowSplashScreenIconBackgroundColor); the icon is then 240 dp with its content in the 160 dp circle.", valueName: "#RRGGBB"))
    var splashIconBackground: RGBColor?

    @Option(name: .customLong("banner-text"), help: ArgumentHelp("Android TV (android-tv): the app's name beside the logo on the banner (letters, digits, spaces and . - _ +, drawn in capitals).", valueName: "text"))
    var bannerText: String?

    @Option(help: ArgumentHelp("Android: the monochrome layer for themed icons: a glyph on transparency, auto (the foreground's coverage; the default), or none (no monochrome layer).", valueName: "auto|none|file"))
    var monochrome: String?

    @Option(help: ArgumentHelp("A visionOS icon layer: front, middle or back (default back: the master), repeatable.", valueName: "LAYER=FILE"))
    var layer: [String] = []

    @Option(help: ArgumentHelp("macOS icons: auto gives a full-bleed square master Apple's shape and shadow; none uses the master as it is.", valueName: "auto|none"))
    var macShape: MacShape = .auto

    @Option(help: ArgumentHelp("The appearance an Icon Composer .icon master is drawn in.", valueName: "light|dark|tinted"))
    var appearance: IconAppearance = .light

    @Option(help: ArgumentHelp("Make launch images as a logo on this colour instead of cropping the master.", valueName: "#RRGGBB"))
    var launchBackground: RGBColor?

    @Option(help: ArgumentHelp("The logo for launch images (default: the master).", valueName: "file"))
    var launchLogo: String?

    @Option(help: ArgumentHelp("The logo's width as a fraction of the launch image's short side.", valueName: "fraction"))
    var launchLogoScale: Double = 0.25

    @Option(help: ArgumentHelp("PNG compression: fast (run-length), default (per role: launch images run-length, icons libdeflate level 6 with a sampled filter choice) or small (libdeflate level 12).", valueName: "level"))
    var compression: Compression = .default

    @Option(help: ArgumentHelp("Write a variant of the app (a flavour, an environment): Android into src/NAME/res, iOS as AppIcon-NAME in the catalog, web, Windows and Linux into a NAME/ folder.", valueName: "name"))
    var variant: String?

    @Option(help: ArgumentHelp("A label drawn on every icon where it is legible, e.g. BETA or '{version}' (letters, digits, . - _ +; {version} and {build} from --badge-version/--badge-build or the environment).", valueName: "text"))
    var badge: String?

    @Option(name: .customLong("badge-style"), help: ArgumentHelp("The badge's shape.", valueName: "ribbon|banner|corner|pill"))
    var badgeStyle: Badge.Style = .banner

    @Option(name: .customLong("badge-position"), help: ArgumentHelp("Where the badge goes (default: top-right for ribbon and corner, bottom for banner and pill).", valueName: "top|bottom|top-left|top-right|bottom-left|bottom-right"))
    var badgePosition: Badge.Position?

    @Option(name: .customLong("badge-color"), help: ArgumentHelp("The badge's colour (default #E53935).", valueName: "#RRGGBB"))
    var badgeColor: RGBColor?

    @Option(name: .customLong("badge-text-color"), help: ArgumentHelp("The badge text's colour (default white).", valueName: "#RRGGBB"))
    var badgeTextColor: RGBColor?

    @Option(name: .customLong("badge-version"), help: ArgumentHelp("The value of {version} in --badge (default: $ICONFORGE_VERSION, $VERSION_NAME, $MARKETING_VERSION).", valueName: "version"))
    var badgeVersion: String?

    @Option(name: .customLong("badge-build"), help: ArgumentHelp("The value of {build} in --badge (default: $ICONFORGE_BUILD, $BUILD_NUMBER, CI run numbers).", valueName: "build"))
    var badgeBuild: String?

    @Flag(help: ArgumentHelp("Also draw a contact sheet of the outputs as each platform shows them (\(Previewer.sheetName) in the output folder, beside a catalog or res/ folder; see 'iconforge preview')."))
    var preview = false

    @Flag(name: .customLong("update-html"), help: "Into a website: also insert or update the icon and manifest <link> tags in its index.html (Vite's beside public/), keeping the rest of the page byte for byte.")
    var updateHTML = false

    @Flag(name: .customLong("hash-names"), help: "Into a website: name the manifest's icons for their content (icon-192.3f2a9c1b.png) and update the manifest, so installed apps pick up a new icon (its URL changes); earlier hashed files go to the backup.")
    var hashNames = false

    @Flag(name: .customLong("replace-layout"), help: "Switch an existing app-icon set to the layout of the preset given (by default its layout is kept: an Xcode 16 single-size set stays single-size under --preset ios).")
    var replaceLayout = false

    @Flag(help: "Print what would be written, and write nothing.")
    var dryRun = false

    @Flag(name: [.short, .long], help: "Print only errors and warnings.")
    var quiet = false

    @Flag(name: [.short, .long], help: "Print every file written, also on a terminal (where a progress bar stands in for them otherwise).")
    var verbose = false

    @OptionGroup var decode: DecodeOptions

    func validate() throws {
        guard launchLogoScale > 0, launchLogoScale <= 1 else { throw ValidationError("--launch-logo-scale must be in (0, 1]") }
        for name in [appIconName, launchImageName].compactMap({ $0 }) where name.isEmpty || name.contains("/") {
            throw ValidationError("set names must be plain names (got '\(name)')")
        }
        if let bannerText, !StrokeFont.canDraw(bannerText) {
            throw ValidationError("--banner-text takes letters A-Z, digits, spaces and . - _ + (got '\(bannerText)')")
        }
        if let appID, !DesktopEntry.isUsableName(appID) {
            throw ValidationError("--app-id must be a plain icon name such as org.example.App (got '\(appID)')")
        }
    }

    func run() throws {
        guard !sources.isEmpty else { return try runConfig() }
        guard let preset, let out else {
            throw Terminal.failure("generate needs --preset and --out with a source (or no source, to run the jobs of \(ProjectConfig.fileName))", status: 2)
        }
        // An unknown or malformed preset is a usage error (exit 2), as in watch.
        var request = try Terminal.orExit(2) { try GenerateRequest(sources: sources, presets: preset, out: out, options: try options()) }
        request.variant = variant
        request.alternates = try alternate.map { text in
            guard let icon = AlternateIcons.Icon(parsing: text) else { throw Terminal.failure("--alternate takes NAME=FILE (got '\(text)')", status: 2) }
            return icon
        }
        for line in request.ignoredOptions { Terminal.standardError("warning: " + line) }
        let (files, skipped) = request.masters()
        skipped.forEach(Terminal.standardError)
        guard !files.isEmpty else { throw Terminal.failure("\(RequestError.noMasters(sources))") }
        let destinations = try Self.orExit { try request.destinations() }
        guard destinations.count > 1 || destinations.first?.out != out else { return try run(destinations[0]) }
        // Every destination is attempted; the worst status is the command's (2 for a usage error, else 1).
        var status: Int32 = 0
        for destination in destinations {
            if !quiet { print("\(destination.presetNames.joined(separator: ",")) → \(destination.out)") }
            do {
                try run(destination)
                if !dryRun {
                    let notes = try Terminal.orExit(1) { try destination.updatePlayListings() }
                    if !quiet { notes.forEach { print($0) } }
                }
            } catch {
                if destinations.count == 1 { throw error }
                status = max(status, (error as? ExitCode)?.rawValue ?? 1)
            }
        }
        if let variant, !quiet, !dryRun, let apple = destinations.first(where: { $0.options.presets.first?.platform == .apple }) {
            print("Xcode: set ASSETCATALOG_COMPILER_APPICON_NAME = \(apple.options.appIconName ?? ProjectLayout.appleIconName(variant: variant)) in the build configuration of \(variant)")
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// The options the flags give.
    private func options() throws -> GenerateOptions {
        var options = GenerateOptions(presets: [])
        options.filter = filter
        options.linearLight = !gammaSpace
        options.background = background ?? .white
        options.webBackground = webBackground
        options.iconBackground = background
        options.fit = fit?.mode
        options.gravity = gravity
        options.allowUpscale = allowUpscale
        options.appIconName = appIconName
        options.launchImageName = launchImageName
        options.appID = appID
        if let badge, !badge.isEmpty { // an empty --badge (badge: "" in a variant) turns the job's off
            let text = try BadgeText.resolve(badge, version: badgeVersion, build: badgeBuild, environment: ProcessInfo.processInfo.environment)
            var drawn = Badge(text: text, style: badgeStyle, position: badgePosition)
            if let badgeColor { drawn.color = badgeColor }
            if let badgeTextColor { drawn.textColor = badgeTextColor }
            options.badge = drawn
        }
        options.darkSource = dark
        options.tintedSource = tinted.map { $0 == "auto" ? .auto : .file($0) }
        options.appearance = appearance
        options.macShape = macShape
        options.androidForeground = androidForeground
        options.androidBackground = androidBackground.map { RGBColor(hex: $0).map { .color($0) } ?? .file($0) }
        options.splashIconBackground = splashIconBackground
        options.bannerText = bannerText.flatMap { $0.isEmpty ? nil : $0 }
        options.omitsMonochrome = monochrome == "none"
        options.monochrome = monochrome.flatMap { $0 == "none" ? nil : $0 == "auto" ? .auto : .file($0) }
        for text in layer {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let name = VisionLayer(rawValue: parts[0].lowercased()), !parts[1].isEmpty else {
                throw RequestError.unusable("--layer takes front=FILE, middle=FILE or back=FILE (got '\(text)')")
            }
            options.visionLayers[name.rawValue] = parts[1]
        }
        options.updatesPage = updateHTML
        options.hashesNames = hashNames
        options.replacesLayout = replaceLayout
        options.launchBackground = launchBackground
        options.launchLogo = launchLogo
        options.launchLogoScale = launchLogoScale
        options.compression = compression
        options.limits = decode.limits
        return options
    }

    /// Runs one destination's masters: in parallel, each into its folder, then its alternate icons.
    private func run(_ request: GenerateRequest) throws {
        let runs = try Self.orExit { try request.runs() }
        let alternates = try Self.orExit { try request.alternateRuns(into: runs[0].folder) }
        if dryRun { return printPlan(runs) }
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
                if preview { reporter.previewed(try previewer.write(sources: [run.folder], to: Previewer.sheetPath(forOutputFolder: run.folder),
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
            // The command line's own switches apply to every job.
            let switches = [(dryRun, "--dry-run"), (preview, "--preview"), (quiet, "--quiet"), (verbose, "--verbose")].filter(\.0).map(\.1)
            do {
                let command = try GenerateCommand.parse(job.arguments + switches)
                // Several jobs' outputs and tables would run together: each is headed by its place and what it does.
                if project.jobs.count > 1, !quiet {
                    print("\(path):\(job.line): \(command.sources.joined(separator: " ")) → \(command.out ?? "?") (\(command.preset ?? "?"))")
                }
                try command.run()
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

extension Compression: ExpressibleByArgument {}
extension IconAppearance: ExpressibleByArgument {}
extension MacShape: ExpressibleByArgument {}
extension Badge.Style: ExpressibleByArgument {}
extension Badge.Position: ExpressibleByArgument {}
