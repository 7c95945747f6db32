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
            $0.androidForegroundPath = glyph
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
