import PNGCodec
import Raster

/// `iconforge resize`: one PNG to one size, through the linear-light resampler, written atomically.
package struct Resizing: Sendable {
    /// The output size in pixels.
    package var size: PixelSize
    /// Filter, fit, gravity and padding.
    package var options: ResizeOptions
    /// Resample in linear light (the default) or in the encoded values, as most other tools do.
    package var linearLight: Bool
    /// What happens to the alpha channel: by default it is kept when the result has any translucency.
    package var alpha: AlphaChannel
    /// What translucent pixels are composited over when alpha is not kept.
    package var background: RGBColor
    /// Decoder limits.
    package var limits: PNGLimits

    /// A resize with every choice given.
    package init(size: PixelSize, options: ResizeOptions = ResizeOptions(), linearLight: Bool = true,
                alpha: AlphaChannel = .keptWhenTranslucent, background: RGBColor = .white, limits: PNGLimits = .default) {
        self.size = size
        self.options = options
        self.linearLight = linearLight
        self.alpha = alpha
        self.background = background
        self.limits = limits
    }

    /// Resizes `input` into `output`; the input is never modified.
    package func run(input: String, output: String, parallelism: Parallelism = .allCores) throws(IconForgeError) -> RewriteOutcome {
        // The output is checked before the source is even read: 100000x100000 asked for 40 GB.
        if let refusal = limits.refusal(width: size.width, height: size.height) {
            throw .overLimit(path: output, .output(refusal: refusal))
        }
        return try FileRewrite.run(input: input, output: output, limits: limits, alpha: alpha, background: background,
                                   vectorSize: .longSide(2 * max(size.width, size.height))) { image in
            var options = self.options
            // 16-bit sources stay 16-bit through the filter; rounding to 8 bits happens once, at the end.
            options.outputFormat = image.format
            return Resampler.resize(image, to: size, options: options, linearLight: linearLight, parallelism: parallelism)
        }
    }
}
