import Foundation
import IconForgeKit
import PNGCodec
import TestSupport
import Testing

@Suite("iconforge presets")
struct PresetsCommandTests {
    @Test("lists every built-in preset on one line each")
    func list() throws {
        let result = try CommandRunner.run(["presets"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == PresetCatalog.builtIn.count && lines.count == 26 && lines[0].hasPrefix("ios ") && lines.contains { $0.hasPrefix("launch-images") }
                && lines.contains { $0.hasPrefix("browser-extension") } && lines.contains { $0.hasPrefix("android-notification") })
        // Files of one name in several folders are several files: Android's five densities, hicolor's nine sizes.
        #expect(lines.contains { $0.hasPrefix("android ") && $0.contains(" 26 files ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("linux ") && $0.contains(" 9 files ") }, "\(lines)")
    }

    @Test("show gives a file its folder: Android's densities are told apart")
    func showFolders() throws {
        let result = try CommandRunner.run(["presets", "show", "android"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("mipmap-xxxhdpi/ic_launcher.png") && result.standardOutput.contains("mipmap-mdpi/ic_launcher.png"))
    }

    @Test("show prints every output with its pixel size, file and role")
    func show() throws {
        let result = try CommandRunner.run(["presets", "show", "ios"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("167x167    AppIcon.appiconset/Icon-83.5@2x.png"))
        #expect(result.standardOutput.split(separator: "\n").count == 19)
    }

    @Test("show gives a layer's file its layer's set, and a path column as wide as the longest path: tvOS's never run into their role")
    func showLongPaths() throws {
        let result = try CommandRunner.run(["presets", "show", "tvos"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").dropFirst()
        #expect(lines.count == 10)
        for line in lines {
            #expect(line.contains(".png  ") && (line.contains("  tv ") || line.contains("  tv-layer ")), "\(line)")
        }
        #expect(result.standardOutput.contains("App Icon & Top Shelf Image.brandassets/App Icon.imagestack/Front.imagestacklayer/Content.imageset/Front@2x.png"))
    }
}
