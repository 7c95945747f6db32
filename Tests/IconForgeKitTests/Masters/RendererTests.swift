import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("Renderer: how a master becomes each output (launch images, fit and size, Apple's other platforms)")
struct RendererTests {
    private func run(_ master: String, _ presets: String, _ configure: (inout GenerateOptions) -> Void = { _ in }) throws -> URL {
        var options = GenerateOptions(presets: try PresetCatalog.presets(presets))
        configure(&options)
        let folder = try Fixtures.temporaryFolder()
        _ = try Generator(options: options).run(source: Fixtures.testImages.appendingPathComponent(master).path, outputFolder: folder.path,
                                                parallelism: .serial)
        return folder
    }

    private func pixel(_ url: URL, _ x: Int, _ y: Int) throws -> SIMD4<UInt16> {
        try PNG.decode(Fixtures.bytes(at: url)).image.converted(to: .rgba8).pixel(x: x, y: y)
    }

    @Test("launch images cover-crop with gravity, or put a logo on a colour")
    func launchModes() throws {
        let (cover, _) = try generate("launch-master.png", presets: "launch-images")
        let portrait = try decode(cover.appendingPathComponent("LaunchImage.launchimage/Default-Portrait-2688h@3x.png")).image
        #expect(portrait.pixel(x: 621, y: 1344) == SIMD4(250, 250, 250, 255)) // the disc at the centre
        #expect(portrait.pixel(x: 2, y: 2) != SIMD4(255, 60, 60, 255))        // the corner marker is cropped away
        let (topLeft, _) = try generate("launch-master.png", presets: "launch-images") { $0.gravity = .topLeft }
        let kept = try decode(topLeft.appendingPathComponent("LaunchImage.launchimage/Default-Portrait-2688h@3x.png")).image
        #expect(kept.pixel(x: 2, y: 2) == SIMD4(255, 60, 60, 255))

        let (logo, _) = try generate("launch-master.png", presets: "launch-images") { options in
            options.launchBackground = RGBColor(hex: "#112233")
            options.launchLogoPath = Fixtures.testImages.appendingPathComponent("glyph-master.png").path
            options.launchLogoScale = 0.5
        }
        let image = try decode(logo.appendingPathComponent("Default-Landscape@~ipadpro.png")).image // 2732x2048
        #expect(image.pixel(x: 5, y: 5) == SIMD4(17, 34, 51, 255))
        #expect(image.pixel(x: 1366, y: 1030) == SIMD4(255, 0, 0, 255))     // the star's centre
        #expect(image.pixel(x: 1366 - 520, y: 1024) == SIMD4(17, 34, 51, 255)) // outside the 1024-wide logo
    }

    @Test("a non-square master is refused for icons unless --fit is given")
    func nonSquare() throws {
        let launch = Fixtures.testImages.appendingPathComponent("fixtures/rgb8-n.png").path // 13x11
        var options = GenerateOptions(presets: try PresetCatalog.presets("itunes-artwork"))
        options.allowUpscale = true
        let folder = try Fixtures.temporaryFolder().path
        do {
            _ = try Generator(options: options).run(source: launch, outputFolder: folder)
            Issue.record("a non-square master was accepted")
        } catch {
            if case .master(launch, .notSquare(let size, _)) = error {
                #expect(size == PixelSize(width: 13, height: 11))
            } else {
                Issue.record("not a master's refusal: \(error)")
            }
            #expect(error.description.contains("is 13x11, but app icons are square") && error.description.contains("--fit fill"))
        }
        options.fit = .fit
        let report = try Generator(options: options).run(source: launch, outputFolder: folder)
        #expect(report.files.count == 2 && report.warnings.contains { $0.contains("--allow-upscale") })
    }

    @Test("a master smaller than an output is an error unless upscaling is allowed")
    func upscale() throws {
        let small = Fixtures.testImages.appendingPathComponent("fixtures/hostile-ztxt-1gib.png").path // 16x16
        let options = GenerateOptions(presets: try PresetCatalog.presets("ios"))
        let folder = try Fixtures.temporaryFolder().path
        let enlargement = MasterError.Enlargement(size: PixelSize(width: 16, height: 16), output: "AppIcon.appiconset/Icon-1024.png",
                                                  pixels: PixelSize(width: 1024, height: 1024), factor: 64)
        #expect(throws: IconForgeError.master(path: small, .tooSmall(enlargement))) {
            _ = try Generator(options: options).run(source: small, outputFolder: folder)
        }
        #expect(IconForgeError.master(path: small, .tooSmall(enlargement)).description
                == "\(small): is 16x16, too small for AppIcon.appiconset/Icon-1024.png (1024x1024): it would be enlarged 64.00x; "
                   + "use a larger master, or pass --allow-upscale")
    }

    @Test("watchos: a logo on transparency whose corners would leave the watch's circle is scaled inside it (2% margin), on --background; iOS keeps it filling")
    func watchCircle() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A red square logo to 40 px of the master's edges: its corners reach 0.67 of the side from the centre.
        var logo = Image(width: 1024, height: 1024, fill: SIMD4(0, 0, 0, 0))
        for y in 40..<984 { for x in 40..<984 { logo.setPixel(x: x, y: y, SIMD4(220, 30, 30, 255)) } }
        let master = folder.appendingPathComponent("logo.png").path
        try FileIO.writeAtomically(try PNG.encode(logo), to: master)
        var options = GenerateOptions(presets: try PresetCatalog.presets("watchos,ios-single"))
        options.background = RGBColor(red: 255, green: 255, blue: 255)
        let out = folder.appendingPathComponent("out")
        _ = try Generator(options: options).run(source: master, outputFolder: out.path, parallelism: .serial)
        let watch = try PNG.decode(Fixtures.bytes(at: out.appendingPathComponent("AppIcon.appiconset/AppIcon-watchOS.png"))).image.converted(to: .rgba8)
        var farthest = 0.0
        for y in 0..<1024 { for x in 0..<1024 where watch.pixel(x: x, y: y)[1] < 128 {
            farthest = max(farthest, ((Double(x) + 0.5 - 512) * (Double(x) + 0.5 - 512) + (Double(y) + 0.5 - 512) * (Double(y) + 0.5 - 512)).squareRoot())
        } }
        #expect(farthest <= 0.48 * 1024 + 1.5 && farthest > 0.46 * 1024, "the logo reaches \(farthest) px of 512")
        #expect(watch.pixel(x: 5, y: 5) == SIMD4(255, 255, 255, 255), "on the background")
        let sets = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("AppIcon.appiconset").path)
        let ios = try #require(sets.first { $0.hasSuffix(".png") && !$0.contains("watch") && !$0.contains("Dark") && !$0.contains("Tinted") })
        let phone = try PNG.decode(Fixtures.bytes(at: out.appendingPathComponent("AppIcon.appiconset/" + ios))).image.converted(to: .rgba8)
        #expect(phone.pixel(x: phone.width * 60 / 1024, y: phone.width * 60 / 1024)[1] < 128, "iOS keeps the logo filling its square")
    }

    @Test("macos: a full-bleed master gets the shape (transparent corners), --mac-shape none keeps it square, a master with its own margin is used as is")
    func macShape() throws {
        let shaped = try run("app-icon-master.png", "macos")
        defer { try? FileManager.default.removeItem(at: shaped) }
        let file = shaped.appendingPathComponent("AppIcon.appiconset/icon_512x512@2x.png")
        #expect(try pixel(file, 0, 0)[3] == 0 && pixel(file, 512, 512)[3] == 255)
        let icns = try Icns.read(Fixtures.bytes(at: shaped.appendingPathComponent("AppIcon.icns")))
        #expect(try Icns.decode(icns.first { $0.type == "ic10" }!) == PNG.decode(Fixtures.bytes(at: file)).image, "the .icns holds the same pixels")

        let square = try run("app-icon-master.png", "macos") { $0.macShape = .none }
        defer { try? FileManager.default.removeItem(at: square) }
        #expect(try pixel(square.appendingPathComponent("AppIcon.appiconset/icon_512x512@2x.png"), 0, 0)[3] == 255)

        let glyph = try run("glyph-master.png", "macos")
        defer { try? FileManager.default.removeItem(at: glyph) }
        let master = try PNG.decode(Fixtures.bytes("glyph-master.png")).image
        #expect(try PNG.decode(Fixtures.bytes(at: glyph.appendingPathComponent("AppIcon.appiconset/icon_512x512@2x.png"))).image == master,
                "transparent corners: the master is the icon, pixel for pixel")
    }

    @Test("imessage: the 4:3 slots are cropped from a square master by default, padded with --fit fit")
    func messagesAspect() throws {
        let crop = try run("glyph-master.png", "imessage")
        defer { try? FileManager.default.removeItem(at: crop) }
        let name = "iMessage App Icon.stickersiconset/Messages-ios-marketing-1024x768@1x.png"
        let cropped = try PNG.decode(Fixtures.bytes(at: crop.appendingPathComponent(name)))
        #expect(cropped.image.size == PixelSize(width: 1024, height: 768) && cropped.info.colorType == .rgb)
        let fit = try run("glyph-master.png", "imessage") { $0.fit = .fit }
        defer { try? FileManager.default.removeItem(at: fit) }
        // The star's top point is cut off by the crop and kept by the fit: its tip sits near the top edge.
        #expect(try pixel(crop.appendingPathComponent(name), 512, 1) != pixel(fit.appendingPathComponent(name), 512, 1))
    }
}
