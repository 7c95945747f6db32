import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// A Vite app whose vite-plugin-pwa makes the manifest and whose `public/` still holds a `manifest.webmanifest`
/// (Coracle's, naming `../icons/icon-48.webp` files the build no longer makes): the plugin emits its own manifest of
/// that name over it, so browsers never get the file — validate does not hold its icons to the rules, and generate
/// does not write into it.
@Suite("Web apps: a manifest the PWA plugin replaces")
struct WebPluginManifestTests {
    let web = WebAppTests()
    static let stale = #"{"icons": [{"src": "../icons/icon-48.webp", "type": "image/png", "sizes": "48x48", "purpose": "any maskable"}, {"src": "../icons/icon-512.webp", "type": "image/png", "sizes": "512x512", "purpose": "any maskable"}]}"#

    /// Coracle's layout: the page beside public/ links no manifest; the plugin's config names its icons.
    private func project(config: String) throws -> URL {
        let project = try Fixtures.temporaryFolder()
        try Data("<html><head><title>c</title></head><body></body></html>\n".utf8).write(to: project.appendingPathComponent("index.html"))
        try Data(config.utf8).write(to: project.appendingPathComponent("vite.config.js"))
        let public_ = project.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: public_, withIntermediateDirectories: true)
        try Data(Self.stale.utf8).write(to: public_.appendingPathComponent("manifest.webmanifest"))
        return project
    }

    private func findings(_ folder: URL) throws -> [Finding] { try Validator().validate([folder.path]).files.flatMap(\.findings) }

    @Test("validate: one warning that the plugin replaces public/manifest.webmanifest, not an error per icon it names; from the project's root and from public/ alike")
    func validateSaysItIsReplaced() throws {
        let project = try project(config: "import {VitePWA} from \"vite-plugin-pwa\"\nexport default { plugins: [VitePWA({ manifest: { name: 'C', icons: [] } })] }\n")
        defer { try? FileManager.default.removeItem(at: project) }
        for folder in [project, project.appendingPathComponent("public")] {
            let found = try findings(folder)
            #expect(found.map(\.severity) == [.warning], "\(found.map(\.message))")
            #expect(found.first?.message.contains("manifest.webmanifest is replaced in the build by the manifest") == true, "\(found.map(\.message))")
        }
    }

    @Test("a plugin that writes none (manifest: false) leaves the file the site's, and so does one of another name (manifestFilename) when the page links the file itself: it is checked; a plugin of another name in a page that links no manifest links its own, and the file is linked from nowhere: one warning")
    func otherNamesAreChecked() throws {
        let other = "export default { plugins: [VitePWA({ manifestFilename: 'app.webmanifest', manifest: { name: 'C' } })] }\n"
        for (config, page) in [("export default { plugins: [VitePWA({ manifest: false })] }\n", nil),
                               (other, "<html><head><link rel=\"manifest\" href=\"/manifest.webmanifest\"></head><body></body></html>\n")] {
            let project = try project(config: config)
            defer { try? FileManager.default.removeItem(at: project) }
            if let page { try Data(page.utf8).write(to: project.appendingPathComponent("index.html")) }
            #expect(try findings(project).contains { $0.severity == .error && $0.message.contains("../icons/icon-48.webp, which does not exist") }, "\(config)")
        }
        let project = try project(config: other)
        defer { try? FileManager.default.removeItem(at: project) }
        let found = try findings(project)
        #expect(found.map(\.severity) == [.warning], "\(found.map(\.message))")
        #expect(found.first?.message.contains("manifest.webmanifest is linked from nowhere: the page links no manifest, and the PWA plugin of") == true
                && found.first?.message.contains("links the one it makes, app.webmanifest") == true, "\(found.map(\.message))")
    }

    @Test("Dashy's layout (public/manifest.json left beside VitePWA's manifest in vite.config.mjs, the page linking none): validate says once that browsers never get the file, not that it lacks a maskable icon, and checks the plugin's icons instead (its 512 is 356 px: an error); generate into public/ leaves it byte for byte, renders the plugin's own icons and says what its manifest.icons should list")
    func unlinkedManifestOfAnotherName() throws {
        let config = "import { VitePWA } from 'vite-plugin-pwa';\nexport default defineConfig({ plugins: [VitePWA({ registerType: 'prompt', manifest: { name: 'Dashy', icons: [\n"
            + "  { src: '/web-icons/favicon-64x64.png', sizes: '64x64', type: 'image/png' },\n  { src: '/web-icons/dashy-logo.png', sizes: '512x512', type: 'image/png' },\n] } })] });\n"
        let project = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        try Data("<html><head><link rel=\"icon\" href=\"/favicon.ico\"></head><body></body></html>\n".utf8).write(to: project.appendingPathComponent("index.html"))
        try Data(config.utf8).write(to: project.appendingPathComponent("vite.config.mjs"))
        let public_ = project.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: public_.appendingPathComponent("web-icons"), withIntermediateDirectories: true)
        let manifest = #"{"name": "Dashy", "start_url": "./", "display": "standalone", "icons": [{"src": "./web-icons/dashy-pwa_512x512.png", "sizes": "512x512"}, {"src": "./web-icons/dashy-pwa_192x192.png", "sizes": "192x192"}]}"#
        try Data(manifest.utf8).write(to: public_.appendingPathComponent("manifest.json"))
        for (name, side) in [("dashy-pwa_512x512.png", 512), ("dashy-pwa_192x192.png", 192), ("favicon-64x64.png", 64), ("dashy-logo.png", 356)] {
            try Data(PNG.encode(Image(width: side, height: side, fill: SIMD4(30, 60, 200, 255)))).write(to: public_.appendingPathComponent("web-icons/" + name))
        }
        for folder in [project, public_] {
            let found = try findings(folder).filter { $0.rule == .webManifest && $0.message.hasPrefix("manifest.json") }
            #expect(found.count == 1 && found.first?.message.contains("manifest.json is linked from nowhere") == true, "\(found.map(\.message))")
        }
        // The manifest browsers do get is the plugin's: its icons, from the config's list, are checked as the built site
        // serves them. Dashy's 512 is a 356 px picture (Chrome: "Actual size (356x356)px of Icon … does not match
        // specified size (512x512px)"); it has no 192 and no maskable icon.
        let plugin = try findings(project).filter { $0.message.hasPrefix("vite.config.mjs's PWA manifest") }
        #expect(plugin.filter { $0.severity == .error }.map(\.message) == ["vite.config.mjs's PWA manifest: icons[1] /web-icons/dashy-logo.png is 356x356 but says 512x512"],
                "\(plugin.map(\.message))")
        #expect(plugin.contains { $0.severity == .warning && $0.message.contains("has no 192x192 icon") }, "\(plugin.map(\.message))")
        #expect(plugin.contains { $0.severity == .warning && $0.message.contains("has no maskable icon") }, "\(plugin.map(\.message))")
        let report = try web.generate(into: public_)
        #expect(try web.text(public_.appendingPathComponent("manifest.json")) == manifest)
        #expect(try PNG.info(Fixtures.bytes(at: public_.appendingPathComponent("web-icons/dashy-logo.png"))).width == 512)
        #expect(report.notes.contains { $0.contains("vite.config.mjs makes the manifest") }, "\(report.notes)")
    }

    @Test("generate into public/: the replaced file is left byte for byte, no icon is written where it points, and the entries for the plugin's manifest.icons are said")
    func generateLeavesItAlone() throws {
        let project = try project(config: "export default { plugins: [VitePWA({ registerType: 'autoUpdate', manifest: { name: 'C' } })] }\n")
        defer { try? FileManager.default.removeItem(at: project) }
        let public_ = project.appendingPathComponent("public")
        let report = try web.generate(into: public_)
        #expect(try web.text(public_.appendingPathComponent("manifest.webmanifest")) == Self.stale)
        #expect(!FileManager.default.fileExists(atPath: public_.appendingPathComponent("icons").path))
        #expect(FileManager.default.fileExists(atPath: public_.appendingPathComponent("icon-512.png").path))
        #expect(report.notes.contains { $0.contains("vite.config.js makes the manifest") }, "\(report.notes)")
    }

    @Test("generate into public/ of a site whose VitePWA config lists its icons (noStrudel's /icon-192-maskable.png): those files are rendered where they are, as their purpose, and no second set under IconForge's names appears; the note lists the config's own names")
    func pluginListedIcons() throws {
        let config = """
            import { VitePWA } from "vite-plugin-pwa";
            export default defineConfig({
              plugins: [
                VitePWA({
                  manifest: {
                    name: "noStrudel",
                    icons: [
                      { src: "/favicon.ico", type: "image/x-icon", sizes: "16x16 32x32" },
                      { src: "/icon-192.png", type: "image/png", sizes: "192x192" },
                      { src: "/icon-512.png", type: "image/png", sizes: "512x512" },
                      { src: "/icon-192-maskable.png", type: "image/png", sizes: "192x192", purpose: "maskable" },
                      { src: "/icon-512-maskable.png", type: "image/png", sizes: "512x512", purpose: "maskable" },
                    ],
                  },
                }),
              ],
            });
            """
        let project = try Fixtures.tree(["index.html": "<html><head><title>n</title></head><body></body></html>\n", "vite.config.ts": config])
        defer { try? FileManager.default.removeItem(at: project) }
        let public_ = project.appendingPathComponent("public")
        try web.png(64, "icon-192-maskable.png", in: public_)
        let report = try web.generate(into: public_)
        let manager = FileManager.default
        for name in ["icon-maskable-192.png", "icon-maskable-512.png", "manifest.webmanifest"] {
            #expect(!manager.fileExists(atPath: public_.appendingPathComponent(name).path), "\(name)")
        }
        for (name, side) in [("icon-192.png", 192), ("icon-512.png", 512), ("icon-192-maskable.png", 192), ("icon-512-maskable.png", 512)] {
            #expect(try PNG.decode(Fixtures.bytes(at: public_.appendingPathComponent(name))).image.size == PixelSize(width: side, height: side), "\(name)")
        }
        // The maskable file is the maskable rendering (opaque, on the background), not the "any" one.
        #expect(try PNG.decode(Fixtures.bytes(at: public_.appendingPathComponent("icon-192-maskable.png"))).image.isOpaque)
        #expect(report.notes.contains { $0.contains("{ src: 'icon-192-maskable.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' }") }, "\(report.notes)")
    }

    @Test("generate into a Nuxt site's public/ whose PWA plugin is told manifest: false and which has no manifest file or page (Elk: its own module writes a manifest per language): no manifest written, the icons are, and it is said; with a page, the manifest is written and linked as before")
    func manifestMadeByCode() throws {
        let project = try Fixtures.tree([
            "nuxt.config.ts": "export default defineNuxtConfig({ modules: ['@vite-pwa/nuxt', '~/modules/pwa/index'], pwa: { manifest: false } })\n",
            "public/favicon.ico": "ico",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let public_ = project.appendingPathComponent("public")
        let report = try web.generate(into: public_)
        #expect(!FileManager.default.fileExists(atPath: public_.appendingPathComponent("manifest.webmanifest").path))
        #expect(FileManager.default.fileExists(atPath: public_.appendingPathComponent("icon-512.png").path))
        #expect(report.notes.contains { $0.contains("nuxt.config.ts: the site's PWA module makes the manifest") && $0.contains("icon-512.png") }, "\(report.notes)")
        // Elk's own shape: the options imported from config/pwa.ts under a `pwa` key.
        try Data("import { pwa } from './config/pwa'\nexport default defineNuxtConfig({\n  modules: ['~/modules/pwa/index'],\n  pwa,\n})\n".utf8)
            .write(to: project.appendingPathComponent("nuxt.config.ts"))
        _ = try web.generate(into: public_)
        #expect(!FileManager.default.fileExists(atPath: public_.appendingPathComponent("manifest.webmanifest").path))
        // A Vite app with its page beside public/ links the manifest IconForge writes: written as before.
        try Data("<html><head><title>e</title></head><body></body></html>\n".utf8).write(to: project.appendingPathComponent("index.html"))
        _ = try web.generate(into: public_)
        #expect(FileManager.default.fileExists(atPath: public_.appendingPathComponent("manifest.webmanifest").path))
    }
}
