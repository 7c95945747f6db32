import Foundation
import ArgumentParser
import IconForgeKit
import Raster

/// `iconforge convert`: any PNG to an 8-bit, non-interlaced PNG, written atomically.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Rewrite a PNG as 8-bit, non-interlaced RGB (alpha flattened) or RGBA.",
        discussion: """
            Any PNG libpng reads (palette, greyscale, 16-bit, interlaced) becomes an 8-bit, non-interlaced \
            file. Without --keep-alpha, translucent pixels are composited over --background and the output \
            is opaque 24-bit RGB, as App Store icons must be. The output is written to a temporary file and \
            renamed into place; the input is never modified.
            """)

    @Argument(help: ArgumentHelp("The PNG to convert.", valueName: "input"))
    var input: String

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write the result (its folder is created when missing).", valueName: "path"))
    var out: String

    @Flag(help: "Keep the alpha channel (RGBA) instead of flattening to RGB.")
    var keepAlpha = false

    @Option(help: ArgumentHelp("Colour translucent pixels are composited over.", valueName: "#RRGGBB"))
    var background: RGBColor = .white

    @OptionGroup var output: QuietOption

    @OptionGroup var decode: DecodeOptions

    func validate() throws { try PNGOutput.check(out) }

    func run() throws {
        let conversion = Conversion(keepsAlpha: keepAlpha, background: background, limits: decode.limits)
        try Terminal.orExit { try FileManager.default.makeFolder(out.parentFolder.isEmpty ? "." : out.parentFolder) }
        let outcome = try Terminal.orExit { try conversion.run(input: input, output: out) }
        if !output.quiet {
            print("\(out): \(keepAlpha ? "RGBA" : "RGB") 8-bit, \(outcome.sourceSize) from \(outcome.sourceKind), "
                  + "\(outcome.bytesWritten) bytes" + outcome.flatteningNote(over: background))
        }
        for warning in outcome.warnings { Terminal.standardError("warning: \(warning)") }
        if !output.quiet { for note in outcome.notes { print(note) } }
    }
}
