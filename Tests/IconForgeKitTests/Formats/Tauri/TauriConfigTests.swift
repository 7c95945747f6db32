import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// Tauri's other configuration formats: `Tauri.toml` (gg keeps it at the repository's root, its icons in `res/icons`) and
/// `tauri.conf.json5` (YARC Launcher's). A run of the desktop presets into the project finds the icon folder they list
/// and refreshes its files in place, as it does for `tauri.conf.json`.
@Suite("Tauri: Tauri.toml and tauri.conf.json5")
struct TauriConfigTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

    /// A Tauri app: `config` written at `configPath` (relative to the root), flat red icons in `iconFolder`.
    private func project(config: String, at configPath: String, iconFolder: String) throws -> URL {
        let root = try Fixtures.temporaryFolder()
        let icons = root.appendingPathComponent(iconFolder)
        try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
        let configURL = root.appendingPathComponent(configPath)
        try FileManager.default.createDirectory(at: configURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(config.utf8).write(to: configURL)
        let red = { (side: Int) in Image(width: side, height: side, fill: SIMD4(200, 0, 0, 255)) }
        for (name, side) in [("32x32.png", 32), ("128x128.png", 128), ("128x128@2x.png", 256), ("icon.png", 512), ("Square30x30Logo.png", 30)] {
            try Data(try PNG.encode(red(side))).write(to: icons.appendingPathComponent(name))
        }
        try Data(try Ico.encode([red(32)])).write(to: icons.appendingPathComponent("icon.ico"))
        try Data(Icns.encode([Icns.Element(type: "ic07", data: try PNG.encode(red(128)))])).write(to: icons.appendingPathComponent("icon.icns"))
        return root
    }

    /// `generate MASTER --preset windows,macos,linux --out ROOT`, run; the folders it wrote into.
    private func generate(into root: URL) throws -> [String] {
        let request = try GenerateRequest(sources: [Self.master], presets: "windows,macos,linux", out: root.path, options: GenerateOptions(presets: []))
        return try request.destinations().map { destination in
            _ = try Generator(options: destination.options).run(source: Self.master, outputFolder: destination.out, parallelism: .serial)
            return destination.out
        }
    }

    /// The icon folder's files refreshed in place, nothing added there or at the root, and a rerun writing nothing.
    private func expectRefreshedInPlace(root: URL, iconFolder: String, rootFiles: [String]) throws {
        let icons = root.appendingPathComponent(iconFolder)
        let before = try FileManager.default.contentsOfDirectory(atPath: icons.path).sorted()
        #expect(try ProjectLayout.routes(presets: ["windows", "macos", "linux"], out: root.path).map(\.folder) == [icons.path])
        #expect(try generate(into: root) == [icons.path])
        #expect(try FileManager.default.contentsOfDirectory(atPath: icons.path).filter { !$0.hasPrefix(".") }.sorted() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }.sorted() == rootFiles)
        for (name, side) in [("32x32.png", 32), ("128x128.png", 128), ("icon.png", 512), ("Square30x30Logo.png", 30)] {
            let image = try PNG.decode(try Fixtures.bytes(at: icons.appendingPathComponent(name))).image.converted(to: .rgba8)
            #expect(image.size == PixelSize(width: side, height: side), "\(name)")
            #expect(image.pixel(x: side / 2, y: side / 2) != SIMD4(200, 0, 0, 255), "\(name) was not re-rendered")
        }
        #expect(try Icns.read(try Fixtures.bytes(at: icons.appendingPathComponent("icon.icns"))).contains { $0.type == "ic10" })
        #expect(try Ico.read(try Fixtures.bytes(at: icons.appendingPathComponent("icon.ico"))).count == 8)
        let written = try Fixtures.snapshot(root)
        _ = try generate(into: root)
        #expect(try Fixtures.snapshot(root) == written)
    }

    @Test("Tauri.toml at the root naming res/icons: windows, macos and linux refresh res/icons in place, no heap at the root")
    func toml() throws {
        let config = """
            productName = "gg"
            identifier = "au.example.gg"

            [[app.security.capabilities]]
            identifier = "main"
            permissions = ["core:default"]

            [bundle]
            active = true # comment
            icon = [
                "res/icons/32x32.png", # Linux
                'res/icons/128x128.png',
                "res/icons/128x128@2x.png",
                "res/icons/icon.icns",
                "res/icons/icon.ico",
            ]

            [bundle.windows]
            signCommand = "sign %1"
            """
        let root = try project(config: config, at: "Tauri.toml", iconFolder: "res/icons")
        try expectRefreshedInPlace(root: root, iconFolder: "res/icons", rootFiles: ["Tauri.toml", "res"])
    }

    @Test("tauri.conf.json5 with comments, bare keys, single quotes and trailing commas: src-tauri/icons refreshed in place")
    func json5() throws {
        let config = """
            // YARC-style JSON5
            {
              build: { devUrl: 'http://localhost:1420', },
              bundle: {
                /* the icons */
                icon: [
                  'icons/32x32.png',
                  "icons/128x128.png",
                  'icons/128x128@2x.png',
                  'icons/icon.icns',
                  'icons/icon.ico', // last
                ],
              },
              productName: 'It\\'s "quoted"',
            }
            """
        let root = try project(config: config, at: "src-tauri/tauri.conf.json5", iconFolder: "src-tauri/icons")
        try expectRefreshedInPlace(root: root, iconFolder: "src-tauri/icons", rootFiles: ["src-tauri"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("src-tauri").path).filter { !$0.hasPrefix(".") }.sorted()
            == ["icons", "tauri.conf.json5"])
    }
}
