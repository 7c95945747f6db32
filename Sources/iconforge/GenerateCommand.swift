import ArgumentParser
import Foundation
import IconForgeKit
import Raster

/// `iconforge generate`: every icon and launch image of the chosen presets, from one master per app.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Make every icon and launch image of one or more presets from a master PNG, SVG, JPEG or .icon.",
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
        do { try settings.generate(sources: sources, presets: preset, out: out, reporter: reporter) } catch { throw error.exitCode }
    }

    /// Prints the run's events; the flags say how much.
    private var reporter: Reporter {
        Reporter(interactive: Terminal.isInteractive, verbosity: quiet ? .quiet : verbose ? .verbose : .normal)
    }

    /// Runs every job of the project file, in order; the command line's own switches apply to each.
    private func runConfig() throws {
        let path = config ?? ProjectConfig.fileName
        guard config != nil || FileManager.default.fileExists(atPath: path) else {
            throw Terminal.failure("no sources, and no \(ProjectConfig.fileName) here: give a master with --preset and --out, "
                                   + "or run 'iconforge init' to write a starter \(ProjectConfig.fileName)", status: 2)
        }
        let project = try Terminal.orExit(2) { try ProjectConfig.load(path) }
        do { try project.generate(dryRun: dryRun, preview: preview, reporter: reporter) } catch { throw error.exitCode }
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
        settings.options.darkSourcePath = dark
        settings.options.appearance = appearance
        settings.options.macShape = macShape
        settings.options.androidForegroundPath = androidForeground
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
        settings.options.launchLogoPath = launchLogo
        settings.options.launchLogoScale = launchLogoScale
        settings.options.compression = compression
        settings.options.limits = decode.limits
        settings.variant = variant
        settings.dryRun = dryRun
        settings.preview = preview
        return settings
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
