import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

private let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

@Suite("android preset")
struct AndroidPresetTests {
    private func generate(into folder: URL, _ configure: (inout GenerateOptions) -> Void = { _ in }) throws -> GenerationReport {
        var options = GenerateOptions(presets: [try PresetCatalog.preset("android")])
        configure(&options)
        return try Generator(options: options).run(source: master, outputFolder: folder.path, parallelism: .serial)
    }

    private func decode(_ url: URL) throws -> DecodedPNG { try PNG.decode(Fixtures.bytes(at: url)) }

    @Test("every density at Android's sizes: 48 dp launcher and round icons, 108 dp layers; XML whose every reference resolves; the Play icon")
    func sizes() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try generate(into: folder)
        for (density, legacy, layer) in [("mdpi", 48, 108), ("hdpi", 72, 162), ("xhdpi", 96, 216), ("xxhdpi", 144, 324), ("xxxhdpi", 192, 432)] {
            let dir = folder.appendingPathComponent("mipmap-" + density)
            for (name, side) in [("ic_launcher", legacy), ("ic_launcher_round", legacy), ("ic_launcher_foreground", layer),
                                 ("ic_launcher_monochrome", layer)] {
                let png = try decode(dir.appendingPathComponent(name + ".png"))
                #expect(png.image.size == PixelSize(width: side, height: side) && png.info.colorType == .rgba, "\(density)/\(name)")
            }
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("ic_launcher_background.png").path), "a colour background is a resource")
        }
        let xml = try String(contentsOf: folder.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml"), encoding: .utf8)
        #expect(xml.contains("<background android:drawable=\"@color/ic_launcher_background\"/>"))
        #expect(xml.contains("<foreground android:drawable=\"@mipmap/ic_launcher_foreground\"/>"))
        #expect(xml.contains("<monochrome android:drawable=\"@mipmap/ic_launcher_monochrome\"/>"))
        let colour = try String(contentsOf: folder.appendingPathComponent("values/ic_launcher_background.xml"), encoding: .utf8)
        #expect(colour.contains("<color name=\"ic_launcher_background\">#"))
        let play = try decode(folder.appendingPathComponent("ic_launcher-playstore.png"))
        #expect(play.image.size == PixelSize(width: 512, height: 512) && play.info.colorType == .rgba && play.image.isOpaque)
        #expect(try Fixtures.bytes(at: folder.appendingPathComponent("ic_launcher-playstore.png")).count < 1 << 20)
        let validation = try Validator().validate([folder.path], parallelism: .serial)
        #expect(validation.errors == 0 && validation.warnings == 0, "\(validation.files.filter { !$0.findings.isEmpty })")
    }

    @Test("the round icon is transparent outside its circle; a full-bleed master fills the 66 dp safe zone's square and runs past it to the full layer, seamless")
    func masksAndSafeZone() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try generate(into: folder)
        let round = try decode(folder.appendingPathComponent("mipmap-xxxhdpi/ic_launcher_round.png")).image.converted(to: .rgba8)
        #expect(round.pixel(x: 0, y: 0)[3] == 0 && round.pixel(x: 191, y: 191)[3] == 0 && round.pixel(x: 96, y: 96)[3] == 255)
        #expect(round.pixel(x: 96, y: 1)[3] > 200, "the circle touches the edge")
        let foreground = try decode(folder.appendingPathComponent("mipmap-xxxhdpi/ic_launcher_foreground.png")).image.converted(to: .rgba8)
        // 432 px = 108 dp: the safe zone's square is 66 dp = 264 px, from 84 to 348; outside it, its edge pixels carried on.
        #expect(foreground.isOpaque)
        #expect(foreground.pixel(x: 0, y: 216) == foreground.pixel(x: 84, y: 216) && foreground.pixel(x: 431, y: 431) == foreground.pixel(x: 347, y: 347))
    }

    @Test("a full-bleed master's themed icon is its glyph separated from the background: the ring in, its hole and the background out")
    func fullBleedMonochrome() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try generate(into: folder)
        #expect(!report.warnings.contains { $0.contains("no glyph stands out") }, "\(report.warnings)")
        let mono = try decode(folder.appendingPathComponent("mipmap-xxxhdpi/ic_launcher_monochrome.png")).image.converted(to: .rgba8)
        // Placed as a logo: everything inside the safe circle (31 dp of 108 = 124 px of 432 from the centre).
        var farthest = 0.0, covered = 0
        for y in 0..<432 { for x in 0..<432 where mono.pixel(x: x, y: y)[3] >= 128 {
            covered += 1
            farthest = max(farthest, ((Double(x) + 0.5 - 216) * (Double(x) + 0.5 - 216) + (Double(y) + 0.5 - 216) * (Double(y) + 0.5 - 216)).squareRoot())
        } }
        #expect(farthest <= 125 && farthest > 110, "reaches \(farthest) px")
        // The master's ring (centre 512,470; the white band 170…300 px out) scaled about the centre by the same factor.
        let scale = 124.0 / 586 // the bar's corners, 586 master px from the centre, meet the safe circle
        func alpha(_ x: Double, _ y: Double) -> UInt16 { mono.pixel(x: Int(216 + (x - 512) * scale), y: Int(216 + (y - 512) * scale))[3] }
        #expect(alpha(512, 235) > 200, "the white ring")
        #expect(alpha(512 + 48, 470) < 128, "inside the ring's hole, between its lines")
        #expect(mono.pixel(x: 10, y: 10)[3] == 0 && mono.pixel(x: 216, y: 60)[3] == 0, "the background")
        let share = Double(covered) / Double(432 * 432)
        #expect(share > 0.05 && share < 0.4, "\(share) of the layer")
    }

    @Test("--web-background is behind a logo in the maskable icon and under the touch icon; iOS's 180 px icon of the same run keeps --background")
    func webBackground() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var logo = Image(width: 1024, height: 1024, fill: SIMD4(0, 0, 0, 0))
        for y in 300..<724 { for x in 300..<724 { logo.setPixel(x: x, y: y, SIMD4(220, 30, 30, 255)) } }
        let path = folder.appendingPathComponent("logo.png").path
        try FileIO.writeAtomically(try PNG.encode(logo), to: path)
        var options = GenerateOptions(presets: try PresetCatalog.presets("web,ios"))
        options.webBackground = RGBColor(red: 0x10, green: 0x20, blue: 0x30)
        let out = folder.appendingPathComponent("out")
        _ = try Generator(options: options).run(source: path, outputFolder: out.path, parallelism: .serial)
        let navy = SIMD4<UInt16>(0x10, 0x20, 0x30, 255), white = SIMD4<UInt16>(255, 255, 255, 255)
        #expect(try decode(out.appendingPathComponent("icon-maskable-512.png")).image.converted(to: .rgba8).pixel(x: 3, y: 3) == navy)
        #expect(try decode(out.appendingPathComponent("apple-touch-icon.png")).image.converted(to: .rgba8).pixel(x: 3, y: 3) == navy)
        let ios = try decode(out.appendingPathComponent("AppIcon.appiconset/Icon-60@3x.png")).image.converted(to: .rgba8)
        #expect(ios.size == PixelSize(width: 180, height: 180) && ios.pixel(x: 3, y: 3) == white)
    }

    @Test("a full-bleed master with no glyph (a flat square) gets no monochrome layer, with one warning, rather than a blank themed tile")
    func noGlyphNoMonochrome() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("flat.png").path
        try FileIO.writeAtomically(try PNG.encode(Image(width: 1024, height: 1024, format: .rgba8, fill: SIMD4(40, 90, 200, 255))), to: path)
        let out = folder.appendingPathComponent("res")
        let report = try Generator(options: GenerateOptions(presets: [try PresetCatalog.preset("android")])).run(source: path, outputFolder: out.path, parallelism: .serial)
        #expect(report.warnings.filter { $0.contains("no monochrome layer was written") }.count == 1, "\(report.warnings)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("mipmap-xxxhdpi/ic_launcher_monochrome.png").path))
        let xml = try String(contentsOf: out.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml"), encoding: .utf8)
        #expect(!xml.contains("monochrome") && xml.contains("<foreground"))
        #expect(try Validator().validate([out.path]).errors == 0)
    }

    @Test("a logo on transparency that fills its square is scaled into the safe circles: Android's 66 dp (2 dp margin), the maskable 80% (2% margin), on --background")
    func logoInsideSafeCircles() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A red rounded logo to 40 px of the master's edges: filling the safe zone's square, its corners left the circle.
        var logo = Image(width: 1024, height: 1024, fill: SIMD4(0, 0, 0, 0))
        for y in 40..<984 { for x in 40..<984 { logo.setPixel(x: x, y: y, SIMD4(220, 30, 30, 255)) } }
        let path = folder.appendingPathComponent("logo.png").path
        try FileIO.writeAtomically(try PNG.encode(logo), to: path)
        var options = GenerateOptions(presets: try PresetCatalog.presets("android,web"))
        options.background = RGBColor(red: 255, green: 255, blue: 255)
        _ = try Generator(options: options).run(source: path, outputFolder: folder.appendingPathComponent("out").path, parallelism: .serial)
        func farthest(_ image: Image, where content: (SIMD4<UInt16>) -> Bool) -> Double {
            var radius = 0.0
            for y in 0..<image.height { for x in 0..<image.width where content(image.pixel(x: x, y: y)) {
                radius = max(radius, ((Double(x) + 0.5 - Double(image.width) / 2) * (Double(x) + 0.5 - Double(image.width) / 2)
                                      + (Double(y) + 0.5 - Double(image.height) / 2) * (Double(y) + 0.5 - Double(image.height) / 2)).squareRoot())
            } }
            return radius
        }
        let foreground = try decode(folder.appendingPathComponent("out/mipmap-xxxhdpi/ic_launcher_foreground.png")).image.converted(to: .rgba8)
        #expect(farthest(foreground) { $0[3] > 12 } <= 432 * 33 / 108, "the glyph leaves the 66 dp circle")
        #expect(farthest(foreground) { $0[3] > 12 } > 432 * 28 / 108, "the glyph is not shrunk more than needed")
        let maskable = try decode(folder.appendingPathComponent("out/icon-maskable-512.png")).image.converted(to: .rgba8)
        #expect(farthest(maskable) { $0[0] > 150 && $0[1] < 120 } <= 512 * 0.4, "the glyph leaves the maskable safe circle")
        #expect(maskable.pixel(x: 3, y: 3) == SIMD4(255, 255, 255, 255), "the background is --background, never black")
        let legacy = try decode(folder.appendingPathComponent("out/mipmap-xxxhdpi/ic_launcher.png")).image.converted(to: .rgba8)
        #expect(legacy.pixel(x: 2, y: 2) == SIMD4(255, 255, 255, 255))
    }

    @Test("designed layers: --android-foreground, --android-background FILE (background pictures, @mipmap reference), --monochrome FILE")
    func designedLayers() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let glyph = Fixtures.testImages.appendingPathComponent("glyph-master.png").path
        let report = try generate(into: folder) {
            $0.androidForeground = glyph
            $0.androidBackground = .file(master)
            $0.monochrome = .file(glyph)
        }
        #expect(!report.warnings.contains { $0.contains("monochrome") })
        let background = try decode(folder.appendingPathComponent("mipmap-hdpi/ic_launcher_background.png"))
        #expect(background.image.size == PixelSize(width: 162, height: 162))
        let xml = try String(contentsOf: folder.appendingPathComponent("mipmap-anydpi-v26/ic_launcher_round.xml"), encoding: .utf8)
        #expect(xml.contains("@mipmap/ic_launcher_background"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("values/ic_launcher_background.xml").path))
        let mono = try decode(folder.appendingPathComponent("mipmap-xxxhdpi/ic_launcher_monochrome.png")).image
        #expect(!mono.isOpaque)
    }

    @Test("into an Android Studio project: resources go to app/src/main/res; clashing WebP icons and the user's XML move to a backup; other files untouched; a rerun changes nothing")
    func intoProject() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Project")
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("android/Project"), to: project)
        let res = project.appendingPathComponent("app/src/main/res")
        let layout = try Fixtures.bytes(at: res.appendingPathComponent("layout/main.xml"))
        let report = try generate(into: project)
        #expect(FileManager.default.fileExists(atPath: res.appendingPathComponent("mipmap-mdpi/ic_launcher.png").path))
        #expect(!FileManager.default.fileExists(atPath: res.appendingPathComponent("mipmap-mdpi/ic_launcher.webp").path))
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("app/src/main/ic_launcher-playstore.png").path))
        #expect(report.notes.contains { $0.contains("ic_launcher.webp") && $0.contains(".iconforge-backup") })
        #expect(report.notes.contains { $0.contains("kept your") && $0.contains("values/ic_launcher_background.xml") })
        #expect(try Fixtures.bytes(at: res.appendingPathComponent("layout/main.xml")) == layout)
        #expect(FileManager.default.fileExists(atPath: res.appendingPathComponent("drawable/ic_launcher_background.xml").path))
        let backups = try FileManager.default.subpathsOfDirectory(atPath: project.appendingPathComponent("app/src/main/.iconforge-backup").path)
        #expect(backups.contains { $0.hasSuffix("mipmap-mdpi/ic_launcher.webp") })
        // The rerun: nothing moves, nothing is rewritten.
        let xml = res.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml").path
        let before = try FileManager.default.attributesOfItem(atPath: xml)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.02)
        let again = try generate(into: project)
        #expect(again.notes.isEmpty, "\(again.notes)")
        #expect(try FileManager.default.attributesOfItem(atPath: xml)[.modificationDate] as? Date == before)
        let validation = try Validator().validate([res.path], parallelism: .serial)
        #expect(validation.errors == 0, "\(validation.files.filter { !$0.findings.isEmpty })")
    }
}

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
        let json = #"{"icons": [{"src": "a.png", "sizes": "192x192"}, {"src": "gone.png", "sizes": "192x192"}]}"#
        try Data(json.utf8).write(to: folder.appendingPathComponent("manifest.json"))
        let found = try Validator().validate([folder.path], parallelism: .serial).files.flatMap(\.findings).filter { $0.rule == .webManifest }
        #expect(found.contains { $0.message.contains("a.png is 1024x1024 but says 192x192") })
        #expect(found.contains { $0.message.contains("gone.png, which does not exist") })
        // A 192 "any" icon is one Chrome installs from: the missing 512 is what its documentation asks for, a warning.
        #expect(found.contains { $0.message.contains("no 512x512 icon") && $0.severity == .warning })
        #expect(found.contains { $0.message.contains("no maskable icon") && $0.severity == .warning })
    }
}
