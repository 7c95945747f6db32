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
}
