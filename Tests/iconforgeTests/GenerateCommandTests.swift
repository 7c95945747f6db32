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

@Suite("iconforge presets")
struct PresetsCommandTests {
    @Test("lists every built-in preset on one line each")
    func list() throws {
        let result = try CommandRunner.run(["presets"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == PresetCatalog.builtIn.count && lines.count == 24 && lines[0].hasPrefix("ios ") && lines.contains { $0.hasPrefix("launch-images") }
                && lines.contains { $0.hasPrefix("browser-extension") } && lines.contains { $0.hasPrefix("android-notification") })
    }

    @Test("show prints every output with its pixel size, file and role")
    func show() throws {
        let result = try CommandRunner.run(["presets", "show", "ios"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("167x167    AppIcon.appiconset/Icon-83.5@2x.png"))
        #expect(result.standardOutput.split(separator: "\n").count == 19)
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
}

@Suite("iconforge init and iconforge.yml")
struct ProjectFileCommandTests {
    @Test("init finds the catalog, the Android project, the web folder and the master; generate with no arguments runs the jobs; init never overwrites")
    func initAndRun() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["design", "App/Assets.xcassets", "app/src/main/res/values", "public"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("app-icon-master.png"), to: folder.appendingPathComponent("design/app-icon.png"))
        let made = try CommandRunner.run(["init"], in: folder)
        #expect(made.status == 0, "\(made.standardError)")
        #expect(made.standardOutput.contains("asset catalog App/Assets.xcassets") && made.standardOutput.contains("master design/app-icon.png"))
        let yml = try String(contentsOf: folder.appendingPathComponent("iconforge.yml"), encoding: .utf8)
        #expect(yml.contains("presets: [ios-single]") && yml.contains("presets: [android]") && yml.contains("out: public"))
        let again = try CommandRunner.run(["init"], in: folder)
        #expect(again.status == 1 && again.standardError.contains("pass --force"))
        // --force keeps the file it replaces (edited by the user since) in the backup.
        let edited = yml + "# my own notes\n"
        try Data(edited.utf8).write(to: folder.appendingPathComponent("iconforge.yml"))
        let forced = try CommandRunner.run(["init", "--force"], in: folder)
        #expect(forced.status == 0 && forced.standardOutput.contains("kept your iconforge.yml in"), "\(forced.standardOutput)")
        let kept = (FileManager.default.enumerator(atPath: folder.appendingPathComponent(".iconforge-backup").path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix("iconforge.yml") }
        #expect(kept.count == 1)
        #expect(try String(contentsOf: folder.appendingPathComponent(".iconforge-backup/" + kept[0]), encoding: .utf8) == edited)
        let run = try CommandRunner.run(["generate"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        for path in ["App/Assets.xcassets/AppIcon.appiconset/AppIcon.png", "app/src/main/res/mipmap-hdpi/ic_launcher.png", "public/favicon.ico"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path), "\(path)")
        }
    }

    /// A Flutter app's tree (flutter/gallery's layout): iOS and macOS catalogs with their icon sets, an Android module, a web/ folder.
    private func flutterApp() throws -> URL {
        let folder = try Fixtures.temporaryFolder()
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        for (preset, catalog) in [("ios", "ios/Runner/Assets.xcassets"), ("macos", "macos/Runner/Assets.xcassets")] {
            #expect(try CommandRunner.run(["generate", master, "--preset", preset, "-o", folder.appendingPathComponent(catalog).path, "-q"]).status == 0)
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("android/app/src/main/res/values"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("web-flutter"), to: folder.appendingPathComponent("web"))
        return folder
    }

    @Test("--out . in React Native's and Capacitor's layouts writes iOS into the app's catalog (a single-size set stays single-size) and Android into app/src/main/res", arguments: [
        ("ios/MyApp/Images.xcassets", "ios"), ("ios/App/App/Assets.xcassets", "ios-single"),
    ])
    func crossPlatformLayouts(catalog: String, preset: String) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = folder.appendingPathComponent(catalog + "/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        // Capacitor's (Xcode 16) set: one universal 1024 entry; React Native's template: the iPhone sizes, no files yet.
        let single = #"{"images":[{"filename":"AppIcon-512@2x.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
        let phone = #"{"images":[{"idiom":"iphone","scale":"2x","size":"60x60"},{"idiom":"iphone","scale":"3x","size":"60x60"},{"idiom":"ios-marketing","scale":"1x","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
        try Data((preset == "ios-single" ? single : phone).utf8).write(to: set.appendingPathComponent("Contents.json"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("android/app/src/main/res/values"), withIntermediateDirectories: true)
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let run = try CommandRunner.run(["generate", master, "--preset", "\(preset),android", "--out", "."], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("android/app/src/main/res/mipmap-xxxhdpi/ic_launcher.png").path))
        let pngs = try FileManager.default.contentsOfDirectory(atPath: set.path).filter { $0.hasSuffix(".png") }
        if preset == "ios-single" {
            #expect(pngs.count <= 3, "single-size (light, dark, tinted at most) stays single-size: \(pngs)")
            #expect(!pngs.contains { $0.contains("60") }, "no per-size iPhone files in a single-size set: \(pngs)")
        } else {
            #expect(pngs.count >= 3, "\(pngs)")
        }
        let validate = try CommandRunner.run(["validate", "."], in: folder)
        #expect(validate.status == 0, "\(validate.standardOutput)")
    }

    @Test("--out . in an Android app updates fastlane's Play listing icons to the new Play icon, keeping the old ones in the backup; validate is clean")
    func fastlanePlayIcon() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("app/src/main/res/values"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true) // backups at the root
        let listing = folder.appendingPathComponent("fastlane/metadata/android/en-US/images")
        try FileManager.default.createDirectory(at: listing, withIntermediateDirectories: true)
        let old = try Fixtures.bytes("validation/defects/rgba-opaque.png") // the previous icon, at a size Play refuses
        try Data(old).write(to: listing.appendingPathComponent("icon.png"))
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let run = try CommandRunner.run(["generate", master, "--preset", "android", "--out", "."], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let play = try Fixtures.bytes(at: folder.appendingPathComponent("app/src/main/ic_launcher-playstore.png"))
        #expect(try Fixtures.bytes(at: listing.appendingPathComponent("icon.png")) == play)
        #expect(run.standardOutput.contains("updated fastlane's Play listing icon"), "\(run.standardOutput)")
        let backups = FileManager.default.enumerator(atPath: folder.appendingPathComponent(".iconforge-backup").path)?.allObjects as? [String] ?? []
        let kept = try #require(backups.first { $0.hasSuffix("fastlane/metadata/android/en-US/images/icon.png") })
        #expect(try Fixtures.bytes(at: folder.appendingPathComponent(".iconforge-backup/" + kept)) == old)
        let validate = try CommandRunner.run(["validate", "."], in: folder)
        #expect(validate.status == 0 && !validate.standardOutput.contains("play-icon"), "\(validate.standardOutput)")
        // A rerun changes nothing and keeps no second backup.
        let rerun = try CommandRunner.run(["generate", master, "--preset", "android", "--out", "."], in: folder)
        #expect(rerun.status == 0 && !rerun.standardOutput.contains("fastlane"), "\(rerun.standardOutput)")
    }

    @Test("--out . in a Flutter app writes each preset into its platform's folder; a plain folder gets android/ and web/; a missing platform is named")
    func outProjectRoot() throws {
        let folder = try flutterApp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        let run = try CommandRunner.run(["generate", master, "--preset", "ios,macos,android,web", "--out", "."], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("ios → ios/Runner/Assets.xcassets") && run.standardOutput.contains("android → android"), "\(run.standardOutput)")
        for path in ["ios/Runner/Assets.xcassets/AppIcon.appiconset/Icon-60@3x.png", "macos/Runner/Assets.xcassets/AppIcon.appiconset/icon_512x512@2x.png",
                     "android/app/src/main/res/mipmap-xxxhdpi/ic_launcher.png", "web/favicon.ico"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path), "\(path)")
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)).subtracting(before).isSubset(of: [".iconforge", ".iconforge-backup"]),
                "nothing is written into the root")
        // The macOS set stays the Mac's: no iOS slots were added to it.
        let mac = try String(contentsOf: folder.appendingPathComponent("macos/Runner/Assets.xcassets/AppIcon.appiconset/Contents.json"), encoding: .utf8)
        #expect(!mac.contains("iphone"))

        let plain = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: plain) }
        let heap = try CommandRunner.run(["generate", master, "--preset", "ios-single,android,web", "--out", plain.path, "-q"])
        #expect(heap.status == 0, "\(heap.standardError)")
        for path in ["AppIcon.appiconset/AppIcon.png", "android/mipmap-xxxhdpi/ic_launcher.png", "web/manifest.webmanifest"] {
            #expect(FileManager.default.fileExists(atPath: plain.appendingPathComponent(path).path), "\(path)")
        }

        let missing = try CommandRunner.run(["generate", master, "--preset", "ios,android", "--out", folder.appendingPathComponent("web").path])
        #expect(missing.status == 2 && missing.standardError.contains("has no folder for ios, android"), "\(missing.standardError)")
    }

    @Test("init in a Flutter app (flutter/gallery's layout): one job per catalog with the presets its icon set is laid out in, Android, web; the jobs run clean")
    func flutterProject() throws {
        let folder = try flutterApp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try CommandRunner.run(["init"], in: folder)
        #expect(made.status == 0 && made.standardOutput.contains("ios/Runner/Assets.xcassets (ios), asset catalog macos/Runner/Assets.xcassets (macos)"),
                "\(made.standardOutput)")
        let yml = try String(contentsOf: folder.appendingPathComponent("iconforge.yml"), encoding: .utf8)
        #expect(yml.contains("presets: [ios]\n    out: ios/Runner/Assets.xcassets") && yml.contains("presets: [macos]\n    out: macos/Runner/Assets.xcassets"))
        #expect(yml.contains("presets: [android]\n    out: android") && yml.contains("presets: [web]\n    out: web"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("design"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.testImages.appendingPathComponent("sources/icon.svg").path,
                                         toPath: folder.appendingPathComponent("design/icon.svg").path)
        let run = try CommandRunner.run(["generate", "-q"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let validate = try CommandRunner.run(["validate", "."], in: folder)
        // The template's one "any maskable" icon (Icon-both-256.png), which Chrome warns about, was drawn and said to be "any".
        #expect(validate.status == 0 && validate.standardOutput.contains(" 0 errors, 0 warnings"), "\(validate.standardOutput)")
        let manifest = try String(contentsOf: folder.appendingPathComponent("web/manifest.json"), encoding: .utf8)
        #expect(!manifest.contains("any maskable") && manifest.contains("\"src\": \"icons/Icon-both-256.png\""))
        #expect(!run.standardError.contains("moved"), "no layout switch: nothing moved to a backup")
    }

    @Test("each job's output is headed by its place; a job that fails is named and the jobs after it still run; the run exits with its status")
    func failedJobDoesNotStopOthers() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("glyph-master.png"), to: folder.appendingPathComponent("good.png"))
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("broken.png"))
        try Data("jobs:\n  - master: broken.png\n    presets: web\n    out: one\n  - master: good.png\n    presets: web\n    out: two\n".utf8)
            .write(to: folder.appendingPathComponent("iconforge.yml"))
        let run = try CommandRunner.run(["generate"], in: folder)
        #expect(run.status != 0)
        let headers = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("iconforge.yml:") }
        #expect(headers.count == 2 && headers[0].hasPrefix("iconforge.yml:2: ") && headers[0].contains("broken.png → ") && headers[0].hasSuffix("one (web)")
                && headers[1].hasPrefix("iconforge.yml:5: ") && headers[1].hasSuffix("two (web)"), "each job headed by its place: \(run.standardOutput)")
        #expect(run.standardError.contains("iconforge.yml:2: this job failed") && run.standardError.contains("1 of 2 jobs failed"), "\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("two/manifest.webmanifest").path))
    }

    @Test("every option iconforge.yml takes is a flag of generate, with the library table's help")
    func optionsAreFlags() throws {
        let help = try CommandRunner.run(["generate", "--help"])
        #expect(help.status == 0)
        // ArgumentParser wraps help text: compare the words.
        let words = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for option in GenerateOption.all {
            #expect(words.contains("--\(option.name)"), "\(option.name)")
            #expect(words.contains(option.help.split(whereSeparator: \.isWhitespace).prefix(6).joined(separator: " ")), "\(option.name)")
        }
    }

    @Test("a job's monochrome: none writes no monochrome layer, as --monochrome none does")
    func monochromeNone() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("app-icon-master.png"), to: folder.appendingPathComponent("icon.png"))
        try Data("jobs:\n  - master: icon.png\n    presets: android\n    out: res\n    monochrome: none\n".utf8)
            .write(to: folder.appendingPathComponent("iconforge.yml"))
        let run = try CommandRunner.run(["generate", "-q"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let files = (FileManager.default.enumerator(atPath: folder.appendingPathComponent("res").path)?.allObjects as? [String]) ?? []
        let adaptive = try files.filter { $0.hasSuffix(".xml") }.map { try String(contentsOf: folder.appendingPathComponent("res/" + $0), encoding: .utf8) }
        #expect(adaptive.contains { $0.contains("<adaptive-icon") } && !adaptive.contains { $0.contains("monochrome") })
        #expect(!files.isEmpty && !files.contains { $0.contains("monochrome") })
    }

    @Test("a malformed iconforge.yml is one line with its place, exit 2; no sources and no file says what to do")
    func errors() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let none = try CommandRunner.run(["generate"], in: folder)
        #expect(none.status == 2 && none.standardError.contains("iconforge init"))
        try Data("jobs:\n  - master: a.png\n    presets: ios\n    out: x\n    colour: red\n".utf8).write(to: folder.appendingPathComponent("other.yml"))
        let bad = try CommandRunner.run(["generate", "--config", "other.yml"], in: folder)
        #expect(bad.status == 2 && bad.standardError.hasPrefix("other.yml:5:5: unknown key 'colour'"), "\(bad.standardError)")
    }
}
