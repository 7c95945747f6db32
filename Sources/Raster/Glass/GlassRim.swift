/// Light along the inside of a shape's edge, as a sheet of glass catches it: strongest on the rim, fading
/// to nothing `reach` pixels in, and stronger where the rim faces the light (Liquid Glass is lit from above,
/// and from the left).
package enum GlassRim {
    /// How much light a rim catches by the way it faces: `ambient` everywhere, plus `vertical` on a rim facing
    /// up (minus on one facing down), plus `horizontal` on one facing left (minus facing right).
    package struct Lighting: Sendable, Equatable {
        package var ambient: Float
        package var vertical: Float
        package var horizontal: Float

        package init(ambient: Float, vertical: Float, horizontal: Float) {
            self.ambient = ambient
            self.vertical = vertical
            self.horizontal = horizontal
        }

        /// The light a rim whose outward normal is (x, y) (y down) catches.
        @inline(__always)
        func strength(normalX: Float, normalY: Float) -> Float {
            max(0, ambient - vertical * normalY - horizontal * normalX)
        }
    }

    /// The rim light of the shape whose coverage is `alpha` (0…1, row by row): per pixel, the light times the
    /// pixel's coverage, 0 away from the edge. `curve` shapes the fade: 0 linear, 1 quadratic (sharper at the edge).
    ///
    /// The distance to the edge and its direction come from the coverage box-blurred over `reach`: across a
    /// straight edge the blur rises linearly from ½ at the edge to 1 at `reach` inside, and its gradient points
    /// inwards. Corners read a little closer than they are, which brightens them, as a glass corner is.
    /// `peak` (pixels) moves the brightest line inside the edge: the light rises from the edge to it, then falls.
    /// With `edgesContinue` the shape runs on past the picture's edges, so a shape that reaches them has no rim there.
    package static func light(alpha: [Float], width: Int, height: Int, reach: Int, lighting: Lighting, curve: Float = 0, peak: Float = 0,
                              edgesContinue: Bool = false) -> [Float] {
        let reach = max(1, reach)
        // The shape is wherever there is coverage: blurred as it is, a layer drawn at 70% opacity read 70% everywhere,
        // as if its whole inside lay near its edge (EhViewer's dark picture came out lit all over).
        let shape = alpha.map { $0 > 1.0 / 255 ? Float(1) : 0 }
        let blurred = edgesContinue ? blurredPastEdges(shape, width: width, height: height, reach: reach)
            : GlassBlur.blurred(shape, width: width, height: height, radius: reach, passes: 1)
        var light = [Float](repeating: 0, count: alpha.count)
        let span = Float(2 * reach + 1), limit = Float(reach)
        // Beyond the picture: nothing, or the shape carried on.
        func outside(_ here: Float) -> Float { edgesContinue ? here : 0 }
        alpha.withUnsafeBufferPointer { alpha in
            blurred.withUnsafeBufferPointer { blurred in
                light.withUnsafeMutableBufferPointer { light in
                    for y in 0..<height {
                        for x in 0..<width {
                            let index = y &* width &+ x
                            let coverage = alpha[index], level = blurred[index]
                            guard coverage > 0, level < 0.999 else { continue }
                            let distance = max(0, (level - 0.5) * span)
                            guard distance < limit else { continue }
                            let beyond = outside(level)
                            let left = x > 0 ? blurred[index &- 1] : beyond, right = x + 1 < width ? blurred[index &+ 1] : beyond
                            let up = y > 0 ? blurred[index &- width] : beyond, down = y + 1 < height ? blurred[index &+ width] : beyond
                            // The blur grows inwards: the outward normal is minus its gradient.
                            let (gx, gy) = (left - right, up - down)
                            let length = (gx * gx + gy * gy).squareRoot()
                            let (nx, ny) = length > 1e-6 ? (gx / length, gy / length) : (0, 0)
                            // Rising from the edge to `peak`, then falling to nothing at `reach`.
                            let fade = distance < peak ? distance / peak : 1 - (distance - peak) / (limit - peak)
                            let shaped = fade * (1 - curve + curve * fade)
                            light[index] = lighting.strength(normalX: nx, normalY: ny) * shaped * coverage
                        }
                    }
                }
            }
        }
        return light
    }

    /// Blurred with the shape carried on past the picture's edges: a layer that runs off the canvas has no rim there.
    private static func blurredPastEdges(_ plane: [Float], width: Int, height: Int, reach: Int) -> [Float] {
        let margin = reach + 1, wide = width + 2 * margin, tall = height + 2 * margin
        var padded = [Float](repeating: 0, count: wide * tall)
        for y in 0..<tall {
            let sy = min(max(y - margin, 0), height - 1)
            for x in 0..<wide { padded[y * wide + x] = plane[sy * width + min(max(x - margin, 0), width - 1)] }
        }
        let blurred = GlassBlur.blurred(padded, width: wide, height: tall, radius: reach, passes: 1)
        var result = [Float](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { result[y * width + x] = blurred[(y + margin) * wide + x + margin] } }
        return result
    }
}
