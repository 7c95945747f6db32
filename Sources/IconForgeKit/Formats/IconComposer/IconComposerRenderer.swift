import Foundation
import PNGCodec
import Raster

/// Draws an Icon Composer icon as Apple's Liquid Glass renderer does, on the CPU and in linear light: the
/// canvas fill, then each group back to front — its layers (fills, opacities, blend modes), its shadow on
/// what is behind, its translucency and blur material (the frosting that lets what is behind show through),
/// the specular light along the rim of its glass and the bevel's shade under it — then the icon's own rim
/// light and its mask. Appearances follow Icon Composer:
/// dark derives what the bundle does not specialise (the system's dark background), tinted draws each
/// layer by its luminance over a dark background and colours the result with the tint.
///
/// The effect constants are measured on Icon Composer's exports (Docs/liquid-glass.md); Apple publishes none.
package enum IconComposerRenderer {
    /// The shape the icon is drawn in.
    package enum Platform: String, Sendable, CaseIterable {
        /// The continuous-corner square filling the canvas (iOS, iPadOS; also what Icon Composer exports).
        case iOS = "ios"
        /// The macOS icon: the square on Apple's grid (824 of 1024) over its drop shadow.
        case macOS = "macos"
        /// A circle filling the canvas.
        case watchOS = "watchos"
    }

    /// What a drawn icon is, said once per run.
    package static let approximation = "Liquid Glass effects (specular rim, shadow, translucency, blur material) are IconForge's "
        + "approximation of Apple's renderer, measured against Icon Composer's exports (Docs/liquid-glass.md)"

    /// What to draw.
    package struct Options: Sendable {
        package var appearance: Appearance = .light
        /// The side in pixels (1024 is one pixel per point).
        package var pixels = 1024
        package var platform: Platform = .iOS
        /// False draws the full-bleed square without the icon's mask and rim: the master of icons the
        /// system masks itself (asset catalogs, Android, web).
        package var masked = true
        /// Tinted only: false leaves the tinted icon greyscale (the convention of Xcode's tinted slot).
        package var colorsTint = true

        package init(appearance: Appearance = .light, pixels: Int = 1024, platform: Platform = .iOS, masked: Bool = true) {
            self.appearance = appearance
            self.pixels = pixels
            self.platform = platform
            self.masked = masked
        }
    }

    /// Draws `bundle`; bad layers and colours are errors naming the file.
    package static func render(_ bundle: IconComposerBundle, options: Options, limits: PNGLimits) throws(IconForgeError) -> Image {
        if let refusal = limits.refusal(width: options.pixels, height: options.pixels) {
            throw .overLimit(path: bundle.path, .drawing(refusal: refusal))
        }
        if options.platform == .macOS {
            var square = options
            (square.platform, square.masked) = (.iOS, false)
            let art = try render(bundle, options: square, limits: limits)
            return art.macOSIconShape(side: options.pixels)
        }
        var scene = Scene(bundle: bundle, options: options, limits: limits)
        var canvas = try scene.draw()
        if options.masked {
            let side = options.pixels
            let mask = options.platform == .watchOS ? IconShape.circle(side: side) : IconShape.continuousCorners(side: side)
            // The icon's own rim: Apple lights the inside of the mask's edge, most on top, least at the bottom.
            let rim = GlassRim.light(alpha: mask, width: side, height: side, reach: Look.scaled(Look.iconRimReach, side), lighting: Look.iconRim,
                                     curve: Look.iconRimCurve)
            canvas.screenLight(rim, gain: Look.iconRimScreen)
            canvas.multiply(by: mask)
        }
        return canvas.image(format: .rgba16)
    }

    /// The measured constants of Apple's rendering, in points of the 1024 pt canvas and linear light.
    enum Look {
        static let iconRimReach: Double = 22.0
        /// Lit from the top left at 45°: in 21 exports the top and left rims catch the same light, and so do the right and
        /// bottom ones. How much differs between exports in three levels that nothing in the bundles tells apart (top
        /// and left at the edge 32%, 47% or 46% of the way to white, right and bottom 18%, 29% or 11%, screened in
        /// encoded values): the middle is drawn. From the top, slightly from the left as before (top 42%, left 37%,
        /// right 18%, bottom 12%): light +0.1 dB on the tuning set, +0.1 on the thirteen held out, +0.2 on the fourth
        /// set; tinted +0.2 to +0.3.
        static let iconRim = GlassRim.Lighting(ambient: 0.195, vertical: 0.061, horizontal: 0.061)
        static let iconRimCurve: Float = 0.35
        /// How the rim's light falls on the colour under it: a screen of white in sRGB-encoded values, each channel moving
        /// `iconRimScreen` × the rim's strength of its way to white (measured: 39% on top of Tankodex's black and of
        /// Synesthia's violet). Added in linear light, as before, a black icon's rim came out nearly twice as bright as
        /// in Tankodex's export, and every colour's rim paled further than Apple's: light 25.9 → 26.6 dB on the tuning
        /// set, dark 26.0 → 26.7, tinted 25.8 → 27.5.
        static let iconRimScreen: Float = 1.6
        /// The system's dark background, sRGB, top to bottom (every dark export without a dark fill shows it).
        static let darkBackground: [SIMD4<Float>] = [SIMD4(49, 49, 48, 255) / 255, SIMD4(20, 20, 19, 255) / 255]
        /// The tinted background before the tint's gain, sRGB-encoded greys, top to bottom: after it, the luminance
        /// of Icon Composer's tinted background.
        static let tintedBackground: [SIMD4<Float>] = [SIMD4(0.285, 0.285, 0.285, 1), SIMD4(0.16, 0.16, 0.16, 1)]
        /// Icon Composer's preview tint, sRGB: the colour of its tinted exports.
        static let tint = SIMD3<Float>(0.47, 0.27, 1.0)
        /// The share of its luminance artwork keeps in tinted: Icon Composer's tinted exports draw white at about 8%.
        static let tintGain: Float = 0.08
        /// Whether a layer that does not say is glass, and a group that does not say lit as one piece.
        static let glassByDefault = true
        static let combinedByDefault = true
        /// Specular light along a group's rim: a band just inside the edge, brightest `specularPeak` points in and gone
        /// by `specularReach`, screened towards white in sRGB-encoded values as the icon's rim is. Lit from the top
        /// left: PodStash's glass rings catch 45–50% of the way to white on their top and left edges, 8–11% on their
        /// right and bottom ones, brightest 6 pt inside (drawn faintly at the edge itself, 0.04 added in linear light,
        /// their rings came out flat: 25.3 dB, now 26.1; the thirteen held out 26.4 → 26.7).
        static let specularReach: Double = 14.0
        static let specularPeak: Double = 6.0
        static let specular = GlassRim.Lighting(ambient: 0.275, vertical: 0.175, horizontal: 0.175)
        /// The bevel's shade along the lower rim of glass.
        static let bevelReach: Double = 14.0
        static let bevel = GlassRim.Lighting(ambient: 0.0, vertical: -0.02, horizontal: 0)
        /// Where a gradient without an orientation stops (Icon Composer's default orientation, 0 → 0.7).
        static let defaultGradientStop: Double = 0.7
        /// Where the canvas fill's linear gradient lies: Icon Composer draws its orientation's y (0 top … 1 bottom)
        /// lower and longer than the canvas (measured on a magenta-to-navy fill from 0 to 0.7: the first colour holds
        /// to 12% of the height, the last is reached at 92%; Milo's sky from 1 to 0.3, read as 0 to 0.7, starts at 10% and
        /// ends at 90%). Layer fills are unchanged.
        static let canvasGradientOffset: Double = 0.1
        static let canvasGradientStretch: Double = 1.15
        /// A group's shadow: offset down and blur (sigma), in points, and the share of its opacity drawn.
        static let shadowOffset: Double = 6.0
        static let shadowSigma: Double = 14.0
        static let shadowStrength: Float = 0.35
        /// Translucency: the share of what is behind that shows through a group at `value` 0.5 (Icon Composer's
        /// default; other values scale it), mixed in sRGB-encoded values, by the height `s` within the group's
        /// own extent (0 at its top row, 1 at its bottom). Glass is nearly opaque on top and clears towards the
        /// bottom (measured on opaque glass layers over a plain fill: 2% of the fill near the top, 35% near the
        /// bottom, the same for black, red and white pixels): `glassClearing` × s^`glassCurve`. Other layers are
        /// clearer and nearly even (`plainClearing` + `plainSlope` × s). A uniform share in linear light, as
        /// drawn before, made dark glass over a light fill far too light on top.
        static let glassClearing: Float = 0.42
        static let glassCurve: Float = 1.6
        /// Glass clears by height only where it is deep: thin strokes and the rims of holes clear as plain layers do,
        /// the share moving from the plain one to the glass one with the group's coverage blurred by this sigma
        /// (points). Multiclockbar's dial is dark in its middle and clear around its holes; Cinema Times' film strip
        /// of thin strokes clears evenly. Glass by height alone cost them 1.4 and 2.8 dB; blended: −0.6 and −1.7,
        /// and Opentranscribe gained 2.2 (sigma 16 to 48 and the blend squared or cubed move each mean by ±0.2).
        static let glassBody: Double = 16.0
        static let plainClearing: Float = 0.25
        static let plainSlope: Float = 0.1
        /// The blur (sigma, points) of `blur-material` 1.
        static let blurMaterial: Double = 40.0

        static func scaled(_ points: Double, _ side: Int) -> Int { max(1, Int((points * Double(side) / 1024).rounded())) }
    }

    /// One drawing of the icon: the bundle, what to draw, the layer files read once.
    private struct Scene {
        let bundle: IconComposerBundle
        let options: Options
        var sources: IconComposerFlattener.Layers

        init(bundle: IconComposerBundle, options: Options, limits: PNGLimits) {
            self.bundle = bundle
            self.options = options
            sources = IconComposerFlattener.Layers(bundle: bundle, limits: limits)
        }

        var side: Int { options.pixels }
        var appearance: Appearance { options.appearance }

        mutating func draw() throws(IconForgeError) -> Canvas {
            var canvas = Canvas(width: side, height: side)
            canvas.fill(try background())
            let document = bundle.document
            // Groups and layers are listed front to back.
            for group in document.groups.reversed() where group.hidden.value(for: appearance) != true {
                try draw(group, onto: &canvas)
            }
            if options.appearance == .tinted, options.colorsTint { colourTint(&canvas) }
            return canvas
        }

        /// The canvas fill for the appearance. Dark and tinted replace a fill the bundle does not specialise
        /// for them by the system's own background, as Icon Composer does.
        func background() throws(IconForgeError) -> Canvas.Paint {
            let document = bundle.document
            switch options.appearance {
            case .tinted: return .gradient(Look.tintedBackground)
            case .dark where !document.fill.specializes(appearance): return .gradient(Look.darkBackground)
            default:
                let fill = document.fill.value(for: appearance) ?? .automatic
                return try paint(for: fill, canvas: true) ?? .solid(SIMD4<Float>(0, 0, 0, 0))
            }
        }

        /// The paint of a fill, following Icon Composer's automatic gradient (the colour lightened towards the
        /// top when it is dark enough to, darkened towards the bottom when it is light).
        func paint(for fill: IconComposerFill, canvas: Bool) throws(IconForgeError) -> Canvas.Paint? {
            switch fill {
            case .automaticGradient(let text, _):
                let base: IconComposerColor
                do { base = try IconComposerColor(parsing: text) } catch { throw .iconComposer(path: bundle.path, error) }
                return Scene.automaticGradient(base.encodedSRGB)
            case .automatic where canvas && appearance != .light:
                return .gradient(Look.darkBackground)
            case .systemDark:
                return .gradient(Look.darkBackground)
            case .linearGradient(let texts, let other) where texts.count == 2:
                guard let paint = try IconComposerFlattener.paint(for: fill, appearance: appearance, canvas: canvas, bundle: bundle) else { return nil }
                // The orientation's start and stop, where Icon Composer wrote them (y down, 0…1). Without one, its
                // default, 0 → 0.7: ParkingRights' canvas has none and its export runs blue to near black by nine
                // tenths of the height, as Lyria's written 0 → 0.7 does (read as 0 → 1, 21.3 dB).
                let orientation = other["orientation"]?.fields
                var start = orientation?["start"]?.fields?["y"]?.double ?? 0, stop = orientation?["stop"]?.fields?["y"]?.double ?? Look.defaultGradientStop
                let (startX, stopX) = (orientation?["start"]?.fields?["x"]?.double ?? 0.5, orientation?["stop"]?.fields?["x"]?.double ?? 0.5)
                if !canvas, startX != stopX {
                    // A slanted layer fill runs along its orientation across the layer, as written (Teamplay's strokes,
                    // purple at the top left to cyan at the bottom right from (0, 0) to (1, 1)): a point's place is
                    // its projection on the line from start to stop, 0 at the start and 1 at the stop.
                    let (dx, dy) = (stopX - startX, stop - start), length = dx * dx + dy * dy
                    let axis = SIMD2(dx / length, dy / length), origin = startX * axis.x + start * axis.y
                    var slanted = Canvas.Paint(stops: [(origin, paint.stops.first!.color), (origin + 1, paint.stops.last!.color)])
                    slanted.axis = axis
                    return slanted
                }
                guard start != stop else { return paint }
                if canvas, start > stop {
                    // The canvas's gradient runs down from its first colour however the orientation is written:
                    // Icon Composer writes its default both as 0 → 0.7 (Lyria, OpenTranscribe, Michina) and as
                    // 1 → 0.3 (Milo, Teamplay), and exports both with the first colour on top. Read as written,
                    // Milo's light-to-deep blue sky came out upside down (13.7 dB).
                    (start, stop) = (1 - start, 1 - stop)
                }
                if canvas {
                    (start, stop) = (Look.canvasGradientOffset + Look.canvasGradientStretch * start,
                                     Look.canvasGradientOffset + Look.canvasGradientStretch * stop)
                }
                return Canvas.Paint(stops: [(start, paint.stops.first!.color), (stop, paint.stops.last!.color)].sorted { $0.0 < $1.0 })
            default:
                return try IconComposerFlattener.paint(for: fill, appearance: appearance, canvas: canvas, bundle: bundle)
            }
        }

        /// Apple's automatic dark icon: where neither the canvas nor a white-filled layer says otherwise, the
        /// background goes dark and the layer takes the background's colour (a white glyph on blue becomes a
        /// blue glyph on the dark background).
        func derivedDarkPaint(for layer: IconComposerLayer) throws(IconForgeError) -> Canvas.Paint? {
            let document = bundle.document
            guard options.appearance == .dark, !document.fill.specializes(.dark), !layer.fill.specializes(.dark),
                  let fill = layer.fill.value(for: .dark), let colour = fill.colours.first, fill.colours.count == 1 else { return nil }
            let parsed: IconComposerColor
            do { parsed = try IconComposerColor(parsing: colour) } catch { throw .iconComposer(path: bundle.path, error) }
            let linear = parsed.linearSRGB
            guard 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2] > 0.7,
                  let canvasFill = document.fill.value(for: .light) else { return nil }
            switch canvasFill {
            case .automaticGradient, .solid, .linearGradient: return try paint(for: canvasFill, canvas: false)
            default: return nil
            }
        }

        static func automaticGradient(_ base: SIMD4<Float>) -> Canvas.Paint {
            let luminance = 0.2126 * decode(base[0]) + 0.7152 * decode(base[1]) + 0.0722 * decode(base[2])
            // Measured: a blue of luminance 0.23 gains 27% of white at the top and keeps its colour below 70%;
            // a yellow of 0.64 keeps its colour at the top and loses 7% at the bottom.
            let lighten = max(0, min(0.3, 0.27 * (0.64 - luminance) / 0.41))
            let darken = max(0, min(0.1, 0.07 * (luminance - 0.23) / 0.41))
            let stops: [(Double, SIMD4<Float>)] = stride(from: 0.0, through: 1.0, by: 0.125).map { position in
                let t = Float(position)
                var colour = base + (SIMD4(1, 1, 1, base[3]) - base) * (lighten * max(0, 1 - t / 0.7))
                colour = colour * SIMD4(1 - darken * t, 1 - darken * t, 1 - darken * t, 1)
                return (position, colour)
            }
            return Canvas.Paint(stops: stops)
        }

        /// sRGB-encoded to linear light.
        static func decode(_ value: Float) -> Float {
            let value = Double(min(max(value, 0), 1))
            return Float(value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4))
        }

        mutating func draw(_ group: IconComposerGroup, onto canvas: inout Canvas) throws(IconForgeError) {
            let perPoint = Double(side) / IconComposerDocument.canvasPoints
            let lighting = group.lighting.value(for: appearance) ?? (Look.combinedByDefault ? "combined" : "individual")
            let specular = group.specular.value(for: appearance) ?? true
            var own = Canvas(width: side, height: side)
            var anyGlass = false, glassTurnedOff = true
            for layer in group.layers.reversed() where layer.hidden.value(for: appearance) != true {
                guard let placed = try IconComposerFlattener.place(layer, of: group, appearance: appearance, side: side, sources: &sources) else { continue }
                var paint: Canvas.Paint?
                if let fill = layer.fill.value(for: appearance) { paint = try self.paint(for: fill, canvas: false) }
                if let swapped = try derivedDarkPaint(for: layer) { paint = swapped }
                var drawn = Canvas(width: side, height: side)
                drawn.draw(placed.image, x: placed.x, y: placed.y, opacity: Float(layer.opacity.value(for: appearance) ?? 1), paint: paint)
                if options.appearance == .tinted { drawn.transform(Scene.luminance) }
                let glass = layer.glass.value(for: appearance) ?? Look.glassByDefault
                anyGlass = anyGlass || glass
                glassTurnedOff = glassTurnedOff && layer.glass.value(for: appearance) == false
                if specular, glass, lighting == "individual" { light(&drawn) }
                let blend = BlendMode(rawValue: layer.blendMode.value(for: appearance) ?? "normal") ?? .normal
                own.draw(drawn, blend: blend)
            }
            if specular, anyGlass, lighting != "individual" { light(&own) }
            let coverage = own.alpha
            // A group whose every layer has its glass turned off is not glass at all, and nothing shows through it: EhViewer's
            // full-bleed teal picture keeps its colour in Icon Composer's export (drawn 25% clear it came out pale, 14.7
            // dB), and so does Teddy's waveform. Layers that leave `glass` out are glass.
            let translucency = glassTurnedOff ? 0 : group.translucency.value(for: appearance).flatMap { $0.enabled ? Float(min(max($0.value, 0), 1)) : nil } ?? 0
            let material = group.blurMaterial.value(for: appearance)?.double ?? 0
            // What a translucent group shows through: the canvas under it before its own shadow, blurred by its
            // blur material as frosted glass shows it.
            let materialRadius = GlassBlur.radius(forSigma: Look.blurMaterial * material * perPoint)
            let behind = translucency > 0 ? (material > 0 ? canvas.blurred(radius: materialRadius) : canvas) : nil
            if let shadow = group.shadow.value(for: appearance), shadow.kind != "none", shadow.opacity > 0 {
                canvas.drawShadow(castBy: own, inColor: shadow.kind == "layer-color", offset: Look.scaled(Look.shadowOffset, side),
                                  radius: GlassBlur.radius(forSigma: Look.shadowSigma * perPoint), opacity: Float(shadow.opacity) * Look.shadowStrength)
            }
            if material > 0 {
                // Frosted glass: what is behind the group shows through blurred.
                var under = canvas.blurred(radius: materialRadius)
                under.multiply(by: coverage)
                canvas.draw(under)
            }
            if let behind {
                own.translucent(over: behind, amount: Scene.translucency(translucency, glass: anyGlass, coverage: coverage, side: side))
            }
            let blend = BlendMode(rawValue: group.blendMode.value(for: appearance) ?? "normal") ?? .normal
            canvas.draw(own, opacity: Float(group.opacity.value(for: appearance) ?? 1), blend: blend)
        }

        /// The share of what is behind that shows through each pixel of a translucent group (see `Look.glassClearing`),
        /// by the row's height within the rows the group covers (more than half covered somewhere) and, for glass, by
        /// how deep inside the glass the pixel lies (`Look.glassBody`).
        static func translucency(_ value: Float, glass: Bool, coverage: [Float], side: Int) -> [Float] {
            var (top, bottom) = (side, -1)
            for y in 0..<side where coverage[y * side..<(y + 1) * side].contains(where: { $0 > 0.5 }) {
                top = min(top, y)
                bottom = y
            }
            guard bottom >= top else { return [Float](repeating: 0, count: side * side) }
            let scale = value / 0.5, extent = Float(max(1, bottom - top))
            let thickness = glass ? GlassBlur.blurred(coverage, width: side, height: side,
                                                      radius: GlassBlur.radius(forSigma: Look.glassBody * Double(side) / 1024)) : []
            var shares = [Float](repeating: 0, count: side * side)
            for y in 0..<side {
                let height = min(max(Float(y - top) / extent, 0), 1)
                let plain = Look.plainClearing + Look.plainSlope * height
                let glassy = Look.glassClearing * pow(height, Look.glassCurve)
                for x in 0..<side {
                    let t = glass ? min(max(thickness[y * side + x], 0), 1) : 0
                    shares[y * side + x] = min(1, (plain + (glassy - plain) * t) * scale)
                }
            }
            return shares
        }

        /// The specular highlight along the rim (lit from the top left) and the bevel's shade along the bottom.
        func light(_ canvas: inout Canvas) {
            let coverage = canvas.alpha
            // A layer that runs off the canvas has no rim there (MediaFlow's full-bleed glass logo: its edge is the icon's,
            // which the icon's own rim lights).
            let highlight = GlassRim.light(alpha: coverage, width: side, height: side, reach: Look.scaled(Look.specularReach, side), lighting: Look.specular,
                                           peak: Float(Look.specularPeak * Double(side) / IconComposerDocument.canvasPoints), edgesContinue: true)
            let shade = GlassRim.light(alpha: coverage, width: side, height: side, reach: Look.scaled(Look.bevelReach, side), lighting: Look.bevel,
                                       edgesContinue: true)
            canvas.shade(shade)
            canvas.screenLight(highlight, gain: 1)
        }

        /// A pixel's luminance as a grey, coverage kept (premultiplied linear in and out).
        static func luminance(_ pixel: SIMD4<Float>) -> SIMD4<Float> {
            let grey = 0.2126 * pixel[0] + 0.7152 * pixel[1] + 0.0722 * pixel[2]
            return SIMD4(grey, grey, grey, pixel[3])
        }

        /// Colours the greyscale tinted icon with the tint, in linear light: black stays black, white becomes
        /// the tint at full strength.
        func colourTint(_ canvas: inout Canvas) {
            let tint = SIMD4<Float>(Scene.decode(Look.tint.x), Scene.decode(Look.tint.y), Scene.decode(Look.tint.z), 1)
            let scale = 1 / (0.2126 * tint[0] + 0.7152 * tint[1] + 0.0722 * tint[2])
            canvas.transform { pixel in
                // Keep the grey's luminance: the tint carries hue, the grey carries lightness.
                var tinted = SIMD4<Float>(pixel[0], pixel[0], pixel[0], 0) * tint * (scale * Look.tintGain)
                tinted = tinted.replacing(with: SIMD4(repeating: pixel[3]), where: tinted .> SIMD4(repeating: pixel[3]))
                tinted[3] = pixel[3]
                return tinted
            }
        }
    }
}

extension Specialized {
    /// True when the property names a value of its own for `appearance` (light: a plain value or an entry
    /// without, or with the `light`, appearance), on every idiom.
    package func specializes(_ appearance: Appearance) -> Bool {
        if appearance == .light { return plain != nil || (entries ?? []).contains { $0.idiom == nil && Appearance.isDefault($0.appearance) } }
        guard let key = appearance.specializationKey else { return false }
        return (entries ?? []).contains { $0.idiom == nil && $0.appearance == key }
    }
}

extension IconComposerRenderer {
    /// What `iconforge render` did.
    package struct Outcome: Sendable {
        /// Bytes of the PNG written.
        package var bytesWritten: Int
        /// Notes about the file written (a backup kept).
        package var notes: [String]
    }

    /// Reads the bundle at `input`, draws it and writes an 8-bit RGBA PNG to `output` (atomically; the
    /// bundle is never written).
    package static func write(input: String, output: String, options: Options, limits: PNGLimits) throws(IconForgeError) -> Outcome {
        guard IconComposerBundle.isBundle(input) else {
            throw .iconComposer(path: input, .notABundle)
        }
        let image = try render(try IconComposerBundle.read(input), options: options, limits: limits)
        let encoded: [UInt8]
        do { encoded = try PNG.encode(image, options: PNGEncodeOptions(colorType: .rgba)) } catch { throw .encode(path: output, error) }
        let notes = try OwnedFile.write(encoded, to: output, inputs: [input])
        return Outcome(bytesWritten: encoded.count, notes: notes)
    }
}
