import ArgumentParser
import IconForgeKit
import Raster

/// `iconforge fix`: repairs interlacing, bit depth and alpha where a file's role requires it.
struct FixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Repair what validate reports and can be repaired: interlacing, bit depth, alpha.",
        discussion: """
            Only files with interlaced, bit-depth or transparency findings are rewritten (8-bit, non-interlaced; \
            opaque RGB over --background where the role requires it); nothing is resized. Errors fixing cannot \
            repair (a wrong size, a missing file) are listed afterwards, and the exit status is then 1. Originals are kept in \
            .iconforge-backup/<timestamp>/ at the project's root (the folder holding .git or iconforge.yml), else beside the \
            path given, outside any asset catalog, unless --no-backup.
            """)

    @Argument(help: ArgumentHelp("Files, folders, sets or catalogs.", valueName: "path"))
    var paths: [String]

    @Option(help: ArgumentHelp("Colour translucent pixels are composited over.", valueName: "#RRGGBB"))
    var background: RGBColor = .white

    @Option(help: ArgumentHelp("Presets whose file names give loose files their role.", valueName: "name,..."))
    var preset: String?

    @Option(help: ArgumentHelp("Role of loose files nothing else describes.", valueName: "role"))
    var role: Role?

    @Flag(help: "Do not keep the originals.")
    var noBackup = false

    @Flag(help: "Print what would be fixed, and change nothing.")
    var dryRun = false

    @Flag(name: [.short, .long], help: "Print only what failed and what needs a re-export.")
    var quiet = false

    @OptionGroup var decode: DecodeOptions

    func run() throws {
        let presets = try Terminal.orExit(2) { try preset.map(PresetCatalog.presets) ?? [] }
        let fixer = Fixer(validator: Validator(presets: presets, role: role, limits: decode.limits), background: background,
                          keepsBackup: !noBackup, dryRun: dryRun)
        let outcomes = try Terminal.orExit(2) { try fixer.fix(paths) }
        var failed = false
        for outcome in outcomes {
            if let failure = outcome.failure {
                failed = true
                Terminal.standardError("\(outcome.path): not fixed: \(failure)")
            } else if !quiet {
                print("\(outcome.path): \(dryRun ? "would be " : "")\(outcome.changes.joined(separator: "; "))"
                      + (outcome.backup.map { dryRun ? "" : " (original kept in \($0))" } ?? ""))
            }
        }
        if outcomes.isEmpty, !quiet { print("nothing to fix") }
        // What fixing cannot repair is said, and fails the run: a wrong size or a missing file needs a re-export.
        let remaining = try Terminal.orExit(2) { try fixer.unrepairable(paths) }
        if !remaining.isEmpty {
            Terminal.standardError("\(remaining.count) problem\(remaining.count == 1 ? "" : "s") need\(remaining.count == 1 ? "s" : "") a re-export: "
                                   + remaining.map { "\($0.path): \($0.finding.message)" }.joined(separator: "; "))
        }
        if failed || !remaining.isEmpty { throw ExitCode(1) }
    }
}
