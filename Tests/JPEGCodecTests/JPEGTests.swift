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

    @Test("the frame size from the markers alone: the decoder's size, from the file's first bytes too; nil before the frame")
    func frameSize() throws {
        for name in ["baseline", "progressive", "grey", "rotated-6", "adobe-rgb", "cmyk"] {
            let bytes = try Fixtures.bytes("sources/\(name).jpg")
            let info = try? JPEG.info(bytes, maxBytes: 1 << 28)
            // As stored: the EXIF-rotated one is 48x64 until turned upright.
            #expect(JPEG.frameSize(bytes) == (name == "rotated-6" ? PixelSize(width: 48, height: 64) : PixelSize(width: 64, height: 48)), "\(name)")
            if let info { #expect(JPEG.frameSize(bytes) == PixelSize(width: info.width, height: info.height), "\(name)") }
        }
        let baseline = try Fixtures.bytes("sources/baseline.jpg")
        // Up to the end of the frame header (marker, length, body) and no further: enough for a size.
        let frame = (2..<baseline.count - 1).first { baseline[$0] == 0xFF && baseline[$0 + 1] == 0xC0 }!
        let length = Int(baseline[frame + 2]) << 8 | Int(baseline[frame + 3])
        #expect(JPEG.frameSize(Array(baseline.prefix(frame + 2 + length))) == PixelSize(width: 64, height: 48))
        #expect(JPEG.frameSize(Array(baseline.prefix(frame))) == nil)
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
