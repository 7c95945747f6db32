import Foundation
import PNGCodec
import TestSupport
import Testing

@Suite("iconforge render")
struct RenderCommandTests {
    @Test("renders a .icon to an RGBA PNG of the size asked, transparent outside the mask", arguments: ["default", "dark", "tinted"])
    func renders(appearance: String) throws {
        let output = try Fixtures.temporaryFolder().appendingPathComponent("icon.png").path
        let result = try CommandRunner.run(["render", "TestImages/icon/Layered.icon", "-o", output, "--appearance", appearance, "--size", "128"])
        #expect(result.status == 0, "\(result.standardError)")
        let decoded = try PNG.decode(Fixtures.bytes(at: URL(fileURLWithPath: output)))
        #expect(decoded.image.width == 128 && decoded.image.height == 128 && decoded.info.colorType == .rgba)
        #expect(decoded.image.pixel(x: 0, y: 0)[3] == 0 && decoded.image.pixel(x: 64, y: 64)[3] == 255)
    }

    @Test("macOS draws the icon inside its grid, watchOS a circle")
    func platforms() throws {
        let folder = try Fixtures.temporaryFolder()
        for platform in ["macos", "watchos"] {
            let output = folder.appendingPathComponent("\(platform).png").path
            let result = try CommandRunner.run(["render", "TestImages/icon/Layered.icon", "-o", output, "--platform", platform, "--size", "128"])
            #expect(result.status == 0, "\(result.standardError)")
            let image = try PNG.decode(Fixtures.bytes(at: URL(fileURLWithPath: output))).image
            // 10 px in from the middle of the left edge: inside the circle, outside macOS's 824/1024 square.
            #expect(image.pixel(x: 4, y: 64)[3] == (platform == "watchos" ? 255 : 0), "\(platform)")
        }
    }

    @Test("a folder that is no .icon bundle fails with one line naming it, and writes nothing")
    func notABundle() throws {
        let folder = try Fixtures.temporaryFolder()
        let output = folder.appendingPathComponent("out.png").path
        let result = try CommandRunner.run(["render", "TestImages/fixtures", "-o", output])
        #expect(result.status == 1)
        #expect(result.standardError == "TestImages/fixtures: is not an Icon Composer .icon bundle (a folder with icon.json and Assets/)\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("an unknown appearance or a non-PNG output is a usage error")
    func usage() throws {
        let output = try Fixtures.temporaryFolder().appendingPathComponent("out.png").path
        #expect(try CommandRunner.run(["render", "TestImages/icon/Layered.icon", "-o", output, "--appearance", "sepia"]).status == 2)
        #expect(try CommandRunner.run(["render", "TestImages/icon/Layered.icon", "-o", output + ".jpg"]).status == 2)
    }
}
