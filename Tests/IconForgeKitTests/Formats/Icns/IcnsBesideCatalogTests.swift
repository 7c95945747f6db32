import Foundation
import IconForgeKit
import TestSupport
import Testing

/// The macos preset's loose `AppIcon.icns` beside a catalog that an Xcode project compiles (a Flutter app's
/// macos/Runner/Assets.xcassets beside macos/Runner.xcodeproj): actool makes the app's `.icns` from the set, so a loose
/// one would be in no target.
@Suite(".icns beside an Xcode project's catalog")
struct IcnsBesideCatalogTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

    private func run(into catalog: URL) throws -> GenerationReport {
        try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("macos"))).run(source: Self.master, outputFolder: catalog.path)
    }

    @Test("a Flutter app's macos/Runner catalog gets the set and no loose AppIcon.icns, nor does a catalog two folders below the project (NetNewsWire's Mac/Resources); a catalog in no Xcode project still gets it; one the project already has is refreshed")
    func looseIcns() throws {
        let root = try Fixtures.tree(["macos/Runner.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{}\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = root.appendingPathComponent("macos/Runner/Assets.xcassets")
        let report = try run(into: catalog)
        #expect(report.files.contains { $0.path.hasSuffix("AppIcon.appiconset/app_icon_1024.png") || $0.path.contains("AppIcon.appiconset/") })
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("macos/Runner/AppIcon.icns").path), "\(report.files.map(\.path))")

        // An AppIcon.icns the project keeps there (its own target may name it) is refreshed as before.
        try Data([0]).write(to: root.appendingPathComponent("macos/Runner/AppIcon.icns"))
        _ = try run(into: catalog)
        #expect(try Fixtures.bytes(at: root.appendingPathComponent("macos/Runner/AppIcon.icns")).prefix(4) == Array("icns".utf8)[...])

        // The project at the root, the catalog two folders down (NetNewsWire's Mac/Resources, Stats' Stats/Supporting Files).
        try FileManager.default.createDirectory(at: root.appendingPathComponent("NetNewsWire.xcodeproj"), withIntermediateDirectories: true)
        let deep = root.appendingPathComponent("Mac/Resources/Assets.xcassets")
        let deepReport = try run(into: deep)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Mac/Resources/AppIcon.icns").path), "\(deepReport.files.map(\.path))")
        try FileManager.default.removeItem(at: root.appendingPathComponent("NetNewsWire.xcodeproj"))

        let plain = root.appendingPathComponent("out/Assets.xcassets")
        _ = try run(into: plain)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/AppIcon.icns").path))
    }
}
