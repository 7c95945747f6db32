import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

private let sources = Fixtures.testImages.appendingPathComponent("sources")
private let icons = Fixtures.testImages.appendingPathComponent("icon")

@Suite("generate --preset icon-composer")
struct IconComposerWriterTests {
    private func generator(_ configure: (inout GenerateOptions) -> Void = { _ in }) throws -> Generator {
        var options = GenerateOptions(presets: try PresetCatalog.presets("icon-composer"))
        configure(&options)
        return Generator(options: options)
    }

    private func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test("an SVG master is copied as a vector layer scaled to the canvas; --background is the fill; --dark a specialisation; formatted as Icon Composer writes it")
    func svgMaster() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = sources.appendingPathComponent("icon.svg").path
        let report = try generator {
            $0.iconBackground = RGBColor(hex: "#1E88E5")
            $0.darkSourcePath = svg
        }.run(source: svg, outputFolder: folder.path, parallelism: .serial)
        let bundle = folder.appendingPathComponent("AppIcon.icon")
        #expect(report.files.map(\.path) == ["AppIcon.icon/Assets/icon.svg", "AppIcon.icon/Assets/icon-dark.svg", "AppIcon.icon/icon.json"])
        #expect(try Fixtures.bytes(at: bundle.appendingPathComponent("Assets/icon.svg")) == Fixtures.bytes(at: URL(fileURLWithPath: svg)))
        let expected = """
            {
              "fill" : {
                "solid" : "srgb:0.11765,0.53333,0.89804,1.00000"
              },
              "groups" : [
                {
                  "layers" : [
                    {
                      "glass" : false,
                      "image-name-specializations" : [
                        {
                          "value" : "icon.svg"
                        },
                        {
                          "appearance" : "dark",
                          "value" : "icon-dark.svg"
                        }
                      ],
                      "name" : "icon",
                      "position" : {
                        "scale" : 16,
                        "translation-in-points" : [
                          0,
                          0
                        ]
                      }
                    }
                  ],
                  "shadow" : {
                    "kind" : "neutral",
                    "opacity" : 0.5
                  },
                  "translucency" : {
                    "enabled" : true,
                    "value" : 0.5
                  }
                }
              ],
              "supported-platforms" : {
                "circles" : [
                  "watchOS"
                ],
                "squares" : "shared"
              }
            }
            """
        #expect(try text(bundle.appendingPathComponent("icon.json")) == expected)
        // The 64 pt drawing is scaled to fill the canvas (above); its text is flagged by generate and validate alike.
        #expect(report.warnings.contains { $0.contains("contains <text>") })
        let validation = try Validator().validate([bundle.path], parallelism: .serial)
        #expect(validation.errors == 0)
        #expect(validation.files.flatMap(\.findings).allSatisfy { $0.rule == .svgText }, "\(validation.files)")
    }

    @Test("a transparent bitmap master becomes a 1024 px RGBA glass layer; a rerun writes nothing and keeps file times")
    func bitmapMasterRerun() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let master = Fixtures.testImages.appendingPathComponent("glyph-master.png").path
        let generator = try generator { $0.appIconName = "Brand" }
        _ = try generator.run(source: master, outputFolder: folder.path, parallelism: .serial)
        let bundle = folder.appendingPathComponent("Brand.icon")
        let layer = try PNG.info(Fixtures.bytes(at: bundle.appendingPathComponent("Assets/icon.png")))
        #expect(layer.width == 1024 && layer.colorType == .rgba)
        let json = try text(bundle.appendingPathComponent("icon.json"))
        #expect(json.contains("\"glass\" : true") && json.contains("\"image-name\" : \"icon.png\"") && !json.contains("\"fill\""))
        let stamp = { (name: String) in try FileManager.default.attributesOfItem(atPath: bundle.appendingPathComponent(name).path)[.modificationDate] as? Date }
        let before = (try stamp("icon.json"), try stamp("Assets/icon.png"))
        Thread.sleep(forTimeInterval: 0.02)
        _ = try generator.run(source: master, outputFolder: folder.path, parallelism: .serial)
        #expect(try text(bundle.appendingPathComponent("icon.json")) == json)
        #expect(try stamp("icon.json") == before.0 && stamp("Assets/icon.png") == before.1)
    }

    @Test("an existing .icon is updated in place: the user's groups, keys and files stay; IconForge's layer goes behind them")
    func updateInPlace() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("AppIcon.icon")
        try FileManager.default.copyItem(at: icons.appendingPathComponent("Layered.icon"), to: bundle)
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        _ = try generator().run(source: master, outputFolder: folder.path, parallelism: .serial)
        let document = try IconComposerBundle.read(bundle.path).document
        #expect(document.groups.count == 3)
        #expect(document.groups[0].name == "Front")
        #expect(document.groups[2].layers[0].imageName.plain == "icon.png")
        #expect(document.groups[2].layers[0].glass.plain == false, "an opaque master is not glass")
        #expect(document.other["color-space-for-untagged-svg-colors"] == .string("display-p3"))
        #expect(document.groups[1].blurMaterial.plain == .null)
        #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("Assets/disc-dark.png").path))
        // A second run with a dark variant updates the same layer rather than adding one.
        _ = try generator { $0.darkSourcePath = master }.run(source: master, outputFolder: folder.path, parallelism: .serial)
        let again = try IconComposerBundle.read(bundle.path).document
        #expect(again.groups.count == 3)
        #expect(again.groups[2].layers[0].imageName.value(for: .dark) == "icon-dark.png")
    }

    @Test("authoring keeps every number it does not change as written: the untouched group is byte-identical")
    func numbersKeptAsWritten() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("AppIcon.icon")
        try FileManager.default.copyItem(at: icons.appendingPathComponent("Layered.icon"), to: bundle)
        let documentURL = bundle.appendingPathComponent("icon.json")
        // Numbers as Icon Composer writes them: 17 significant digits, and digits a Double does not keep.
        let original = try text(documentURL)
            .replacingOccurrences(of: "0,\n              300\n", with: "-73.88022554713393,\n              300.00000000000006\n")
            .replacingOccurrences(of: "\"value\" : 0.9\n", with: "\"value\" : 0.90000000000000002\n")
            .replacingOccurrences(of: "\"opacity\" : 0.5\n      },\n      \"translucency\"", with: "\"opacity\" : 5.0e-1\n      },\n      \"translucency\"")
        #expect(original.contains("-73.88022554713393") && original.contains("0.90000000000000002") && original.contains("5.0e-1"))
        try Data(original.utf8).write(to: documentURL)
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        _ = try generator().run(source: master, outputFolder: folder.path, parallelism: .serial)
        let written = try text(documentURL)
        // The front group, which authoring does not touch, from its first key to its name.
        let front = original[original.range(of: "\"groups\" : [")!.upperBound..<original.range(of: "\"name\" : \"Front\"")!.upperBound]
        #expect(written.contains(front), "\(written)")
        #expect(try IconComposerBundle.read(bundle.path).document.groups.count == 3, "IconForge's layer was added")
        // A rerun changes nothing.
        _ = try generator().run(source: master, outputFolder: folder.path, parallelism: .serial)
        #expect(try text(documentURL) == written)
    }

    @Test("an .icon whose icon.json IconForge cannot read is left alone, with an error")
    func unreadableExisting() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("AppIcon.icon")
        try FileManager.default.copyItem(at: icons.appendingPathComponent("InvalidJSON.icon"), to: bundle)
        let before = try Fixtures.bytes(at: bundle.appendingPathComponent("icon.json"))
        #expect(throws: IconForgeError.self) {
            try generator().run(source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path, outputFolder: folder.path,
                                parallelism: .serial)
        }
        #expect(try Fixtures.bytes(at: bundle.appendingPathComponent("icon.json")) == before)
    }

    @Test("an .icon master yields the classic sets: flattened opaque, its dark and tinted appearances as the variants")
    func iconAsMaster() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let icon = icons.appendingPathComponent("Layered.icon").path
        var options = GenerateOptions(presets: try PresetCatalog.presets("ios-single,web-clip"))
        options.darkSourcePath = icon
        options.tintedSource = .file(icon)
        let report = try Generator(options: options).run(source: icon, outputFolder: folder.path, parallelism: .serial)
        #expect(report.warnings.contains { $0.contains("Liquid Glass effects") })
        let set = folder.appendingPathComponent("AppIcon.appiconset")
        let light = try PNG.decode(Fixtures.bytes(at: set.appendingPathComponent("AppIcon.png")))
        #expect(light.info.colorType == .rgb && light.image.size == PixelSize(width: 1024, height: 1024))
        let dark = try PNG.decode(Fixtures.bytes(at: set.appendingPathComponent("AppIcon-Dark.png"))).image.converted(to: .rgba8)
        let centre = dark.pixel(x: 512, y: 512)
        #expect(abs(Int(centre[0]) - 40) < 4 && abs(Int(centre[1]) - 200) < 4, "the dark disc: \(centre)")
        let tinted = try PNG.decode(Fixtures.bytes(at: set.appendingPathComponent("AppIcon-Tinted.png"))).image.converted(to: .rgba8)
        let grey = tinted.pixel(x: 100, y: 900)
        #expect(grey[0] == grey[1] && grey[1] == grey[2])
    }
}
