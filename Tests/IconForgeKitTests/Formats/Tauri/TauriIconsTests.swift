import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// A Tauri app's `src-tauri/icons`, as clash-verge-rev keeps it: `tauri icon`'s files listed in `tauri.conf.json`, tray
/// icons beside them. A run of the desktop presets into the project refreshes exactly the listed files in place.
@Suite("Tauri: src-tauri/icons")
struct TauriIconsTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
    static let config = #"{"productName": "Clip", "bundle": {"icon": ["icons/32x32.png", "icons/128x128.png", "icons/128x128@2x.png", "icons/icon.icns", "icons/icon.ico"]}}"#

    /// A Tauri project whose icons are flat red squares (and a tray icon that is not the app's).
    private func project(config: String = config) throws -> URL {
        let root = try Fixtures.temporaryFolder()
        let icons = root.appendingPathComponent("src-tauri/icons")
        try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
        try Data(config.utf8).write(to: root.appendingPathComponent("src-tauri/tauri.conf.json"))
        let red = { (side: Int) in Image(width: side, height: side, fill: SIMD4(200, 0, 0, 255)) }
        for (name, side) in [("32x32.png", 32), ("128x128.png", 128), ("128x128@2x.png", 256), ("icon.png", 512), ("Square30x30Logo.png", 30)] {
            try Data(try PNG.encode(red(side))).write(to: icons.appendingPathComponent(name))
        }
        try Data(try Ico.encode([red(32)])).write(to: icons.appendingPathComponent("icon.ico"))
        try Data(try Ico.encode([red(32), red(16)])).write(to: icons.appendingPathComponent("tray-icon.ico"))
        try Data(Icns.encode([Icns.Element(type: "ic07", data: try PNG.encode(red(128)))])).write(to: icons.appendingPathComponent("icon.icns"))
        return root
    }

    /// Every destination of `generate MASTER --preset windows,macos,linux --out ROOT`, run.
    private func generate(into root: URL) throws -> [GenerationReport] {
        try Fixtures.generateRouted("windows,macos,linux", into: root, master: Self.master)
    }

    @Test("windows, macos and linux all go to src-tauri/icons, which gets back exactly its files, re-rendered; the tray icon is kept")
    func refreshInPlace() throws {
        let root = try project()
        let icons = root.appendingPathComponent("src-tauri/icons")
        let before = try FileManager.default.contentsOfDirectory(atPath: icons.path).sorted()
        let tray = try Fixtures.bytes(at: icons.appendingPathComponent("tray-icon.ico"))
        #expect(try ProjectLayout.routes(presets: ["windows", "macos", "linux"], out: root.path).map(\.folder) == [icons.path])
        let reports = try generate(into: root)
        #expect(reports.count == 1)
        // Nothing added: no asset catalog, hicolor tree, .desktop file, app.ico or Assets/.
        #expect(try FileManager.default.contentsOfDirectory(atPath: icons.path).filter { !$0.hasPrefix(".") }.sorted() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("src-tauri").path).filter { !$0.hasPrefix(".") }.sorted() == ["icons", "tauri.conf.json"])
        for (name, side) in [("32x32.png", 32), ("128x128.png", 128), ("128x128@2x.png", 256), ("icon.png", 512), ("Square30x30Logo.png", 30)] {
            let image = try PNG.decode(try Fixtures.bytes(at: icons.appendingPathComponent(name))).image.converted(to: .rgba8)
            #expect(image.size == PixelSize(width: side, height: side), "\(name)")
            #expect(image.pixel(x: side / 2, y: side / 2) != SIMD4(200, 0, 0, 255), "\(name) was not re-rendered")
        }
        let icns = try Icns.read(try Fixtures.bytes(at: icons.appendingPathComponent("icon.icns")))
        #expect(icns.contains { $0.type == "ic10" } && icns.contains { $0.type == "ic04" })
        #expect(try Ico.read(try Fixtures.bytes(at: icons.appendingPathComponent("icon.ico"))).count == 8)
        #expect(try Fixtures.bytes(at: icons.appendingPathComponent("tray-icon.ico")) == tray)
        // A rerun writes nothing, and the project validates clean.
        let written = try Fixtures.snapshot(root)
        _ = try generate(into: root)
        #expect(try Fixtures.snapshot(root) == written)
        let validation = try Validator().validate([root.path])
        #expect(validation.errors == 0 && validation.warnings == 0, "\(validation.files.flatMap(\.findings).map(\.line))")
    }

    @Test("a Tauri app beside another Xcode app's Mac catalog (openai-translator's src-safari, the Safari extension's host app): macos refreshes the icon.icns bundle.icon lists, with windows and linux, and leaves that catalog alone")
    func macosBesideAnotherAppsCatalog() throws {
        let root = try project()
        let icons = root.appendingPathComponent("src-tauri/icons")
        let set = root.appendingPathComponent("src-safari/Shared (App)/Assets.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let contents = #"{"images":[{"filename":"mac-icon-16@1x.png","idiom":"mac","scale":"1x","size":"16x16"}],"info":{"author":"xcode","version":1}}"#
        try Data(contents.utf8).write(to: set.appendingPathComponent("Contents.json"))
        try Data(try PNG.encode(Image(width: 16, height: 16, fill: SIMD4(200, 0, 0, 255)))).write(to: set.appendingPathComponent("mac-icon-16@1x.png"))
        let catalog = try Fixtures.snapshot(set.deletingLastPathComponent())
        #expect(try ProjectLayout.routes(presets: ["windows", "macos", "linux"], out: root.path).map(\.folder) == [icons.path])
        let icns = try Fixtures.bytes(at: icons.appendingPathComponent("icon.icns"))
        _ = try generate(into: root)
        #expect(try Fixtures.bytes(at: icons.appendingPathComponent("icon.icns")) != icns, "the listed icon.icns was not refreshed")
        #expect(try Icns.read(try Fixtures.bytes(at: icons.appendingPathComponent("icon.icns"))).contains { $0.type == "ic10" })
        #expect(try Fixtures.snapshot(set.deletingLastPathComponent()) == catalog)
    }

    @Test("a Tauri app whose listed icons are made by its build (EcoPaste: no src-tauri/icons in git): from the root the error names that folder; --out src-tauri/icons writes the files the configuration lists, icon.ico among them, not an app.ico tauri build would not find")
    func iconFolderMadeByTheBuild() throws {
        let root = try Fixtures.tree(["src-tauri/tauri.conf.json": Self.config, "public/favicon.ico": "ico", "index.html": "<html></html>\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: IconForgeError.self) { try ProjectLayout.routes(presets: ["windows"], out: root.path) }
        do { _ = try ProjectLayout.routes(presets: ["windows"], out: root.path) } catch {
            #expect("\(error)".contains("a Tauri app whose configuration lists its icons in src-tauri/icons, which does not exist (made by its build?)"), "\(error)")
        }
        let icons = root.appendingPathComponent("src-tauri/icons")
        let request = try GenerateRequest(sources: [Self.master], presets: "windows,macos,linux", out: icons.path, options: GenerateOptions(presets: []))
        for destination in try request.destinations() {
            _ = try Generator(options: destination.options).run(source: Self.master, outputFolder: destination.out, parallelism: .serial)
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: icons.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(written == ["128x128.png", "128x128@2x.png", "32x32.png", "icon.icns", "icon.ico"], "\(written)")
    }

    @Test("BongoCat's layout (src-tauri/icons made by `tauri icon` in its build script, ignored by git): --out src-tauri, the folder of tauri.conf.json, is refused as the root is, for one desktop preset or several, naming src-tauri/icons; nothing is written there (it heaped windows/, linux/ and AppIcon.* beside the configuration, which tauri build never reads)")
    func appFolderWhoseIconsTheBuildMakes() throws {
        let root = try Fixtures.tree(["src-tauri/tauri.conf.json": Self.config, "src-tauri/assets/logo.png": "png", "public/favicon.ico": "ico",
                                      "index.html": "<html></html>\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("src-tauri")
        let before = try Fixtures.snapshot(root)
        for presets in [["windows", "macos", "linux"], ["windows"], ["linux"]] {
            do {
                let routes = try ProjectLayout.routes(presets: presets, out: app.path)
                Issue.record("routed \(presets) to \(routes.map(\.folder))")
            } catch {
                #expect("\(error)".contains("has no folder for \(presets.joined(separator: ", ")) (found: a Tauri app whose configuration lists its icons in "
                                              + app.appendingPathComponent("icons").path + ", which does not exist (made by its build?))"), "\(error)")
            }
        }
        let request = try GenerateRequest(sources: [Self.master], presets: "windows,macos,linux", out: app.path, options: GenerateOptions(presets: []))
        #expect(throws: (any Error).self) { try request.destinations() }
        #expect(try Fixtures.snapshot(root) == before)
    }

    @Test("Tauri 1's tauri.bundle.icon is read too; without a list, tauri icon's four PNGs and icon.icns are what Linux and macOS get")
    func configForms() throws {
        let v1 = try project(config: #"{"tauri": {"bundle": {"icon": ["icons/64x64.png", "./icons/app.icns"]}}}"#)
        let icons = v1.appendingPathComponent("src-tauri/icons")
        _ = try generate(into: v1)
        #expect(try PNG.decode(try Fixtures.bytes(at: icons.appendingPathComponent("64x64.png"))).image.size == PixelSize(width: 64, height: 64))
        #expect(try Icns.read(try Fixtures.bytes(at: icons.appendingPathComponent("app.icns"))).contains { $0.type == "ic10" })
        let bare = try project(config: "{}")
        _ = try generate(into: bare)
        let files = try FileManager.default.contentsOfDirectory(atPath: bare.appendingPathComponent("src-tauri/icons").path)
        #expect(Set(["32x32.png", "128x128.png", "128x128@2x.png", "icon.png", "icon.icns", "icon.ico"]).isSubset(of: Set(files)))
        #expect(!files.contains { $0.hasSuffix(".desktop") || $0 == "hicolor" || $0.hasSuffix(".appiconset") })
    }

    @Test("a tauri.macos.conf.json with an icon list of its own (pot's icons_mac/): macos goes to that folder and refreshes the .icns macOS builds take, nothing added there; windows and linux stay in src-tauri/icons")
    func macosPlatformList() throws {
        let root = try project(config: #"{"tauri": {"bundle": {"icon": ["icons/32x32.png", "icons/128x128.png", "icons/128x128@2x.png", "icons/icon.icns", "icons/icon.ico"]}}}"#)
        let mac = root.appendingPathComponent("src-tauri/icons_mac")
        try FileManager.default.createDirectory(at: mac, withIntermediateDirectories: true)
        try Data(#"{"tauri": {"bundle": {"icon": ["icons_mac/32x32.png", "icons_mac/icon.icns", "icons_mac/icon.ico"]}}}"#.utf8)
            .write(to: root.appendingPathComponent("src-tauri/tauri.macos.conf.json"))
        let red = Image(width: 128, height: 128, fill: SIMD4(200, 0, 0, 255))
        try Data(Icns.encode([Icns.Element(type: "ic07", data: try PNG.encode(red))])).write(to: mac.appendingPathComponent("icon.icns"))
        try Data(try PNG.encode(red)).write(to: mac.appendingPathComponent("32x32.png"))
        let routes = try ProjectLayout.routes(presets: ["windows", "macos", "linux"], out: root.path)
        #expect(routes.map(\.folder) == [root.appendingPathComponent("src-tauri/icons").path, mac.path], "\(routes)")
        #expect(routes.map(\.presets) == [["windows", "linux"], ["macos"]])
        _ = try generate(into: root)
        #expect(try Icns.read(try Fixtures.bytes(at: mac.appendingPathComponent("icon.icns"))).contains { $0.type == "ic10" })
        #expect(try FileManager.default.contentsOfDirectory(atPath: mac.path).filter { !$0.hasPrefix(".") }.sorted() == ["32x32.png", "icon.icns"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("src-tauri").path).filter { !$0.hasPrefix(".") }.sorted()
            == ["icons", "icons_mac", "tauri.conf.json", "tauri.macos.conf.json"])
    }

    @Test("a configuration merged with --config (Yaak's tauri.development.conf.json lists icons/dev/…, which its 'tauri icon --output icons/dev' makes): --out icons/dev refreshes exactly its listed files, icon.png and its tiles in place — it got windows/, linux/ and an AppIcon.appiconset there, which no build reads; --out . still goes to the main list's folder")
    func devConfigList() throws {
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("src-tauri")
        let red = { (side: Int) in Image(width: side, height: side, fill: SIMD4(200, 0, 0, 255)) }
        for kind in ["release", "dev"] {
            let icons = app.appendingPathComponent("icons/" + kind)
            try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
            for (name, side) in [("32x32.png", 32), ("128x128.png", 128), ("128x128@2x.png", 256), ("icon.png", 512), ("Square30x30Logo.png", 30)] {
                try Data(try PNG.encode(red(side))).write(to: icons.appendingPathComponent(name))
            }
            try Data(try Ico.encode([red(32)])).write(to: icons.appendingPathComponent("icon.ico"))
            try Data(Icns.encode([Icns.Element(type: "ic07", data: try PNG.encode(red(128)))])).write(to: icons.appendingPathComponent("icon.icns"))
        }
        let list = { (kind: String) in ["32x32.png", "128x128.png", "128x128@2x.png", "icon.icns", "icon.ico"].map { "\"icons/\(kind)/\($0)\"" }.joined(separator: ", ") }
        try Data(#"{"productName": "Yaak", "bundle": {"icon": [\#(list("release"))]}}"#.utf8).write(to: app.appendingPathComponent("tauri.conf.json"))
        try Data(#"{"productName": "Daak", "bundle": {"icon": [\#(list("dev"))]}}"#.utf8).write(to: app.appendingPathComponent("tauri.development.conf.json"))
        let dev = app.appendingPathComponent("icons/dev")
        let before = try FileManager.default.contentsOfDirectory(atPath: dev.path).sorted()
        let request = try GenerateRequest(sources: [Self.master], presets: "windows,macos,linux", out: dev.path, options: GenerateOptions(presets: []))
        let destinations = try request.destinations()
        #expect(destinations.map(\.out) == [dev.path], "\(destinations.map(\.out))")
        for destination in destinations { _ = try Generator(options: destination.options).run(source: Self.master, outputFolder: destination.out, parallelism: .serial) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dev.path).filter { !$0.hasPrefix(".") }.sorted() == before)
        #expect(try Icns.read(try Fixtures.bytes(at: dev.appendingPathComponent("icon.icns"))).contains { $0.type == "ic10" })
        for (name, side) in [("32x32.png", 32), ("icon.png", 512), ("Square30x30Logo.png", 30)] {
            let image = try PNG.decode(try Fixtures.bytes(at: dev.appendingPathComponent(name))).image
            #expect(image.width == side && image.pixel(x: side / 2, y: side / 2) != SIMD4(200, 0, 0, 255), "\(name)")
        }
        #expect(try ProjectLayout.routes(presets: ["windows", "macos", "linux"], out: root.path).map(\.folder) == [app.appendingPathComponent("icons/release").path])
    }

    @Test("platform files listing the Windows .ico and Linux PNG in another folder (Pake's png/weekly_256.ico and png/weekly_512.png; icons/ holds the .icns): windows and linux go there and refresh exactly those files, no tiles, no app.ico; the tray icon and other apps' files stay")
    func windowsAndLinuxPlatformLists() throws {
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("src-tauri"), png = app.appendingPathComponent("png"), icons = app.appendingPathComponent("icons")
        for folder in [png, icons] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Data(#"{"productName": "Weekly", "app": {"trayIcon": {"iconPath": "png/weekly_512.png"}}}"#.utf8).write(to: app.appendingPathComponent("tauri.conf.json"))
        try Data(#"{"bundle": {"icon": ["png/weekly_256.ico", "png/weekly_32.ico"], "resources": ["png/weekly_32.ico"]}}"#.utf8)
            .write(to: app.appendingPathComponent("tauri.windows.conf.json"))
        try Data(#"{"bundle": {"icon": ["png/weekly_512.png"]}}"#.utf8).write(to: app.appendingPathComponent("tauri.linux.conf.json"))
        try Data(#"{"bundle": {"icon": ["icons/weekly.icns"]}}"#.utf8).write(to: app.appendingPathComponent("tauri.macos.conf.json"))
        let red = { (side: Int) in Image(width: side, height: side, fill: SIMD4(200, 0, 0, 255)) }
        try Data(try Ico.encode([red(16), red(256)])).write(to: png.appendingPathComponent("weekly_256.ico"))
        try Data(try Ico.encode([red(16), red(32)])).write(to: png.appendingPathComponent("weekly_32.ico"))
        try Data(try Ico.encode([red(16), red(256)])).write(to: png.appendingPathComponent("youtube_256.ico"))
        try Data(try PNG.encode(red(512))).write(to: png.appendingPathComponent("weekly_512.png"))
        try Data(Icns.encode([Icns.Element(type: "ic07", data: try PNG.encode(red(128)))])).write(to: icons.appendingPathComponent("weekly.icns"))
        let untouched = try ["weekly_32.ico", "youtube_256.ico"].map { try Fixtures.bytes(at: png.appendingPathComponent($0)) }

        let routes = try ProjectLayout.routes(presets: ["windows", "macos", "linux"], out: root.path)
        #expect(routes.map(\.folder) == [png.path, icons.path] && routes.map(\.presets) == [["windows", "linux"], ["macos"]], "\(routes)")
        _ = try generate(into: root)
        #expect(try FileManager.default.contentsOfDirectory(atPath: png.path).filter { !$0.hasPrefix(".") }.sorted()
            == ["weekly_256.ico", "weekly_32.ico", "weekly_512.png", "youtube_256.ico"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: icons.path).filter { !$0.hasPrefix(".") } == ["weekly.icns"])
        let ico = try Ico.read(try Fixtures.bytes(at: png.appendingPathComponent("weekly_256.ico")))
        #expect(ico.first?.size.width == 256 && ico.count == 8)
        #expect(try PNG.decode(try Fixtures.bytes(at: png.appendingPathComponent("weekly_512.png"))).image.converted(to: .rgba8).pixel(x: 256, y: 256)[0] != 200)
        #expect(try ["weekly_32.ico", "youtube_256.ico"].map { try Fixtures.bytes(at: png.appendingPathComponent($0)) } == untouched)
    }
}
