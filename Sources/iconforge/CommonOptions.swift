import ArgumentParser
import PNGCodec
import Raster

/// Options every command that decodes PNGs shares.
struct DecodeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Refuse images with more pixels than this before decoding them.", valueName: "count"))
    var maxPixels: Int = PNGLimits.default.maxPixels

    func validate() throws {
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be a positive number of pixels") }
    }

    /// The decoder limits these options describe.
    var limits: PNGLimits {
        var limits = PNGLimits.default
        limits.maxPixels = maxPixels
        return limits
    }
}

extension RGBColor: ExpressibleByArgument {
    public init?(argument: String) { self.init(hex: argument) }
    public var defaultValueDescription: String { description }
}

extension Filter: ExpressibleByArgument {}
extension Gravity: ExpressibleByArgument {}
extension FitMode: ExpressibleByArgument {
    /// The check `generate` and `watch` make of `--fit`: icons are square, and stretching distorts them.
    static func checkForIcons(_ fit: FitMode?) throws {
        if fit == .stretch { throw ValidationError("--fit takes fill or fit for icons (stretching distorts them)") }
    }
}
