import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("iconforge generate: paths printed for a relative res/ folder")
struct GenerateAndroidPathsTests {
    @Test("--out app/src/main/res (relative): the Play icon beside res/ is printed as app/src/main/ic_launcher-playstore.png, and a build type's own pictures (zulip-mobile's src/debug/res) are named as the folder was given, never absolute")
    func relativeRes() throws {
        let project = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        let gradle = project.appendingPathComponent("app/build.gradle")
        try FileManager.default.createDirectory(at: gradle.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("android { defaultConfig { minSdkVersion 24 } }\n".utf8).write(to: gradle)
        let picture = try PNG.encode(Image(width: 48, height: 48, format: .rgba8, fill: SIMD4(30, 90, 160, 255)))
        for source in ["main", "debug"] {
            let url = project.appendingPathComponent("app/src/\(source)/res/mipmap-mdpi/ic_launcher.png")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileIO.writeAtomically(picture, to: url.path)
        }
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let result = try CommandRunner.run(["generate", master, "--preset", "android", "--out", "app/src/main/res"], in: project)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\napp/src/main/ic_launcher-playstore.png 512x512"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("res/.."), "\(result.standardOutput)")
        let shadowed = result.standardError.split(separator: "\n").filter { $0.contains("has its own ic_launcher pictures") }
        #expect(shadowed == ["warning: app/src/debug/res has its own ic_launcher pictures but no adaptive icon: on Android 8+ the one just written "
                             + "in app/src/main/res wins, and that build shows the new icon; give it its own with --variant debug"], "\(result.standardError)")
    }
}
