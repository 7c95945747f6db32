import Foundation
import IconForgeKit
import TestSupport
import Testing

@Suite("ProjectLayout (what a project holds; iconforge init's starter file)")
struct ProjectLayoutTests {
    @Test("the starter names the catalog, the Android project, the web folder and the master it found, and reads as iconforge.yml")
    func starter() throws {
        let root = try Fixtures.flutterProject()
        defer { try? FileManager.default.removeItem(at: root) }
        let layout = ProjectLayout(root: root.path)
        #expect(layout.summary.hasPrefix("found asset catalog ios/Runner/Assets.xcassets"), "\(layout.summary)")
        let file = root.appendingPathComponent("iconforge.yml")
        try Data(layout.starter().utf8).write(to: file)
        let config = try ProjectConfig.load(file.path)
        #expect(config.jobs.map(\.presets).contains("android") && config.jobs.map(\.presets).contains("web"))
        #expect(config.jobs.map(\.out).contains(root.appendingPathComponent("ios/Runner/Assets.xcassets").path))

        let empty = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        let nothing = ProjectLayout(root: empty.path)
        #expect(nothing.summary == "nothing recognised; edit the placeholders")
        #expect(nothing.starter().contains("presets: [ios-single]\n    out: Assets.xcassets"))
    }
}

@Suite("ProjectLayout: routes")
struct ProjectLayoutRouteTests {
    @Test("a rerun of several platforms into a plain folder goes where the first run went (its web/ and linux/ do not make it a project)")
    func plainFolderRerun() throws {
        let folder = try Fixtures.temporaryFolder()
        let presets = ["ios", "android", "web", "windows", "linux"]
        let first = try ProjectLayout.routes(presets: presets, out: folder.path).map(\.folder)
        #expect(first.map { ($0 as NSString).lastPathComponent } == [folder.lastPathComponent, "android", "web", "windows", "linux"])
        // What the first run leaves: a web folder with its manifest, a hicolor theme under linux/.
        for (file, text) in [("web/manifest.webmanifest", "{}"), ("linux/hicolor/48x48/apps/app.png", ""), ("windows/app.ico", "")] {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        #expect(try ProjectLayout.routes(presets: presets, out: folder.path).map(\.folder) == first)
        // One platform alone (as generate routes each in turn): into the folder the first run made, else the folder itself.
        #expect(try ProjectLayout.routes(presets: ["ios"], out: folder.path).map(\.folder) == [folder.path])
        #expect(try ProjectLayout.routes(presets: ["web"], out: folder.path).map(\.folder) == [folder.appendingPathComponent("web").path])
        // An Android module beside them makes it a project: platforms it lacks are named, not invented.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("app/src/main/res"), withIntermediateDirectories: true)
        #expect(throws: IconForgeError.self) { try ProjectLayout.routes(presets: presets, out: folder.path) }
    }
}
