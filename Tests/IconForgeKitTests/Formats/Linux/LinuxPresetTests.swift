import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// `--preset linux`: the hicolor tree at the sizes the theme declares, an SVG master copied as the scalable icon, and
/// the desktop entry whose `Icon=` names them — new, or an existing one updated in place.
@Suite("Linux preset")
struct LinuxPresetTests {
    static let logo = Fixtures.testImages.appendingPathComponent("glyph-master.png").path

    private func generate(_ source: String, into folder: URL, appID: String? = nil) throws -> GenerationReport {
        var options = GenerateOptions(presets: [try PresetCatalog.preset("linux")])
        options.appID = appID
        return try Generator(options: options).run(source: source, outputFolder: folder.path, parallelism: .serial)
    }

    private func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test("hicolor/NxN/apps/APP-ID.png at 16…512, a new APP-ID.desktop naming it; the tree validates clean")
    func tree() throws {
        let folder = try Fixtures.temporaryFolder()
        let report = try generate(Self.logo, into: folder, appID: "org.example.Star")
        for side in [16, 22, 24, 32, 48, 64, 128, 256, 512] {
            let file = folder.appendingPathComponent("hicolor/\(side)x\(side)/apps/org.example.Star.png")
            #expect(try PNG.decode(try Fixtures.bytes(at: file)).image.size == PixelSize(width: side, height: side))
        }
        let entry = DesktopEntry(text: try text(folder.appendingPathComponent("org.example.Star.desktop")))
        #expect(entry.value("Icon") == "org.example.Star")
        #expect(entry.value("Type") == "Application")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("hicolor/scalable").path), "a PNG master has no scalable icon")
        #expect(report.notes.contains { $0.contains("org.example.Star.desktop") })
        let validated = try Validator().validate([folder.path])
        #expect(validated.errors == 0 && validated.warnings == 0, "\(validated.files.flatMap(\.findings).map(\.line))")
    }

    @Test("an SVG master is also hicolor/scalable/apps/APP-ID.svg, byte for byte")
    func scalable() throws {
        let folder = try Fixtures.temporaryFolder()
        let svg = folder.appendingPathComponent("logo.svg")
        let source = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\"><circle cx=\"50\" cy=\"50\" r=\"40\" fill=\"#0a7\"/></svg>\n"
        try Data(source.utf8).write(to: svg)
        let out = folder.appendingPathComponent("out")
        _ = try generate(svg.path, into: out, appID: "org.example.Disc")
        #expect(try text(out.appendingPathComponent("hicolor/scalable/apps/org.example.Disc.svg")) == source)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("hicolor/512x512/apps/org.example.Disc.png").path))
    }

    @Test("without --app-id: the existing .desktop's Icon= names the files, and only its Icon= line would change")
    func adoptsExistingEntry() throws {
        let folder = try Fixtures.temporaryFolder()
        let original = "# Shipped with the app\n[Desktop Entry]\nName=Star\nExec=star %U\nIcon=io.github.someone.Star\nType=Application\nCategories=Utility;\n"
        try Data(original.utf8).write(to: folder.appendingPathComponent("star.desktop"))
        _ = try generate(Self.logo, into: folder)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("hicolor/48x48/apps/io.github.someone.Star.png").path))
        #expect(try text(folder.appendingPathComponent("star.desktop")) == original)
        // Given another id, the entry is updated in place: one line differs.
        _ = try generate(Self.logo, into: folder, appID: "org.example.Star")
        let updated = try text(folder.appendingPathComponent("star.desktop"))
        #expect(updated == original.replacingOccurrences(of: "Icon=io.github.someone.Star", with: "Icon=org.example.Star"))
    }

    @Test("a GNOME-style data/icons: the id from data/APP.desktop.in beside it, which is read and never written; a template's Icon=@APP_ID@ is left to the build")
    func gnomeLayout() throws {
        let root = try Fixtures.temporaryFolder()
        let icons = root.appendingPathComponent("data/icons")
        try FileManager.default.createDirectory(at: icons.appendingPathComponent("hicolor"), withIntermediateDirectories: true)
        let template = "[Desktop Entry]\nName=Term\nExec=term\nIcon=org.example.Term\nType=Application\n"
        try Data(template.utf8).write(to: root.appendingPathComponent("data/org.example.Term.desktop.in"))
        // Given the project's root, the linux preset goes to data/icons.
        #expect(try ProjectLayout.routes(presets: ["linux"], out: root.path).map(\.folder) == [icons.path])
        _ = try generate(Self.logo, into: icons)
        #expect(FileManager.default.fileExists(atPath: icons.appendingPathComponent("hicolor/48x48/apps/org.example.Term.png").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: icons.path).filter { $0.hasSuffix(".desktop") }.isEmpty)
        #expect(try text(root.appendingPathComponent("data/org.example.Term.desktop.in")) == template)

        let meson = try Fixtures.temporaryFolder()
        let placeholder = "[Desktop Entry]\nName=Bottle\nIcon=@APP_ID@\nType=Application\n"
        try Data(placeholder.utf8).write(to: meson.appendingPathComponent("app.desktop.in.in"))
        let report = try generate(Self.logo, into: meson, appID: "org.example.Bottle")
        #expect(try text(meson.appendingPathComponent("app.desktop.in.in")) == placeholder)
        #expect(report.notes.contains { $0.contains("Icon=@APP_ID@") })
        #expect(!DesktopEntry.isUsableName("@APP_ID@") && !DesktopEntry.isUsableName("${APP_ID}"))
    }

    @Test("a hicolor tree holding two names (Flameshot's data/img: flameshot and org.flameshot.Flameshot) takes the one the project's desktop entry names (data/desktopEntry/package/…), which is read and never written; no 'app' icons, no second entry")
    func treeOfTwoNames() throws {
        let root = try Fixtures.hicolorTwoNamesProject(icon: try PNG.encode(Image(width: 48, height: 48, format: .rgba8, fill: SIMD4(200, 60, 200, 255))))
        defer { try? FileManager.default.removeItem(at: root) }
        let entry = Fixtures.flameshotEntry, entries = root.appendingPathComponent("data/desktopEntry/package")
        let img = root.appendingPathComponent("data/img")
        #expect(try ProjectLayout.routes(presets: ["linux"], out: root.path).map(\.folder) == [img.path])
        let report = try generate(Self.logo, into: img)
        #expect(FileManager.default.fileExists(atPath: img.appendingPathComponent("hicolor/256x256/apps/org.flameshot.Flameshot.png").path))
        #expect(!FileManager.default.fileExists(atPath: img.appendingPathComponent("hicolor/256x256/apps/app.png").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: img.path).filter { $0.hasSuffix(".desktop") }.isEmpty)
        #expect(try text(entries.appendingPathComponent("org.flameshot.Flameshot.desktop")) == entry)
        #expect(!report.notes.contains { $0.contains("--app-id") }, "\(report.notes)")
        // Entries naming both of the tree's icons leave the choice to --app-id.
        try Data(entry.replacingOccurrences(of: "Icon=org.flameshot.Flameshot", with: "Icon=flameshot").utf8).write(to: entries.appendingPathComponent("legacy.desktop"))
        #expect(DesktopEntry.defaultAppID(in: img.path).id == "app")
    }

    @Test("a plain folder's linux/ (LosslessCut, whose electron-builder icons are made by its build, keeps no.mifi.losslesscut.desktop at its root for Flathub): the icons take the name the root's entry gives, which is read and never written; no 'app' icons, no second entry, and the root's entry then resolves")
    func entryAbovePlainFolder() throws {
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let entry = "[Desktop Entry]\nName=LosslessCut\nExec=losslesscut\nIcon=no.mifi.losslesscut\nType=Application\n"
        try Data(entry.utf8).write(to: root.appendingPathComponent("no.mifi.losslesscut.desktop"))
        let linux = root.appendingPathComponent("linux")
        try FileManager.default.createDirectory(at: linux, withIntermediateDirectories: true)
        let report = try generate(Self.logo, into: linux)
        #expect(FileManager.default.fileExists(atPath: linux.appendingPathComponent("hicolor/256x256/apps/no.mifi.losslesscut.png").path))
        #expect(!FileManager.default.fileExists(atPath: linux.appendingPathComponent("hicolor/256x256/apps/app.png").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: linux.path).filter { $0.hasSuffix(".desktop") }.isEmpty)
        #expect(try text(root.appendingPathComponent("no.mifi.losslesscut.desktop")) == entry)
        #expect(!report.notes.contains { $0.contains("--app-id") }, "\(report.notes)")
        let findings = try Validator().validate([root.path], parallelism: .serial).files.flatMap(\.findings).filter { $0.severity == .error }
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test("without an id to adopt, the icons are named 'app' and the note asks for --app-id")
    func defaultName() throws {
        let folder = try Fixtures.temporaryFolder()
        let report = try generate(Self.logo, into: folder)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("hicolor/256x256/apps/app.png").path))
        #expect(report.notes.contains { $0.contains("--app-id") })
    }

    @Test("usable ids and reverse-DNS ones")
    func names() {
        #expect(DesktopEntry.isReverseDNS("org.example.App") && DesktopEntry.isReverseDNS("io.github.some-one.App_2"))
        #expect(!DesktopEntry.isReverseDNS("app") && !DesktopEntry.isReverseDNS("org..App") && !DesktopEntry.isReverseDNS("org.1example.App"))
        #expect(DesktopEntry.isUsableName("my-app") && !DesktopEntry.isUsableName("../x") && !DesktopEntry.isUsableName("a/b") && !DesktopEntry.isUsableName(""))
    }
}
