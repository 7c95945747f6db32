import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// An Electron app packaged by electron-builder: the icons its configuration names are refreshed where they are.
@Suite("Electron: electron-builder's icons")
struct ElectronBuilderTests {
    static let package = #"{"name": "app", "devDependencies": {"electron": "^33.0.0", "electron-builder": "^25.0.0"}}"#

    @Test("YouTube Music's layout: electron-builder.yml names icons its build makes (assets/generated/icons/…, not in git): a desktop run at the root (a web/ of screenshots beside) is an error naming them, not windows/, linux/ and AppIcon.* heaped at the root; a web run is not stopped")
    func iconsMadeByTheBuild() throws {
        let yml = "mac:\n  icon: assets/generated/icons/mac/icon.icns\nwin:\n  icon: assets/generated/icons/win/icon.ico\nlinux:\n  icon: assets/generated/icons/png\n"
        let root = try Fixtures.tree(["package.json": Self.package, "electron-builder.yml": yml, "src/index.html": "<html></html>\n",
                                      ".git/HEAD": "ref: refs/heads/main\n", "web/youtube-music.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try Fixtures.snapshot(root)
        do {
            try Fixtures.generateRouted("windows,macos,linux", into: root)
            Issue.record("a desktop run at the root was carried out")
        } catch {
            #expect("\(error)".contains("has no folder for windows, macos, linux (found: an Electron app whose electron-builder configuration names "
                                          + "assets/generated/icons/mac/icon.icns (mac.icon), assets/generated/icons/win/icon.ico (win.icon), "
                                          + "assets/generated/icons/png (linux.icon), which do not exist (made by its build?))"), "\(error)")
        }
        #expect(try Fixtures.snapshot(root) == before)
        #expect(try ProjectLayout.routes(presets: ["web"], out: root.path).count == 1)
    }

    @Test("Heroic Games Launcher's layout: electron-builder.yml names build/win_icon.ico and build/mac-icon.icns, which electron-vite's renderer (outDir: 'build') copies there from public/: a desktop run at the root refreshes public/win_icon.ico and public/mac-icon.icns, where init found no desktop icons at all and the run was refused; without the config's outDir, build/ is still a folder its build makes")
    func viteRendererCopiesPublic() throws {
        let red = Image(width: 32, height: 32, fill: SIMD4(200, 0, 0, 255))
        let package = #"{"name": "heroic", "devDependencies": {"electron": "^33.0.0", "electron-builder": "^25.0.0", "electron-vite": "^3.1.0"}}"#
        let root = try Fixtures.tree(["package.json": package, ".git/HEAD": "ref: refs/heads/main\n", "index.html": "<html><head></head></html>\n",
                                      "electron-builder.yml": "win:\n  icon: build/win_icon.ico\nmac:\n  icon: build/mac-icon.icns\n",
                                      "electron.vite.config.ts": "export default defineConfig({ renderer: { root: '.', build: { outDir: 'build', emptyOutDir: false } } })\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        try Fixtures.write(try Ico.encode([red]), "public/win_icon.ico", in: root)
        try Fixtures.write(Icns.encode([Icns.Element(type: "ic07", data: try PNG.encode(Image(width: 128, height: 128, fill: SIMD4(200, 0, 0, 255))))]), "public/mac-icon.icns", in: root)
        let public_ = root.appendingPathComponent("public")
        #expect(try ProjectLayout.routes(presets: ["windows", "macos"], out: root.path).map(\.folder) == [public_.path])
        #expect(ProjectLayout(root: root.path).starter().contains("presets: [windows, macos]\n    out: .\n"))
        try Fixtures.generateRouted("windows,macos", into: root)
        #expect(try FileManager.default.contentsOfDirectory(atPath: public_.path).filter { !$0.hasPrefix(".") }.sorted() == ["mac-icon.icns", "win_icon.ico"])
        #expect(try Ico.read(try Fixtures.bytes(at: public_.appendingPathComponent("win_icon.ico"))).count == 8)
        #expect(try Icns.read(try Fixtures.bytes(at: public_.appendingPathComponent("mac-icon.icns"))).contains { $0.type == "ic10" })
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("build").path))
        // A renderer built elsewhere: build/ is not public/'s copy, and the run stays refused.
        try Data("export default defineConfig({ renderer: { build: { outDir: 'out/renderer' } } })\n".utf8).write(to: root.appendingPathComponent("electron.vite.config.ts"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("index.html"))
        #expect(throws: IconForgeError.self) { try ProjectLayout.routes(presets: ["windows", "macos"], out: root.path) }
    }

    @Test("MarkText's layout: electron-builder.yml names resources/icons/icon.icns and icon.ico; those two are rewritten, md.ico (a document's) kept, nothing added")
    func configuredIcons() throws {
        let root = try Fixtures.temporaryFolder()
        let red = Image(width: 32, height: 32, fill: SIMD4(200, 0, 0, 255))
        try Fixtures.write(Array(Self.package.utf8), "package.json", in: root)
        try Fixtures.write(Array("mac:\n  icon: \"resources/icons/icon.icns\"\nwin:\n  icon: resources/icons/icon.ico\nlinux:\n  icon: resources/icons\n".utf8), "electron-builder.yml", in: root)
        try Fixtures.write(try Ico.encode([red]), "resources/icons/icon.ico", in: root)
        try Fixtures.write(try Ico.encode([red]), "resources/icons/md.ico", in: root)
        try Fixtures.write(Icns.encode([Icns.Element(type: "ic07", data: try PNG.encode(Image(width: 128, height: 128, fill: SIMD4(200, 0, 0, 255))))]), "resources/icons/icon.icns", in: root)
        let document = try Fixtures.bytes(at: root.appendingPathComponent("resources/icons/md.ico"))
        #expect(try ProjectLayout.routes(presets: ["windows", "macos"], out: root.path).map(\.folder) == [root.appendingPathComponent("resources/icons").path])
        try Fixtures.generateRouted("windows,macos", into: root)
        let icons = root.appendingPathComponent("resources/icons")
        #expect(try FileManager.default.contentsOfDirectory(atPath: icons.path).filter { !$0.hasPrefix(".") }.sorted() == ["icon.icns", "icon.ico", "md.ico"])
        #expect(try Ico.read(try Fixtures.bytes(at: icons.appendingPathComponent("icon.ico"))).count == 8)
        #expect(try Icns.read(try Fixtures.bytes(at: icons.appendingPathComponent("icon.icns"))).contains { $0.type == "ic10" })
        #expect(try Fixtures.bytes(at: icons.appendingPathComponent("md.ico")) == document)
        let validation = try Validator().validate([icons.appendingPathComponent("icon.ico").path, icons.appendingPathComponent("icon.icns").path])
        #expect(validation.errors == 0 && validation.warnings == 0, "\(validation.files.flatMap(\.findings).map(\.line))")
    }

    @Test("Upscayl's layout: package.json's build.win.icon names build/icon.png, which electron-builder converts into the exe's icon: a windows run at the root redraws that PNG at its size (the original in the backup) and writes no icon.ico beside it, which nothing reads; a rerun writes nothing")
    func windowsIconPNG() throws {
        let package = #"{"name": "upscayl", "devDependencies": {"electron": "^33.0.0"}, "build": {"win": {"icon": "build/icon.png"}, "mac": {"icon": "build/icon.icns"}}}"#
        let root = try Fixtures.tree(["package.json": package, ".git/HEAD": "ref: refs/heads/main\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let red = try PNG.encode(Image(width: 512, height: 512, fill: SIMD4(200, 0, 0, 255)))
        try Fixtures.write(red, "build/icon.png", in: root)
        try Fixtures.write(Icns.encode([Icns.Element(type: "ic07", data: try PNG.encode(Image(width: 128, height: 128, fill: SIMD4(200, 0, 0, 255))))]), "build/icon.icns", in: root)
        #expect(ProjectLayout(root: root.path).windowsFolder == "build")
        try Fixtures.generateRouted("windows", into: root)
        let build = root.appendingPathComponent("build")
        let redrawn = try PNG.decode(try Fixtures.bytes(at: build.appendingPathComponent("icon.png"))).image
        #expect(redrawn.width == 512 && redrawn.pixel(x: 256, y: 256) != SIMD4(200, 0, 0, 255))
        #expect(!FileManager.default.fileExists(atPath: build.appendingPathComponent("icon.ico").path))
        let backups = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent(".iconforge-backup").path)
        #expect(try backups.filter { $0.hasSuffix("build/icon.png") }.map { try Fixtures.bytes(at: root.appendingPathComponent(".iconforge-backup/" + $0)) } == [red])
        let before = try Fixtures.snapshot(root)
        try Fixtures.generateRouted("windows", into: root)
        #expect(try Fixtures.snapshot(root) == before)
    }

    @Test("Upscayl's layout: package.json's build.win.target is nsis and zip, win.icon build/icon.png: windows from the root redraws build/icon.png and writes no AppX tiles (it wrote 77 in build/appx/, which no target reads), saying why; an appx target — a name, a list of names, objects with target:, a script's --win appx, or an appx: section — gets them")
    func appxOnlyForAnAppXTarget() throws {
        let png = try PNG.encode(Image(width: 512, height: 512, fill: SIMD4(200, 0, 0, 255)))
        for (build, scripts, tiles) in [(#""win": {"target": ["nsis", "zip"], "icon": "build/icon.png"}"#, "{}", false),
                                        (#""win": {"icon": "build/icon.png"}"#, "{}", false),
                                        (#""win": {"target": "appx", "icon": "build/icon.png"}"#, "{}", true),
                                        (#""win": {"target": [{"target": "nsis"}, {"target": "appx", "arch": ["x64"]}], "icon": "build/icon.png"}"#, "{}", true),
                                        (#""win": {"icon": "build/icon.png"}"#, #"{"dist:store": "electron-builder --win appx"}"#, true),
                                        // Super Productivity's: an appx: section, its AppX build run from a config of its own.
                                        (#""win": {"target": ["nsis"], "icon": "build/icon.png"}, "appx": {"identityName": "x.App"}"#, "{}", true)] {
            let root = try Fixtures.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: root) }
            let package = #"{"name": "app", "devDependencies": {"electron": "^33.0.0", "electron-builder": "^25.0.0"}, "scripts": "# + scripts + #", "build": {"# + build + "}}"
            try Fixtures.write(Array(package.utf8), "package.json", in: root)
            try Fixtures.write(png, "build/icon.png", in: root)
            let notes = try Fixtures.generateRouted("windows", into: root).flatMap(\.notes)
            #expect(try PNG.info(Fixtures.bytes(at: root.appendingPathComponent("build/icon.png"))).width == 512)
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("build/appx/StoreLogo.scale-200.png").path) == tiles, "\(build) \(scripts)")
            // Never the manifest snippet: electron-builder writes the AppX manifest itself.
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("build/Package.appxmanifest-VisualElements.xml").path))
            #expect(notes.contains { $0.contains("no AppX tiles") && $0.contains("no appx target") } == !tiles, "\(notes)")
        }
    }

    @Test("package.json's build.directories.buildResources: icon.icns and icon.ico there, AppX tiles in its appx/ (an appx target)")
    func resourcesFolder() throws {
        let root = try Fixtures.temporaryFolder()
        let package = #"{"name": "app", "devDependencies": {"electron": "^33.0.0"}, "build": {"directories": {"buildResources": "assets"}, "win": {"target": ["nsis", "appx"]}}}"#
        try Fixtures.write(Array(package.utf8), "package.json", in: root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("assets"), withIntermediateDirectories: true)
        #expect(ProjectLayout(root: root.path).windowsFolder == "assets")
        try Fixtures.generateRouted("windows", into: root)
        try Fixtures.generateRouted("macos", into: root.appendingPathComponent("assets"))
        let assets = root.appendingPathComponent("assets")
        #expect(FileManager.default.fileExists(atPath: assets.appendingPathComponent("icon.ico").path))
        #expect(FileManager.default.fileExists(atPath: assets.appendingPathComponent("icon.icns").path))
        #expect(FileManager.default.fileExists(atPath: assets.appendingPathComponent("appx/StoreLogo.scale-200.png").path))
        #expect(!FileManager.default.fileExists(atPath: assets.appendingPathComponent("AppIcon.appiconset").path))
    }
    @Test("Mattermost's layout: electron-builder.ts (which electron-builder reads after .yml and .json) exports a config whose directories.buildResources is src/assets, holding icon.icns and icon.ico: windows and macos from the root rewrite those two where they are; nothing heaped at the root (electron-builder.ts was not read: windows/, AppIcon.* and linux/ went to the root)")
    func typeScriptConfig() throws {
        let config = """
            const pkg = require('./package.json');
            function getMacVersions() { return {bundleShortVersion: pkg.version}; }
            const config = {
                appId: 'Mattermost.Desktop',
                directories: {
                    buildResources: 'src/assets',
                    output: 'release',
                },
                mac: {
                    category: 'public.app-category.productivity',
                    ...getMacVersions(),
                },
                win: {target: ['zip', 'msi']},
            };
            if (process.env.NO_NOTARIZE) { config.mac.target = ['zip']; }
            module.exports = config;

            """
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let red = Image(width: 32, height: 32, fill: SIMD4(200, 0, 0, 255))
        try Fixtures.write(Array(Self.package.utf8), "package.json", in: root)
        try Fixtures.write(Array(config.utf8), "electron-builder.ts", in: root)
        try Fixtures.write(try Ico.encode([red]), "src/assets/icon.ico", in: root)
        try Fixtures.write(Icns.encode([Icns.Element(type: "ic07", data: try PNG.encode(Image(width: 128, height: 128, fill: SIMD4(200, 0, 0, 255))))]), "src/assets/icon.icns", in: root)
        let assets = root.appendingPathComponent("src/assets")
        #expect(try ProjectLayout.routes(presets: ["windows", "macos"], out: root.path).map(\.folder) == [assets.path])
        try Fixtures.generateRouted("macos", into: root)
        #expect(try Icns.read(try Fixtures.bytes(at: assets.appendingPathComponent("icon.icns"))).contains { $0.type == "ic10" })
        try Fixtures.generateRouted("windows", into: root)
        #expect(try Ico.read(try Fixtures.bytes(at: assets.appendingPathComponent("icon.ico"))).count == 8)
        let top = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(top == ["electron-builder.ts", "package.json", "src"], "\(top)")
    }

    @Test("build/icons, electron-builder's Linux folder: its PNGs named by size are refreshed at their sizes, no hicolor tree or .desktop, a rerun writes nothing")
    func linuxIconFolder() throws {
        let root = try Fixtures.temporaryFolder()
        try Fixtures.write(Array(Self.package.utf8), "package.json", in: root)
        for side in [16, 64, 256] {
            try Fixtures.write(try PNG.encode(Image(width: side, height: side, fill: SIMD4(200, 0, 0, 255))), "build/icons/\(side)x\(side).png", in: root)
        }
        #expect(ProjectLayout(root: root.path).linuxFolder == "build/icons")
        #expect(try ProjectLayout.routes(presets: ["linux"], out: root.path).map(\.folder) == [root.appendingPathComponent("build/icons").path])
        try Fixtures.generateRouted("linux", into: root)
        let icons = root.appendingPathComponent("build/icons")
        #expect(try FileManager.default.contentsOfDirectory(atPath: icons.path).sorted() == ["16x16.png", "256x256.png", "64x64.png"])
        for side in [16, 64, 256] {
            let image = try PNG.decode(try Fixtures.bytes(at: icons.appendingPathComponent("\(side)x\(side).png"))).image
            #expect(image.size == PixelSize(width: side, height: side) && image.pixel(x: side / 2, y: side / 2) != SIMD4(200, 0, 0, 255))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".desktop") || $0 == "hicolor" }.isEmpty)
        let before = try FileManager.default.attributesOfItem(atPath: icons.appendingPathComponent("64x64.png").path)[.modificationDate] as? Date
        try Fixtures.generateRouted("linux", into: root)
        #expect(try FileManager.default.attributesOfItem(atPath: icons.appendingPathComponent("64x64.png").path)[.modificationDate] as? Date == before)
    }

    @Test("linux.icon naming one PNG refreshes that file at its size; an empty icons folder gets electron-builder's sizes")
    func linuxIconFile() throws {
        let root = try Fixtures.temporaryFolder()
        let package = #"{"name": "app", "devDependencies": {"electron": "^33.0.0"}, "build": {"linux": {"icon": "assets/linux.png"}}}"#
        try Fixtures.write(Array(package.utf8), "package.json", in: root)
        try Fixtures.write(try PNG.encode(Image(width: 384, height: 384, fill: SIMD4(200, 0, 0, 255))), "assets/linux.png", in: root)
        try Fixtures.generateRouted("linux", into: root)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("assets").path).sorted() == ["linux.png"])
        let redrawn = try PNG.decode(try Fixtures.bytes(at: root.appendingPathComponent("assets/linux.png"))).image
        #expect(redrawn.width == 384 && redrawn.pixel(x: 192, y: 192) != SIMD4(200, 0, 0, 255))

        let empty = try Fixtures.temporaryFolder()
        try Fixtures.write(Array(Self.package.utf8), "package.json", in: empty)
        try FileManager.default.createDirectory(at: empty.appendingPathComponent("build/icons"), withIntermediateDirectories: true)
        try Fixtures.generateRouted("linux", into: empty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.appendingPathComponent("build/icons").path).count == 8)
        #expect(FileManager.default.fileExists(atPath: empty.appendingPathComponent("build/icons/512x512.png").path))
    }

    @Test("Stretchly's layout: package.json's build names no icon, build/ holds icon.icns, icon.ico and appx/ but no icons/: windows, macos and linux from the root all land, linux as electron-builder's build/icons (16-512 named by size, no hicolor tree or .desktop); a rerun writes nothing")
    func linuxFolderToMake() throws {
        let root = try Fixtures.temporaryFolder()
        let package = #"{"name": "app", "devDependencies": {"electron": "^33.0.0", "electron-builder": "^25.0.0"}, "build": {"appId": "net.example.app", "win": {"target": ["nsis", "appx"]}}}"#
        try Fixtures.write(Array(package.utf8), "package.json", in: root)
        let red = { (side: Int) in Image(width: side, height: side, fill: SIMD4(200, 0, 0, 255)) }
        try Fixtures.write(try Ico.encode([red(256), red(32)]), "build/icon.ico", in: root)
        try Fixtures.write(Icns.encode([Icns.Element(type: "ic07", data: try PNG.encode(red(128)))]), "build/icon.icns", in: root)
        try Fixtures.write(try PNG.encode(red(50)), "build/appx/StoreLogo.png", in: root)
        let routes = try ProjectLayout.routes(presets: ["windows", "macos", "linux"], out: root.path)
        #expect(routes.map(\.folder).contains(root.appendingPathComponent("build/icons").path), "\(routes)")
        try Fixtures.generateRouted("windows,macos,linux", into: root)
        let icons = root.appendingPathComponent("build/icons")
        #expect(try FileManager.default.contentsOfDirectory(atPath: icons.path).filter { !$0.hasPrefix(".") }.sorted()
                == [16, 24, 32, 48, 64, 128, 256, 512].map { "\($0)x\($0).png" }.sorted())
        #expect(try PNG.info(Fixtures.bytes(at: icons.appendingPathComponent("512x512.png"))).width == 512)
        #expect(try Icns.read(try Fixtures.bytes(at: root.appendingPathComponent("build/icon.icns"))).contains { $0.type == "ic10" })
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".desktop") || $0 == "hicolor" || $0 == "linux" }.isEmpty)
        let written = try Fixtures.snapshot(root)
        try Fixtures.generateRouted("windows,macos,linux", into: root)
        #expect(try Fixtures.snapshot(root) == written)
    }
}
