import Foundation
import IconForgeKit
import TestSupport
import Testing

private let icons = Fixtures.testImages.appendingPathComponent("icon")

@Suite("IconComposerDocument")
struct IconComposerDocumentTests {
    private func layered() throws -> (bytes: [UInt8], document: IconComposerDocument) {
        let bytes = try Fixtures.bytes(at: icons.appendingPathComponent("Layered.icon/icon.json"))
        return (bytes, try IconComposerDocument.parse(bytes))
    }

    @Test("reads groups front to back, layers, fills, positions and specialisations")
    func model() throws {
        let document = try layered().document
        #expect(document.groups.count == 2)
        #expect(document.groups[0].name == "Front")
        let bar = document.groups[0].layers[0]
        #expect(bar.imageName.plain == "bar.svg")
        #expect(bar.opacity.value(for: .light) == 0.9)
        #expect(bar.opacity.value(for: .dark) == 1)
        #expect(bar.opacity.value(for: .tinted) == 0.9, "tinted falls back to the default entry")
        #expect(bar.position.value(for: .light)?.translation.y == 300)
        let disc = document.groups[1].layers[0]
        #expect(disc.imageName.plain == nil)
        #expect(disc.imageName.value(for: .dark) == "disc-dark.png")
        #expect(disc.imageName.value(for: .tinted) == "disc.png")
        #expect(disc.glass.plain == true)
        #expect(document.groups[1].position.plain?.scale == 2)
        #expect(document.groups[1].shadow.plain?.kind == "layer-color")
        #expect(document.groups[1].blurMaterial.plain == .null)
        guard case .linearGradient(let colours, _)? = document.fill.value(for: .light) else { Issue.record("no gradient"); return }
        #expect(colours.count == 2)
        #expect(document.fill.value(for: .dark) == .systemDark)
        #expect(document.other["color-space-for-untagged-svg-colors"] == .string("display-p3"))
    }

    @Test("an automatic gradient with an orientation beside it (as Icon Composer writes it) is read and kept")
    func automaticGradientOrientation() throws {
        let json = #"{"fill": {"automatic-gradient": "display-p3:0.07979,0.00000,0.45094,1.00000", "#
            + #""orientation": {"start": {"x": 0.5, "y": 0}, "stop": {"x": 0.5, "y": 0.7}}}, "groups": []}"#
        let document = try IconComposerDocument.parse(Array(json.utf8))
        guard case .automaticGradient(let colour, let other)? = document.fill.value(for: .light) else { Issue.record("no automatic gradient"); return }
        #expect(colour == "display-p3:0.07979,0.00000,0.45094,1.00000")
        #expect(other["orientation"]?.fields?["stop"]?.fields?["y"]?.double == 0.7)
        #expect(document.rendered.contains(#""orientation""#), "a rewritten file keeps it")
    }

    @Test("rewriting a file changes nothing: same bytes, unknown keys and null kept")
    func roundTrip() throws {
        let (bytes, document) = try layered()
        #expect(Array(document.rendered.utf8) == bytes)
    }

    @Test("Codable through its JSON form")
    func codable() throws {
        let document = try layered().document
        let data = try JSONEncoder().encode(document)
        #expect(try JSONDecoder().decode(IconComposerDocument.self, from: data) == document)
    }

    @Test("a plain value wins over specialisations, as actool resolves it")
    func plainWins() throws {
        let json = #"{"groups":[{"layers":[{"image-name":"a.png","image-name-specializations":[{"value":"b.png"},{"appearance":"dark","value":"c.png"}]}]}]}"#
        let document = try IconComposerDocument.parse(Array(json.utf8))
        #expect(document.groups[0].layers[0].imageName.value(for: .dark) == "a.png")
    }

    @Test("a wrong type names its place", arguments: [
        (#"{"groups":{}}"#, "groups must be an array"),
        (#"{"groups":[{"layers":[{"opacity":"half"}]}]}"#, "groups[0].layers[0].opacity must be a number"),
        (#"{"groups":[{"layers":[{"position":{"scale":-1}}]}]}"#, "groups[0].layers[0].position.scale must be a number between 0 and 100"),
        (#"{"fill":"purple"}"#, "fill 'purple' is not a fill"),
        (#"{"groups":[{"layers":[],"opacity-specializations":[{"appearance":"dark"}]}]}"#, "opacity-specializations[0] has no \"value\""),
        (#"[1]"#, "the document must be an object"),
    ])
    func wrongTypes(json: String, message: String) {
        #expect(throws: IconComposerError.self) { try IconComposerDocument.parse(Array(json.utf8)) }
        do { _ = try IconComposerDocument.parse(Array(json.utf8)) } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test("invalid JSON is a typed error")
    func invalidJSON() throws {
        let bytes = try Fixtures.bytes(at: icons.appendingPathComponent("InvalidJSON.icon/icon.json"))
        do { _ = try IconComposerDocument.parse(bytes); Issue.record("parsed") } catch {
            guard case .invalidJSON = error else { Issue.record("\(error)"); return }
        }
    }

    @Test("real-world icon.json files round-trip byte for byte (set ICONFORGE_REAL_WORLD to a folder of exported apps)")
    func realWorld() throws {
        guard let root = ProcessInfo.processInfo.environment["ICONFORGE_REAL_WORLD"] else { return }
        let enumerator = FileManager.default.enumerator(atPath: root)
        var count = 0
        while let item = enumerator?.nextObject() as? String {
            guard item.hasSuffix(".icon/icon.json") else { continue }
            let bytes = try Fixtures.bytes(at: URL(fileURLWithPath: root).appendingPathComponent(item))
            #expect(Array(try IconComposerDocument.parse(bytes).rendered.utf8) == bytes, "\(item)")
            count += 1
        }
        #expect(count > 0)
    }
}
