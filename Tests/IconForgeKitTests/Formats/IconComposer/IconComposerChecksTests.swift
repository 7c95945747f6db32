import Foundation
import IconForgeKit
import Raster
import TestSupport
import Testing

private let icons = Fixtures.testImages.appendingPathComponent("icon")

@Suite("validate: Icon Composer bundles")
struct IconComposerChecksTests {
    private func findings(_ name: String) throws -> [Finding] {
        try Validator().validate([icons.appendingPathComponent(name).path], parallelism: .serial).files.flatMap(\.findings)
    }

    @Test("a bundle using every feature is clean, and its files are reported as checked")
    func clean() throws {
        let report = try Validator().validate([icons.appendingPathComponent("Layered.icon").path], parallelism: .serial)
        #expect(report.errors == 0 && report.warnings == 0, "\(report.files)")
        #expect(report.files.count == 4, "icon.json and three assets")
        #expect(report.notes.isEmpty)
    }

    @Test("each hand-broken copy gives its rule", arguments: [
        ("MissingAsset.icon", ValidationRule.missingFile, Severity.error),
        ("FiveGroups.icon", .iconGroups, .error),
        ("InvalidJSON.icon", .iconDocument, .error),
        ("BadColour.icon", .iconColor, .error),
        ("TextLayer.icon", .svgText, .warning),
    ])
    func broken(name: String, rule: ValidationRule, severity: Severity) throws {
        let found = try findings(name)
        #expect(found.contains { $0.rule == rule && $0.severity == severity }, "\(found.map(\.line))")
    }

    @Test("bad colours: one finding per colour, naming the place")
    func colours() throws {
        let found = try findings("BadColour.icon").filter { $0.rule == .iconColor }
        #expect(found.count == 2)
        #expect(found[0].message.contains("fill-specializations[0].value.linear-gradient[0]"))
    }

    /// A copy of Layered.icon with `edit` applied to its JSON text.
    private func edited(_ edit: (String) -> String) throws -> (URL, URL) {
        let folder = try Fixtures.temporaryFolder()
        let bundle = folder.appendingPathComponent("Edited.icon")
        try FileManager.default.copyItem(at: icons.appendingPathComponent("Layered.icon"), to: bundle)
        let text = try String(contentsOf: bundle.appendingPathComponent("icon.json"), encoding: .utf8)
        try Data(edit(text).utf8).write(to: bundle.appendingPathComponent("icon.json"))
        return (folder, bundle)
    }

    @Test("warnings: an unknown appearance, an unknown platform, both image-name forms, a bitmap layer enlarged 3x")
    func warnings() throws {
        let (folder, bundle) = try edited {
            $0.replacingOccurrences(of: "\"appearance\" : \"dark\",\n              \"value\" : \"disc-dark.png\"",
                                    with: "\"appearance\" : \"night\",\n              \"value\" : \"disc-dark.png\"")
              .replacingOccurrences(of: "\"squares\" : \"shared\"", with: "\"squares\" : [\"iOS\", \"Android\"]")
              .replacingOccurrences(of: "\"image-name\" : \"bar.svg\"", with: "\"image-name\" : \"bar.svg\", \"image-name-specializations\" : [{\"value\" : \"bar.svg\"}]")
              .replacingOccurrences(of: "\"scale\" : 0.5", with: "\"scale\" : 1.5") // in a group at scale 2
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = try Fixtures.bytes("validation/defects/not-square.png")
        try Data(small).write(to: bundle.appendingPathComponent("Assets/disc.png"))
        let found = try Validator().validate([bundle.path], parallelism: .serial).files.flatMap(\.findings)
        let rules = found.map(\.rule)
        #expect(found.allSatisfy { $0.severity == .warning }, "\(found.map(\.line))")
        #expect(rules.contains(.iconSpecialization))
        #expect(found.contains { $0.rule == .iconPlatform && $0.message.contains("'Android'") })
        #expect(found.contains { $0.rule == .iconSpecialization && $0.message.contains("both image-name") })
        #expect(found.contains { $0.rule == .iconLayer && $0.message.contains("64x40 px drawn at scale 3") })
    }

    @Test("a small, non-square bitmap layer drawn at scale 1 is a glyph (853x275 eyes in a real bundle): no finding")
    func glyphAtScaleOne() throws {
        let (folder, bundle) = try edited { $0 } // disc.png: scale 0.5 in a group at scale 2
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(try Fixtures.bytes("validation/defects/not-square.png")).write(to: bundle.appendingPathComponent("Assets/disc.png"))
        let found = try Validator().validate([bundle.path], parallelism: .serial).files.flatMap(\.findings)
        #expect(found.isEmpty, "\(found.map(\.line))")
    }

    @Test("a JPEG layer is drawn, as Icon Composer draws it: a flat one enlarged 3x is no finding, a detailed one is soft")
    func jpegLayer() throws {
        for (jpeg, soft) in [("flat-black.jpg", false), ("baseline.jpg", true)] {
            let (folder, bundle) = try edited {
                $0.replacingOccurrences(of: "\"value\" : \"disc.png\"", with: "\"value\" : \"\(jpeg)\"")
                  .replacingOccurrences(of: "\"scale\" : 0.5", with: "\"scale\" : 1.5") // in a group at scale 2
            }
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.removeItem(at: bundle.appendingPathComponent("Assets/disc.png"))
            try Data(try Fixtures.bytes("sources/\(jpeg)")).write(to: bundle.appendingPathComponent("Assets/\(jpeg)"))
            let found = try Validator().validate([bundle.path], parallelism: .serial).files.flatMap(\.findings)
            #expect(!found.contains { $0.severity == .error }, "\(found.map(\.line))")
            #expect(found.contains { $0.rule == .iconLayer && $0.message.contains("\(jpeg) is") } == soft, "\(found.map(\.line))")
            let image = try IconComposerRenderer.render(try IconComposerBundle.read(bundle.path), options: .init(pixels: 64), limits: .default)
            #expect(image.size == PixelSize(width: 64, height: 64))
        }
    }

    @Test("a bundle found inside a folder is checked; a layer that is not an image is an error")
    func insideFolder() throws {
        let (folder, bundle) = try edited { $0 }
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not an image".utf8).write(to: bundle.appendingPathComponent("Assets/disc.png"))
        let report = try Validator().validate([folder.path], parallelism: .serial)
        #expect(report.files.contains { $0.path.hasSuffix("Edited.icon/Assets/disc.png") && $0.findings.contains { $0.rule == .decode && $0.severity == .error } })
    }
}
