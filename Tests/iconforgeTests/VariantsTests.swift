import Foundation
import IconForgeKit
import PNGCodec
import TestSupport
import Testing

/// Flavours and environments from one iconforge.yml: every variant a complete icon set per platform, where the
/// platform keeps variants, badged, validate-clean — by iconforge alone.
@Suite("iconforge generate: variants and badges")
struct VariantsTests {
    /// A Flutter-shaped project: an iOS catalog, an Android app module, a web folder.
    private func project() throws -> URL {
        let root = try Fixtures.flutterProject()
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("app-icon-master.png"), to: root.appendingPathComponent("icon.png"))
        try Data("""
            jobs:
              - master: icon.png
                presets: [ios, android, web]
                out: .
                variants:
                  - name: dev
                    badge: DEV
                  - name: staging
                    badge: "RC {build}"
                    badge-style: ribbon
                    badge-color: "#1E88E5"
                  - name: prod

            """.utf8).write(to: root.appendingPathComponent("iconforge.yml"))
        return root
    }

    @Test("three variants: three iOS sets, three Android source sets, three web folders, each validate-clean; badges only on the badged ones")
    func threeVariants() throws {
        let root = try project()
        // No PATH: no other program (ImageMagick, a font tool) could be started; iconforge needs none.
        let result = try CommandRunner.run(["generate", "-q"], in: root, environment: ["BUILD_NUMBER": "41", "PATH": "/nonexistent"])
        #expect(result.status == 0, "\(result.standardError)")
        var icons: [String: PNGCodec.DecodedPNG] = [:]
        for variant in ["dev", "staging", "prod"] {
            let folders = ["ios/Runner/Assets.xcassets/AppIcon-\(variant).appiconset", "android/app/src/\(variant)/res", "web/\(variant)"]
            for folder in folders {
                #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path), "\(folder)")
            }
            let validated = try CommandRunner.run(["validate"] + folders.map { root.appendingPathComponent($0).path })
            #expect(validated.status == 0 && validated.standardOutput.contains(" 0 errors, 0 warnings"), "\(variant): \(validated.standardOutput)")
            icons[variant] = try PNG.decode(try Fixtures.bytes(at: root.appendingPathComponent("ios/Runner/Assets.xcassets/AppIcon-\(variant).appiconset/Icon-1024.png")))
        }
        // The main source set and the app's own set are not touched.
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("android/app/src/main/res/mipmap-hdpi").path))
        let plain = try PNG.decode(try Fixtures.bytes(at: Fixtures.testImages.appendingPathComponent("app-icon-master.png"))).image
        #expect(icons["prod"]?.image.converted(to: .rgba8) == plain.converted(to: .rgba8))
        #expect(icons["dev"]?.image != icons["prod"]?.image && icons["staging"]?.image != icons["dev"]?.image)
        // The preview puts the variants side by side.
        let sheet = try Previewer(options: GenerateOptions(presets: [])).render(sources: [root.appendingPathComponent("ios/Runner/Assets.xcassets").path])
        #expect(Set(sheet.tiles.filter { $0.section.hasSuffix("Variants") }.compactMap(\.caption.first))
                == ["AppIcon-dev.appiconset", "AppIcon-prod.appiconset", "AppIcon-staging.appiconset"])
        // A rerun writes nothing new.
        let before = try Fixtures.bytes(at: root.appendingPathComponent("android/app/src/staging/res/mipmap-xxxhdpi/ic_launcher.png"))
        #expect(try CommandRunner.run(["generate", "-q"], in: root, environment: ["BUILD_NUMBER": "41"]).status == 0)
        #expect(try Fixtures.bytes(at: root.appendingPathComponent("android/app/src/staging/res/mipmap-xxxhdpi/ic_launcher.png")) == before)
    }

    @Test("usage errors: a variant name that is not a plain name, a badge text badges cannot draw, a {build} nothing gives")
    func usageErrors() throws {
        let root = try project()
        for arguments in [["--variant", "a/b", "--badge", "X"], ["--variant", "dev", "--badge", "Ünï"], ["--variant", "dev", "--badge", "{build}"]] {
            // CI's own run number must not fill {build} here.
            let cleared = Dictionary(uniqueKeysWithValues: BadgeText.buildVariables.map { ($0, "") })
            let result = try CommandRunner.run(["generate", "icon.png", "--preset", "ios", "--out", "."] + arguments, in: root, environment: cleared)
            #expect(result.status == 2, "\(arguments): \(result.standardError)")
        }
    }
}
