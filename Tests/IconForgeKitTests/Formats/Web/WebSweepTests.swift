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

    /// A PNG of `side` pixels at `path` in `folder`.
    private func png(_ side: Int, _ path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(PNG.encode(Image(width: side, height: side, fill: SIMD4(40, 90, 200, 255)))).write(to: url)
    }

    private func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(Fixtures.bytes(at: url))) as? [String: Any] ?? [:]
    }

    private func modified(_ url: URL) throws -> Date? { try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date }

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
        try png(192, "assets/icons/192.png", in: folder)
        try png(512, "assets/icons/512.png", in: folder)
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
        try png(256, "favicon.ico", in: paperless) // PNG data under the .ico name, as browsers take it
        let first = try Validator().validate([paperless.path]).files.flatMap(\.findings).filter { $0.rule == .webManifest }
        #expect(!first.contains { $0.severity == .error }, "\(first.map(\.line))")
        #expect(!first.contains { $0.message.contains("192x192") }, "an SVG of sizes any serves every size")

        let kavita = try web.site(["site.webmanifest": #"{"name":"K","icons":[{"src":"/assets/icons/a-192.png","sizes":"192x192","type":"image/png"},{"src":"/assets/icons/a-256.png","sizes":"256x256","type":"image/png"}]}"#])
        try png(192, "assets/icons/a-192.png", in: kavita)
        try png(256, "assets/icons/a-256.png", in: kavita)
        let second = try Validator().validate([kavita.path]).files.flatMap(\.findings).filter { $0.rule == .webManifest }
        #expect(!second.contains { $0.severity == .error }, "\(second.map(\.line))")
        #expect(second.contains { $0.severity == .warning && $0.message.contains("has no 512x512 icon") })

        let small = try web.site(["manifest.json": #"{"name":"S","start_url":"/","icons":[{"src":"favicon.ico","sizes":"256x256"},{"src":"i.png","sizes":"96x96"}]}"#])
        try png(96, "i.png", in: small)
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
        try png(192, "assets/icons/a-192.png", in: angular)
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
}
