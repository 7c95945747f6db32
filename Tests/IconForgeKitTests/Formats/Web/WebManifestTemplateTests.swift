import Foundation
import IconForgeKit
import TestSupport
import Testing

/// A manifest that is a build's template, as the sweep found one: Pinafore's `src/build/manifest.json` names its
/// icons relative to where its build writes the filled-in copy (`static/manifest.json`, beside `static/icon-192.png`),
/// and its `name` is `{intl.longAppName}`, filled in from the locale. Its icons are not beside it, and that is no error.
@Suite("validate: a manifest that is a build's template")
struct WebManifestTemplateTests {
    let web = WebAppTests()

    @Test("Pinafore's layout: a manifest whose name is {intl.longAppName} names icon-192.png and icon-512.png, not beside it: each a warning that it was not checked, no 'does not exist' error (15 of them before); the same manifest without placeholders keeps its errors")
    func buildTemplate() throws {
        let icons = #""icons":[{"src":"icon-192.png","sizes":"192x192","type":"image/png","purpose":"any"},{"src":"icon-512.png","sizes":"512x512","type":"image/png","purpose":"any"},{"src":"icon-512-maskable.png","sizes":"512x512","type":"image/png","purpose":"maskable"}]"#
        let template = try web.site(["build/manifest.json": #"{"name":"{intl.longAppName}","short_name":"{intl.appName}","display":"standalone","start_url":"/?pwa=true","#
                                         + icons + "}"])
        defer { try? FileManager.default.removeItem(at: template.deletingLastPathComponent()) }
        let findings = try Validator().validate([template.appendingPathComponent("build/manifest.json").path]).files.flatMap(\.findings)
            .filter { $0.rule == .webManifest }
        #expect(!findings.contains { $0.severity == .error }, "\(findings.map(\.line))")
        #expect(findings.filter { $0.severity == .warning && $0.message.contains("a template a build or server fills in") }.count == 3, "\(findings.map(\.line))")

        let plain = try web.site(["build/manifest.json": #"{"name":"Pinafore","display":"standalone","start_url":"/","# + icons + "}"])
        defer { try? FileManager.default.removeItem(at: plain.deletingLastPathComponent()) }
        let errors = try Validator().validate([plain.appendingPathComponent("build/manifest.json").path]).files.flatMap(\.findings)
            .filter { $0.rule == .webManifest && $0.severity == .error }
        #expect(errors.filter { $0.message.contains("which does not exist") }.count == 3, "\(errors.map(\.line))")
    }
}
