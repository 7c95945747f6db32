import ArgumentParser
import Foundation
import IconForgeKit

/// `iconforge render`: an Icon Composer `.icon` drawn as Apple's Liquid Glass renderer draws it, to a PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw an Icon Composer .icon with its Liquid Glass effects to a PNG.",
        discussion: """
            Draws the icon in an appearance (default, dark or tinted) at --size pixels, in the platform's shape: \
            the continuous-corner square of iOS (as Icon Composer exports it), macOS's icon on its grid with \
            its shadow, or watchOS's circle. The PNG is 8-bit RGBA, transparent outside the shape, written atomically.
            """)

    @Argument(help: ArgumentHelp("The .icon bundle.", valueName: "icon"))
    var input: String

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write the PNG (its folder is created when missing).", valueName: "path"))
    var out: String

    @Option(help: ArgumentHelp("default (also light), dark or tinted.", valueName: "appearance"))
    var appearance: Appearance = .light

    @Option(help: ArgumentHelp("The side in pixels.", valueName: "N"))
    var size = 1024

    @Option(help: ArgumentHelp("ios, macos or watchos.", valueName: "platform"))
    var platform: IconComposerRenderer.Platform = .iOS

    @OptionGroup var output: QuietOption

    @OptionGroup var decode: DecodeOptions

    func validate() throws {
        try PNGOutput.check(out)
        guard (16...8192).contains(size) else { throw ValidationError("--size must be 16 to 8192 pixels, not \(size)") }
    }

    func run() throws {
        let options = IconComposerRenderer.Options(appearance: appearance, pixels: size, platform: platform)
        try Terminal.orExit { try FileManager.default.makeFolder(out.parentFolder.isEmpty ? "." : out.parentFolder) }
        let outcome = try Terminal.orExit { try IconComposerRenderer.write(input: input, output: out, options: options, limits: decode.limits) }
        if !output.quiet {
            print("\(out): \(appearance) \(platform.rawValue) icon, \(size)×\(size) RGBA, \(outcome.bytesWritten) bytes")
            for note in outcome.notes { print(note) }
        }
    }
}

extension IconComposerRenderer.Platform: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}
