import ArgumentParser
import Foundation
import IconForgeKit
import PNGCodec

/// `iconforge init`: a commented starter `iconforge.yml`, filled from what the project holds.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented starter iconforge.yml from what this folder holds (asset catalogs, an Android res/ folder, a web folder, a likely master).",
        discussion: "Then 'iconforge generate' with no arguments runs its jobs. An existing iconforge.yml is never replaced without --force.")

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write it.", valueName: "file"))
    var out: String = ProjectConfig.fileName

    @Flag(help: "Replace an existing file.")
    var force = false

    @OptionGroup var output: QuietOption

    func run() throws {
        if FileManager.default.fileExists(atPath: out), !force {
            throw Terminal.failure("\(out) exists; pass --force to replace it", status: 1)
        }
        let root = out.parentFolder.isEmpty ? "." : out.parentFolder
        let found = ProjectLayout(root: root)
        let text = found.starter()
        // --force keeps the file it replaces in the backup, as every other write does.
        let notes = try Terminal.orExit { try OwnedFile.write(Array(text.utf8), to: out) }
        if !output.quiet {
            print("wrote \(out): \(found.summary)")
            for note in notes { print(note) }
        }
    }
}
