import Foundation
import IconForgeKit
import Raster
import TestSupport
import Testing

@Suite("Preset")
struct PresetTests {
    @Test("every shipped preset parses, and the embedded copies match Presets/*.json")
    func shippedPresetsMatchFiles() throws {
        let folder = Fixtures.repositoryRoot.appendingPathComponent("Presets")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(files.count == PresetCatalog.builtIn.count)
        for file in files {
            let fromDisk = try Preset.parse(Data(contentsOf: folder.appendingPathComponent(file)), file: file)
            #expect(PresetCatalog.builtIn.first { $0.name == fromDisk.name } == fromDisk,
                    "Presets/\(file) differs from the embedded copy: run python3 Scripts/embed-presets.py")
        }
    }

    @Test("pixel sizes are derived from points and scale")
    func derivedPixels() throws {
        let ios = try PresetCatalog.preset("ios")
        let pro = try #require(ios.outputs.first { $0.points == PointSize(width: 83.5, height: 83.5) })
        #expect(pro.pixels == PixelSize(width: 167, height: 167) && pro.scale == .x2 && pro.idiom == .ipad)
        #expect(ios.outputs.count == 18 && Set(ios.outputs.compactMap(\.filename)).count == 15)
    }

    static let badPresets: [(json: String, message: String)] = [
        (#"{"name":"x","outputs":[{"role":"app","idiom":"iphone","points":"60x60","scale":4,"filename":"a.png","set":"A.appiconset"}]}"#,
         "bad.json: outputs[0].scale: must be 1, 2 or 3 (got 4)"),
        (#"{"name":"x","outputs":[{"role":"app","idiom":"iphone","points":"60x60","scale":2,"filename":"a.png","sise":"1"}]}"#,
         "bad.json: outputs[0].sise: unknown field"),
        (#"{"name":"x","outputs":[{"role":"app","idiom":"phone","points":"60x60","scale":2,"filename":"a.png"}]}"#,
         "bad.json: outputs[0].idiom: must be one of universal, iphone, ipad, car, mac, tv, watch, vision, ios-marketing, watch-marketing (got \"phone\")"),
        (#"{"name":"x","outputs":[{"role":"app","idiom":"iphone","points":"60x60","scale":2,"pixels":"100x100","filename":"a.png"}]}"#,
         "bad.json: outputs[0].pixels: 100x100 does not match 60x60 pt at 2x (120x120)"),
        (#"{"name":"x","outputs":[{"role":"app","idiom":"iphone","points":"60x60","scale":2}]}"#,
         "bad.json: outputs[0].filename: is required"),
        (#"{"name":"x","outputs":[{"role":"app","idiom":"iphone","pixels":"60x60","filename":"../a.png"}]}"#,
         "bad.json: outputs[0].filename: must be a plain file name (got \"../a.png\")"),
        (#"{"name":"x","outputs":[]}"#, "bad.json: outputs: must be a non-empty array of outputs"),
        (#"{"name":"x","outputs":[{"role":"tv","idiom":"tv","points":"1920x720","filename":"a.png","set":"B.brandassets/S.imageset"}]}"#,
         "bad.json: outputs[0].xcode-role: a .brandassets member needs the \"xcode-role\" and \"points\" its Contents.json lists it by"),
        (#"{"name":"x","outputs":[{"role":"tv","idiom":"tv","pixels":"9x9","filename":"a.png","set":"A/B.brandassets/S.imageset"}]}"#,
         "bad.json: outputs[0].set: must be a folder name ending in"),
        (#"{"name":"x","outputs":[{"role":"tv","idiom":"tv","points":"400x240","filename":"a.png","set":"B.brandassets/S.imagestack","xcode-role":"primary-app-icon"}]}"#,
         "bad.json: outputs[0].layer: a .solidimagestack or .imagestack output needs"),
        (#"{"outputs":[{"role":"app"}]}"#, "bad.json: name: is required"),
        (#"{"name":"x","outputs":[{"role":"app","idiom":"iphone","pixels":"60x60","filename":"a.png"},{"role":"app","idiom":"ipad","pixels":"70x70","filename":"a.png"}]}"#,
         "bad.json: outputs[1].filename: \"a.png\" is also outputs[0], with another size or alpha policy"),
        ("{not json", "bad.json: not valid JSON"),
        (#"{"name":"x","outputs":[{"role":"variant","idiom":"iphone","pixels":"60x60","filename":"a.png"}]}"#,
         "bad.json: outputs[0].role: must be one of app, marketing, "),
        (#"{"name":"x","outputs":[{"role":"app","idiom":"iphone","points":"1e300x1e300","filename":"a.png"}]}"#,
         "bad.json: outputs[0].points: must be \"WxH\" in points, each between 0 and 10000 (got \"1e300x1e300\")"),
    ]

    @Test("Role: validation's roles are no output's; an output's role and alpha give the role it is validated in")
    func roles() throws {
        #expect(Set(Role.validationRoles).intersection(Role.outputRoles) == [.app, .launch, .template])
        #expect(Role.outputRoles.count + 2 == Role.allCases.count)
        #expect(Role.marketing.validationRole(keepsAlpha: false) == .app && Role.mac.validationRole(keepsAlpha: true) == .variant)
        #expect(Role.template.validationRole(keepsAlpha: true) == .template && Role.launch.validationRole(keepsAlpha: false) == .launch)
        #expect(Role.validationRoles.filter(\.requiresOpaque) == [.app, .launch])
        let light = try Preset.parse(Data(#"{"name":"x","outputs":[{"role":"app","idiom":"iphone","pixels":"60x60","filename":"a.png","appearance":"light"}]}"#.utf8), file: "x.json")
        #expect(light.outputs[0].appearance == nil, "light is the default appearance: no variant")
    }

    @Test("a malformed preset is refused with the file, the entry and the field", arguments: badPresets)
    func malformed(json: String, message: String) {
        do {
            _ = try Preset.parse(Data(json.utf8), file: "bad.json")
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error.description.hasPrefix(message), "got: \(error.description)")
        }
    }

    @Test("includes put a built-in preset's outputs first, then the preset's own")
    func includes() throws {
        let mine = try Preset.parse(Data(#"{"name":"mine","includes":["itunes-artwork"],"outputs":[{"role":"artwork","idiom":"universal","pixels":"64x64","filename":"small"}]}"#.utf8), file: "mine.json")
        #expect(mine.outputs.compactMap(\.filename) == ["iTunesArtwork", "iTunesArtwork@2x", "small"])
        #expect(try PresetCatalog.preset("ios-legacy").outputs.prefix(18) == PresetCatalog.preset("ios").outputs[...])
        #expect(throws: PresetError.invalid(file: "bad.json", place: "includes", reason: "unknown built-in preset 'tizen'")) {
            try Preset.parse(Data(#"{"name":"x","includes":["tizen"]}"#.utf8), file: "bad.json")
        }
    }

    @Test("unknown names list the built-in presets")
    func unknown() {
        #expect(throws: PresetError.unknown(name: "tizen", available: PresetCatalog.builtIn.map(\.name))) {
            try PresetCatalog.preset("tizen")
        }
    }

    @Test("an existing app-icon set's layout gives the presets that regenerate it without a layout switch",
          arguments: [("ios", ["ios"]), ("ios-single", ["ios-single"]), ("ios-universal", ["ios-universal"]), ("ios,macos", ["ios", "macos"]),
                      ("macos", ["macos"]), ("watchos", ["watchos"]), ("watchos-legacy", ["watchos-legacy"]), ("ios,carplay", ["ios", "carplay"])])
    func matchingPresets(presets: String, expected: [String]) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        var options = GenerateOptions(presets: try PresetCatalog.presets(presets))
        options.allowUpscale = true
        _ = try Generator(options: options).run(source: master, outputFolder: folder.path, parallelism: .allCores)
        #expect(PresetCatalog.matchingPresets(iconSet: folder.appendingPathComponent("AppIcon.appiconset").path) == expected)
        #expect(PresetCatalog.matchingPresets(iconSet: folder.appendingPathComponent("Nope.appiconset").path).isEmpty)
    }
}

@Suite("Preset: malformed JSON")
struct PresetJSONPlaceTests {
    @Test("malformed preset JSON names the line and column")
    func place() {
        let json = "{\"name\": \"x\",\n  \"outputs\": [\n    {\"role\": \"app\",,}\n  ]\n}\n"
        do { _ = try Preset.parse(Data(json.utf8), file: "bad.json"); Issue.record("parsed") } catch {
            #expect(error.description.hasPrefix("bad.json: not valid JSON: ") && error.description.contains("line 3"), "\(error)")
        }
    }
}
