import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// A native Mac app whose Xcode project copies its own `.icns` into the app (no asset catalog of Mac icons).
@Suite("Xcode project: a Mac app's bundled .icns")
struct XcodeProjectTests {
    @Test("AltTab's layout: the Xcode project copies resources/icons/app/app.icns into the app (its Info.plist's CFBundleIconFile), made from app.iconset beside it: init proposes macos from the root, and the run rewrites app.icns and the iconset's PNGs at their sizes (originals in the backup), with no AppIcon.appiconset or AppIcon.icns anywhere (they went to the root, read by no build, and app.icns was left); a rerun writes nothing")
    func bundledIcns() throws {
        let pbxproj = "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tBF0C852D /* app.icns in Resources */ = {isa = PBXBuildFile; fileRef = BF0C84E1 /* app.icns */; };\n\t};\n}\n"
        let plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleIconFile</key>\n\t<string>app.icns</string>\n</dict>\n</plist>\n"
        let root = try Fixtures.tree([".git/HEAD": "ref: refs/heads/main\n", "Info.plist": plist, "alt-tab-macos.xcodeproj/project.pbxproj": pbxproj])
        defer { try? FileManager.default.removeItem(at: root) }
        let red = { (side: Int) in try PNG.encode(Image(width: side, height: side, fill: SIMD4(200, 0, 0, 255))) }
        let icns = Icns.encode([Icns.Element(type: "ic07", data: try red(128))])
        try Fixtures.write(icns, "resources/icons/app/app.icns", in: root)
        try Fixtures.write(try red(128), "resources/icons/app/app.iconset/icon_128x128.png", in: root)
        try Fixtures.write(try red(64), "resources/icons/app/app.iconset/icon_32x32@2x.png", in: root)
        let app = root.appendingPathComponent("resources/icons/app")

        #expect(ProjectLayout(root: root.path).starter().contains("presets: [macos]\n    out: .\n"))
        #expect(try ProjectLayout.routes(presets: ["macos"], out: root.path).map(\.folder) == [app.path])
        try Fixtures.generateRouted("macos", into: root)
        #expect(try Icns.read(try Fixtures.bytes(at: app.appendingPathComponent("app.icns"))).contains { $0.type == "ic10" })
        for (name, side) in [("icon_128x128.png", 128), ("icon_32x32@2x.png", 64)] {
            let redrawn = try PNG.decode(try Fixtures.bytes(at: app.appendingPathComponent("app.iconset/" + name))).image
            #expect(redrawn.width == side && redrawn.pixel(x: side / 2, y: side / 2) != SIMD4(200, 0, 0, 255), "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.path).filter { !$0.hasPrefix(".") }.sorted() == ["app.icns", "app.iconset"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.appendingPathComponent("app.iconset").path).sorted() == ["icon_128x128.png", "icon_32x32@2x.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasPrefix("AppIcon") }.isEmpty)
        let backups = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent(".iconforge-backup").path)
        #expect(try backups.filter { $0.hasSuffix("app.icns") }.map { try Fixtures.bytes(at: root.appendingPathComponent(".iconforge-backup/" + $0)) } == [icns])
        let before = try Fixtures.snapshot(root)
        try Fixtures.generateRouted("macos", into: root)
        #expect(try Fixtures.snapshot(root) == before)
    }
}
