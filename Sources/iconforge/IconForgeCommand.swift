import ArgumentParser
import Foundation
import IconForgeKit

/// The `iconforge` command: a thin layer over IconForgeKit, one file per subcommand.
struct IconForgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iconforge",
        abstract: "Turn one master (PNG, SVG or JPEG) into every iOS icon and launch image, and check such assets.",
        discussion: """
            Exit status: 0 success, 1 when a file failed (each failure is one line on standard error \
            naming the file and the reason), 2 for usage errors.
            """,
        // The release only: the libraries' versions (`--version`, answered in main) load librsvg, which every run
        // would otherwise pay for, since ArgumentParser reads the configuration on every run.
        version: IconForgeVersion.release,
        subcommands: [GenerateCommand.self, InitCommand.self, ValidateCommand.self, PreviewCommand.self, FixCommand.self, WatchCommand.self, PresetsCommand.self, ResizeCommand.self, ConvertCommand.self, InspectCommand.self, RenderCommand.self]
    )
}

/// Runs the command and maps ArgumentParser's usage-error status (64) to 2, the status IconForge documents.
@main
enum Main {
    static func main() async {
        AllocatorTuning.apply()
        PeakMemory.installIfAsked()
        do {
            let (arguments, paths) = LongPathList.split(Array(CommandLine.arguments.dropFirst()))
            if arguments == ["--version"] {
                print(IconForgeVersion.description)
                return
            }
            var command = try IconForgeCommand.parseAsRoot(arguments)
            if !paths.isEmpty, var validate = command as? ValidateCommand {
                validate.paths += paths
                command = validate
            }
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = IconForgeCommand.exitCode(for: error)
            if code == .validationFailure {
                Terminal.standardError(IconForgeCommand.fullMessage(for: error))
                Foundation.exit(2)
            }
            IconForgeCommand.exit(withError: error)
        }
    }
}
