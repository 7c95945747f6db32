import IconForgeKit
import Raster
import TestSupport
import Testing

@Suite("FileKind")
struct FileKindTests {
    @Test("each format Xcode reads is recognised from its bytes, whatever the name says")
    func detect() throws {
        let real = "validation/RealWorld.xcassets/"
        #expect(FileKind.detect(try Fixtures.bytes(real + "Photo.imageset/photo.jpg")) == .jpeg)
        #expect(FileKind.detect(try Fixtures.bytes(real + "Vector.imageset/vector.pdf")) == .pdf)
        #expect(FileKind.detect(try Fixtures.bytes(real + "Logo.imageset/logo.svg")) == .svg)
        #expect(FileKind.detect(try Fixtures.bytes(real + "Picture.imageset/picture.heic")) == .heif)
        #expect(FileKind.detect(try Fixtures.bytes(real + "Sticker.imageset/sticker.png")) == .webp)
        #expect(FileKind.detect(try Fixtures.bytes("validation/clean/app-64.png")) == .png)
        #expect(FileKind.detect(Array("GIF89a\u{1}\0\u{1}\0".utf8)) == .gif)
        #expect(FileKind.detect([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]) == .tiff)
        #expect(FileKind.detect(Array("hello, world".utf8)) == nil)
        #expect(FileKind.detect([]) == nil)
        // Signatures FileSignature knows that are no image kind here.
        #expect(FileKind.detect(Array("BM6\0\0\0\0\0".utf8)) == nil)
        #expect(FileKind.detect([0, 0, 0, 0x18] + Array("ftypisom\0\0\0\0".utf8)) == nil)
        #expect(FileKind.detect(Array("<?xml version=\"1.0\"?><plist/>".utf8)) == nil)
        #expect(FileKind.detect(Array("icns\0\0\u{1}\0".utf8)) == .icns)
    }

    @Test("header sizes of JPEG and WebP; names claim kinds")
    func sizes() throws {
        let jpeg = try Fixtures.bytes("validation/RealWorld.xcassets/Photo.imageset/photo.jpg")
        #expect(FileKind.pixelSize(jpeg, kind: .jpeg) == PixelSize(width: 300, height: 200))
        let webp = try Fixtures.bytes("validation/RealWorld.xcassets/Sticker.imageset/sticker.png")
        #expect(FileKind.pixelSize(webp, kind: .webp) == PixelSize(width: 64, height: 64))
        #expect(FileKind.pixelSize(Array(jpeg.prefix(12)), kind: .jpeg) == nil)
        #expect(FileKind.claimed(by: "a.JPEG") == .jpeg && FileKind.claimed(by: "b.heic") == .heif && FileKind.claimed(by: "c.txt") == nil)
    }
}
