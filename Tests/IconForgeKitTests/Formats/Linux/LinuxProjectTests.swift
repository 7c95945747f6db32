import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// Collects a run's events.
private final class Events: GenerateReporter, @unchecked Sendable {
    private let lock = NSLock()
    private var events: [GenerateEvent] = []
    let showsProgress = false
    func report(_ event: GenerateEvent) { lock.withLock { events.append(event) } }
    var all: [GenerateEvent] { lock.withLock { events } }
    var failures: [String] { all.compactMap { if case .failed(let line) = $0 { line } else { nil } } }
    var finished: [GenerationReport] { all.compactMap { if case .finished(let report) = $0 { report } else { nil } } }
}

/// `generate MASTER --preset linux --out .` at a Linux desktop app's root: the project's own desktop entry and the
/// icons it installs are found and refreshed in place, and nothing is written at the root.
@Suite("Linux preset into a project's root")
struct LinuxProjectTests {
    static let master = Fixtures.testImages.appendingPathComponent("glyph-master.png").path
    static let entry = "[Desktop Entry]\nVersion=1.0\nName=Zeal\nExec=zeal %u\nIcon=zeal\nTerminal=false\nType=Application\n"

    private func run(_ root: URL, source: String = master) throws -> (reports: [GenerationReport], failures: [String]) {
        let events = Events()
        do { try GenerateSettings().generate(sources: [source], presets: "linux", out: root.path, reporter: events) } catch {}
        return (events.finished, events.failures)
    }

    /// Every file under `root` (relative paths), the backup folder left out.
    private func files(_ root: URL) -> Set<String> {
        Set((FileManager.default.subpaths(atPath: root.path) ?? []).filter { path in
            !path.hasPrefix(".iconforge") && !path.hasPrefix(".git") && !FileIO_isFolder(root.appendingPathComponent(path).path)
        })
    }

    private func side(_ url: URL) throws -> Int { try PNG.decode(try Fixtures.bytes(at: url)).image.size.width }

    @Test("Zeal's layout (assets/freedesktop: org.zealdocs.zeal.desktop with Icon=zeal, 16-apps-zeal.png … 512-apps-zeal.png and sc-apps-zeal.svg installed by ecm_install_icons): the ECM-named PNGs are refreshed in place at the sizes their names give, 22 px added in the same scheme, the entry, the SVG and the tray icon kept, the replaced files backed up, nothing written at the root")
    func ecmNamedLayout() throws {
        let sizes = [16, 24, 32, 48, 64, 128, 256, 512]
        var tree = ["assets/freedesktop/org.zealdocs.zeal.desktop": Self.entry, ".git/HEAD": "ref: refs/heads/main\n",
                    "assets/freedesktop/sc-apps-zeal.svg": "<svg/>", "assets/freedesktop/sc-apps-zeal-tray.svg": "<svg/>",
                    "assets/freedesktop/CMakeLists.txt": "ecm_install_icons(ICONS " + sizes.map { "\"\($0)-apps-zeal.png\"" }.joined(separator: " ") + " DESTINATION share/icons)\n",
                    "CMakeLists.txt": "project(Zeal)\n", "src/app/main.cpp": "int main() {}\n"]
        for side in sizes { tree["assets/freedesktop/\(side)-apps-zeal.png"] = "old \(side)" }
        let root = try Fixtures.tree(tree)
        defer { try? FileManager.default.removeItem(at: root) }
        let before = files(root)
        #expect(ProjectLayout(root: root.path).linuxFolder == "assets/freedesktop")

        let (reports, failures) = try run(root)
        #expect(failures.isEmpty, "\(failures)")
        let folder = root.appendingPathComponent("assets/freedesktop")
        for side in sizes + [22] {
            #expect(try self.side(folder.appendingPathComponent("\(side)-apps-zeal.png")) == side)
        }
        // Only the new 22 px file is added; no hicolor tree, no new entry, nothing at the root.
        #expect(files(root).subtracting(before) == ["assets/freedesktop/22-apps-zeal.png"], "\(files(root).subtracting(before).sorted())")
        #expect(try String(contentsOf: folder.appendingPathComponent("org.zealdocs.zeal.desktop"), encoding: .utf8) == Self.entry)
        #expect(try String(contentsOf: folder.appendingPathComponent("sc-apps-zeal.svg"), encoding: .utf8) == "<svg/>")
        #expect(try String(contentsOf: folder.appendingPathComponent("sc-apps-zeal-tray.svg"), encoding: .utf8) == "<svg/>")
        // Every replaced file is in the backup, as it was.
        let backups = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(".iconforge-backup").path)
        try #require(backups.count == 1)
        let backup = root.appendingPathComponent(".iconforge-backup/\(backups[0])/assets/freedesktop")
        for side in sizes {
            #expect(try String(contentsOf: backup.appendingPathComponent("\(side)-apps-zeal.png"), encoding: .utf8) == "old \(side)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: backup.path).count == sizes.count)
        let notes = reports.flatMap(\.notes)
        // The new size is not in the build's list of icons, and the SVG a PNG master cannot replace is kept.
        #expect(notes.contains { $0.contains("22-apps-zeal.png") && $0.contains("CMakeLists.txt") }, "\(notes)")
        #expect(notes.contains { $0.contains("kept sc-apps-zeal.svg") }, "\(notes)")
        #expect(!notes.contains { $0.contains("--app-id") }, "\(notes)")
    }

    @Test("an SVG master replaces the ECM-named scalable icon (sc-apps-NAME.svg) byte for byte, and a legacy KDE 4 scheme (hi48-app-NAME.png) is kept for new sizes")
    func ecmScalableAndLegacy() throws {
        let root = try Fixtures.tree([".git/HEAD": "ref: refs/heads/main\n", "icons/hi48-app-kfoo.png": "old", "icons/hisc-app-kfoo.svg": "<svg/>",
                                      "src/org.kde.kfoo.desktop": "[Desktop Entry]\nName=KFoo\nIcon=kfoo\nType=Application\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let svg = root.appendingPathComponent("logo.svg")
        let source = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\"><circle cx=\"50\" cy=\"50\" r=\"40\" fill=\"#0a7\"/></svg>\n"
        try Data(source.utf8).write(to: svg)
        let (reports, failures) = try run(root, source: svg.path)
        #expect(failures.isEmpty, "\(failures)")
        let icons = root.appendingPathComponent("icons")
        #expect(try String(contentsOf: icons.appendingPathComponent("hisc-app-kfoo.svg"), encoding: .utf8) == source)
        #expect(try side(icons.appendingPathComponent("hi48-app-kfoo.png")) == 48)
        #expect(try side(icons.appendingPathComponent("hi256-app-kfoo.png")) == 256)
        // The entry elsewhere in the project is read for the name, never written; none is added beside the icons.
        #expect(try FileManager.default.contentsOfDirectory(atPath: icons.path).filter { $0.hasSuffix(".desktop") }.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("hicolor").path))
        #expect(!reports.flatMap(\.notes).contains { $0.contains("--app-id") })
    }

    @Test("a GNOME-style data/icons/hicolor tree at the root's run: its icons are refreshed in place, the entry beside it read and never written, nothing at the root")
    func hicolorUnderData() throws {
        let entry = "[Desktop Entry]\nName=Term\nExec=term\nIcon=org.example.Term\nType=Application\n"
        let root = try Fixtures.tree([".git/HEAD": "ref: refs/heads/main\n", "data/org.example.Term.desktop": entry,
                                      "data/icons/hicolor/48x48/apps/org.example.Term.png": "old", "meson.build": "project('term')\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let before = files(root)
        let (_, failures) = try run(root)
        #expect(failures.isEmpty, "\(failures)")
        let theme = root.appendingPathComponent("data/icons/hicolor")
        #expect(try side(theme.appendingPathComponent("48x48/apps/org.example.Term.png")) == 48)
        #expect(try side(theme.appendingPathComponent("512x512/apps/org.example.Term.png")) == 512)
        let added = files(root).subtracting(before)
        #expect(added.allSatisfy { $0.hasPrefix("data/icons/hicolor/") && $0.hasSuffix("/apps/org.example.Term.png") }, "\(added.sorted())")
        #expect(try String(contentsOf: root.appendingPathComponent("data/org.example.Term.desktop"), encoding: .utf8) == entry)
    }

    @Test("Kooha's layout (data/icons: io.github.seadve.Kooha.svg, -symbolic, .Devel and .Source SVGs, installed by its meson.build into hicolor; data/io.github.seadve.Kooha.desktop.in.in with Icon=@icon@): an SVG master rewrites io.github.seadve.Kooha.svg byte for byte, no PNG, hicolor tree or .desktop anywhere, the variants and the template kept; a PNG master writes nothing and says why; a rerun writes nothing")
    func mesonInstalledSVGs() throws {
        let entry = "[Desktop Entry]\nName=Kooha\nExec=kooha\nIcon=@icon@\nType=Application\n"
        let svg = { (colour: String) in #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" fill="\#(colour)"/></svg>"# }
        let meson = "install_data(\n  '@0@.svg'.format(application_id),\n  install_dir: iconsdir / 'hicolor' / 'scalable' / 'apps'\n)\n"
        let root = try Fixtures.tree([".git/HEAD": "ref: refs/heads/main\n", "meson.build": "project('kooha')\n", "data/meson.build": "subdir('icons')\n",
                                      "data/io.github.seadve.Kooha.desktop.in.in": entry, "data/icons/meson.build": meson,
                                      "data/icons/io.github.seadve.Kooha.svg": svg("#111111"), "data/icons/io.github.seadve.Kooha.Devel.svg": svg("#222222"),
                                      "data/icons/io.github.seadve.Kooha.Source.svg": svg("#333333"),
                                      "data/icons/io.github.seadve.Kooha-symbolic.svg": svg("#000000")])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(ProjectLayout(root: root.path).linuxFolder == "data/icons")
        let before = files(root)
        let (bitmap, bitmapFailures) = try run(root)
        #expect(bitmapFailures.isEmpty, "\(bitmapFailures)")
        #expect(files(root) == before)
        #expect(try String(contentsOf: root.appendingPathComponent("data/icons/io.github.seadve.Kooha.svg"), encoding: .utf8) == svg("#111111"))
        #expect(bitmap.flatMap(\.notes).contains { $0.contains("io.github.seadve.Kooha.svg") && $0.contains("SVG master") }, "\(bitmap.flatMap(\.notes))")

        let master = try Fixtures.temporaryFolder().appendingPathComponent("logo.svg")
        try Data(svg("#3366CC").utf8).write(to: master)
        let (reports, failures) = try run(root, source: master.path)
        #expect(failures.isEmpty, "\(failures)")
        #expect(files(root) == before, "\(files(root).subtracting(before).sorted())")
        #expect(try String(contentsOf: root.appendingPathComponent("data/icons/io.github.seadve.Kooha.svg"), encoding: .utf8) == svg("#3366CC"))
        for (name, colour) in [("io.github.seadve.Kooha.Devel.svg", "#222222"), ("io.github.seadve.Kooha-symbolic.svg", "#000000")] {
            #expect(try String(contentsOf: root.appendingPathComponent("data/icons/" + name), encoding: .utf8) == svg(colour))
        }
        #expect(try String(contentsOf: root.appendingPathComponent("data/io.github.seadve.Kooha.desktop.in.in"), encoding: .utf8) == entry)
        #expect(!reports.flatMap(\.notes).contains { $0.contains("@icon@") }, "\(reports.flatMap(\.notes))")
        let written = try Fixtures.snapshot(root.appendingPathComponent("data"))
        _ = try run(root, source: master.path)
        #expect(try Fixtures.snapshot(root.appendingPathComponent("data")) == written)
    }

    @Test("rnote's layout (crates/rnote-ui/data/icons/scalable/apps: rnote.svg and rnote-devel.svg, no hicolor level; the meson.build one folder above icons/ installing 'icons/scalable/apps/' + app_name + '.svg' into hicolor renamed to the app id; app.desktop.in.in beside it with Icon=@APP_ID@): init finds that folder, and an SVG master from the root rewrites rnote.svg byte for byte, nothing else (it wrote hicolor/app.* and app.desktop at the root); a rerun writes nothing")
    func mesonInstallsFromAbove() throws {
        let svg = { (colour: String) in #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" fill="\#(colour)"/></svg>"# }
        let meson = "install_data(\n    'icons/scalable/apps/' + app_name + '.svg',\n    install_dir: iconsdir / 'hicolor' / 'scalable' / 'apps',\n    rename: app_id + '.svg',\n)\n"
            + "install_data(\n    'icons/scalable/mimetypes/' + 'application-' + app_name + '.svg',\n    install_dir: iconsdir / 'hicolor' / 'scalable' / 'mimetypes',\n)\n"
        let entry = "[Desktop Entry]\nName=@DESKTOP_FILE_NAME_ENTRY@\nIcon=@APP_ID@\nExec=@APP_NAME@ %f\nType=Application\n"
        let root = try Fixtures.tree([".git/HEAD": "ref: refs/heads/main\n", "meson.build": "project('rnote')\nsubdir('crates/rnote-ui')\n",
                                      "crates/rnote-ui/meson.build": "subdir('data')\n", "crates/rnote-ui/data/meson.build": meson,
                                      "crates/rnote-ui/data/app.desktop.in.in": entry,
                                      "crates/rnote-ui/data/icons/scalable/apps/rnote.svg": svg("#111111"),
                                      "crates/rnote-ui/data/icons/scalable/apps/rnote-devel.svg": svg("#222222"),
                                      "crates/rnote-ui/data/icons/scalable/mimetypes/application-rnote.svg": svg("#333333"),
                                      "crates/rnote-ui/data/icons/symbolic/apps/rnote-symbolic.svg": svg("#000000")])
        defer { try? FileManager.default.removeItem(at: root) }
        let apps = "crates/rnote-ui/data/icons/scalable/apps"
        #expect(ProjectLayout(root: root.path).linuxFolder == apps)
        #expect(ProjectLayout(root: root.path).starter().contains("presets: [linux]\n    out: ."))
        let before = files(root)
        let master = try Fixtures.temporaryFolder().appendingPathComponent("logo.svg")
        try Data(svg("#3366CC").utf8).write(to: master)
        let (reports, failures) = try run(root, source: master.path)
        #expect(failures.isEmpty, "\(failures)")
        #expect(files(root) == before, "\(files(root).subtracting(before).sorted())")
        #expect(try String(contentsOf: root.appendingPathComponent(apps + "/rnote.svg"), encoding: .utf8) == svg("#3366CC"))
        for (path, colour) in [(apps + "/rnote-devel.svg", "#222222"), ("crates/rnote-ui/data/icons/scalable/mimetypes/application-rnote.svg", "#333333")] {
            #expect(try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) == svg(colour))
        }
        #expect(try String(contentsOf: root.appendingPathComponent("crates/rnote-ui/data/app.desktop.in.in"), encoding: .utf8) == entry)
        #expect(!reports.flatMap(\.notes).contains { $0.contains("app-id") }, "\(reports.flatMap(\.notes))")
        let written = try Fixtures.snapshot(root.appendingPathComponent("crates"))
        _ = try run(root, source: master.path)
        #expect(try Fixtures.snapshot(root.appendingPathComponent("crates")) == written)
    }

    @Test("Tiny RDM's layout (build/linux/tiny-rdm_0.0.0_amd64/usr/share: icons/hicolor/512x512/apps/tiny-rdm.png and applications/tiny-rdm.desktop with Icon=tiny-rdm, the tree its release packs into a .deb): --out usr/share/icons refreshes the tree under the entry's name and writes no entry into icons/ (it wrote tiny-rdm.desktop there, which the package would install as /usr/share/icons/tiny-rdm.desktop); the entry is read, never written")
    func packageTreeEntry() throws {
        let entry = "[Desktop Entry]\nName={{.Info.ProductName}}\nExec=/usr/local/bin/tiny-rdm %U\nType=Application\nIcon=tiny-rdm\n"
        let share = "build/linux/tiny-rdm_0.0.0_amd64/usr/share"
        let root = try Fixtures.tree([".git/HEAD": "ref: refs/heads/main\n", "wails.json": "{}\n", share + "/applications/tiny-rdm.desktop": entry])
        defer { try? FileManager.default.removeItem(at: root) }
        let icons = root.appendingPathComponent(share + "/icons")
        let old = icons.appendingPathComponent("hicolor/512x512/apps/tiny-rdm.png")
        try FileManager.default.createDirectory(at: old.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(PNG.encode(Image(width: 512, height: 512, fill: SIMD4(0, 128, 0, 255)))).write(to: old)
        let (_, failures) = try run(icons)
        #expect(failures.isEmpty, "\(failures)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: icons.path).filter { !$0.hasPrefix(".") } == ["hicolor"])
        #expect(try side(icons.appendingPathComponent("hicolor/48x48/apps/tiny-rdm.png")) == 48)
        #expect(try String(contentsOf: root.appendingPathComponent(share + "/applications/tiny-rdm.desktop"), encoding: .utf8) == entry)
    }

    @Test("Bottles' layout (data/icons/hicolor/scalable/apps/com.usebottles.bottles.svg beside other apps' SVGs and symbolic/apps, the meson.build beside hicolor/ installing the listed SVGs with install_data; data/com.usebottles.bottles.desktop.in.in with Icon=@APP_ID@): an SVG master rewrites the scalable SVG, and no size folder of PNGs appears in the tree (it wrote nine, which meson installs none of); a PNG master writes nothing and says why; a tree whose meson.build installs it whole still gets its PNGs")
    func mesonInstalledTreeSVGs() throws {
        let entry = "[Desktop Entry]\nName=@APP_NAME@\nExec=bottles %u\nIcon=@APP_ID@\nType=Application\n"
        let svg = { (colour: String) in #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" fill="\#(colour)"/></svg>"# }
        let meson = "scalable_dir = 'hicolor' / 'scalable' / 'apps'\ninstall_data(\n  scalable_dir / ('@0@.svg').format(APP_ID),\n  scalable_dir / 'soda-runner.svg',\n"
            + "  install_dir: get_option('datadir') / 'icons' / scalable_dir\n)\nsymbolic_dir = 'hicolor' / 'symbolic' / 'apps'\n"
            + "install_data(\n  symbolic_dir / ('@0@-symbolic.svg').format(APP_ID),\n  install_dir: get_option('datadir') / 'icons' / symbolic_dir\n)\n"
        for (listing, pngs) in [(meson, false), ("install_subdir('hicolor', install_dir: get_option('datadir') / 'icons')\n", true)] {
            let root = try Fixtures.tree([".git/HEAD": "ref: refs/heads/main\n", "meson.build": "project('bottles')\n", "data/meson.build": "subdir('icons')\n",
                                          "data/com.usebottles.bottles.desktop.in.in": entry, "data/icons/meson.build": listing,
                                          "data/icons/hicolor/scalable/apps/com.usebottles.bottles.svg": svg("#111111"),
                                          "data/icons/hicolor/scalable/apps/soda-runner.svg": svg("#222222"),
                                          "data/icons/hicolor/symbolic/apps/com.usebottles.bottles-symbolic.svg": svg("#000000")])
            defer { try? FileManager.default.removeItem(at: root) }
            let before = files(root)
            let master = try Fixtures.temporaryFolder().appendingPathComponent("logo.svg")
            try Data(svg("#3366CC").utf8).write(to: master)
            let (_, failures) = try run(root, source: master.path)
            #expect(failures.isEmpty, "\(failures)")
            #expect(try String(contentsOf: root.appendingPathComponent("data/icons/hicolor/scalable/apps/com.usebottles.bottles.svg"), encoding: .utf8) == svg("#3366CC"))
            let added = files(root).subtracting(before).filter { $0.hasPrefix("data/") }
            if pngs {
                #expect(added.contains("data/icons/hicolor/48x48/apps/com.usebottles.bottles.png"), "\(added.sorted())")
                continue
            }
            #expect(added.isEmpty, "\(added.sorted())")
            for (name, colour) in [("scalable/apps/soda-runner.svg", "#222222"), ("symbolic/apps/com.usebottles.bottles-symbolic.svg", "#000000")] {
                #expect(try String(contentsOf: root.appendingPathComponent("data/icons/hicolor/" + name), encoding: .utf8) == svg(colour))
            }
            let written = try Fixtures.snapshot(root.appendingPathComponent("data"))
            let (bitmap, bitmapFailures) = try run(root)
            #expect(bitmapFailures.isEmpty, "\(bitmapFailures)")
            #expect(try Fixtures.snapshot(root.appendingPathComponent("data")) == written)
            #expect(bitmap.flatMap(\.notes).contains { $0.contains("com.usebottles.bottles.svg") && $0.contains("SVG master") }, "\(bitmap.flatMap(\.notes))")
        }
    }

    @Test("WhatSie's layout (dist/linux/hicolor with 16 and 32 px icons and the desktop entry, the root's CMakeLists.txt installing each file with its own install(FILES …)): the run refreshes them and says which new sizes the CMakeLists.txt does not install; a tree installed as a folder (install(DIRECTORY …)) gets no such note")
    func cmakeListsIconsOneByOne() throws {
        let cmake = "install(FILES dist/linux/hicolor/16x16/apps/com.ktechpit.whatsie.png\n    DESTINATION ${DATADIR}/icons/hicolor/16x16/apps\n)\n"
            + "install(FILES dist/linux/hicolor/32x32/apps/com.ktechpit.whatsie.png\n    DESTINATION ${DATADIR}/icons/hicolor/32x32/apps\n)\n"
        let entry = "[Desktop Entry]\nName=WhatSie\nExec=whatsie %u\nIcon=com.ktechpit.whatsie\nType=Application\n"
        for (listing, noted) in [(cmake, true), ("install(DIRECTORY dist/linux/hicolor DESTINATION ${DATADIR}/icons)\n", false)] {
            let root = try Fixtures.tree([".git/HEAD": "ref: refs/heads/main\n", "CMakeLists.txt": listing, "dist/linux/com.ktechpit.whatsie.desktop": entry])
            defer { try? FileManager.default.removeItem(at: root) }
            for side in [16, 32] {
                let url = root.appendingPathComponent("dist/linux/hicolor/\(side)x\(side)/apps/com.ktechpit.whatsie.png")
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(PNG.encode(Image(width: side, height: side, fill: SIMD4(0, 128, 0, 255)))).write(to: url)
            }
            let (reports, failures) = try run(root)
            #expect(failures.isEmpty, "\(failures)")
            let notes = reports.flatMap(\.notes)
            let note = notes.first { $0.contains("installs this tree's icons one file at a time") }
            #expect((note != nil) == noted, "\(notes)")
            if let note {
                #expect(note.contains("dist/linux/hicolor/48x48/apps/com.ktechpit.whatsie.png") && !note.contains("16x16"), "\(note)")
            }
        }
    }

    @Test("Extension Manager's layout (data/icons as Kooha's, its meson.build installing com.mattjakeman.ExtensionManager.svg, beside a hicolor/scalable/actions/ of symbolic action icons its GResource bundles; Icon=@app_id@): the folder is still the one meson installs from — an SVG master rewrites the app's SVG alone, no PNG, no hicolor/*/apps tree, no app.desktop")
    func mesonIconsBesideActionIcons() throws {
        let entry = "[Desktop Entry]\nName=Extension Manager\nExec=extension-manager\nIcon=@app_id@\nType=Application\n"
        let svg = { (colour: String) in #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" fill="\#(colour)"/></svg>"# }
        let meson = "icondir = join_paths(get_option('datadir'), 'icons/hicolor')\n\ninstall_data(\n  '@0@.svg'.format(app_id),\n  install_dir: join_paths(icondir, 'scalable/apps'),\n)\n"
        let root = try Fixtures.tree([".git/HEAD": "ref: refs/heads/main\n", "meson.build": "project('extension-manager')\n", "data/meson.build": "subdir('icons')\n",
                                      "data/com.mattjakeman.ExtensionManager.desktop.in.in": entry, "data/icons/meson.build": meson,
                                      "data/icons/com.mattjakeman.ExtensionManager.svg": svg("#111111"),
                                      "data/icons/com.mattjakeman.ExtensionManager.Devel.svg": svg("#222222"),
                                      "data/icons/com.mattjakeman.ExtensionManager-symbolic.svg": svg("#000000"),
                                      "data/icons/hicolor/scalable/actions/globe-symbolic.svg": svg("#444444")])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(ProjectLayout(root: root.path).linuxFolder == "data/icons")
        let before = files(root)
        let master = try Fixtures.temporaryFolder().appendingPathComponent("logo.svg")
        try Data(svg("#3366CC").utf8).write(to: master)
        let (_, failures) = try run(root, source: master.path)
        #expect(failures.isEmpty, "\(failures)")
        #expect(files(root) == before, "\(files(root).subtracting(before).sorted())")
        #expect(try String(contentsOf: root.appendingPathComponent("data/icons/com.mattjakeman.ExtensionManager.svg"), encoding: .utf8) == svg("#3366CC"))
        for (name, colour) in [("com.mattjakeman.ExtensionManager.Devel.svg", "#222222"), ("hicolor/scalable/actions/globe-symbolic.svg", "#444444")] {
            #expect(try String(contentsOf: root.appendingPathComponent("data/icons/" + name), encoding: .utf8) == svg(colour))
        }
    }

    @Test("Cartridges' layout (data/icons/hicolor/scalable/apps/page.kramo.Cartridges.svg, the app's own SVG, given as the master): the run succeeds and leaves that SVG and the symbolic one byte for byte; it failed with 'refusing to overwrite the source file' after writing the PNGs, and left them behind")
    func masterIsTheScalableIcon() throws {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" fill="#3366CC"/></svg>"##
        let symbolic = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16"/></svg>"#
        let meson = "scalable_dir = join_paths('hicolor', 'scalable', 'apps')\ninstall_data(\n  join_paths(scalable_dir, ('@0@.svg').format(app_id)),\n"
            + "  install_dir: join_paths(get_option('datadir'), 'icons', scalable_dir),\n)\n"
        let entry = "[Desktop Entry]\nName=Cartridges\nExec=cartridges\nIcon=@APP_ID@\nType=Application\n"
        let root = try Fixtures.tree([".git/HEAD": "ref: refs/heads/main\n", "meson.build": "project('cartridges')\n", "data/meson.build": "subdir('icons')\n",
                                      "data/page.kramo.Cartridges.desktop.in": entry, "data/icons/meson.build": meson,
                                      "data/icons/hicolor/scalable/apps/page.kramo.Cartridges.svg": svg,
                                      "data/icons/hicolor/symbolic/apps/page.kramo.Cartridges-symbolic.svg": symbolic])
        defer { try? FileManager.default.removeItem(at: root) }
        let master = root.appendingPathComponent("data/icons/hicolor/scalable/apps/page.kramo.Cartridges.svg")
        let before = files(root)
        let (reports, failures) = try run(root, source: master.path)
        #expect(failures.isEmpty, "\(failures)")
        #expect(reports.count == 1)
        #expect(try String(contentsOf: master, encoding: .utf8) == svg)
        #expect(try String(contentsOf: root.appendingPathComponent("data/icons/hicolor/symbolic/apps/page.kramo.Cartridges-symbolic.svg"), encoding: .utf8) == symbolic)
        #expect(try String(contentsOf: root.appendingPathComponent("data/page.kramo.Cartridges.desktop.in"), encoding: .utf8) == entry)
        let added = files(root).subtracting(before)
        #expect(added.allSatisfy { $0.hasPrefix("data/icons/hicolor/") && $0.hasSuffix("/apps/page.kramo.Cartridges.png") }, "\(added.sorted())")
        #expect(!reports.flatMap(\.files).contains { $0.path.hasSuffix(".svg") }, "\(reports.flatMap(\.files).map(\.path))")
    }

    @Test("nothing found (no entry, no hicolor tree, no ECM-named icons): the run writes hicolor/ and app.desktop into the folder given, as before")
    func nothingFound() throws {
        let root = try Fixtures.tree([".git/HEAD": "ref: refs/heads/main\n", "README.md": "# tool\n", "src/main.c": "int main() {}\n",
                                      "assets/16-actions-go.png": "not an app icon"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(ProjectLayout(root: root.path).linuxFolder == nil)
        let (_, failures) = try run(root)
        #expect(failures.isEmpty, "\(failures)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("hicolor/48x48/apps/app.png").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("app.desktop").path))
        #expect(try String(contentsOf: root.appendingPathComponent("assets/16-actions-go.png"), encoding: .utf8) == "not an app icon")
    }

    @Test("ECM names parsed with their scheme: size, theme prefix and group; a new size's name in the same scheme")
    func ecmScheme() {
        let legacy = HicolorTheme.ecmIcon(ofFile: "hi48-app-kfoo.png")
        #expect(legacy?.name == "kfoo" && legacy?.pixels == 48 && legacy?.theme == "hi" && legacy?.group == "app")
        #expect(legacy?.named("kfoo", pixels: 22, ext: "png") == "hi22-app-kfoo.png")
        #expect(HicolorTheme.ecmIcon(ofFile: "sc-apps-zeal.svg")?.pixels == nil)
        #expect(HicolorTheme.ecmIcon(ofFile: "sc-apps-zeal.svg")?.named("zeal", pixels: 128, ext: "png") == "128-apps-zeal.png")
    }
}

private func FileIO_isFolder(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
}
