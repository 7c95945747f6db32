import Foundation
import IconForgeKit
import TestSupport
import Testing

/// A catalog whose app icons are one set per variant (Thunder's `AppIcon-development` and `AppIcon-production`, each
/// named by a build configuration's `ASSETCATALOG_COMPILER_APPICON_NAME`) and no plain `AppIcon`.
@Suite("Asset catalogs: app icon sets per variant")
struct AppIconVariantSetsTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

    @Test("generate --preset ios into it: the new AppIcon set is said to be likely unused, naming the --variant runs that reach the sets the builds use; a rerun, and a catalog without such sets, say nothing")
    func newSetBesideVariantSets() throws {
        let catalog = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets")
        defer { try? FileManager.default.removeItem(at: catalog.deletingLastPathComponent()) }
        for variant in ["development", "production"] {
            let set = catalog.appendingPathComponent("AppIcon-\(variant).appiconset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try Data(#"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#.utf8)
                .write(to: set.appendingPathComponent("Contents.json"))
        }
        let options = GenerateOptions(presets: try PresetCatalog.presets("ios"))
        let first = try Generator(options: options).run(source: Self.master, outputFolder: catalog.path)
        #expect(first.warnings.contains { $0.contains("AppIcon.appiconset is new beside AppIcon-development.appiconset, AppIcon-production.appiconset")
                && $0.hasSuffix("--variant development, --variant production") }, "\(first.warnings)")
        let second = try Generator(options: options).run(source: Self.master, outputFolder: catalog.path)
        #expect(!second.warnings.contains { $0.contains("is new beside") }, "\(second.warnings)")

        let plain = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets")
        defer { try? FileManager.default.removeItem(at: plain.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: plain.appendingPathComponent("AppIconAlternate1.appiconset"), withIntermediateDirectories: true)
        #expect(try !Generator(options: options).run(source: Self.master, outputFolder: plain.path).warnings.contains { $0.contains("is new beside") })
    }

    @Test("app icon sets kept in the catalog's groups (Swiftfin's AppIcons/Primary/AppIcon-primary-primary.appiconset, which its ASSETCATALOG_COMPILER_APPICON_NAME names): generate --preset ios says its new AppIcon set is likely unused; a rerun says nothing")
    func newSetBesideGroupedSets() throws {
        let catalog = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets")
        defer { try? FileManager.default.removeItem(at: catalog.deletingLastPathComponent()) }
        for (group, name) in [("AppIcons/Primary", "AppIcon-primary-primary"), ("AppIcons/Dark", "AppIcon-dark-blue")] {
            let set = catalog.appendingPathComponent("\(group)/\(name).appiconset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try Data(#"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#.utf8)
                .write(to: set.appendingPathComponent("Contents.json"))
            try Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(to: set.deletingLastPathComponent().appendingPathComponent("Contents.json"))
        }
        let options = GenerateOptions(presets: try PresetCatalog.presets("ios"))
        let first = try Generator(options: options).run(source: Self.master, outputFolder: catalog.path)
        #expect(first.warnings.contains {
            $0.hasPrefix("AppIcon.appiconset is new in a catalog whose app icon sets are in its groups (AppIcons/Dark/AppIcon-dark-blue.appiconset, AppIcons/Primary/AppIcon-primary-primary.appiconset)")
        }, "\(first.warnings)")
        let second = try Generator(options: options).run(source: Self.master, outputFolder: catalog.path)
        #expect(!second.warnings.contains { $0.contains("is new in a catalog") }, "\(second.warnings)")
    }

    /// An Xcode project at `root` whose targets' build settings say `settings` (one assignment a line).
    private func xcodeProject(_ settings: [String], at root: URL) throws {
        let project = root.appendingPathComponent("App.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let configurations = settings.map { "\t\tbuildSettings = {\n\t\t\t\t\($0);\n\t\t\t};" }.joined(separator: "\n")
        try Data("// !$*UTF8*$!\n{\n\tobjects = {\n\(configurations)\n\t};\n}\n".utf8).write(to: project.appendingPathComponent("project.pbxproj"))
    }

    @Test("an app whose build settings name another icon (Yattee: every target's ASSETCATALOG_COMPILER_APPICON_NAME is Yattee2, its Yattee2.icon and .brandassets): generate into its AppIcon set, or an AppIcon.icon beside the project, says no build shows it and names the setting's icon; a name the settings give (primary or alternate), or a variable ($(APP_ICON) from an .xcconfig), says nothing")
    func setTheProjectDoesNotName() throws {
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = root.appendingPathComponent("App/Assets.xcassets")
        try FileManager.default.createDirectory(at: catalog.appendingPathComponent("AppIcon.appiconset"), withIntermediateDirectories: true)
        try Data(#"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: catalog.appendingPathComponent("AppIcon.appiconset/Contents.json"))
        try xcodeProject(["ASSETCATALOG_COMPILER_APPICON_NAME = Brand2", "ASSETCATALOG_COMPILER_APPICON_NAME = \"Brand2\"",
                          "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"Holiday Spring\""], at: root)
        func warnings(_ presets: String, name: String? = nil, out: URL) throws -> [String] {
            var options = GenerateOptions(presets: try PresetCatalog.presets(presets))
            options.appIconName = name
            return try Generator(options: options).run(source: Self.master, outputFolder: out.path).warnings
        }
        let unused = try warnings("ios-single", out: catalog)
        #expect(unused.contains { $0.hasPrefix("App.xcodeproj's build settings name Brand2 as the app icon (ASSETCATALOG_COMPILER_APPICON_NAME), not AppIcon")
                && $0.contains("--app-icon-name Brand2") }, "\(unused)")
        let bundle = try warnings("icon-composer", out: root)
        #expect(bundle.contains { $0.contains("not AppIcon: no build shows what is written into AppIcon.icon") }, "\(bundle)")
        for name in ["Brand2", "Spring"] {
            #expect(try !warnings("ios-single", name: name, out: catalog).contains { $0.contains("build settings name") })
        }
        try xcodeProject(["ASSETCATALOG_COMPILER_APPICON_NAME = \"$(APP_ICON)\""], at: root)
        #expect(try !warnings("ios-single", out: catalog).contains { $0.contains("build settings name") })
    }

    @Test("tvOS: new brand assets beside the ones the project's build settings name (Yattee's Yattee2.brandassets) are said to be in no build, with the name to give; named, or with --app-icon-name, nothing is said")
    func brandAssetsTheProjectDoesNotName() throws {
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = root.appendingPathComponent("TV/Assets.xcassets")
        try FileManager.default.createDirectory(at: catalog.appendingPathComponent("Yattee2.brandassets"), withIntermediateDirectories: true)
        try Data(#"{"assets":[],"info":{"author":"xcode","version":1}}"#.utf8).write(to: catalog.appendingPathComponent("Yattee2.brandassets/Contents.json"))
        try xcodeProject(["ASSETCATALOG_COMPILER_APPICON_NAME = Yattee2"], at: root)
        func warnings(name: String? = nil) throws -> [String] {
            var options = GenerateOptions(presets: try PresetCatalog.presets("tvos"))
            options.appIconName = name
            return try Generator(options: options).run(source: Self.master, outputFolder: catalog.path).warnings
        }
        let unused = try warnings()
        #expect(unused.contains { $0.contains("not App Icon & Top Shelf Image: no build shows what is written into App Icon & Top Shelf Image.brandassets")
                && $0.contains("--app-icon-name Yattee2") }, "\(unused)")
        #expect(try !warnings(name: "Yattee2").contains { $0.contains("build settings name") })
        try xcodeProject(["ASSETCATALOG_COMPILER_APPICON_NAME = \"App Icon & Top Shelf Image\""], at: root)
        try FileManager.default.removeItem(at: catalog.appendingPathComponent("App Icon & Top Shelf Image.brandassets"))
        #expect(try !warnings().contains { $0.contains("build settings name") })
    }
}
