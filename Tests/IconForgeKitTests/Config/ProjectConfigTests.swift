import Foundation
import IconForgeKit
import Raster
import TestSupport
import Testing

@Suite("ProjectConfig (iconforge.yml)")
struct ProjectConfigTests {
    private func load(_ text: String) throws -> ProjectConfig {
        let folder = try Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("iconforge.yml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try ProjectConfig.load(path)
    }

    private func error(_ text: String) throws -> String {
        do { _ = try load(text); return "" } catch { return "\(error)" }
    }

    @Test("a job becomes generate's settings: presets as a list, options by long name, paths against the file's folder")
    func jobs() throws {
        let config = try load("""
            jobs:
              - master: design/icon.svg
                presets: [ios-single, android, web]
                out: build/icons
                dark: design/icon-dark.svg
                tinted: auto
                background: "#102030"
                allow-upscale: true
                alternate: {Holiday: art/holiday.png}
              - master: /abs/icon.png
                presets: macos
                out: mac
            """)
        let folder = (config.path as NSString).deletingLastPathComponent
        #expect(config.jobs.count == 2)
        let first = config.jobs[0]
        #expect(first.masterPath == folder + "/design/icon.svg" && first.presets == "ios-single,android,web" && first.outPath == folder + "/build/icons")
        #expect(first.settings.options.darkSourcePath == folder + "/design/icon-dark.svg")
        #expect(first.settings.options.tintedSource == .auto)
        #expect(first.settings.options.background == RGBColor(hex: "#102030") && first.settings.options.iconBackground == RGBColor(hex: "#102030"))
        #expect(first.settings.options.allowUpscale)
        #expect(first.settings.alternates == [AlternateIcons.Icon(parsing: "Holiday=" + folder + "/art/holiday.png")])
        #expect(first.settings.variant == nil && !first.settings.dryRun)
        let second = config.jobs[1]
        #expect(second.masterPath == "/abs/icon.png" && second.presets == "macos" && second.outPath == folder + "/mac")
        #expect(second.settings.options.background == .white && !second.settings.options.allowUpscale && second.settings.alternates.isEmpty)
        #expect(config.jobs[1].line == 10)
        #expect(config.jobs[0].inputs == [folder + "/design/icon.svg", folder + "/design/icon-dark.svg", folder + "/art/holiday.png"],
                "the master and the files options name; 'auto' and colours are not files")
        #expect(config.jobs[1].inputs == ["/abs/icon.png"])
        // The job's request is the one the command line's flags would make.
        let request = try config.jobs[0].request(environment: [:])
        #expect(request.sources == [folder + "/design/icon.svg"] && request.presetNames == ["ios-single", "android", "web"])
        #expect(request.options.presets.map(\.name) == ["ios-single", "android", "web"] && request.alternates.map(\.name) == ["Holiday"])
    }

    @Test("values are typed when the file is read: the words an option allows, colours, numbers; monochrome none, a colour or a file")
    func typedValues() throws {
        let config = try load("""
            jobs:
              - master: icon.png
                presets: android
                out: res
                filter: mitchell
                fit: fill
                monochrome: none
                android-background: "#00FF00"
                launch-logo-scale: 0.5
                max-memory: 64
                layer: [front=art/front.png]
              - master: icon.png
                presets: android
                out: res
                monochrome: glyph.png
                android-background: back.png
            """)
        let folder = (config.path as NSString).deletingLastPathComponent
        let first = config.jobs[0].settings.options, second = config.jobs[1].settings.options
        #expect(first.filter == .mitchell && first.fit == .fill && first.omitsMonochrome && first.monochrome == nil)
        #expect(first.androidBackground == .color(RGBColor(red: 0, green: 255, blue: 0)) && first.launchLogoScale == 0.5)
        #expect(first.limits.maxDecodedBytes == 64 << 20 && first.visionLayerPaths == ["front": folder + "/art/front.png"])
        #expect(second.monochrome == .file(folder + "/glyph.png") && !second.omitsMonochrome && second.androidBackground == .file(folder + "/back.png"))
        #expect(config.jobs[1].inputs == [folder + "/icon.png", folder + "/glyph.png", folder + "/back.png"])
        let job = "jobs:\n  - master: a.png\n    presets: ios\n    out: x\n"
        #expect(try error(job + "    filter: sharp\n").contains("iconforge.yml:5:13: filter must be one of lanczos3, "))
        #expect(try error(job + "    fit: stretch\n").contains("iconforge.yml:5:10: fit must be one of fill, fit"))
        #expect(try error(job + "    background: red\n").contains(":5:17: background must be a colour, #RRGGBB"))
        #expect(try error(job + "    launch-logo-scale: 2\n").contains(":5:24: --launch-logo-scale must be in (0, 1]"))
        #expect(try error(job + "    max-memory: 0\n").contains(":5:17: --max-memory must be between 1 and 1048576 MiB"))
        #expect(try error(job + "    layer: {side: s.png}\n").contains(":5:13: --layer takes front=FILE, middle=FILE or back=FILE (got 'side="))
        #expect(try error(job + "    app-id: \"a/b\"\n").contains(":5:13: --app-id must be a plain icon name"))
    }

    @Test("errors name the file, line and column", arguments: [
        ("jobs:\n\t- master: a.png\n", ":2:1: tab character in indentation"),
        ("jobs:\n  - master: a.png\n    presets: ios\n    out: x\n    colour: red\n", ":5:5: unknown key 'colour'"),
        ("jobs:\n  - presets: ios\n    out: x\n", ":2:5: a job needs a master"),
        ("jobs:\n  - master: [a\n", ":"),
        ("job:\n  - master: a.png\n", ":1:1: unknown key 'job'"),
        ("jobs:\n  - master: a.png\n    presets: ios\n    out: x\n    allow-upscale: maybe\n", ":5:20: allow-upscale must be true or false"),
    ])
    func errors(text: String, expected: String) throws {
        let message = try error(text)
        #expect(message.contains("iconforge.yml" + expected), "\(message)")
    }
    @Test("variants: one job per variant, its options set over the job's (so they win), its own master, its name")
    func variants() throws {
        let config = try load("""
            jobs:
              - master: icon.png
                presets: [ios, android]
                out: .
                badge: BASE
                variants:
                  - name: dev
                    badge: DEV
                    badge-color: "#1E88E5"
                  - name: brand-b
                    master: brands/b.png
                    badge: ""
            """)
        let folder = (config.path as NSString).deletingLastPathComponent
        #expect(config.jobs.count == 2)
        let dev = config.jobs[0], brand = config.jobs[1]
        #expect(dev.masterPath == folder + "/icon.png" && dev.presets == "ios,android" && dev.outPath == folder + "/.")
        #expect(dev.settings.variant == "dev" && dev.settings.badge.text == "DEV" && dev.settings.badge.color == RGBColor(hex: "#1E88E5"))
        #expect(brand.masterPath == folder + "/brands/b.png" && brand.settings.variant == "brand-b")
        #expect(brand.settings.badge.text == "" && brand.settings.badge.color == nil, "the variant's empty badge is set over the job's")
        #expect(try brand.request(environment: [:]).options.badge == nil)
        #expect(try dev.request(environment: [:]).options.badge?.text == "DEV")
        #expect(config.jobs[1].inputs == [folder + "/brands/b.png"])
        #expect(config.jobs[1].line == 10)
        #expect(try error("jobs:\n  - master: a.png\n    presets: ios\n    out: x\n    variants:\n      - badge: X\n").contains("a variant needs a name"))
        #expect(try error("jobs:\n  - master: a.png\n    presets: ios\n    out: x\n    variants:\n      - name: a\n        colour: red\n")
            .contains("unknown key 'colour'"))
        #expect(try error("jobs:\n  - master: a.png\n    presets: ios\n    out: x\n    variants:\n      - name: a\n      - name: a\n")
            .contains("two variants are named a"))
    }
}
