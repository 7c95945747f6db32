import Raster
import TestSupport

/// Small synthetic images for the raster tests.
enum TestPatterns {
    static func random(width: Int, height: Int, format: Image.PixelFormat = .rgba8, opaque: Bool = false,
                       minimumAlpha: Int = 0, seed: UInt64) -> Image {
        var random = SeededRandom(seed: seed)
        var image = Image(width: width, height: height, format: format)
        let top = format.maxValue
        for y in 0..<height {
            for x in 0..<width {
                let alpha = opaque ? top : Int.random(in: minimumAlpha...top, using: &random)
                image.setPixel(x: x, y: y, SIMD4(UInt16(Int.random(in: 0...top, using: &random)),
                                                 UInt16(Int.random(in: 0...top, using: &random)),
                                                 UInt16(Int.random(in: 0...top, using: &random)), UInt16(alpha)))
            }
        }
        return image
    }

    /// Hard edges, a gradient and a translucent disc: what icons are made of.
    static func structured(width: Int, height: Int) -> Image {
        var image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let inDisc = (x - width / 2) * (x - width / 2) + (y - height / 2) * (y - height / 2) < width * height / 9
                let stripe = (x / 3) % 2 == 0
                let r = UInt16(x * 255 / max(1, width - 1))
                let g: UInt16 = stripe ? 240 : 10
                let b = UInt16(y * 255 / max(1, height - 1))
                image.setPixel(x: x, y: y, SIMD4(r, g, b, inDisc ? 140 : 255))
            }
        }
        return image
    }

    /// The largest per-channel difference between two images of one size and format.
    static func maximumDifference(_ a: Image, _ b: Image) -> Int {
        precondition(a.size == b.size && a.format == b.format)
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let d = SIMD4<Int32>(truncatingIfNeeded: a.pixel(x: x, y: y)) &- SIMD4<Int32>(truncatingIfNeeded: b.pixel(x: x, y: y))
                for c in 0..<4 { worst = max(worst, Int(abs(d[c]))) }
            }
        }
        return worst
    }
}
