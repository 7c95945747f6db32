import Raster

/// Android's adaptive launcher icon, drawn once from what the user has, at 768 px for its 108 dp canvas:
/// a foreground and a background layer, a monochrome layer for themed icons, and the legacy square and round
/// icons (the central 72 dp the launcher shows, for Android 7 and older and for the Play Store).
struct AdaptiveIcon: Sendable {
    /// Pixels of the working canvas (108 dp); every density's files are reduced from it. 768 is the least that
    /// draws nothing twice: its 72 dp viewport is the 512 px Play icon itself (a crop, not a second resample), and the
    /// largest layer, xxxhdpi's 432 px, still comes from more pixels than it has. At 1024 the layers took 26% of an
    /// Android + web run, with nothing gained.
    static let canvas = 768
    /// The visible viewport (72 dp) and the safe zone (66 dp), in pixels of the canvas.
    static let viewport = canvas * 72 / 108, safeZone = canvas * 66 / 108

    var foreground: Image
    /// The background as a picture, or nil when it is a colour (written as a colour resource).
    var background: Image?
    var backgroundColor: RGBColor
    var monochrome: Image
    var legacy: Image
    var round: Image
    /// False when the monochrome layer came out a solid square (a full-bleed master whose glyph could not be separated).
    var monochromeHasShape: Bool

    /// Where the background comes from.
    enum Background: Sendable, Equatable {
        case color(RGBColor)
        case file(String)
    }

    /// Builds the layers. Without a designed foreground:
    /// - a logo on transparency is scaled so that its content lies inside the 66 dp safe circle with a 2 dp margin (never
    ///   larger than the safe zone's square), on the background colour: no launcher mask clips the glyph;
    /// - a full-bleed picture fills the safe zone's square and is carried past its edges to the full 108 dp layer, so
    ///   no mask, parallax or pulse shows an inset square or a seam.
    static func make(master: Image, placement: MaskPlacement, foreground: Image?, background: Image?, backgroundColor: RGBColor, monochrome: Image?,
                     parallelism: Parallelism = .serial) -> AdaptiveIcon {
        let size = PixelSize(width: canvas, height: canvas)
        let layer: Image
        if let foreground {
            layer = Resampler.resize(foreground, to: size, options: ResizeOptions(fit: .fit, outputFormat: .rgba16), parallelism: parallelism)
        } else {
            // The logo's safe circle: the 66 dp zone less a 2 dp margin.
            layer = placement.placed(side: canvas, square: safeZone, safeRadius: Double(canvas) * 31 / 108, fill: nil, parallelism: parallelism) { side in
                Resampler.resize(master, to: PixelSize(width: side, height: side), options: ResizeOptions(fit: .fill, outputFormat: .rgba16), parallelism: parallelism)
            }
        }
        let colour = backgroundColor
        let back = background.map { Resampler.resize($0, to: size, options: ResizeOptions(fit: .fill, outputFormat: .rgba16), parallelism: parallelism) }
        // The legacy and round icons and the monochrome layer depend only on the layer: made at once (the monochrome's
        // glyph separation was a fifth of an Android run, on one core).
        let legacyAndRound = Locked<(legacy: Image, round: Image)?>(nil), monochromeLayer = Locked<(image: Image, hasShape: Bool)?>(nil)
        parallelism.forEach(2) { part in
            if part == 0 {
                // Only the viewport is composited: the legacy icon is the central 72 dp.
                var composite = Canvas(width: viewport, height: viewport)
                let offset = (canvas - viewport) / 2
                if let back { composite.draw(back, x: -offset, y: -offset) } else {
                    composite.fill(.solid(colour))
                }
                composite.draw(layer, x: -offset, y: -offset)
                let legacy = composite.image(format: .rgba16, parallelism: parallelism)
                legacyAndRound.value = (legacy, legacy.masked(by: IconShape.circle(side: viewport)))
            } else {
                monochromeLayer.value = Self.monochrome(layer: layer, master: master, placement: placement, designed: monochrome,
                                                        foreground: foreground, parallelism: parallelism)
            }
        }
        let (legacy, round) = legacyAndRound.value!, (mono, hasShape) = monochromeLayer.value!
        return AdaptiveIcon(foreground: layer, background: back, backgroundColor: colour, monochrome: mono, legacy: legacy, round: round,
                            monochromeHasShape: hasShape)
    }

    /// Themed icons use only the monochrome layer's alpha, in white: a designed one; for a logo the foreground's
    /// coverage (its silhouette); for a full-bleed picture the glyph separated from its background (its coverage is a
    /// solid square, which a launcher shows as a blank tile). `hasShape` is false when no glyph could be separated.
    private static func monochrome(layer: Image, master: Image, placement: MaskPlacement, designed: Image?, foreground: Image?,
                                   parallelism: Parallelism) -> (image: Image, hasShape: Bool) {
        let size = PixelSize(width: canvas, height: canvas)
        let white = SIMD4<UInt16>(65535, 65535, 65535, 0)
        if let designed {
            return (Resampler.resize(designed, to: size, options: ResizeOptions(fit: .fit, outputFormat: .rgba16), parallelism: parallelism), true)
        }
        guard foreground == nil, placement.isFullBleed else { return (layer.coverage(color: white), true) }
        // Separated inside the safe zone only: what lies beyond it is the master's edge carried outwards.
        let inset = (canvas - safeZone) / 2
        guard let glyph = layer.cropped(x: inset, y: inset, size: PixelSize(width: safeZone, height: safeZone)).separatedGlyph(color: white) else {
            return (layer.coverage(color: white), !master.isOpaque)
        }
        // A glyph on transparency now: placed as a logo is, inside the safe circle, so that no launcher shape cuts what
        // reached the full-bleed picture's corners.
        let placed = MaskPlacement(glyph).placed(side: canvas, square: safeZone, safeRadius: Double(canvas) * 31 / 108, fill: nil,
                                                 parallelism: parallelism) { side in
            Resampler.resize(glyph, to: PixelSize(width: side, height: side), options: ResizeOptions(fit: .fill, outputFormat: .rgba16),
                             parallelism: parallelism)
        }
        return (placed, true)
    }

    /// The picture for an output's `android-layer`; nil for a colour background (a resource, never a picture: the
    /// plan leaves that output out).
    func image(for layer: AndroidLayer) -> Image? {
        switch layer {
        case .foreground: foreground
        case .background: background
        case .monochrome: monochrome
        case .round: round
        case .legacy, .play: legacy
        }
    }
}
