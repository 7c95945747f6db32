import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

let previewMaster = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

/// A previewer with the given presets (none: the default set for masters).
func previewer(_ presets: String? = nil) throws -> Previewer {
    Previewer(options: GenerateOptions(presets: try presets.map(PresetCatalog.presets) ?? []))
}

/// Generates the sample master with `presets` into a new temporary folder.
func generatedFolder(_ presets: String, configure: (inout GenerateOptions) -> Void = { _ in }) throws -> URL {
    let folder = try Fixtures.temporaryFolder()
    var options = GenerateOptions(presets: try PresetCatalog.presets(presets))
    options.allowUpscale = true
    configure(&options)
    _ = try Generator(options: options).run(source: previewMaster, outputFolder: folder.path, parallelism: .serial)
    return folder
}

@Suite("Previewer")
struct PreviewerTests {
    @Test("a master is generated (default presets) into a temporary folder that is removed; the sheet is an opaque RGB PNG 1200 px wide")
    func master() throws {
        let out = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let scratch = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var previewer = try previewer()
        previewer.temporaryFolder = scratch.path
        let path = out.appendingPathComponent("nested/preview.png").path
        let report = try previewer.write(sources: [previewMaster], to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty, "the temporary outputs are removed")
        let png = try PNG.decode(Fixtures.bytes(at: URL(fileURLWithPath: path)))
        #expect(png.info.colorType == .rgb && png.image.width == 1200 && png.image.size == report.pixels)
        #expect(report.files > 40 && report.errors == 0)
        let sheet = try previewer.render(sources: [previewMaster])
        let sections = Set(sheet.tiles.map(\.section))
        #expect(sections.isSuperset(of: ["iOS home screen", "Small sizes", "macOS"]))
        #expect(sections.contains { $0.hasPrefix("Android launcher") })
        // What generating a master warned about is on the sheet, naming the master, not the temporary folder: a flat
        // square has no glyph to make a themed icon of.
        let flat = out.appendingPathComponent("flat.png").path
        try FileIO.writeAtomically(try PNG.encode(Image(width: 1024, height: 1024, format: .rgba8, fill: SIMD4(40, 90, 200, 255))), to: flat)
        let flatSheet = try previewer.render(sources: [flat])
        #expect(flatSheet.findings.contains { $0.hasPrefix("flat.png: ") && $0.contains("monochrome") }, "\(flatSheet.findings)")
        #expect(!flatSheet.findings.contains { $0.contains(scratch.path) })
        #expect(flatSheet.warnings >= 1)
    }

    @Test("a rerun that draws the same sheet leaves the file alone, time included; an earlier sheet in the folder is not counted as a file")
    func rerun() throws {
        let folder = try generatedFolder("ios")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = Previewer.sheetPath(forOutputFolder: folder.path)
        #expect(path == folder.appendingPathComponent("iconforge-preview.png").path)
        let first = try previewer().write(sources: [folder.path], to: path)
        let stamp = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.02)
        let second = try previewer().write(sources: [folder.path], to: path)
        #expect(first.files == second.files && first.files == 15)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == stamp)
    }

    @Test("outside a project, generate's sheet goes beside a catalog or an Android res/ folder, inside any other output folder")
    func sheetPath() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func sheet(_ output: String) -> String {
            String(Previewer.sheetPath(forOutputFolder: folder.appendingPathComponent(output).path).dropFirst(folder.path.count + 1))
        }
        #expect(sheet("App/Assets.xcassets") == "App/iconforge-preview.png")
        #expect(sheet("app/src/main/res") == "app/src/main/iconforge-preview.png")
        #expect(sheet("build/icons") == "build/icons/iconforge-preview.png")
    }

    @Test("in a project (.git or iconforge.yml above), generate's sheet goes to the project's .iconforge/, named for the output folder")
    func sheetPathInProject() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("jobs: []\n".utf8).write(to: folder.appendingPathComponent("iconforge.yml"))
        let root = folder.appendingPathComponent(".iconforge")
        #expect(Previewer.sheetPath(forOutputFolder: folder.appendingPathComponent("ios/Runner/Assets.xcassets").path)
                == root.appendingPathComponent("iconforge-preview-ios-Runner-Assets.xcassets.png").path)
        #expect(Previewer.sheetPath(forOutputFolder: folder.path) == root.appendingPathComponent("iconforge-preview.png").path)
    }

    @Test("generate's sheet goes beside a website's folder (one with a manifest), which a deployment would publish")
    func sheetPathForWebsite() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let web = folder.appendingPathComponent("web")
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("web-flutter"), to: web)
        #expect(Previewer.sheetPath(forOutputFolder: web.path) == folder.appendingPathComponent("iconforge-preview.png").path)
    }

    @Test("nothing to preview, a missing path and a broken master are one error each, naming the path; nothing is written")
    func refusals() throws {
        let empty = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        try Data("notes".utf8).write(to: empty.appendingPathComponent("notes.txt"))
        let out = empty.appendingPathComponent("preview.png").path
        for (source, words) in [(empty.path, "nothing to preview"), (empty.appendingPathComponent("gone.png").path, "no such file"),
                                (Fixtures.testImages.appendingPathComponent("sources/malformed.svg").path, "malformed.svg")] {
            #expect {
                _ = try previewer().write(sources: [source], to: out)
            } throws: { error in
                "\(error)".contains(words) && "\(error)".contains((source as NSString).lastPathComponent)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("several sources: each one's sections carry its name, and the counts add up")
    func severalSources() throws {
        let ios = try generatedFolder("ios")
        let web = try generatedFolder("web")
        defer { for folder in [ios, web] { try? FileManager.default.removeItem(at: folder) } }
        let sheet = try previewer().render(sources: [ios.path, web.path])
        #expect(sheet.tiles.contains { $0.section == ios.lastPathComponent + " — iOS home screen" })
        #expect(sheet.tiles.contains { $0.section == web.lastPathComponent + " — Web" })
        let alone = try previewer().render(sources: [ios.path])
        #expect(sheet.files > alone.files && alone.files == 15)
    }
}
