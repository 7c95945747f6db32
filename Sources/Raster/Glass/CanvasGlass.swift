/// How a layer's colour combines with what is under it (the separable blend modes of Core Image and the
/// W3C compositing spec), computed in linear light as Core Image does.
package enum BlendMode: String, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten
    case colorDodge = "color-dodge", colorBurn = "color-burn", softLight = "soft-light", hardLight = "hard-light"
    case difference, exclusion
    case plusDarker = "plus-darker", plusLighter = "plus-lighter"

    /// B(backdrop, source) on unpremultiplied channels.
    @inline(__always)
    func mix(_ b: Float, _ s: Float) -> Float {
        switch self {
        case .normal: return s
        case .multiply: return b * s
        case .screen: return b + s - b * s
        case .overlay: return BlendMode.hardLight.mix(s, b)
        case .darken: return min(b, s)
        case .lighten: return max(b, s)
        case .colorDodge: return b <= 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s))
        case .colorBurn: return b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s)
        case .hardLight: return s <= 0.5 ? b * 2 * s : BlendMode.screen.mix(b, 2 * s - 1)
        case .softLight:
            if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return b + (2 * s - 1) * (d - b)
        case .difference: return abs(b - s)
        case .exclusion: return b + s - 2 * b * s
        case .plusDarker: return max(0, b + s - 1)
        case .plusLighter: return min(1, b + s)
        }
    }
}

extension Canvas {
    /// Each pixel's coverage (alpha), row by row.
    package var alpha: [Float] { pixels.map { $0[3] } }

    /// The canvas blurred (premultiplied, so colour does not bleed from transparent pixels).
    package func blurred(radius: Int) -> Canvas {
        var copy = self
        copy.pixels = GlassBlur.blurred(pixels, width: width, height: height, radius: radius)
        return copy
    }

    /// Adds light (linear, `color` times the plane's value, a value per pixel) to the colour, which stays
    /// within the pixel's coverage: glass brightens, it does not glow past its edge.
    package mutating func addLight(_ plane: [Float], color: SIMD3<Float> = SIMD3(repeating: 1)) {
        precondition(plane.count == pixels.count, "the plane must cover the canvas")
        let light = SIMD4<Float>(color, 0)
        plane.withUnsafeBufferPointer { plane in
            pixels.withUnsafeMutableBufferPointer { pixels in
                for index in 0..<pixels.count where plane[index] != 0 {
                    var pixel = pixels[index] + light * plane[index]
                    let cap = SIMD4<Float>(repeating: pixel[3])
                    pixel = pixel.replacing(with: cap, where: pixel .> cap)
                    pixels[index] = pixel
                }
            }
        }
    }

    /// Lights the colour by the plane as a screen of white in sRGB-encoded values: each channel moves `gain` × the
    /// plane's value of the way from its encoded value to white, coverage kept.
    package mutating func screenLight(_ plane: [Float], gain: Float) {
        precondition(plane.count == pixels.count, "the plane must cover the canvas")
        let encode = { (value: Float) in Float(TransferFunction.encode(Double(min(max(value, 0), 1)))) }
        let decode = { (value: Float) in Float(TransferFunction.decode(Double(min(max(value, 0), 1)))) }
        plane.withUnsafeBufferPointer { plane in
            pixels.withUnsafeMutableBufferPointer { pixels in
                for index in 0..<pixels.count where plane[index] != 0 && pixels[index][3] > 0 {
                    let pixel = pixels[index], alpha = pixel[3], share = min(1, max(0, gain * plane[index]))
                    var lit = SIMD4<Float>(0, 0, 0, alpha)
                    for channel in 0..<3 {
                        let encoded = encode(pixel[channel] / alpha)
                        lit[channel] = decode(1 - (1 - encoded) * (1 - share)) * alpha
                    }
                    pixels[index] = lit
                }
            }
        }
    }

    /// Darkens the colour by the plane (0 keeps it, 1 is black), coverage kept.
    package mutating func shade(_ plane: [Float]) {
        precondition(plane.count == pixels.count, "the plane must cover the canvas")
        plane.withUnsafeBufferPointer { plane in
            pixels.withUnsafeMutableBufferPointer { pixels in
                for index in 0..<pixels.count where plane[index] != 0 {
                    let keep = max(0, 1 - plane[index])
                    pixels[index] = pixels[index] * SIMD4(keep, keep, keep, 1)
                }
            }
        }
    }

    /// Multiplies every pixel (colour and coverage) by the plane's value: a mask, or a translucency.
    package mutating func multiply(by plane: [Float]) {
        precondition(plane.count == pixels.count, "the plane must cover the canvas")
        plane.withUnsafeBufferPointer { plane in
            pixels.withUnsafeMutableBufferPointer { pixels in
                for index in 0..<pixels.count { pixels[index] *= plane[index] }
            }
        }
    }

    /// Every pixel replaced by `transform` of its premultiplied linear value.
    package mutating func transform(_ transform: (SIMD4<Float>) -> SIMD4<Float>) {
        pixels.withUnsafeMutableBufferPointer { pixels in
            for index in 0..<pixels.count { pixels[index] = transform(pixels[index]) }
        }
    }

    /// Draws a shadow of the coverage `alpha` under what is to come: the coverage moved down `offset` pixels,
    /// blurred over `radius`, in `color` (linear, one colour or, with `colors`, the blurred colours of what
    /// casts it), at `opacity`.
    package mutating func drawShadow(of alpha: [Float], colors: [SIMD4<Float>]? = nil, color: SIMD3<Float> = .zero, offset: Int, radius: Int,
                                    opacity: Float) {
        precondition(alpha.count == pixels.count, "the coverage must cover the canvas")
        let (width, height) = (self.width, self.height)
        var moved = [Float](repeating: 0, count: alpha.count)
        var movedColors = colors.map { _ in [SIMD4<Float>](repeating: .zero, count: alpha.count) }
        for y in max(0, offset)..<min(height, height + offset) {
            let from = (y - offset) * width, to = y * width
            for x in 0..<width {
                moved[to + x] = alpha[from + x]
                if let colors { movedColors![to + x] = colors[from + x] }
            }
        }
        let shadow = GlassBlur.blurred(moved, width: width, height: height, radius: radius)
        let tints = movedColors.map { GlassBlur.blurred($0, width: width, height: height, radius: radius) }
        let opacity = min(max(opacity, 0), 1)
        for index in 0..<pixels.count where shadow[index] > 0 {
            let coverage = min(1, shadow[index]) * opacity
            var over = SIMD4<Float>(color, 1) * coverage
            if let tints {
                // The colour of what casts it, unpremultiplied, at the shadow's own coverage.
                let tint = tints[index], weight = max(tint[3], 1e-6)
                over = SIMD4<Float>(tint[0] / weight, tint[1] / weight, tint[2] / weight, 1) * coverage
            }
            pixels[index] = over + pixels[index] * (1 - over[3])
        }
    }

    /// Draws the shadow `caster` (a canvas of the same size) casts under what is to come: black, or with
    /// `inColor` the blurred colours of the caster itself.
    package mutating func drawShadow(castBy caster: Canvas, inColor: Bool, offset: Int, radius: Int, opacity: Float) {
        drawShadow(of: caster.alpha, colors: inColor ? caster.pixels : nil, offset: offset, radius: radius, opacity: opacity)
    }

    /// Draws another canvas of the same size over this one with a blend mode (W3C compositing: the blend
    /// applies where both have coverage, source-over elsewhere).
    package mutating func draw(_ other: Canvas, opacity: Float = 1, blend: BlendMode) {
        guard blend != .normal else { return draw(other, opacity: opacity) }
        precondition(other.width == width && other.height == height, "canvases differ in size")
        let opacity = min(max(opacity, 0), 1)
        other.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { canvas in
                for index in 0..<canvas.count {
                    let over = source[index] * opacity, under = canvas[index]
                    let (sa, ba) = (over[3], under[3])
                    guard sa > 0 else { continue }
                    guard ba > 0 else { canvas[index] = over + under * (1 - sa); continue }
                    var result = over * (1 - ba) + under * (1 - sa)
                    for channel in 0..<3 {
                        result[channel] += sa * ba * blend.mix(min(1, under[channel] / ba), min(1, over[channel] / sa))
                    }
                    result[3] = sa + ba * (1 - sa)
                    canvas[index] = result
                }
            }
        }
    }
}

extension Canvas {
    /// Makes this canvas (a group drawn on its own, premultiplied) translucent over `behind` (what the group
    /// will be drawn on): each pixel's colour moves towards the colour behind it by its `amount` (0 keeps it,
    /// 1 is what is behind), mixed in sRGB-encoded values, as Apple's translucent glass mixes (measured: in linear
    /// light the share of what is behind would differ between a black and a white layer; encoded, it does not).
    /// Where nothing is behind, the coverage drops by the amount instead.
    package mutating func translucent(over behind: Canvas, amount: [Float]) {
        precondition(behind.width == width && behind.height == height && amount.count == pixels.count, "sizes differ")
        TransferFunction.linearToSRGB.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            let encode = { (value: Float) in TransferFunction.encode(value, table: table) }
            behind.pixels.withUnsafeBufferPointer { under in
                amount.withUnsafeBufferPointer { amount in
                    pixels.withUnsafeMutableBufferPointer { pixels in
                        for index in 0..<pixels.count {
                            let over = pixels[index], coverage = over[3], share = min(max(amount[index], 0), 1)
                            guard coverage > 0, share > 0 else { continue }
                            let back = under[index], backCoverage = min(max(back[3], 0), 1)
                            let mix = share * backCoverage, kept = coverage * (1 - share * (1 - backCoverage))
                            var result = SIMD4<Float>(0, 0, 0, kept)
                            for channel in 0..<3 {
                                let own = encode(over[channel] / coverage)
                                let far = backCoverage > 0 ? encode(back[channel] / backCoverage) : own
                                result[channel] = Canvas.decodeEncoded(own + (far - own) * mix) * kept
                            }
                            pixels[index] = result
                        }
                    }
                }
            }
        }
    }

    /// sRGB-encoded 0…1 → linear light, interpolated in a table of 4096 steps (the curve is smooth: the error
    /// stays far below an 8-bit level).
    @inline(__always)
    static func decodeEncoded(_ value: Float) -> Float {
        let position = min(max(value, 0), 1) * Float(Canvas.decodeSteps)
        let index = min(Int(position), Canvas.decodeSteps - 1), fraction = position - Float(index)
        return Canvas.decodeTable[index] + (Canvas.decodeTable[index + 1] - Canvas.decodeTable[index]) * fraction
    }

    static let decodeSteps = 4096
    static let decodeTable: [Float] = (0...decodeSteps).map { Float(TransferFunction.decode(Double($0) / Double(decodeSteps))) }
}
