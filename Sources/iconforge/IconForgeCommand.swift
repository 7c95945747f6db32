import ArgumentParser
import Foundation
import IconForgeKit

/// The `iconforge` command: a thin layer over IconForgeKit, one file per subcommand.
struct IconForgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iconforge",
        abstract: "Turn one master (PNG, SVG, JPEG or an Icon Composer .icon) into every icon and launch image an app ships, Apple, Android, web, Windows and Linux, and check such assets.",
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

extension IconForgeCommand {
    /// `iconforge <command> …` read by the subcommand itself when that succeeds. Through the root, ArgumentParser builds
    /// the subcommand's whole argument set (by reflection, every option) once more just to see whether it takes all
    /// remaining input: a sixth of starting `generate`. Help, completion scripts and every error go through the root,
    /// which words them as `iconforge <command>`; a failed read here is only repeated there.
    static func parse(_ arguments: [String]) throws -> ParsableCommand {
        let rootOnly: Set<String> = ["-h", "--help", "-help", "help", "--experimental-dump-help", "--version"]
        if let name = arguments.first, !name.hasPrefix("-"),
           !arguments.contains(where: { rootOnly.contains($0) || $0.hasPrefix("--generate-completion") }),
           let command = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
           let parsed = try? command.parseAsRoot(Array(arguments.dropFirst())) {
            return parsed
        }
        return try parseAsRoot(arguments)
    }
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
            if arguments.first == GenerateCommand.configuration.commandName, let line = GenerateCommand.quickRead(Array(arguments.dropFirst())) {
                return try line.run()
            }
            var command = try IconForgeCommand.parse(arguments)
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
