import ArgumentParser
import IconForgeKit
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

/// `-q` for commands whose only output is a line saying what they wrote.
struct QuietOption: ParsableArguments {
    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false
}

extension RGBColor: ExpressibleByArgument {
    public init?(argument: String) { self.init(hex: argument) }
    public var defaultValueDescription: String { description }
}

extension Filter: ExpressibleByArgument {}
extension Gravity: ExpressibleByArgument {}
extension FitMode: ExpressibleByArgument {}

/// generate's --appearance and render's: Xcode's and Icon Composer's words for an appearance too (default, any).
extension Appearance: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { ["default", "dark", "tinted"] }
}

/// `--fit` where icons are made (generate, watch, preview): fill or fit, never stretch — icons are square, and
/// stretching distorts them. A type of its own so that help and the parser offer only these two.
enum IconFit: String, CaseIterable, ExpressibleByArgument {
    case fill, fit

    var mode: FitMode { self == .fill ? .fill : .fit }
}
