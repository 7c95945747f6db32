import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// Generates into a fresh folder and returns it.
private func generate(_ source: String, presets: String, configure: (inout GenerateOptions) -> Void = { _ in },
                      folder: URL? = nil) throws -> (URL, GenerationReport) {
    // A plain folder: loose outputs (web clips, iPad Pro launch files) go inside it, as they would not in a catalog.
    let output = try folder ?? Fixtures.temporaryFolder().appendingPathComponent("Icons")
    var options = GenerateOptions(presets: try PresetCatalog.presets(presets))
    configure(&options)
    let report = try Generator(options: options).run(source: Fixtures.testImages.appendingPathComponent(source).path,
                                                     outputFolder: output.path)
    return (output, report)
}

private func decode(_ url: URL) throws -> DecodedPNG { try PNG.decode(Fixtures.bytes(at: url)) }

/// Every regular file under `folder`, relative, sorted.
private func listing(_ folder: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    var files: [String] = []
    while let item = enumerator?.nextObject() as? String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent(item).path, isDirectory: &isFolder), !isFolder.boolValue {
            files.append(item)
        }
    }
    return files.sorted()
}

@Suite("Generator: shipped presets")
struct ShippedPresetTests {
    /// The master each preset is tried with, and any options it needs.
    static let cases: [(preset: String, master: String)] = [
        ("ios", "app-icon-master.png"), ("ios-legacy", "app-icon-master.png"), ("ios-universal", "app-icon-master.png"),
        ("ios-single", "app-icon-master.png"), ("bar-icons", "glyph-master.png"), ("launch-images", "launch-master.png"),
        ("launch-screen", "glyph-master.png"), ("web-clip", "app-icon-master.png"), ("itunes-artwork", "app-icon-master.png"),
        ("macos", "app-icon-master.png"), ("watchos", "app-icon-master.png"), ("watchos-legacy", "app-icon-master.png"),
        ("carplay", "app-icon-master.png"), ("imessage", "app-icon-master.png"),
    ]

    @Test("every shipped preset writes its files at their stated sizes, with the right colour type, and Contents.json as expected",
          arguments: cases.map(\.preset))
    func shippedPreset(name: String) throws {
        let master = Self.cases.first { $0.preset == name }!.master
        let (folder, report) = try generate(master, presets: name) { options in
            if name == "ios-single" { options.tintedSource = .auto; options.darkSourcePath = Fixtures.testImages.appendingPathComponent("glyph-master.png").path }
            if name == "launch-screen" { options.launchBackground = RGBColor(hex: "#0A1B2C") }
        }
        let preset = try PresetCatalog.preset(name)
        let expectedFiles = Set(preset.outputs.compactMap { spec in spec.filename.map { (spec.set.map { $0 + "/" } ?? "") + $0 } })
        let pngs = report.files.filter { $0.pixels != nil }
        #expect(Set(pngs.map(\.path)) == expectedFiles)
        for spec in preset.outputs {
            guard let filename = spec.filename, let pixels = spec.pixels, spec.container == nil else { continue }
            let url = folder.appendingPathComponent((spec.set.map { $0 + "/" } ?? "") + filename)
            let decoded = try decode(url)
            #expect(decoded.info.width == pixels.width && decoded.info.height == pixels.height, "\(filename)")
            #expect(decoded.info.bitDepth == 8 && !decoded.info.isInterlaced && !decoded.info.hasTransparencyChunk, "\(filename)")
            #expect(decoded.info.colorType == (spec.keepsAlpha ? .rgba : .rgb), "\(filename)")
            if spec.role == .template { #expect(!decoded.image.isOpaque, "\(filename) lost its alpha") }
        }
        // Contents.json of every set, byte for byte against the checked-in files (Xcode's format).
        for set in Set(preset.outputs.compactMap(\.set)) {
            let written = try String(contentsOf: folder.appendingPathComponent("\(set)/Contents.json"), encoding: .utf8)
            let expected = try String(contentsOf: Fixtures.testImages.appendingPathComponent("expected-catalogs/\(name)/\(set)/Contents.json"), encoding: .utf8)
            #expect(written == expected, "\(name)/\(set)/Contents.json")
            let parsed = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any]
            #expect((parsed?["info"] as? [String: Any])?["author"] as? String == "xcode")
        }
        // A plain output folder gets no catalog Contents.json; a catalog gets one (see AssetCatalogTests).
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Contents.json").path))
    }

    @Test("a new catalog gets its own Contents.json in Xcode's format")
    func newCatalog() throws {
        let (folder, _) = try generate("app-icon-master.png", presets: "ios", folder: try Fixtures.temporaryFolder().appendingPathComponent("A.xcassets"))
        #expect(try String(contentsOf: folder.appendingPathComponent("Contents.json"), encoding: .utf8)
                == "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")
    }

    @Test("web-clip writes the HTML link tags, launch-screen the Info.plist snippet")
    func snippets() throws {
        let (clips, _) = try generate("app-icon-master.png", presets: "web-clip")
        let html = try String(contentsOf: clips.appendingPathComponent("apple-touch-icon.html"), encoding: .utf8)
        #expect(html.contains("<link rel=\"apple-touch-icon\" sizes=\"167x167\" href=\"apple-touch-icon-167.png\">"))
        let (screen, _) = try generate("glyph-master.png", presets: "launch-screen")
        let plist = try String(contentsOf: screen.appendingPathComponent("UILaunchScreen.plist"), encoding: .utf8)
        #expect(plist.contains("<key>UIImageName</key>\n    <string>LaunchImage</string>"))
        #expect(plist.contains("<key>UIColorName</key>\n    <string>LaunchBackground</string>"))
    }
}

@Suite("Generator: behaviour")
struct GeneratorBehaviourTests {
    @Test("an RGBA master with transparent corners becomes opaque icons over the given background")
    func compositesOverBackground() throws {
        let (folder, report) = try generate("glyph-master.png", presets: "ios") { $0.background = RGBColor(hex: "#102030")! }
        let icon = try decode(folder.appendingPathComponent("AppIcon.appiconset/Icon-1024.png"))
        #expect(icon.info.colorType == .rgb)
        #expect(icon.image.pixel(x: 0, y: 0) == SIMD4(16, 32, 48, 255))
        #expect(icon.image.pixel(x: 512, y: 540) == SIMD4(255, 0, 0, 255))
        #expect(report.warnings.contains { $0.contains("pixels are not opaque") && $0.contains("#102030") })
    }

    @Test("ios-single with dark and tinted writes three entries with their appearances; tinted auto is grey")
    func appearances() throws {
        let (folder, _) = try generate("app-icon-master.png", presets: "ios-single") { $0.tintedSource = .auto; $0.darkSourcePath = Fixtures.testImages.appendingPathComponent("glyph-master.png").path }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("AppIcon.appiconset/Contents.json"))) as! [String: Any]
        let images = json["images"] as! [[String: Any]]
        #expect(images.count == 3)
        let values = images.map { (($0["appearances"] as? [[String: String]])?.first?["value"]) ?? "any" }
        #expect(values == ["any", "dark", "tinted"])
        let tinted = try decode(folder.appendingPathComponent("AppIcon.appiconset/AppIcon-Tinted.png"))
        let p = tinted.image.pixel(x: 100, y: 100)
        #expect(p[0] == p[1] && p[1] == p[2] && tinted.info.colorType == .rgba)
        let dark = try decode(folder.appendingPathComponent("AppIcon.appiconset/AppIcon-Dark.png"))
        #expect(dark.image.pixel(x: 0, y: 0)[3] == 0) // dark keeps its transparency
        // Without the variants, only the single entry.
        let (plain, _) = try generate("app-icon-master.png", presets: "ios-single")
        #expect(listing(plain.appendingPathComponent("AppIcon.appiconset")) == ["AppIcon.png", "Contents.json"])
    }

    @Test("re-running gives byte-identical files")
    func idempotent() throws {
        let (folder, _) = try generate("glyph-master.png", presets: "ios,bar-icons,web-clip")
        let first = try listing(folder).map { ($0, try Fixtures.bytes(at: folder.appendingPathComponent($0))) }
        _ = try generate("glyph-master.png", presets: "ios,bar-icons,web-clip", folder: folder)
        let second = try listing(folder).map { ($0, try Fixtures.bytes(at: folder.appendingPathComponent($0))) }
        #expect(first.map(\.0) == second.map(\.0))
        for (a, b) in zip(first, second) { #expect(a.1 == b.1, "\(a.0) changed") }
    }

    @Test("files that come out the same are rendered once; a template of an icon's size is not shared")
    func sharedRenders() throws {
        // ios has two 40 px and two 120 px app icons, web-clip a 76 px touch icon like iPad's; the 50 px
        // tab-bar template (RGBA) has the size of the legacy 50 px iPad icon (RGB).
        let (folder, _) = try generate("glyph-master.png", presets: "ios,ios-legacy,bar-icons,web-clip")
        let file = { (path: String) in try Fixtures.bytes(at: folder.appendingPathComponent(path)) }
        #expect(try file("AppIcon.appiconset/Icon-20@2x.png") == file("AppIcon.appiconset/Icon-40@1x.png"))
        #expect(try file("AppIcon.appiconset/Icon-40@3x.png") == file("AppIcon.appiconset/Icon-60@2x.png"))
        #expect(try file("apple-touch-icon-76.png") == file("AppIcon.appiconset/Icon-76@1x.png"))
        let template = try PNG.decode(file("TabBarIcon.imageset/TabBarIcon@2x.png"))
        let icon = try PNG.decode(file("AppIcon.appiconset/Icon-50@1x.png"))
        #expect(template.info.width == 50 && icon.info.width == 50)
        #expect(template.info.colorType == .rgba && icon.info.colorType == .rgb)
    }

    @Test("progress counts files, shared renders included, and ends at the number written")
    func progressCountsFiles() throws {
        let folder = try Fixtures.temporaryFolder()
        final class Steps: @unchecked Sendable {
            let lock = NSLock()
            var values: [(Int, Int)] = []
        }
        let seen = Steps()
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("ios"))).run(
            source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path, outputFolder: folder.path,
            progress: { done, total in seen.lock.withLock { seen.values.append((done, total)) } })
        let files = report.files.filter { $0.pixels != nil }.count
        let steps = seen.values.sorted { $0.0 < $1.0 }
        #expect(steps.last.map { $0 == (files, files) } == true)
        #expect(steps.count < files) // Icon-20@2x and Icon-40@1x, Icon-40@3x and Icon-60@2x: one render each
    }

    @Test("a corrupt source fails with a clear message and leaves the output folder as it was")
    func corruptSourceLeavesOutput() throws {
        let (folder, _) = try generate("app-icon-master.png", presets: "ios")
        let before = try listing(folder).map { try Fixtures.bytes(at: folder.appendingPathComponent($0)) }
        var options = GenerateOptions(presets: try PresetCatalog.presets("ios"))
        options.background = .black
        let broken = Fixtures.testImages.appendingPathComponent("fixtures/broken-truncated-idat.png").path
        #expect(throws: IconForgeError.decode(path: broken, .truncated("truncated: file ends inside IDAT"))) {
            try Generator(options: options).run(source: broken, outputFolder: folder.path)
        }
        #expect(try listing(folder).map { try Fixtures.bytes(at: folder.appendingPathComponent($0)) } == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasPrefix(".") })
    }

    @Test("a master whose zlib checksum alone is wrong is read, as browsers read it; validate still reports it")
    func uncheckedMasterChecksum() throws {
        let (folder, report) = try generate("fixtures/broken-adler.png", presets: "itunes-artwork") {
            $0.fit = .fill
            $0.allowUpscale = true
        }
        #expect(report.files.count == 2)
        #expect(try decode(folder.appendingPathComponent("iTunesArtwork")).image.width == 512)
        let validated = try Validator().validate([Fixtures.testImages.appendingPathComponent("fixtures/broken-adler.png").path])
        #expect(validated.files[0].findings.map(\.rule) == [.decode])
    }

    @Test("an existing set keeps files and Contents.json entries IconForge does not own")
    func keepsForeignContent() throws {
        let folder = try Fixtures.temporaryFolder()
        let set = folder.appendingPathComponent("AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: set.appendingPathComponent("Watch-44@2x.png"))
        try Data("""
            {"images":[{"filename":"Watch-44@2x.png","idiom":"watch","role":"longLook","scale":"2x","size":"44x44","subtype":"44mm"},
            {"filename":"old-60.png","idiom":"iphone","scale":"3x","size":"60x60"}],"info":{"author":"someone","version":1}}
            """.utf8).write(to: set.appendingPathComponent("Contents.json"))
        _ = try generate("app-icon-master.png", presets: "ios", folder: folder)
        #expect(try String(contentsOf: set.appendingPathComponent("Watch-44@2x.png"), encoding: .utf8) == "mine")
        let images = (try JSONSerialization.jsonObject(with: Data(contentsOf: set.appendingPathComponent("Contents.json"))) as! [String: Any])["images"] as! [[String: Any]]
        #expect(images.count == 19) // 18 of ours, and the watch entry
        #expect(images.last?["idiom"] as? String == "watch")
        // The user's slot keeps the user's file name, and the file is made.
        #expect(images.filter { $0["size"] as? String == "60x60" && $0["scale"] as? String == "3x" }.map { $0["filename"] as? String } == ["old-60.png"])
        #expect(FileManager.default.fileExists(atPath: set.appendingPathComponent("old-60.png").path))
        #expect(!FileManager.default.fileExists(atPath: set.appendingPathComponent("Icon-60@3x.png").path))
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

    @Test("set names can be overridden")
    func renames() throws {
        let (folder, _) = try generate("app-icon-master.png", presets: "ios") { $0.appIconName = "AppIcon-Beta" }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("AppIcon-Beta.appiconset/Icon-60@3x.png").path))
    }

    @Test("the plan lists what would be written without writing")
    func plan() throws {
        let generator = Generator(options: GenerateOptions(presets: try PresetCatalog.presets("ios,ios-legacy")))
        let plan = generator.plan(outputFolder: "/nonexistent").files
        #expect(plan.count == 22) // 21 files and one Contents.json
        #expect(plan.contains { $0.path == "AppIcon.appiconset/Icon-83.5@2x.png" && $0.pixels == PixelSize(width: 167, height: 167) })
    }
}

@Suite("Generator: Apple's other platforms")
struct PlatformPresetTests {
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

    @Test("a custom preset keeps Xcode's watch role and subtype, in Xcode's order")
    func customWatch() throws {
        let json = #"""
            {"name": "mine", "outputs": [
              {"set": "AppIcon.appiconset", "role": "app", "idiom": "watch", "points": "40x40", "scale": 2, "filename": "a.png",
               "xcode-role": "appLauncher", "subtype": "38mm"},
              {"set": "AppIcon.appiconset", "role": "notification", "idiom": "watch", "points": "24x24", "scale": 2, "filename": "b.png",
               "xcode-role": "notificationCenter", "subtype": "38mm"}]}
            """#
        let preset = try Preset.parse(Data(json.utf8), file: "mine.json")
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Generator(options: GenerateOptions(presets: [preset])).run(
            source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path, outputFolder: folder.path, parallelism: .serial)
        let text = try String(contentsOf: folder.appendingPathComponent("AppIcon.appiconset/Contents.json"), encoding: .utf8)
        let notification = try #require(text.range(of: "\"role\" : \"notificationCenter\""))
        let launcher = try #require(text.range(of: "\"role\" : \"appLauncher\""))
        #expect(notification.lowerBound < launcher.lowerBound, "notification centre first, as Xcode orders watch roles")
        #expect(text.contains("\"subtype\" : \"38mm\""))
    }

    @Test("container entries are checked when a preset is read", arguments: [
        (#"{"role": "mac", "idiom": "mac", "pixels": "16x16", "filename": "A.icns", "container": "zip", "entry": "ic04"}"#, "container"),
        (#"{"role": "mac", "idiom": "mac", "pixels": "16x16", "filename": "A.icns", "container": "icns", "entry": "ic99"}"#, "entry"),
        (#"{"role": "mac", "idiom": "mac", "pixels": "32x32", "filename": "A.icns", "container": "icns", "entry": "ic04"}"#, "ic04 holds 16x16"),
        (#"{"role": "mac", "idiom": "mac", "pixels": "16x16", "filename": "A.png", "entry": "ic04"}"#, "needs a \"container\""),
    ])
    func containerFields(entry: String, message: String) {
        let json = #"{"name": "x", "outputs": ["# + entry + "]}"
        do { _ = try Preset.parse(Data(json.utf8), file: "x.json"); Issue.record("accepted") } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }
    @Test("an Xcode 16 single-size set stays single-size under --preset ios, saying so; --replace-layout switches it")
    func layoutIsKept() throws {
        let catalog = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets")
        defer { try? FileManager.default.removeItem(at: catalog.deletingLastPathComponent()) }
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        var single = GenerateOptions(presets: try PresetCatalog.presets("ios-single"))
        single.darkSourcePath = master
        _ = try Generator(options: single).run(source: master, outputFolder: catalog.path)
        let set = catalog.appendingPathComponent("AppIcon.appiconset")
        let before = try FileManager.default.contentsOfDirectory(atPath: set.path).sorted()
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("ios"))).run(source: master, outputFolder: catalog.path)
        #expect(report.notes.first?.contains("kept AppIcon.appiconset's single-size (Xcode 16) layout") == true, "\(report.notes)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: set.path).sorted() == before)
        #expect(PresetCatalog.matchingPresets(iconSet: set.path) == ["ios-single"])
        var replacing = GenerateOptions(presets: try PresetCatalog.presets("ios"))
        replacing.replacesLayout = true
        _ = try Generator(options: replacing).run(source: master, outputFolder: catalog.path)
        #expect(PresetCatalog.matchingPresets(iconSet: set.path) == ["ios"])
    }
}
