import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// An `.iconset` folder (iconutil's input, as KeePassXC keeps share/macosx/keepassxc.iconset): each PNG at the size its
/// name gives.
@Suite("validate: an .iconset folder")
struct IconsetTests {
    @Test("each icon_NxN[@2x].png is held to the size its name gives (iconutil refuses the set otherwise); a Mac icon's transparency is fine; other names are the format's rules only")
    func sizes() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = folder.appendingPathComponent("app.iconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let square = { (side: Int) in try PNG.encode(Image(width: side, height: side, format: .rgba8, fill: SIMD4(40, 120, 200, 0))) }
        for (name, side) in [("icon_16x16.png", 16), ("icon_16x16@2x.png", 32), ("icon_512x512@2x.png", 1024), ("icon_32x32@2x.png", 32), ("preview.png", 20)] {
            try Data(try square(side)).write(to: set.appendingPathComponent(name))
        }
        let report = try Validator().validate([folder.path], parallelism: .serial)
        let lines = report.files.flatMap { file in file.findings.map { (file.path as NSString).lastPathComponent + ": " + $0.message } }
        #expect(lines == ["icon_32x32@2x.png: icon_32x32@2x.png is 32x32 but should be 64x64 (32x32 pt @2x in an .iconset)"], "\(lines)")
        #expect(report.errors == 1)
    }
}
