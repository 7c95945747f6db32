import Foundation
import IconForgeKit
import TestSupport
import Testing

/// A manifest's `icons` entries that are not objects, as the sweep found one (FreeTube's `static/manifest.json` lists
/// `["/_icons/logoColor.svg"]`, a path alone): browsers skip them, so each is named, and the entries after them are
/// named by their place in the file's list.
@Suite("validate: icons entries that are not objects")
struct WebManifestItemsTests {
    let web = WebAppTests()

    @Test("a string among the icons is named as skipped; with nothing else the app cannot be installed; an object after it is counted from the file's list")
    func stringEntries() throws {
        let alone = try web.site(["manifest.json": #"{"name":"F","display":"standalone","icons":["/_icons/logoColor.svg"]}"#,
                                  "_icons/logoColor.svg": #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"/>"#])
        defer { try? FileManager.default.removeItem(at: alone.deletingLastPathComponent()) }
        let first = try Validator().validate([alone.path]).files.flatMap(\.findings).filter { $0.rule == .webManifest }
        #expect(first.contains { $0.severity == .warning && $0.message == #"manifest.json: icons[0] is the string "/_icons/logoColor.svg", not an icon object: browsers skip it"# },
                "\(first.map(\.line))")
        #expect(first.contains { $0.severity == .error && $0.message.contains("has no icon Chrome can install the app with") })

        let mixed = try web.site(["manifest.json": #"{"name":"F","display":"standalone","icons":["/a.svg", 7, {"src":"i.png","sizes":"512x512","type":"image/png"}]}"#])
        defer { try? FileManager.default.removeItem(at: mixed.deletingLastPathComponent()) }
        try web.png(256, "i.png", in: mixed)
        let second = try Validator().validate([mixed.path]).files.flatMap(\.findings).filter { $0.rule == .webManifest }
        #expect(second.contains { $0.message == "manifest.json: icons[1] is not an icon object: browsers skip it" }, "\(second.map(\.line))")
        #expect(second.contains { $0.message == "manifest.json: icons[2] i.png is 256x256 but says 512x512" }, "\(second.map(\.line))")
    }
}
