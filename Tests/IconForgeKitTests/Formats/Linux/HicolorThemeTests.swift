import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// `validate` on a Linux app's icon theme folder and desktop entry, laid out as GNOME apps and Electron/Tauri
/// bundles keep them (data/icons/hicolor beside data/APP-ID.desktop).
@Suite("hicolor theme and desktop entries")
struct HicolorThemeTests {
    private func icon(_ side: Int, _ path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try PNG.encode(Image(width: side, height: side, fill: SIMD4(30, 90, 200, 255)))).write(to: url)
    }

    private func text(_ text: String, _ path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func findings(_ root: URL) throws -> [Finding] { try Validator().validate([root.path]).files.flatMap(\.findings) }

    private func app(icon: String = "org.example.App") -> String {
        "[Desktop Entry]\nType=Application\nName=App\nExec=app\nIcon=\(icon)\n"
    }

    @Test("declared folders at their sizes, a scalable SVG and an entry that finds them: clean")
    func wellMade() throws {
        let root = try Fixtures.temporaryFolder()
        for side in [16, 48, 128, 256, 512] { try icon(side, "data/icons/hicolor/\(side)x\(side)/apps/org.example.App.png", in: root) }
        try icon(96, "data/icons/hicolor/48x48@2/apps/org.example.App.png", in: root)
        try text("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "data/icons/hicolor/scalable/apps/org.example.App.svg", in: root)
        try text("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "data/icons/hicolor/symbolic/apps/org.example.App-symbolic.svg", in: root)
        try text(app(), "data/org.example.App.desktop", in: root)
        let lines = try findings(root).map(\.line)
        #expect(lines.isEmpty, "\(lines)")
    }

    @Test("a 1024x1024 folder the theme does not declare is an error, and an Icon= found only there is one too")
    func undeclaredFolder() throws {
        let root = try Fixtures.temporaryFolder()
        try icon(1024, "build/icons/hicolor/1024x1024/apps/org.example.App.png", in: root)
        try text(app(), "build/org.example.App.desktop", in: root)
        let errors = try findings(root).filter { $0.severity == .error }
        #expect(errors.count == 2, "\(errors.map(\.line))")
        #expect(errors.contains { $0.rule == .hicolor && $0.message.contains("1024x1024") })
        #expect(errors.contains { $0.rule == .desktopEntry && $0.message.contains("does not declare") })
        // With the declared sizes beside it, the entry resolves; the 1024 folder is still wasted.
        try icon(512, "build/icons/hicolor/512x512/apps/org.example.App.png", in: root)
        try icon(48, "build/icons/hicolor/48x48/apps/org.example.App.png", in: root)
        #expect(try findings(root).filter { $0.severity == .error }.map(\.rule) == [.hicolor])
    }

    @Test("an icon whose size differs from its folder's is an error; an app without 48 px or scalable is a warning")
    func sizes() throws {
        let root = try Fixtures.temporaryFolder()
        try icon(128, "hicolor/256x256/apps/app.png", in: root)
        let found = try findings(root)
        #expect(found.contains { $0.severity == .error && $0.message.contains("128x128 but its folder says 256x256") })
        #expect(found.contains { $0.severity == .warning && $0.message.contains("no 48x48") })
    }

    @Test("Icon= that resolves to nothing is an error; with an extension, a warning; an absolute path is not looked up")
    func desktopEntries() throws {
        let root = try Fixtures.temporaryFolder()
        try icon(48, "hicolor/48x48/apps/org.example.App.png", in: root)
        try text(app(icon: "org.example.Missing"), "a.desktop", in: root)
        try text(app(icon: "org.example.App.png"), "b.desktop", in: root)
        try text(app(icon: "/usr/share/pixmaps/app.png"), "c.desktop", in: root)
        try text("Name=No group\n", "d.desktop", in: root)
        let found = try findings(root)
        #expect(found.filter { $0.rule == .desktopEntry }.count == 3, "\(found.map(\.line))")
        #expect(found.contains { $0.severity == .error && $0.message.contains("Icon=org.example.Missing resolves to nothing") })
        #expect(found.contains { $0.severity == .warning && $0.message.contains("has an extension") })
        #expect(found.contains { $0.severity == .error && $0.message.contains("no [Desktop Entry] group") })
    }

    @Test("a placeholder the packager fills in (Tauri's Icon={{{icon}}}, Meson's @ICON@, ${ICON}) is not looked up", arguments: ["{{{icon}}}", "{{icon}}", "@ICON@", "${ICON}"])
    func placeholder(value: String) throws {
        let root = try Fixtures.temporaryFolder()
        try icon(48, "hicolor/48x48/apps/org.example.App.png", in: root)
        try text(app(icon: value), "packages/linux/app.desktop", in: root)
        let found = try findings(root).filter { $0.rule == .desktopEntry }
        #expect(found.isEmpty, "\(found.map(\.line))")
    }

    @Test("without an icon theme in the folder, an Icon= found nowhere is a warning: packaging may install it under that name")
    func entryWithoutTheme() throws {
        let root = try Fixtures.temporaryFolder()
        try text(app(icon: "io.github.someone.Clip"), "src-tauri/clip.desktop", in: root)
        try icon(32, "src-tauri/icons/32x32.png", in: root)
        let found = try findings(root)
        #expect(found.map(\.severity) == [.warning] && found.first?.message.contains("packaging") == true, "\(found.map(\.line))")
    }

    @Test("icons named as Extra CMake Modules install them (Zeal's assets/freedesktop/128-apps-zeal.png, sc-apps-zeal.svg; KDE 4's hi48-app-NAME.png) are what Icon= finds")
    func ecmNamedIcons() throws {
        let root = try Fixtures.temporaryFolder()
        try text(app(icon: "viewer"), "assets/freedesktop/org.example.Viewer.desktop", in: root)
        for side in [16, 48, 128] { try icon(side, "assets/freedesktop/\(side)-apps-viewer.png", in: root) }
        try text("<svg xmlns='http://www.w3.org/2000/svg'/>", "assets/freedesktop/sc-apps-viewer.svg", in: root)
        var found = try findings(root).filter { $0.rule == .desktopEntry }
        #expect(found.isEmpty, "\(found.map(\.line))")
        // The legacy form, and a name no ECM file has: still looked for.
        try text(app(icon: "legacy"), "kde4/org.example.Legacy.desktop", in: root)
        try icon(48, "kde4/hi48-app-legacy.png", in: root)
        try text(app(icon: "other"), "assets/freedesktop/org.example.Other.desktop", in: root)
        found = try findings(root).filter { $0.rule == .desktopEntry }
        #expect(found.count == 1 && found.first?.message.contains("Icon=other resolves to nothing") == true, "\(found.map(\.line))")
        #expect(HicolorTheme.ecmIconName(ofFile: "512-apps-zeal.png") == "zeal")
        #expect(HicolorTheme.ecmIconName(ofFile: "hisc-apps-org.kde.app-name.svgz") == "org.kde.app-name")
        #expect(HicolorTheme.ecmIconName(ofFile: "22-actions-zeal.png") == nil)
        #expect(HicolorTheme.ecmIconName(ofFile: "zeal-apps-x.png") == nil)
    }

    @Test("an Icon= a Flatpak manifest installs (Motrix's flatpak/app.motrix.native.yml: install build/256x256.png as $FLATPAK_ID.png; rename-icon in a JSON one at the root) is not reported; one of another name still is")
    func flatpakManifestInstallsIcon() throws {
        let root = try Fixtures.temporaryFolder()
        try text(app(icon: "org.example.Fetch"), "flatpak/org.example.Fetch.desktop", in: root)
        try text("""
            app-id: org.example.Fetch
            runtime: org.freedesktop.Platform
            modules:
              - name: fetch
                build-commands:
                  - install -Dm644 build/256x256.png
                    /app/share/icons/hicolor/256x256/apps/$FLATPAK_ID.png
            """, "flatpak/org.example.Fetch.yml", in: root)
        try icon(256, "build/256x256.png", in: root)
        try text(app(icon: "org.example.Renamed"), "data/org.example.Renamed.desktop", in: root)
        try text(#"{ "id": "org.example.Renamed", "rename-icon": "renamed", "modules": [ { "name": "renamed", "buildsystem": "meson" } ] }"#,
                 "org.example.Renamed.json", in: root)
        var found = try findings(root).filter { $0.rule == .desktopEntry }
        #expect(found.isEmpty, "\(found.map(\.line))")
        try text(app(icon: "org.example.Other"), "flatpak/org.example.Other.desktop", in: root)
        found = try findings(root).filter { $0.rule == .desktopEntry }
        #expect(found.count == 1 && found.first?.message.contains("Icon=org.example.Other resolves to nothing") == true, "\(found.map(\.line))")
    }

    @Test("an entry in a package's share/applications (Butterfly's app/linux/debian/usr/share) finds its icon in the same share/icons, however deep the tree is in the project; the entry validated alone finds it too")
    func packageDataFolder() throws {
        let root = try Fixtures.temporaryFolder()
        let share = "app/linux/debian/usr/share"
        for side in [128, 256] { try icon(side, "\(share)/icons/hicolor/\(side)x\(side)/apps/dev.example.Notes.png", in: root) }
        try text(app(icon: "dev.example.Notes"), "\(share)/applications/dev.example.Notes.desktop", in: root)
        try text(app(icon: "dev.example.Tray"), "\(share)/applications/dev.example.Tray.desktop", in: root)
        try icon(64, "\(share)/pixmaps/dev.example.Tray.png", in: root)
        let found = try findings(root)
        #expect(!found.contains { $0.rule == .desktopEntry }, "\(found.map(\.line))")
        // The tree itself still lacks 48 px: that is the theme's finding, not the entry's.
        #expect(found.contains { $0.rule == .hicolor && $0.message.contains("no 48x48") })
        let alone = try findings(root.appendingPathComponent("\(share)/applications/dev.example.Notes.desktop"))
        #expect(alone.isEmpty, "\(alone.map(\.line))")
        // A name the share folder does not hold is still an error where the tree ships a theme.
        try text(app(icon: "dev.example.Gone"), "\(share)/applications/dev.example.Gone.desktop", in: root)
        #expect(try findings(root).contains { $0.severity == .error && $0.message.contains("Icon=dev.example.Gone resolves to nothing") })
    }

    @Test("an icon with chunks before its pixels (sRGB, text) is read by its header, not called unreadable")
    func chunkedPNG() throws {
        let root = try Fixtures.temporaryFolder()
        var bytes = try PNG.encode(Image(width: 48, height: 48, fill: SIMD4(30, 90, 200, 255)))
        // An sRGB chunk right after IHDR (8 + 25 bytes), as GIMP and Inkscape write it.
        bytes.insert(contentsOf: Self.chunk("sRGB", [0]) + Self.chunk("tEXt", Array("Software\0GIMP".utf8)), at: 33)
        #expect(try PNG.decode(bytes).image.width == 48)
        let url = root.appendingPathComponent("hicolor/48x48/apps/org.example.App.png")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        let lines = try findings(root).map(\.line)
        #expect(lines.isEmpty, "\(lines)")
    }

    /// A PNG chunk with its CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        let be = { (v: UInt32) in (0..<4).map { UInt8((v >> (24 - 8 * UInt32($0))) & 0xFF) } }
        return be(UInt32(data.count)) + body + be(crc)
    }

    @Test("the declared sizes and scales are the theme's own")
    func declared() {
        #expect(HicolorTheme.declares(folder: "48x48") && HicolorTheme.declares(folder: "256x256@2") && HicolorTheme.declares(folder: "scalable"))
        #expect(!HicolorTheme.declares(folder: "1024x1024") && !HicolorTheme.declares(folder: "50x50"))
        #expect(HicolorTheme.size(ofFolder: "32x32@2")?.pixels == 32 && HicolorTheme.size(ofFolder: "32x32@2")?.scale == 2)
        #expect(HicolorTheme.size(ofFolder: "@") == nil && HicolorTheme.size(ofFolder: "x") == nil && HicolorTheme.size(ofFolder: "48x48@") == nil)
    }

    @Test("a Flatpak app's icons as Flathub's build takes them: no icon of 128 px or more nor an SVG, an XPM in a size folder and a PNG in scalable/ are errors; without a Flatpak manifest the theme's rules alone apply")
    func flathub() throws {
        let root = try Fixtures.temporaryFolder()
        try text("ref: refs/heads/main\n", ".git/HEAD", in: root)
        for side in [48, 64] { try icon(side, "data/icons/hicolor/\(side)x\(side)/apps/org.example.App.png", in: root) }
        try text("/* XPM */", "data/icons/hicolor/32x32/apps/org.example.App.xpm", in: root)
        try icon(48, "data/icons/hicolor/scalable/apps/org.example.App-symbolic.png", in: root)
        // Another app's icons in the same tree are not the Flatpak app's.
        try icon(16, "data/icons/hicolor/16x16/apps/org.other.Tool.png", in: root)
        let flathub = { try self.findings(root).filter { $0.reference.hasPrefix("Flathub") } }
        let none = try flathub()
        #expect(none.isEmpty, "no manifest: \(none.map(\.line))")
        try text("app-id: org.example.App\nruntime: org.gnome.Platform\nmodules:\n  - name: app\n", "build-aux/flatpak/org.example.App.yml", in: root)
        let found = try flathub()
        #expect(found.count == 3 && found.allSatisfy { $0.severity == .error }, "\(found.map(\.line))")
        #expect(found.contains { $0.message.contains("no icon of 128 px or more") && $0.message.contains("64x64") })
        #expect(found.contains { $0.message.contains("32x32/apps/org.example.App.xpm is not a PNG") })
        #expect(found.contains { $0.message.contains("scalable/apps/org.example.App-symbolic.png is not an SVG") })
        // At 128 px the catalogue icon can be made.
        try icon(128, "data/icons/hicolor/128x128/apps/org.example.App.png", in: root)
        #expect(try flathub().count == 2)
    }
}
