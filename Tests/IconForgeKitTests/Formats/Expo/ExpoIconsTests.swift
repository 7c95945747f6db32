import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// `generate MASTER --out .` in an Expo app: the images its configuration names, written where it names them.
@Suite("Expo: generate")
struct ExpoIconsTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
    static let glyph = Fixtures.testImages.appendingPathComponent("glyph-master.png").path

    /// create-expo-app's SDK 54 app.json, as its template lays it out (keys, indentation, the plugins' tuples).
    static let template = """
        {
          "expo": {
            "name": "my-app",
            "icon": "./assets/images/icon.png",
            "ios": {
              "supportsTablet": true
            },
            "android": {
              "adaptiveIcon": {
                "backgroundColor": "#E6F4FE",
                "foregroundImage": "./assets/images/android-icon-foreground.png",
                "monochromeImage": "./assets/images/android-icon-monochrome.png"
              },
              "edgeToEdgeEnabled": true
            },
            "web": {
              "output": "static",
              "favicon": "./assets/images/favicon.png"
            },
            "plugins": [
              "expo-router",
              [
                "expo-splash-screen",
                {
                  "image": "./assets/images/splash-icon.png",
                  "imageWidth": 200,
                  "resizeMode": "contain",
                  "backgroundColor": "#ffffff"
                }
              ]
            ]
          }
        }

        """

    struct Outcome {
        var reports: [GenerationReport]
        var warnings: [String] { reports.flatMap(\.warnings) }
        var notes: [String] { reports.flatMap(\.notes) }
    }

    @discardableResult
    static func generate(_ presets: String, master: String = master, into root: URL, options: GenerateOptions = GenerateOptions(presets: [])) throws -> Outcome {
        let request = try GenerateRequest(sources: [master], presets: presets, out: root.path, options: options)
        var reports: [GenerationReport] = []
        for destination in try request.destinations() {
            reports.append(try Generator(options: destination.options).run(source: master, outputFolder: destination.out, parallelism: .serial))
        }
        return Outcome(reports: reports)
    }

    /// Every file under `root` but IconForge's own ledger and backups, by relative path.
    static func files(_ root: URL) throws -> [String: [UInt8]] {
        try Fixtures.snapshot(root).filter { !$0.key.hasPrefix(".iconforge") }
    }

    static func size(_ root: URL, _ path: String) throws -> PixelSize {
        try PNG.decode(try Fixtures.bytes(at: root.appendingPathComponent(path))).image.size
    }

    @Test("The SDK 54 template without ios/ or android/: each named image at Expo's size, the user's 512 px icon kept in the backup and refreshed at 1024, app.json untouched, nothing else made, a rerun writes nothing, validate then clean")
    func managedProject() throws {
        let root = try ExpoChecksTests.project(Self.template, files: ["assets/images/icon.png": try ExpoChecksTests.png(512),
                                                                     "assets/images/favicon.png": try ExpoChecksTests.png(48)])
        let appJSON = try Fixtures.bytes(at: root.appendingPathComponent("app.json"))
        #expect(try ProjectLayout.routes(presets: ["ios", "android", "web"], out: root.path).map(\.folder) == [root.path])
        let outcome = try Self.generate("ios,android,web", into: root)
        #expect(try Self.size(root, "assets/images/icon.png") == PixelSize(width: 1024, height: 1024))
        #expect(try PNG.info(try Fixtures.bytes(at: root.appendingPathComponent("assets/images/icon.png"))).colorType == .rgb)
        #expect(try Self.size(root, "assets/images/android-icon-foreground.png") == PixelSize(width: 1024, height: 1024))
        #expect(try Self.size(root, "assets/images/favicon.png") == PixelSize(width: 48, height: 48))
        #expect(try Self.size(root, "assets/images/splash-icon.png") == PixelSize(width: 1024, height: 1024))
        #expect(try Fixtures.bytes(at: root.appendingPathComponent("app.json")) == appJSON)
        #expect(outcome.notes.contains { $0.contains("kept your assets/images/icon.png") })
        let made = try Self.files(root).keys.sorted()
        #expect(made == ["app.json", "assets/images/android-icon-foreground.png", "assets/images/android-icon-monochrome.png", "assets/images/favicon.png",
                         "assets/images/icon.png", "assets/images/splash-icon.png"], "\(made)")
        let before = try Fixtures.snapshot(root)
        try Self.generate("ios,android,web", into: root)
        #expect(try Fixtures.snapshot(root) == before)
        let validation = try Validator().validate([root.path])
        #expect(validation.errors == 0 && validation.warnings == 0, "\(validation.files.flatMap(\.findings).map(\.line))")
    }

    @Test("The master is one of the named files (icon.png): it is never written, said in one line; the other images are")
    func masterIsNamed() throws {
        let root = try ExpoChecksTests.project(#"{"expo": {"icon": "./icon.png", "web": {"favicon": "./favicon.png"}}}"#,
                                               files: ["icon.png": try Fixtures.bytes(at: URL(fileURLWithPath: Self.master))])
        let master = root.appendingPathComponent("icon.png").path
        let before = try Fixtures.bytes(at: root.appendingPathComponent("icon.png"))
        let outcome = try Self.generate("ios,web", master: master, into: root)
        #expect(try Fixtures.bytes(at: root.appendingPathComponent("icon.png")) == before)
        #expect(outcome.warnings.contains { $0.contains("icon.png: not written: it is an input of this run") })
        #expect(try Self.size(root, "favicon.png") == PixelSize(width: 48, height: 48))
    }

    @Test("icon and the adaptive foreground name one file: written once, as iOS's opaque icon, and said; a designed monochrome is kept")
    func sharedFile() throws {
        let json = #"{"expo": {"icon": "./assets/icon.png", "android": {"adaptiveIcon": {"foregroundImage": "./assets/icon.png", "monochromeImage": "./assets/mono.png"}}}}"#
        let mono = try ExpoChecksTests.png(1024, colour: SIMD4(255, 255, 255, 255), disc: 0.5)
        let root = try ExpoChecksTests.project(json, files: ["assets/mono.png": mono])
        let outcome = try Self.generate("ios,android", into: root)
        #expect(try PNG.info(try Fixtures.bytes(at: root.appendingPathComponent("assets/icon.png"))).colorType == .rgb)
        #expect(outcome.notes.contains { $0.contains("android.adaptiveIcon.foregroundImage names the same file as icon") })
        #expect(outcome.notes.contains { $0.contains("your designed monochrome layer") })
        #expect(try Fixtures.bytes(at: root.appendingPathComponent("assets/mono.png")) == mono)
    }

    @Test("A committed android/ (prebuild's output kept in git): app.json's images at the root and the res/ folder as before")
    func committedAndroid() throws {
        let root = try ExpoChecksTests.project(Self.template, files: [:])
        try FileManager.default.createDirectory(at: root.appendingPathComponent("android/app/src/main/res/mipmap-hdpi"), withIntermediateDirectories: true)
        let routes = try ProjectLayout.routes(presets: ["ios", "android"], out: root.path)
        #expect(routes.map(\.folder) == [root.path, root.appendingPathComponent("android").path])
        #expect(routes.map(\.presets) == [["ios", "android"], ["android"]])
        try Self.generate("ios,android", into: root)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("assets/images/android-icon-foreground.png").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("android/app/src/main/res/mipmap-anydpi-v26/ic_launcher.xml").path))
    }

    @Test("--android-background COLOR other than app.json's: backgroundColor set in app.json's own text, every other byte kept; a code config is told, not edited")
    func backgroundColour() throws {
        let root = try ExpoChecksTests.project(Self.template, files: [:])
        var options = GenerateOptions(presets: [])
        options.androidBackground = .color(RGBColor(red: 0x12, green: 0x34, blue: 0x56))
        let outcome = try Self.generate("android", master: Self.glyph, into: root, options: options)
        let text = String(decoding: try Fixtures.bytes(at: root.appendingPathComponent("app.json")), as: UTF8.self)
        #expect(text == Self.template.replacingOccurrences(of: "#E6F4FE", with: "#123456"))
        #expect(outcome.notes.contains { $0.contains("set android.adaptiveIcon.backgroundColor in app.json to \"#123456\"") })
        let code = try ExpoConfigTests.project(["app.config.ts": """
            export default { android: { adaptiveIcon: { foregroundImage: "./fg.png", backgroundColor: "#ffffff" } } };
            """])
        let before = try Fixtures.bytes(at: code.appendingPathComponent("app.config.ts"))
        let told = try Self.generate("android", master: Self.glyph, into: code, options: options)
        #expect(try Fixtures.bytes(at: code.appendingPathComponent("app.config.ts")) == before)
        #expect(told.warnings.contains { $0.contains("set android.adaptiveIcon.backgroundColor to \"#123456\"") })
        #expect(try Self.size(code, "fg.png") == PixelSize(width: 1024, height: 1024))
    }

    @Test("Showtime's app.config.ts picks icon and the adaptive layers per environment (icon: config.icon): nothing is written for them, and each is said, one line with its key; the literal keys are written; a key of a platform not asked for is not said")
    func computedImageKeys() throws {
        let root = try ExpoConfigTests.project(["app.config.ts": """
            type EnvConfig = { [key: string]: { icon: string; foregroundImage: string } };
            const envConfig: EnvConfig = {
              development: { icon: "./assets/icon.development.png", foregroundImage: "./assets/adaptive-icon.png" },
              production: { icon: "./assets/icon.png", foregroundImage: "./assets/adaptive-icon.png" },
            };
            const config = envConfig[process.env.NODE_ENV ?? "production"];
            const expoConfig: ExpoConfig = {
              name: "Showtime",
              icon: config.icon,
              ios: { bundleIdentifier: config.scheme },
              android: {
                adaptiveIcon: { foregroundImage: config.foregroundImage, monochromeImage: IS_DEV ? "./assets/mono.png" : "./assets/mono-icon.png" },
              },
              notification: { icon: "./assets/notification-icon.png" },
            };
            export default expoConfig;
            """])
        let outcome = try Self.generate("android", master: Self.glyph, into: root)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("assets/notification-icon.png").path))
        for key in ["icon", "android.adaptiveIcon.foregroundImage", "android.adaptiveIcon.monochromeImage"] {
            #expect(outcome.notes.contains("\(key) in app.config.ts: not written: its value is code, not a path, and IconForge does not run code to learn the file it names; "
                                           + "make it a plain string (\(key.split(separator: ".").last!): \"./assets/…png\") to have it written, or write that file with --out"),
                    "\(outcome.notes)")
        }
        #expect(!outcome.notes.contains { $0.hasPrefix("ios.bundleIdentifier") || $0.hasPrefix("name") })
        for file in ["assets/icon.png", "assets/icon.development.png", "assets/adaptive-icon.png", "assets/mono-icon.png"] {
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path))
        }
        // An iOS run is told of icon alone: the adaptive layers are Android's.
        let ios = try Self.generate("ios", master: Self.glyph, into: root)
        #expect(ios.notes.filter { $0.contains("is code, not a path") }.map { String($0.prefix { $0 != " " }) } == ["icon"], "\(ios.notes)")
    }

    @Test("Republik's layout: one file as foreground and monochrome; a full-bleed master makes it opaque, which is said; a glyph master's keeps transparency")
    func sharedMonochrome() throws {
        let json = ##"{"expo": {"android": {"adaptiveIcon": {"foregroundImage": "./a.png", "monochromeImage": "./a.png", "backgroundColor": "#ffffff"}}}}"##
        let full = try ExpoChecksTests.project(json, files: [:])
        #expect(try Self.generate("android", into: full).warnings.contains { $0.contains("monochromeImage names this file too") })
        let glyph = try ExpoChecksTests.project(json, files: [:])
        #expect(try Self.generate("android", master: Self.glyph, into: glyph).warnings.isEmpty)
        let validation = try Validator().validate([glyph.path])
        #expect(validation.errors == 0 && validation.warnings == 0, "\(validation.files.flatMap(\.findings).map(\.line))")
    }

    @Test("ios.icon names an Icon Composer .icon (Papillon): the bundle is left as it is, and so is a committed catalog's app icon set, which prebuild deletes")
    func iconComposerApp() throws {
        let json = #"{"expo": {"icon": "./assets/icon.png", "ios": {"icon": "./assets/app.icon"}}}"#
        let root = try ExpoChecksTests.project(json, files: ["ios/App/Images.xcassets/AppIcon.appiconset/Contents.json": Array(#"{"images": [], "info": {"author": "expo", "version": 1}}"#.utf8)])
        #expect(try ProjectLayout.routes(presets: ["ios"], out: root.path).map(\.folder) == [root.path])
        let outcome = try Self.generate("ios", into: root)
        #expect(outcome.notes.contains { $0.contains("ios.icon (./assets/app.icon): left as it is") })
        #expect(try Self.size(root, "assets/icon.png") == PixelSize(width: 1024, height: 1024))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("ios/App/Images.xcassets/AppIcon.appiconset").path) == ["Contents.json"])
    }

    @Test("Left as they are, one line each: Jellyfin's icon in node_modules, Papillon's full-screen splash (resizeMode cover) and an old 1242x2436 one, Republik's dark splash logo, a favicon.ico")
    func leftAsTheyAre() throws {
        let json = """
            {"expo": {"icon": "./node_modules/@jellyfin/ux-ios/icon.png",
              "splash": {"image": "./assets/splash.png", "resizeMode": "cover"},
              "android": {"splash": {"image": "./assets/splash-android.png"}},
              "web": {"favicon": "./assets/favicon.ico"},
              "plugins": [["expo-splash-screen", {"image": "./assets/logo.png", "dark": {"image": "./assets/logo-dark.png"}}]]}}
            """
        let kept = ["assets/splash.png": try ExpoChecksTests.png(1024), "assets/splash-android.png": try ExpoChecksTests.png(1242, height: 2436),
                    "assets/favicon.ico": try Ico.encode([Image(width: 32, height: 32, fill: SIMD4(200, 0, 0, 255))]),
                    "assets/logo-dark.png": try ExpoChecksTests.png(1024, disc: 0.5)]
        let root = try ExpoChecksTests.project(json, files: kept)
        let notes = try Self.generate("ios,android,web", into: root).notes
        for (key, reason) in [("icon", "a file of an npm package"), ("splash.image", "resizeMode cover"), ("android.splash.image", "full-screen splash picture (1242x2436)"),
                              ("plugins.expo-splash-screen.dark.image", "the dark mode splash image"), ("web.favicon", "not a PNG")] {
            #expect(notes.contains { $0.hasPrefix(key + " (") && $0.contains(reason) }, "\(key): \(notes)")
        }
        for (path, bytes) in kept { #expect(try Fixtures.bytes(at: root.appendingPathComponent(path)) == bytes, "\(path)") }
        #expect(try Self.size(root, "assets/logo.png") == PixelSize(width: 1024, height: 1024))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("node_modules").path))
    }

    @Test("ios.icon's appearances: light opaque, dark from --dark keeping its alpha (prebuild keeps it), tinted left without --tinted")
    func appearances() throws {
        let json = #"{"expo": {"ios": {"icon": {"light": "./ios-light.png", "dark": "./ios-dark.png", "tinted": "./ios-tinted.png"}}}}"#
        let tinted = try ExpoChecksTests.png(1024, colour: SIMD4(128, 128, 128, 255))
        let root = try ExpoChecksTests.project(json, files: ["ios-tinted.png": tinted])
        var options = GenerateOptions(presets: [])
        options.darkSource = URL(fileURLWithPath: Self.glyph)
        let outcome = try Self.generate("ios", into: root, options: options)
        #expect(try PNG.info(try Fixtures.bytes(at: root.appendingPathComponent("ios-light.png"))).colorType == .rgb)
        #expect(try PNG.info(try Fixtures.bytes(at: root.appendingPathComponent("ios-dark.png"))).colorType == .rgba)
        #expect(try Fixtures.bytes(at: root.appendingPathComponent("ios-tinted.png")) == tinted)
        #expect(outcome.notes.contains { $0.hasPrefix("ios.icon.tinted (./ios-tinted.png): left as it is") })
    }
}
