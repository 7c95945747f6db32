import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// Browser extensions as Chrome and Firefox read them: `manifest.json` with `manifest_version`, `icons` and the toolbar
/// button's `default_icon`. Every folder is built here.
@Suite("Browser extensions")
struct BrowserExtensionTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

    private func folder(_ files: [String: String] = [:]) throws -> URL {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("extension")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    @discardableResult
    private func generate(into folder: URL, master: String = master) throws -> GenerationReport {
        try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("browser-extension"))).run(source: master, outputFolder: folder.path)
    }

    private func text(_ url: URL) throws -> String { String(decoding: try Fixtures.bytes(at: url), as: UTF8.self) }

    private func size(_ url: URL) throws -> PixelSize {
        let info = try PNG.info(Fixtures.bytes(at: url))
        return PixelSize(width: info.width, height: info.height)
    }

    /// A square RGBA PNG of `side` (or `width`x`height`) at `path` inside `folder`.
    private func png(_ folder: URL, _ path: String, width: Int, height: Int? = nil) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let image = Image(width: width, height: height ?? width, fill: SIMD4(200, 30, 30, 255))
        try Data(PNG.encode(image)).write(to: url)
    }

    private func messages(_ report: ValidationReport) -> [String] { report.files.flatMap(\.findings).map { "\($0.severity) \($0.rule.rawValue): \($0.message)" } }

    @Test("without a manifest: the four icons at their sizes, RGBA, and a manifest-icons.json snippet; no manifest.json is invented")
    func noManifest() throws {
        let folder = try folder()
        let report = try generate(into: folder)
        for side in [16, 32, 48, 128] {
            let url = folder.appendingPathComponent("icons/icon-\(side).png")
            #expect(try size(url) == PixelSize(width: side, height: side))
            #expect(try PNG.info(Fixtures.bytes(at: url)).colorType == .rgba)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.json").path))
        let snippet = try JSONSerialization.jsonObject(with: Data(Fixtures.bytes(at: folder.appendingPathComponent("manifest-icons.json")))) as? [String: Any]
        #expect(snippet?["icons"] as? [String: String] == ["16": "icons/icon-16.png", "32": "icons/icon-32.png", "48": "icons/icon-48.png",
                                                          "128": "icons/icon-128.png"])
        #expect((snippet?["action"] as? [String: Any])?["default_icon"] as? [String: String] == ["16": "icons/icon-16.png", "32": "icons/icon-32.png"])
        #expect(report.files.map(\.path).contains("manifest-icons.json"))
    }

    @Test("an MV3 manifest: icons and action.default_icon merged, every other byte kept; its own files rendered where they are, the sizes it lacks added beside them; a rerun changes nothing")
    func mergesVersion3() throws {
        let manifest = """
        {
            "manifest_version": 3,
            "name": "Demo",
            "version": "1.0",
            "icons": { "16": "images/icon16.png", "48": "images/icon48.png" },
            "action": {
                "default_popup": "popup.html"
            },
            "permissions": ["storage"]
        }

        """
        let folder = try folder(["manifest.json": manifest])
        try png(folder, "images/icon16.png", width: 19)
        try png(folder, "images/icon48.png", width: 48)
        try generate(into: folder)
        let after = try text(folder.appendingPathComponent("manifest.json"))
        let expected = """
        {
            "manifest_version": 3,
            "name": "Demo",
            "version": "1.0",
            "icons": {"16": "images/icon16.png", "32": "images/icon-32.png", "48": "images/icon48.png", "128": "images/icon-128.png"},
            "action": {
                "default_popup": "popup.html",
                "default_icon": {
                    "16": "images/icon16.png",
                    "32": "images/icon-32.png"
                }
            },
            "permissions": ["storage"]
        }

        """
        #expect(after == expected)
        // The extension's own 16 is re-rendered at its declared size; no second 16 or 48 appears.
        #expect(try size(folder.appendingPathComponent("images/icon16.png")) == PixelSize(width: 16, height: 16))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("icons/icon-16.png").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("icons/icon-48.png").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("icons").path))
        let report = try Validator().validate([folder.path])
        #expect(report.errors == 0 && report.warnings == 0, "\(messages(report))")
        let before = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("manifest.json").path)[.modificationDate] as? Date
        try generate(into: folder)
        #expect(try text(folder.appendingPathComponent("manifest.json")) == expected)
        #expect(try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("manifest.json").path)[.modificationDate] as? Date == before)
    }

    @Test("Tridactyl's layout (MV2, Firefox: icons 64, 100 and 150 in static/logo/, browser_action's default_icon one path there; its build copies static/ and the manifest, nothing else): the sizes it lacks go into static/logo/ beside its own, and nothing into an icons/ the package would not hold; the folder validates clean")
    func addedIconsBesideTheExtensionsOwn() throws {
        let manifest = """
        {
            "manifest_version": 2,
            "name": "Tridactyl",
            "version": "1.25.0",
            "icons": {
                "64": "static/logo/Tridactyl_64px.png",
                "100": "static/logo/Tridactyl_100px.png",
                "150": "static/logo/Tridactyl_150px.png"
            },
            "browser_action": {
                "default_icon": "static/logo/Tridactyl_32px.png",
                "default_title": "Tridactyl controls"
            },
            "applications": {"gecko": {"id": "tridactyl.vim@cmcaine.co.uk"}}
        }

        """
        let folder = try folder(["manifest.json": manifest])
        for side in [32, 64, 100, 150] { try png(folder, "static/logo/Tridactyl_\(side)px.png", width: side) }
        let report = try generate(into: folder)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("icons").path), "\(report.files.map(\.path))")
        for side in [16, 32, 48, 128] {
            #expect(try size(folder.appendingPathComponent("static/logo/icon-\(side).png")) == PixelSize(width: side, height: side))
        }
        let root = try JSONSerialization.jsonObject(with: Data(Fixtures.bytes(at: folder.appendingPathComponent("manifest.json")))) as? [String: Any]
        let icons = root?["icons"] as? [String: String] ?? [:]
        #expect(icons["16"] == "static/logo/icon-16.png" && icons["128"] == "static/logo/icon-128.png" && icons["64"] == "static/logo/Tridactyl_64px.png", "\(icons)")
        let named = Array(icons.values) + (((root?["browser_action"] as? [String: Any])?["default_icon"] as? [String: String]).map { Array($0.values) } ?? [])
        #expect(named.allSatisfy { $0.hasPrefix("static/") }, "\(named)")
        let validation = try Validator().validate([folder.path])
        #expect(validation.errors == 0 && validation.warnings == 0, "\(messages(validation))")
    }

    @Test("a manifest naming files in a folder this one lacks (Refined GitHub's source/manifest.json: assets/icon.png is where rollup copies source/icon.png) is a build's input: left byte for byte, no file it names is created, the icons and manifest-icons.json written beside it, with a warning; a rerun changes nothing")
    func manifestOfABuild() throws {
        let manifest = "{\n\t\"manifest_version\": 3,\n\t\"name\": \"R\",\n\t\"action\": {\"default_icon\": \"assets/icon.png\"},\n\t\"icons\": {\"128\": \"assets/icon.png\"}\n}\n"
        let folder = try folder(["manifest.json": manifest])
        try png(folder, "icon.png", width: 128)
        let report = try generate(into: folder)
        #expect(try text(folder.appendingPathComponent("manifest.json")) == manifest)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("assets").path))
        for side in [16, 32, 48, 128] {
            #expect(try size(folder.appendingPathComponent("icons/icon-\(side).png")) == PixelSize(width: side, height: side))
        }
        #expect(try text(folder.appendingPathComponent("manifest-icons.json")).contains("icons/icon-128.png"))
        #expect(report.warnings.contains { $0.contains("assets/icon.png") && $0.contains("left as it is") }, "\(report.warnings)")
        let written = try Fixtures.snapshot(folder)
        try generate(into: folder)
        #expect(try Fixtures.snapshot(folder) == written)
    }

    @Test("an MV2 manifest: browser_action's one-path default_icon becomes the sizes, icons is added as the last member in the file's indentation")
    func mergesVersion2() throws {
        let manifest = "{\n  \"manifest_version\": 2,\n  \"name\": \"x\",\n  \"browser_action\": {\"default_icon\": \"icon.png\", \"default_title\": \"X\"}\n}\n"
        let folder = try folder(["manifest.json": manifest])
        try generate(into: folder)
        let after = try text(folder.appendingPathComponent("manifest.json"))
        #expect(after == """
        {
          "manifest_version": 2,
          "name": "x",
          "browser_action": {"default_icon": {"16": "icons/icon-16.png", "32": "icons/icon-32.png"}, "default_title": "X"},
          "icons": {
            "16": "icons/icon-16.png",
            "32": "icons/icon-32.png",
            "48": "icons/icon-48.png",
            "128": "icons/icon-128.png"
          }
        }

        """)
        #expect(try Validator().validate([folder.path]).errors == 0)
    }

    @Test("IINA's Chrome extension (action's one-path default_icon \"icon.png\", a 64 px file the popup shows too): the file is redrawn at its own size in the new art and stays the button's one icon, so a later run with another master redraws it again; a rerun changes nothing")
    func onePathToolbarIconRedrawn() throws {
        let manifest = "{\n  \"manifest_version\": 3,\n  \"name\": \"x\",\n  \"action\": {\"default_icon\": \"icon.png\"}\n}\n"
        let folder = try folder(["manifest.json": manifest, "popup.html": "<img src=\"icon.png\">"])
        try png(folder, "icon.png", width: 64)
        let old = try Fixtures.bytes(at: folder.appendingPathComponent("icon.png"))
        let report = try generate(into: folder)
        let icon = folder.appendingPathComponent("icon.png")
        #expect(try size(icon) == PixelSize(width: 64, height: 64))
        #expect(try Fixtures.bytes(at: icon) != old, "icon.png kept the old art: \(report.files.map(\.path))")
        #expect(report.files.contains { $0.path == "icon.png" })
        let root = try JSONSerialization.jsonObject(with: Data(Fixtures.bytes(at: folder.appendingPathComponent("manifest.json")))) as? [String: Any]
        #expect((root?["action"] as? [String: Any])?["default_icon"] as? String == "icon.png")
        #expect((root?["icons"] as? [String: String])?["128"] == "icons/icon-128.png")
        let written = try Fixtures.snapshot(folder)
        try generate(into: folder)
        #expect(try Fixtures.snapshot(folder) == written)
        // A later run with another master redraws it again: it is still the button's icon.
        let glyph = Fixtures.testImages.appendingPathComponent("glyph-master.png").path
        try generate(into: folder, master: glyph)
        #expect(try Fixtures.bytes(at: icon) != written["icon.png"])
    }

    @Test("a web run leaves an extension's manifest.json alone: it is not a web app manifest")
    func webRunLeavesExtension() throws {
        let manifest = "{\"manifest_version\": 3, \"name\": \"x\", \"version\": \"1\"}\n"
        let folder = try folder(["manifest.json": manifest])
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("web"))).run(source: Self.master, outputFolder: folder.path)
        #expect(try text(folder.appendingPathComponent("manifest.json")) == manifest)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.webmanifest").path))
    }

    @Test("validate: a missing 128 is an error, missing 16/32/48 warnings; no web app rules (192, 512, maskable) for an extension")
    func missingSizes() throws {
        let folder = try folder(["manifest.json": #"{"manifest_version": 3, "name": "x", "version": "1", "icons": {"48": "a.png"}}"#])
        try png(folder, "a.png", width: 48)
        let report = try Validator().validate([folder.path])
        let findings = report.files.flatMap(\.findings)
        #expect(findings.filter { $0.severity == .error }.map(\.message) == ["manifest.json declares no 128x128 icon in \"icons\" (installation and the Chrome Web Store); the Chrome Web Store requires it"])
        #expect(findings.filter { $0.severity == .warning && $0.rule == .extensionManifest }.count == 2)
        #expect(!findings.contains { $0.rule == .webManifest })
    }

    @Test("validate: a Safari web extension (its manifest in an Xcode project's Shared (Extension)/Resources, or naming Safari's settings) is not asked for Chrome's 16 and 32 px icons; 48 and 128 still are")
    func safariSizes() throws {
        let manifest = #"{"manifest_version": 3, "name": "x", "version": "1", "icons": {"96": "a.png"}}"#
        let root = try Fixtures.temporaryFolder()
        let resources = root.appendingPathComponent("App/Shared (Extension)/Resources")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App/App.xcodeproj"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: resources.appendingPathComponent("manifest.json"))
        try png(resources, "a.png", width: 96)
        func sizes(_ folder: URL) throws -> [String] {
            try Validator().validate([folder.path]).files.flatMap(\.findings).filter { $0.rule == .extensionManifest }.compactMap { finding in
                finding.message.range(of: #"declares no [0-9]+x"#, options: .regularExpression).map { String(finding.message[$0]) }
            }.sorted()
        }
        #expect(try sizes(resources) == ["declares no 128x", "declares no 48x"])
        // Chrome's extension of the same manifest is asked for all four.
        let chrome = try folder(["manifest.json": manifest])
        try png(chrome, "a.png", width: 96)
        #expect(try sizes(chrome).count == 4)
        // A Chrome extension in a Mac app's repository (IINA's browser/Chrome_Open_In_IINA beside iina.xcodeproj) is Chrome's.
        let beside = root.appendingPathComponent("App/browser/Chrome")
        try FileManager.default.createDirectory(at: beside, withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: beside.appendingPathComponent("manifest.json"))
        try png(beside, "a.png", width: 96)
        #expect(try sizes(beside).count == 4)
        let named = try folder(["manifest.json": #"{"manifest_version": 3, "name": "x", "version": "1", "icons": {"96": "a.png"}, "browser_specific_settings": {"safari": {"strict_min_version": "16.4"}}}"#])
        try png(named, "a.png", width: 96)
        #expect(try sizes(named).count == 2)
    }

    @Test("validate: a declared file that is missing, not square or not its declared size is an error; Firefox's vector icon serves every size")
    func declaredFiles() throws {
        let manifest = """
        {"manifest_version": 2, "name": "x", "version": "1",
         "icons": {"16": "i/16.png", "32": "i/32.png", "48": "i/48.png", "128": "i/128.png"},
         "browser_action": {"default_icon": {"19": "i/gone.png"}}}
        """
        let folder = try folder(["manifest.json": manifest])
        try png(folder, "i/16.png", width: 16)
        try png(folder, "i/32.png", width: 32, height: 30)
        try png(folder, "i/48.png", width: 64)
        try png(folder, "i/128.png", width: 128)
        let errors = try Validator().validate([folder.path]).files.flatMap(\.findings).filter { $0.severity == .error }.map(\.message)
        #expect(errors.count == 3, "\(errors)")
        #expect(errors.contains { $0.contains("i/32.png is 32x30, not square") })
        #expect(errors.contains { $0.contains("i/48.png is 64x64 but is declared as 48x48") })
        #expect(errors.contains { $0.contains("browser_action.default_icon[\"19\"] names i/gone.png, which does not exist") })

        let firefox = try self.folder(["manifest.json": #"{"manifest_version": 2, "name": "x", "version": "1", "icons": {"48": "icon.svg"}}"#,
                                       "icon.svg": #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>"#])
        #expect(try Validator().validate([firefox.path]).files.flatMap(\.findings).filter { $0.rule == .extensionManifest }.isEmpty)
    }

    @Test("validate: a folder holding only its manifest (IINA's browser/Firefox_Open_In_IINA: background.html, options.html and the icons are copied in from the Chrome folder, and ignored by git) is not the extension as it loads: its icons are not looked for there (one warning naming its pages), where they were four 'does not exist' errors; with its pages there, a missing icon is an error again")
    func manifestWithoutItsPages() throws {
        let manifest = """
        {"manifest_version": 2, "name": "Open In IINA", "version": "2.0.0",
         "options_ui": {"page": "options.html"}, "background": {"page": "background.html"},
         "browser_action": {"default_icon": "icon.png", "default_title": "Open In IINA"},
         "icons": {"16": "icon16.png", "48": "icon48.png", "128": "icon128.png"}}
        """
        let folder = try folder(["manifest.json": manifest])
        let findings = try Validator().validate([folder.path]).files.flatMap(\.findings).filter { $0.rule == .extensionManifest }
        #expect(!findings.contains { $0.severity == .error }, "\(findings.map(\.message))")
        #expect(findings.contains { $0.severity == .warning && $0.message.contains("without the pages it names (background.html, options.html)")
            && $0.message.contains("4 of its icons (icon16.png, …)") }, "\(findings.map(\.message))")

        try Data("<html></html>\n".utf8).write(to: folder.appendingPathComponent("background.html"))
        let errors = try Validator().validate([folder.path]).files.flatMap(\.findings).filter { $0.severity == .error }.map(\.message)
        #expect(errors.count == 4 && errors.contains { $0.contains("icons[\"16\"] names icon16.png, which does not exist") }, "\(errors)")
    }

    @Test("validate: the other version's toolbar key is ignored by browsers: a warning naming the key to use")
    func versionKeys() throws {
        let folder = try folder(["manifest.json": #"{"manifest_version": 3, "name": "x", "version": "1", "browser_action": {}}"#])
        let messages = try Validator().validate([folder.path]).files.flatMap(\.findings).filter { $0.severity == .warning }.map(\.message)
        #expect(messages.contains { $0.contains("\"browser_action\" is not a key of Manifest V3") })
    }

    @Test("from a project's root, the preset goes to the folder holding the extension's manifest; beside the web preset, each to its own")
    func routes() throws {
        let root = try Fixtures.temporaryFolder()
        for (path, text) in ["src/extension/manifest.json": #"{"manifest_version": 3, "name": "x", "version": "1"}"#, "web/index.html": "<html></html>"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        #expect(ProjectLayout(root: root.path).extensionFolder == "src/extension")
        let routes = try ProjectLayout.routes(presets: ["browser-extension", "web"], out: root.path)
        #expect(routes.map(\.presets) == [["browser-extension"], ["web"]])
        #expect(routes.map { ($0.folder as NSString).lastPathComponent } == ["extension", "web"])
        // A plain folder with no project in it: the extension's icons into extension/, the web's into web/.
        let plain = try Fixtures.temporaryFolder()
        #expect(try ProjectLayout.routes(presets: ["browser-extension", "web"], out: plain.path).map { ($0.folder as NSString).lastPathComponent }
                == ["extension", "web"])
    }

    @Test("a manifest.json with comments (Vimium's // notes, which Chrome reads): validated as the extension's, not as a broken web manifest; generate merges the icons and keeps every comment")
    func commentedManifest() throws {
        let manifest = """
            {
              "manifest_version": 3,
              "name": "Keys", // shown in the store
              /* icons: "16" and "48" only, "128" comes later */
              "icons": {
                "16": "icons/icon16.png",
                "48": "icons/icon48.png"
              },
              "permissions": [
                "tabs", // "a // in a string is no comment"
                "storage"
              ],
              "description": "a // b /* c */"
            }

            """
        let folder = try folder(["manifest.json": manifest])
        try png(folder, "icons/icon16.png", width: 16)
        try png(folder, "icons/icon48.png", width: 48)
        let findings = try Validator().validate([folder.path]).files.flatMap(\.findings)
        #expect(!findings.contains { $0.rule == .webManifest }, "\(findings.map(\.message))")
        #expect(findings.contains { $0.rule == .extensionManifest && $0.severity == .error && $0.message.contains("128") }, "\(findings.map(\.message))")
        try generate(into: folder)
        let merged = try text(folder.appendingPathComponent("manifest.json"))
        for comment in ["// shown in the store", "/* icons: \"16\" and \"48\" only, \"128\" comes later */", "// \"a // in a string is no comment\"",
                        "\"description\": \"a // b /* c */\""] {
            #expect(merged.contains(comment), "\(comment) lost: \(merged)")
        }
        #expect(merged.contains("\"128\": \"icons/icon-128.png\""), "\(merged)")
        #expect(try size(folder.appendingPathComponent("icons/icon-128.png")) == PixelSize(width: 128, height: 128))
        #expect(try Validator().validate([folder.path]).files.flatMap(\.findings).filter { $0.severity == .error }.isEmpty)
    }

    @Test("a toolbar button showing one of its states (Vimium's action_disabled_16.png, swapped by its script with setIcon) keeps its own icons byte for byte and its default_icon; icons is still merged, and the run says why")
    func stateToolbarIcons() throws {
        let manifest = """
            {
              "manifest_version": 3,
              "name": "Keys",
              "icons": { "16": "icons/icon16.png", "48": "icons/icon48.png", "128": "icons/icon128.png" },
              "action": {
                "default_icon": { "16": "icons/action_disabled_16.png" },
                "default_popup": "popup.html"
              }
            }

            """
        let folder = try folder(["manifest.json": manifest])
        for side in [16, 48, 128] { try png(folder, "icons/icon\(side).png", width: side) }
        try png(folder, "icons/action_disabled_16.png", width: 16)
        let disabled = try Fixtures.bytes(at: folder.appendingPathComponent("icons/action_disabled_16.png"))
        let report = try generate(into: folder)
        #expect(try Fixtures.bytes(at: folder.appendingPathComponent("icons/action_disabled_16.png")) == disabled)
        #expect(report.warnings.contains { $0.contains("icons/action_disabled_16.png") && $0.contains("state") }, "\(report.warnings)")
        let merged = try JSONSerialization.jsonObject(with: Data(Fixtures.bytes(at: folder.appendingPathComponent("manifest.json")))) as? [String: Any]
        #expect((merged?["action"] as? [String: Any])?["default_icon"] as? [String: String] == ["16": "icons/action_disabled_16.png"])
        #expect((merged?["icons"] as? [String: String])?["32"] == "icons/icon-32.png")
    }

    @Test("a base manifest a build completes (SponsorBlock's manifest/manifest.json: icons as sizes, manifest_version in chrome-manifest-extra.json) is an extension's, not a web app's: no installability error, its sizes checked, its paths the built folder's (one warning), a web run leaves it alone")
    func baseManifest() throws {
        let base = """
        {
            "name": "__MSG_fullName__",
            "short_name": "Blocker",
            "version": "6.1.7",
            "default_locale": "en",
            "icons": {
                "16": "icons/Icon16px.png",
                "32": "icons/Icon32px.png",
                "64": "icons/Icon64px.png",
                "128": "icons/Icon128px.png"
            },
            "browser_action": {"default_popup": "popup.html"}
        }
        """
        let folder = try folder(["manifest.json": base, "chrome-manifest-extra.json": #"{"manifest_version": 3}"#])
        let findings = try Validator().validate([folder.path]).files.flatMap(\.findings)
        #expect(!findings.contains { $0.rule == .webManifest || $0.severity == .error }, "\(findings.map(\.line))")
        let warnings = findings.filter { $0.rule == .extensionManifest }.map(\.message)
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.contains { $0.contains("declares no 48x48 icon") })
        #expect(warnings.contains { $0.contains("has no manifest_version: it is a base a build completes, and 4 of its icons (icons/Icon16px.png, …) are not beside it") })
        // An icon that is beside it is checked as any extension's.
        try png(folder, "icons/Icon128px.png", width: 100)
        #expect(try Validator().validate([folder.path]).files.flatMap(\.findings).contains { $0.severity == .error && $0.message.contains("is 100x100 but is declared as 128x128") })
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("web"))).run(source: Self.master, outputFolder: folder.path)
        #expect(try text(folder.appendingPathComponent("manifest.json")) == base)
        // A web app manifest (icons an array) without manifest_version is still a web app's.
        let web = try self.folder(["manifest.json": #"{"name": "x", "icons": [{"src": "a.png", "sizes": "48x48", "type": "image/png"}]}"#])
        try png(web, "a.png", width: 48)
        #expect(try Validator().validate([web.path]).files.flatMap(\.findings).contains { $0.rule == .webManifest && $0.severity == .error })
    }

    @Test("a Firefox add-on whose icons are one SVG (Multi-Account Containers' img/multiaccountcontainer-16.svg) keeps one picture at every size: a PNG master adds no bitmap sizes and leaves manifest.json byte for byte, with a warning; an SVG master is written into that SVG; a page action's own SVG glyph is never replaced; a rerun changes nothing")
    func vectorIcons() throws {
        let manifest = """
            {
              "manifest_version": 2,
              "name": "Containers",
              "icons": {
                "48": "img/app.svg",
                "96": "img/app.svg"
              },
              "browser_specific_settings": { "gecko": { "id": "@containers" } },
              "browser_action": {
                "default_icon": "img/app.svg",
                "theme_icons": [{ "light": "img/app.svg", "dark": "img/app.svg", "size": 32 }]
              },
              "page_action": {
                "default_icon": "img/open-in.svg"
              }
            }

            """
        let appSVG = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#123456"/></svg>"##
        let glyph = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M2 2h12v12H2z"/></svg>"##
        let folder = try folder(["manifest.json": manifest, "img/app.svg": appSVG, "img/open-in.svg": glyph])
        let report = try generate(into: folder)
        #expect(try text(folder.appendingPathComponent("manifest.json")) == manifest)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("icons").path), "bitmaps beside a vector icon")
        #expect(try text(folder.appendingPathComponent("img/app.svg")) == appSVG)
        #expect(report.warnings.contains { $0.contains("img/app.svg") && $0.contains("SVG master") }, "\(report.warnings)")

        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#3366CC"/></svg>"##
        let master = try Fixtures.temporaryFolder().appendingPathComponent("logo.svg")
        try Data(svg.utf8).write(to: master)
        let second = try generate(into: folder, master: master.path)
        #expect(try text(folder.appendingPathComponent("img/app.svg")) == svg)
        #expect(second.files.map(\.path).contains("img/app.svg"))
        #expect(try text(folder.appendingPathComponent("img/open-in.svg")) == glyph)
        #expect(try text(folder.appendingPathComponent("manifest.json")) == manifest)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("icons").path))
        let stamp = { (path: String) in try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)[.modificationDate] as? Date }
        let before = try stamp("img/app.svg")
        try generate(into: folder, master: master.path)
        #expect(try stamp("img/app.svg") == before)
    }
}
