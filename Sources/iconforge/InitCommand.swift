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

extension ProjectLayout {
    var summary: String {
        let parts = iconCatalogs.map { "asset catalog \($0.path) (\($0.presets.joined(separator: ", ")))" } + [androidRoot.map { "Android project \($0.isEmpty ? "." : $0)" },
                     webFolder.map { "web folder \($0)" }, master.map { "master \($0)" }].compactMap { $0 }
        return parts.isEmpty ? "nothing recognised; edit the placeholders" : "found " + parts.joined(separator: ", ")
    }

    /// The starter file: one job per platform found (iOS when nothing is), with the options worth knowing commented.
    func starter() -> String {
        let masterPath = master ?? "design/icon.svg"
        var text = """
            # iconforge.yml: run 'iconforge generate' with no arguments to make every icon below.
            # Paths are relative to this file. Any 'generate' option can be given by its long name
            # (see 'iconforge generate --help'); 'iconforge presets' lists the presets. Add 'preview: true'
            # to a job for a contact sheet of its outputs; 'iconforge watch' reruns jobs when their files change.
            jobs:

            """
        func job(_ presets: String, _ out: String, _ extra: [String] = []) {
            text += "  - master: \(masterPath)\(master == nil ? "   # your master: SVG, PNG (1024 or larger), JPEG or Icon Composer .icon" : "")\n"
            text += "    presets: [\(presets)]\n    out: \(out)\n"
            for line in extra { text += "    \(line)\n" }
        }
        for catalog in iconCatalogs {
            // The appearance variants are ios-single's; the other layouts keep their slots.
            let variants = catalog.presets.contains("ios-single") ? ["# dark: design/icon-dark.svg     # Xcode 16 appearance variants", "# tinted: auto"]
                : catalog.presets.contains("ios") ? ["# presets: [ios-single] switches to Xcode 16's single size (with dark and tinted variants)"] : []
            let alternate = catalog.presets.contains { $0.hasPrefix("ios") } ? ["# alternate: {Holiday: design/holiday.png}"] : []
            job(catalog.presets.joined(separator: ", "), catalog.path, variants + alternate)
        }
        if let androidRoot { job("android", androidRoot.isEmpty ? "." : androidRoot, ["# android-background: \"#FFFFFF\"", "# monochrome: design/glyph.svg"]) }
        if let webFolder { job("web", webFolder) }
        if catalogs.isEmpty && androidRoot == nil && webFolder == nil {
            job("ios-single", "Assets.xcassets", ["# presets can be several: [ios-single, android, web, macos]"])
        }
        return text
    }
}
