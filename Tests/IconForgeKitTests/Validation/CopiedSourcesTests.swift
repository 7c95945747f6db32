import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// Pictures kept outside where a build reads them, which a script or a bundler copies there as they are: held to what
/// reads them there, not to an asset catalog's or Xcode's rules.
@Suite("validate: pictures a build copies as they are")
struct CopiedSourcesTests {
    private func write(_ bytes: [UInt8], _ path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    @Test("a set folder with no Contents.json outside any catalog (Mattermost's assets/base/release/splash_screen/ios/SplashIcon.imageset, which its Fastfile copies over the catalog's set) is no set actool reads: no missing Contents.json, its pictures checked as loose files; inside a catalog, or named itself, the error stays")
    func setOutsideCatalog() throws {
        let project = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        let picture = try PNG.encode(Image(width: 4, height: 4, format: .rgba8, fill: SIMD4(40, 120, 200, 255)))
        let source = "assets/base/release/splash_screen/ios/SplashIcon.imageset"
        try write(picture, source + "/SplashIcon@2x.png", in: project)
        try write(picture, "ios/Mattermost/Images.xcassets/SplashIcon.imageset/SplashIcon@2x.png", in: project)
        try write(Array(#"{"images":[{"idiom":"universal","filename":"SplashIcon@2x.png","scale":"2x"}],"info":{"version":1,"author":"xcode"}}"#.utf8),
                  "ios/Mattermost/Images.xcassets/SplashIcon.imageset/Contents.json", in: project)
        let report = try Validator().validate([project.path], parallelism: .serial)
        #expect(report.files.flatMap(\.findings).isEmpty, "\(report.files.map { ($0.path, $0.findings.map(\.message)) })")
        #expect(report.files.contains { $0.path.hasSuffix(source + "/SplashIcon@2x.png") })
        // The catalog's own set without its Contents.json is still an error: actool reads that one.
        try FileManager.default.removeItem(at: project.appendingPathComponent("ios/Mattermost/Images.xcassets/SplashIcon.imageset/Contents.json"))
        let inCatalog = try Validator().validate([project.path], parallelism: .serial).files.flatMap(\.findings).map(\.message)
        #expect(inCatalog == ["SplashIcon.imageset has no Contents.json"])
        // A set named itself is a set to check, wherever it is.
        let named = try Validator().validate([project.appendingPathComponent(source).path], parallelism: .serial).files.flatMap(\.findings).map(\.message)
        #expect(named == ["SplashIcon.imageset has no Contents.json"])
    }

    @Test("a JPEG named .png in a JavaScript project's public/ (Elk's public/avatars/antfu-60x60.png) is served byte for byte and decoded by its bytes: no file-type warning; the same file elsewhere keeps it")
    func misnamedStaticFile() throws {
        let project = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        let jpeg = try Fixtures.bytes("sources/baseline.jpg")
        try write(Array(#"{"name": "elk", "devDependencies": {"nuxt": "^3.0.0"}}"#.utf8), "package.json", in: project)
        try write(jpeg, "public/avatars/antfu-60x60.png", in: project)
        try write(jpeg, "images/antfu-60x60.png", in: project)
        let report = try Validator().validate([project.path], parallelism: .serial)
        let byPath = Dictionary(uniqueKeysWithValues: report.files.map { ($0.path.replacingOccurrences(of: project.path + "/", with: ""), $0.findings.map(\.rule)) })
        #expect(byPath["public/avatars/antfu-60x60.png"] == [], "\(byPath)")
        #expect(byPath["images/antfu-60x60.png"] == [.fileType], "\(byPath)")
        // Without a package.json beside it, public/ is no bundler's: the warning stays.
        try FileManager.default.removeItem(at: project.appendingPathComponent("package.json"))
        let plain = try Validator().validate([project.path], parallelism: .serial).files.filter { $0.path.contains("public/") }.flatMap(\.findings).map(\.rule)
        #expect(plain == [.fileType])
    }
}
