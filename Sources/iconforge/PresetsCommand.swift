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
                // Files of one name in several folders (Android's densities, hicolor's sizes) are several files.
                let files = Set(preset.outputs.compactMap { spec in spec.filename.map { [spec.set, spec.folder, $0].compactMap { $0 }.joined(separator: "/") } }).count
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
            // A layer's file lies in its layer's image set (visionOS's and tvOS's stacks): the path says so.
            let paths: [String] = preset.outputs.map { spec in
                var set = spec.set
                if let stack = set, let layer = spec.visionLayer { set = ImageStack.imageSet(stack: stack, layer: layer) }
                guard let name = spec.filename else { return set ?? "" }
                return [set, spec.folder, name].compactMap { $0 }.joined(separator: "/")
            }
            // The path column fits the longest (tvOS's brand assets run past 90 characters), so no path runs into its role.
            let longest: Int = paths.map { $0.count }.max() ?? 0
            let pathWidth = max(52, longest + 2)
            for (spec, path) in zip(preset.outputs, paths) {
                let size = spec.pixels.map { $0.description } ?? "-"
                var notes = [spec.idiom.rawValue]
                if let points = spec.points { notes.append("\(points) pt" + (spec.scale.map { " @\($0)" } ?? "")) }
                if let appearance = spec.appearance { notes.append(appearance.rawValue) }
                if let orientation = spec.orientation { notes.append(orientation) }
                notes.append(spec.keepsAlpha ? "RGBA" : "RGB")
                print("  " + size.padding(toLength: 11, withPad: " ", startingAt: 0)
                      + path.padding(toLength: pathWidth, withPad: " ", startingAt: 0)
                      + spec.role.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0) + notes.joined(separator: ", "))
            }
        }
    }
}
