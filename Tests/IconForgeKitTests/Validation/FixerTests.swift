import Foundation
import IconForgeKit
import PNGCodec
import TestSupport
import Testing

@Suite("Fixer")
struct FixerTests {
    /// A copy of the broken catalog and the defect files in a fresh folder.
    private func workspace() throws -> URL {
        let folder = try Fixtures.temporaryFolder()
        let validation = Fixtures.testImages.appendingPathComponent("validation")
        try FileManager.default.copyItem(at: validation.appendingPathComponent("Broken.xcassets"), to: folder.appendingPathComponent("Broken.xcassets"))
        try FileManager.default.copyItem(at: validation.appendingPathComponent("defects"), to: folder.appendingPathComponent("defects"))
        return folder
    }

    @Test("fix then validate: nothing fixable is left, and only reported files changed")
    func fixThenValidate() throws {
        let folder = try workspace()
        let catalog = folder.appendingPathComponent("Broken.xcassets").path
        let untouched = try Fixtures.bytes(at: folder.appendingPathComponent("Broken.xcassets/AppIcon.appiconset/Icon-60@3x.png"))
        let outcomes = try Fixer(background: .black).fix([catalog], now: Date(timeIntervalSince1970: 0))
        #expect(outcomes.map { ($0.path as NSString).lastPathComponent } == ["Icon-40@2x.png"])
        #expect(outcomes[0].failure == nil && outcomes[0].changes == ["converted RGBA 8-bit to RGB 8-bit"])
        let after = try Validator().validate([catalog])
        #expect(after.files.flatMap(\.findings).allSatisfy { !Fixer.fixableRules.contains($0.rule) })
        #expect(try Fixtures.bytes(at: folder.appendingPathComponent("Broken.xcassets/AppIcon.appiconset/Icon-60@3x.png")) == untouched)
        // The original is kept beside the catalog, outside it, mirroring its layout.
        let backup = folder.appendingPathComponent(".iconforge-backup/19700101-000000/Broken.xcassets/AppIcon.appiconset/Icon-40@2x.png")
        #expect(outcomes[0].backup == backup.path)
        #expect(try PNG.info(Fixtures.bytes(at: backup)).colorType == .rgba)
    }

    @Test("unrepairable: the errors fixing leaves (a wrong size); in a dry run not the ones fix would repair")
    func unrepairable() throws {
        let folder = try workspace()
        let catalog = folder.appendingPathComponent("Broken.xcassets").path
        let dryRun = try Fixer(dryRun: true).unrepairable([catalog])
        #expect(!dryRun.isEmpty && dryRun.allSatisfy { $0.finding.severity == .error && !Fixer.fixableRules.contains($0.finding.rule) })
        #expect(dryRun.contains { $0.path.hasSuffix("Icon-60@3x.png") && $0.finding.rule == .size })
        let fixer = Fixer(background: .black, keepsBackup: false)
        _ = try fixer.fix([catalog])
        #expect(try fixer.unrepairable([catalog]).map(\.finding.rule) == dryRun.map(\.finding.rule), "what fix leaves is what the dry run said")
    }

    @Test("loose defects with the app role come out clean of fixable rules, composited over the background")
    func looseFiles() throws {
        let folder = try workspace()
        let defects = folder.appendingPathComponent("defects").path
        let fixer = Fixer(validator: Validator(role: .app), background: .black, keepsBackup: false)
        let outcomes = try fixer.fix([defects])
        #expect(Set(outcomes.map { ($0.path as NSString).lastPathComponent }) == ["interlaced.png", "sixteen-bit.png", "palette.png", "greyscale.png",
                                                                                  "rgba-opaque.png", "translucent.png", "transparent-corners.png", "transparent-margin.png"])
        #expect(outcomes.allSatisfy { $0.failure == nil })
        let after = try Validator(role: .app).validate([defects])
        #expect(after.files.flatMap(\.findings).allSatisfy { !Fixer.fixableRules.contains($0.rule) })
        let margin = try PNG.decode(Fixtures.bytes(at: folder.appendingPathComponent("defects/transparent-margin.png")))
        #expect(margin.image.pixel(x: 0, y: 0) == SIMD4(0, 0, 0, 255) && margin.info.colorType == .rgb)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".iconforge-backup").path))
    }

    @Test("a dry run reports and changes nothing")
    func dryRun() throws {
        let folder = try workspace()
        let file = folder.appendingPathComponent("defects/interlaced.png")
        let before = try Fixtures.bytes(at: file)
        let outcomes = try Fixer(validator: Validator(role: .app), dryRun: true).fix([file.path])
        #expect(outcomes.first?.changes == ["removed Adam7 interlacing"])
        #expect(try Fixtures.bytes(at: file) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("defects/.iconforge-backup").path))
    }
}

@Suite("Fixer: never loses the original")
struct FixerSafetyTests {
    private func folderWithDefect() throws -> (folder: URL, file: URL, original: [UInt8]) {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("icons")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("x.png")
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("validation/defects/rgba-opaque.png"), to: file)
        return (folder, file, try Fixtures.bytes(at: file))
    }

    @Test("a file reached twice in one run is fixed once, and its backup holds the original", arguments: [
        ["{dir}", "{dir}/x.png"], ["{dir}/x.png", "{dir}/x.png"], ["{dir}", "{dir}/./"],
    ])
    func reachedTwice(pattern: [String]) throws {
        let (folder, file, original) = try folderWithDefect()
        let paths = pattern.map { $0.replacingOccurrences(of: "{dir}", with: folder.path) }
        let outcomes = try Fixer(validator: Validator(role: .app)).fix(paths, now: Date(timeIntervalSince1970: 0))
        #expect(outcomes.count == 1 && outcomes[0].failure == nil)
        #expect(try Fixtures.bytes(at: URL(fileURLWithPath: try #require(outcomes[0].backup))) == original)
        #expect(try Fixtures.bytes(at: file) != original)
    }

    @Test("two runs in the same second never overwrite a backup")
    func sameSecond() throws {
        let (folder, file, original) = try folderWithDefect()
        let stamp = Date(timeIntervalSince1970: 0)
        let first = try Fixer(validator: Validator(role: .app)).fix([folder.path], now: stamp)
        // The fixed file is broken again by hand, and fixed again in the same second.
        let second = try Fixer(validator: Validator(role: .variant)).fix([file.path], now: stamp)
        #expect(second.isEmpty) // a variant keeps RGBA: nothing to fix, nothing backed up
        try FileManager.default.removeItem(at: file)
        try Data(try Fixtures.bytes("validation/defects/translucent.png")).write(to: file)
        let third = try Fixer(validator: Validator(role: .app)).fix([folder.path], now: stamp)
        let (a, b) = (try #require(first[0].backup), try #require(third[0].backup))
        #expect(a != b && b.hasSuffix("x-2.png"))
        #expect(try Fixtures.bytes(at: URL(fileURLWithPath: a)) == original)
        #expect(try Fixtures.bytes(at: URL(fileURLWithPath: b)) == (try Fixtures.bytes("validation/defects/translucent.png")))
    }

    @Test("a link that leaves the folder given is a file not fixed, said by path, and its target is untouched")
    func linkOutOfFolder() throws {
        let (folder, file, _) = try folderWithDefect()
        let outside = try Fixtures.temporaryFolder().appendingPathComponent("outside.png")
        try FileManager.default.moveItem(at: file, to: outside)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside)
        let before = try Fixtures.bytes(at: outside)
        let outcomes = try Fixer(validator: Validator(role: .app)).fix([folder.path])
        #expect(outcomes.count == 1 && outcomes[0].path == file.path)
        #expect(outcomes[0].failure?.hasPrefix("a link that leaves \(folder.path)") == true, "\(outcomes)")
        #expect(try Fixtures.bytes(at: outside) == before)
    }

    @Test("a rewritten file keeps its own mode")
    func keepsMode() throws {
        let (folder, file, _) = try folderWithDefect()
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        _ = try Fixer(validator: Validator(role: .app), keepsBackup: false).fix([folder.path])
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o640)
    }
}
