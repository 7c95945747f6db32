import Foundation
import IconForgeKit
import TestSupport
import Testing

@Suite("ProjectLayout: a hicolor tree deeper than the search")
struct ProjectLayoutDeepTests {
    private func write(_ path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: url)
    }

    @Test("--preset linux finds Butterfly's app/linux/debian/usr/share/icons/hicolor (seven folders down), skips node_modules and build, and names the trees when there are several")
    func deepHicolor() throws {
        let repository = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: repository) }
        try write("app/web/index.html", in: repository)
        try write("app/linux/debian/usr/share/icons/hicolor/128x128/apps/dev.example.notes.png", in: repository)
        try write("node_modules/pkg/dist/linux/usr/share/icons/hicolor/48x48/apps/other.png", in: repository)
        try write("app/build/linux/x64/release/bundle/share/icons/hicolor/48x48/apps/built.png", in: repository)
        let routes = try ProjectLayout.routes(presets: ["linux"], out: repository.path)
        #expect(routes.map(\.folder) == [repository.appendingPathComponent("app/linux/debian/usr/share/icons").path], "\(routes)")
        // A second tree: which one the app installs is not known, so both are named.
        try write("app/snap/gui/usr/share/icons/hicolor/256x256/apps/dev.example.notes.png", in: repository)
        #expect {
            _ = try ProjectLayout.routes(presets: ["linux"], out: repository.path)
        } throws: { error in
            "\(error)".contains("hicolor themes in app/linux/debian/usr/share/icons, app/snap/gui/usr/share/icons")
        }
    }

    @Test("a hicolor tree of other contexts only (Foliate's src/icons/hicolor/scalable/actions, symbolic icons compiled into its resources) is not the app's: --preset linux does not write app icons and a .desktop into it; one with apps is found beside it")
    func actionIconsOnly() throws {
        let repository = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: repository) }
        try write("data/com.example.Reader.desktop.in", in: repository)
        try write("src/icons/hicolor/scalable/actions/bookmark-symbolic.svg", in: repository)
        #expect(ProjectLayout(root: repository.path).linuxFolder == nil)
        #expect(try ProjectLayout.routes(presets: ["linux"], out: repository.path).map(\.folder) == [repository.path])
        try write("packaging/share/icons/hicolor/48x48/apps/com.example.Reader.png", in: repository)
        #expect(try ProjectLayout.routes(presets: ["linux"], out: repository.path).map(\.folder)
            == [repository.appendingPathComponent("packaging/share/icons").path])
    }
}
