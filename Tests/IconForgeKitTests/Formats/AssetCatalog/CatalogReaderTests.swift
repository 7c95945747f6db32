import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

private let validation = Fixtures.testImages.appendingPathComponent("validation")

/// Every finding as "rule:severity:file".
private func findings(_ report: ValidationReport) -> Set<String> {
    Set(report.files.flatMap { file in
        file.findings.map { "\($0.rule.rawValue):\($0.severity.rawValue):\((file.path as NSString).lastPathComponent)" }
    })
}

/// A catalog in a temporary folder with one set whose Contents.json is `json`.
private func catalog(set: String, json: String, files: [String: [UInt8]] = [:]) throws -> URL {
    let folder = try Fixtures.temporaryFolder().appendingPathComponent("Assets.xcassets").appendingPathComponent(set)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(json.utf8).write(to: folder.appendingPathComponent("Contents.json"))
    for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
    return folder.deletingLastPathComponent()
}

@Suite("CatalogReader: what shipped apps' catalogs hold")
struct CatalogReaderRealWorldTests {
    @Test("the real-world catalog validates with 0 errors, each pattern with exactly its rule and severity")
    func realWorld() throws {
        let report = try Validator().validate([validation.appendingPathComponent("RealWorld.xcassets").path])
        #expect(report.errors == 0, "\(report.rendered(as: .text))")
        #expect(findings(report) == [
            "bit-depth:warning:icon.png",          // RGBA, every pixel opaque
            "bit-depth:warning:alt.png", "transparency:warning:alt.png", // alpha 254 in an alternate icon
            "bit-depth:warning:alt-fs8.png",       // palette
            "bit-depth:warning:w-1024.png", "bit-depth:warning:w-216.png", // watch icons with alpha
            "empty-set:warning:Contents.json",     // an extension's placeholder set
            "file-type:warning:sticker.png",       // WebP data named .png
            "interlaced:warning:upload.png",       // interlaced PNG in an image set
        ])
        // PDF, SVG, JPEG, HEIC, a mac-only set, a watch-marketing 1024, a 44 pt template, sRGB cHRM: silent.
        let silent = ["photo.jpg", "vector.pdf", "logo.svg", "picture.heic", "mac-16.png", "mac-1024.png", "button.png", "chrm.png"]
        for name in silent {
            #expect(report.files.contains { ($0.path as NSString).lastPathComponent == name && $0.findings.isEmpty }, "\(name)")
        }
    }

    @Test("a catalog of colour sets only has nothing to check, says so, and does not fail")
    func coloursOnly() throws {
        let report = try Validator().validate([validation.appendingPathComponent("ColoursOnly.xcassets").path,
                                               validation.appendingPathComponent("Good.xcassets").path])
        #expect(report.notes == [validation.appendingPathComponent("ColoursOnly.xcassets").path + ": nothing to check: 3 colour sets"])
        #expect(!report.fails(on: .error) && report.files.count == 19)
    }

    @Test("translucency is an error in the primary set, a warning in alternate and extension sets")
    func primaryAndAlternate() throws {
        let alternate = validation.appendingPathComponent("RealWorld.xcassets/AppIconAlternate.appiconset").path
        let asPrimary = try Validator(appIconName: "AppIconAlternate").validate([alternate])
        #expect(asPrimary.files.flatMap(\.findings).first { $0.rule == .transparency }.map { ($0.severity, $0.reference) }
                    ?? (.warning, "") == (.error, "ITMS-90717: Invalid App Store Icon"))
        let asAlternate = try Validator().validate([alternate])
        #expect(asAlternate.files.flatMap(\.findings).first { $0.rule == .transparency }?.severity == .warning)
    }

    @Test("an Action extension's icon (Mastodon's \"Open in Mastodon\": a glyph on transparency, its catalog beside the Info.plist of com.apple.services) is a template, drawn from its alpha: no transparency or margin warnings; the same set in the app is told; an opaque action icon is a solid block")
    func actionExtensionIcon() throws {
        let project = try Fixtures.tree(["OpenInActionExtension/Media.xcassets/Icon.appiconset/Contents.json":
            #"{"images":[{"filename":"glyph.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#])
        defer { try? FileManager.default.removeItem(at: project) }
        let set = project.appendingPathComponent("OpenInActionExtension/Media.xcassets/Icon.appiconset")
        // A white square glyph in the middle of a transparent 1024 px canvas.
        var glyph = Image(width: 1024, height: 1024, fill: SIMD4(0, 0, 0, 0))
        for y in 300..<724 { for x in 300..<724 { glyph.setPixel(x: x, y: y, SIMD4(255, 255, 255, 255)) } }
        try Data(try PNG.encode(glyph)).write(to: set.appendingPathComponent("glyph.png"))
        func rules() throws -> Set<String> {
            Set(try Validator().validate([project.appendingPathComponent("OpenInActionExtension").path]).files.flatMap(\.findings).map(\.rule.rawValue))
        }
        // No Info.plist: an app icon set like any other, its transparent margin told.
        #expect(try rules().isSuperset(of: ["transparency", "not-filling"]))
        let plist = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>POINT</string>"#
            + "</dict></dict></plist>"
        let info = project.appendingPathComponent("OpenInActionExtension/Info.plist")
        try Data(plist.replacingOccurrences(of: "POINT", with: "com.apple.services").utf8).write(to: info)
        #expect(try rules() == [])
        // With a UI (com.apple.ui-services) too; a share extension's icon is the app's own kind of icon, still told.
        try Data(plist.replacingOccurrences(of: "POINT", with: "com.apple.ui-services").utf8).write(to: info)
        #expect(try rules() == [])
        try Data(plist.replacingOccurrences(of: "POINT", with: "com.apple.share-services").utf8).write(to: info)
        #expect(try rules().contains("transparency"))
        // An opaque icon in an Action extension shows as a solid block.
        try Data(plist.replacingOccurrences(of: "POINT", with: "com.apple.services").utf8).write(to: info)
        try Data(try PNG.encode(Image(width: 1024, height: 1024, fill: SIMD4(20, 90, 200, 255)))).write(to: set.appendingPathComponent("glyph.png"))
        #expect(try rules() == ["template-alpha"])
    }

    @Test("an app extension's AppIcon set (a widget's, beside its Info.plist's NSExtension) is not the app's primary icon: App Store Connect checks the app's alone, so translucency and missing sizes are warnings")
    func extensionSetIsNotPrimary() throws {
        let project = try Fixtures.tree(["Widget/Assets.xcassets/AppIcon.appiconset/Contents.json":
            #"{"images":[{"filename":"icon.png","idiom":"iphone","scale":"2x","size":"60x60"}],"info":{"author":"xcode","version":1}}"#])
        defer { try? FileManager.default.removeItem(at: project) }
        let set = project.appendingPathComponent("Widget/Assets.xcassets/AppIcon.appiconset")
        var icon = Image(width: 120, height: 120, fill: SIMD4(20, 90, 200, 255))
        icon.setPixel(x: 60, y: 60, SIMD4(20, 90, 200, 128))
        try Data(try PNG.encode(icon)).write(to: set.appendingPathComponent("icon.png"))
        func severities() throws -> Set<String> {
            Set(try Validator().validate([set.path]).files.flatMap(\.findings)
                .filter { [.transparency, .missingSize].contains($0.rule) }.map { "\($0.rule.rawValue):\($0.severity.rawValue)" })
        }
        #expect(try severities() == ["transparency:error", "missing-size:error"])
        try Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict></dict></plist>"#.utf8)
            .write(to: project.appendingPathComponent("Widget/Info.plist"))
        #expect(try severities() == ["transparency:warning", "missing-size:warning"])
    }

    @Test("icons only iOS 6's slots name (FluffyChat's flutter_launcher_icons set: iPhone 57 pt, iPad 72 and 50 pt), which actool leaves out of every app for iOS 7 and later, get no opaque-icon rules, only their size; a file a current slot names too is still checked")
    func slotsBeforeIOS7() throws {
        let entry = { (file: String, idiom: String, size: String, scale: String) in
            #"{"filename":"\#(file)","idiom":"\#(idiom)","scale":"\#(scale)","size":"\#(size)"}"#
        }
        let entries = [entry("Icon-57@2x.png", "iphone", "57x57", "2x"), entry("Icon-72@2x.png", "ipad", "72x72", "2x"),
                       entry("Icon-50.png", "ipad", "50x50", "1x"), entry("Icon-76.png", "ipad", "76x76", "1x"),
                       entry("Shared.png", "iphone", "60x60", "2x"), entry("Shared.png", "iphone", "57x57", "2x")]
        let project = try Fixtures.tree(["App/Assets.xcassets/AppIcon.appiconset/Contents.json":
            #"{"images":[\#(entries.joined(separator: ","))],"info":{"author":"xcode","version":1}}"#])
        defer { try? FileManager.default.removeItem(at: project) }
        let set = project.appendingPathComponent("App/Assets.xcassets/AppIcon.appiconset")
        // Translucent RGBA icons, as flutter_launcher_icons writes them without remove_alpha_ios.
        func icon(_ side: Int, _ name: String) throws {
            var image = Image(width: side, height: side, fill: SIMD4(20, 90, 200, 255))
            image.setPixel(x: 0, y: 0, SIMD4(20, 90, 200, 0))
            try Data(try PNG.encode(image)).write(to: set.appendingPathComponent(name))
        }
        try icon(114, "Icon-57@2x.png")
        try icon(144, "Icon-72@2x.png")
        try icon(49, "Icon-50.png")
        try icon(76, "Icon-76.png")
        try icon(120, "Shared.png")
        let report = try Validator().validate([set.path])
        let byFile = Dictionary(grouping: report.files.flatMap { file in file.findings.map { ((file.path as NSString).lastPathComponent, $0) } }, by: \.0)
            .mapValues { Set($0.map { "\($0.1.rule.rawValue):\($0.1.severity.rawValue)" }) }
        #expect(byFile["Icon-57@2x.png"] == nil && byFile["Icon-72@2x.png"] == nil, "\(byFile)")
        #expect(byFile["Icon-50.png"] == ["size:error"], "\(byFile)")
        #expect(byFile["Icon-76.png"]?.contains("transparency:error") == true, "\(byFile)")
        #expect(byFile["Shared.png"]?.contains("transparency:error") == true, "\(byFile)")
    }

    @Test("an app extension's empty AppIcon set (Xcode's widget template, beside the widget's Info.plist: Mastodon's WidgetExtension, BookPlayer's) is no defect: the widget shows its app's icon, and Xcode builds it without a word; the same set with no Info.plist to tell is still said")
    func extensionPlaceholderSet() throws {
        let project = try Fixtures.tree(["WidgetExtension/Assets.xcassets/AppIcon.appiconset/Contents.json":
            #"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#])
        defer { try? FileManager.default.removeItem(at: project) }
        func rules() throws -> [ValidationRule] { try Validator().validate([project.path]).files.flatMap(\.findings).map(\.rule) }
        #expect(try rules() == [.emptySet])
        try Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict></dict></plist>"#.utf8)
            .write(to: project.appendingPathComponent("WidgetExtension/Info.plist"))
        #expect(try rules() == [])
    }

    @Test("each platform is held to its own required sizes")
    func platforms() throws {
        func missing(_ entries: String) throws -> [String] {
            let folder = try catalog(set: "AppIcon.appiconset", json: #"{"images":[\#(entries)],"info":{"author":"xcode","version":1}}"#,
                                     files: ["a.png": try Fixtures.bytes("validation/clean/app-64.png")])
            return try Validator().validate([folder.path]).files.flatMap(\.findings).filter { $0.rule == .missingSize }.map(\.message)
        }
        // A watch set with its marketing icon, a mac set with 512@2x: nothing missing (sizes aside).
        #expect(try missing(#"{"filename":"a.png","idiom":"watch-marketing","scale":"1x","size":"1024x1024"}"#).isEmpty)
        #expect(try missing(#"{"filename":"a.png","idiom":"universal","platform":"watchos","size":"1024x1024"}"#).isEmpty)
        #expect(try missing(#"{"filename":"a.png","idiom":"mac","scale":"2x","size":"512x512"}"#).isEmpty)
        // A watch set without one, a mac set without 512@2x, an iOS set without 1024: each named.
        #expect(try missing(#"{"filename":"a.png","idiom":"watch","scale":"2x","size":"40x40","subtype":"38mm"}"#)
                    == ["A 1024x1024 App Store icon is required for watchOS apps"])
        #expect(try missing(#"{"filename":"a.png","idiom":"mac","scale":"1x","size":"16x16"}"#) == ["A Mac app icon needs its 512pt @2x (1024x1024) image"])
        #expect(try missing(#"{"filename":"a.png","idiom":"iphone","scale":"2x","size":"60x60"},{"idiom":"iphone","scale":"3x","size":"60x60"}"#)
                    == ["A 1024x1024 App Store icon is required for iOS apps", "iPhone needs its 60pt @3x app icon (180x180)"])
        // Empty watch and mac slots beside an iOS set (Xcode's all-platforms template) ask for nothing.
        #expect(try missing(#"{"filename":"a.png","idiom":"universal","platform":"ios","size":"1024x1024"},{"idiom":"watch-marketing","scale":"1x","size":"1024x1024"},{"idiom":"mac","scale":"2x","size":"512x512"}"#).isEmpty)
    }

    @Test("an empty AppIcon.appiconset beside the AppIcon.icon Xcode 26 builds from is said to be unused, not to be filled")
    func emptySetBesideIconComposerBundle() throws {
        // Xcode 26's template set (iOS 1024 any, dark, tinted; empty), as Rivulet keeps it.
        let template = #"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024"},{"appearances":[{"appearance":"luminosity","value":"dark"}],"idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
        func emptySet(_ catalog: URL) throws -> Finding? {
            try Validator().validate([catalog.path]).files.flatMap(\.findings).first { $0.rule == .emptySet }
        }
        func bundle(_ folder: URL) throws {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("Assets"), withIntermediateDirectories: true)
            try Data(#"{"groups":[{"layers":[]}],"supported-platforms":{"squares":"shared"}}"#.utf8).write(to: folder.appendingPathComponent("icon.json"))
        }
        let alone = try catalog(set: "AppIcon.appiconset", json: template)
        #expect(try emptySet(alone)?.fix == "fill it, or delete the set if nothing uses it")
        // Beside the catalog, where Xcode 26 puts it.
        let beside = try catalog(set: "AppIcon.appiconset", json: template)
        try bundle(beside.deletingLastPathComponent().appendingPathComponent("AppIcon.icon"))
        let finding = try #require(try emptySet(beside))
        #expect(finding.severity == .warning && finding.fix == "delete the set")
        #expect(finding.message == "AppIcon.appiconset is empty, and AppIcon.icon beside the catalog has its name: Xcode 26 takes the app icon of that name from the .icon, so the set is unused")
        // One higher up may be another target's (IceCubes' widget extension and the app's AppIcon.icon at the root).
        let project = try Fixtures.temporaryFolder()
        let nested = project.appendingPathComponent("Widgets/Assets.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try Data(template.utf8).write(to: nested.appendingPathComponent("Contents.json"))
        try bundle(project.appendingPathComponent("AppIcon.icon"))
        #expect(try emptySet(nested.deletingLastPathComponent())?.fix == "fill it, or delete the set if nothing uses it")
        // A .icon of another name is not the set's.
        let other = try catalog(set: "AppIcon.appiconset", json: template)
        try bundle(other.deletingLastPathComponent().appendingPathComponent("Other.icon"))
        #expect(try emptySet(other)?.fix == "fill it, or delete the set if nothing uses it")
    }

    @Test("an empty AppIcon.appiconset in an app whose build settings name another icon (Yattee: every target's ASSETCATALOG_COMPILER_APPICON_NAME is Yattee2) is said to be in no build, not to be filled; one the settings name, or a variable, keeps the plain advice")
    func emptySetTheProjectDoesNotName() throws {
        let template = #"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
        let catalog = try catalog(set: "AppIcon.appiconset", json: template)
        let project = catalog.deletingLastPathComponent().appendingPathComponent("App.xcodeproj")
        func emptySet(settings value: String) throws -> Finding? {
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            try Data("{ objects = { A = { buildSettings = { ASSETCATALOG_COMPILER_APPICON_NAME = \(value); }; }; }; }\n".utf8)
                .write(to: project.appendingPathComponent("project.pbxproj"))
            return try Validator().validate([catalog.path]).files.flatMap(\.findings).first { $0.rule == .emptySet }
        }
        let unused = try #require(try emptySet(settings: "Yattee2"))
        #expect(unused.fix == "delete the set" && unused.message == "AppIcon.appiconset is empty, and App.xcodeproj's build settings name Yattee2 "
                + "as the app icon (ASSETCATALOG_COMPILER_APPICON_NAME), not it: no build uses the set", "\(unused.message)")
        #expect(try emptySet(settings: "AppIcon")?.fix == "fill it, or delete the set if nothing uses it")
        #expect(try emptySet(settings: "\"$(APP_ICON)\"")?.fix == "fill it, or delete the set if nothing uses it")
    }

    @Test("an iPhone-only app's set (Rainbow: its app target sets no TARGETED_DEVICE_FAMILY, only its extensions set \"1,2\") keeps the template's empty iPad slots without an error; an app that builds for iPad, or whose xcconfig may say so, still needs them")
    func iPhoneOnlyAppNeedsNoIPadIcons() throws {
        let json = #"{"images":[{"filename":"icon-120.png","idiom":"iphone","scale":"2x","size":"60x60"},"#
            + #"{"filename":"icon-180.png","idiom":"iphone","scale":"3x","size":"60x60"},{"idiom":"ipad","scale":"2x","size":"76x76"},"#
            + #"{"idiom":"ipad","scale":"2x","size":"83.5x83.5"},{"filename":"icon-1024.png","idiom":"ios-marketing","scale":"1x","size":"1024x1024"}],"#
            + #""info":{"author":"xcode","version":1}}"#
        let catalog = try catalog(set: "AppIcon.appiconset", json: json)
        let folder = catalog.deletingLastPathComponent()
        let project = folder.appendingPathComponent("App.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        func configuration(_ id: String, reference: String?, settings: [String]) -> String {
            "\t\t\(id) /* Debug */ = {\n\t\t\tisa = XCBuildConfiguration;\n"
                + (reference.map { "\t\t\tbaseConfigurationReference = 1234ABCD /* \($0) */;\n" } ?? "")
                + "\t\t\tbuildSettings = {\n" + settings.map { "\t\t\t\t\($0);\n" }.joined() + "\t\t\t};\n\t\t\tname = Debug;\n\t\t};\n"
        }
        func iPadSlotsMissing(appFamily: String?) throws -> Int {
            let app = ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon", "INFOPLIST_FILE = App/Info.plist", "PRODUCT_NAME = App"]
                + (appFamily.map { ["TARGETED_DEVICE_FAMILY = \($0)"] } ?? [])
            let text = "// !$*UTF8*$!\n{\n\tobjects = {\n"
                + configuration("A1", reference: "Pods-App.debug.xcconfig", settings: app)
                + configuration("B1", reference: "Pods-Widget.debug.xcconfig", settings: ["PRODUCT_NAME = \"$(TARGET_NAME)\"", "TARGETED_DEVICE_FAMILY = \"1,2\""])
                + configuration("C1", reference: "debug.xcconfig", settings: ["SDKROOT = iphoneos"])
                + "\t};\n}\n"
            try Data(text.utf8).write(to: project.appendingPathComponent("project.pbxproj"))
            return try Validator().validate([catalog.path]).files.flatMap(\.findings)
                .filter { $0.rule == .missingSize && $0.message.contains("iPad") }.count
        }
        #expect(try iPadSlotsMissing(appFamily: nil) == 0)
        #expect(try iPadSlotsMissing(appFamily: "1") == 0)
        #expect(try iPadSlotsMissing(appFamily: "\"1,2\"") == 2)
        // The project's own xcconfig, beside it, setting the family: the project alone cannot tell.
        try Data("TARGETED_DEVICE_FAMILY = 1,2\n".utf8).write(to: folder.appendingPathComponent("debug.xcconfig"))
        #expect(try iPadSlotsMissing(appFamily: nil) == 2)
    }

    @Test("an empty AppIcon.appiconset whose Xcode project copies an AppIcon.icon elsewhere into the app (HealthTrends: at the project's root, in Resources) is said to be unused, not to be filled")
    func emptySetBesideBundledIconComposerBundle() throws {
        let template = #"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let set = root.appendingPathComponent("App/Assets.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(template.utf8).write(to: set.appendingPathComponent("Contents.json"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("AppIcon.icon/Assets"), withIntermediateDirectories: true)
        try Data(#"{"groups":[{"layers":[]}],"supported-platforms":{"squares":"shared"}}"#.utf8).write(to: root.appendingPathComponent("AppIcon.icon/icon.json"))
        let project = root.appendingPathComponent("App.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        func emptySet(resources: String, name: String = "AppIcon") throws -> Finding? {
            try Data("""
                { objects = {
                    B1 /* \(resources) in Resources */ = {isa = PBXBuildFile; fileRef = F1 /* \(resources) */; };
                    C1 = { buildSettings = { ASSETCATALOG_COMPILER_APPICON_NAME = \(name); }; };
                }; }
                """.utf8).write(to: project.appendingPathComponent("project.pbxproj"))
            return try Validator().validate([root.path]).files.flatMap(\.findings).first { $0.rule == .emptySet }
        }
        let unused = try #require(try emptySet(resources: "AppIcon.icon"))
        #expect(unused.severity == .warning && unused.fix == "delete the set")
        #expect(unused.message == "AppIcon.appiconset is empty, and AppIcon.icon, which App.xcodeproj copies into the app, has its name: "
                + "Xcode 26 takes the app icon of that name from the .icon, so the set is unused", "\(unused.message)")
        // A project that copies no .icon of the set's name, or builds another app icon name, keeps the plain advice.
        #expect(try emptySet(resources: "Other.icon")?.fix == "fill it, or delete the set if nothing uses it")
        #expect(try emptySet(resources: "AppIcon.icon", name: "\"$(APP_ICON)\"")?.fix == "fill it, or delete the set if nothing uses it")
    }

    @Test("template-size applies to bar icons only, not to every template image")
    func templateSize() throws {
        let huge = validation.appendingPathComponent("Broken.xcassets/Huge.imageset").path
        #expect(try Validator().validate([huge]).files.flatMap(\.findings).allSatisfy { $0.rule != .templateSize })
        let folder = try Fixtures.temporaryFolder()
        try FileManager.default.copyItem(atPath: huge + "/Huge.png", toPath: folder.appendingPathComponent("ToolbarIcon.png").path)
        let asBarIcon = try Validator(presets: [try PresetCatalog.preset("bar-icons")]).validate([folder.path])
        #expect(asBarIcon.files.flatMap(\.findings).contains { $0.rule == .templateSize })
    }
}

@Suite("CatalogReader: hostile Contents.json")
struct CatalogReaderHostileTests {
    @Test("numbers no Contents.json should hold are malformed entries, not crashes", arguments: [
        (#""size" : "1e19x1e19""#, "images[0]: size \"1e19x1e19\" is not \"WxH\" in points between 0 and 10000"),
        (#""scale" : "9223372036854775807x""#, "images[0]: scale \"9223372036854775807x\" is not \"1x\", \"2x\" or \"3x\""),
        (#""size" : 60"#, "images[0]: size 60 is not \"WxH\" in points between 0 and 10000"),
        (#""size" : "nanxnan""#, "images[0]: size \"nanxnan\" is not \"WxH\" in points between 0 and 10000"),
    ])
    func malformed(field: String, message: String) throws {
        let json = #"{"images":[{"filename":"a.png","idiom":"iphone",\#(field)}],"info":{"version":1}}"#
        let folder = try catalog(set: "AppIcon.appiconset", json: json, files: ["a.png": try Fixtures.bytes("validation/clean/app-64.png")])
        let report = try Validator().validate([folder.path])
        let finding = try #require(report.files.flatMap(\.findings).first { $0.rule == .malformedEntry })
        #expect(finding.message == "Contents.json " + message && finding.severity == .error)
    }

    @Test("an empty, a non-object and a truncated Contents.json are findings")
    func broken() throws {
        for json in ["", "[]", "{\"images\":[{", "{\"images\": 7}"] {
            let folder = try catalog(set: "X.imageset", json: json)
            let report = try Validator().validate([folder.path])
            #expect(report.files.count == 1 && report.files[0].findings.count == 1, "\(json)")
        }
    }
}
