import Foundation
import ArgumentParser
import IconForgeKit
import Raster

/// `iconforge resize`: one PNG to one size through the linear-light, premultiplied-alpha resampler.
struct ResizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resize",
        abstract: "Resize a PNG to one size, in linear light with premultiplied alpha.",
        discussion: """
            Shrinking averages every source pixel under each output pixel (no aliasing); colour is filtered \
            in linear light (--no-linear filters the encoded values, as most other tools do) and premultiplied \
            by alpha, so transparent pixels never bleed into edges. --fit fill scales to cover and crops the \
            exact fractional rectangle that maps onto the output; --fit fit scales inside and pads (with \
            transparency, or --background). The output is an 8-bit, non-interlaced PNG that keeps alpha where \
            the result has any (a logo on transparency stays one; an opaque result is written as RGB): \
            --flatten composites it over --background (white) into opaque RGB, --keep-alpha writes RGBA always.
            """)

    @Argument(help: ArgumentHelp("The PNG to resize.", valueName: "input"))
    var input: String

    @Option(help: ArgumentHelp("Output size in pixels: WxH, or N for NxN.", valueName: "WxH|N"))
    var size: PixelSize

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write the result (its folder is created when missing).", valueName: "path"))
    var out: String

    @Option(help: ArgumentHelp("Resampling filter: \(Filter.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "name"))
    var filter: Filter = .lanczos3

    @Option(help: ArgumentHelp("How to fit another aspect ratio: fit (pad, the default), fill (crop) or stretch (distort, only when asked).", valueName: "mode"))
    var fit: FitMode = .fit

    @Option(help: ArgumentHelp("What fill keeps or where fit places the image: \(Gravity.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "gravity"))
    var gravity: Gravity = .center

    @Option(help: ArgumentHelp("Colour for padding (and, with --flatten, behind translucent pixels), or 'transparent'. Default: transparent, or white with --flatten.", valueName: "#RRGGBB|transparent"))
    var background: Background?

    @Flag(name: .customLong("no-linear"), help: "Filter the sRGB-encoded values instead of linear light (matches other tools, darkens fine detail).")
    var gammaSpace = false

    @Flag(help: "Write RGBA even when every pixel of the result is opaque.")
    var keepAlpha = false

    @Flag(help: "Composite translucent pixels over --background (white) and write opaque RGB, as App Store icons must be.")
    var flatten = false

    @OptionGroup var output: QuietOption

    @OptionGroup var decode: DecodeOptions

    func validate() throws {
        if keepAlpha, flatten { throw ValidationError("--keep-alpha and --flatten exclude each other") }
        if case .transparent = background, flatten {
            throw ValidationError("--background transparent cannot go with --flatten: an RGB output has no transparency")
        }
        try PNGOutput.check(out)
    }

    func run() throws {
        let padding: RGBColor? = switch background {
        case .colour(let colour): colour
        case .transparent: nil
        case nil: flatten ? .white : nil
        }
        let resizing = Resizing(size: size, options: ResizeOptions(filter: filter, fit: fit, gravity: gravity, padding: padding),
                                linearLight: !gammaSpace, alpha: keepAlpha ? .kept : flatten ? .flattened : .keptWhenTranslucent,
                                background: padding ?? .white, limits: decode.limits)
        try Terminal.orExit { try FileManager.default.makeFolder(out.parentFolder.isEmpty ? "." : out.parentFolder) }
        let outcome = try Terminal.orExit { try resizing.run(input: input, output: out) }
        if !output.quiet {
            print("\(out): \(size) \(outcome.keptAlpha ? "RGBA" : "RGB") 8-bit from \(outcome.sourceKind) \(outcome.sourceSize), "
                  + "\(filter), \(fit), \(outcome.bytesWritten) bytes" + outcome.flatteningNote(over: padding ?? .white))
        }
        for warning in outcome.warnings { Terminal.standardError("warning: \(warning)") }
        if !output.quiet { for note in outcome.notes { print(note) } }
    }
}

/// `--background`: a colour, or transparency.
enum Background: ExpressibleByArgument {
    case colour(RGBColor)
    case transparent

    init?(argument: String) {
        if argument.lowercased() == "transparent" {
            self = .transparent
        } else if let colour = RGBColor(hex: argument) {
            self = .colour(colour)
        } else {
            return nil
        }
    }
}

extension PixelSize: ExpressibleByArgument {
    /// "WxH", or "N" for N×N.
    public init?(argument: String) {
        if let side = Int(argument), side > 0 { self.init(width: side, height: side) } else { self.init(parsing: argument) }
    }
}


/// The one output format `resize` and `convert` write.
enum PNGOutput {
    /// Refuses an output path whose extension promises another format (`-o icon.jpg` got a PNG named .jpg).
    static func check(_ path: String) throws {
        let ext = (path as NSString).pathExtension.lowercased()
        guard ext != "png" else { return }
        throw ValidationError("\(path): IconForge writes PNG files only; name the output .png" + (ext.isEmpty ? "" : " (not .\(ext))"))
    }
}
