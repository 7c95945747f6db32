import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// Android's resources besides the launcher icon: the status-bar notification icon, the TV banner, the Android 12
/// splash screen icon. Masters and broken files are made here.
@Suite("Android notification, TV and splash screen icons")
struct AndroidExtrasTests {
    static let densities = [("mdpi", 1.0), ("hdpi", 1.5), ("xhdpi", 2.0), ("xxhdpi", 3.0), ("xxxhdpi", 4.0)]

    func generate(_ master: String, presets: String, into folder: URL? = nil,
                          configure: (inout GenerateOptions) -> Void = { _ in }) throws -> (URL, GenerationReport) {
        let output = try folder ?? Fixtures.temporaryFolder().appendingPathComponent("out")
        var options = GenerateOptions(presets: try PresetCatalog.presets(presets))
        configure(&options)
        let report = try Generator(options: options).run(source: Fixtures.testImages.appendingPathComponent(master).path, outputFolder: output.path)
        return (output, report)
    }

    func decode(_ url: URL) throws -> DecodedPNG { try PNG.decode(Fixtures.bytes(at: url)) }

    func write(_ image: Image, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(PNG.encode(image)).write(to: url)
    }

    func findings(_ folder: URL) throws -> [Finding] { try Validator().validate([folder.path]).files.flatMap(\.findings) }

    @Test("notification icon, from a logo and from a full-bleed picture: 24 dp at every density, white only, with transparency; validate is clean",
          arguments: ["glyph-master.png", "app-icon-master.png"])
    func notification(master: String) throws {
        let (folder, _) = try generate(master, presets: "android-notification")
        for (density, factor) in Self.densities {
            let decoded = try decode(folder.appendingPathComponent("drawable-\(density)/ic_stat_notification.png"))
            let side = Int(24 * factor)
            #expect(decoded.info.width == side && decoded.info.height == side && decoded.info.colorType == .rgba)
            var transparent = 0, opaque = 0
            for y in 0..<side {
                for x in 0..<side {
                    let pixel = decoded.image.pixel(x: x, y: y)
                    if pixel[3] == 0 { transparent += 1 }
                    if pixel[3] > 0 { #expect(pixel[0] >= 250 && pixel[1] >= 250 && pixel[2] >= 250, "\(density) (\(x), \(y)) is \(pixel)") }
                    if pixel[3] > 128 { opaque += 1 }
                }
            }
            // A glyph, not a square: the 2 dp padding at least is clear, and there is something to see.
            #expect(transparent >= side * side / 6 && opaque > side * side / 20, "\(density): \(transparent) transparent, \(opaque) opaque")
        }
        #expect(try findings(folder).isEmpty)
    }

    @Test("validate: an opaque notification icon (a white square) and a coloured one are errors; in a res/ folder's drawables too")
    func notificationChecks() throws {
        let root = try Fixtures.temporaryFolder()
        var coloured = Image(width: 48, height: 48)
        for y in 8..<40 { for x in 8..<40 { coloured.setPixel(x: x, y: y, SIMD4(220, 40, 40, 255)) } }
        try write(Image(width: 48, height: 48, fill: SIMD4(255, 255, 255, 255)), to: root.appendingPathComponent("res/drawable-xhdpi/ic_stat_square.png"))
        try write(coloured, to: root.appendingPathComponent("res/drawable-xhdpi/ic_stat_red.png"))
        var white = Image(width: 48, height: 48)
        for y in 8..<40 { for x in 8..<40 { white.setPixel(x: x, y: y, SIMD4(255, 255, 255, 255)) } }
        try write(white, to: root.appendingPathComponent("res/drawable-xhdpi/ic_stat_good.png"))
        // Not a notification icon by its name: no such rules.
        try write(coloured, to: root.appendingPathComponent("res/drawable-xhdpi/photo.png"))
        let report = try Validator().validate([root.path])
        func errors(_ name: String) -> [String] {
            report.files.filter { $0.path.hasSuffix(name) }.flatMap(\.findings).filter { $0.rule == .notificationIcon }.map(\.message)
        }
        #expect(errors("ic_stat_square.png").count == 1 && errors("ic_stat_square.png")[0].contains("white square"))
        #expect(errors("ic_stat_red.png").count == 1 && errors("ic_stat_red.png")[0].contains("has colour"))
        #expect(errors("ic_stat_good.png").isEmpty && errors("photo.png").isEmpty)
        // 24 dp at the folder's density (48 px at xhdpi): another size is a warning.
        var small = Image(width: 40, height: 40)
        for y in 8..<32 { for x in 8..<32 { small.setPixel(x: x, y: y, SIMD4(255, 255, 255, 255)) } }
        try write(small, to: root.appendingPathComponent("res/drawable-xhdpi/ic_stat_small.png"))
        let sized = try Validator().validate([root.path]).files.filter { $0.path.hasSuffix("ic_stat_small.png") }.flatMap(\.findings)
        #expect(sized.map(\.severity) == [.warning] && sized.first?.message == "ic_stat_small.png is 40x40 but should be 48x48 (24 dp at xhdpi); Android scales it")
        // The same files in a project's res/ (with launcher icons, whose drawables the walk does not enter) are checked.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("res/mipmap-anydpi-v26"), withIntermediateDirectories: true)
        let inProject = try Validator().validate([root.appendingPathComponent("res").path]).files.flatMap(\.findings).filter { $0.rule == .notificationIcon }
        #expect(inProject.filter { $0.severity == .error }.count == 2 && inProject.count == 3)
    }

    @Test("a full-bleed master whose glyph cannot be separated writes no notification icon, and says why")
    func notificationWithoutGlyph() throws {
        let master = try Fixtures.temporaryFolder().appendingPathComponent("flat.png")
        try write(Image(width: 512, height: 512, fill: SIMD4(30, 90, 200, 255)), to: master)
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("out")
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android-notification"))).run(source: master.path, outputFolder: folder.path)
        #expect(report.files.isEmpty)
        #expect(report.warnings.contains { $0.contains("no notification icon was written") })
    }

    @Test("TV banner: 320x180 opaque, the logo centred on --background; the manifest snippet names it and LEANBACK_LAUNCHER")
    func tvBanner() throws {
        let background = RGBColor(red: 10, green: 20, blue: 30)
        let (folder, _) = try generate("glyph-master.png", presets: "android-tv") { $0.background = background }
        let banner = try decode(folder.appendingPathComponent("drawable-xhdpi/banner.png"))
        #expect(banner.info.width == 320 && banner.info.height == 180 && banner.info.colorType == .rgb)
        #expect(banner.image.pixel(x: 2, y: 2) == SIMD4(10, 20, 30, 255) && banner.image.pixel(x: 317, y: 177) == SIMD4(10, 20, 30, 255))
        // The logo's middle is in the banner's middle, and it is not the background.
        var changed = 0
        for x in 120..<200 where banner.image.pixel(x: x, y: 90) != SIMD4(10, 20, 30, 255) { changed += 1 }
        #expect(changed > 20)
        let snippet = String(decoding: try Fixtures.bytes(at: folder.appendingPathComponent("AndroidManifest-tv.xml")), as: UTF8.self)
        #expect(snippet.contains("android:banner=\"@drawable/banner\"") && snippet.contains("android.intent.category.LEANBACK_LAUNCHER"))
        // A full-bleed master sits on its own edge colour (it continues into the banner), not on --background.
        let (picture, _) = try generate("app-icon-master.png", presets: "android-tv") { $0.background = background }
        let fullBleed = try decode(picture.appendingPathComponent("drawable-xhdpi/banner.png"))
        #expect(fullBleed.info.width == 320 && fullBleed.info.height == 180)
        #expect(fullBleed.image.pixel(x: 2, y: 2) == fullBleed.image.pixel(x: 317, y: 177) && fullBleed.image.pixel(x: 2, y: 2) != SIMD4(10, 20, 30, 255))
    }

    @Test("TV banner into a project whose manifest names its own (Jellyfin's @mipmap/app_banner, a PNG per density): each density's refreshed at 160x90 dp, the old ones backed up, no drawable-xhdpi/banner.png nor manifest lines")
    func manifestNamedBanner() throws {
        let root = try Fixtures.temporaryFolder()
        let main = root.appendingPathComponent("app/src/main")
        try FileManager.default.createDirectory(at: main.appendingPathComponent("res/values"), withIntermediateDirectories: true)
        try Data(##"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:icon="@mipmap/app_icon" android:banner="@mipmap/app_banner"><activity android:name=".Main"><intent-filter><category android:name="android.intent.category.LEANBACK_LAUNCHER"/></intent-filter></activity></application></manifest>"##.utf8)
            .write(to: main.appendingPathComponent("AndroidManifest.xml"))
        for (density, factor) in Self.densities {
            try write(Image(width: Int(160 * factor), height: Int(90 * factor), fill: SIMD4(1, 2, 3, 255)), to: main.appendingPathComponent("res/mipmap-\(density)/app_banner.png"))
        }
        let (_, report) = try generate("glyph-master.png", presets: "android-tv", into: root) { $0.background = RGBColor(red: 10, green: 20, blue: 30) }
        for (density, factor) in Self.densities {
            let banner = try decode(main.appendingPathComponent("res/mipmap-\(density)/app_banner.png"))
            #expect(banner.info.width == Int(160 * factor) && banner.info.height == Int(90 * factor), "\(density)")
            #expect(banner.image.pixel(x: 1, y: 1) == SIMD4(10, 20, 30, 255), "\(density)")
        }
        for path in ["res/drawable-xhdpi/banner.png", "AndroidManifest-tv.xml"] {
            #expect(!FileManager.default.fileExists(atPath: main.appendingPathComponent(path).path), "\(path)")
        }
        #expect(report.notes.contains("drew the TV banner the manifest names, @mipmap/app_banner, in its 5 density folders: no manifest lines to add"), "\(report.notes)")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        #expect(files.filter { $0.contains(".iconforge-backup/") && $0.hasSuffix("app_banner.png") }.count == 5, "\(files)")
    }

    @Test("into a project, the new resources go into app/src/main/res and their snippets beside it")
    func intoProject() throws {
        let root = try Fixtures.temporaryFolder()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("app/src/main/res/values"), withIntermediateDirectories: true)
        _ = try generate("glyph-master.png", presets: "android-notification,android-tv,android-splash", into: root)
        for path in ["app/src/main/res/drawable-mdpi/ic_stat_notification.png", "app/src/main/res/drawable-xhdpi/banner.png",
                     "app/src/main/res/drawable-xxxhdpi/splash_icon.png", "app/src/main/AndroidManifest-tv.xml", "app/src/main/splash-screen-v31.xml"] {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("app/src/main/res/splash-screen-v31.xml").path))
    }

    private func svgMaster(_ body: String, attributes: String = ##"viewBox="0 0 64 64""##) throws -> String {
        let url = try Fixtures.temporaryFolder().appendingPathComponent("logo.svg")
        try Data(##"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" \##(attributes)><title>Logo</title><defs/>\##(body)</svg>"##.utf8).write(to: url)
        return url.path
    }

    private func notificationRun(_ master: String) throws -> (URL, GenerationReport) {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("res")
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android-notification"))).run(source: master, outputFolder: folder.path)
        return (folder, report)
    }

    @Test("notification icon from an SVG of filled paths: also drawable-anydpi-v24/ic_stat_notification.xml, every path white, evenodd kept, the viewBox in the 20 dp live area; a rerun changes nothing")
    func notificationVector() throws {
        let master = try svgMaster(##"<g fill="#123456"><path d="M8 8 H56 V56 H8 Z M20 20 H44 V44 H20 Z" fill-rule="evenodd"/><path style="fill:#ff0000;fill-opacity:1" d="M30,30 L34,30 L34,34 Z"/></g><path d="M0 0h4v4H0z" fill="none"/>"##)
        let (folder, report) = try notificationRun(master)
        let url = folder.appendingPathComponent("drawable-anydpi-v24/ic_stat_notification.xml")
        let xml = String(decoding: try Fixtures.bytes(at: url), as: UTF8.self)
        #expect(xml.contains(##"android:viewportWidth="76.8""##) && xml.contains(##"<group android:translateX="6.4" android:translateY="6.4">"##), "\(xml)")
        #expect(xml.components(separatedBy: ##"android:fillColor="#FFFFFFFF""##).count == 3, "two drawn paths, the unfilled one left out")
        #expect(xml.contains("android:fillType=\"evenOdd\"\n            android:pathData=\"M8 8 H56 V56 H8 Z M20 20 H44 V44 H20 Z\"/>"))
        #expect(xml.contains(##"android:pathData="M30,30 L34,30 L34,34 Z"/>"##) && xml.components(separatedBy: "evenOdd").count == 2)
        #expect(report.files.map(\.path).contains("drawable-anydpi-v24/ic_stat_notification.xml"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("drawable-xxxhdpi/ic_stat_notification.png").path))
        #expect(try findings(folder).filter { $0.severity == .error }.isEmpty)
        let before = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android-notification"))).run(source: master, outputFolder: folder.path)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date == before)
    }

    static let notVectorizable: [String] = [
        ##"<path d="M8 8H56V56H8Z" stroke="#000" stroke-width="2"/>"##,
        ##"<linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient><path d="M8 8H56V56H8Z" fill="url(#g)"/>"##,
        ##"<g transform="rotate(45)"><path d="M8 8H56V56H8Z"/></g>"##,
        ##"<path d="M0 0H64V64H0Z" fill="#204080"/><path d="M20 20H44V44H20Z" fill="#FFFFFF"/>"##,
    ]

    @Test("no vector notification icon from an SVG with a stroke, a gradient or a transform (PNGs only, with a note), nor from a full-bleed SVG (its glyph is separated from the picture)",
          arguments: notVectorizable)
    func noNotificationVector(body: String) throws {
        let (folder, report) = try notificationRun(try svgMaster(body))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("drawable-anydpi-v24").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("drawable-mdpi/ic_stat_notification.png").path))
        let fullBleed = body.hasPrefix(##"<path d="M0 0H64V64H0Z""##)
        #expect(report.notes.contains { $0.contains("more than filled paths") } == !fullBleed, "\(report.notes)")
    }

    @Test("TV banner with the app's name: the logo on the left, the name in the stroke font beside it in a colour that reads on the background; a name too long to read leaves the logo alone, with a warning")
    func tvBannerText() throws {
        let dark = RGBColor(red: 10, green: 20, blue: 30)
        let (folder, report) = try generate("glyph-master.png", presets: "android-tv") { $0.background = dark; $0.bannerText = "Forge" }
        #expect(!report.warnings.contains { $0.contains("too long") }, "\(report.warnings)")
        let banner = try decode(folder.appendingPathComponent("drawable-xhdpi/banner.png"))
        #expect(banner.info.width == 320 && banner.info.height == 180)
        // White ink in the right half (the name), none in the margins; the logo in the left half.
        var white = 0, leftChanged = 0
        for y in 0..<180 {
            for x in 0..<320 {
                let pixel = banner.image.pixel(x: x, y: y)
                if x >= 160, pixel[0] > 200, pixel[1] > 200, pixel[2] > 200 { white += 1 }
                if x < 150, pixel != SIMD4(10, 20, 30, 255) { leftChanged += 1 }
                if x < 4 || x > 315 || y < 4 || y > 175 { #expect(pixel == SIMD4(10, 20, 30, 255), "(\(x), \(y)) is \(pixel)") }
            }
        }
        #expect(white > 300 && leftChanged > 1000, "\(white) white pixels of text, \(leftChanged) of logo")
        // On a light background the name is dark.
        let (light, _) = try generate("glyph-master.png", presets: "android-tv") { $0.background = .white; $0.bannerText = "Forge" }
        let onLight = try decode(light.appendingPathComponent("drawable-xhdpi/banner.png"))
        var darkInk = 0
        for y in 0..<180 { for x in 160..<320 where onLight.image.pixel(x: x, y: y)[0] < 60 { darkInk += 1 } }
        #expect(darkInk > 300)
        // Too long to be legible: the logo alone, centred, as without a name.
        let (long, warned) = try generate("glyph-master.png", presets: "android-tv") { $0.background = dark; $0.bannerText = String(repeating: "LONG NAME ", count: 8) }
        let (plain, _) = try generate("glyph-master.png", presets: "android-tv") { $0.background = dark }
        #expect(try decode(long.appendingPathComponent("drawable-xhdpi/banner.png")).image == decode(plain.appendingPathComponent("drawable-xhdpi/banner.png")).image)
        #expect(warned.warnings.contains { $0.contains("too long to be legible") })
    }

    @Test("validate: the manifest's android:banner exists at 320x180 in drawable-xhdpi (another 16:9 size a warning, another shape an error, undefined an error); a TV app with no banner is warned; an android:icon nothing defines is an error")
    func manifestBannerAndIcon() throws {
        func project(manifest: String, banner: PixelSize?) throws -> [Finding] {
            let root = try Fixtures.temporaryFolder()
            let main = root.appendingPathComponent("app/src/main")
            try FileManager.default.createDirectory(at: main.appendingPathComponent("res/mipmap-anydpi"), withIntermediateDirectories: true)
            try Data(manifest.utf8).write(to: main.appendingPathComponent("AndroidManifest.xml"))
            try Data(##"<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android"><background android:drawable="@android:color/white"/><foreground android:drawable="@android:color/black"/><monochrome android:drawable="@android:color/black"/></adaptive-icon>"##.utf8)
                .write(to: main.appendingPathComponent("res/mipmap-anydpi/ic_launcher.xml"))
            if let banner { try write(Image(width: banner.width, height: banner.height, fill: SIMD4(0, 0, 0, 255)), to: main.appendingPathComponent("res/drawable-xhdpi/tv_banner.png")) }
            return try findings(main.appendingPathComponent("res")).filter { [.tvBanner, .manifestIcon].contains($0.rule) }
        }
        let tv = ##"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:icon="@mipmap/ic_launcher" android:banner="@drawable/tv_banner"><activity android:name=".Main"><intent-filter><category android:name="android.intent.category.LEANBACK_LAUNCHER"/></intent-filter></activity></application></manifest>"##
        #expect(try project(manifest: tv, banner: PixelSize(width: 320, height: 180)).isEmpty)
        let scaled = try project(manifest: tv, banner: PixelSize(width: 640, height: 360))
        #expect(scaled.map(\.severity) == [.warning] && scaled.first?.message == "drawable-xhdpi/tv_banner.png, the TV banner, is 640x360 but should be 320x180: Android TV scales it")
        #expect(try project(manifest: tv, banner: PixelSize(width: 180, height: 180)).map(\.severity) == [.error])
        let missing = try project(manifest: tv, banner: nil)
        #expect(missing.map(\.severity) == [.error] && missing.first?.message.hasPrefix("the manifest's android:banner is @drawable/tv_banner, which no resource of this project defines") == true)
        let noBanner = try project(manifest: tv.replacingOccurrences(of: ##" android:banner="@drawable/tv_banner""##, with: ""), banner: nil)
        #expect(noBanner.map(\.severity) == [.warning] && noBanner.first?.message.contains("names no android:banner") == true)
        // Tasks.org's @mipmap/ic_launcher_blue with nothing of that name: an error; the framework's icon is no reference to check.
        let blue = try project(manifest: tv.replacingOccurrences(of: "@mipmap/ic_launcher\"", with: "@mipmap/ic_launcher_blue\""), banner: PixelSize(width: 320, height: 180))
        #expect(blue.map(\.rule) == [.manifestIcon] && blue.first?.severity == .error && blue.first?.message.contains("@mipmap/ic_launcher_blue") == true)
        #expect(try project(manifest: tv.replacingOccurrences(of: "@mipmap/ic_launcher\"", with: "@android:drawable/sym_def_app_icon\""), banner: PixelSize(width: 320, height: 180)).isEmpty)
    }

    @Test("validate: a banner in drawable-nodpi (Aves' banner.png, 320x180) is never scaled for the density, so it is the banner as it is drawn: no warning that it lacks an xhdpi bitmap; its size is checked as an xhdpi one's")
    func nodpiBanner() throws {
        func findings(banner: PixelSize) throws -> [Finding] {
            let root = try Fixtures.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: root) }
            let main = root.appendingPathComponent("app/src/main")
            try FileManager.default.createDirectory(at: main.appendingPathComponent("res/mipmap-anydpi"), withIntermediateDirectories: true)
            try Data(##"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:icon="@mipmap/ic_launcher" android:banner="@drawable/banner"><activity android:name=".Main"><intent-filter><category android:name="android.intent.category.LEANBACK_LAUNCHER"/></intent-filter></activity></application></manifest>"##.utf8)
                .write(to: main.appendingPathComponent("AndroidManifest.xml"))
            try Data(##"<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android"><background android:drawable="@android:color/white"/><foreground android:drawable="@android:color/black"/><monochrome android:drawable="@android:color/black"/></adaptive-icon>"##.utf8)
                .write(to: main.appendingPathComponent("res/mipmap-anydpi/ic_launcher.xml"))
            try write(Image(width: banner.width, height: banner.height, fill: SIMD4(0, 0, 0, 255)), to: main.appendingPathComponent("res/drawable-nodpi/banner.png"))
            return try self.findings(main.appendingPathComponent("res")).filter { $0.rule == .tvBanner }
        }
        #expect(try findings(banner: PixelSize(width: 320, height: 180)).isEmpty)
        let scaled = try findings(banner: PixelSize(width: 640, height: 360))
        #expect(scaled.map(\.message) == ["drawable-nodpi/banner.png, the TV banner, is 640x360 but should be 320x180: Android TV scales it"], "\(scaled)")
    }

    @Test("validate: the launcher icon named as android:banner too (LibreTube's @mipmap/ic_launcher) is a warning on the manifest that asks for a banner of its own, not an error that its square launcher PNG is not 320x180")
    func launcherIconAsBanner() throws {
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let res = root.appendingPathComponent("app/src/main/res")
        try FileManager.default.createDirectory(at: res, withIntermediateDirectories: true)
        try Data(##"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:banner="@mipmap/ic_launcher" android:icon="@mipmap/ic_launcher" android:roundIcon="@mipmap/ic_launcher_round"><activity android:name=".Main"><intent-filter><category android:name="android.intent.category.LEANBACK_LAUNCHER"/></intent-filter></activity></application></manifest>"##.utf8)
            .write(to: root.appendingPathComponent("app/src/main/AndroidManifest.xml"))
        for (folder, side) in [("mdpi", 48), ("hdpi", 72), ("xhdpi", 96), ("xxhdpi", 144), ("xxxhdpi", 192)] {
            for name in ["ic_launcher", "ic_launcher_round"] {
                try write(Image(width: side, height: side, fill: SIMD4(200, 30, 30, 255)), to: res.appendingPathComponent("mipmap-\(folder)/\(name).png"))
            }
        }
        let found = try findings(root).filter { $0.rule == .tvBanner }
        #expect(found.map(\.severity) == [.warning], "\(found)")
        #expect(found.first?.message == "the manifest's android:banner is @mipmap/ic_launcher, the app's launcher icon: it is square, and Android TV's row of apps draws the banner in a 16:9 frame (320x180 dp) it does not fill")
        #expect(found.first?.fix.contains("android:banner=\"@drawable/banner\"") == true)
    }

    @Test("validate: a TV app's launcher icons at Android TV's 80 dp (Jellyfin's app_icon, 80x80 at mdpi to 320x320 at xxxhdpi) are right; the same in a phone app are errors")
    func tvLauncherIconSize() throws {
        func findings(tv: Bool) throws -> [Finding] {
            let root = try Fixtures.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: root) }
            let main = root.appendingPathComponent("app/src/main")
            let category = tv ? "android.intent.category.LEANBACK_LAUNCHER" : "android.intent.category.LAUNCHER"
            try FileManager.default.createDirectory(at: main.appendingPathComponent("res/mipmap-anydpi-v26"), withIntermediateDirectories: true)
            try Data("android { defaultConfig { minSdk = 23 } }\n".utf8).write(to: root.appendingPathComponent("app/build.gradle.kts"))
            try Data(##"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:icon="@mipmap/app_icon"><activity android:name=".Main"><intent-filter><category android:name="\##(category)"/></intent-filter></activity></application></manifest>"##.utf8)
                .write(to: main.appendingPathComponent("AndroidManifest.xml"))
            try Data(##"<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android"><background android:drawable="@android:color/white"/><foreground android:drawable="@android:color/black"/><monochrome android:drawable="@android:color/black"/></adaptive-icon>"##.utf8)
                .write(to: main.appendingPathComponent("res/mipmap-anydpi-v26/app_icon.xml"))
            for (density, factor) in Self.densities {
                let side = Int(80 * factor)
                try write(Image(width: side, height: side, fill: SIMD4(0, 0, 255, 255)), to: main.appendingPathComponent("res/mipmap-\(density)/app_icon.png"))
            }
            return try self.findings(main.appendingPathComponent("res")).filter { $0.rule == .size }
        }
        #expect(try findings(tv: true).isEmpty)
        let phone = try findings(tv: false)
        #expect(phone.count == 5 && phone.allSatisfy { $0.severity == .error }, "\(phone)")
        #expect(phone.contains { $0.message.hasPrefix("mipmap-xhdpi/app_icon is 160x160 but should be 96x96") }, "\(phone)")
    }

    @Test("validate checks the launcher icon the manifest names (Tasks.org's @mipmap/ic_launcher_blue): its densities and adaptive icon, not an ic_launcher the app never shows")
    func manifestNamedLauncher() throws {
        let root = try Fixtures.temporaryFolder()
        let main = root.appendingPathComponent("app/src/main")
        try FileManager.default.createDirectory(at: main.appendingPathComponent("res/mipmap-anydpi-v26"), withIntermediateDirectories: true)
        try Data("android { defaultConfig { minSdk = 21 } }\n".utf8).write(to: root.appendingPathComponent("app/build.gradle.kts"))
        try Data(##"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:icon="@mipmap/ic_launcher_blue"/></manifest>"##.utf8)
            .write(to: main.appendingPathComponent("AndroidManifest.xml"))
        try Data(##"<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android"><background android:drawable="@android:color/white"/><foreground android:drawable="@android:color/black"/></adaptive-icon>"##.utf8)
            .write(to: main.appendingPathComponent("res/mipmap-anydpi-v26/ic_launcher_blue.xml"))
        for (density, factor) in Self.densities where density != "xxhdpi" {
            let side = Int(48 * factor)
            try write(Image(width: side, height: side, fill: SIMD4(0, 0, 255, 255)), to: main.appendingPathComponent("res/mipmap-\(density)/ic_launcher_blue.png"))
        }
        try write(Image(width: 100, height: 100, fill: SIMD4(0, 0, 255, 255)), to: main.appendingPathComponent("res/mipmap-xxxhdpi/ic_launcher_blue.png"))
        let messages = try findings(main.appendingPathComponent("res")).filter { $0.severity == .error || $0.rule == .adaptiveIcon }.map(\.message)
        #expect(messages.contains("mipmap-xxhdpi/ic_launcher_blue is missing (144x144); devices of that density scale another one"), "\(messages)")
        #expect(messages.contains { $0.hasPrefix("mipmap-xxxhdpi/ic_launcher_blue is 100x100 but should be 192x192") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("ic_launcher_blue.xml has no <monochrome> layer") }, "\(messages)")
        #expect(!messages.contains { $0.contains("ic_launcher is missing") || $0.contains("no mipmap-anydpi-v26") }, "\(messages)")
    }

    @Test("a manifest naming a drawable (PeopleInSpace's Wear OS app): the warning names that drawable, not an ic_launcher the app never shows; an adaptive one is no warning")
    func manifestNamedDrawable() throws {
        func findings(adaptive: Bool) throws -> [String] {
            let root = try Fixtures.temporaryFolder()
            let main = root.appendingPathComponent("wear/src/main")
            try FileManager.default.createDirectory(at: main.appendingPathComponent("res/drawable"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: main.appendingPathComponent("res/mipmap-mdpi"), withIntermediateDirectories: true)
            try Data("android { defaultConfig { minSdk = 30 } }\n".utf8).write(to: root.appendingPathComponent("wear/build.gradle.kts"))
            try Data(##"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:icon="@drawable/ic_station"/></manifest>"##.utf8)
                .write(to: main.appendingPathComponent("AndroidManifest.xml"))
            let drawable = adaptive
                ? ##"<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android"><background android:drawable="@android:color/white"/><foreground android:drawable="@android:color/black"/></adaptive-icon>"##
                : ##"<vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="24dp" android:height="24dp" android:viewportWidth="24" android:viewportHeight="24"><path android:fillColor="#FFF" android:pathData="M0,0h24v24h-24z"/></vector>"##
            try Data(drawable.utf8).write(to: main.appendingPathComponent("res/drawable/ic_station.xml"))
            try write(Image(width: 48, height: 48, fill: SIMD4(0, 0, 255, 255)), to: main.appendingPathComponent("res/mipmap-mdpi/ic_other.png"))
            return try self.findings(main.appendingPathComponent("res")).filter { $0.rule == .adaptiveIcon }.map(\.message)
        }
        let vector = try findings(adaptive: false)
        #expect(vector.contains { $0.contains("@drawable/ic_station, is no adaptive icon") }, "\(vector)")
        #expect(!vector.contains { $0.contains("ic_launcher") }, "\(vector)")
        #expect(try findings(adaptive: true).isEmpty)
    }
}
