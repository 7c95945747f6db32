import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("Conversion")
struct ConversionTests {
    @Test("half-transparent red over white becomes the sRGB-space mix, opaque RGB")
    func compositesOverBackground() throws {
        let folder = try Fixtures.temporaryFolder()
        let input = folder.appendingPathComponent("in.png").path
        let output = folder.appendingPathComponent("out.png").path
        let image = Image(width: 3, height: 2, format: .rgba8, fill: SIMD4(255, 0, 0, 128))
        try FileIO.writeAtomically(try PNG.encode(image), to: input)
        let outcome = try Conversion(background: .white).run(input: input, output: output)
        #expect(outcome.flattenedPixels == 6)
        let decoded = try PNG.decode(FileIO.read(output))
        #expect(decoded.info.colorType == .rgb)
        #expect(decoded.image.pixel(x: 2, y: 1) == SIMD4(255, 127, 127, 255))
    }

    @Test("every fixture converts to 8-bit non-interlaced output", arguments: Fixtures.decodeFixtureNames())
    func convertsEveryKind(name: String) throws {
        let folder = try Fixtures.temporaryFolder()
        let output = folder.appendingPathComponent("out.png").path
        let input = Fixtures.testImages.appendingPathComponent("fixtures/\(name).png").path
        _ = try Conversion().run(input: input, output: output)
        let info = try PNG.info(FileIO.read(output))
        #expect(info.bitDepth == 8 && info.colorType == .rgb && !info.isInterlaced)
    }
}

@Suite("Inspection")
struct InspectionTests {
    @Test("reports translucency and its first pixel")
    func translucency() throws {
        let path = Fixtures.testImages.appendingPathComponent("fixtures/rgba8-n.png").path
        let inspection = try Inspection.inspect(path)
        #expect(!inspection.isOpaque)
        #expect(inspection.firstTranslucentPixel?.x == 0 && inspection.firstTranslucentPixel?.y == 0)
        #expect(inspection.text.contains("13x11 RGBA 8-bit, non-interlaced"))
    }

    @Test("an RGBA file whose pixels are all opaque says it has an alpha channel")
    func opaqueAlpha() throws {
        let folder = try Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("a.png").path
        try FileIO.writeAtomically(try PNG.encode(Image(width: 2, height: 2, fill: SIMD4(1, 2, 3, 255))), to: path)
        #expect(try Inspection.inspect(path).text.hasSuffix("has an alpha channel but every pixel is opaque"))
    }
}
