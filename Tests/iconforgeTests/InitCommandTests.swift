import Foundation
import IconForgeKit
import PNGCodec
import TestSupport
import Testing

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
