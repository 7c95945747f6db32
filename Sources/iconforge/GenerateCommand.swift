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
        var options = GenerateOptions(presets: try Terminal.orExit(2) { try PresetCatalog.presets(preset) })
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
            let text = try Terminal.orExit(2) {
                try BadgeText.resolve(badge, version: badgeVersion, build: badgeBuild, environment: ProcessInfo.processInfo.environment)
            }
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
            guard parts.count == 2, ["front", "middle", "back"].contains(parts[0].lowercased()), !parts[1].isEmpty else {
                throw Terminal.failure("--layer takes front=FILE, middle=FILE or back=FILE (got '\(text)')", status: 2)
            }
            options.visionLayers[parts[0].lowercased()] = parts[1]
        }
        options.updatesPage = updateHTML
        options.hashesNames = hashNames
        options.replacesLayout = replaceLayout
        options.launchBackground = launchBackground
        options.launchLogo = launchLogo
        options.launchLogoScale = launchLogoScale
        options.compression = compression
        options.limits = decode.limits

        let slots = Set(options.presets.flatMap { $0.outputs.compactMap(\.appearance) })
        if dark != nil, !slots.contains(.dark) {
            Terminal.standardError("warning: --dark is ignored: none of the presets (\(preset)) has a dark slot; ios-single and icon-composer do")
        }
        if tinted != nil, !slots.contains(.tinted) {
            Terminal.standardError("warning: --tinted is ignored: none of the presets (\(preset)) has a tinted slot; ios-single and icon-composer do")
        }
        let files = try expandSources()
        guard !files.isEmpty else { throw Terminal.failure("no PNG, SVG or JPEG masters in \(sources.joined(separator: ", "))") }
        // One master into a project's root (or presets of several platforms into one folder): each preset into its own place.
        if files.count == 1, !out.contains("{name}") {
            let names = preset.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            if let variant {
                // Each platform where it keeps a variant; the Apple set under its own name.
                let routes = try Terminal.orExit(2) { try ProjectLayout.variantRoutes(presets: names, out: out, variant: variant) }
                var sub = self
                sub.variant = nil
                sub.appIconName = appIconName ?? ProjectLayout.appleIconName(variant: variant)
                try sub.runRoutes(routes)
                let apple = routes.filter { route in (try? PresetCatalog.presets(route.presets[0]))?.first?.platform == .apple }
                if !quiet, !dryRun, !apple.isEmpty {
                    print("Xcode: set ASSETCATALOG_COMPILER_APPICON_NAME = \(sub.appIconName!) in the build configuration of \(variant)")
                }
                return
            }
            let routes = try Terminal.orExit(2) { try ProjectLayout.routes(presets: names, out: out) }
            if routes.count > 1 || routes.first?.folder != out { return try runRoutes(routes) }
        } else if variant != nil {
            throw Terminal.failure("--variant works with one master at a time", status: 2)
        }
        let pattern = files.count > 1 && !out.contains("{name}") ? (out as NSString).appendingPathComponent("{name}") : out
        let jobs = files.map { ($0, pattern.replacingOccurrences(of: "{name}", with: (($0 as NSString).lastPathComponent as NSString).deletingPathExtension)) }
        // With a {name} pattern each master's folder is made below the part before it: never through a link out of that.
        if let marker = pattern.range(of: "{name}") {
            let fixed = String(pattern[..<marker.lowerBound])
            let folder = fixed.hasSuffix("/") ? String(fixed.dropLast()) : fixed.parentFolder // "out/{name}" → out, "out/icons-{name}" → out
            let scope = FolderScope(folder.isEmpty ? "." : folder)
            for (_, folder) in jobs where !scope.contains(folder) {
                throw Terminal.failure("\(FileError.leavesFolder(path: folder, folder: scope.folder))", status: 1)
            }
        }
        if Set(jobs.map(\.1)).count < jobs.count {
            throw Terminal.failure("two sources have the same name and would write the same folder; rename one")
        }
        // Every master of the command is an input of every run: one run never writes over another's master.
        options.otherInputs = files + alternate.compactMap { AlternateIcons.Icon(parsing: $0)?.master }
        let alternates = try alternateJobs(options: options, sources: files)
        let generator = Generator(options: options)
        if dryRun { return printPlan(generator, jobs) }
        // An Icon Composer master carries its own dark and tinted appearances: they fill the variant slots
        // unless --dark or --tinted says otherwise.
        let generatorFor = { @Sendable [options] (source: String) -> Generator in
            guard IconComposerBundle.isBundle(source), dark == nil || tinted == nil else { return generator }
            var own = options
            if dark == nil, slots.contains(.dark) { own.darkSource = source }
            if tinted == nil, slots.contains(.tinted) { own.tintedSource = .file(source) }
            return Generator(options: own)
        }

        let previewer = { [appIconName] in
            var previewer = Previewer(options: options)
            previewer.appIconName = appIconName ?? "AppIcon"
            return previewer
        }()
        // One bar over every source's files: the plan counts them without reading any master.
        let expected = Terminal.isInteractive && !quiet && !verbose ? jobs.reduce(0) { $0 + generator.plan(outputFolder: $1.1).files.filter { $0.pixels != nil }.count } : 0
        let reporter = Reporter(interactive: Terminal.isInteractive, verbosity: quiet ? .quiet : verbose ? .verbose : .normal, filesExpected: expected)
        let clock = ContinuousClock(), start = clock.now
        // One source: its outputs in parallel. Several: sources in parallel, each on one core.
        let perSource: Parallelism = jobs.count == 1 ? .allCores : .serial
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let (source, folder) = jobs[index]
            do {
                let report = try generatorFor(source).run(source: source, outputFolder: folder, parallelism: perSource,
                                               progress: reporter.fileProgress(source: index))
                reporter.finished(report)
                if preview { reporter.previewed(try previewer.write(sources: [folder], to: Previewer.sheetPath(forOutputFolder: folder),
                                                                       title: "IconForge preview — \((source as NSString).lastPathComponent)", anchoredOn: folder)) }
            } catch {
                reporter.failed("\(error)")
            }
        }
        if reporter.failureCount == 0, !alternates.isEmpty {
            for (icon, alternateGenerator) in alternates {
                do { reporter.finished(try alternateGenerator.run(source: icon.master, outputFolder: jobs[0].1)) } catch { reporter.failed("\(error)") }
            }
            if reporter.failureCount == 0, !quiet { print(AlternateIcons.snippet(names: alternates.map(\.0.name)), terminator: "") }
        }
        let elapsed = clock.now - start
        reporter.summary(seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        if reporter.failureCount > 0 { throw ExitCode(1) }
    }

    /// Runs this command once per destination, each with its own presets; the options that belong to one platform
    /// (appearance variants, alternates) go only with the presets that use them.
    private func runRoutes(_ routes: [(presets: [String], folder: String)]) throws {
        var status: Int32 = 0
        for route in routes {
            var sub = self
            sub.preset = route.presets.joined(separator: ",")
            sub.out = route.folder
            let presets = (try? PresetCatalog.presets(sub.preset!)) ?? []
            let slots = Set(presets.flatMap { $0.outputs.compactMap(\.appearance) })
            if !slots.contains(.dark) { sub.dark = nil }
            if !slots.contains(.tinted) { sub.tinted = nil }
            if AlternateIcons.preset(from: presets) == nil { sub.alternate = [] }
            if !quiet { print("\(sub.preset!) → \(route.folder)") }
            // Every destination is attempted; the worst status is the command's (2 for a usage error, else 1).
            do {
                try sub.run()
                // Android reached from the project's root (a module's res/, or android/ in a Flutter or Capacitor app):
                // fastlane's Play listing icon anywhere at the root follows the new one (the generator updates those
                // inside the folder it was given; an icon already updated is not touched again).
                // Only a run that writes the Play icon (not one of Android's other resources alone).
                if !dryRun, let root = out, presets.contains(where: { $0.outputs.contains { $0.androidLayer == "play" } }) {
                    let notes = try Terminal.orExit(1) { try FastlanePlayIcons.update(root: root, afterAndroidInto: route.folder, inputs: sources) }
                    if !quiet { notes.forEach { print($0) } }
                }
            } catch {
                if routes.count == 1 { throw error }
                status = max(status, (error as? ExitCode)?.rawValue ?? 1)
            }
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// One generator per --alternate: the presets' app-icon sets only, named after the alternate.
    private func alternateJobs(options: GenerateOptions, sources: [String]) throws -> [(AlternateIcons.Icon, Generator)] {
        guard !alternate.isEmpty else { return [] }
        guard sources.count == 1 else { throw Terminal.failure("--alternate works with one master (one app) at a time", status: 2) }
        guard let preset = AlternateIcons.preset(from: options.presets) else {
            throw Terminal.failure("--alternate needs a preset that writes an app icon set (ios, ios-single, icon-composer, …)", status: 2)
        }
        return try alternate.map { text in
            guard let icon = AlternateIcons.Icon(parsing: text) else { throw Terminal.failure("--alternate takes NAME=FILE (got '\(text)')", status: 2) }
            var own = options
            own.presets = [preset]
            own.appIconName = icon.name
            own.darkSource = nil
            own.tintedSource = nil
            return (icon, Generator(options: own))
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

    private func expandSources() throws -> [String] {
        var files: [String] = []
        for source in sources {
            var isFolder: ObjCBool = false
            if IconComposerBundle.isBundle(source) {
                files.append(source)
            } else if FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), isFolder.boolValue {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: source)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
                let scope = FolderScope(source)
                for name in names {
                    let path = (source as NSString).appendingPathComponent(name)
                    var isSubfolder: ObjCBool = false
                    if !scope.contains(path) {
                        Terminal.standardError("skipped \(path): a link that leaves \(source); IconForge reads nothing outside the folder it is given")
                    } else if SourceImage.hasReadableName(name) || (name.hasSuffix(".icon") && IconComposerBundle.isBundle(path)) {
                        files.append(path)
                    } else if FileManager.default.fileExists(atPath: path, isDirectory: &isSubfolder), isSubfolder.boolValue {
                        Terminal.standardError("skipped \(path): a folder (masters are read from the folder itself, not below it)")
                    } else {
                        Terminal.standardError("skipped \(path): not a PNG, JPEG or SVG master")
                    }
                }
            } else {
                files.append(source)
            }
        }
        return files
    }

    private func printPlan(_ generator: Generator, _ jobs: [(String, String)]) {
        for (source, folder) in jobs {
            print("\(source) → \(folder) (dry run: nothing written)")
            let plan = generator.plan(outputFolder: folder)
            for file in plan.files {
                print("  " + (file.pixels?.description ?? "").padding(toLength: 11, withPad: " ", startingAt: 0)
                      + (folder as NSString).appendingPathComponent(file.path))
            }
            for move in plan.moves {
                print("  move to .iconforge-backup/: " + (folder as NSString).appendingPathComponent(move))
            }
        }
    }
}

/// Prints progress and results: a progress bar on a terminal, plain lines otherwise, then a summary table.
final class Reporter: @unchecked Sendable {
    /// How much is printed: errors and warnings only, the usual, or every file even on a terminal.
    enum Verbosity { case quiet, normal, verbose }

    private let interactive: Bool
    private let verbosity: Verbosity
    private let lock = NSLock()
    private var reports: [GenerationReport] = []
    private var failures = 0
    /// Files done and expected over every source, for the one progress bar a terminal shows.
    private var filesDone: [Int: Int] = [:]
    private let filesExpected: Int

    init(interactive: Bool, verbosity: Verbosity, filesExpected: Int) {
        self.interactive = interactive && verbosity == .normal
        self.verbosity = verbosity
        self.filesExpected = filesExpected
    }

    /// Progress of source `index`: the bar counts every source's files together.
    func fileProgress(source index: Int) -> @Sendable (Int, Int) -> Void {
        { [self] done, _ in
            guard interactive else { return }
            lock.withLock {
                filesDone[index] = done
                let total = max(filesExpected, filesDone.values.reduce(0, +)), sum = filesDone.values.reduce(0, +)
                let width = 30, filled = width * sum / max(total, 1)
                FileHandle.standardOutput.write(Data("\r[\(String(repeating: "#", count: filled))\(String(repeating: " ", count: width - filled))] \(sum)/\(total) files".utf8))
            }
        }
    }

    func finished(_ report: GenerationReport) {
        lock.withLock {
            reports.append(report)
            // Unbuffered, as the bar is: the line is cleared before anything else is printed on it.
            if interactive { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
            if verbosity == .verbose || (!interactive && verbosity == .normal) {
                for file in report.files {
                    print("\((report.outputFolder as NSString).appendingPathComponent(file.path)) \(file.pixels?.description ?? "") \(file.bytes) bytes")
                }
            }
            for warning in report.warnings { Terminal.standardError("warning: \(warning)") }
            if verbosity != .quiet { for note in report.notes { print(note) } }
        }
    }

    /// A preview sheet written for a source's outputs.
    func previewed(_ report: PreviewReport) {
        lock.withLock {
            if interactive { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
            if verbosity != .quiet {
                print("preview: " + report.summaryLine)
                for note in report.notes { print(note) }
            }
        }
    }

    /// Sources that failed so far.
    var failureCount: Int { lock.withLock { failures } }

    func failed(_ message: String) {
        lock.withLock {
            failures += 1
            if interactive { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
            Terminal.standardError(message)
        }
    }

    /// The table after the run; `seconds` is the run's wall time (sources in parallel overlap).
    func summary(seconds: Double) {
        lock.withLock {
            guard verbosity != .quiet else { return }
            let files = reports.reduce(0) { $0 + $1.files.count }
            let bytes = reports.reduce(0) { $0 + $1.totalBytes }
            print("sources   outputs   bytes        time")
            print("\(reports.count)/\(reports.count + failures)".padding(toLength: 10, withPad: " ", startingAt: 0)
                  + "\(files)".padding(toLength: 10, withPad: " ", startingAt: 0)
                  + "\(bytes)".padding(toLength: 13, withPad: " ", startingAt: 0) + String(format: "%.3f s", seconds))
        }
    }
}

extension Compression: ExpressibleByArgument {}
extension IconAppearance: ExpressibleByArgument {}
extension MacShape: ExpressibleByArgument {}
extension Badge.Style: ExpressibleByArgument {}
extension Badge.Position: ExpressibleByArgument {}
