import Raster
import Testing

/// A `side`-square plane with a filled square from `from` to `to` (exclusive).
private func square(side: Int, from: Int, to: Int) -> [Float] {
    var plane = [Float](repeating: 0, count: side * side)
    for y in from..<to { for x in from..<to { plane[y * side + x] = 1 } }
    return plane
}

@Suite("GlassBlur")
struct GlassBlurTests {
    @Test("a blur keeps what it spreads when nothing reaches the border, and spreads it evenly")
    func keepsMass() {
        let plane = square(side: 64, from: 28, to: 36)
        let blurred = GlassBlur.blurred(plane, width: 64, height: 64, radius: 3)
        #expect(abs(blurred.reduce(0, +) - plane.reduce(0, +)) < 0.01)
        #expect(blurred[32 * 64 + 32] < 1 && blurred[32 * 64 + 32] > 0.5)
        #expect(abs(blurred[32 * 64 + 20] - blurred[32 * 64 + 43]) < 1e-4, "symmetric about the square's middle, 31.5")
        #expect(blurred[0] == 0)
    }

    @Test("radius 0 changes nothing; a sigma maps to the box radius whose passes match its variance")
    func radii() {
        let plane = square(side: 8, from: 2, to: 5)
        #expect(GlassBlur.blurred(plane, width: 8, height: 8, radius: 0) == plane)
        #expect(GlassBlur.radius(forSigma: 0) == 0)
        // Three boxes of radius 5: variance 3 × (11² − 1) / 12 = 30, sigma 5.48.
        #expect(GlassBlur.radius(forSigma: 5.48) == 5)
    }
}

@Suite("GlassRim")
struct GlassRimTests {
    @Test("lit from the top: the top rim brightest, the bottom rim dimmest, nothing deep inside or outside")
    func litFromTop() {
        let side = 64
        let light = GlassRim.light(alpha: square(side: side, from: 16, to: 48), width: side, height: side, reach: 6,
                                   lighting: .init(ambient: 0.2, vertical: 0.1, horizontal: 0.05))
        let (top, bottom) = (light[16 * side + 32], light[47 * side + 32])
        let (left, right) = (light[32 * side + 16], light[32 * side + 47])
        #expect(top > left && left > right && right > bottom && bottom > 0, "\(top) \(left) \(right) \(bottom)")
        #expect(abs(top - 0.3) < 0.05, "ambient plus vertical at the very edge: \(top)")
        #expect(light[32 * side + 32] == 0 && light[5 * side + 5] == 0)
        #expect(light[22 * side + 32] < top / 3, "fades inwards")
    }
}

extension GlassRimTests {
    @Test("with a peak the light is brightest inside the edge, not at it")
    func peakInside() {
        let side = 64
        let light = GlassRim.light(alpha: square(side: side, from: 16, to: 48), width: side, height: side, reach: 8,
                                   lighting: .init(ambient: 0.2, vertical: 0.1, horizontal: 0), peak: 3)
        let column = (16..<26).map { light[$0 * side + 32] }
        let brightest = column.indices.max { column[$0] < column[$1] }!
        #expect(brightest >= 2 && brightest <= 4, "brightest \(brightest) rows in: \(column)")
        #expect(column[0] < column[brightest] / 2)
    }

    @Test("a translucent shape is lit along its edge only, not all over")
    func translucentShape() {
        let side = 64
        let faint = square(side: side, from: 16, to: 48).map { $0 * 0.7 }
        let light = GlassRim.light(alpha: faint, width: side, height: side, reach: 6, lighting: .init(ambient: 0.2, vertical: 0.1, horizontal: 0))
        #expect(light[16 * side + 32] > 0.1)
        #expect(light[32 * side + 32] == 0 && light[26 * side + 32] == 0, "\(light[26 * side + 32])")
    }

    @Test("a shape that runs off the picture has no rim there when its edges continue")
    func edgesContinue() {
        let side = 32
        let full = [Float](repeating: 1, count: side * side)
        let lighting = GlassRim.Lighting(ambient: 0.2, vertical: 0.1, horizontal: 0.1)
        let cut = GlassRim.light(alpha: full, width: side, height: side, reach: 4, lighting: lighting)
        let continued = GlassRim.light(alpha: full, width: side, height: side, reach: 4, lighting: lighting, edgesContinue: true)
        #expect(cut[0 * side + 16] > 0.1, "the picture's edge is the shape's")
        #expect(continued.allSatisfy { $0 == 0 })
    }
}

@Suite("Canvas glass")
struct CanvasGlassTests {
    @Test("a shadow falls below the shape that casts it, offset and soft")
    func shadow() {
        var canvas = Canvas(width: 64, height: 64)
        canvas.fill(.solid(SIMD4<Float>(1, 1, 1, 1)))
        canvas.drawShadow(of: square(side: 64, from: 24, to: 40), offset: 4, radius: 2, opacity: 0.5)
        let image = canvas.image(format: .rgba8)
        #expect(image.pixel(x: 32, y: 42)[0] < image.pixel(x: 32, y: 22)[0])
        #expect(image.pixel(x: 32, y: 2)[0] == 255)
    }

    @Test("multiply darkens, screen lightens, both where the two overlap only")
    func blendModes() {
        var base = Canvas(width: 4, height: 1)
        base.fill(.solid(SIMD4<Float>(0.5, 0.5, 0.5, 1)))
        var layer = Canvas(width: 4, height: 1)
        layer.fill(.solid(SIMD4<Float>(0.5, 0.5, 0.5, 1)))
        var multiplied = base, screened = base
        multiplied.draw(layer, blend: .multiply)
        screened.draw(layer, blend: .screen)
        let (m, s) = (multiplied.image(format: .rgba8).pixel(x: 0, y: 0)[0], screened.image(format: .rgba8).pixel(x: 0, y: 0)[0])
        #expect(m < 128 && s > 128, "\(m) \(s)")
        #expect(BlendMode(rawValue: "plus-lighter") == .plusLighter && BlendMode(rawValue: "color-dodge") == .colorDodge)
        var empty = Canvas(width: 4, height: 1)
        empty.draw(layer, blend: .multiply)
        #expect(empty.image(format: .rgba8).pixel(x: 0, y: 0)[0] == 128, "over nothing a blend is source-over")
    }

    @Test("added light stays within coverage and brightens")
    func addLight() {
        var canvas = Canvas(width: 2, height: 1)
        canvas.fill(.solid(SIMD4<Float>(0.5, 0.5, 0.5, 1)))
        canvas.addLight([0.2, 5])
        let image = canvas.image(format: .rgba8)
        #expect(image.pixel(x: 0, y: 0)[0] > 128 && image.pixel(x: 1, y: 0)[0] == 255)
    }

    @Test("screened light moves each channel towards white in encoded values, by the share of the way left; coverage kept")
    func screenLight() {
        var canvas = Canvas(width: 2, height: 1)
        canvas.fill(.solid(SIMD4(0, 0.5, 1, 1)))
        canvas.screenLight([0.25, 0], gain: 2)
        let lit = canvas.image(format: .rgba16).pixel(x: 0, y: 0)
        let encoded = { (value: UInt16) in Double(value) / 65535 }
        // Half the way to white: black to 0.5, 0.5 to 0.75, white stays white.
        #expect(abs(encoded(lit[0]) - 0.5) < 0.002 && abs(encoded(lit[1]) - 0.75) < 0.002 && lit[2] == 65535 && lit[3] == 65535, "\(lit)")
        #expect(canvas.image(format: .rgba16).pixel(x: 1, y: 0)[0] == 0, "no light, no change")
    }

    @Test("translucency mixes towards what is behind in encoded values, pixel by pixel; over nothing it lowers coverage")
    func translucent() {
        var behind = Canvas(width: 2, height: 3)
        behind.fill(.solid(SIMD4<Float>(1, 1, 1, 1)))
        var layer = Canvas(width: 2, height: 3)
        layer.fill(.solid(SIMD4<Float>(0, 0, 0, 1)))
        var mixed = layer
        mixed.translucent(over: behind, amount: [0, 0, 0.5, 0.5, 1, 0.25])
        let image = mixed.image(format: .rgba8)
        #expect(image.pixel(x: 0, y: 0) == SIMD4(0, 0, 0, 255), "amount 0 keeps the layer")
        // Half-way in encoded values is sRGB 128; half-way in linear light would be 188.
        #expect(abs(Int(image.pixel(x: 1, y: 1)[0]) - 128) <= 1 && image.pixel(x: 1, y: 1)[3] == 255, "\(image.pixel(x: 1, y: 1))")
        #expect(image.pixel(x: 0, y: 2) == SIMD4(255, 255, 255, 255), "amount 1 is what is behind")
        #expect(abs(Int(image.pixel(x: 1, y: 2)[0]) - 64) <= 1, "each pixel its own amount: \(image.pixel(x: 1, y: 2))")
        var alone = layer
        alone.translucent(over: Canvas(width: 2, height: 3), amount: [Float](repeating: 0.5, count: 6))
        let over = alone.image(format: .rgba8).pixel(x: 0, y: 1)
        #expect(over[0] == 0 && abs(Int(over[3]) - 128) <= 1, "nothing behind: the colour kept, half the coverage: \(over)")
    }
}
