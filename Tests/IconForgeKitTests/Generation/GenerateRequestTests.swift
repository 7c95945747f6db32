import Foundation
import IconForgeKit
import TestSupport
import Testing

private let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

/// A folder of masters and other files, in a new temporary folder.
private func mastersFolder() throws -> URL {
    let folder = try Fixtures.temporaryFolder().appendingPathComponent("masters")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
    for name in ["beta.png", "alpha.png"] { try FileManager.default.copyItem(atPath: master, toPath: folder.appendingPathComponent(name).path) }
    try Data("notes".utf8).write(to: folder.appendingPathComponent("README.txt"))
    return folder
}

/// The warnings a run reports, in order.
private final class WarningLog: GenerateReporter, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var warnings: [String] { lock.withLock { lines } }
    func report(_ event: GenerateEvent) { if case .warning(let line) = event { lock.withLock { lines.append(line) } } }
}

@Suite("GenerateRequest: what the command does, in the library")
struct GenerateRequestTests {
    @Test("a project of two Android apps (Wear OS samples' Application/ and Wearable/, both with launcher pictures): a run from the root writes the first and names the other, which it leaves byte for byte")
    func otherAndroidApp() throws {
        let app = "apply plugin: 'com.android.application'\nandroid { defaultConfig { minSdkVersion 26 } }\n"
        let manifest = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application android:icon=\"@mipmap/ic_launcher\"/></manifest>\n"
        let root = try Fixtures.tree(["settings.gradle": "include ':Application', ':Wearable'\n", ".git/HEAD": "ref: refs/heads/main\n",
                                      "Application/build.gradle": app, "Application/src/main/AndroidManifest.xml": manifest,
                                      "Application/src/main/res/mipmap-hdpi/ic_launcher.png": "old phone",
                                      "Wearable/build.gradle": app, "Wearable/src/main/AndroidManifest.xml": manifest,
                                      "Wearable/src/main/res/mipmap-hdpi/ic_launcher.png": "old watch"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(ProjectLayout(root: root.path).otherAndroidApps == ["Wearable/src/main/res"])
        let events = WarningLog()
        try GenerateSettings().generate(sources: [master], presets: "android", out: root.path, reporter: events)
        #expect(events.warnings.count == 1 && events.warnings[0].contains("Wearable/src/main/res is another application module's"), "\(events.warnings)")
        #expect(try String(contentsOf: root.appendingPathComponent("Wearable/src/main/res/mipmap-hdpi/ic_launcher.png"), encoding: .utf8) == "old watch")
        #expect(try Fixtures.bytes(at: root.appendingPathComponent("Application/src/main/res/mipmap-hdpi/ic_launcher.png")) != Array("old phone".utf8))
    }

    @Test("a phone app in app/ beside a watch app in wear/ (Home Assistant's): the run into the root itself names the watch app too")
    func otherAndroidAppBesideRootApp() throws {
        let app = "plugins {\n    alias(libs.plugins.homeassistant.android.application)\n}\n"
        let manifest = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application android:icon=\"@mipmap/ic_launcher\"/></manifest>\n"
        let watchIcon = "<adaptive-icon xmlns:android=\"http://schemas.android.com/apk/res/android\">\n"
            + "    <background android:drawable=\"@color/colorLauncherBackground\" />\n"
            + "    <foreground android:drawable=\"@drawable/ic_launcher_foreground\" />\n</adaptive-icon>\n"
        let root = try Fixtures.tree(["settings.gradle.kts": "include(\":app\", \":wear\")\n", ".git/HEAD": "ref: refs/heads/main\n",
                                      "app/build.gradle.kts": app, "app/src/main/AndroidManifest.xml": manifest,
                                      "app/src/main/res/mipmap-hdpi/ic_launcher.png": "old phone",
                                      "wear/build.gradle.kts": app, "wear/src/main/AndroidManifest.xml": manifest,
                                      "wear/src/main/res/mipmap-anydpi/ic_launcher.xml": watchIcon])
        defer { try? FileManager.default.removeItem(at: root) }
        let events = WarningLog()
        try GenerateSettings().generate(sources: [master], presets: "android", out: root.path, reporter: events)
        #expect(events.warnings.contains { $0.contains("wear/src/main/res is another application module's") }, "\(events.warnings)")
        #expect(try String(contentsOf: root.appendingPathComponent("wear/src/main/res/mipmap-anydpi/ic_launcher.xml"), encoding: .utf8) == watchIcon)
        #expect(try Fixtures.bytes(at: root.appendingPathComponent("app/src/main/res/mipmap-hdpi/ic_launcher.png")) != Array("old phone".utf8))
    }

    @Test("a folder of masters gives its masters in name order, and says why each other entry was skipped")
    func masters() throws {
        let folder = try mastersFolder()
        let request = try GenerateRequest(sources: [folder.path], presets: "ios", out: "out", options: GenerateOptions(presets: []))
        let (files, skipped) = request.masters()
        #expect(files.map { ($0 as NSString).lastPathComponent } == ["alpha.png", "beta.png"])
        #expect(skipped.count == 2)
        #expect(skipped.contains { $0.contains("README.txt") && $0.contains("not a PNG, JPEG or SVG master") })
        #expect(skipped.contains { $0.contains("nested") && $0.contains("a folder") })
    }

    @Test("several masters: one folder each, named after the master; every master is an input of every run")
    func runsPerMaster() throws {
        let folder = try mastersFolder()
        let out = try Fixtures.temporaryFolder().path
        let request = try GenerateRequest(sources: [folder.path], presets: "ios", out: out, options: GenerateOptions(presets: []))
        let runs = try request.runs()
        #expect(runs.map(\.folder) == [out + "/alpha", out + "/beta"])
        #expect(runs.allSatisfy { $0.generator.options.otherInputs.count == 2 })
        #expect(runs.allSatisfy { $0.generator.options.presets.map(\.name) == ["ios"] })
    }

    @Test("refusals: no masters, two masters of one name, a {name} folder that leaves its parent, an unknown preset")
    func refusals() throws {
        let empty = try Fixtures.temporaryFolder()
        let none = try GenerateRequest(sources: [empty.path], presets: "ios", out: "out", options: GenerateOptions(presets: []))
        #expect(throws: RequestError.noMasters([empty.path])) { try none.runs() }

        let other = try Fixtures.temporaryFolder().appendingPathComponent("alpha.png")
        try FileManager.default.copyItem(atPath: master, toPath: other.path)
        let folder = try mastersFolder()
        let twice = try GenerateRequest(sources: [folder.appendingPathComponent("alpha.png").path, other.path], presets: "ios",
                                        out: try Fixtures.temporaryFolder().path, options: GenerateOptions(presets: []))
        #expect(throws: RequestError.sameName) { try twice.runs() }

        // A master's folder that is a link out of the folder before {name}.
        let base = try Fixtures.temporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: base.appendingPathComponent("icons-alpha").path, withDestinationPath: try Fixtures.temporaryFolder().path)
        let leaving = try GenerateRequest(sources: [folder.path], presets: "ios", out: base.path + "/icons-{name}", options: GenerateOptions(presets: []))
        #expect { try leaving.runs() } throws: { error in
            guard case .leavesFolder? = error as? RequestError else { return false }
            return !(error as! RequestError).isUsageError
        }

        #expect { try GenerateRequest(sources: [master], presets: "no-such-preset", out: "out", options: GenerateOptions(presets: [])) } throws: { error in
            (error as? RequestError)?.isUsageError == true
        }
    }

    @Test("presets of several platforms into a plain folder: each platform into its own subfolder, without the options it does not use")
    func destinations() throws {
        let out = try Fixtures.temporaryFolder().path
        var options = GenerateOptions(presets: [])
        options.darkSourcePath = master
        var request = try GenerateRequest(sources: [master], presets: "ios-single,android,web", out: out, options: options)
        request.alternates = [AlternateIcons.Icon(parsing: "Classic=" + master)!]
        #expect(request.ignoredOptions.isEmpty)
        let destinations = try request.destinations()
        #expect(destinations.map(\.out) == [out, out + "/android", out + "/web"])
        #expect(destinations.map(\.presetNames) == [["ios-single"], ["android"], ["web"]])
        // The dark variant and the alternates belong to the Apple set only.
        #expect(destinations[0].options.darkSourcePath == master && destinations[0].alternates.count == 1)
        #expect(destinations[1].options.darkSourcePath == nil && destinations[1].alternates.isEmpty)
        #expect(destinations[2].options.darkSourcePath == nil && destinations[2].alternates.isEmpty)
    }

    @Test("one platform into its own folder is the request itself; --dark with no dark slot is said")
    func notRouted() throws {
        var options = GenerateOptions(presets: [])
        options.darkSourcePath = master
        let request = try GenerateRequest(sources: [master], presets: "android", out: try Fixtures.temporaryFolder().path, options: options)
        #expect(try request.destinations().map(\.out) == [request.out])
        #expect(request.ignoredOptions.count == 1 && request.ignoredOptions[0].hasPrefix("--dark is ignored"))
    }

    @Test("a variant goes where each platform keeps one: Android into src/NAME/res, the Apple set as AppIcon-NAME; one master only")
    func variant() throws {
        let project = try Fixtures.temporaryFolder().appendingPathComponent("Project")
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("android/Project"), to: project)
        var request = try GenerateRequest(sources: [master], presets: "android", out: project.path, options: GenerateOptions(presets: []))
        request.variant = "beta"
        let destinations = try request.destinations()
        #expect(destinations.count == 1)
        #expect(destinations[0].out.hasSuffix("src/beta/res"))
        #expect(destinations[0].options.appIconName == "AppIcon-beta")

        request.sources = [try mastersFolder().path]
        #expect { try request.destinations() } throws: { error in (error as? RequestError)?.isUsageError == true }
    }

    @Test("alternates: the presets' app-icon sets alone, under the alternate's name, into the run's folder")
    func alternates() throws {
        var request = try GenerateRequest(sources: [master], presets: "ios,android", out: "out", options: GenerateOptions(presets: []))
        request.alternates = [AlternateIcons.Icon(parsing: "Dark=" + master)!]
        let runs = try request.alternateRuns(into: "out")
        #expect(runs.count == 1)
        #expect(runs[0].run.generator.options.appIconName == "Dark")
        #expect(runs[0].run.generator.options.presets.flatMap(\.outputs).allSatisfy { $0.setKind == "appiconset" })

        var noIcons = try GenerateRequest(sources: [master], presets: "android", out: "out", options: GenerateOptions(presets: []))
        noIcons.alternates = request.alternates
        #expect { try noIcons.alternateRuns(into: "out") } throws: { error in (error as? RequestError)?.isUsageError == true }
    }
}
