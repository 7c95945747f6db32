import Foundation
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("iconforge generate: Linux icons from a project's root")
struct GenerateLinuxPathsTests {
    @Test("--out . in a project whose hicolor tree holds two names (Flameshot's data/img: flameshot and org.flameshot.Flameshot): the one data/desktopEntry/package's entry names is taken, found from the relative folder the route gives; no 'app' icons, no .desktop beside the tree")
    func treeOfTwoNamesFromRoot() throws {
        let project = try Fixtures.hicolorTwoNamesProject(icon: try PNG.encode(Image(width: 48, height: 48, format: .rgba8, fill: SIMD4(200, 60, 200, 255))))
        defer { try? FileManager.default.removeItem(at: project) }
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let result = try CommandRunner.run(["generate", master, "--preset", "linux", "--out", "."], in: project)
        #expect(result.status == 0, "\(result.standardError)")
        let img = project.appendingPathComponent("data/img")
        #expect(FileManager.default.fileExists(atPath: img.appendingPathComponent("hicolor/512x512/apps/org.flameshot.Flameshot.png").path), "\(result.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: img.appendingPathComponent("hicolor/512x512/apps/app.png").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: img.path).filter { $0.hasSuffix(".desktop") }.isEmpty)
    }
    @Test("--out . in an Electron app whose electron-builder Linux folder is still to be made (Mattermost: buildResources src/assets, no src/assets/icons yet): the icons are electron-builder's NxN.png in src/assets/icons, found from the relative folder the route gives, not a hicolor tree there, which electron-builder does not read")
    func electronLinuxFolderFromRoot() throws {
        let project = try Fixtures.tree(["package.json": #"{"name": "app", "devDependencies": {"electron": "^33.0.0", "electron-builder": "^25.0.0"}}"#,
                                         "electron-builder.yml": "directories:\n  buildResources: src/assets\n", "src/assets/README.md": "assets\n"])
        defer { try? FileManager.default.removeItem(at: project) }
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let result = try CommandRunner.run(["generate", master, "--preset", "linux", "--out", "."], in: project)
        #expect(result.status == 0, "\(result.standardError)")
        let icons = project.appendingPathComponent("src/assets/icons")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: icons.path).filter { !$0.hasPrefix(".") }.sorted()) ?? []
        #expect(names == ["128x128.png", "16x16.png", "24x24.png", "256x256.png", "32x32.png", "48x48.png", "512x512.png", "64x64.png"], "\(names) \(result.standardOutput)")
    }
}
