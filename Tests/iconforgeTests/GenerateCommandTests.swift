import Foundation
import IconForgeKit
import PNGCodec
import TestSupport
import Testing

@Suite("iconforge generate")
struct GenerateCommandTests {
    @Test("the README's main command works and prints per-file lines and a summary when not on a terminal")
    func readmeCommand() throws {
        let folder = try Fixtures.temporaryFolder()
        let result = try CommandRunner.run(["generate", "TestImages/app-icon-master.png", "--preset", "ios", "--out",
                                            folder.appendingPathComponent("AppIcons").path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("AppIcons/AppIcon.appiconset/Icon-60@3x.png 180x180"))
        #expect(result.standardOutput.contains("sources   outputs   bytes"))
        #expect(result.standardOutput.contains("1/1       15"))
        let icon = try PNG.info(Fixtures.bytes(at: folder.appendingPathComponent("AppIcons/AppIcon.appiconset/Icon-83.5@2x.png")))
        #expect(icon.width == 167 && icon.colorType == .rgb)
    }

    @Test("the common line read by the option table and the same line through ArgumentParser (--name=value) write the same bytes; what the table does not take still gets ArgumentParser's words")
    func quickReadAgrees() throws {
        let (quick, full) = (try Fixtures.temporaryFolder(), try Fixtures.temporaryFolder())
        let master = "TestImages/app-icon-master.png"
        let options = ["--background", "#112233", "--fit", "fill", "--compression", "small", "--badge", "BETA", "--monochrome", "none"]
        let first = try CommandRunner.run(["generate", master, "--preset", "ios,android,web", "-o", quick.path, "-q"] + options)
        let paired = stride(from: 0, to: options.count, by: 2).map { options[$0] + "=" + options[$0 + 1] }
        let second = try CommandRunner.run(["generate", master, "--preset=ios,android,web", "--out=" + full.path, "--quiet"] + paired)
        #expect(first.status == 0 && second.status == 0, "\(first.standardError) \(second.standardError)")
        #expect(first.standardOutput.isEmpty && second.standardOutput.isEmpty)
        let (a, b) = (try Fixtures.snapshot(quick), try Fixtures.snapshot(full))
        #expect(a.keys.filter { !$0.hasPrefix(".") }.sorted() == b.keys.filter { !$0.hasPrefix(".") }.sorted() && a.count > 20)
        #expect(a.keys.filter { !$0.hasPrefix(".") }.allSatisfy { a[$0] == b[$0] }, "the two readings wrote different bytes")
        let unknown = try CommandRunner.run(["generate", master, "--preset", "ios", "--out", quick.path, "--bogus"])
        #expect(unknown.status == 2 && unknown.standardError.contains("Unknown option '--bogus'"))
        let bad = try CommandRunner.run(["generate", master, "--preset", "ios", "--out", quick.path, "--background", "red"])
        #expect(bad.status == 2 && bad.standardError.contains("The value 'red' is invalid for '--background <#RRGGBB>'"))
    }

    @Test("SVG and JPEG masters: a folder of them is generated, other files are listed as skipped; a malformed SVG fails alone, writing nothing")
    func vectorAndJPEG() throws {
        let sources = try Fixtures.temporaryFolder()
        for name in ["icon.svg", "malformed.svg", "baseline.jpg"] {
            try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("sources/\(name)"), to: sources.appendingPathComponent(name))
        }
        try Data("notes".utf8).write(to: sources.appendingPathComponent("notes.txt"))
        // A master that is a link out of the folder given is not read.
        try FileManager.default.createSymbolicLink(at: sources.appendingPathComponent("outside.png"), withDestinationURL: Fixtures.testImages.appendingPathComponent("app-icon-master.png"))
        let out = try Fixtures.temporaryFolder()
        let result = try CommandRunner.run(["generate", sources.path, "--preset", "ios", "--fit", "fill", "--allow-upscale", "--out", out.path])
        #expect(result.status == 1)
        let errors = result.standardError.split(separator: "\n").filter { !$0.hasPrefix("warning:") }
        #expect(errors.count == 3 && errors.contains { $0 == "skipped \(sources.path)/notes.txt: not a PNG, JPEG or SVG master" })
        #expect(errors.contains { $0.hasPrefix("skipped \(sources.path)/outside.png: a link that leaves") })
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("outside").path))
        #expect(errors.contains { $0.hasPrefix("\(sources.path)/malformed.svg: not a readable SVG") })
        #expect(try PNG.info(Fixtures.bytes(at: out.appendingPathComponent("icon/AppIcon.appiconset/Icon-1024.png"))).width == 1024)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("baseline/AppIcon.appiconset/Icon-60@3x.png").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("malformed").path))
        let facts = try CommandRunner.run(["inspect", "TestImages/sources/rotated-6.jpg", "TestImages/sources/icon.svg"])
        #expect(facts.status == 0 && facts.standardOutput.contains("JPEG 64x48") && facts.standardOutput.contains("orientation: 6 (right)")
                && facts.standardOutput.contains("SVG 64x64"))
    }

    @Test("a folder of sources makes one output folder per source; a bad one fails alone with exit 1")
    func batch() throws {
        let sources = try Fixtures.temporaryFolder()
        for name in ["alpha", "beta"] {
            try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("glyph-master.png"),
                                             to: sources.appendingPathComponent("\(name).png"))
        }
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("fixtures/broken-ihdr-crc.png"),
                                         to: sources.appendingPathComponent("gamma.png"))
        let out = try Fixtures.temporaryFolder()
        let result = try CommandRunner.run(["generate", sources.path, "--preset", "itunes-artwork", "--out", out.path + "/{name}-icons"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("gamma.png: corrupt PNG: IHDR: CRC error"))
        for name in ["alpha", "beta"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("\(name)-icons/iTunesArtwork@2x").path))
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("gamma-icons").path))
    }

    @Test("--dry-run lists the files and writes nothing")
    func dryRun() throws {
        let out = try Fixtures.temporaryFolder().appendingPathComponent("x")
        let result = try CommandRunner.run(["generate", "TestImages/app-icon-master.png", "--preset", "web-clip", "--out", out.path, "--dry-run"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("180x180    \(out.path)/apple-touch-icon-180.png"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("usage errors exit 2", arguments: [
        ["generate", "TestImages/app-icon-master.png", "--out", "/tmp/x"],
        ["generate", "TestImages/app-icon-master.png", "--preset", "ios", "--out", "/tmp/x", "--fit", "stretch"],
        ["generate", "TestImages/app-icon-master.png", "--preset", "ios", "--out", "/tmp/x", "--compression", "max"],
    ])
    func usage(arguments: [String]) throws {
        #expect(try CommandRunner.run(arguments).status == 2)
    }

    @Test("an unknown preset or a bad preset file is named, exit 2 (a usage error, as in watch)")
    func badPreset() throws {
        let unknown = try CommandRunner.run(["generate", "TestImages/app-icon-master.png", "--preset", "tizen", "--out", "/tmp/x"])
        #expect(unknown.status == 2 && unknown.standardError.contains("unknown preset 'tizen'; built-in presets: ios, ios-legacy"))
        let file = try Fixtures.temporaryFolder().appendingPathComponent("mine.json")
        try Data(#"{"name":"mine","outputs":[{"role":"app","idiom":"iphone","points":"60x60","scale":5,"filename":"a.png"}]}"#.utf8).write(to: file)
        let bad = try CommandRunner.run(["generate", "TestImages/app-icon-master.png", "--preset", file.path, "--out", "/tmp/x"])
        #expect(bad.status == 2 && bad.standardError.contains("mine.json: outputs[0].scale: must be 1, 2 or 3 (got 5)"))
    }
}

@Suite("iconforge generate: Icon Composer")
struct GenerateIconComposerCommandTests {
    @Test("an .icon master fills ios-single's dark and tinted slots from its own appearances and says what it leaves out")
    func iconMaster() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["generate", "TestImages/icon/Layered.icon", "--preset", "ios-single", "--out", folder.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.components(separatedBy: "Liquid Glass effects").count == 2, "said once: \(result.standardError)")
        for name in ["AppIcon.png", "AppIcon-Dark.png", "AppIcon-Tinted.png"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("AppIcon.appiconset/" + name).path), "\(name)")
        }
    }

    @Test("--appearance dark draws the master's dark appearance; a folder of masters picks up .icon bundles")
    func appearance() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["generate", "TestImages/icon/Layered.icon", "--preset", "web-clip", "--appearance", "dark",
                                            "--out", folder.path])
        #expect(result.status == 0, "\(result.standardError)")
        let icon = try PNG.decode(Fixtures.bytes(at: folder.appendingPathComponent("apple-touch-icon.png"))).image.converted(to: .rgba8)
        let centre = icon.pixel(x: icon.width / 2, y: icon.height / 2)
        #expect(abs(Int(centre[1]) - 200) < 5, "the dark disc is green: \(centre)")
    }

    @Test("--preset icon-composer writes AppIcon.icon named by --app-icon-name; a broken .icon master is one line, exit 1")
    func author() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["generate", "TestImages/glyph-master.png", "--preset", "icon-composer", "--background", "#102030",
                                            "--app-icon-name", "Brand", "--out", folder.path])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try String(contentsOf: folder.appendingPathComponent("Brand.icon/icon.json"), encoding: .utf8)
        #expect(json.contains("\"solid\" : \"srgb:0.06275,0.12549,0.18824,1.00000\""))
        let broken = try CommandRunner.run(["generate", "TestImages/icon/MissingAsset.icon", "--preset", "ios-single", "--out", folder.path])
        #expect(broken.status == 1)
        #expect(broken.standardError.contains("TestImages/icon/MissingAsset.icon: Assets/gone.svg does not exist"), "\(broken.standardError)")
    }
}

@Suite("iconforge generate: alternates and macOS")
struct GeneratePlatformCommandTests {
    @Test("--alternate writes NAME.appiconset beside AppIcon and prints the build setting; it needs one master")
    func alternates() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["generate", "TestImages/app-icon-master.png", "--preset", "ios-single,web-clip",
                                            "--alternate", "Star=TestImages/glyph-master.png", "--out", folder.appendingPathComponent("A.xcassets").path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("A.xcassets/Star.appiconset/AppIcon.png").path))
        #expect(result.standardOutput.contains("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Star"))
        let two = try CommandRunner.run(["generate", "TestImages/app-icon-master.png", "TestImages/glyph-master.png", "--preset", "ios-single",
                                         "--alternate", "Star=TestImages/glyph-master.png", "--out", folder.path])
        #expect(two.status == 2 && two.standardError.contains("one master"))
        let bad = try CommandRunner.run(["generate", "TestImages/app-icon-master.png", "--preset", "ios-single", "--alternate", "Star",
                                         "--out", folder.path])
        #expect(bad.status == 2 && bad.standardError.contains("NAME=FILE"))
    }

    @Test("inspect lists an .icns; validate refuses a PNG renamed .icns")
    func icns() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CommandRunner.run(["generate", "TestImages/app-icon-master.png", "--preset", "macos", "--out", folder.path]).status == 0)
        let inspect = try CommandRunner.run(["inspect", folder.appendingPathComponent("AppIcon.icns").path])
        #expect(inspect.standardOutput.contains("ic04: ARGB 16x16") && inspect.standardOutput.contains("ic10: PNG 1024x1024"))
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("app-icon-master.png"), to: folder.appendingPathComponent("Fake.icns"))
        let validate = try CommandRunner.run(["validate", folder.appendingPathComponent("Fake.icns").path])
        #expect(validate.status == 1 && validate.standardOutput.contains("PNG data named .icns"))
    }
}


@Suite("iconforge: what a newcomer tripped on")
struct NewcomerTests {
    @Test("-o is --out; --dark with presets that have no dark slot is a warning; the summary's time is the run's")
    func generate() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["generate", "TestImages/app-icon-master.png", "--preset", "web-clip", "--dark", "TestImages/glyph-master.png",
                                            "-o", folder.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("warning: --dark is ignored: none of the presets (web-clip) has a dark slot"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("apple-touch-icon.png").path))
    }

    @Test("resize --size N is NxN, keeps the aspect by default (fit, never stretch unless asked), creates the output's folder")
    func resize() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("new/deeper/out.png").path
        let result = try CommandRunner.run(["resize", "TestImages/launch-master.png", "--size", "64", "-o", output])
        #expect(result.status == 0, "\(result.standardError)")
        let image = try PNG.decode(Fixtures.bytes(at: URL(fileURLWithPath: output))).image
        #expect(image.width == 64 && image.height == 64)
        let wide = folder.appendingPathComponent("wide.png").path
        #expect(try CommandRunner.run(["resize", "TestImages/app-icon-master.png", "--size", "100x50", "--out", wide]).status == 0)
        let padded = try PNG.decode(Fixtures.bytes(at: URL(fileURLWithPath: wide))).image.converted(to: .rgba8)
        #expect(padded.pixel(x: 2, y: 25) == SIMD4(0, 0, 0, 0), "a square in a wide frame is padded (transparent), not stretched")
        #expect(try CommandRunner.run(["resize", "TestImages/app-icon-master.png", "--size", "100x50", "--flatten", "--out", wide]).status == 0)
        let flat = try PNG.decode(Fixtures.bytes(at: URL(fileURLWithPath: wide))).image.converted(to: .rgba8)
        #expect(flat.pixel(x: 2, y: 25) == SIMD4(255, 255, 255, 255), "--flatten pads with white")
    }

    @Test("-q prints nothing but problems; -v lists every file")
    func verbosity() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let quiet = try CommandRunner.run(["generate", "TestImages/glyph-master.png", "--preset", "ios-single", "-q", "-o", folder.path])
        #expect(quiet.status == 0 && quiet.standardOutput.isEmpty)
        #expect(quiet.standardError.contains("warning:"), "warnings still show")
        let verbose = try CommandRunner.run(["generate", "TestImages/app-icon-master.png", "--preset", "ios-single", "-v", "-o", folder.path])
        #expect(verbose.standardOutput.contains("AppIcon.appiconset/AppIcon.png 1024x1024") && verbose.standardOutput.contains("sources   outputs"))
    }

    @Test("fix exits 1 and lists what it cannot repair")
    func fixRemaining() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("validation/Broken.xcassets"), to: folder.appendingPathComponent("Broken.xcassets"))
        let result = try CommandRunner.run(["fix", "--no-backup", folder.appendingPathComponent("Broken.xcassets").path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("need a re-export: ") && result.standardError.contains("is 120x120 but should be 180x180"))
    }

    @Test("generate -o . in a folder outside any project keeps the replaced file's backup and the ledger inside that folder, never in its parent")
    func backupsInsideTheWorkingFolder() throws {
        let parent = try Fixtures.temporaryFolder()
        let work = parent.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let theirs = try Fixtures.bytes(at: Fixtures.testImages.appendingPathComponent("app-icon-master.png"))
        try Data(theirs).write(to: work.appendingPathComponent("apple-touch-icon.png"))
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let result = try CommandRunner.run(["generate", master, "--preset", "web", "--out", "."], in: work)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["work"], "nothing of IconForge's beside the folder named")
        let backups = FileManager.default.enumerator(atPath: work.appendingPathComponent(".iconforge-backup").path)?.allObjects as? [String] ?? []
        let kept = try #require(backups.first { $0.hasSuffix("apple-touch-icon.png") })
        #expect(try Fixtures.bytes(at: work.appendingPathComponent(".iconforge-backup/" + kept)) == theirs)
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent(".iconforge/written.json").path))
    }
}
