import Foundation
import TestSupport
import Testing

@Suite("iconforge inspect")
struct InspectCommandTests {
    @Test("prints the facts of each file and exits 0")
    func textReport() throws {
        let result = try CommandRunner.run(["inspect", "TestImages/app-icon-master.png", "TestImages/glyph-master.png"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("TestImages/app-icon-master.png: 1024x1024 RGB 8-bit, non-interlaced"))
        #expect(result.standardOutput.contains("opaque"))
        #expect(result.standardOutput.contains("TestImages/glyph-master.png: 1024x1024 RGBA 8-bit"))
        #expect(result.standardOutput.contains("pixels are not fully opaque (first at 0,0)"))
        #expect(result.standardError.isEmpty)
    }

    @Test("--json has a stable shape with every key present")
    func jsonReport() throws {
        let result = try CommandRunner.run(["inspect", "--json", "TestImages/fixtures/palette-trns-i.png", "TestImages/fixtures/iccp-display-p3.png"])
        #expect(result.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        let keys: Set = ["path", "fileBytes", "width", "height", "bitDepth", "colorType", "interlaced", "pixelFormat", "opaque",
                         "translucentPixels", "firstTranslucentPixel", "hasTRNS", "hasGAMA", "gamma", "hasSRGB", "srgbIntent",
                         "hasICCP", "iccProfileName", "hasCHRM", "warning"]
        for object in array { #expect(Set(object.keys) == keys) }
        #expect(array[0]["colorType"] as? String == "palette")
        #expect(array[0]["interlaced"] as? Bool == true)
        #expect(array[0]["opaque"] as? Bool == false)
        #expect(array[0]["firstTranslucentPixel"] as? [Int] == [0, 0])
        #expect(array[1]["iccProfileName"] as? String == "Display P3")
    }

    @Test("a bad file gets one line naming it and the reason, exit 1, and the other files are still inspected")
    func badFileAmongGood() throws {
        let result = try CommandRunner.run(["inspect", "TestImages/fixtures/broken-truncated-idat.png", "TestImages/fixtures/rgb8-n.png",
                                            "TestImages/fixtures/does-not-exist.png"])
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines == ["TestImages/fixtures/broken-truncated-idat.png: truncated: file ends inside IDAT",
                          "TestImages/fixtures/does-not-exist.png: no such file"])
        #expect(result.standardOutput.contains("TestImages/fixtures/rgb8-n.png: 13x11 RGB 8-bit"))
    }

    @Test("a hostile header is refused with the limit in the message; --max-pixels lowers it")
    func limits() throws {
        let huge = try CommandRunner.run(["inspect", "TestImages/fixtures/hostile-zlib-bomb.png"])
        #expect(huge.status == 1)
        #expect(huge.standardError.contains("16384x16384 8-bit decodes to 1024 MiB, more than the memory limit of 256 MiB (raise --max-memory MIB"))
        let small = try CommandRunner.run(["inspect", "--max-pixels", "100", "TestImages/fixtures/rgb8-n.png"])
        #expect(small.status == 1 && small.standardError.contains("13x11 is 143 pixels, more than the limit of 100"))
    }

    @Test("usage errors exit 2", arguments: [["inspect"], ["inspect", "--max-pixels", "0", "x.png"], ["frobnicate"]])
    func usageErrors(arguments: [String]) throws {
        #expect(try CommandRunner.run(arguments).status == 2)
    }

    @Test("--help reads well and exits 0")
    func help() throws {
        let result = try CommandRunner.run(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("inspect") && result.standardOutput.contains("convert"))
        #expect(result.standardOutput.contains("Exit status: 0 success, 1 when a file failed"))
    }
}

@Suite("iconforge inspect: Icon Composer")
struct InspectIconComposerTests {
    @Test("an .icon lists groups front to back, layers with their specialisations, assets with sizes, appearances and platforms")
    func iconBundle() throws {
        let result = try CommandRunner.run(["inspect", "TestImages/icon/Layered.icon"])
        #expect(result.status == 0, "\(result.standardError)")
        let text = result.standardOutput
        #expect(text.contains("Layered.icon: Icon Composer icon, 2 groups, 2 layers, 3 assets"))
        #expect(text.contains("appearances: light, dark, tinted"))
        #expect(text.contains("platforms: circles: watchOS; squares: shared"))
        #expect(text.contains("group 1 \"Front\" (front)"))
        #expect(text.contains("layer \"disc\": disc.png; dark: disc-dark.png, glass yes, position scale 0.5 at 0,0 pt"))
        #expect(text.contains("bar.svg: SVG 400x120 pt"))
        #expect(text.contains("disc.png: PNG 1024x1024 px"))
        let json = try CommandRunner.run(["inspect", "--json", "TestImages/icon/Layered.icon"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect((array[0]["groups"] as? [Any])?.count == 2)
    }

    @Test("a broken .icon is one line and exit 1")
    func broken() throws {
        let result = try CommandRunner.run(["inspect", "TestImages/icon/InvalidJSON.icon"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("TestImages/icon/InvalidJSON.icon: icon.json is not valid JSON"))
    }

    @Test("an .ico IconForge writes is inspected: each image's size, storage and opacity")
    func icoFile() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CommandRunner.run(["generate", "TestImages/glyph-master.png", "--preset", "web", "-o", folder.path, "-q"]).status == 0)
        let result = try CommandRunner.run(["inspect", folder.appendingPathComponent("favicon.ico").path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("favicon.ico: ico, 3 images"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("  48x48: ") && result.standardOutput.contains("  16x16: "))
        #expect(result.standardOutput.contains("translucent"))
        let json = try CommandRunner.run(["inspect", "--json", folder.appendingPathComponent("favicon.ico").path])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect((array.first?["entries"] as? [Any])?.count == 3)
    }
}
