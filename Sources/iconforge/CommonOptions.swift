import ArgumentParser
import PNGCodec
import Raster

/// Options every command that decodes PNGs shares.
struct DecodeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Refuse images with more pixels than this before decoding them.", valueName: "count"))
    var maxPixels: Int = PNGLimits.default.maxPixels

    @Option(name: .long, help: ArgumentHelp(
        "Refuse images whose decoded pixels (4 bytes each, 8 at 16 bits) would take more MiB than this, before allocating them.",
        valueName: "MiB"))
    var maxMemory: Int = PNGLimits.defaultMaxDecodedBytes >> 20

    func validate() throws {
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be a positive number of pixels") }
        guard maxMemory > 0, maxMemory <= 1 << 20 else { throw ValidationError("--max-memory must be between 1 and 1048576 MiB") }
    }

    /// The decoder limits these options describe.
    var limits: PNGLimits {
        var limits = PNGLimits.default
        limits.maxPixels = maxPixels
        limits.maxDecodedBytes = maxMemory << 20
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
