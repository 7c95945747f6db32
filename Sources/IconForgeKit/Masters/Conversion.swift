import PNGCodec
import Raster

/// `iconforge convert`: any PNG to an 8-bit, non-interlaced PNG, opaque RGB unless alpha is kept.
package struct Conversion: Sendable {
    /// Keep the alpha channel (colour type 6) instead of flattening to RGB (colour type 2).
    package var keepsAlpha: Bool
    /// What translucent pixels are composited over when alpha is not kept.
    package var background: RGBColor
    /// Decoder limits.
    package var limits: PNGLimits

    /// A conversion with the given choices; by default RGB over white.
    package init(keepsAlpha: Bool = false, background: RGBColor = .white, limits: PNGLimits = .default) {
        self.keepsAlpha = keepsAlpha
        self.background = background
        self.limits = limits
    }

    /// Converts `input` into `output`, atomically; the input is never modified.
    package func run(input: String, output: String) throws(IconForgeError) -> RewriteOutcome {
        try FileRewrite.run(input: input, output: output, limits: limits, alpha: keepsAlpha ? .kept : .flattened, background: background) { $0 }
    }
}
