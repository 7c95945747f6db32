import Foundation
import Raster

/// `validate`'s rules for a web app manifest: every icon exists at its stated size, 192 and 512 are there
/// (browsers require them to install the app), and a maskable icon is there (else Android crops the icon).
enum WebManifestChecks {
    /// The names a manifest goes by (the web format's own list).
    static let names = Set(WebManifest.conventionalNames)

    static func check(manifest path: String, scope: FolderScope? = nil) -> (findings: [SetFinding], files: [String]) {
        let scope = scope ?? FolderScope(path.parentFolder)
        var findings: [SetFinding] = []
        func report(_ finding: Finding) { findings.append(SetFinding(path: path, finding: finding)) }
        let name = (path as NSString).lastPathComponent
        guard scope.contains(path) else {
            report(Finding(.webManifest, .error, "\(name) is a link that leaves \(scope.folder); not opened", fix: "replace the link with the file"))
            return (findings, [path])
        }
        guard let document = WebManifestDocument.read(path) else {
            report(Finding(.webManifest, .error, "\(name) is not a JSON object", fix: "fix the JSON"))
            return (findings, [path])
        }
        let root = document.object
        // Not an app manifest (a package.json…) unless it says how the app starts or shows: one that does and lists no
        // icons is one Chrome will not install (gotify's), checked as if its list were empty.
        guard root["icons"] != nil || root["start_url"] != nil || root["display"] != nil else { return ([], [path]) }
        // Each entry with its index in the file's list, so a message names the entry a reader counts to.
        let items = document.iconItems
        for (index, item) in items.enumerated() where !(item is [String: Any]) {
            // Browsers' manifest parsers read an icon only from an object and skip anything else: FreeTube's
            // ["/_icons/logoColor.svg"] lists a path alone, and so no icon at all.
            let what = (item as? String).map { "is the string \"\($0)\", not an icon object" } ?? "is not an icon object"
            report(Finding(.webManifest, .warning, "\(name): icons[\(index)] \(what): browsers skip it",
                           fix: "give it as {\"src\": …, \"sizes\": \"512x512\", \"type\": \"image/png\"}"))
        }
        let folder = path.parentFolder
        let site = WebApp(manifest: path, scope: scope)
        if let (plugin, made, sameName) = site.manifestReplacedBy {
            // What browsers get is the plugin's manifest, made from its config: this file's icons are not the app's.
            let how = sameName ? "is replaced in the build by the manifest \(plugin) makes (its PWA plugin writes the same name)"
                : "is linked from nowhere: the page links no manifest, and the PWA plugin of \(plugin) links the one it makes, \(made)"
            return ([SetFinding(path: path, finding: Finding(.webManifest, .warning, "\(name) \(how): browsers never get this file, so its icons were not checked",
                                                            fix: "delete it and keep the icons in the plugin's manifest.icons, or give the plugin manifest: false to ship this file"))],
                    [path])
        }
        let icons = items.enumerated().compactMap { index, item in (item as? [String: Any]).map { (index, $0) } }
        findings += iconFindings(icons, name: name, base: folder, site: site, scope: scope, isServerTemplate: document.isServerTemplate, fromCode: false)
            .map { SetFinding(path: path, finding: $0) }
        return (findings, [path])
    }

    /// The manifest a build makes from the code `config` (vite-plugin-pwa's `VitePWA({ manifest: { icons: […] } })` in a
    /// Vite, SvelteKit, Astro or Nuxt config; a Next.js app router's `app/manifest.ts`): its literal icons, checked as
    /// browsers will fetch them from the built site, where the project's `public/` (or Nuxt 2's `static/`) is served at
    /// the root. nil when the code makes no manifest with icons for a site beside it.
    static func check(pluginConfig config: String, scope: FolderScope?) -> (findings: [SetFinding], files: [String])? {
        let project = config.parentFolder, real = FileIO.realPath(config), file = (config as NSString).lastPathComponent
        let isPluginConfig = WebApp.viteConfigNames.contains(file)
        // A plugin's config serves the public/ (Nuxt 2: static/) beside it, or its own folder; a Next.js manifest route
        // (app/manifest.ts, src/app/manifest.ts) the project's public/, one or two folders up.
        let served = isPluginConfig ? ["public", "static", ""].map { $0.isEmpty ? project : (project as NSString).appendingPathComponent($0) }
            : [project.parentFolder, project.parentFolder.parentFolder].map { ($0 as NSString).appendingPathComponent("public") }
        for served in served {
            guard FileManager.default.fileExists(atPath: served) else { continue }
            let site = WebApp(served)
            guard let plugin = site.manifestPlugin, FileIO.realPath(plugin) == real, !site.pluginManifestIcons.isEmpty else { continue }
            let icons = site.pluginManifestIcons.enumerated().map { ($0.offset, $0.element as [String: Any]) }
            let name = isPluginConfig ? "\(file)'s PWA manifest" : "the manifest \((project as NSString).lastPathComponent)/\(file) makes"
            let findings = iconFindings(icons, name: name, base: served, site: site,
                                        scope: scope ?? FolderScope(project), isServerTemplate: false, fromCode: true)
            return (findings.map { SetFinding(path: config, finding: $0) }, [config])
        }
        return nil
    }

    /// The findings on a manifest's icons (`icons`, each with its index in the list, read from `base`), as browsers
    /// fetch them: each file there at its stated size, then one "any" icon to install the app with, 192 and 512, a
    /// maskable one. `fromCode`: the list is read from a build config's literals (vite-plugin-pwa's `manifest.icons`),
    /// where an entry or a member built by code is not seen — an entry without a literal `src` is skipped, and a list
    /// without an installable icon is not said to lack one.
    static func iconFindings(_ icons: [(Int, [String: Any])], name: String, base folder: String, site: WebApp, scope: FolderScope,
                             isServerTemplate: Bool, fromCode: Bool) -> [Finding] {
        var findings: [Finding] = []
        func report(_ finding: Finding) { findings.append(finding) }
        var sizes = Set<String>(), maskable = false, installable = false
        // An Angular app serving this folder copies only what its build's assets name: a file they miss is not in the built site.
        let angular = AngularWorkspace.application(serving: site.root).flatMap { $0.application.assets == nil ? nil : $0 }
        // Every size each file is listed at: one file listed at 192 and 512 is scaled by the browser, not wrong.
        var listedSizes: [String: Set<String>] = [:]
        for (_, icon) in icons {
            guard let src = icon["src"] as? String else { continue }
            listedSizes[src, default: []].formUnion((icon["sizes"] as? String ?? "").split(separator: " ").map(String.init))
        }
        for (index, icon) in icons {
            guard let src = icon["src"] as? String else {
                if fromCode { continue }
                report(Finding(.webManifest, .error, "\(name): icons[\(index)] has no src", fix: "add the icon's path"))
                continue
            }
            let declared = (icon["sizes"] as? String ?? "").split(separator: " ").map(String.init)
            let purposes = ((icon["purpose"] as? String) ?? "any").lowercased().split(separator: " ").map(String.init)
            // Chrome's installability counts "any" icons only; a maskable one is cropped, never shown whole.
            if purposes.contains("any") { sizes.formUnion(declared) }
            if purposes.contains("any"), WebManifestChecks.isInstallableType(icon, src: src), declared.contains(where: WebManifestChecks.isInstallableSize) {
                installable = true
            }
            if purposes.contains("maskable") { maskable = true }
            if purposes.contains("any"), purposes.contains("maskable") {
                report(Finding(.webManifest, .warning, "\(name): icons[\(index)] \(src) is \"any maskable\": one picture cannot serve both — "
                               + "shown whole it has the safe zone's wide margins, cropped it loses what is outside them (Chrome warns about it)",
                               fix: "give two icons, one \"any\" and one \"maskable\" ('iconforge generate --preset web' does)"))
            }
            if isServerTemplate, WebApp.isFromRoot(src) {
                report(Finding(.webManifest, .warning, "\(name): icons[\(index)] names \(src), from the root, in a manifest a server fills in "
                               + "(it holds placeholders): the site that serves it holds the file, so it was not checked",
                               fix: "validate the folder the server serves, or the built site"))
                continue
            }
            if site.cannotResolve(src) {
                report(Finding(.webManifest, .warning, "\(name): icons[\(index)] names \(src), from the root of a site whose page is a server's template: "
                               + "where the server serves \"/\" from is not this folder, so the file was not checked", fix: "validate the folder the server serves, or the built site"))
                continue
            }
            // Remote URLs are not checked; every local path form is (relative, from the site's root, behind a template prefix).
            guard let file = site.resolve(src, base: folder) else { continue }
            guard scope.contains(file) else {
                report(Finding(.webManifest, .error, "\(name): icons[\(index)] names \(src), outside \(scope.folder); not read",
                               fix: "keep the icons inside the web folder"))
                continue
            }
            guard let data = try? FileIO.read(file) else {
                // A template (Pinafore's src/build/manifest.json, which its build fills in and writes into static/, beside
                // the icons) is not the file browsers get: where it is served from, and so where its icons are, is not here.
                if isServerTemplate {
                    report(Finding(.webManifest, .warning, "\(name): icons[\(index)] names \(src), which is not beside this manifest, a template "
                                   + "a build or server fills in (it holds placeholders) and serves from elsewhere, so the file was not checked",
                                   fix: "validate the folder the filled-in manifest is served from, or the built site"))
                    continue
                }
                report(Finding(.webManifest, .error, "\(name): icons[\(index)] names \(src), which does not exist"
                               + WebManifestChecks.pageRelativeHint(src, file: file, site: site, scope: scope), fix: "add the file, or fix src"))
                continue
            }
            if let (workspace, application) = angular, let relative = FileIO.relativePath(file, to: workspace), !application.ships(relative) {
                report(Finding(.webManifest, .error, "\(name): icons[\(index)] names \(src), which the build's assets in angular.json do not name: "
                               + "`ng build` leaves it out of the site, so browsers get a 404", fix: "add \"\(relative)\" to projects.\(application.name).architect.build.options.assets"))
                continue
            }
            let size = FileKind.pixelSize(data)
            if let size, !declared.isEmpty, !declared.contains(size.description), !declared.contains("any") {
                // The same file listed at its own size elsewhere: a browser asking for the smaller one scales it down.
                if listedSizes[src]?.contains(size.description) == true {
                    report(Finding(.webManifest, .warning, "\(name): icons[\(index)] \(src) is \(size) but says \(declared.joined(separator: " ")) "
                                   + "(the same file is listed at \(size) too): browsers scale it, at a cost in sharpness",
                                   fix: "give each size its own file ('iconforge generate --preset web' renders one per size)"))
                } else if WebManifestChecks.isLarger(size, thanAllOf: declared) {
                    // Chrome picks the icon by its stated size and scales what it downloads to fit: a larger file
                    // installs and draws well, only heavier; DevTools reports the mismatch.
                    report(Finding(.webManifest, .warning, "\(name): icons[\(index)] \(src) is \(size) but says \(declared.joined(separator: " ")): "
                                   + "browsers download the larger file and scale it down",
                                   fix: "export it at the stated size, or correct sizes"))
                } else {
                    report(Finding(.webManifest, .error, "\(name): icons[\(index)] \(src) is \(size) but says \(declared.joined(separator: " "))",
                                   fix: "export it at the stated size, or correct sizes"))
                }
            }
        }
        // Chrome installs an app whose manifest has one "any" icon in PNG, SVG or WebP of at least 144 px (or sizes
        // "any"): without one, an error; with one, a missing 192 or 512 is what Chrome's documentation asks for (the
        // launcher and Android's splash screen are drawn from them), a warning.
        if !installable {
            guard !fromCode else { return findings }
            report(Finding(.webManifest, .error, "\(name) has no icon Chrome can install the app with: one of purpose any, PNG, SVG or WebP, "
                           + "of at least 144x144 (give 192x192 and 512x512)", fix: "run 'iconforge generate MASTER --preset web'"))
        } else {
            for required in ["192x192", "512x512"] where !sizes.contains(required) && !sizes.contains("any") {
                report(Finding(.webManifest, .warning, "\(name) has no \(required) icon: Chrome installs the app from a larger or smaller one, scaled; "
                               + "its documentation asks for 192 and 512", fix: "run 'iconforge generate MASTER --preset web'"))
            }
        }
        if !maskable {
            report(Finding(.webManifest, .warning, "\(name) has no maskable icon: Android shows the \"any\" icon shrunk onto a white plate of its launcher's shape",
                           fix: "add one with purpose \"maskable\" ('iconforge generate --preset web' does)"))
        }
        return findings
    }

    /// Chrome's types for an installable icon: PNG, SVG or WebP, by `type`, else by the file's extension.
    static func isInstallableType(_ icon: [String: Any], src: String) -> Bool {
        if let type = icon["type"] as? String, !type.isEmpty { return ["image/png", "image/svg+xml", "image/webp"].contains(type.lowercased()) }
        let name = src.split(whereSeparator: { $0 == "?" || $0 == "#" }).first.map(String.init)?.lowercased() ?? ""
        return [".png", ".svg", ".webp"].contains(where: name.hasSuffix)
    }

    /// A `sizes` token Chrome takes for installing: "any", or a size of at least 144 px each way.
    static func isInstallableSize(_ token: String) -> Bool {
        if token.lowercased() == "any" { return true }
        guard let size = PixelSize(parsing: token) else { return false }
        return size.width >= 144 && size.height >= 144
    }

    /// For a relative `src` that names no file: the file it would name read from the page instead, when that one
    /// exists (Angular's `assets/icons/…` written as the page sees it, in a manifest that is itself in `assets/`).
    static func pageRelativeHint(_ src: String, file: String, site: WebApp, scope: FolderScope) -> String {
        let text = src.trimmingCharacters(in: .whitespaces)
        // "../icons/x" from a manifest at the root (Ionic's public/manifest.json, the icons beside public/): the URL is /icons/x.
        if text.split(separator: "/").contains(".."), let inside = FileIO.relativePath(file, to: site.root) {
            return " (a URL's \"..\" stops at the site's root: it is /\(inside) there)"
        }
        guard !text.hasPrefix("/"), !WebApp.templatePrefixes.contains(where: text.hasPrefix),
              let fromRoot = site.resolve(text, base: site.page?.parentFolder ?? site.root), fromRoot != file,
              scope.contains(fromRoot), FileManager.default.fileExists(atPath: fromRoot) else { return "" }
        let shown = FileIO.relativePath(fromRoot, to: site.root) ?? fromRoot
        return " (a src is read from the manifest's folder; from the page, \(shown) exists)"
    }
}

extension WebManifestChecks {
    /// True when the image is at least as large, in both directions, as every size `sizes` states ("512x512").
    static func isLarger(_ size: PixelSize, thanAllOf sizes: [String]) -> Bool {
        let stated = sizes.compactMap { text -> (Int, Int)? in
            let parts = text.lowercased().split(separator: "x")
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
            return (width, height)
        }
        return !stated.isEmpty && stated.allSatisfy { size.width >= $0.0 && size.height >= $0.1 }
    }
}
