import IconForgeKit
import Testing

@Suite("AlternateIcons")
struct AlternateIconsTests {
    @Test("NAME=FILE parses; anything else does not", arguments: [
        ("Dark=icons/dark.png", "Dark", "icons/dark.png"), ("A=b=c.png", "A", "b=c.png"),
    ])
    func parses(text: String, name: String, master: String) throws {
        let icon = try #require(AlternateIcons.Icon(parsing: text))
        #expect(icon.name == name && icon.master == master)
    }

    @Test("refused", arguments: ["Dark", "=x.png", "Dark=", "a/b=x.png"])
    func refused(text: String) { #expect(AlternateIcons.Icon(parsing: text) == nil) }

    @Test("only app-icon sets are made for an alternate; the snippet names every alternate")
    func preset() throws {
        let preset = try #require(AlternateIcons.preset(from: try PresetCatalog.presets("ios,web-clip,icon-composer")))
        #expect(preset.outputs.allSatisfy { ["appiconset", "icon"].contains($0.setKind ?? "") })
        #expect(AlternateIcons.preset(from: try PresetCatalog.presets("web-clip")) == nil)
        let snippet = AlternateIcons.snippet(names: ["Dark", "Sun"])
        #expect(snippet.contains("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Dark Sun"))
        #expect(snippet.contains("<key>Sun</key>") && snippet.contains("<string>Dark</string>"))
    }
}
