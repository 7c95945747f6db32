import Foundation
import Raster
import Testing

@Suite("IconShape")
struct IconShapesTests {
    @Test("coverage areas match the closed forms: a circle π/4, a superellipse of exponent 5 Γ(1.2)²/Γ(1.4)")
    func areas() {
        let side = 256
        let circle = IconShape.circle(side: side).reduce(0, +) / Float(side * side)
        #expect(abs(Double(circle) - Double.pi / 4) < 0.002)
        let squircle = IconShape.superellipse(side: side).reduce(0, +) / Float(side * side)
        let expected = pow(tgamma(1.2), 2) / tgamma(1.4)
        #expect(abs(Double(squircle) - expected) < 0.003, "\(squircle) vs \(expected)")
    }

    @Test("the mask is symmetric and fully opaque at the centre, empty at the corners")
    func symmetry() {
        let side = 65
        let mask = IconShape.superellipse(side: side)
        for y in 0..<side { for x in 0..<side { #expect(mask[y * side + x] == mask[(side - 1 - y) * side + (side - 1 - x)]) } }
        #expect(mask[32 * side + 32] == 1 && mask[0] == 0)
    }

    @Test("the macOS shape: the artwork inside 824/1024 with transparent corners, a shadow below, nothing far above")
    func macOS() {
        let master = Image(width: 256, height: 256, format: .rgba8, fill: SIMD4(200, 40, 40, 255))
        let shaped = master.macOSIconShape().converted(to: .rgba8)
        #expect(shaped.size == master.size)
        #expect(shaped.pixel(x: 128, y: 128) == SIMD4(200, 40, 40, 255))
        #expect(shaped.pixel(x: 0, y: 0)[3] == 0)
        #expect(shaped.pixel(x: 27, y: 27)[3] < 255, "the continuous corner is cut away")
        let margin = (256 - 206) / 2
        #expect(shaped.pixel(x: 128, y: margin + 1)[3] == 255, "the artwork reaches the grid's edge")
        #expect(shaped.pixel(x: 128, y: 256 - margin + 2)[3] > 0, "the shadow shows below")
        #expect(shaped.pixel(x: 128, y: 2)[3] == 0, "and not above")
        #expect(!master.macOSIconShape().hasOpaqueCorners && master.hasOpaqueCorners)
    }
}

@Suite("IconShape.LauncherShape: Android 16's icon shapes")
struct LauncherShapeTests {
    @Test("each shape fills its square as it should: symmetric, centre covered, areas in order, the arch flat below and round above")
    func shapes() {
        let side = 200
        func area(_ mask: [Float]) -> Double { Double(mask.reduce(0, +)) / Double(side * side) }
        var areas: [IconShape.LauncherShape: Double] = [:]
        for shape in IconShape.LauncherShape.allCases {
            let mask = shape.mask(side: side)
            areas[shape] = area(mask)
            #expect(mask[100 * side + 100] == 1, "\(shape): the centre")
            for y in stride(from: 0, to: side, by: 7) { for x in stride(from: 0, to: side / 2, by: 7) {
                #expect(abs(mask[y * side + x] - mask[y * side + side - 1 - x]) < 0.01, "\(shape): symmetric at \(x),\(y)")
            } }
        }
        #expect(abs(areas[.circle]! - .pi / 4) < 0.005)
        #expect(areas[.cookie]! < areas[.circle]! && areas[.cookie]! > 0.7)
        #expect(areas[.circle]! < areas[.roundedSquare]! && areas[.roundedSquare]! < areas[.square]! && areas[.square]! < 1)
        #expect(areas[.circle]! < areas[.arch]! && areas[.arch]! < areas[.square]!)
        let arch = IconShape.LauncherShape.arch.mask(side: side)
        #expect(arch[2 * side + 2] == 0 && arch[(side - 12) * side + 12] == 1, "round above, square below")
    }
}

@Suite("IconShape.continuousCorners")
struct ContinuousCornersTests {
    @Test("Icon Composer's mask at 1024: the top row opaque from about 316 px, the diagonal from about 77 px")
    func matchesIconComposer() {
        let side = 1024
        let mask = IconShape.continuousCorners(side: side)
        let firstOnTop = (0..<side).first { mask[$0] > 0.5 }!
        #expect(abs(firstOnTop - 316) <= 8, "\(firstOnTop)")
        let firstOnDiagonal = (0..<side).first { mask[$0 * side + $0] > 0.5 }!
        #expect(abs(firstOnDiagonal - 77) <= 2, "\(firstOnDiagonal)")
        #expect(mask[512 * side] == 1 && mask[512 * side + 512] == 1 && mask[0] == 0)
    }
}
