import Foundation
import IconForgeKit
import TestSupport
import Testing

private let realWorld = Fixtures.testImages.appendingPathComponent("real-world")

/// The shapes found in public repositories' `.icon` bundles and `.icns` files (made by Scripts/make-test-images.py,
/// never copied), each of which validate flagged though Xcode takes it.
@Suite("validate: real repositories' icon shapes")
struct RealWorldIconTests {
    @Test("a glyph layer at scale 1, Xcode 3's TemplateIcon.icns in a project, actool's AppIcon.icns for a .icon app: no finding")
    func clean() throws {
        let report = try Validator().validate([realWorld.path], parallelism: .serial)
        #expect(report.errors == 0 && report.warnings == 0, "\(report.files.flatMap(\.findings).map(\.line))")
        let paths = report.files.map { String($0.path.dropFirst(realWorld.path.count + 1)) }
        #expect(Set(paths).isSuperset(of: ["AppIcon.icns", "Project.xcodeproj/TemplateIcon.icns", "Glyph.icon/icon.json", "Glyph.icon/Assets/eyes.png"]),
                "\(paths)")
    }

    @Test("authoring into such a bundle keeps its 17-digit numbers as written")
    func numbersKept() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("AppIcon.icon")
        try FileManager.default.copyItem(at: realWorld.appendingPathComponent("Glyph.icon"), to: bundle)
        let before = try String(contentsOf: bundle.appendingPathComponent("icon.json"), encoding: .utf8)
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("icon-composer")))
            .run(source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path, outputFolder: folder.path, parallelism: .serial)
        let after = try String(contentsOf: bundle.appendingPathComponent("icon.json"), encoding: .utf8)
        #expect(after != before, "IconForge's layer was added")
        let untouched = before[before.range(of: "\"groups\" : [")!.upperBound..<before.range(of: "\"squares\"")!.lowerBound]
            .split(separator: "\n").dropLast(4) // the group, to its closing lines
        for line in untouched { #expect(after.contains(line), "\(line)") }
        #expect(after.contains("-73.88022554713393") && after.contains("12.000000000000002"))
    }
}
