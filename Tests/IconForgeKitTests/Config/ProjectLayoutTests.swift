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
