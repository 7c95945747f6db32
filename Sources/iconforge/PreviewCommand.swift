import ArgumentParser
import Foundation
import IconForgeKit
import Raster

/// `iconforge preview`: one PNG a person can judge icons by before shipping them.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw a contact sheet of icons as each platform shows them, with their validation findings.",
        discussion: """
            A source is a master (PNG, SVG, JPEG, Icon Composer .icon: generated first, into a temporary folder, \
            with --preset), or a folder, asset catalog or set as it is. The sheet shows the app icon under the iOS \
            mask on light, dark and tinted home screens at 180 px (60 pt @3x), the small sizes 1:1 and magnified, \
            Android's adaptive icon under circle and squircle masks and its themed monochrome layer, the macOS and \
            watchOS icons, web icons, Android's notification, splash and TV icons, a browser extension's toolbar \
            icons, Windows tiles, taskbar and .ico entries, Linux hicolor icons and launch images, each labelled with its file and its first finding.
            """)

    @Argument(help: ArgumentHelp("Masters, generated folders, catalogs, sets or .icon bundles.", valueName: "source"))
    var sources: [String]

    @Option(name: [.short, .long], help: ArgumentHelp("The sheet to write (PNG).", valueName: "file"))
    var out = "preview.png"

    @Option(help: ArgumentHelp("Presets a master is generated with first (default \(Previewer.defaultPresets)).", valueName: "name,..."))
    var preset: String?

    @Option(help: ArgumentHelp("Colour that translucent pixels of a master's opaque outputs are composited over (default white).", valueName: "#RRGGBB"))
    var background: RGBColor?

    @Option(help: ArgumentHelp("How a non-square master becomes square icons: fill (crop) or fit (pad).", valueName: "fill|fit"))
    var fit: IconFit?

    @Option(help: ArgumentHelp("A master's designed dark variant.", valueName: "file"))
    var dark: String?

    @Option(help: ArgumentHelp("A master's tinted variant: auto (its luminance; the default) or a file.", valueName: "auto|file"))
    var tinted: String?

    @Option(help: ArgumentHelp("The app's primary icon set, shown on the home screens.", valueName: "name"))
    var appIconName = "AppIcon"

    @OptionGroup var output: QuietOption

    @OptionGroup var decode: DecodeOptions

    func validate() throws {
    }

    func run() throws {
        var options = GenerateOptions(presets: try Terminal.orExit(2) { try preset.map(PresetCatalog.presets) ?? [] })
        options.background = background ?? .white
        options.fit = fit?.mode
        options.darkSourcePath = dark
        options.tintedSource = tinted.map { $0 == "auto" ? .auto : .file($0) }
        options.appIconName = appIconName == "AppIcon" ? nil : appIconName
        options.limits = decode.limits
        var previewer = Previewer(options: options)
        previewer.appIconName = appIconName
        let report = try Terminal.orExit { try previewer.write(sources: sources, to: out) }
        if !output.quiet {
            print(report.summaryLine)
            for note in report.notes { print(note) }
        }
    }
}

extension PreviewReport {
    /// "preview.png 1200x1684: 52 files checked, 0 errors, 1 warning".
    var summaryLine: String {
        "\(output) \(pixels): \(files) \(files == 1 ? "file" : "files") checked, \(errors) \(errors == 1 ? "error" : "errors"), "
            + "\(warnings) \(warnings == 1 ? "warning" : "warnings")"
    }
}
