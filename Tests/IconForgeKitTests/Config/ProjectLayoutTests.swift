import Foundation
import IconForgeKit
import TestSupport
import Testing

@Suite("ProjectLayout (what a project holds; iconforge init's starter file)")
struct ProjectLayoutTests {
    @Test("the starter names the catalog, the Android project, the web folder and the master it found, and reads as iconforge.yml")
    func starter() throws {
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("ios/Assets.xcassets/AppIcon.appiconset"), withIntermediateDirectories: true)
        try Data(#"{"images":[],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: root.appendingPathComponent("ios/Assets.xcassets/AppIcon.appiconset/Contents.json"))
        try manager.createDirectory(at: root.appendingPathComponent("android/app/src/main/res/values"), withIntermediateDirectories: true)
        try Data("<resources/>\n".utf8).write(to: root.appendingPathComponent("android/app/src/main/res/values/strings.xml"))
        try manager.createDirectory(at: root.appendingPathComponent("web"), withIntermediateDirectories: true)
        try Data("<html><head></head></html>\n".utf8).write(to: root.appendingPathComponent("web/index.html"))
        let layout = ProjectLayout(root: root.path)
        #expect(layout.summary.hasPrefix("found asset catalog ios/Assets.xcassets"), "\(layout.summary)")
        let file = root.appendingPathComponent("iconforge.yml")
        try Data(layout.starter().utf8).write(to: file)
        let config = try ProjectConfig.load(file.path)
        #expect(config.jobs.map(\.presets).contains("android") && config.jobs.map(\.presets).contains("web"))
        #expect(config.jobs.map(\.out).contains(root.appendingPathComponent("ios/Assets.xcassets").path))

        let empty = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        let nothing = ProjectLayout(root: empty.path)
        #expect(nothing.summary == "nothing recognised; edit the placeholders")
        #expect(nothing.starter().contains("presets: [ios-single]\n    out: Assets.xcassets"))
    }
}
