import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("Resizing")
struct ResizingTests {
    @Test("a 16-bit source is resized at 16 bits and rounded once")
    func sixteenBitSource() throws {
        let folder = try Fixtures.temporaryFolder()
        let output = folder.appendingPathComponent("o.png").path
        let input = Fixtures.testImages.appendingPathComponent("fixtures/rgb16-n.png").path
        let outcome = try Resizing(size: PixelSize(width: 13, height: 11)).run(input: input, output: output, parallelism: .serial)
        #expect(outcome.sourceFormat == .rgba16 && outcome.flattenedPixels == 0)
        let source = try PNG.decode(FileIO.read(input)).image.converted(to: .rgba8)
        #expect(try PNG.decode(FileIO.read(output)).image == source) // same size: exact after rounding once
    }

    @Test("the parallel and serial paths write identical files")
    func parallelMatchesSerial() throws {
        let folder = try Fixtures.temporaryFolder()
        let input = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let resizing = Resizing(size: PixelSize(width: 87, height: 87))
        _ = try resizing.run(input: input, output: folder.appendingPathComponent("a.png").path, parallelism: .serial)
        _ = try resizing.run(input: input, output: folder.appendingPathComponent("b.png").path, parallelism: .allCores)
        #expect(try FileIO.read(folder.appendingPathComponent("a.png").path) == FileIO.read(folder.appendingPathComponent("b.png").path))
    }
}
