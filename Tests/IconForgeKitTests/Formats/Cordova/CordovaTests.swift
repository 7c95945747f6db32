import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// A Cordova app (Art Challenge's config.xml, Ionic 1): the icons its `<icon>` elements name are what `cordova prepare`
/// copies into the native projects, so `validate` checks them there and at the size each is copied in.
@Suite("Cordova: the icons config.xml names")
struct CordovaTests {
    private func png(_ side: Int, at path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try PNG.encode(Image(width: side, height: side, format: .rgba8, fill: SIMD4(20, 120, 200, 255)))).write(to: url)
    }

    static let config = """
        <?xml version='1.0' encoding='utf-8'?>
        <widget id="com.example.art" version="1.0.0" xmlns="http://www.w3.org/ns/widgets" xmlns:cdv="http://cordova.apache.org/ns/1.0">
          <name>Art</name>
          <platform name="ios">
            <icon src="resources/ios/icon/icon-60@2x.png" width="120" height="120"/>
          </platform>
          <platform name="android">
            <!-- <icon src="resources/android/icon/old.png" density="ldpi"/> -->
            <icon src="resources/android/icon/drawable-mdpi-icon.png" density="mdpi"/>
            <icon src="resources/android/icon/drawable-hdpi-icon.png" density="hdpi"/>
            <icon src="resources/android/icon/drawable-xhdpi-icon.png" density="xhdpi"/>
            <icon foreground="resources/android/icon/fg-mdpi.png" background="@color/background" density="mdpi"/>
          </platform>
          <icon src="resources/android/icon/drawable-mdpi-icon.png"/>
        </widget>

        """

    @Test("a file an <icon> names that is missing is an error naming its line (cordova prepare stops); each file is checked at the size prepare copies it in; iOS without a 1024 px icon is told; a commented-out <icon> is no icon")
    func configIcons() throws {
        let root = try Fixtures.tree(["config.xml": Self.config])
        defer { try? FileManager.default.removeItem(at: root) }
        try png(120, at: "resources/ios/icon/icon-60@2x.png", in: root)
        try png(48, at: "resources/android/icon/drawable-mdpi-icon.png", in: root)
        try png(48, at: "resources/android/icon/drawable-hdpi-icon.png", in: root)
        try png(108, at: "resources/android/icon/fg-mdpi.png", in: root)
        let report = try Validator().validate([root.path], parallelism: .serial)
        let found = report.files.flatMap { file in file.findings.map { (file.path, $0) } }
        let lines = found.map { "\($0.0): \($0.1.line)" }
        #expect(found.contains { $0.0.hasSuffix("config.xml") && $0.1.rule == .missingFile && $0.1.severity == .error
            && $0.1.message.contains("line 11: <icon src=\"resources/android/icon/drawable-xhdpi-icon.png\"> (android, xhdpi) names a file that does not exist") }, "\(lines)")
        #expect(found.contains { $0.0.hasSuffix("drawable-hdpi-icon.png") && $0.1.rule == .size && $0.1.message.contains("is 48x48 but should be 72x72 (Android hdpi icon in config.xml)") }, "\(lines)")
        #expect(found.contains { $0.0.hasSuffix("config.xml") && $0.1.rule == .missingSize && $0.1.message.contains("no 1024x1024") }, "\(lines)")
        #expect(!found.contains { $0.0.hasSuffix("drawable-mdpi-icon.png") || $0.0.hasSuffix("fg-mdpi.png") || $0.1.message.contains("old.png") }, "\(lines)")
        #expect(found.filter { $0.1.rule == .missingFile }.count == 1, "\(lines)")
        // A config.xml of something else (a Java app's) is not read as Cordova's.
        try Data("<configuration><icon src=\"gone.png\"/></configuration>\n".utf8).write(to: root.appendingPathComponent("config.xml"))
        let other = try Validator().validate([root.path], parallelism: .serial).files.flatMap(\.findings)
        #expect(!other.contains { $0.rule == .missingFile }, "\(other.map(\.line))")
    }
}
