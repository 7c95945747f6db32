import Foundation
import IconForgeKit
import PNGCodec
import TestSupport

// What the Generator's tests (GeneratorTests, RendererTests, ShippedPresetTests) share.

/// Generates into a fresh folder and returns it.
func generate(_ source: String, presets: String, configure: (inout GenerateOptions) -> Void = { _ in },
                      folder: URL? = nil) throws -> (URL, GenerationReport) {
    // A plain folder: loose outputs (web clips, iPad Pro launch files) go inside it, as they would not in a catalog.
    let output = try folder ?? Fixtures.temporaryFolder().appendingPathComponent("Icons")
    var options = GenerateOptions(presets: try PresetCatalog.presets(presets))
    configure(&options)
    let report = try Generator(options: options).run(source: Fixtures.testImages.appendingPathComponent(source).path,
                                                     outputFolder: output.path)
    return (output, report)
}

func decode(_ url: URL) throws -> DecodedPNG { try PNG.decode(Fixtures.bytes(at: url)) }

/// Every regular file under `folder`, relative, sorted.
func listing(_ folder: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    var files: [String] = []
    while let item = enumerator?.nextObject() as? String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent(item).path, isDirectory: &isFolder), !isFolder.boolValue {
            files.append(item)
        }
    }
    return files.sorted()
}
