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
}
