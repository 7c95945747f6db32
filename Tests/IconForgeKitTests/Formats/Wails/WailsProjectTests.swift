import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// A Wails app: `wails build` embeds `build/windows/icon.ico` in its exe, and packages no tiles.
@Suite("Wails: build/windows")
struct WailsProjectTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

    private func generate(_ presets: String, into root: URL) throws -> [String] {
        try Fixtures.generateRouted(presets, into: root, master: Self.master).flatMap { $0.files.map(\.path) }
    }

    @Test("Tiny RDM's layout (wails.json; build/windows holding icon.ico, info.json and wails.exe.manifest): init names windows and build/appicon.png as the master, and windows from the root rewrites build/windows/icon.ico with no tiles or snippet beside it (a run found no folder; --out build/windows wrote 77 Assets/ tiles, which no Wails build reads); without icon.ico it is made under that name; a rerun writes nothing")
    func windowsIcon() throws {
        for hasIcon in [true, false] {
            var tree = [".git/HEAD": "ref: refs/heads/main\n", "wails.json": #"{"name": "tinyrdm", "outputfilename": "Tiny RDM"}"#,
                        "build/windows/info.json": "{}\n", "build/windows/wails.exe.manifest": "<assembly/>\n"]
            if !hasIcon { tree["build/README.md"] = "# Build Directory\n" }
            let root = try Fixtures.tree(tree)
            defer { try? FileManager.default.removeItem(at: root) }
            let windows = root.appendingPathComponent("build/windows")
            if hasIcon {
                try Data(try PNG.encode(Image(width: 1024, height: 1024, fill: SIMD4(0, 0, 200, 255)))).write(to: root.appendingPathComponent("build/appicon.png"))
                try Data(try Ico.encode([Image(width: 32, height: 32, fill: SIMD4(200, 0, 0, 255))])).write(to: windows.appendingPathComponent("icon.ico"))
            }
            let layout = ProjectLayout(root: root.path)
            #expect(layout.windowsFolder == "build/windows")
            #expect(layout.starter().contains("presets: [windows"))
            #expect(layout.master == (hasIcon ? "build/appicon.png" : nil))
            _ = try generate("windows", into: root)
            #expect(try FileManager.default.contentsOfDirectory(atPath: windows.path).filter { !$0.hasPrefix(".") }.sorted()
                    == ["icon.ico", "info.json", "wails.exe.manifest"])
            #expect(try Ico.read(try Fixtures.bytes(at: windows.appendingPathComponent("icon.ico"))).count == 8)
            let written = try Fixtures.snapshot(root.appendingPathComponent("build"))
            _ = try generate("windows", into: windows)
            #expect(try Fixtures.snapshot(root.appendingPathComponent("build")) == written)
        }
    }
}
