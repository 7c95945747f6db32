import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// Windows tiles a web manifest lists (PWABuilder's windows11/ set): the masters' upscale rule for them.
@Suite("Web apps: Windows tiles in a manifest")
struct WebWindowsTileTests {
    let web = WebAppTests()

    @Test("PWABuilder's 1240 px windows11/LargeTile.scale-400.png in a manifest is made from a 1024 px master with a warning, as Windows' own 400% tiles are, not a refusal of every icon of the site")
    func pwaBuilderLargeTile() throws {
        let icons = [("windows11/LargeTile.scale-400.png", 1240), ("windows11/LargeTile.scale-200.png", 620), ("android/android-launchericon-512-512.png", 512)]
            .map { #"    {"src": "\#($0.0)", "sizes": "\#($0.1)x\#($0.1)", "type": "image/png"}"# }
        let folder = try web.site(["index.html": #"<html><head><link rel="manifest" href="manifest.json"></head></html>"#,
                                   "manifest.json": "{\n  \"name\": \"Notes\",\n  \"icons\": [\n" + icons.joined(separator: ",\n") + "\n  ]\n}\n"])
        try web.png(1240, "windows11/LargeTile.scale-400.png", in: folder)
        try web.png(620, "windows11/LargeTile.scale-200.png", in: folder)
        try web.png(512, "android/android-launchericon-512-512.png", in: folder)
        let report = try web.generate(into: folder)
        #expect(report.warnings.contains { $0.contains("LargeTile.scale-400.png") && $0.contains("Windows' 400% assets") }, "\(report.warnings)")
        #expect(try PNG.decode(Fixtures.bytes(at: folder.appendingPathComponent("windows11/LargeTile.scale-400.png"))).info.width == 1240)
        #expect(report.files.contains { $0.path.hasSuffix("android/android-launchericon-512-512.png") })
    }
}
