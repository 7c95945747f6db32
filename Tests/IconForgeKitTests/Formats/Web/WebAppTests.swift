import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// Web folders as real projects lay them out (patterns from Ionic's PWA toolkit, Create React App, Capacitor and
/// self-hosted apps): the page's own manifest, its path forms, its formatting. Each folder is built here.
@Suite("Web apps as they really are")
struct WebAppTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

    func site(_ files: [String: String]) throws -> URL {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("public")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    func generate(into folder: URL) throws -> GenerationReport {
        try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("web"))).run(source: Self.master, outputFolder: folder.path)
    }

    /// A PNG of `side` pixels at `path` in `folder`, in one flat colour.
    func png(_ side: Int, _ path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(PNG.encode(Image(width: side, height: side, fill: SIMD4(40, 90, 200, 255)))).write(to: url)
    }

    func text(_ url: URL) throws -> String { String(decoding: try Fixtures.bytes(at: url), as: UTF8.self) }

    @Test("the manifest the page links (assets/manifest.webmanifest) is the one updated; no second manifest appears")
    func linkedManifest() throws {
        let folder = try site(["index.html": #"<html><head><link rel="manifest" href="assets/manifest.webmanifest"></head></html>"#,
                               "assets/manifest.webmanifest": #"{"name": "App", "icons": []}"#])
        _ = try generate(into: folder)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.webmanifest").path))
        let manifest = try text(folder.appendingPathComponent("assets/manifest.webmanifest"))
        #expect(manifest.contains(#""src": "/icon-192.png""#) && manifest.contains(#""src": "/icon-maskable-512.png""#))
        #expect(try text(folder.appendingPathComponent("icons.html")).contains(#"<link rel="manifest" href="assets/manifest.webmanifest">"#))
        let report = try Validator().validate([folder.path])
        #expect(report.errors == 0, "\(report.files.flatMap(\.findings).map(\.message))")
    }

    @Test("absolute and template-prefixed paths are the files they name: rendered in place, never added twice")
    func absolutePaths() throws {
        let manifest = """
        {
            "short_name": "App",
            "icons": [
                { "src": "/static/icons/app-192.png", "sizes": "192x192", "type": "image/png" },
                { "src": "%PUBLIC_URL%/static/icons/app-512.png", "sizes": "512x512", "type": "image/png" }
            ],
            "start_url": "."
        }
        """
        let folder = try site(["manifest.json": manifest,
                               "index.html": #"<link rel="icon" href="%PUBLIC_URL%/favicon.ico"><link rel="manifest" href="%PUBLIC_URL%/manifest.json">"#])
        _ = try generate(into: folder)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("static/icons/app-192.png").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("static/icons/app-512.png").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("icon-192.png").path))
        let after = try text(folder.appendingPathComponent("manifest.json"))
        #expect(after.components(separatedBy: "192x192").count == 3, "one any and one maskable 192: \(after)")
        // Only the icons array changed: the other members keep their order and spacing, the kept entries their text.
        #expect(after.hasPrefix("{\n    \"short_name\": \"App\",\n    \"icons\": [\n        { \"src\": \"/static/icons/app-192.png\""))
        #expect(after.hasSuffix("    ],\n    \"start_url\": \".\"\n}"))
    }

    @Test("an inline-written manifest (Ionic's `},{`) gets its new entries in its own style; a rerun changes nothing, icons.html included")
    func minimalDiff() throws {
        let manifest = "{\n  \"name\": \"x\",\n  \"icons\": [{\n    \"src\": \"assets/icon/icon192.png\",\n    \"sizes\": \"192x192\",\n    \"type\": \"image/png\"\n  },{\n    \"src\": \"assets/icon/icon512.png\",\n    \"sizes\": \"512x512\",\n    \"type\": \"image/png\"\n  }],\n  \"theme_color\": \"#488aff\"\n}"
        let folder = try site(["manifest.json": manifest,
                               "index.html": #"<link rel="icon" type="image/x-icon" href="/assets/icon/favicon.ico"><link rel="manifest" href="/manifest.json">"#])
        _ = try generate(into: folder)
        let after = try text(folder.appendingPathComponent("manifest.json"))
        let expectedAdded = "  },{\n    \"src\": \"assets/icon/icon-maskable-192.png\",\n    \"sizes\": \"192x192\",\n    \"type\": \"image/png\",\n    \"purpose\": \"maskable\"\n"
        #expect(after.hasPrefix(String(manifest.prefix(manifest.count - 34))) && after.contains(expectedAdded), "\(after)")
        // The page's favicon.ico is the one written, with the sizes it holds; none appears at the root.
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("assets/icon/favicon.ico").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("favicon.ico").path))
        #expect(try text(folder.appendingPathComponent("icons.html")).contains(#"href="assets/icon/favicon.ico" sizes="48x48 32x32 16x16""#))
        let times = try [folder.appendingPathComponent("icons.html"), folder.appendingPathComponent("manifest.json")].map {
            try FileManager.default.attributesOfItem(atPath: $0.path)[.modificationDate] as? Date
        }
        Thread.sleep(forTimeInterval: 0.01)
        _ = try generate(into: folder)
        #expect(try [folder.appendingPathComponent("icons.html"), folder.appendingPathComponent("manifest.json")].map {
            try FileManager.default.attributesOfItem(atPath: $0.path)[.modificationDate] as? Date
        } == times)
    }

    @Test("a manifest whose icons are one line each (Memos' `{ \"src\": …, \"type\": …, \"sizes\": … }`) gets its new entries on one line in the same spacing, not spread over five lines beside them; compact `{\"src\":…}` siblings get compact ones")
    func oneLineEntries() throws {
        let manifest = "{\n  \"name\": \"Memos\",\n  \"icons\": [\n    { \"src\": \"/logo.png\", \"type\": \"image/png\", \"sizes\": \"192x192\" },\n    { \"src\": \"/full-logo.png\", \"type\": \"image/png\", \"sizes\": \"512x512\" }\n  ]\n}\n"
        let folder = try site(["manifest.json": manifest])
        try png(192, "logo.png", in: folder)
        try png(512, "full-logo.png", in: folder)
        _ = try generate(into: folder)
        let after = try text(folder.appendingPathComponent("manifest.json"))
        #expect(after.contains("},\n    { \"src\": \"/icon-maskable-192.png\", \"sizes\": \"192x192\", \"type\": \"image/png\", \"purpose\": \"maskable\" }"), "\(after)")
        #expect(after.hasPrefix(String(manifest.prefix(manifest.count - 7))), "\(after)")
        let compact = try site(["manifest.json": #"{"name":"m","icons":[{"src":"/logo.png","sizes":"192x192","type":"image/png"},{"src":"/full-logo.png","sizes":"512x512","type":"image/png"}]}"#])
        try png(192, "logo.png", in: compact)
        try png(512, "full-logo.png", in: compact)
        _ = try generate(into: compact)
        let compactAfter = try text(compact.appendingPathComponent("manifest.json"))
        #expect(compactAfter.contains(#"},{"src":"/icon-maskable-192.png","sizes":"192x192","type":"image/png","purpose":"maskable"}"#), "\(compactAfter)")
    }

    @Test("validate: a missing icon is an error whatever its path form; 'any maskable' is a warning; maskable icons do not make 192 and 512")
    func validateManifest() throws {
        let manifest = """
        {"icons": [
          {"src": "/static/missing-192.png", "sizes": "192x192", "type": "image/png", "purpose": "maskable"},
          {"src": "%PUBLIC_URL%/missing-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"}
        ]}
        """
        let folder = try site(["manifest.json": manifest, "index.html": "<html></html>"])
        let messages = try Validator().validate([folder.path]).files.flatMap(\.findings).map(\.message)
        #expect(messages.contains { $0.contains("/static/missing-192.png, which does not exist") })
        #expect(messages.contains { $0.contains("%PUBLIC_URL%/missing-512.png, which does not exist") })
        #expect(messages.contains { $0.contains("is \"any maskable\"") })
        #expect(messages.contains { $0.contains("has no 192x192 icon") })
        #expect(!messages.contains { $0.contains("has no 512x512 icon") })
    }

    @Test("a src with an encoded separator (a%2fb) or encoded dots (%2e%2e) is never rendered into: no folder named from it, nothing outside")
    func encodedSeparators() throws {
        let manifest = #"{"icons":[{"src":"a%2fb/icon-512.png","sizes":"512x512"},{"src":"icons/%2e%2e/%2e%2e/evil-192.png","sizes":"192x192"}]}"#
        let folder = try site(["manifest.json": manifest])
        _ = try generate(into: folder)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a%2fb").path))
        #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("evil-192.png").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("icon-512.png").path))
    }

    @Test("a <link> inside a script string, a comment or a style is no tag of the page: nothing is rendered for it")
    func linksInScripts() throws {
        let folder = try site(["index.html": #"<html><head><script>var s='<link rel="icon" href="/evil.png" sizes="64x64">';</script><!-- <link rel="icon" href="old.png" sizes="99x99"> --></head></html>"#])
        _ = try generate(into: folder)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("evil.png").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("old.png").path))
    }

    @Test("validate: an app manifest with no icons key (gotify's) misses its 192 and 512 icons; a package.json-like manifest is not an app's")
    func manifestWithoutIcons() throws {
        let folder = try site(["manifest.json": #"{"short_name":"Gotify","name":"Gotify","start_url":".","display":"standalone"}"#])
        let lines = try Validator().validate([folder.path]).files.flatMap { $0.findings.filter { $0.severity == .error }.map(\.line) }
        #expect(lines.contains { $0.contains("192") } && lines.contains { $0.contains("512") }, "\(lines)")
        let other = try site(["manifest.json": #"{"name":"a-library","version":"1.0.0"}"#])
        #expect(try Validator().validate([other.path]).errors == 0)
    }

    @Test("a manifest that is not JSON stops the run before any icon is written, with one line naming it")
    func brokenManifestWritesNothing() throws {
        let folder = try site(["manifest.json": "{ not json"])
        #expect { try generate(into: folder) } throws: { "\($0)".contains("manifest.json") && "\($0)".contains("is not a JSON object") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["manifest.json"])
    }

    @Test("a page or manifest that is a link out of the folder is never read: its manifest link is not followed, a linked-out manifest is not merged")
    func linksOutAreNotRead() throws {
        let folder = try site(["app.webmanifest": #"{"name":"kept","icons":[]}"#])
        let outside = folder.deletingLastPathComponent().appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(#"<html><head><link rel="manifest" href="app.webmanifest"></head></html>"#.utf8).write(to: outside.appendingPathComponent("index.html"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("index.html"), withDestinationURL: outside.appendingPathComponent("index.html"))
        _ = try generate(into: folder)
        #expect(try text(folder.appendingPathComponent("app.webmanifest")) == #"{"name":"kept","icons":[]}"#, "the linked-out page chose the manifest")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.webmanifest").path))

        let second = try site([:])
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        try Data(#"{"name":"secret","icons":[{"src":"icon-192.png","sizes":"192x192"}]}"#.utf8).write(to: outside.appendingPathComponent("manifest.json"))
        try FileManager.default.createSymbolicLink(at: second.appendingPathComponent("manifest.json"), withDestinationURL: outside.appendingPathComponent("manifest.json"))
        #expect(throws: IconForgeError.self) { try generate(into: second) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: second.path) == ["manifest.json"], "nothing is written when the manifest cannot be")
        let report = try Validator().validate([second.path])
        let lines = report.files.flatMap { $0.findings.map(\.line) }
        #expect(lines.contains { $0.contains("leaves") }, "\(lines)")
        #expect(!lines.contains { $0.contains("icon-192") }, "the outside manifest was read: \(lines)")
    }

    @Test("an SVG master is copied as the site's icon.svg, byte for byte, and linked (sizes=any) in icons.html and the page; a PNG master writes none")
    func svgIcon() throws {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#3366CC"/></svg>"##
        let master = try Fixtures.temporaryFolder().appendingPathComponent("logo.svg")
        try Data(svg.utf8).write(to: master)
        let folder = try site(["index.html": "<html>\n<head>\n  <title>x</title>\n</head>\n</html>\n"])
        var options = GenerateOptions(presets: try PresetCatalog.presets("web"))
        options.updatesPage = true
        let report = try Generator(options: options).run(source: master.path, outputFolder: folder.path)
        #expect(try text(folder.appendingPathComponent("icon.svg")) == svg)
        #expect(report.files.map(\.path).contains("icon.svg"))
        let link = #"<link rel="icon" href="icon.svg" type="image/svg+xml" sizes="any">"#
        #expect(try text(folder.appendingPathComponent("icons.html")).contains(link))
        #expect(try text(folder.appendingPathComponent("index.html")).components(separatedBy: link).count == 2)
        // A rerun finds the link in place: still one.
        _ = try Generator(options: options).run(source: master.path, outputFolder: folder.path)
        #expect(try text(folder.appendingPathComponent("index.html")).components(separatedBy: link).count == 2)

        // Vite's page links its own SVG icon (no sizes): that link is the one replaced, not kept beside a second.
        let vite = try site(["index.html": "<html><head>\n    <link rel=\"icon\" type=\"image/svg+xml\" href=\"/vite.svg\" />\n</head></html>\n"])
        _ = try Generator(options: options).run(source: master.path, outputFolder: vite.path)
        let page = try text(vite.appendingPathComponent("index.html"))
        #expect(!page.contains("vite.svg") && page.components(separatedBy: "image/svg+xml").count == 2, "\(page)")

        let pngSite = try site([:])
        _ = try generate(into: pngSite)
        #expect(!FileManager.default.fileExists(atPath: pngSite.appendingPathComponent("icon.svg").path))
        #expect(try !text(pngSite.appendingPathComponent("icons.html")).contains("image/svg+xml"))
    }


    /// A design tool's export: a gradient, a class rule and a reused shape, named as every export of it names them.
    static func exported(_ colour: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- exported -->
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64" class="root" aria-labelledby="t">
          <title id="t">Logo</title>
          <defs>
            <style>.cls-1{fill:url(#a)}#s{stroke:#fff}</style>
            <linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="\(colour)"/><stop offset="1" stop-color="\(colour)"/></linearGradient>
            <linearGradient id="b" xlink:href="#a"/>
            <rect id="s" x="4" y="4" width="56" height="56"/>
          </defs>
          <use href="#s" class="cls-1"/>
          <circle cx="32" cy="32" r="6" fill="url('#b')"/>
        </svg>

        """
    }

    @Test("an SVG master and an SVG --dark: one icon.svg nesting both, the dark one shown under prefers-color-scheme: dark; the ids and classes both define (the same gradient id) are prefixed apart, and every reference resolves within its own master; it draws as the light master")
    func darkModeSVG() throws {
        let folder = try Fixtures.temporaryFolder()
        let light = folder.appendingPathComponent("light.svg"), dark = folder.appendingPathComponent("dark.svg")
        try Data(Self.exported("#FF0000").utf8).write(to: light)
        try Data(Self.exported("#0000FF").utf8).write(to: dark)
        let web = try site([:])
        var options = GenerateOptions(presets: try PresetCatalog.presets("web"))
        options.darkSourcePath = dark.path
        let report = try Generator(options: options).run(source: light.path, outputFolder: web.path)
        #expect(!report.warnings.contains { $0.contains("not combined") }, "\(report.warnings)")
        let svg = try text(web.appendingPathComponent("icon.svg"))
        #expect(svg.contains("@media (prefers-color-scheme:dark){.iconforge-light{display:none}.iconforge-dark{display:inline}}"))
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">"#), "\(svg)")
        // Each master's half: its ids are its own, and whatever it refers to is among them.
        let halves = svg.components(separatedBy: "<svg class=").dropFirst()
        #expect(halves.count == 2)
        func all(_ pattern: String, in text: String) -> [String] {
            let expression = try! NSRegularExpression(pattern: pattern)
            return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range(at: 1), in: text)!]) }
        }
        var everyID: [String] = []
        for (half, prefix) in zip(halves, ["light-", "dark-"]) {
            let ids = all(#"\sid="([^"]*)""#, in: half)
            everyID += ids
            #expect(Set(ids) == Set(["t", "a", "b", "s"].map { prefix + $0 }), "\(ids)")
            let references = all(##"url\('?#([^)']*)"##, in: half) + all(##"href="#([^"]*)""##, in: half) + all(##"aria-labelledby="([^"]*)""##, in: half)
                + all(##"\}#([-\w]+)\{"##, in: half)
            #expect(references.count == 6 && references.allSatisfy(ids.contains), "\(references)")
            #expect(half.contains(".\(prefix)cls-1{fill:url(#\(prefix)a)}") && half.contains("class=\"\(prefix)cls-1\""))
            #expect(half.contains("#\(prefix)s{stroke:#fff}"), "colours in declarations are not ids")
        }
        #expect(Set(everyID).count == everyID.count)
        #expect(halves.first!.hasPrefix("\"iconforge-light light-root\""))
        // Drawn (librsvg shows the light half): the light master's red square, its gradient found.
        let drawn = try SourceImage.read(web.appendingPathComponent("icon.svg").path, limits: .default, vectorSize: .longSide(64)).image
        let own = try SourceImage.read(light.path, limits: .default, vectorSize: .longSide(64)).image
        #expect(drawn.width == 64 && drawn.pixel(x: 10, y: 10) == own.pixel(x: 10, y: 10) && drawn.pixel(x: 32, y: 32) == own.pixel(x: 32, y: 32))
        #expect(own.pixel(x: 10, y: 10)[0] > 200 && own.pixel(x: 10, y: 10)[2] < 50)
        // A PNG --dark leaves icon.svg the light master alone.
        options.darkSourcePath = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let other = try site([:])
        _ = try Generator(options: options).run(source: light.path, outputFolder: other.path)
        #expect(try text(other.appendingPathComponent("icon.svg")) == Self.exported("#FF0000"))
    }

    @Test("a designed --monochrome glyph gives the manifest purpose-monochrome icons at 192 and 512, white on transparency; without one there are none")
    func monochromeIcons() throws {
        let folder = try site([:])
        var options = GenerateOptions(presets: try PresetCatalog.presets("web"))
        options.monochrome = .file(Fixtures.testImages.appendingPathComponent("glyph-master.png").path)
        _ = try Generator(options: options).run(source: Self.master, outputFolder: folder.path)
        let manifest = try JSONSerialization.jsonObject(with: Data(Fixtures.bytes(at: folder.appendingPathComponent("manifest.webmanifest")))) as? [String: Any]
        let monochrome = (manifest?["icons"] as? [[String: Any]] ?? []).filter { $0["purpose"] as? String == "monochrome" }
        #expect(monochrome.map { $0["src"] as? String } == ["icon-monochrome-192.png", "icon-monochrome-512.png"])
        let decoded = try PNG.decode(Fixtures.bytes(at: folder.appendingPathComponent("icon-monochrome-192.png")))
        #expect(decoded.info.width == 192 && decoded.info.colorType == .rgba)
        var transparent = 0
        for y in stride(from: 0, to: 192, by: 3) {
            for x in stride(from: 0, to: 192, by: 3) {
                let pixel = decoded.image.pixel(x: x, y: y)
                if pixel[3] == 0 { transparent += 1 } else { #expect(pixel[0] >= 250 && pixel[1] >= 250 && pixel[2] >= 250) }
            }
        }
        #expect(transparent > 64 * 64 / 6 && transparent < 64 * 64)
        #expect(try Validator().validate([folder.path]).errors == 0)

        let plain = try site([:])
        _ = try generate(into: plain)
        #expect(!FileManager.default.fileExists(atPath: plain.appendingPathComponent("icon-monochrome-192.png").path))
        #expect(try !text(plain.appendingPathComponent("manifest.webmanifest")).contains("monochrome"))
    }

}

@Suite("Web apps: --update-html")
struct UpdateHTMLTests {
    @Test("Vite: the page beside public/ gets the link tags (hrefs from the site's root), every other byte kept; a rerun leaves it alone")
    func vitePage() throws {
        let project = try Fixtures.temporaryFolder()
        let page = "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n"
            + "    <link rel=\"icon\" type=\"image/svg+xml\" href=\"/vite.svg\" />\n    <title>App</title>\n  </head>\n  <body></body>\n</html>\n"
        try Data(page.utf8).write(to: project.appendingPathComponent("index.html"))
        let public_ = project.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: public_, withIntermediateDirectories: true)
        var options = GenerateOptions(presets: try PresetCatalog.presets("web"))
        options.updatesPage = true
        _ = try Generator(options: options).run(source: WebAppTests.master, outputFolder: public_.path)
        let after = String(decoding: try Fixtures.bytes(at: project.appendingPathComponent("index.html")), as: UTF8.self)
        let added = "    <link rel=\"icon\" href=\"/favicon.ico\" sizes=\"48x48 32x32 16x16\">\n"
            + "    <link rel=\"icon\" type=\"image/png\" sizes=\"32x32\" href=\"/favicon-32x32.png\">\n"
            + "    <link rel=\"icon\" type=\"image/png\" sizes=\"16x16\" href=\"/favicon-16x16.png\">\n"
            + "    <link rel=\"apple-touch-icon\" href=\"/apple-touch-icon.png\">\n"
            + "    <link rel=\"manifest\" href=\"/manifest.webmanifest\">\n"
        #expect(after == page.replacingOccurrences(of: "  </head>", with: added + "  </head>"), "\(after)")
        let time = try FileManager.default.attributesOfItem(atPath: project.appendingPathComponent("index.html").path)[.modificationDate] as? Date
        _ = try Generator(options: options).run(source: WebAppTests.master, outputFolder: public_.path)
        #expect(try FileManager.default.attributesOfItem(atPath: project.appendingPathComponent("index.html").path)[.modificationDate] as? Date == time)
    }

    @Test("a page's existing touch icon and manifest links are updated where they stand, not added twice")
    func existingLinks() throws {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("web")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = "<html><head><link rel=\"apple-touch-icon\" href=\"old-touch.png\"><link rel=\"manifest\" href=\"manifest.webmanifest\"></head></html>"
        try Data(page.utf8).write(to: folder.appendingPathComponent("index.html"))
        var options = GenerateOptions(presets: try PresetCatalog.presets("web"))
        options.updatesPage = true
        _ = try Generator(options: options).run(source: WebAppTests.master, outputFolder: folder.path)
        let after = String(decoding: try Fixtures.bytes(at: folder.appendingPathComponent("index.html")), as: UTF8.self)
        #expect(after.components(separatedBy: "rel=\"apple-touch-icon\"").count == 2 && after.contains("<link rel=\"apple-touch-icon\" href=\"apple-touch-icon.png\">"))
        #expect(after.components(separatedBy: "rel=\"manifest\"").count == 2)
    }

}
