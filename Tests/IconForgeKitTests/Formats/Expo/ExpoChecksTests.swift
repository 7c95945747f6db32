import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// `validate .` in an Expo app: the images app.json names, judged by what prebuild makes of each.
@Suite("Expo: validate")
struct ExpoChecksTests {
    /// A square of `side` px: opaque `colour`, or a centred disc of `disc` (its diameter a share of the side) on transparency.
    static func png(_ side: Int, colour: SIMD4<UInt16> = SIMD4(30, 120, 200, 255), disc: Double? = nil, height: Int? = nil) throws -> [UInt8] {
        var image = Image(width: side, height: height ?? side, fill: disc == nil ? colour : .zero)
        if let disc {
            let radius = Double(side) * disc / 2, centre = Double(side) / 2
            for y in 0..<side {
                for x in 0..<side where ((Double(x) + 0.5 - centre) * (Double(x) + 0.5 - centre) + (Double(y) + 0.5 - centre) * (Double(y) + 0.5 - centre)).squareRoot() <= radius {
                    image.setPixel(x: x, y: y, colour)
                }
            }
        }
        return try PNG.encode(image)
    }

    static func project(_ appJSON: String, files: [String: [UInt8]]) throws -> URL {
        let root = try ExpoConfigTests.project(["app.json": appJSON])
        for (path, bytes) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return root
    }

    static func findings(_ root: URL) throws -> [(file: String, finding: Finding)] {
        try Validator().validate([root.path], parallelism: .serial).files.flatMap { report in report.findings.map { (report.path.fileName, $0) } }
    }

    @Test("A missing image is an error on app.json naming the key; an npm package's file that is not installed is not")
    func missingFile() throws {
        let root = try Self.project(#"{"expo": {"icon": "./node_modules/@jellyfin/ux-ios/icon.png", "web": {"favicon": "./assets/favicon.png"}}}"#, files: [:])
        let found = try Self.findings(root)
        #expect(found.count == 1)
        #expect(found.first?.file == "app.json" && found.first?.finding.severity == .error && found.first?.finding.rule == .missingFile)
        #expect(found.first?.finding.message.contains("web.favicon names ./assets/favicon.png") == true)
        // An app built for iOS alone (Jellyfin's platforms) makes nothing of an Android key.
        let ios = try Self.project(#"{"expo": {"platforms": ["ios"], "android": {"adaptiveIcon": {"foregroundImage": "./fg.png"}}}}"#, files: [:])
        #expect(try Self.findings(ios).isEmpty)
    }

    @Test("iOS's icon: not square an error, smaller than 1024 and transparent pixels (prebuild fills them white) warnings; a dark appearance keeps its alpha")
    func iosIcon() throws {
        let root = try Self.project(#"{"expo": {"icon": "./assets/icon.png", "ios": {"icon": {"light": "./assets/light.png", "dark": "./assets/dark.png"}}}}"#,
                                    files: ["assets/icon.png": try Self.png(1024, height: 1000), "assets/light.png": try Self.png(512, disc: 0.9),
                                            "assets/dark.png": try Self.png(1024, disc: 0.9)])
        let found = try Self.findings(root)
        let light = found.filter { $0.file == "light.png" }.map(\.finding)
        #expect(light.contains { $0.rule == .size && $0.severity == .warning && $0.message.contains("1024x1024 App Store icon") })
        #expect(light.contains { $0.rule == .transparency && $0.severity == .warning && $0.message.contains("white") })
        #expect(found.filter { $0.file == "dark.png" }.isEmpty)
        // `icon` is not iOS's here (ios.icon is): a picture of another shape is cropped on Android, a warning.
        #expect(found.filter { $0.file == "icon.png" }.map(\.finding.severity) == [.warning])
        let own = try Self.project(#"{"expo": {"icon": "./assets/icon.png"}}"#, files: ["assets/icon.png": try Self.png(1024, height: 1000)])
        #expect(try Self.findings(own).map(\.finding.severity) == [.error])
    }

    @Test("The adaptive foreground: a full icon used as the layer leaves the 66 dp safe zone; a logo inside it passes; an opaque monochrome is a square")
    func adaptiveLayers() throws {
        let json = #"{"expo": {"android": {"adaptiveIcon": {"foregroundImage": "./fg.png", "monochromeImage": "./mono.png"}}}}"#
        let full = try Self.project(json, files: ["fg.png": try Self.png(1024, disc: 0.95), "mono.png": try Self.png(1024)])
        let found = try Self.findings(full)
        #expect(found.contains { $0.file == "fg.png" && $0.finding.rule == .adaptiveIcon && $0.finding.message.contains("safe zone") })
        #expect(found.contains { $0.file == "mono.png" && $0.finding.message.contains("solid square") })
        let safe = try Self.project(json, files: ["fg.png": try Self.png(1024, disc: 0.55), "mono.png": try Self.png(1024, colour: SIMD4(255, 255, 255, 255), disc: 0.55)])
        #expect(try Self.findings(safe).isEmpty)
    }

    @Test("The splash screen plugin's image: a JPEG fails the production build (error); one narrower than imageWidth × 4 px is soft (warning)")
    func splash() throws {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 60)
        let root = try Self.project(#"{"expo": {"plugins": [["expo-splash-screen", {"image": "./splash.png", "imageWidth": 200, "dark": {"image": "./dark.png"}}]]}}"#,
                                    files: ["splash.png": jpeg, "dark.png": try Self.png(600, disc: 0.8)])
        let found = try Self.findings(root)
        #expect(found.contains { $0.file == "splash.png" && $0.finding.severity == .error && $0.finding.rule == .fileType })
        #expect(found.contains { $0.file == "dark.png" && $0.finding.severity == .warning && $0.finding.message.contains("800 px at xxxhdpi") })
    }

    @Test("ios.icon naming an Icon Composer .icon: missing is an error; a .icon under the top-level icon is prebuild's warning")
    func iconComposer() throws {
        let root = try Self.project(#"{"expo": {"icon": "./assets/app.icon", "ios": {"icon": "./assets/missing.icon"}}}"#, files: [:])
        let found = try Self.findings(root)
        #expect(found.contains { $0.finding.severity == .error && $0.finding.message.contains("ios.icon names ./assets/missing.icon") })
        #expect(found.contains { $0.finding.severity == .warning && $0.finding.message.contains("string value of ios.icon") })
    }

    @Test("The notification icon is held to Android's rules: colour on an opaque square is an error")
    func notificationIcon() throws {
        let root = try Self.project(#"{"expo": {"plugins": [["expo-notifications", {"icon": "./n.png"}]]}}"#, files: ["n.png": try Self.png(96)])
        let found = try Self.findings(root)
        #expect(found.contains { $0.file == "n.png" && $0.finding.rule == .notificationIcon && $0.finding.severity == .error })
    }
}
