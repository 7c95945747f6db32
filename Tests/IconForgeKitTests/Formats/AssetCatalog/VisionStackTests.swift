import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("Generator: visionOS")
struct VisionStackTests {
    @Test("visionos writes the stack, its three layers and their image sets as Xcode lays them out; front from --layer, back the master (opaque)")
    func stack() throws {
        var options = GenerateOptions(presets: [try PresetCatalog.preset("visionos")])
        options.visionLayerPaths = ["front": Fixtures.testImages.appendingPathComponent("glyph-master.png").path]
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Generator(options: options).run(source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path,
                                                outputFolder: folder.path, parallelism: .serial)
        let expected = Fixtures.testImages.appendingPathComponent("expected-catalogs/visionos")
        let files = FileManager.default.enumerator(atPath: expected.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix("Contents.json") }
        #expect(files.count == 7)
        for file in files {
            #expect(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                    == String(contentsOf: expected.appendingPathComponent(file), encoding: .utf8), "\(file)")
        }
        let stack = folder.appendingPathComponent("AppIcon.solidimagestack")
        let back = try PNG.decode(Fixtures.bytes(at: stack.appendingPathComponent("Back.solidimagestacklayer/Content.imageset/Back.png")))
        #expect(back.info.colorType == .rgb && back.image.size == PixelSize(width: 1024, height: 1024))
        let front = try PNG.decode(Fixtures.bytes(at: stack.appendingPathComponent("Front.solidimagestacklayer/Content.imageset/Front.png")))
        #expect(front.info.colorType == .rgba && !front.image.isOpaque)
        let validation = try Validator().validate([folder.path], parallelism: .serial)
        #expect(validation.errors == 0 && validation.warnings == 0, "an empty middle layer is no finding: \(validation.files)")
        // A rerun with another back layer keeps the stack's Contents.json and updates only the back image.
        options.visionLayerPaths["back"] = Fixtures.testImages.appendingPathComponent("glyph-master.png").path
        _ = try Generator(options: options).run(source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path,
                                                outputFolder: folder.path, parallelism: .serial)
        let again = try PNG.decode(Fixtures.bytes(at: stack.appendingPathComponent("Back.solidimagestacklayer/Content.imageset/Back.png")))
        #expect(again.image != back.image && again.info.colorType == .rgb)
    }

}
