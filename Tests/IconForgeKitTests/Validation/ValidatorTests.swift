import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import IconForgeKit
import TestSupport
import Testing

private let validation = Fixtures.testImages.appendingPathComponent("validation")

private func rules(_ report: ValidationReport) -> Set<String> {
    Set(report.files.flatMap { file in file.findings.map { "\(($0.rule.rawValue)):\((file.path as NSString).lastPathComponent)" } })
}

@Suite("Validator: rules")
struct ValidatorRuleTests {
    static let defects: [(file: String, rules: Set<ValidationRule>)] = [
        ("interlaced.png", [.interlaced]),
        ("sixteen-bit.png", [.bitDepth]),
        ("palette.png", [.bitDepth]),
        ("greyscale.png", [.bitDepth]),
        ("rgba-opaque.png", [.bitDepth]),
        ("translucent.png", [.bitDepth, .transparency]),
        ("rounded-corners.png", [.roundedCorners]),
        ("transparent-corners.png", [.bitDepth, .transparency, .roundedCorners]),
        ("transparent-margin.png", [.bitDepth, .transparency, .notFilling]),
        // A logo on an opaque white background is a design (Ionic's starter, flutter_server_box's watch icon), not a margin.
        ("white-margin.png", []),
        ("generic-rgb.png", [.colorProfile]),
        ("gamma.png", [.colorProfile]),
        ("not-square.png", [.size]),
        ("truncated.png", [.decode]),
        ("cgbi.png", [.decode]),
    ]

    @Test("each defect fires exactly its rules for an app icon", arguments: defects)
    func defect(file: String, expected: Set<ValidationRule>) throws {
        let path = validation.appendingPathComponent("defects/\(file)").path
        let report = try Validator(role: .app).validate([path], parallelism: .serial)
        #expect(Set(report.files.flatMap { $0.findings.map(\.rule) }) == expected, "\(file): \(report.files.flatMap(\.findings).map(\.line))")
    }

    @Test("clean files are silent in their roles")
    func clean() throws {
        #expect(try Validator(role: .app).validate([validation.appendingPathComponent("clean/app-64.png").path]).files.allSatisfy { $0.findings.isEmpty })
        #expect(try Validator(role: .template).validate([validation.appendingPathComponent("clean/glyph-25.png").path]).files.allSatisfy { $0.findings.isEmpty })
    }

    @Test("loose files with no role get the format rules only")
    func formatRulesOnly() throws {
        let report = try Validator().validate([validation.appendingPathComponent("defects").path])
        let fired = Set(report.files.flatMap { $0.findings.map(\.rule) })
        // Not the colour profile: browsers and Android colour-manage (Ghostfolio's blog pictures in its web folder
        // were told their Display profile would not look as designed); it is a rule of Apple's, Windows' and Linux's icons.
        // Nor interlacing, Apple's rule: Android, browsers, Windows, Linux and Electron read interlaced PNGs.
        #expect(fired == [.decode])
        let interlaced = validation.appendingPathComponent("defects/interlaced.png").path
        for role in [Role.web, .android, .windows, .linux] {
            #expect(try Validator(role: role).validate([interlaced]).files.flatMap(\.findings).isEmpty, "\(role)")
        }
        let catalog = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets/Logo.imageset")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: interlaced, toPath: catalog.appendingPathComponent("logo.png").path)
        #expect(try Validator().validate([catalog.appendingPathComponent("logo.png").path]).files.flatMap(\.findings).map(\.rule) == [.interlaced])
        let web = try Validator(role: .web).validate([validation.appendingPathComponent("defects/generic-rgb.png").path])
        #expect(web.files.flatMap(\.findings).isEmpty)
        let windows = try Validator(role: .windows).validate([validation.appendingPathComponent("defects/generic-rgb.png").path])
        #expect(windows.files.flatMap(\.findings).map(\.rule).contains(.colorProfile))
    }

    @Test("a link to a file that is gone (a screenshot folder's 2.png -> ../gone.png) is said as such, not as a permission problem")
    func danglingLink() throws {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("2.png").path, withDestinationPath: "../gone.png")
        let findings = try Validator().validate([folder.deletingLastPathComponent().path]).files.flatMap(\.findings)
        #expect(findings.map(\.message) == ["2.png is a link to ../gone.png, which does not exist"], "\(findings.map(\.line))")
    }

    @Test("messages say what is wrong and what to do, in actool's words where it has some")
    func messages() throws {
        let cgbi = try Validator(role: .app).validate([validation.appendingPathComponent("defects/cgbi.png").path]).files[0].findings[0]
        #expect(cgbi.message == "Apple-optimised (CgBI) PNG from a built app — validate the asset catalog it was built from")
        let rgba = try Validator(role: .app).validate([validation.appendingPathComponent("defects/rgba-opaque.png").path]).files[0].findings[0]
        #expect(rgba.line == "has an alpha channel (RGBA) although every pixel is opaque; app icons are best stored as opaque 24-bit RGB — run 'iconforge fix', or export as 24-bit RGB without alpha [QA1686: icon images may include an alpha channel but no transparent regions]")
        #expect(rgba.severity == .warning)
        let translucent = try Validator(role: .app).validate([validation.appendingPathComponent("defects/translucent.png").path]).files[0].findings
        #expect(translucent.first { $0.rule == .transparency }?.severity == .error)
        #expect(translucent.first { $0.rule == .transparency }?.reference == "QA1686")
    }

    @Test("a preset gives loose files their role and expected size")
    func presetRoles() throws {
        let folder = try Fixtures.temporaryFolder()
        try FileManager.default.copyItem(at: validation.appendingPathComponent("clean/app-64.png"), to: folder.appendingPathComponent("Icon-60@3x.png"))
        let report = try Validator(presets: [try PresetCatalog.preset("ios")]).validate([folder.path])
        #expect(report.files[0].findings.map(\.message) == ["Icon-60@3x.png is 64x64 but should be 180x180 (iphone 60pt @3x)"])
    }

    @Test("a folder holding links to itself is walked once, each file counted once")
    func symlinkLoops() throws {
        let folder = try Fixtures.temporaryFolder()
        try FileManager.default.copyItem(at: validation.appendingPathComponent("clean/app-64.png"), to: folder.appendingPathComponent("a.png"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("loop1").path, withDestinationPath: folder.path)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("loop2").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b.png").path, withDestinationPath: "a.png")
        let report = try Validator().validate([folder.path, folder.appendingPathComponent("loop1").path])
        #expect(report.files.count == 1)
    }

    @Test("a missing path is an input error, not a finding")
    func missingPath() {
        #expect(throws: ValidationInputError.notFound("/nonexistent/x.png")) { try Validator().validate(["/nonexistent/x.png"]) }
    }
}

@Suite("Validator: catalogs")
struct ValidatorCatalogTests {
    @Test("a good catalog is clean")
    func good() throws {
        let report = try Validator().validate([validation.appendingPathComponent("Good.xcassets").path])
        #expect(report.errors == 0 && report.warnings == 0 && report.files.count == 19)
    }

    @Test("a broken catalog reports every planted problem, and nothing else")
    func broken() throws {
        let report = try Validator().validate([validation.appendingPathComponent("Broken.xcassets").path])
        #expect(rules(report) == ["duplicate-entry:Contents.json", "missing-file:Contents.json", "missing-size:Contents.json",
                                  "unreferenced-file:Contents.json", "bit-depth:Icon-40@2x.png", "size:Icon-60@3x.png",
                                  "size:Default@2x.png", "template-alpha:Solid.png"])
        #expect(report.errors == 6 && report.warnings == 2)
    }

    @Test("a note in a set (Flutter's LaunchImage.imageset/README.md) is no unassigned child, as for actool; a stray image is")
    func notesInSets() throws {
        let catalog = try Fixtures.temporaryFolder().appendingPathComponent("Good.xcassets")
        try FileManager.default.copyItem(at: validation.appendingPathComponent("Good.xcassets"), to: catalog)
        let set = catalog.appendingPathComponent("AppIcon.appiconset")
        try Data("# Launch Screen Assets\n".utf8).write(to: set.appendingPathComponent("README.md"))
        try FileManager.default.copyItem(at: set.appendingPathComponent("Icon-20@1x.png"), to: set.appendingPathComponent("Stray.png"))
        let report = try Validator().validate([catalog.path])
        #expect(report.files.flatMap(\.findings).map(\.message) == ["Stray.png is in AppIcon.appiconset but no Contents.json entry names it"])
    }

    @Test("files named one by one take role and size from their own set; the sets' own checks are not run")
    func filesOfSets() throws {
        let broken = validation.appendingPathComponent("Broken.xcassets")
        let paths = ["AppIcon.appiconset/Icon-60@3x.png", "AppIcon.appiconset/Icon-40@2x.png",
                     "LaunchImage.launchimage/Default@2x.png", "AppIcon.appiconset/Icon-60@3x.png"]
            .map { broken.appendingPathComponent($0).path }
        let report = try Validator().validate(paths, parallelism: .serial)
        // The report lists files by path; the file named twice is checked once.
        #expect(report.files.map { ($0.path as NSString).lastPathComponent } == ["Icon-40@2x.png", "Icon-60@3x.png", "Default@2x.png"])
        #expect(report.files.map { $0.findings.map(\.rule.rawValue) } == [["bit-depth"], ["size"], ["size"]])
        #expect(report.files.map(\.role) == [.app, .app, .launch])
    }

    @Test("iconforge's own output validates clean, two runs merged into one catalog")
    func generatedIsClean() throws {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets")
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("ios,ios-legacy")))
            .run(source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path, outputFolder: folder.path)
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("launch-images")))
            .run(source: Fixtures.testImages.appendingPathComponent("launch-master.png").path, outputFolder: folder.path)
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("bar-icons")))
            .run(source: Fixtures.testImages.appendingPathComponent("glyph-master.png").path, outputFolder: folder.path)
        let report = try Validator().validate([folder.path])
        #expect(report.files.count == 21 + 15 + 6) // the two iPad Pro launch files are loose: beside the catalog
        #expect(report.errors == 0 && report.warnings == 0, "\(report.rendered(as: .text))")
    }
}

@Suite("Validator: report formats")
struct ReportFormatTests {
    static let report = try! Validator().validate([validation.appendingPathComponent("Broken.xcassets").path])

    @Test("JSON follows its schema")
    func json() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(Self.report.rendered(as: .json).utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 2)
        #expect((object["summary"] as? [String: Int]) == ["files": 8, "errors": 6, "warnings": 2])
        #expect((object["notes"] as? [String]) == [])
        for file in try #require(object["files"] as? [[String: Any]]) {
            #expect(Set(file.keys) == ["path", "role", "findings"])
            for finding in try #require(file["findings"] as? [[String: String]]) {
                #expect(Set(finding.keys) == ["rule", "severity", "message", "fix", "reference"])
                #expect(!finding["reference"]!.isEmpty)
                #expect(ValidationRule(rawValue: finding["rule"]!) != nil && ["error", "warning"].contains(finding["severity"]!))
            }
        }
    }

    @Test("JUnit XML parses, with one test case per file and one failure per error")
    func junit() throws {
        let xml = Self.report.rendered(as: .junit)
        let delegate = JUnitCounter()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = delegate
        #expect(parser.parse())
        #expect(delegate.testCases == 8 && delegate.failures == 6)
        #expect(xml.contains("failures=\"4\"")) // four files have at least one error
    }

    @Test("GitHub annotations: one line per finding, properties escaped")
    func github() {
        let lines = Self.report.rendered(as: .github).split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("::error file=") }.count == 6)
        #expect(lines.filter { $0.hasPrefix("::warning file=") }.count == 2)
        #expect(lines.contains { $0.contains("title=iconforge size::Icon-60@3x.png is 120x120 but should be 180x180 (iphone 60pt @3x)") })
    }

    @Test("JUnit has no control characters, even from a file name that holds them")
    func junitControlCharacters() throws {
        let report = ValidationReport(files: [FileReport(path: "odd\u{1}name\u{7}.png", role: .app,
                                                         findings: [Finding(.decode, .error, "bad \u{0}byte", fix: "")])])
        let xml = report.rendered(as: .junit)
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(XMLParser(data: Data(xml.utf8)).parse())
    }

    @Test("text groups findings by file and ends with a summary")
    func text() {
        let text = Self.report.rendered(as: .text)
        #expect(text.hasSuffix("8 files checked: 6 errors, 2 warnings, 3 clean\n"))
        #expect(!text.contains("\u{1B}["))
        #expect(Self.report.rendered(as: .text, colour: true).contains("\u{1B}[31merror"))
    }
}

/// Counts test cases and failures in JUnit XML.
private final class JUnitCounter: NSObject, XMLParserDelegate, @unchecked Sendable {
    var testCases = 0, failures = 0
    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if element == "testcase" { testCases += 1 }
        if element == "failure" { failures += 1 }
    }
}

@Suite("Validator: documents named alone")
struct ValidatorDocumentTests {
    @Test("an adaptive icon, a vector drawable or a web manifest named alone (git diff --name-only | xargs) is read as its format, not decoded as an image; other text is noted")
    func documentsAlone() throws {
        let root = try Fixtures.temporaryFolder()
        func write(_ text: String, _ path: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let adaptive = #"<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android"><background android:drawable="@color/bg"/><foreground android:drawable="@drawable/fg"/></adaptive-icon>"#
        try write(adaptive, "res/mipmap-anydpi-v26/ic_launcher.xml")
        try write(##"<vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="108dp" android:height="108dp" android:viewportWidth="108" android:viewportHeight="108"><path android:pathData="M0,0h108v108h-108z" android:fillColor="#FFF"/></vector>"##, "res/drawable/fg.xml")
        try write(#"<resources><color name="bg">#123456</color></resources>"#, "res/values/colors.xml")
        try write(#"{"name": "Site", "icons": [{"src": "gone.png", "sizes": "512x512", "type": "image/png"}]}"#, "site.webmanifest")
        try write("name: app\n", "pubspec.yaml")
        let paths = ["res/mipmap-anydpi-v26/ic_launcher.xml", "res/drawable/fg.xml", "site.webmanifest", "pubspec.yaml"].map { root.appendingPathComponent($0).path }
        let report = try Validator().validate(paths, parallelism: .serial)
        let findings = report.files.flatMap(\.findings)
        #expect(!findings.contains { $0.rule == .decode }, "\(findings.map(\.line))")
        // The manifest's own rules ran: its missing icon is an error.
        #expect(findings.contains { $0.rule == .webManifest && $0.message.contains("gone.png, which does not exist") })
        #expect(report.notes.contains { $0.hasSuffix("pubspec.yaml: nothing to check: 1 document") })
    }
}
