import Foundation
import IconForgeKit
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

    @Test("a job becomes generate's arguments: presets as a list, options by long name, paths against the file's folder")
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
        #expect(config.jobs[0].arguments == [folder + "/design/icon.svg", "--preset", "ios-single,android,web", "--out", folder + "/build/icons",
                                             "--dark", folder + "/design/icon-dark.svg", "--tinted", "auto", "--background", "#102030",
                                             "--allow-upscale", "--alternate", "Holiday=" + folder + "/art/holiday.png"])
        #expect(config.jobs[1].arguments == ["/abs/icon.png", "--preset", "macos", "--out", folder + "/mac"])
        #expect(config.jobs[1].line == 10)
        #expect(config.jobs[0].inputs == [folder + "/design/icon.svg", folder + "/design/icon-dark.svg", folder + "/art/holiday.png"],
                "the master and the files options name; 'auto' and colours are not files")
        #expect(config.jobs[1].inputs == ["/abs/icon.png"])
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
    @Test("variants: one job per variant, its options after the job's (so they win), its own master, --variant last")
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
        #expect(config.jobs[0].arguments == [folder + "/icon.png", "--preset", "ios,android", "--out", folder + "/.", "--badge", "BASE",
                                             "--badge", "DEV", "--badge-color", "#1E88E5", "--variant", "dev"])
        #expect(config.jobs[1].arguments == [folder + "/brands/b.png", "--preset", "ios,android", "--out", folder + "/.", "--badge", "BASE",
                                             "--badge", "", "--variant", "brand-b"])
        #expect(config.jobs[1].inputs == [folder + "/brands/b.png"])
        #expect(config.jobs[1].line == 10)
        #expect(try error("jobs:\n  - master: a.png\n    presets: ios\n    out: x\n    variants:\n      - badge: X\n").contains("a variant needs a name"))
        #expect(try error("jobs:\n  - master: a.png\n    presets: ios\n    out: x\n    variants:\n      - name: a\n        colour: red\n")
            .contains("unknown key 'colour'"))
        #expect(try error("jobs:\n  - master: a.png\n    presets: ios\n    out: x\n    variants:\n      - name: a\n      - name: a\n")
            .contains("two variants are named a"))
    }
}
