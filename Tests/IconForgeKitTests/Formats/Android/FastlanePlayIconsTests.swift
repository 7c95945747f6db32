import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// fastlane's listing icon as real apps keep it: F-Droid-only metadata (no supply configuration) and a link to the
/// module's Play icon.
@Suite("fastlane's Play listing icon")
struct FastlanePlayIconsTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

    /// A 192x192 listing icon (Termux's, Aves') in `root`'s fastlane metadata.
    private func smallIcon(in root: URL) throws -> URL {
        let icon = root.appendingPathComponent("fastlane/metadata/android/en-US/images/icon.png")
        try FileManager.default.createDirectory(at: icon.deletingLastPathComponent(), withIntermediateDirectories: true)
        let image = try PNG.decode(Fixtures.bytes("app-icon-master.png")).image
        try FileIO.writeAtomically(try PNG.encode(Resampler.resize(image, to: PixelSize(width: 192, height: 192))), to: icon.path)
        return icon
    }

    @Test("a listing icon off Google Play's rules is a warning when nothing uploads it there (F-Droid's metadata: no Appfile, Fastfile or Supplyfile), an error when fastlane supply is configured", arguments: ["", "Appfile", "Fastfile"])
    func severityFollowsSupply(config: String) throws {
        let root = try Fixtures.temporaryFolder()
        _ = try smallIcon(in: root)
        if !config.isEmpty { try Data("package_name(\"org.example\")\n".utf8).write(to: root.appendingPathComponent("fastlane/" + config)) }
        let found = try Validator().validate([root.path]).files.flatMap(\.findings)
        #expect(found.map(\.rule) == [.playIcon], "\(found.map(\.line))")
        #expect(found.map(\.severity) == [config.isEmpty ? .warning : .error])
    }

    @Test("a listing icon that is a link to the module's ic_launcher-playstore.png is left a link (the run succeeds and the listing shows the new icon); a link elsewhere is named and left")
    func linkedListingIcon() throws {
        for target in ["../../../../../app/src/main/ic_launcher-playstore.png", "../../../../../artwork/icon.png"] {
            let root = try Fixtures.temporaryFolder()
            try FileManager.default.createDirectory(at: root.appendingPathComponent("app/src/main/res/values"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("artwork"), withIntermediateDirectories: true)
            let old = try smallIcon(in: root)
            try FileManager.default.moveItem(at: old, to: root.appendingPathComponent("artwork/icon.png"))
            try FileManager.default.createSymbolicLink(atPath: old.path, withDestinationPath: target)
            let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("android"))).run(source: Self.master, outputFolder: root.path)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: old.path) == target)
            let linksToNew = target.contains("playstore")
            #expect(report.notes.contains { $0.contains("left fastlane's Play listing icon") } == !linksToNew, "\(report.notes)")
            if linksToNew {
                #expect(try Fixtures.bytes(at: old) == Fixtures.bytes(at: root.appendingPathComponent("app/src/main/ic_launcher-playstore.png")))
            }
        }
    }
}
