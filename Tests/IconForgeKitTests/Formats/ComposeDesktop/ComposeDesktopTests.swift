import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// A Compose Multiplatform desktop app: the icons its `nativeDistributions` names are refreshed where they are.
@Suite("Compose desktop: nativeDistributions' iconFile")
struct ComposeDesktopTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
    static let build = """
        compose.desktop {
            application {
                nativeDistributions {
                    targetFormats(TargetFormat.Msi, TargetFormat.Deb, TargetFormat.Dmg)
                    windows {
                        shortcut = true
                        iconFile.set(rootProject.file("resources/icon.ico"))
                    }
                    macOS {
                        bundleID = "ca.example.app"
                        iconFile.set(rootProject.file("resources/icon.icns"))
                    }
                    linux {
                        iconFile = project.file("../resources/icon.png")
                    }
                }
            }
        }

        """

    private func generate(_ presets: String, into root: URL) throws {
        try Fixtures.generateRouted(presets, into: root, master: Self.master)
    }

    @Test("Suwayomi-JUI's layout (desktop/build.gradle.kts naming resources/icon.ico, icon.icns and icon.png as nativeDistributions' iconFile): init names windows, macos and linux, and a run of them from the root rewrites those three in place (the .png at its 256 px), nothing else (it found no folder for them); a rerun writes nothing")
    func nativeDistributionsIcons() throws {
        let root = try Fixtures.tree([".git/HEAD": "ref: refs/heads/main\n", "settings.gradle.kts": "include(\":desktop\")\n",
                                      "build.gradle.kts": "plugins { }\n", "desktop/build.gradle.kts": Self.build])
        defer { try? FileManager.default.removeItem(at: root) }
        let resources = root.appendingPathComponent("resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        let red = { (side: Int) in Image(width: side, height: side, fill: SIMD4(200, 0, 0, 255)) }
        try Data(try Ico.encode([red(256)])).write(to: resources.appendingPathComponent("icon.ico"))
        try Data(Icns.encode([Icns.Element(type: "ic07", data: try PNG.encode(red(128)))])).write(to: resources.appendingPathComponent("icon.icns"))
        try Data(try PNG.encode(red(256))).write(to: resources.appendingPathComponent("icon.png"))
        let layout = ProjectLayout(root: root.path)
        #expect([layout.windowsFolder, layout.icnsFolder, layout.linuxFolder] == ["resources", "resources", "resources"])
        #expect(layout.starter().contains("presets: [windows, macos, linux]"))
        let before = Set(FileManager.default.subpaths(atPath: root.path) ?? [])
        try generate("windows,macos,linux", into: root)
        #expect(try FileManager.default.contentsOfDirectory(atPath: resources.path).filter { !$0.hasPrefix(".") }.sorted() == ["icon.icns", "icon.ico", "icon.png"])
        #expect(Set(FileManager.default.subpaths(atPath: root.path) ?? []).subtracting(before).filter { !$0.hasPrefix(".iconforge") }.isEmpty)
        #expect(try Ico.read(try Fixtures.bytes(at: resources.appendingPathComponent("icon.ico"))).count == 8)
        #expect(try Icns.read(try Fixtures.bytes(at: resources.appendingPathComponent("icon.icns"))).contains { $0.type == "ic10" })
        let png = try Fixtures.bytes(at: resources.appendingPathComponent("icon.png"))
        #expect(try PNG.info(png).width == 256 && png != (try PNG.encode(red(256))))
        let written = try Fixtures.snapshot(resources)
        try generate("windows,macos,linux", into: root)
        #expect(try Fixtures.snapshot(resources) == written)
    }
}
