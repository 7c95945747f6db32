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
    func report(_ event: GenerateEvent) { lock.withLock { events.append(event) } }
    var all: [GenerateEvent] { lock.withLock { events } }
    var failures: [String] { all.compactMap { if case .failed(let line) = $0 { line } else { nil } } }
    var notes: [String] { all.compactMap { if case .finished(let report) = $0 { report.notes } else { nil } }.flatMap { $0 } }
}

/// A snap's icon: `snapcraft.yaml`'s `icon:` (or `snap/gui/icon.png`) read, checked as snapcraft and the Snap Store take
/// it, and written by the `snap` preset — and by `linux` — where the project keeps it.
@Suite("Snap icons")
struct SnapcraftTests {
    static let master = Fixtures.testImages.appendingPathComponent("glyph-master.png").path
    static let svgMaster = Fixtures.testImages.appendingPathComponent("sources/icon.svg").path

    /// A project tree whose PNG files are real PNGs of the sizes given.
    private func project(_ texts: [String: String], pngs: [String: (Int, Int)] = [:]) throws -> URL {
        let root = try Fixtures.tree(texts.merging([".git/HEAD": "ref: refs/heads/main\n"]) { first, _ in first })
        for (path, size) in pngs {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(try PNG.encode(Image(width: size.0, height: size.1, fill: SIMD4(30, 90, 200, 255)))).write(to: url)
        }
        return root
    }

    private func findings(_ path: URL) throws -> [Finding] {
        try Validator().validate([path.path]).files.flatMap(\.findings).filter { $0.rule == .snapIcon }
    }

    private func generate(_ root: URL, presets: String, source: String = master) -> Events {
        let events = Events()
        do { try GenerateSettings().generate(sources: [source], presets: presets, out: root.path, reporter: events) } catch {}
        return events
    }

    private func side(_ url: URL) throws -> PixelSize { try PNG.decode(try Fixtures.bytes(at: url)).image.size }

    @Test("the recipe's root is the folder above snap/ (or above build-aux/snap/); icon: is read at the top level only, its quotes, comment and ${SNAPCRAFT_PROJECT_DIR} taken off; without it, snap/gui/icon.png")
    func recipe() throws {
        let root = try Fixtures.tree([
            "a/snap/snapcraft.yaml": "name: a\nicon: \"${SNAPCRAFT_PROJECT_DIR}/assets/a.png\"  # the store icon\napps:\n  a:\n    icon: other.png\n",
            "b/build-aux/snap/snapcraft.yaml": "name: b\napps:\n  b:\n    command: b\n",
            "b/snap/gui/icon.svg": "<svg/>",
            "c/snapcraft.yaml": "name: c\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let a = try #require(SnapcraftProject.read(root: root.appendingPathComponent("a").path))
        #expect(a.root == root.appendingPathComponent("a").path && a.declaredIcon == "assets/a.png" && a.icon == "assets/a.png")
        let b = try #require(SnapcraftProject.read(root: root.appendingPathComponent("b").path))
        #expect(b.root == root.appendingPathComponent("b").path && b.declaredIcon == nil && b.icon == "snap/gui/icon.svg" && b.iconIsSVG)
        let c = try #require(SnapcraftProject.read(root: root.appendingPathComponent("c").path))
        #expect(c.icon == nil)
        #expect(SnapcraftProject.read(root: root.path) == nil)
    }

    @Test("validate: a named icon that does not exist, or is a JPEG, is an error; a PNG off the store's rules and a desktop app's snap with no icon are warnings; a square 256 px icon, a command-line snap and one whose icon comes from its AppStream metadata are clean")
    func checks() throws {
        let root = try project([
            "missing/snap/snapcraft.yaml": "name: missing\nicon: snap/gui/missing.png\n",
            "jpeg/snap/snapcraft.yaml": "name: jpeg\nicon: snap/gui/icon.jpg\n",
            "jpeg/snap/gui/icon.jpg": "not looked at",
            "wide/snap/snapcraft.yaml": "name: wide\nicon: wide.png\n",
            "none/snap/snapcraft.yaml": "name: none\napps:\n  none:\n    extensions: [gnome]\n",
            "cli/snapcraft.yaml": "name: cli\napps:\n  cli:\n    command: bin/cli\n    plugs:\n      - network\n",
            "kde/snapcraft.yaml": "name: kde\nadopt-info: kde\napps:\n  kde:\n    extensions:\n      - kde-neon-6\n    desktop: usr/share/applications/org.kde.kde.desktop\n"
                + "parts:\n  kde:\n    parse-info:\n      - usr/share/metainfo/org.kde.kde.appdata.xml\n",
            "good/snap/snapcraft.yaml": "name: good\n",
            "hidden/.snapcraft.yaml": "name: hidden\nicon: gone.svg\n",
        ], pngs: ["wide/wide.png": (600, 300), "good/snap/gui/icon.png": (256, 256)])
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = try findings(root.appendingPathComponent("missing"))
        #expect(missing.count == 1 && missing[0].severity == .error && missing[0].message.contains("snap/gui/missing.png, which does not exist"), "\(missing.map(\.line))")
        let jpeg = try findings(root.appendingPathComponent("jpeg"))
        #expect(jpeg.count == 1 && jpeg[0].severity == .error && jpeg[0].message.contains("PNG or an SVG"), "\(jpeg.map(\.line))")
        let wide = try findings(root.appendingPathComponent("wide"))
        #expect(wide.count == 1 && wide[0].severity == .warning && wide[0].message.contains("not square (600x300)")
                && wide[0].message.contains("outside 40 to 512 px"), "\(wide.map(\.line))")
        let none = try findings(root.appendingPathComponent("none"))
        #expect(none.count == 1 && none[0].severity == .warning && none[0].message.contains("no icon"), "\(none.map(\.line))")
        #expect(try findings(root.appendingPathComponent("good")).isEmpty)
        // A command-line snap has no icon to miss; one whose icon comes from its AppStream metadata (KDE's) does not miss it.
        #expect(try findings(root.appendingPathComponent("cli")).isEmpty)
        #expect(try findings(root.appendingPathComponent("kde")).isEmpty)
        // A hidden recipe at a folder's top is read too; the recipe file given alone is checked as a whole.
        #expect(try findings(root.appendingPathComponent("hidden")).contains { $0.severity == .error && $0.message.contains("gone.svg") })
        #expect(try findings(root.appendingPathComponent("missing/snap/snapcraft.yaml")).count == 1)
        // Validating the whole tree finds each recipe once.
        let all = try findings(root)
        #expect(all.count == 5, "\(all.map(\.line))")
    }

    @Test("--preset linux into a project whose only Linux packaging is a snap redraws the icon its recipe names at its own size, the old one backed up, and writes no hicolor tree or desktop entry")
    func linuxIntoSnapOnlyProject() throws {
        let root = try project(["snap/snapcraft.yaml": "name: app\nicon: snap/gui/app.png\n", "src/main.c": "int main() {}\n"],
                               pngs: ["snap/gui/app.png": (128, 128)])
        defer { try? FileManager.default.removeItem(at: root) }
        let old = try Fixtures.bytes(at: root.appendingPathComponent("snap/gui/app.png"))
        #expect(ProjectLayout(root: root.path).snapRoot == "")
        let events = generate(root, presets: "linux")
        #expect(events.failures.isEmpty, "\(events.failures)")
        let icon = root.appendingPathComponent("snap/gui/app.png")
        #expect(try side(icon) == PixelSize(width: 128, height: 128))
        #expect(try Fixtures.bytes(at: icon) != old)
        let written = Set((FileManager.default.subpaths(atPath: root.path) ?? []).filter { !$0.hasPrefix(".") })
        #expect(!written.contains { $0.contains("hicolor") || $0.hasSuffix(".desktop") || $0.hasSuffix("icon.png") }, "\(written.sorted())")
        let backups = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(".iconforge-backup").path)
        try #require(backups.count == 1)
        #expect(try Fixtures.bytes(at: root.appendingPathComponent(".iconforge-backup/\(backups[0])/snap/gui/app.png")) == old)
        // Nothing the store refuses is left, and a second run changes nothing.
        #expect(try findings(root).isEmpty)
        let after = try Fixtures.snapshot(root.appendingPathComponent("snap"))
        _ = generate(root, presets: "linux")
        #expect(try Fixtures.snapshot(root.appendingPathComponent("snap")) == after)
    }

    @Test("--preset linux into a project with a hicolor tree and a snap writes both; an icon off the store's sizes is redrawn at 256")
    func linuxAndSnap() throws {
        let root = try project(["snap/snapcraft.yaml": "name: app\n", "data/org.example.App.desktop": "[Desktop Entry]\nType=Application\nName=App\nExec=app\nIcon=org.example.App\n"],
                               pngs: ["snap/gui/icon.png": (1024, 1024), "data/icons/hicolor/48x48/apps/org.example.App.png": (48, 48)])
        defer { try? FileManager.default.removeItem(at: root) }
        let events = generate(root, presets: "linux")
        #expect(events.failures.isEmpty, "\(events.failures)")
        #expect(try side(root.appendingPathComponent("snap/gui/icon.png")) == PixelSize(width: 256, height: 256))
        #expect(try side(root.appendingPathComponent("data/icons/hicolor/512x512/apps/org.example.App.png")) == PixelSize(width: 512, height: 512))
    }

    @Test("an SVG icon is the SVG master byte for byte; a PNG master leaves it and says so")
    func svgIcon() throws {
        let root = try project(["snap/snapcraft.yaml": "name: app\nicon: snap/gui/app.svg\n", "snap/gui/app.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"])
        defer { try? FileManager.default.removeItem(at: root) }
        let events = generate(root, presets: "snap")
        #expect(events.failures.isEmpty, "\(events.failures)")
        #expect(try String(contentsOf: root.appendingPathComponent("snap/gui/app.svg"), encoding: .utf8) == "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        #expect(events.notes.contains { $0.contains("left snap/gui/app.svg") }, "\(events.notes)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("snap/gui/icon.png").path))
        let fromSVG = generate(root, presets: "snap", source: Self.svgMaster)
        #expect(fromSVG.failures.isEmpty, "\(fromSVG.failures)")
        #expect(try Fixtures.bytes(at: root.appendingPathComponent("snap/gui/app.svg")) == Fixtures.bytes(at: URL(fileURLWithPath: Self.svgMaster)))
    }

    @Test("the picture a snap's desktop entry names in snap/gui (FluffyChat's Icon=${SNAP}/meta/gui/fluffychat.png) is redrawn at its own size beside the store icon, and the snap is not said to have no icon")
    func desktopEntryIcon() throws {
        let root = try project(["snap/snapcraft.yaml": "name: chat\napps:\n  chat:\n    extensions: [ gnome ]\n",
                                "snap/gui/chat.desktop": "[Desktop Entry]\nType=Application\nName=Chat\nExec=chat\nIcon=${SNAP}/meta/gui/chat.png\n"],
                               pngs: ["snap/gui/chat.png": (500, 500)])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try findings(root).isEmpty)
        let old = try Fixtures.bytes(at: root.appendingPathComponent("snap/gui/chat.png"))
        let events = generate(root, presets: "snap")
        #expect(events.failures.isEmpty, "\(events.failures)")
        #expect(try side(root.appendingPathComponent("snap/gui/chat.png")) == PixelSize(width: 500, height: 500))
        #expect(try Fixtures.bytes(at: root.appendingPathComponent("snap/gui/chat.png")) != old)
        #expect(try side(root.appendingPathComponent("snap/gui/icon.png")) == PixelSize(width: 256, height: 256))
    }

    @Test("--preset snap into a plain folder writes snap/gui/icon.png at 256 px")
    func plainFolder() throws {
        let out = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let events = generate(out, presets: "snap")
        #expect(events.failures.isEmpty, "\(events.failures)")
        #expect(try side(out.appendingPathComponent("snap/gui/icon.png")) == PixelSize(width: 256, height: 256))
    }

    @Test("init names the snap of a project with no other Linux folder")
    func initNamesSnap() throws {
        let root = try project(["snap/snapcraft.yaml": "name: app\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let layout = ProjectLayout(root: root.path)
        #expect(layout.summary.contains("desktop icons (snap)"), "\(layout.summary)")
        #expect(layout.starter().contains("presets: [snap]"), "\(layout.starter())")
    }
}
