import Foundation
import TestSupport
import Testing

@Suite("iconforge validate and fix")
struct ValidateCommandTests {
    @Test("exit 0 for a clean catalog, 1 for errors, 2 for a missing path")
    func exitCodes() throws {
        let good = try CommandRunner.run(["validate", "TestImages/validation/Good.xcassets"])
        #expect(good.status == 0 && good.standardOutput.hasSuffix("19 files checked: 0 errors, 0 warnings, 19 clean\n"))
        let broken = try CommandRunner.run(["validate", "TestImages/validation/Broken.xcassets"])
        #expect(broken.status == 1 && broken.standardOutput.contains("error [size] Icon-60@3x.png is 120x120 but should be 180x180 (iphone 60pt @3x)"))
        let missing = try CommandRunner.run(["validate", "TestImages/validation/Nope.xcassets"])
        #expect(missing.status == 2 && missing.standardError == "TestImages/validation/Nope.xcassets: no such file or folder\n")
        #expect(try CommandRunner.run(["validate", "x.png", "--format", "yaml"]).status == 2)
    }

    @Test("-q prints the findings alone (nothing for a clean catalog), -v every file with its role; the exit status is the same")
    func verbosity() throws {
        let quietGood = try CommandRunner.run(["validate", "-q", "TestImages/validation/Good.xcassets"])
        #expect(quietGood.status == 0 && quietGood.standardOutput.isEmpty)
        let quietBroken = try CommandRunner.run(["validate", "--quiet", "TestImages/validation/Broken.xcassets"])
        #expect(quietBroken.status == 1 && quietBroken.standardOutput.contains("error [size]") && !quietBroken.standardOutput.contains("files checked"))
        let verbose = try CommandRunner.run(["validate", "-v", "TestImages/validation/Good.xcassets"])
        let okLines = verbose.standardOutput.split(separator: "\n").filter { $0.hasSuffix(" ok (app)") || $0.contains(" ok (") }
        #expect(verbose.status == 0 && okLines.count == 19 && verbose.standardOutput.hasSuffix("19 files checked: 0 errors, 0 warnings, 19 clean\n"))
        #expect(try CommandRunner.run(["validate", "-q", "-v", "TestImages/validation/Good.xcassets"]).status == 2)
    }

    @Test("a shell glob of hundreds of files after an option with a value: every file checked, with the option's value, as when listed few at a time")
    func longPathList() throws {
        let folder = try Fixtures.temporaryFolder()
        let master = try Fixtures.bytes("glyph-master.png"), opaque = try Fixtures.bytes("app-icon-master.png")
        var files: [String] = []
        for index in 0..<150 {
            let path = folder.appendingPathComponent("icon-\(index).png").path
            try Data(index == 149 ? master : opaque).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        let long = try CommandRunner.run(["validate", "--role", "app", "--format", "json"] + files)
        #expect(long.status == 1, "the last file, translucent, is an error as an app icon: \(long.standardError)")
        let decoded = try JSONSerialization.jsonObject(with: Data(long.standardOutput.utf8)) as? [String: Any]
        #expect((decoded?["files"] as? [Any])?.count == 150)
        let few = try CommandRunner.run(["validate", "--role", "app", "--format", "json"] + files.suffix(2))
        #expect(long.standardOutput.contains(try #require(few.standardOutput.split(separator: "\n").first { $0.contains("icon-149.png") })))
        // Options after the files are still options, and a flag before them takes no value.
        #expect(try CommandRunner.run(["validate"] + files.suffix(140)).status == 0, "without a role, transparency is no error")
        #expect(try CommandRunner.run(["validate"] + files.suffix(140) + ["--role", "app"]).status == 1)
        let quiet = try CommandRunner.run(["validate", "-q", "--role", "app"] + files.prefix(140))
        #expect(quiet.status == 0 && quiet.standardOutput.isEmpty)
    }

    @Test("warnings pass unless --strict")
    func strict() throws {
        let path = "TestImages/validation/defects/gamma.png"
        // An app icon's colour-profile warning (a loose file has no platform whose colours it would shift).
        #expect(try CommandRunner.run(["validate", "--role", "app", path]).status == 0)
        #expect(try CommandRunner.run(["validate", "--strict", "--role", "app", path]).status == 1)
    }

    @Test("--format junit --output writes the report to a file")
    func outputFile() throws {
        let file = try Fixtures.temporaryFolder().appendingPathComponent("report.xml")
        let result = try CommandRunner.run(["validate", "TestImages/validation/Broken.xcassets", "--format", "junit", "--output", file.path])
        #expect(result.status == 1 && result.standardOutput.isEmpty)
        let xml = try String(contentsOf: file, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml") && xml.contains("<failure type=\"missing-size\""))
    }

    @Test("--role and --preset give loose files their rules")
    func roles() throws {
        let app = try CommandRunner.run(["validate", "--role", "app", "--format", "github", "TestImages/validation/defects/rgba-opaque.png"])
        #expect(app.status == 0 && app.standardOutput.hasPrefix("::warning file=TestImages/validation/defects/rgba-opaque.png,title=iconforge bit-depth::has an alpha channel (RGBA)"))
        #expect(try CommandRunner.run(["validate", "--role", "app", "--fail-on", "warning", "TestImages/validation/defects/rgba-opaque.png"]).status == 1)
        #expect(try CommandRunner.run(["validate", "--role", "app", "--strict", "TestImages/validation/defects/rgba-opaque.png"]).status == 1)
        let translucent = try CommandRunner.run(["validate", "--role", "app", "TestImages/validation/defects/translucent.png"])
        #expect(translucent.status == 1 && translucent.standardOutput.contains("error [transparency]"))
        #expect(try CommandRunner.run(["validate", "TestImages/validation/defects/rgba-opaque.png"]).status == 0)
        // Validation's roles only: an output's purpose (marketing) is a preset's word, not a rule set.
        #expect(try CommandRunner.run(["validate", "--role", "variant", "TestImages/validation/defects/rgba-opaque.png"]).status == 0)
        #expect(try CommandRunner.run(["validate", "--role", "marketing", "TestImages/validation/defects/rgba-opaque.png"]).status == 2)
    }

    @Test("fix, then validate is clean of what fix repairs")
    func fixThenValidate() throws {
        let folder = try Fixtures.temporaryFolder()
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("validation/defects/translucent.png"),
                                         to: folder.appendingPathComponent("Icon.png"))
        let path = folder.appendingPathComponent("Icon.png").path
        #expect(try CommandRunner.run(["validate", "--role", "app", path]).status == 1)
        let fixed = try CommandRunner.run(["fix", "--role", "app", "--background", "#000000", path])
        #expect(fixed.status == 0 && fixed.standardOutput.contains("composited 299 translucent pixels over #000000"))
        #expect(try CommandRunner.run(["validate", "--role", "app", path]).status == 0)
        let again = try CommandRunner.run(["fix", "--role", "app", path])
        #expect(again.status == 0 && again.standardOutput == "nothing to fix\n")
        let quiet = try CommandRunner.run(["fix", "-q", "--role", "app", path])
        #expect(quiet.status == 0 && quiet.standardOutput.isEmpty)
    }

    @Test("validate . from inside a generated web folder, Android project and catalog: clean, never a crash (a web folder trapped walking up from \".\")", arguments: ["web", "android", "ios-single"])
    func validateDot(preset: String) throws {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent(preset == "ios-single" ? "Assets.xcassets" : "site")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let made = try CommandRunner.run(["generate", "TestImages/app-icon-master.png", "--preset", preset, "-o", folder.path, "-q"])
        #expect(made.status == 0, "\(made.standardError)")
        let result = try CommandRunner.run(["validate", "."], in: folder)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("0 errors"), "\(result.standardOutput)")
    }
}
