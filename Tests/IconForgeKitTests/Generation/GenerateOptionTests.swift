import Foundation
import IconForgeKit
import Raster
import Testing

@Suite("GenerateOption and GenerateSettings (generate's options, typed)")
struct GenerateOptionTests {
    @Test("the table: one row per long name, a value name for every option that takes a value, help for each")
    func table() {
        let names = GenerateOption.all.map(\.name)
        #expect(Set(names).count == names.count)
        for option in GenerateOption.all {
            #expect((option.valueName == nil) == (option.kind == .flag), "\(option.name)")
            #expect(!option.help.isEmpty && GenerateOption.named(option.name)?.name == option.name)
        }
        #expect(GenerateOption.named("variant") == nil, "a variant is named by iconforge.yml's variants, not an option")
    }

    @Test("which values name files: a file, a file unless a word, a file unless a colour")
    func namesFile() throws {
        let tinted = try #require(GenerateOption.named("tinted")), monochrome = try #require(GenerateOption.named("monochrome"))
        let background = try #require(GenerateOption.named("android-background")), badge = try #require(GenerateOption.named("badge"))
        #expect(tinted.namesFile("art/t.png") && !tinted.namesFile("auto"))
        #expect(!monochrome.namesFile("none") && !monochrome.namesFile("auto") && monochrome.namesFile("m.png"))
        #expect(!background.namesFile("#102030") && background.namesFile("back.png"))
        #expect(!badge.namesFile("DEV"))
    }

    @Test("set stores each kind typed, or says why it cannot")
    func set() throws {
        var settings = GenerateSettings()
        try settings.set("filter", .text("box"))
        try settings.set("no-linear", .flag(true))
        try settings.set("badge-position", .text("top-left"))
        try settings.set("alternate", .text("Dark=art/dark.png"))
        try settings.set("layer", .namedFile(name: "Front", file: "f.png"))
        try settings.set("max-pixels", .text("1000"))
        try settings.set("dry-run", .flag(true))
        #expect(settings.options.filter == .box && !settings.options.linearLight && settings.badge.position == .topLeft)
        #expect(settings.alternates == [AlternateIcons.Icon(parsing: "Dark=art/dark.png")] && settings.options.visionLayerPaths == ["front": "f.png"])
        #expect(settings.options.limits.maxPixels == 1000 && settings.dryRun)
        for (name, value, reason) in [("filter", GenerateOption.Given.text("sharp"), "filter must be one of lanczos3, mitchell"),
                                      ("alternate", .text("nothing"), "--alternate takes NAME=FILE (got 'nothing')"),
                                      ("allow-upscale", .text("yes"), "allow-upscale must be true or false"),
                                      ("max-pixels", .text("0"), "--max-pixels must be a positive number of pixels"),
                                      ("colour", .text("red"), "unknown option 'colour'")] {
            #expect(throws: OptionError.self, "\(name)") { try settings.set(name, value) }
            do { try settings.set(name, value) } catch { #expect(error.option == name && error.reason.hasPrefix(reason), "\(error.reason)") }
        }
    }

    @Test("validate names the option whose value cannot be used")
    func validate() throws {
        var settings = GenerateSettings()
        try settings.validate()
        settings.options.appIconName = "a/b"
        do { try settings.validate(); Issue.record("a set name with a slash passed") } catch { #expect(error.option == "app-icon-name") }
        settings.options.appIconName = nil
        settings.options.bannerText = "Ünï"
        do { try settings.validate(); Issue.record("a banner text the font cannot draw passed") } catch { #expect(error.option == "banner-text") }
    }

    @Test("the request: the presets read, the badge's placeholders filled from the environment given, an empty badge none")
    func request() throws {
        var settings = GenerateSettings()
        settings.badge.text = "RC {build}"
        settings.badge.style = .ribbon
        settings.variant = "staging"
        let request = try settings.request(sources: ["icon.png"], presets: "ios,web", out: "out", environment: ["BUILD_NUMBER": "41"])
        #expect(request.options.badge?.text == "RC 41" && request.options.badge?.style == .ribbon && request.variant == "staging")
        #expect(request.options.presets.map(\.name) == ["ios", "web"])
        #expect(throws: RequestError.self) { try settings.request(sources: ["icon.png"], presets: "ios", out: "out", environment: [:]) }
        settings.badge.text = ""
        #expect(try settings.request(sources: ["icon.png"], presets: "ios", out: "out", environment: [:]).options.badge == nil)
    }
}
