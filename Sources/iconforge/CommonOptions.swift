import ArgumentParser
import IconForgeKit
import PNGCodec
import Raster

/// Options every command that decodes PNGs shares.
struct DecodeOptions: ParsableArguments {
    @Option(name: .long, help: .generate("max-pixels"))
    var maxPixels: Int = PNGLimits.default.maxPixels

    @Option(name: .long, help: .generate("max-memory"))
    var maxMemory: Int = PNGLimits.defaultMaxDecodedBytes >> 20

    /// Checked and converted by generate's table of options (`GenerateOption`), which iconforge.yml is read with too:
    /// one wording of each limit and its errors for every command.
    func validate() throws { _ = try settings() }

    /// The decoder limits these options describe.
    var limits: PNGLimits { (try? settings().options.limits) ?? .default }

    private func settings() throws -> GenerateSettings {
        var settings = GenerateSettings()
        do {
            try settings.set("max-pixels", .text(String(maxPixels)))
            try settings.set("max-memory", .text(String(maxMemory)))
        } catch { throw ValidationError(error.reason) }
        return settings
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
