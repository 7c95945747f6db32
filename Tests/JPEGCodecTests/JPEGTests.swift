import JPEGCodec
import Raster
import TestSupport
import Testing

@Suite("JPEG")
struct JPEGTests {
    @Test("the header: size, colour space, progressive, orientation and profile, without decoding")
    func info() throws {
        let baseline = try JPEG.info(Fixtures.bytes("sources/baseline.jpg"), maxBytes: 1 << 28)
        #expect(baseline.width == 64 && baseline.height == 48 && !baseline.isProgressive && baseline.colorSpace == "YCbCr" && baseline.iccProfile == nil)
        #expect(try JPEG.info(Fixtures.bytes("sources/progressive.jpg"), maxBytes: 1 << 28).isProgressive)
        #expect(try JPEG.info(Fixtures.bytes("sources/grey.jpg"), maxBytes: 1 << 28).colorSpace == "greyscale")
        let rotated = try JPEG.info(Fixtures.bytes("sources/rotated-6.jpg"), maxBytes: 1 << 28)
        #expect(rotated.orientation == .right && rotated.uprightSize == PixelSize(width: 64, height: 48))
        #expect(try JPEG.info(Fixtures.bytes("sources/adobe-rgb.jpg"), maxBytes: 1 << 28).iccProfile?.count ?? 0 > 128)
    }

    @Test("the memory limit is checked from the header; CMYK and truncated files are refused")
    func refusals() throws {
        #expect(throws: JPEGError.self) { try JPEG.info(Fixtures.bytes("sources/baseline.jpg"), maxBytes: 64 * 48 * 4 - 1) }
        #expect(throws: JPEGError.self) { try JPEG.decode(Fixtures.bytes("sources/cmyk.jpg"), maxBytes: 1 << 28) }
        #expect(throws: JPEGError.self) { try JPEG.decode(Fixtures.bytes("sources/truncated.jpg"), maxBytes: 1 << 28) }
        #expect(throws: JPEGError.self) { try JPEG.decode(Array("not a jpeg".utf8), maxBytes: 1 << 28) }
        #expect(throws: JPEGError.self) { try JPEG.decode([], maxBytes: 1 << 28) }
    }

    @Test("every EXIF orientation turns an image upright")
    func orientations() {
        // A 3x2 image with a distinct value at each pixel; turned, its top-left must hold the right one.
        var image = Image(width: 3, height: 2, format: .rgba8)
        for y in 0..<2 { for x in 0..<3 { image.setPixel(x: x, y: y, SIMD4(UInt16(y * 3 + x), 0, 0, 255)) } }
        let expectedTopLeft: [Orientation: UInt16] = [.up: 0, .upMirrored: 2, .down: 5, .downMirrored: 3, .leftMirrored: 0,
                                                      .right: 3, .rightMirrored: 5, .left: 2]
        for (orientation, value) in expectedTopLeft {
            let turned = image.oriented(orientation)
            #expect(turned.size == (orientation.swapsSides ? PixelSize(width: 2, height: 3) : PixelSize(width: 3, height: 2)))
            #expect(turned.pixel(x: 0, y: 0)[0] == value, "\(orientation)")
        }
    }
}
