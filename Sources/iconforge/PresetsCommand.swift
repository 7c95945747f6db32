import ArgumentParser
import IconForgeKit

/// `iconforge presets`: what the built-in presets make.
struct PresetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "presets",
        abstract: "List the built-in presets, or show every output of one.",
        subcommands: [List.self, Show.self],
        defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "One line per built-in preset.")

        func run() {
            let width = PresetCatalog.builtIn.map(\.name.count).max() ?? 0
            for preset in PresetCatalog.builtIn {
                let files = Set(preset.outputs.compactMap { spec in spec.filename.map { (spec.set ?? "") + "/" + $0 } }).count
                print(preset.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + "\(files) file\(files == 1 ? " " : "s")  " + preset.summary)
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Every output of a preset: pixel size, file, role.")

        @Argument(help: ArgumentHelp("A built-in preset name, or a path to a preset JSON file.", valueName: "name"))
        var name: String

        func run() throws {
            let preset = try Terminal.orExit { try PresetCatalog.preset(name) }
            print("\(preset.name): \(preset.summary)")
            for spec in preset.outputs {
                let size = spec.pixels.map { $0.description } ?? "-"
                let path = spec.filename.map { name in spec.set.map { "\($0)/\(name)" } ?? name } ?? (spec.set ?? "")
                var notes = [spec.idiom.rawValue]
                if let points = spec.points { notes.append("\(points) pt" + (spec.scale.map { " @\($0)" } ?? "")) }
                if let appearance = spec.appearance { notes.append(appearance.rawValue) }
                if let orientation = spec.orientation { notes.append(orientation) }
                notes.append(spec.keepsAlpha ? "RGBA" : "RGB")
                print("  " + size.padding(toLength: 11, withPad: " ", startingAt: 0)
                      + path.padding(toLength: 52, withPad: " ", startingAt: 0)
                      + spec.role.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0) + notes.joined(separator: ", "))
            }
        }
    }
}
