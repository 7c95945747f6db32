import Foundation
import IconForgeKit
import TestSupport
import Testing

/// Angular workspaces, as `ng new` and `ng add @angular/pwa` lay them out: Angular 16's `src/` with an explicit assets
/// list, Angular 17's `public/` copied whole, Ionic's object assets. Built here; no project's files are copied.
@Suite("Web: Angular workspaces")
struct AngularWorkspaceTests {
    let web = WebAppTests()

    /// `angular.json` with one application `app` whose build lists `assets`, and the page in src/.
    private func workspace(assets: String) throws -> URL {
        let root = try Fixtures.temporaryFolder()
        let json = #"{"version":1,"projects":{"app":{"projectType":"application","root":"","sourceRoot":"src","architect":{"build":{"options":{"index":"src/index.html","assets":"#
            + assets + "}}}}}}"
        try Data(json.utf8).write(to: root.appendingPathComponent("angular.json"))
        let src = root.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: src.appendingPathComponent("assets/icons"), withIntermediateDirectories: true)
        try Data(#"<!doctype html><html><head><base href="/"><link rel="icon" type="image/x-icon" href="favicon.ico"><link rel="manifest" href="manifest.webmanifest"></head><body><app-root></app-root></body></html>"#.utf8)
            .write(to: src.appendingPathComponent("index.html"))
        try Data(#"{"name":"A","display":"standalone","start_url":"./","icons":[{"src":"assets/icons/icon-192x192.png","sizes":"192x192","type":"image/png","purpose":"any"},{"src":"assets/icons/icon-512x512.png","sizes":"512x512","type":"image/png","purpose":"any"}]}"#.utf8)
            .write(to: src.appendingPathComponent("manifest.webmanifest"))
        try web.png(192, "src/assets/icons/icon-192x192.png", in: root)
        try web.png(512, "src/assets/icons/icon-512x512.png", in: root)
        return root
    }

    private let assets16 = #"["src/favicon.ico","src/assets","src/manifest.webmanifest"]"#

    @Test("Angular 16 (ng add @angular/pwa): src/ is the site, and only what its assets list names is copied by ng build")
    func angular16() throws {
        let root = try workspace(assets: assets16)
        #expect(ProjectLayout(root: root.path).webFolder == "src")
        let apps = try #require(AngularWorkspace.read(root: root.path)).applications
        #expect(apps.map(\.servedFolder) == ["src"])
        #expect(apps[0].ships("src/assets/icons/icon-maskable-512.png"))
        #expect(apps[0].ships("src/favicon.ico"))
        #expect(!apps[0].ships("src/apple-touch-icon.png"))
        #expect(!apps[0].ships("src/assets-old/x.png"))
    }

    @Test("Angular 17 (public/ copied whole to the site's root): public/ is the site, every file in it ships")
    func angular17() throws {
        let root = try workspace(assets: #"[{"glob":"**/*","input":"public"}]"#)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("public"), withIntermediateDirectories: true)
        let apps = try #require(AngularWorkspace.read(root: root.path)).applications
        #expect(apps.map(\.servedFolder) == ["public"])
        #expect(apps[0].assets == nil)
        #expect(apps[0].ships("public/apple-touch-icon.png"))
        #expect(ProjectLayout(root: root.path).webFolder == "public")
    }

    @Test("Ionic's object assets ({glob, input, output}): a file ships when its folder and the glob match")
    func ionicAssets() throws {
        let root = try workspace(assets: #"[{"glob":"**/*","input":"src/assets","output":"assets"},{"glob":"*.svg","input":"src/svg","output":"./svg"},{"glob":"**/*.png","input":"src/extra","output":"extra"}]"#)
        let app = try #require(AngularWorkspace.read(root: root.path)).applications[0]
        #expect(app.servedFolder == "src")
        #expect(app.ships("src/assets/icon/favicon.png"))
        #expect(app.ships("src/svg/logo.svg"))
        #expect(!app.ships("src/svg/deeper/logo.svg"))
        #expect(!app.ships("src/svg/logo.png"))
        #expect(app.ships("src/extra/a/b.png"))
        #expect(!app.ships("src/manifest.webmanifest"))
    }

    @Test("generate --preset web into an Angular 16 workspace's root: the icons go to src/, and the files ng build would not copy are named")
    func generateIntoWorkspace() throws {
        let root = try workspace(assets: assets16)
        let routes = try ProjectLayout.routes(presets: ["web"], out: root.path)
        #expect(routes.map(\.folder) == [root.appendingPathComponent("src").path])
        let report = try web.generate(into: root.appendingPathComponent("src"))
        let warning = try #require(report.warnings.first { $0.contains("angular.json") }, "\(report.warnings)")
        #expect(warning.contains("src/apple-touch-icon.png") && warning.contains("projects.app.architect.build.options.assets"))
        // The manifest's icons and the maskable ones beside them are in src/assets, which ships: not named.
        #expect(!warning.contains("icon-maskable") && !warning.contains("manifest.webmanifest") && !warning.contains("icons.html"))
        // Listed, nothing is said.
        let listed = try workspace(assets: #"["src/favicon.ico","src/assets","src/manifest.webmanifest","src/apple-touch-icon.png","src/favicon-16x16.png","src/favicon-32x32.png"]"#)
        #expect(!(try web.generate(into: listed.appendingPathComponent("src"))).warnings.contains { $0.contains("angular.json") })
    }

    @Test("validate: a manifest icon in src/ that angular.json's assets do not name is an error (ng build leaves it out); listed, it is clean")
    func validateUnshippedIcon() throws {
        let root = try workspace(assets: #"["src/favicon.ico","src/manifest.webmanifest"]"#)
        let findings = try Validator().validate([root.path]).files.flatMap(\.findings).filter { $0.rule == .webManifest && $0.severity == .error }
        #expect(findings.count == 2 && findings.allSatisfy { $0.message.contains("ng build") }, "\(findings.map(\.line))")
        let listed = try workspace(assets: assets16)
        #expect(try Validator().validate([listed.path]).errors == 0)
        // Angular 17: all of public/ ships; the same manifest there is clean.
        let modern = try workspace(assets: #"[{"glob":"**/*","input":"src"}]"#)
        #expect(try Validator().validate([modern.path]).errors == 0)
    }
}
