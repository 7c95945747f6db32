import Raster
import Testing

@Suite("Geometry")
struct GeometryTests {
    @Test("fill keeps the exact, fractional, centred source rectangle")
    func fillCentred() {
        let p = Placement(source: PixelSize(width: 2732, height: 2732), output: PixelSize(width: 2436, height: 1125), fit: .fill)
        #expect(p.sourceWidth == 2732 && abs(p.sourceHeight - 2732 * 1125 / 2436.0) < 1e-9)
        #expect(abs(p.sourceY + p.sourceHeight / 2 - 1366) < 1e-9) // centred to the sub-pixel
        #expect(p.sourceY != p.sourceY.rounded())                  // and not snapped to a whole pixel
        #expect(p.destinationWidth == 2436 && p.destinationHeight == 1125)
    }

    @Test("gravity moves the crop", arguments: Gravity.allCases)
    func gravity(gravity: Gravity) {
        let p = Placement(source: PixelSize(width: 200, height: 100), output: PixelSize(width: 50, height: 50), fit: .fill, gravity: gravity)
        #expect(p.sourceWidth == 100 && p.sourceHeight == 100)
        #expect(p.sourceX == 100 * gravity.fractions.x && p.sourceY == 0)
    }

    @Test("fit scales inside and centres the destination")
    func fit() {
        let p = Placement(source: PixelSize(width: 300, height: 100), output: PixelSize(width: 60, height: 60), fit: .fit)
        #expect(p.destinationWidth == 60 && p.destinationHeight == 20 && p.destinationX == 0 && p.destinationY == 20)
        #expect(p.sourceWidth == 300 && p.sourceHeight == 100)
    }

    @Test("stretch maps everything onto everything")
    func stretch() {
        let p = Placement(source: PixelSize(width: 30, height: 10), output: PixelSize(width: 7, height: 70), fit: .stretch)
        #expect(p == Placement(source: PixelSize(width: 30, height: 10), output: PixelSize(width: 7, height: 70), fit: .stretch, gravity: .bottomRight))
        #expect(p.sourceX == 0 && p.sourceWidth == 30 && p.destinationWidth == 7 && p.destinationHeight == 70)
    }
}
