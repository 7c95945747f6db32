import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// `generate MASTER --preset android|ios --out .` at a Cordova app's root: the files config.xml's `<icon>` elements name
/// are re-rendered in place, at the size `cordova prepare` copies each in; nothing is made at the root, which prepare ignores.
@Suite("Cordova: generate")
struct CordovaIconsTests {
    static let config = """
        <?xml version='1.0' encoding='utf-8'?>
        <widget id="com.example.art" version="1.0.0" xmlns="http://www.w3.org/ns/widgets" xmlns:cdv="http://cordova.apache.org/ns/1.0">
          <name>Art</name>
          <platform name="android">
            <icon src="res/android/ldpi.png" density="ldpi"/>
            <icon src="res/android/mdpi.png" density="mdpi"/>
            <icon src="./res/android/hdpi.png" density="hdpi"/>
            <icon foreground="res/android/fg-xxxhdpi.png" background="res/android/bg-xxxhdpi.png" density="xxxhdpi"/>
          </platform>
          <platform name="ios">
            <icon src="res/ios/icon-60@3x.png" width="180" height="180"/>
            <icon src="res/ios/icon-1024.png" width="1024" height="1024"/>
          </platform>
          <icon src="res/android/mdpi.png"/>
        </widget>

        """

    /// An opaque square of `side` pixels in a colour of its own, as PNG bytes.
    static func png(_ side: Int, _ shade: UInt16) throws -> [UInt8] {
        try PNG.encode(Image(width: side, height: side, format: .rgba8, fill: SIMD4(shade, 90, 200, 255)))
    }

    /// The fixture, a git checkout (the backup goes to its root): config.xml, each file it names at a wrong size (but
    /// the background layer, at its own), and a platforms/ as cordova prepare leaves it.
    static func project(_ config: String = config) throws -> URL {
        let root = try Fixtures.tree(["config.xml": config, ".git/HEAD": "ref: refs/heads/main\n"])
        let files: [String: [UInt8]] = [
            "res/android/ldpi.png": try png(48, 10), "res/android/mdpi.png": try png(40, 20), "res/android/hdpi.png": try png(48, 30),
            "res/android/fg-xxxhdpi.png": try png(192, 40), "res/android/bg-xxxhdpi.png": try png(432, 50),
            "res/ios/icon-60@3x.png": try png(57, 60), "res/ios/icon-1024.png": try png(512, 70),
            "platforms/android/app/src/main/res/mipmap-mdpi/ic_launcher.png": try png(48, 80),
        ]
        for (path, bytes) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return root
    }

    @Test("android and ios at a Cordova root: every file config.xml names re-rendered in place at prepare's size (36/48/72 px icons, a 432 px xxxhdpi foreground, 180 and 1024 px iOS icons), config.xml byte-identical, each original in the backup, nothing made at the root, platforms/ untouched, a rerun writes nothing, validate then without errors")
    func inPlace() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try ExpoIconsTests.files(root)
        #expect(try ProjectLayout.routes(presets: ["android", "ios"], out: root.path).map(\.folder) == [root.path])
        let outcome = try ExpoIconsTests.generate("android,ios", into: root)
        let sizes: [String: Int] = ["res/android/ldpi.png": 36, "res/android/mdpi.png": 48, "res/android/hdpi.png": 72, "res/android/fg-xxxhdpi.png": 432,
                                    "res/ios/icon-60@3x.png": 180, "res/ios/icon-1024.png": 1024]
        for (path, side) in sizes {
            #expect(try ExpoIconsTests.size(root, path) == PixelSize(width: side, height: side), "\(path)")
        }
        // iOS's icons are opaque (the App Store refuses alpha).
        #expect(try PNG.info(try Fixtures.bytes(at: root.appendingPathComponent("res/ios/icon-1024.png"))).colorType == .rgb)
        let after = try ExpoIconsTests.files(root)
        #expect(after["config.xml"] == before["config.xml"])
        // The same files as before, no mipmap-*, asset catalog or Play icon at the root; platforms/ and the background picture as they were.
        #expect(after.keys.sorted() == before.keys.sorted(), "\(after.keys.sorted())")
        #expect(after["platforms/android/app/src/main/res/mipmap-mdpi/ic_launcher.png"] == before["platforms/android/app/src/main/res/mipmap-mdpi/ic_launcher.png"])
        #expect(after["res/android/bg-xxxhdpi.png"] == before["res/android/bg-xxxhdpi.png"])
        #expect(outcome.notes.contains { $0.contains("bg-xxxhdpi.png") && $0.contains("left as it is") }, "\(outcome.notes)")
        // Every original that changed is in the backup, byte for byte.
        let backups = try Fixtures.snapshot(root).filter { $0.key.hasPrefix(".iconforge-backup/") }
        for path in sizes.keys {
            #expect(before[path] != after[path], "\(path)")
            #expect(backups.values.contains(before[path]!), "\(path) not in the backup: \(backups.keys.sorted())")
        }
        let once = try Fixtures.snapshot(root)
        try ExpoIconsTests.generate("android,ios", into: root)
        #expect(try Fixtures.snapshot(root) == once)
        // No error on what config.xml names (the fixture's platforms/ is a stub of prepare's output, not what is checked here).
        let findings = try Validator().validate([root.path]).files.filter { !$0.path.contains("/platforms/") }.flatMap(\.findings)
        #expect(!findings.contains { $0.severity == .error }, "\(findings.map(\.line))")
    }

    @Test("the default icon (an <icon src> outside every <platform>, which prepare copies where a platform names none) is re-rendered in place at its own size, alpha kept, its original in the backup; one that is missing is left and said")
    func defaultIcon() throws {
        let config = Self.config.replacingOccurrences(of: "  <icon src=\"res/android/mdpi.png\"/>\n",
                                                      with: "  <icon src=\"res/icon.png\"/>\n  <icon src=\"res/gone.png\"/>\n")
        let root = try Self.project(config)
        defer { try? FileManager.default.removeItem(at: root) }
        let icon = root.appendingPathComponent("res/icon.png")
        try Data(try Self.png(512, 99)).write(to: icon)
        let before = try Fixtures.bytes(at: icon)
        let glyph = Fixtures.testImages.appendingPathComponent("glyph-master.png").path
        let outcome = try ExpoIconsTests.generate("android,ios", master: glyph, into: root)
        let after = try Fixtures.bytes(at: icon)
        // The master whole, not a platform's plate: the glyph's transparent corner stays transparent.
        let drawn = try PNG.decode(after).image
        #expect(after != before && drawn.size == PixelSize(width: 512, height: 512) && drawn.pixel(x: 1, y: 1)[3] == 0)
        let backups = try Fixtures.snapshot(root).filter { $0.key.hasPrefix(".iconforge-backup/") }
        #expect(backups.values.contains(before))
        #expect(outcome.notes.contains { $0.contains("the default <icon src=\"res/gone.png\">: left as it is: no file to take its size from") }, "\(outcome.notes)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("res/gone.png").path))
    }

    @Test("cordova-android 12's monochrome layer (<icon monochrome=…>) is re-rendered in place as Android's themed-icon layer: 432 px at xxxhdpi, one colour on transparency, not a copy of the foreground")
    func monochrome() throws {
        let config = Self.config.replacingOccurrences(of: #"background="res/android/bg-xxxhdpi.png" density"#,
                                                      with: #"background="res/android/bg-xxxhdpi.png" monochrome="res/android/mono-xxxhdpi.png" density"#)
        let root = try Self.project(config)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(try Self.png(108, 90)).write(to: root.appendingPathComponent("res/android/mono-xxxhdpi.png"))
        try ExpoIconsTests.generate("android", master: Fixtures.testImages.appendingPathComponent("glyph-master.png").path, into: root)
        let mono = try PNG.decode(Fixtures.bytes(at: root.appendingPathComponent("res/android/mono-xxxhdpi.png"))).image
        #expect(mono.size == PixelSize(width: 432, height: 432))
        var colours = Set<SIMD3<UInt16>>(), clear = 0
        for y in stride(from: 0, to: 432, by: 3) {
            for x in stride(from: 0, to: 432, by: 3) {
                let p = mono.pixel(x: x, y: y)
                if p[3] == 0 { clear += 1 } else if p[3] == mono.format.maxValue { colours.insert(SIMD3(p[0], p[1], p[2])) }
            }
        }
        #expect(clear > 0 && colours.count == 1, "\(colours.count) colours, \(clear) clear")
        let foreground = try PNG.decode(Fixtures.bytes(at: root.appendingPathComponent("res/android/fg-xxxhdpi.png"))).image
        #expect(foreground.bytes != mono.bytes)
    }

    @Test("a platform config.xml names no icon for is refused in one line, and nothing is written")
    func noIconsForPlatform() throws {
        let config = Self.config.replacingOccurrences(of: #"<icon src="res/ios/icon-60@3x.png" width="180" height="180"/>"#, with: "")
            .replacingOccurrences(of: #"<icon src="res/ios/icon-1024.png" width="1024" height="1024"/>"#, with: "")
        let root = try Self.project(config)
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try Fixtures.snapshot(root)
        var message = ""
        do { try ExpoIconsTests.generate("ios", into: root) } catch { message = "\(error)" }
        #expect(message.contains("config.xml names no ios icon") && !message.contains("\n"), "\(message)")
        #expect(try Fixtures.snapshot(root) == before)
    }
}
