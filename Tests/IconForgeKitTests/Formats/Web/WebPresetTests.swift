import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

private let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

@Suite("web preset")
struct WebPresetTests {
    @Test("manifest icons 192 and 512, any and maskable (content inside the safe zone); favicon.ico of 16, 32, 48; touch icon opaque; link tags")
    func newManifest() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Generator(options: GenerateOptions(presets: [try PresetCatalog.preset("web")])).run(source: master, outputFolder: folder.path, parallelism: .serial)
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.webmanifest"))) as? [String: Any])
        let icons = try #require(manifest["icons"] as? [[String: String]])
        #expect(Set(icons.map { "\($0["sizes"]!) \($0["purpose"]!)" }) == ["192x192 any", "512x512 any", "192x192 maskable", "512x512 maskable"])
        let entries = try Ico.read(Fixtures.bytes(at: folder.appendingPathComponent("favicon.ico")))
        #expect(entries.map(\.size.width) == [48, 32, 16])
        let touch = try PNG.decode(Fixtures.bytes(at: folder.appendingPathComponent("apple-touch-icon.png")))
        #expect(touch.image.size == PixelSize(width: 180, height: 180) && touch.info.colorType == .rgb)
        // Maskable: the full-bleed master fills the central 80%; the outer 10% each side carries its edge pixels on (no seam).
        let maskable = try PNG.decode(Fixtures.bytes(at: folder.appendingPathComponent("icon-maskable-512.png"))).image.converted(to: .rgba8)
        #expect(maskable.pixel(x: 5, y: 5) == maskable.pixel(x: 51, y: 51) && maskable.pixel(x: 5, y: 300) == maskable.pixel(x: 51, y: 300))
        let html = try String(contentsOf: folder.appendingPathComponent("icons.html"), encoding: .utf8)
        #expect(html.contains("<link rel=\"manifest\" href=\"manifest.webmanifest\">") && html.contains("favicon-32x32.png"))
        let validation = try Validator().validate([folder.path], parallelism: .serial)
        #expect(validation.errors == 0 && validation.warnings == 0, "\(validation.files.filter { !$0.findings.isEmpty })")
    }

    @Test("into an existing manifest: every other key and icon kept; a rerun is byte-identical")
    func merge() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site")
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("web"), to: site)
        let generator = Generator(options: GenerateOptions(presets: [try PresetCatalog.preset("web")]))
        _ = try generator.run(source: master, outputFolder: site.path, parallelism: .serial)
        let first = try Fixtures.bytes(at: site.appendingPathComponent("manifest.webmanifest"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(first)) as? [String: Any])
        #expect(manifest["name"] as? String == "Fixture" && manifest["display"] as? String == "standalone")
        #expect((manifest["icons"] as? [[String: String]])?.contains { $0["src"] == "logo.svg" } == true)
        #expect((manifest["icons"] as? [Any])?.count == 5)
        _ = try generator.run(source: master, outputFolder: site.path, parallelism: .serial)
        #expect(try Fixtures.bytes(at: site.appendingPathComponent("manifest.webmanifest")) == first)
    }

    @Test("a Flutter web/ folder: every icon its manifest lists and its page links is rendered into its own file at its size, no icon of IconForge's names is added for those, the manifest and page stay byte for byte but for an 'any maskable' entry, drawn and said to be 'any'; remote icons are left alone")
    func listedIcons() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let web = folder.appendingPathComponent("web")
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("web-flutter"), to: web)
        let manifestBefore = try Fixtures.bytes(at: web.appendingPathComponent("manifest.json"))
        let generator = Generator(options: GenerateOptions(presets: [try PresetCatalog.preset("web")]))
        let report = try generator.run(source: master, outputFolder: web.path, parallelism: .serial)
        let expected = String(decoding: manifestBefore, as: UTF8.self).replacingOccurrences(of: "\"any maskable\"", with: "\"any\"")
        #expect(String(decoding: try Fixtures.bytes(at: web.appendingPathComponent("manifest.json")), as: UTF8.self) == expected, "only the purpose changed")
        #expect(FileManager.default.fileExists(atPath: web.appendingPathComponent("favicon-16x16.png").path), "a size the page does not link")
        for name in ["icon-192.png", "icon-512.png", "icon-maskable-192.png", "icon-maskable-512.png", "manifest.webmanifest",
                     "favicon-32x32.png", "apple-touch-icon.png"] {
            #expect(!FileManager.default.fileExists(atPath: web.appendingPathComponent(name).path), "\(name)")
        }
        let old = SIMD4<UInt16>(3, 3, 3, 255)
        // The manifest's icons, and the 32 px favicon.png the page links (its touch icon is the manifest's Icon-192).
        for (name, side) in [("icons/Icon-192", 192), ("icons/Icon-512", 512), ("icons/Icon-maskable-48", 48), ("icons/Icon-maskable-384", 384),
                             ("favicon", 32)] {
            let image = try PNG.decode(Fixtures.bytes(at: web.appendingPathComponent("\(name).png"))).image.converted(to: .rgba8)
            #expect(image.size == PixelSize(width: side, height: side) && image.pixel(x: side / 2, y: side / 2) != old, "\(name)")
        }
        // Maskable: the full-bleed master fills the central 80% and runs on past it (as the preset's own maskable icons).
        let maskable = try PNG.decode(Fixtures.bytes(at: web.appendingPathComponent("icons/Icon-maskable-384.png"))).image.converted(to: .rgba8)
        #expect(maskable.pixel(x: 3, y: 3) == maskable.pixel(x: 38, y: 38) && maskable.pixel(x: 3, y: 200) == maskable.pixel(x: 38, y: 200))
        // "any maskable" is drawn whole, as "any": the maskable icons the manifest lists serve the crop.
        let both = try PNG.decode(Fixtures.bytes(at: web.appendingPathComponent("icons/Icon-both-256.png"))).image.converted(to: .rgba8)
        #expect(both.size == PixelSize(width: 256, height: 256) && both.pixel(x: 128, y: 128) != old)
        #expect(report.files.filter { $0.path.hasPrefix("icons/") }.count == 10)
        let validation = try Validator().validate([web.path], parallelism: .serial)
        #expect(validation.errors == 0, "\(validation.files.filter { !$0.findings.isEmpty })")
        let stamp = try FileManager.default.attributesOfItem(atPath: web.appendingPathComponent("icons/Icon-192.png").path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.02)
        _ = try generator.run(source: master, outputFolder: web.path, parallelism: .serial)
        #expect(try FileManager.default.attributesOfItem(atPath: web.appendingPathComponent("icons/Icon-192.png").path)[.modificationDate] as? Date == stamp,
                "a rerun leaves the files alone")
    }

    @Test("validate: a manifest's missing icon, wrong size, missing 512 and no maskable icon")
    func validateManifest() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("app-icon-master.png"), to: folder.appendingPathComponent("a.png"))
        try FileIO.writeAtomically(try PNG.encode(Image(width: 96, height: 96, fill: SIMD4(9, 9, 9, 255))), to: folder.appendingPathComponent("small.png").path)
        let json = #"{"icons": [{"src": "a.png", "sizes": "192x192"}, {"src": "gone.png", "sizes": "192x192"}, {"src": "small.png", "sizes": "144x144"}]}"#
        try Data(json.utf8).write(to: folder.appendingPathComponent("manifest.json"))
        let found = try Validator().validate([folder.path], parallelism: .serial).files.flatMap(\.findings).filter { $0.rule == .webManifest }
        // Larger than stated (Hiddify's 1024 px icon.png says 512x512): Chrome scales it down and installs; smaller: an error.
        #expect(found.contains { $0.message.contains("a.png is 1024x1024 but says 192x192") && $0.severity == .warning })
        #expect(found.contains { $0.message.contains("small.png is 96x96 but says 144x144") && $0.severity == .error })
        #expect(found.contains { $0.message.contains("gone.png, which does not exist") })
        // A 192 "any" icon is one Chrome installs from: the missing 512 is what its documentation asks for, a warning.
        #expect(found.contains { $0.message.contains("no 512x512 icon") && $0.severity == .warning })
        #expect(found.contains { $0.message.contains("no maskable icon") && $0.severity == .warning })
    }
}
