import Foundation
import IconForgeKit
import TestSupport
import Testing

/// Every input that can ask for unbounded work is capped, with one line naming the file and the limit. The hostile
/// inputs are built here, small on disk.
@Suite("Bounds: caps with one clear line")
struct BoundsTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

    @Test("a manifest listing more icons than IconForge renders is refused before any work")
    func manifestIconCount() throws {
        let web = try Fixtures.temporaryFolder()
        let icons = (0..<300).map { #"{"src":"icons/i\#($0).png","sizes":"\#(16 + $0)x\#(16 + $0)","type":"image/png"}"# }
        try FileIO.writeAtomically(Array(#"{"name":"x","icons":[\#(icons.joined(separator: ","))]}"#.utf8), to: web.appendingPathComponent("manifest.json").path)
        #expect {
            _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("web"))).run(source: Self.master, outputFolder: web.path)
        } throws: { error in "\(error)".contains("icons to render, more than the 192") }
        #expect(!FileManager.default.fileExists(atPath: web.appendingPathComponent("icons").path))
    }

    @Test("JSON, XML and HTML documents over 4 MiB are refused before parsing, naming the file")
    func documentSize() throws {
        let folder = try Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("Contents.json").path
        try FileIO.writeAtomically(Array(repeating: UInt8(ascii: " "), count: FileIO.maxDocumentBytes + 1), to: path)
        #expect(throws: FileError.documentTooLarge(path: path, bytes: FileIO.maxDocumentBytes + 1, limit: FileIO.maxDocumentBytes)) {
            try FileIO.readDocument(path)
        }
        // In a set, validate says so instead of "has no Contents.json".
        let set = folder.appendingPathComponent("AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: path, toPath: set.appendingPathComponent("Contents.json").path)
        let report = try Validator().validate([set.path])
        #expect(report.files.flatMap(\.findings).contains { $0.message.contains("larger than the 4 MiB IconForge parses") })
    }

    @Test("an .icns with more elements than any real one is refused")
    func icnsElements() throws {
        var bytes = Array("icns".utf8) + [0, 0, 0, 0]
        for _ in 0..<10_000 { bytes += Array("junk".utf8) + [0, 0, 0, 8] }
        let count = UInt32(bytes.count)
        bytes.replaceSubrange(4..<8, with: [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)])
        #expect(throws: IcnsError.tooManyElements(Icns.maxElements)) { try Icns.read(bytes) }
    }

    @Test("an .icon with more groups or layers than IconForge reads is refused")
    func iconComposerCaps() throws {
        let bundle = try Fixtures.temporaryFolder().appendingPathComponent("Big.icon")
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        let groups = Array(repeating: #"{"layers":[{"image-name":"a.png","name":"a"}]}"#, count: 100).joined(separator: ",")
        try FileIO.writeAtomically(Array(#"{"groups":[\#(groups)]}"#.utf8), to: bundle.appendingPathComponent("icon.json").path)
        #expect { _ = try IconComposerBundle.read(bundle.path) } throws: { error in "\(error)".contains("more than the 64 groups") }
    }

    @Test("a preset including more presets than any real one is refused")
    func presetIncludes() throws {
        let names = Array(repeating: "\"ios\"", count: 40).joined(separator: ",")
        let json = #"{"name":"many","includes":[\#(names)]}"#
        #expect { _ = try Preset.parse(Data(json.utf8), file: "many.json") } throws: { error in "\(error)".contains("more than the 32") }
    }

    @Test("an adaptive icon's references are read in one pass, at most 16, however the XML is written")
    func androidReferences() throws {
        let res = try Fixtures.temporaryFolder().appendingPathComponent("res")
        let xml = res.appendingPathComponent("mipmap-anydpi-v26/ic_launcher.xml")
        try FileManager.default.createDirectory(at: xml.deletingLastPathComponent(), withIntermediateDirectories: true)
        let unclosed = "<adaptive-icon>" + String(repeating: "<foreground android:drawable=\"@mipmap/x", count: 50_000)
        try FileIO.writeAtomically(Array(unclosed.utf8), to: xml.path)
        let report = try Validator().validate([res.path])
        let dangling = report.files.flatMap(\.findings).filter { $0.message.contains("names @mipmap/x") }
        #expect(dangling.count == 16)
    }

    @Test("a page of unclosed <link tags is read in one pass, each tag ending at the next <")
    func pageLinks() throws {
        let web = try Fixtures.temporaryFolder()
        let page = String(repeating: "<link rel=icon href=a.png sizes=32x32 ", count: 20_000)
        try FileIO.writeAtomically(Array(page.utf8), to: web.appendingPathComponent("index.html").path)
        try FileIO.writeAtomically(Array(#"{"name":"x","icons":[]}"#.utf8), to: web.appendingPathComponent("manifest.json").path)
        let plan = Generator(options: GenerateOptions(presets: try PresetCatalog.presets("web"))).plan(outputFolder: web.path)
        #expect(plan.files.filter { $0.path == "a.png" }.count == 1)
    }

    @Test("a run that would write more pixels than every preset together is refused before the master is read")
    func pixelsPerRun() throws {
        let outputs = (0..<120).map { #"{"role":"web-clip","idiom":"universal","pixels":"2048x2048","filename":"big-\#($0).png"}"# }
        let preset = try Preset.parse(Data(#"{"name":"huge","outputs":[\#(outputs.joined(separator: ","))]}"#.utf8), file: "huge.json")
        let folder = try Fixtures.temporaryFolder()
        var options = GenerateOptions(presets: [preset])
        options.allowUpscale = true
        #expect {
            _ = try Generator(options: options).run(source: folder.appendingPathComponent("no-such-master.png").path, outputFolder: folder.path)
        } throws: { error in "\(error)".contains("megapixels in all, more than") }
    }
}
