import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// The patterns a sweep of real web projects found (an Ionic/Angular app with Capacitor, Paperless-ngx, Kavita, Uptime
/// Kuma, Navidrome, CyberChef…), each as a folder built here with `WebAppTests`' builder; no project's files are copied.
@Suite("Web apps: the sweep's patterns")
struct WebSweepTests {
    let web = WebAppTests()

    private func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(Fixtures.bytes(at: url))) as? [String: Any] ?? [:]
    }

    private func modified(_ url: URL) throws -> Date? { try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date }

    @Test("PWABuilder's image set (Butterfly's manifest lists 112: Windows 11 tiles at every target size, Android, iOS) is rendered where it stands, not refused")
    func pwaBuilderSet() throws {
        var entries: [(String, Int)] = []
        for plate in ["", ".altform-unplated", ".altform-lightunplated"] {
            for side in [16, 20, 24, 30, 32, 36, 40, 44, 48, 60, 64, 72, 80, 96, 256] { entries.append(("windows11/Square44x44Logo\(plate)_targetsize-\(side).png", side)) }
        }
        // (Its LargeTile.scale-400, 1240 px, is WebWindowsTileTests'.)
        for (tile, base) in [("SmallTile", 71), ("Square150x150Logo", 150), ("LargeTile", 310), ("StoreLogo", 50)] {
            for scale in [100, 125, 150, 200, 400] where base * scale / 100 <= 1024 { entries.append(("windows11/\(tile).scale-\(scale).png", base * scale / 100)) }
        }
        for side in [48, 72, 96, 144, 192, 512] { entries.append(("android/android-launchericon-\(side)-\(side).png", side)) }
        for side in [16, 20, 29, 32, 40, 50, 57, 58, 60, 64, 72, 76, 80, 87, 100, 114, 120, 128, 144, 152, 167, 180, 192, 256, 512, 1024] {
            entries.append(("ios/\(side).png", side))
        }
        #expect(entries.count == 96)
        let icons = entries.map { #"    {"src": "\#($0.0)", "sizes": "\#($0.1)x\#($0.1)", "type": "image/png"}"# }
        let folder = try web.site(["index.html": #"<html><head><link rel="manifest" href="manifest.json"></head></html>"#,
                                   "manifest.json": "{\n  \"name\": \"Notes\",\n  \"icons\": [\n" + icons.joined(separator: ",\n") + "\n  ]\n}\n"])
        for (path, side) in entries { try web.png(side, path, in: folder) }
        let report = try web.generate(into: folder)
        #expect(report.files.contains { $0.path.hasSuffix("windows11/Square44x44Logo.altform-lightunplated_targetsize-256.png") }, "\(report.files.map(\.path))")
        #expect(try PNG.decode(Fixtures.bytes(at: folder.appendingPathComponent("ios/1024.png"))).info.width == 1024)
        #expect(try PNG.decode(Fixtures.bytes(at: folder.appendingPathComponent("windows11/LargeTile.scale-200.png"))).info.width == 620)
        #expect(try Validator().validate([folder.path]).errors == 0)
    }

    @Test("a Vite project's public/manifest.json naming \"../icons/icon-192.png\" (Ionic React's, the icons beside public/): the URL is /icons/icon-192.png, which the built site lacks — an error from the project's root too, saying where the URL goes")
    func viteManifestClimbingOut() throws {
        let project = try Fixtures.temporaryFolder()
        let files = ["index.html": #"<html><head><link rel="manifest" href="/manifest.json"></head></html>"#,
                     "package.json": #"{"scripts": {"dev": "vite"}, "devDependencies": {"vite": "^5"}}"#,
                     "public/manifest.json": #"{"name": "app", "icons": [{"src": "../icons/icon-192.png", "sizes": "192x192", "type": "image/png"}, {"src": "icon-512.png", "sizes": "512x512", "type": "image/png"}]}"#]
        for (path, text) in files {
            let url = project.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try web.png(192, "icons/icon-192.png", in: project)
        try web.png(512, "public/icon-512.png", in: project)
        let errors = try Validator().validate([project.path]).files.flatMap(\.findings).filter { $0.severity == .error }
        #expect(errors.map(\.message) == [#"manifest.json: icons[0] names ../icons/icon-192.png, which does not exist (a URL's ".." stops at the site's root: it is /icons/icon-192.png there)"#],
                "\(errors.map(\.line))")
        // public/ validated on its own is the same site (the Vite project above it serves it at "/"): the same error,
        // saying where the URL goes, not that the file system's ../icons is outside public/.
        let alone = try Validator().validate([project.appendingPathComponent("public").path]).files.flatMap(\.findings).filter { $0.severity == .error }
        #expect(alone.map(\.message) == errors.map(\.message), "\(alone.map(\.line))")
        // Without the Vite project above it, a folder named public is a site of its own: the path leaves it.
        try FileManager.default.removeItem(at: project.appendingPathComponent("package.json"))
        #expect(try Validator().validate([project.appendingPathComponent("public").path]).files.flatMap(\.findings)
                    .contains { $0.severity == .error && $0.message.contains("names ../icons/icon-192.png, outside") })
        try Data(files["package.json"]!.utf8).write(to: project.appendingPathComponent("package.json"))
        // Where the URL goes, the file is found.
        try web.png(192, "public/icons/icon-192.png", in: project)
        #expect(try Validator().validate([project.path]).errors == 0)
    }

    @Test("'maskable any' (Ionic's Angular PWA schematic): each file drawn whole as 'any' in place, its purpose said so, maskable icons of their own beside them; a rerun touches nothing")
    func anyMaskableSplit() throws {
        let manifest = """
        {
          "name": "app",
          "icons": [
            {
              "src": "icons/192.png",
              "sizes": "192x192",
              "type": "image/png",
              "purpose": "maskable any"
            },
            {
              "src": "icons/512.png",
              "sizes": "512x512",
              "type": "image/png",
              "purpose": "maskable any"
            }
          ]
        }
        """
        let folder = try web.site(["index.html": #"<html><head><base href="/"/><link rel="manifest" href="assets/manifest.webmanifest"></head></html>"#,
                                   "assets/manifest.webmanifest": manifest])
        try web.png(192, "assets/icons/192.png", in: folder)
        try web.png(512, "assets/icons/512.png", in: folder)
        _ = try web.generate(into: folder)
        let url = folder.appendingPathComponent("assets/manifest.webmanifest")
        let after = try web.text(url)
        // Only the purposes changed in the entries that were there; the maskable ones follow, named as the others are.
        #expect(after.hasPrefix(manifest.replacingOccurrences(of: "\"maskable any\"", with: "\"any\"").replacingOccurrences(of: "    }\n  ]\n}", with: "")), "\(after)")
        let icons = try json(url)["icons"] as? [[String: String]] ?? []
        #expect(icons.map { $0["purpose"] ?? "" } == ["any", "any", "maskable", "maskable"])
        #expect(icons.map { $0["src"] ?? "" } == ["icons/192.png", "icons/512.png", "icons/icon-maskable-192.png", "icons/icon-maskable-512.png"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("icon-192.png").path), "an 'any' icon added beside the listed ones")
        // The listed file is drawn as an "any" icon, the maskable one inset for its crop: two different pictures.
        #expect(try PNG.decode(Fixtures.bytes(at: folder.appendingPathComponent("assets/icons/512.png"))).info.width == 512)
        #expect(try Fixtures.bytes(at: folder.appendingPathComponent("assets/icons/512.png"))
                != Fixtures.bytes(at: folder.appendingPathComponent("assets/icons/icon-maskable-512.png")))
        let report = try Validator().validate([folder.path])
        let lines = report.files.flatMap { $0.findings.map(\.line) }
        #expect(report.errors == 0 && !lines.contains { $0.contains("any maskable") }, "\(lines)")

        let times = try ["assets/manifest.webmanifest", "icons.html", "assets/icons/192.png", "assets/icons/icon-maskable-512.png"].map {
            try modified(folder.appendingPathComponent($0))
        }
        Thread.sleep(forTimeInterval: 0.02)
        _ = try web.generate(into: folder)
        #expect(try ["assets/manifest.webmanifest", "icons.html", "assets/icons/192.png", "assets/icons/icon-maskable-512.png"].map {
            try modified(folder.appendingPathComponent($0))
        } == times, "a rerun rewrote a file")
    }

    @Test("one file listed at 192 and 512 is drawn once at 512, its entries kept as written, nothing added for those sizes; one file listed as 'any' and as 'maskable' gets a maskable icon of its own")
    func oneFileSeveralEntries() throws {
        let manifest = #"{"icons":[{"src":"logo.png","sizes":"192x192","type":"image/png"},{"src":"logo.png","sizes":"512x512","type":"image/png"},{"src":"logo.png","sizes":"512x512","type":"image/png","purpose":"maskable"}]}"#
        let folder = try web.site(["manifest.json": manifest])
        _ = try web.generate(into: folder)
        let decoded = try PNG.decode(Fixtures.bytes(at: folder.appendingPathComponent("logo.png")))
        #expect(decoded.info.width == 512)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("icon-192.png").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("icon-512.png").path))
        let icons = try json(folder.appendingPathComponent("manifest.json"))["icons"] as? [[String: String]] ?? []
        #expect(icons.prefix(3).map { $0["src"] ?? "" } == ["logo.png", "logo.png", "icon-maskable-512.png"], "\(icons)")
        #expect(icons.prefix(3).map { $0["sizes"] ?? "" } == ["192x192", "512x512", "512x512"])
        // The only other entry is the maskable 192 nobody listed; no entry names a file twice for one purpose.
        #expect(icons.count == 4 && icons[3]["src"] == "icon-maskable-192.png")
        let report = try Validator().validate([folder.path])
        let findings = report.files.flatMap(\.findings)
        #expect(report.errors == 0, "\(findings.map(\.line))")
        #expect(findings.contains { $0.severity == .warning && $0.message.contains("the same file is listed at 512x512 too") })
    }

    @Test("validate follows Chrome's installability: an SVG of sizes any (Paperless-ngx) or a 256 (Kavita) installs; only a 192 or 512 missing beside them is a warning; an .ico or a 96 px icon alone is an error")
    func installability() throws {
        let paperless = try web.site(["manifest.webmanifest": #"{"name":"P","display":"standalone","icons":[{"src":"favicon.ico","sizes":"256x256"},{"src":"assets/logo.svg","sizes":"any"}]}"#,
                                      "assets/logo.svg": #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"/>"#])
        try web.png(256, "favicon.ico", in: paperless) // PNG data under the .ico name, as browsers take it
        let first = try Validator().validate([paperless.path]).files.flatMap(\.findings).filter { $0.rule == .webManifest }
        #expect(!first.contains { $0.severity == .error }, "\(first.map(\.line))")
        #expect(!first.contains { $0.message.contains("192x192") }, "an SVG of sizes any serves every size")

        let kavita = try web.site(["site.webmanifest": #"{"name":"K","icons":[{"src":"/assets/icons/a-192.png","sizes":"192x192","type":"image/png"},{"src":"/assets/icons/a-256.png","sizes":"256x256","type":"image/png"}]}"#])
        try web.png(192, "assets/icons/a-192.png", in: kavita)
        try web.png(256, "assets/icons/a-256.png", in: kavita)
        let second = try Validator().validate([kavita.path]).files.flatMap(\.findings).filter { $0.rule == .webManifest }
        #expect(!second.contains { $0.severity == .error }, "\(second.map(\.line))")
        #expect(second.contains { $0.severity == .warning && $0.message.contains("has no 512x512 icon") })

        let small = try web.site(["manifest.json": #"{"name":"S","start_url":"/","icons":[{"src":"favicon.ico","sizes":"256x256"},{"src":"i.png","sizes":"96x96"}]}"#])
        try web.png(96, "i.png", in: small)
        let third = try Validator().validate([small.path]).files.flatMap(\.findings).filter { $0.rule == .webManifest && $0.severity == .error }
        #expect(third.contains { $0.message.contains("has no icon Chrome can install the app with") }, "\(third.map(\.line))")
    }

    @Test("new icons go beside the ones the manifest lists and are named as those are (Kavita's /assets/icons/…); a src read from the page instead of the manifest's folder is named in the error")
    func placementAndPathStyle() throws {
        let manifest = #"{"name":"K","icons":[{"src":"/assets/icons/a-192.png","sizes":"192x192","type":"image/png"},{"src":"/assets/icons/a-256.png","sizes":"256x256","type":"image/png"}]}"#
        let folder = try web.site(["index.html": #"<head><link rel="manifest" href="site.webmanifest"></head>"#, "site.webmanifest": manifest])
        _ = try web.generate(into: folder)
        let icons = try json(folder.appendingPathComponent("site.webmanifest"))["icons"] as? [[String: String]] ?? []
        #expect(icons.map { $0["src"] ?? "" } == ["/assets/icons/a-192.png", "/assets/icons/a-256.png", "/assets/icons/icon-512.png",
                                                   "/assets/icons/icon-maskable-192.png", "/assets/icons/icon-maskable-512.png"])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("assets/icons/icon-512.png").path))
        #expect(try Validator().validate([folder.path]).errors == 0)

        // Angular's assets/icons/… written as the page sees it, in a manifest that is itself in assets/.
        let angular = try web.site(["index.html": #"<head><link rel="manifest" href="assets/manifest.webmanifest"></head>"#,
                                    "assets/manifest.webmanifest": #"{"icons":[{"src":"assets/icons/a-192.png","sizes":"192x192"}]}"#])
        try web.png(192, "assets/icons/a-192.png", in: angular)
        let lines = try Validator().validate([angular.path]).files.flatMap { $0.findings.map(\.message) }
        #expect(lines.contains { $0.contains("names assets/icons/a-192.png, which does not exist (a src is read from the manifest's folder; from the page, assets/icons/a-192.png exists)") }, "\(lines)")
    }

    @Test("a Vite app whose vite-plugin-pwa makes the manifest (Navidrome): no second manifest in public/, no manifest link; the entries to list are said")
    func vitePWAPlugin() throws {
        let project = try Fixtures.temporaryFolder()
        try Data("<html><head><link rel=\"manifest\" href=\"./manifest.webmanifest\" />\n</head></html>\n".utf8).write(to: project.appendingPathComponent("index.html"))
        try Data("import { VitePWA } from 'vite-plugin-pwa'\nexport default { plugins: [VitePWA({ manifest: { name: 'N' } })] }\n".utf8)
            .write(to: project.appendingPathComponent("vite.config.js"))
        let public_ = project.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: public_, withIntermediateDirectories: true)
        let report = try web.generate(into: public_)
        #expect(!FileManager.default.fileExists(atPath: public_.appendingPathComponent("manifest.webmanifest").path))
        #expect(FileManager.default.fileExists(atPath: public_.appendingPathComponent("icon-512.png").path))
        #expect(try !web.text(public_.appendingPathComponent("icons.html")).contains("rel=\"manifest\""))
        #expect(report.notes.contains { $0.contains("vite.config.js makes the manifest") && $0.contains("src: 'icon-maskable-512.png'") }, "\(report.notes)")

        // `manifest: false` makes none: the site's own manifest is written as usual.
        try Data("import { VitePWA } from 'vite-plugin-pwa'\nexport default { plugins: [VitePWA({ manifest: false })] }\n".utf8)
            .write(to: project.appendingPathComponent("vite.config.js"))
        _ = try web.generate(into: public_)
        #expect(FileManager.default.fileExists(atPath: public_.appendingPathComponent("manifest.webmanifest").path))
    }

    @Test("a favicon.ico of one 16x15 BMP entry (CyberChef's) reads: a warning that it is small, not an error that it cannot be read")
    func nonSquareIcoEntry() throws {
        let folder = try Fixtures.temporaryFolder()
        let (width, height) = (16, 15)
        var bmp: [UInt8] = []
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        bmp += le32(40) + le32(width) + le32(height * 2) + le16(1) + le16(32) + le32(0) + le32(0) + le32(0) + le32(0) + le32(0) + le32(0)
        bmp += [UInt8](repeating: 0x80, count: width * height * 4) + [UInt8](repeating: 0, count: 4 * height)
        let ico = le16(0) + le16(1) + le16(1) + [UInt8(width), UInt8(height), 0, 0] + le16(1) + le16(32) + le32(bmp.count) + le32(22) + bmp
        try Data(ico).write(to: folder.appendingPathComponent("favicon.ico"))
        let findings = try Validator().validate([folder.path]).files.flatMap(\.findings)
        #expect(!findings.contains { $0.severity == .error }, "\(findings.map(\.line))")
        #expect(findings.contains { $0.message.contains("holds only 16x15") })
    }

    @Test("a page that is a server's template (Tandoor's Django {% static %}): paths from the root are said not to be checkable, never rendered into a static/ folder made in the templates")
    func serverTemplatePage() throws {
        let folder = try web.site(["index.html": "{% load static %}\n<html><head><link rel=\"icon\" href=\"{% static 'favicon.png' %}\"></head></html>\n",
                                   "manifest.json": #"{"name":"T","icons":[{"src":"/static/assets/logo144.png","sizes":"144x144","type":"image/png"},{"src":"/static/assets/logo512.png","sizes":"512x512","type":"image/png"}]}"#])
        let findings = try Validator().validate([folder.path]).files.flatMap(\.findings).filter { $0.rule == .webManifest }
        #expect(!findings.contains { $0.message.contains("does not exist") }, "\(findings.map(\.line))")
        #expect(findings.filter { $0.severity == .warning && $0.message.contains("server's template") }.count == 2)
        let report = try web.generate(into: folder)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("static").path))
        #expect(report.warnings.contains { $0.contains("/static/assets/logo512.png") && $0.contains("server's template") }, "\(report.warnings)")
    }

    @Test("a public/ that a sibling Vite app serves as its publicDir, its vite-plugin-pwa making the manifest (Excalidraw's excalidraw-app/): no second manifest; a sibling serving another folder does not count")
    func siblingPublicDir() throws {
        let project = try Fixtures.temporaryFolder()
        let app = project.appendingPathComponent("app"), other = project.appendingPathComponent("docs")
        for folder in [app, other, project.appendingPathComponent("public"), project.appendingPathComponent("static")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("export default { publicDir: \"../public\", plugins: [VitePWA({ manifest: { name: 'E' } })] }\n".utf8).write(to: app.appendingPathComponent("vite.config.mts"))
        try Data("export default { publicDir: '../assets', plugins: [VitePWA({ manifest: { name: 'D' } })] }\n".utf8).write(to: other.appendingPathComponent("vite.config.ts"))
        let report = try web.generate(into: project.appendingPathComponent("public"))
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("public/manifest.webmanifest").path))
        #expect(report.notes.contains { $0.contains("app/vite.config.mts makes the manifest") }, "\(report.notes)")
        _ = try web.generate(into: project.appendingPathComponent("static"))
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("static/manifest.webmanifest").path))
    }

    /// A Vite project (Capgo's shape): its page at the root, the manifest and icons in public/, which Vite serves at "/".
    private func viteProject(svgFavicon: Bool = false) throws -> URL {
        let project = try Fixtures.temporaryFolder()
        let favicon = svgFavicon ? "    <link rel=\"icon\" type=\"image/svg+xml\" href=\"/vite.svg\" />\n" : ""
        try Data("<!doctype html>\n<html>\n  <head>\n\(favicon)    <link rel=\"manifest\" href=\"/manifest.webmanifest\">\n  </head>\n  <body></body>\n</html>\n".utf8)
            .write(to: project.appendingPathComponent("index.html"))
        try Data("import { defineConfig } from 'vite'\nexport default defineConfig({})\n".utf8).write(to: project.appendingPathComponent("vite.config.mts"))
        let public_ = project.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: public_, withIntermediateDirectories: true)
        try Data(#"{"name":"C","start_url":"/","display":"standalone","icons":[{"src":"/pwa-192x192.png","sizes":"192x192","type":"image/png"},{"src":"/pwa-512x512.png","sizes":"512x512","type":"image/png"}]}"#.utf8)
            .write(to: public_.appendingPathComponent("manifest.webmanifest"))
        try web.png(192, "public/pwa-192x192.png", in: project)
        try web.png(512, "public/pwa-512x512.png", in: project)
        if svgFavicon { try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 8 8\"/>".utf8).write(to: public_.appendingPathComponent("vite.svg")) }
        return project
    }

    @Test("a Vite project validated from its root (Capgo): the manifest in public/ names files from public/, as Vite serves them — no 'does not exist'")
    func viteFromRoot() throws {
        let project = try viteProject()
        let findings = try Validator().validate([project.path]).files.flatMap(\.findings).filter { $0.rule == .webManifest }
        #expect(!findings.contains { $0.message.contains("does not exist") }, "\(findings.map(\.line))")
        #expect(try Validator().validate([project.path]).errors == 0)
        // A site that is not Vite's keeps paths from the page's folder: a public/ there is a folder of the site.
        try FileManager.default.removeItem(at: project.appendingPathComponent("vite.config.mts"))
        #expect(try Validator().validate([project.path]).files.flatMap(\.findings).contains { $0.message.contains("does not exist") })
    }

    @Test("a Vite project given as the output folder: the web icons go to public/, which Vite ships, not beside the root's index.html")
    func viteProjectRouting() throws {
        let project = try viteProject()
        #expect(ProjectLayout(root: project.path).webFolder == "public")
        try FileManager.default.removeItem(at: project.appendingPathComponent("vite.config.mts"))
        try Data(#"{"devDependencies":{"vite":"^5.0.0"}}"#.utf8).write(to: project.appendingPathComponent("package.json"))
        #expect(ProjectLayout(root: project.path).webFolder == "public")
        try Data(#"{"devDependencies":{"webpack":"^5.0.0"}}"#.utf8).write(to: project.appendingPathComponent("package.json"))
        #expect(ProjectLayout(root: project.path).webFolder == "")
    }

    @Test("the page links a WebP favicon (Memos' <link rel=\"icon\" type=\"image/webp\" href=\"/logo.webp\">): the run writes favicon.ico and PNG favicons that tabs never show, and a warning says so — it said nothing; with --update-html, which links the new ones, no warning")
    func otherFormatFaviconKept() throws {
        let project = try viteProject()
        let page = project.appendingPathComponent("index.html")
        let text = try String(contentsOf: page, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "  <head>\n", with: "  <head>\n    <link rel=\"icon\" type=\"image/webp\" href=\"/logo.webp\" />\n").utf8).write(to: page)
        try Data([0x52, 0x49, 0x46, 0x46]).write(to: project.appendingPathComponent("public/logo.webp"))
        let report = try web.generate(into: project.appendingPathComponent("public"))
        #expect(report.warnings.contains { $0.contains("/logo.webp") && $0.contains("keeps the old art") }, "\(report.warnings)")
        var options = GenerateOptions(presets: try PresetCatalog.presets("web"))
        options.updatesPage = true
        let updating = try Generator(options: options).run(source: WebAppTests.master, outputFolder: project.appendingPathComponent("public").path)
        #expect(!updating.warnings.contains { $0.contains("/logo.webp") }, "\(updating.warnings)")
        let plain = try viteProject()
        #expect(!(try web.generate(into: plain.appendingPathComponent("public"))).warnings.contains { $0.contains("format IconForge does not write") })
    }

    @Test("an electron-vite app whose renderer is the project's root (Heroic Games Launcher: index.html beside public/, electron.vite.config.ts, no vite.config): public/ is the served folder, as in a Vite project — init's web job and a web run from the root wrote the favicons and touch icon beside index.html, which the renderer build never copies")
    func electronViteRenderer() throws {
        let project = try viteProject()
        try FileManager.default.removeItem(at: project.appendingPathComponent("vite.config.mts"))
        #expect(ProjectLayout(root: project.path).webFolder == "")
        try Data("export default defineConfig({ renderer: { root: '.', build: { outDir: 'build' } } })\n".utf8)
            .write(to: project.appendingPathComponent("electron.vite.config.ts"))
        #expect(ProjectLayout(root: project.path).webFolder == "public")
        let routes = try ProjectLayout.routes(presets: ["web"], out: project.path)
        #expect(routes.map(\.folder) == [project.appendingPathComponent("public").path], "\(routes)")
        let findings = try Validator().validate([project.path]).files.flatMap(\.findings).filter { $0.rule == .webManifest }
        #expect(!findings.contains { $0.message.contains("does not exist") }, "\(findings.map(\.line))")
    }

    @Test("the page links an SVG favicon (Vite's template /vite.svg) and the master is a PNG: a warning says the tabs keep the old art")
    func svgFaviconKept() throws {
        let project = try viteProject(svgFavicon: true)
        let report = try web.generate(into: project.appendingPathComponent("public"))
        #expect(report.warnings.contains { $0.contains("/vite.svg") && $0.contains("SVG master") }, "\(report.warnings)")
        let plain = try viteProject()
        #expect(!(try web.generate(into: plain.appendingPathComponent("public"))).warnings.contains { $0.contains("SVG icon") })
    }

    @Test("a manifest a server fills in (Ghostfolio's ${rootUrl}): its paths from the root are said not to be checkable, not 'does not exist'")
    func serverTemplateManifest() throws {
        let folder = try web.site(["site.webmanifest": #"{"name":"G","lang":"${languageCode}","start_url":"${rootUrl}/","icons":[{"src":"/assets/android-chrome-192x192.png","sizes":"192x192","type":"image/png"},{"src":"/assets/android-chrome-512x512.png","sizes":"512x512","type":"image/png"}]}"#])
        let findings = try Validator().validate([folder.path]).files.flatMap(\.findings).filter { $0.rule == .webManifest }
        #expect(!findings.contains { $0.message.contains("does not exist") }, "\(findings.map(\.line))")
        #expect(findings.filter { $0.severity == .warning && $0.message.contains("a server fills in") }.count == 2)
    }

    @Test("an Angular page at the site's root linking ../assets/… (Ghostfolio, <base href=\"/\">): '..' stops at the root as a browser's does, so the linked files are rendered in place")
    func dotDotStopsAtRoot() throws {
        let folder = try web.site(["index.html": "<html><head><base href=\"/\">\n<link rel=\"icon\" type=\"image/png\" sizes=\"32x32\" href=\"../assets/favicon-32x32.png\">\n"
                                   + "<link rel=\"apple-touch-icon\" href=\"../assets/apple-touch-icon.png\">\n</head></html>\n"])
        try web.png(32, "assets/favicon-32x32.png", in: folder)
        try web.png(180, "assets/apple-touch-icon.png", in: folder)
        let before = try Fixtures.bytes(at: folder.appendingPathComponent("assets/favicon-32x32.png"))
        let report = try web.generate(into: folder)
        #expect(report.files.map(\.path).contains("assets/favicon-32x32.png") && report.files.map(\.path).contains("assets/apple-touch-icon.png"),
                "\(report.files.map(\.path))")
        #expect(try Fixtures.bytes(at: folder.appendingPathComponent("assets/favicon-32x32.png")) != before)
    }

    @Test("Nuxt's static/ whose nuxt.config.js has @nuxtjs/pwa make the manifest (Mealie): no second manifest written")
    func nuxtPWAModule() throws {
        let project = try Fixtures.temporaryFolder()
        try Data("export default { modules: ['@nuxtjs/pwa'], pwa: { manifest: { name: 'M' } } }\n".utf8).write(to: project.appendingPathComponent("nuxt.config.js"))
        let static_ = project.appendingPathComponent("static")
        try FileManager.default.createDirectory(at: static_, withIntermediateDirectories: true)
        let report = try web.generate(into: static_)
        #expect(!FileManager.default.fileExists(atPath: static_.appendingPathComponent("manifest.webmanifest").path))
        #expect(report.notes.contains { $0.contains("nuxt.config.js makes the manifest") })
    }

    @Test("--hash-names: manifest icons named for their content and the manifest names them; a rerun is byte-identical with no new file; a new master's run moves the old hashed files to the backup")
    func hashNames() throws {
        let manifest = "{\n  \"name\": \"H\",\n  \"icons\": [\n    { \"src\": \"/icons/app-192.png\", \"sizes\": \"192x192\", \"type\": \"image/png\" }\n  ]\n}\n"
        let folder = try web.site(["manifest.json": manifest])
        try web.png(192, "icons/app-192.png", in: folder)
        var options = GenerateOptions(presets: try PresetCatalog.presets("web"))
        options.hashesNames = true
        let generator = Generator(options: options)
        _ = try generator.run(source: WebAppTests.master, outputFolder: folder.path)
        let icons = try json(folder.appendingPathComponent("manifest.json"))["icons"] as? [[String: String]] ?? []
        let srcs = icons.map { $0["src"] ?? "" }
        #expect(srcs.count == 4 && srcs.allSatisfy { $0.range(of: #"^/icons/(app-192|icon-512|icon-maskable-192|icon-maskable-512)\.[0-9a-f]{8}\.png$"#, options: .regularExpression) != nil }, "\(srcs)")
        for src in srcs { #expect(FileManager.default.fileExists(atPath: folder.path + src), "\(src)") }
        // The listed file it was rendered from is in the backup, not lost, and no longer in the folder.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("icons/app-192.png").path))
        // Backups are kept beside the folder given, never in what the site publishes.
        let backup = folder.deletingLastPathComponent().appendingPathComponent(".iconforge-backup")
        let kept = FileManager.default.enumerator(atPath: backup.path)?.compactMap { $0 as? String } ?? []
        #expect(kept.contains { $0.hasSuffix("icons/app-192.png") }, "\(kept)")

        func snapshot() throws -> [String: Date?] {
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { !$0.hasPrefix(".") } ?? []
            return try Dictionary(uniqueKeysWithValues: files.map { ($0, try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($0).path)[.modificationDate] as? Date) })
        }
        let before = try snapshot()
        Thread.sleep(forTimeInterval: 0.02)
        _ = try generator.run(source: WebAppTests.master, outputFolder: folder.path)
        #expect(try snapshot() == before, "a rerun with the same master changed or added a file")

        // Another master: new names, the manifest follows, the old hashed icons are moved to the backup.
        let other = try Fixtures.temporaryFolder().appendingPathComponent("other.png")
        try Data(PNG.encode(Image(width: 1024, height: 1024, fill: SIMD4(200, 30, 30, 255)))).write(to: other)
        _ = try generator.run(source: other.path, outputFolder: folder.path)
        let renamed = (try json(folder.appendingPathComponent("manifest.json"))["icons"] as? [[String: String]] ?? []).map { $0["src"] ?? "" }
        #expect(renamed.count == 4 && Set(renamed).isDisjoint(with: srcs), "\(renamed)")
        for src in srcs { #expect(!FileManager.default.fileExists(atPath: folder.path + src), "\(src) left behind") }
        let keptNow = FileManager.default.enumerator(atPath: backup.path)?.compactMap { $0 as? String } ?? []
        for src in srcs { #expect(keptNow.contains { $0.hasSuffix(String(src.dropFirst())) }, "\(src) not in the backup") }
        #expect(try Validator().validate([folder.path]).errors == 0)
    }

    @Test("--hash-names keeps the name of a file the page links (Flutter's touch icon is its Icon-192.png) or the manifest's shortcuts name (Uptime Kuma's): nothing left naming a missing file; a rerun adds nothing")
    func hashNamesKeepsSharedFiles() throws {
        let manifest = #"{"icons":[{"src":"icons/Icon-192.png","sizes":"192x192","type":"image/png"},{"src":"icons/Icon-512.png","sizes":"512x512","type":"image/png"}],"shortcuts":[{"name":"S","url":"/s","icons":[{"src":"icons/Icon-512.png","sizes":"512x512"}]}]}"#
        let folder = try web.site(["manifest.json": manifest, "index.html": #"<head><link rel="apple-touch-icon" href="icons/Icon-192.png"></head>"#])
        try web.png(192, "icons/Icon-192.png", in: folder)
        try web.png(512, "icons/Icon-512.png", in: folder)
        var options = GenerateOptions(presets: try PresetCatalog.presets("web"))
        options.hashesNames = true
        let report = try Generator(options: options).run(source: WebAppTests.master, outputFolder: folder.path)
        let srcs = (try json(folder.appendingPathComponent("manifest.json"))["icons"] as? [[String: String]] ?? []).map { $0["src"] ?? "" }
        #expect(srcs.prefix(2) == ["icons/Icon-192.png", "icons/Icon-512.png"], "\(srcs)")
        #expect(srcs.dropFirst(2).allSatisfy { $0.range(of: #"^icons/icon-maskable-(192|512)\.[0-9a-f]{8}\.png$"#, options: .regularExpression) != nil }, "\(srcs)")
        #expect(report.notes.filter { $0.contains("kept the name of icons/Icon-") }.count == 2, "\(report.notes)")
        #expect(try Validator().validate([folder.path]).errors == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("icons").path).sorted()
        _ = try Generator(options: options).run(source: WebAppTests.master, outputFolder: folder.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("icons").path).sorted() == files)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("apple-touch-icon.png").path))
    }
}
