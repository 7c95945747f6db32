import ArgumentParser
import Foundation
import IconForgeKit

/// `iconforge validate`: the checks App Store review and Xcode make, for CI.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check icon and launch-image files, sets, catalogs and projects the way App Store review, Xcode, Android's build and browsers will.",
        discussion: """
            Paths may be PNG files, folders (searched recursively), .appiconset/.launchimage/.imageset sets and \
            whole .xcassets catalogs. Roles come from each set's Contents.json, then from --preset (by file \
            name), then from --role; a loose PNG with no role gets the format rules only. Rules: \
            \(ValidationRule.allCases.map(\.rawValue).joined(separator: ", ")). Exit status: 0 no errors \
            (warnings allowed unless --strict or --fail-on warning), 1 errors found, 2 usage or I/O problems. A path \
            with nothing to check (a catalog of colour sets) is said so and is not a failure.
            """)

    @Argument(help: ArgumentHelp("Files, folders, sets or catalogs.", valueName: "path"))
    var paths: [String]

    @Option(help: ArgumentHelp("Presets whose file names give loose files their role and size.", valueName: "name,..."))
    var preset: String?

    @Option(help: ArgumentHelp("Role of loose files nothing else describes: \(Role.validationRoles.map(\.rawValue).joined(separator: ", ")).", valueName: "role"))
    var role: Role?

    @Option(help: ArgumentHelp("text, json, junit or github.", valueName: "format"))
    var format: ReportFormat = .text

    @Flag(help: "Fail (exit 1) on warnings too: --fail-on warning.")
    var strict = false

    @Option(help: ArgumentHelp("The least severity that fails the run (exit 1): error or warning.", valueName: "severity"))
    var failOn: Severity = .error

    @Option(help: ArgumentHelp("The app's primary icon set (Xcode's ASSETCATALOG_COMPILER_APPICON_NAME); other app-icon sets are alternate or extension icons.",
                               valueName: "name"))
    var appIconName = "AppIcon"

    @Option(help: ArgumentHelp("Write the report to this file (atomically) instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(name: [.short, .long], help: "Text format: the findings alone, without notes or the summary line.")
    var quiet = false

    @Flag(name: [.short, .long], help: "Text format: every file checked, clean ones too (with their role).")
    var verbose = false

    @OptionGroup var decode: DecodeOptions

    func validate() throws {
        if quiet, verbose { throw ValidationError("--quiet and --verbose exclude each other") }
    }

    func run() throws {
        let presets = try Terminal.orExit(2) { try preset.map(PresetCatalog.presets) ?? [] }
        let validator = Validator(presets: presets, role: role, limits: decode.limits, appIconName: appIconName)
        let report = try Terminal.orExit(2) { try validator.validate(paths) }
        let text = report.rendered(as: format, colour: format == .text && output == nil && Terminal.isInteractive,
                                   detail: quiet ? .findings : verbose ? .everyFile : .normal)
        if let output {
            let folder = output.parentFolder
            try Terminal.orExit(2) { try FileManager.default.makeFolder(folder.isEmpty ? "." : folder) }
            let notes = try Terminal.orExit(2) { try OwnedFile.write(Array(text.utf8), to: output, inputs: paths) }
            for note in notes { Terminal.standardError(note) }
        } else {
            print(text, terminator: "")
        }
        if report.fails(on: strict ? .warning : failOn) { throw ExitCode(1) }
    }
}

/// --role of validate, fix and watch: validation's roles only (an output's purpose says nothing to the rules).
extension Role: ExpressibleByArgument {
    public init?(argument: String) {
        guard let role = Role(rawValue: argument), Role.validationRoles.contains(role) else { return nil }
        self = role
    }

    public static var allValueStrings: [String] { validationRoles.map(\.rawValue) }
}
extension ReportFormat: ExpressibleByArgument {}
extension Severity: ExpressibleByArgument {}
