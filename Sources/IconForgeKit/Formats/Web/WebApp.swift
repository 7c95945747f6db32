import Foundation

/// A website's folder as a browser sees it, read once for `generate`, `validate` and `preview`: the folder served as
/// the site's root, its page (`index.html` in the folder, or in its parent for Vite's `index.html` + `public/`), the
/// manifest the page links (else one of the usual names), and how a `src` or `href` resolves to a file.
struct WebApp: Sendable {
    /// The folder served at the site's root ("/"): where absolute paths start.
    let root: String
    /// The page, when there is one.
    let page: String?
    /// The manifest: the one the page links when it exists, else `manifest.webmanifest`, `manifest.json` or
    /// `site.webmanifest` in the root; nil when there is none.
    let manifest: String?
    /// A manifest the site has (linked from the page, or by a usual name) that is a link leaving the folder: never
    /// read, and never written through.
    let manifestOutside: String?
    /// The Vite or Nuxt config that makes the site's manifest at build time (vite-plugin-pwa's `VitePWA({ manifest: … })`,
    /// Nuxt's `@nuxtjs/pwa` or `@vite-pwa/nuxt` for its `static/` or `public/`), when
    /// the site has no manifest file of its own: a manifest written into the folder would be a second one.
    let manifestPlugin: String?
    /// The icons that plugin's `manifest: { icons: […] }` lists as literals (noStrudel's `/icon-192-maskable.png`), each
    /// by its string members: the files the built manifest will name.
    let pluginManifestIcons: [[String: String]]
    /// The Vite or Nuxt config whose PWA plugin is told not to make the manifest (`manifest: false`), or a Nuxt config
    /// whose `pwa` options are kept in another file, in a site with no page to link one and no manifest file: the
    /// project's own code makes it (Elk's Nuxt module writes one manifest per language), so a manifest file written here
    /// would be linked from nowhere.
    let manifestMadeByCode: String?
    /// True when the page is a server's template (Django's `{% static %}`, Flask's `url_for('static', …)`): the folder is
    /// not what the server serves at "/", so a path from the root names no file IconForge can find here.
    let pageIsServerTemplate: Bool
    /// For the `public/` of a Next.js app, the metadata files of its app router (`app/` or `src/app/`) by the path from
    /// the site's root each is served at: `favicon.ico`, `icon.png`, `apple-icon.png`, `manifest.json`, and
    /// `manifest.webmanifest` for a `manifest.ts` (or `.js`) that makes it. A file of that path in `public/` is a
    /// conflict Next.js refuses ("A conflicting public file and page file was found"), so none is written there.
    let appRoutes: [String: String]

    /// The names of a Vite or Nuxt project's config, in the folder that holds its `index.html` or its `public/`.
    static let viteConfigNames = ["vite.config.ts", "vite.config.js", "vite.config.mts", "vite.config.mjs", "vite.config.cts", "vite.config.cjs",
                                  "nuxt.config.ts", "nuxt.config.js", "nuxt.config.mjs"]

    /// Prefixes that templates put before paths and the build replaces with the site's base: Create React App's
    /// `%PUBLIC_URL%`, Vite's `%BASE_URL%`, Eleventy/Jinja `{{ base }}`, Flutter's `$FLUTTER_BASE_HREF`, SvelteKit's
    /// `%sveltekit.assets%`. A path behind one is a path from the root.
    static let templatePrefixes = ["%PUBLIC_URL%", "%BASE_URL%", "{{ base }}", "{{base}}", "$FLUTTER_BASE_HREF", "%sveltekit.assets%"]

    /// The website at `folder`.
    init(_ folder: String) {
        root = folder
        // Nothing is read through a link that leaves the folder: not the page, not the manifest it links.
        let scope = FolderScope(folder)
        let own = (folder as NSString).appendingPathComponent(WebPage.fileName)
        let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
        let above = absolute.parentFolder
        let parent = (above as NSString).appendingPathComponent(WebPage.fileName)
        if FileManager.default.fileExists(atPath: own), scope.contains(own) {
            page = own
        } else if (absolute as NSString).lastPathComponent == "public", FileManager.default.fileExists(atPath: parent), FolderScope(above).contains(parent) {
            page = parent // Vite: the page beside public/, public/ served at the root
        } else {
            page = nil
        }
        var manifest: String?, outside: String?
        if let page, let href = WebPage.manifestHref(in: page), let path = WebApp.resolve(href, root: folder, base: page.parentFolder),
           FileManager.default.fileExists(atPath: path) {
            if scope.contains(path) { manifest = path } else { outside = path }
        }
        if manifest == nil, outside == nil {
            for name in WebManifest.conventionalNames {
                let path = (folder as NSString).appendingPathComponent(name)
                // A browser extension's manifest.json is not a web app's.
                guard FileManager.default.fileExists(atPath: path), !(name == ExtensionManifest.fileName && ExtensionManifest.read(path) != nil) else { continue }
                if scope.contains(path) { manifest = path } else { outside = path }
                break
            }
        }
        // The build configs that may make the manifest, read once.
        let configs = WebApp.configs(projects: WebApp.configFolders(page: page, root: absolute) + WebApp.projectsServing(absolute))
        // A manifest the PWA plugin writes over at build time (Coracle's public/manifest.webmanifest) is not the site's:
        // the plugin's is, and a file written here would never reach a browser.
        if let found = manifest, WebApp.pluginReplacing(found, root: folder, page: page, configs: configs) != nil { manifest = nil }
        self.manifest = manifest
        manifestOutside = outside
        pageIsServerTemplate = page.map(WebApp.isServerTemplate) ?? false
        appRoutes = WebApp.nextAppRoutes(served: absolute)
        // Next.js's app router makes the manifest (app/manifest.ts, inbox-zero's; or serves app/manifest.json): a build's
        // manifest as a PWA plugin's is, its literal icons the files it names.
        let route = appRoutes.first { $0.key.hasPrefix("manifest.") }?.value
        manifestPlugin = manifest == nil && outside == nil ? WebApp.manifestPlugin(configs) ?? route : nil
        if let route, manifestPlugin == route {
            pluginManifestIcons = (try? FileIO.readDocument(route)).map { WebApp.routeManifestIcons(in: String(decoding: $0, as: UTF8.self)) } ?? []
        } else {
            pluginManifestIcons = manifestPlugin.flatMap { plugin in configs.first { $0.path == plugin } }.map { WebApp.pluginManifestIcons(in: $0.text) } ?? []
        }
        manifestMadeByCode = manifest == nil && outside == nil && page == nil && manifestPlugin == nil
            ? WebApp.manifestPlugin(configs, turnedOff: true) ?? WebApp.nuxtPWAConfig(configs) : nil
    }

    /// The config of the PWA plugin that keeps `manifest` from browsers in the built site, when it does, with the name
    /// of the manifest it makes and whether that is the same file: vite-plugin-pwa (and its SvelteKit, Astro and Nuxt
    /// forms) emits `manifest.webmanifest` (or its `manifestFilename`) at the root of the build after Vite copies
    /// `public/` there, so a file of that name in the served root is replaced (its maintainers' advice is `manifest:
    /// false` to ship one's own); and it injects the `<link rel="manifest">` to its own into the page, so a manifest of
    /// another name that the page does not link (Dashy's public/manifest.json, left from its Vue CLI days) is linked
    /// from nowhere. `@nuxtjs/pwa` names its own by hash: nothing is replaced.
    static func pluginReplacing(_ manifest: String, root: String, page: String?, configs: [(path: String, text: String)]) -> (plugin: String, made: String, sameName: Bool)? {
        guard let (plugin, text) = configs.first(where: { usesPWAPlugin($0.text) && makesManifest($0.text) }),
              vitePWAMarkers.contains(where: text.contains) else { return nil }
        let name = text.firstMatch(of: /manifestFilename\s*:\s*["'`]([^"'`]+)["'`]/).map { String($0.1) } ?? "manifest.webmanifest"
        let served = URL(fileURLWithPath: root).standardizedFileURL.path, file = URL(fileURLWithPath: manifest).standardizedFileURL.path
        let made = name.hasPrefix("/") ? String(name.dropFirst()) : name
        if file == (served as NSString).appendingPathComponent(made) { return (plugin, made, true) }
        // A page that links a manifest itself keeps it; one that links none gets the plugin's link alone.
        if let page, WebPage.manifestHref(in: page) == nil { return (plugin, made, false) }
        return nil
    }

    /// The folders beside `folder` whose Vite config takes it as its `publicDir` (Excalidraw's `excalidraw-app/` serves
    /// `../public`).
    static func projectsServing(_ folder: String) -> [String] {
        let above = folder.parentFolder, name = (folder as NSString).lastPathComponent
        guard !name.isEmpty, above != folder else { return [] }
        let siblings = ((try? FileManager.default.contentsOfDirectory(atPath: above)) ?? []).filter { !$0.hasPrefix(".") && $0 != name }.sorted().prefix(64)
        return siblings.compactMap { sibling -> String? in
            let project = (above as NSString).appendingPathComponent(sibling)
            for config in viteConfigNames where config.hasPrefix("vite.") {
                let path = (project as NSString).appendingPathComponent(config)
                guard FolderScope(project).contains(path), let bytes = try? FileIO.readPrefix(path, upTo: 1 << 20) else { continue }
                let text = String(decoding: bytes, as: UTF8.self)
                if text.range(of: #"publicDir\s*:\s*["'`]\.\./"# + NSRegularExpression.escapedPattern(for: name) + #"/?["'`]"#, options: .regularExpression) != nil {
                    return project
                }
            }
            return nil
        }
    }

    /// The first Nuxt config of `configs` with a `pwa` key whose options live elsewhere (Elk's `pwa,` imported from
    /// config/pwa.ts, read by its own modules/pwa): a PWA module the config's text does not show makes the manifest.
    static func nuxtPWAConfig(_ configs: [(path: String, text: String)]) -> String? {
        configs.first { ($0.path as NSString).lastPathComponent.hasPrefix("nuxt.") && $0.text.contains(/(?m)^\s*pwa\s*[,:}]/) }?.path
    }

    /// The first Vite or Nuxt config of `configs` whose vite-plugin-pwa makes a manifest (`manifest: false` makes none), or with
    /// `turnedOff`, the first whose plugin is told to make none.
    static func manifestPlugin(_ configs: [(path: String, text: String)], turnedOff: Bool = false) -> String? {
        configs.first { usesPWAPlugin($0.text) && makesManifest($0.text) != turnedOff }?.path
    }

    /// The entries of the `icons` array of a PWA plugin's `manifest: { … }`, each as its members whose value is a string
    /// literal (`src`, `sizes`, `purpose`); read without running the config (`ExpoCodeConfig.tokenize`), so a list built
    /// by code gives nothing, and an entry keeps only its literal members.
    static func pluginManifestIcons(in text: String) -> [[String: String]] {
        let tokens = ExpoCodeConfig.tokenize(text)
        func at(_ index: Int) -> ExpoCodeConfig.Token { index < tokens.count ? tokens[index] : .punct(";") }
        let opens = { (index: Int, key: String, bracket: Character) in
            at(index).keyText == key && at(index + 1) == .punct(":") && at(index + 2) == .punct(bracket)
        }
        guard let start = tokens.indices.first(where: { opens($0, "manifest", "{") }) else { return [] }
        // The `icons: [` at the manifest object's own level.
        var depth = 0, index = start + 2
        while index < tokens.count {
            switch tokens[index] {
            case .punct("{"), .punct("["): depth += 1
            case .punct("}"), .punct("]"):
                depth -= 1
                if depth == 0 { return [] }
            default:
                guard depth == 1, opens(index, "icons", "[") else { break }
                var icons: [[String: String]] = [], entry: [String: String] = [:], level = 0, item = index + 3
                while item < tokens.count, !(level == 0 && tokens[item] == .punct("]")) {
                    switch tokens[item] {
                    case .punct("{"), .punct("["):
                        level += 1
                        if level == 1 { entry = [:] }
                    case .punct("}"), .punct("]"):
                        if level == 1, !entry.isEmpty { icons.append(entry) }
                        level -= 1
                    default:
                        if level == 1, let key = at(item).keyText, at(item + 1) == .punct(":"), case .string(let value) = at(item + 2),
                           [.punct(","), .punct("}")].contains(at(item + 3)) {
                            entry[key] = value
                            item += 3
                            continue
                        }
                    }
                    item += 1
                }
                return icons
            }
            index += 1
        }
        return []
    }

    /// The calls and modules of vite-plugin-pwa and its SvelteKit, Astro and Nuxt forms, which write `manifest.webmanifest`.
    static let vitePWAMarkers = ["VitePWA(", "SvelteKitPWA(", "AstroPWA(", "@vite-pwa/nuxt"]

    /// True when the config uses a PWA plugin: vite-plugin-pwa's forms or `@nuxtjs/pwa`.
    private static func usesPWAPlugin(_ config: String) -> Bool { (vitePWAMarkers + ["@nuxtjs/pwa"]).contains(where: config.contains) }

    /// True unless the config tells its PWA plugin `manifest: false`.
    private static func makesManifest(_ config: String) -> Bool { config.range(of: #"manifest\s*:\s*false"#, options: .regularExpression) == nil }

    /// The folders whose Vite or Nuxt config serves a site: the page's, the site's own, and the project above a `public/`
    /// or `static/` folder.
    static func configFolders(page: String?, root: String) -> [String?] {
        [page?.parentFolder, root, ["public", "static"].contains((root as NSString).lastPathComponent) ? root.parentFolder : nil]
    }

    /// The Vite and Nuxt configs of `projects` (each folder once, in order of path; each config name in
    /// `viteConfigNames`' order), with their text.
    static func configs(projects: [String?]) -> [(path: String, text: String)] {
        Set(projects.compactMap { $0 }).sorted().flatMap { folder in
            viteConfigNames.compactMap { name -> (path: String, text: String)? in
                let path = (folder as NSString).appendingPathComponent(name)
                guard FolderScope(folder).contains(path), let bytes = try? FileIO.readDocument(path) else { return nil }
                return (path, String(decoding: bytes, as: UTF8.self))
            }
        }
    }

    /// The web app whose manifest is `manifest`, for `validate` walking a tree: its root is the nearest folder at or
    /// above the manifest's, inside `scope`, that holds an `index.html`; else the manifest's own folder.
    init(manifest: String, scope: FolderScope) {
        // Walked up as an absolute path: from `validate .` the relative one runs out at "" (and Foundation traps on
        // the last path component of an empty string).
        var folder = URL(fileURLWithPath: manifest).standardizedFileURL.path.parentFolder
        let own = folder
        while !FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(WebPage.fileName)) {
            let parent = folder.parentFolder
            guard parent != folder, !parent.isEmpty, scope.contains(parent) else { folder = own; break }
            folder = parent
        }
        // Vite serves public/ at "/": a manifest below a project's public/ takes its paths from there, and its page is
        // the project's index.html beside public/ (without this, every icon path named a file at the project's root).
        var served = URL(fileURLWithPath: manifest).standardizedFileURL.path.parentFolder
        while served.count > folder.count, (served as NSString).lastPathComponent != "public" { served = served.parentFolder }
        let candidate = (folder as NSString).appendingPathComponent(WebPage.fileName)
        if served.count > folder.count, served.parentFolder == folder, WebApp.isViteProject(folder) {
            root = served
            page = FileManager.default.fileExists(atPath: candidate) ? candidate : nil
        } else if let vite = WebApp.vitePublic(above: own, scope: scope), !FileManager.default.fileExists(atPath: candidate) {
            // public/ validated on its own (the page above it, outside what is validated): the same site as from the
            // project's root, so a "../x" says where the URL goes (/x), not that the file system's ../x is outside.
            root = vite
            page = (vite.parentFolder as NSString).appendingPathComponent(WebPage.fileName)
        } else {
            root = folder
            page = FileManager.default.fileExists(atPath: candidate) ? candidate : nil
        }
        self.manifest = manifest
        manifestOutside = nil
        manifestPlugin = nil
        pluginManifestIcons = []
        manifestMadeByCode = nil
        pageIsServerTemplate = page.map(WebApp.isServerTemplate) ?? false
        appRoutes = [:]
    }

    /// The app router's manifest routes written as code, which Next.js serves at `/manifest.webmanifest`.
    static let nextManifestRouteNames: Set<String> = ["manifest.ts", "manifest.js", "manifest.tsx", "manifest.jsx", "manifest.mjs"]

    /// The names of a Next.js project's config.
    static let nextConfigNames = ["next.config.js", "next.config.mjs", "next.config.ts", "next.config.cjs", "next.config.mts"]

    /// The metadata files of the app router of the Next.js project whose `public/` is `served` (see `appRoutes`):
    /// `app/` at the project's root, else `src/app/` (Next.js ignores `src/app` when `app/` exists). Empty for any
    /// other folder.
    static func nextAppRoutes(served: String) -> [String: String] {
        guard (served as NSString).lastPathComponent == "public" else { return [:] }
        let project = served.parentFolder, scope = FolderScope(project), manager = FileManager.default
        let package = (project as NSString).appendingPathComponent("package.json")
        let isNext = nextConfigNames.contains { manager.fileExists(atPath: (project as NSString).appendingPathComponent($0)) }
            || ((try? FileIO.readPrefix(package, upTo: 1 << 20)).map { String(decoding: $0, as: UTF8.self).contains("\"next\"") } ?? false)
        guard isNext, let app = ["app", "src/app"].map({ (project as NSString).appendingPathComponent($0) }).first(where: FileIO.isFolder),
              scope.contains(app) else { return [:] }
        var routes: [String: String] = [:]
        for name in ((try? manager.contentsOfDirectory(atPath: app)) ?? []).sorted() where !name.hasPrefix(".") {
            let stem = (name as NSString).deletingPathExtension, ext = (name as NSString).pathExtension.lowercased()
            let path = (app as NSString).appendingPathComponent(name)
            switch (stem, ext) {
            case ("favicon", "ico"), ("icon", "ico"), ("icon", "jpg"), ("icon", "jpeg"), ("icon", "png"), ("icon", "svg"),
                 ("apple-icon", "jpg"), ("apple-icon", "jpeg"), ("apple-icon", "png"), ("manifest", "json"), ("manifest", "webmanifest"):
                routes[name] = path
            case _ where nextManifestRouteNames.contains(name):
                routes["manifest.webmanifest"] = routes["manifest.webmanifest"] ?? path
            default: break
            }
        }
        return routes
    }

    /// The icons a manifest route (Next.js's `app/manifest.ts`, or its `app/manifest.json`) lists as literals: every
    /// object with a string `src` and `sizes`, wherever the code keeps it (inbox-zero's `const defaultIcons = [...]`,
    /// spread into `icons`), but those of its `screenshots` and `shortcuts`; read without running the code
    /// (`ExpoCodeConfig.tokenize`), so an entry built by code gives nothing.
    static func routeManifestIcons(in text: String) -> [[String: String]] {
        let tokens = ExpoCodeConfig.tokenize(text)
        func at(_ index: Int) -> ExpoCodeConfig.Token { index >= 0 && index < tokens.count ? tokens[index] : .punct(";") }
        var open: [(object: Bool, key: String?, members: [String: String])] = [], icons: [[String: String]] = []
        var index = 0
        while index < tokens.count {
            switch tokens[index] {
            case .punct("{"), .punct("["):
                let key = at(index - 1) == .punct(":") ? at(index - 2).keyText : nil
                open.append((tokens[index] == .punct("{"), key, [:]))
            case .punct("}"), .punct("]"):
                guard let closed = open.popLast() else { break }
                if closed.object, closed.members["src"] != nil, closed.members["sizes"] != nil,
                   !open.contains(where: { ["screenshots", "shortcuts"].contains($0.key) }) { icons.append(closed.members) }
            default:
                if !open.isEmpty, open[open.count - 1].object, let key = at(index).keyText, at(index + 1) == .punct(":"),
                   case .string(let value) = at(index + 2), [.punct(","), .punct("}")].contains(at(index + 3)) {
                    open[open.count - 1].members[key] = value
                    index += 3
                    continue
                }
            }
            index += 1
        }
        return icons
    }

    /// The PWA plugin config that replaces this site's manifest file in the build (see `pluginReplacing`), for a site
    /// read from its manifest.
    var manifestReplacedBy: (plugin: String, made: String, sameName: Bool)? {
        guard let manifest else { return nil }
        return WebApp.pluginReplacing(manifest, root: root, page: page, configs: WebApp.configs(projects: WebApp.configFolders(page: page, root: root)))
    }

    /// The Vite project's `public/` at or above `folder` (inside `scope`) whose project, just above it and outside
    /// `scope`, holds the page: what a manifest in it is served from when `public/` is validated on its own.
    static func vitePublic(above folder: String, scope: FolderScope) -> String? {
        var served = folder
        while (served as NSString).lastPathComponent != "public" {
            let parent = served.parentFolder
            guard parent != served, !parent.isEmpty, scope.contains(parent) else { return nil }
            served = parent
        }
        let project = served.parentFolder, page = (project as NSString).appendingPathComponent(WebPage.fileName)
        guard !scope.contains(project), FileManager.default.fileExists(atPath: page), FolderScope(project).contains(page),
              WebApp.isViteProject(project) else { return nil }
        return served
    }

    /// electron-vite's config names: its renderer is a Vite build (Heroic's `renderer.root: '.'` takes the project's
    /// `index.html` and serves its `public/` at "/").
    static let electronViteConfigNames = ["electron.vite.config.ts", "electron.vite.config.js", "electron.vite.config.mts",
                                          "electron.vite.config.mjs", "electron.vite.config.cts", "electron.vite.config.cjs"]

    /// True when `folder` is a Vite project's root (its config or electron-vite's, or a package.json that names vite),
    /// which serves its `public/` at "/" and takes `index.html` from beside it.
    static func isViteProject(_ folder: String) -> Bool {
        let scope = FolderScope(folder)
        for name in viteConfigNames.filter({ $0.hasPrefix("vite.") }) + electronViteConfigNames {
            let path = (folder as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: path), scope.contains(path) { return true }
        }
        let package = (folder as NSString).appendingPathComponent("package.json")
        guard scope.contains(package), let bytes = try? FileIO.readPrefix(package, upTo: 1 << 20) else { return false }
        return String(decoding: bytes, as: UTF8.self).contains("\"vite\"")
    }

    /// True for a file a JavaScript project serves as it is: below its `public/` or `static/` folder (a `package.json`
    /// beside that folder), outside any asset catalog or `.iconset`. Vite, Nuxt, Next.js and webpack's copy plugins copy
    /// such files byte for byte, and browsers decode an image by its bytes whatever its name or Content-Type says
    /// (Elk's `public/avatars/antfu-60x60.png`, JPEG data), so a name that does not match the format breaks nothing.
    static func isStaticFile(_ path: String) -> Bool {
        let components = URL(fileURLWithPath: path).standardizedFileURL.path.split(separator: "/").map(String.init)
        guard !components.contains(where: { $0.hasSuffix(".xcassets") || $0.hasSuffix(".iconset") }) else { return false }
        for index in components.indices.dropLast() where ["public", "static"].contains(components[index]) {
            let project = "/" + components[..<index].joined(separator: "/")
            if FileManager.default.fileExists(atPath: (project as NSString).appendingPathComponent("package.json")) { return true }
        }
        return false
    }

    /// Markers of a page a server fills in before sending it.
    static let serverTemplateMarkers = ["{% static", "{% load static", "url_for('static'", "url_for(\"static\""]

    static func isServerTemplate(_ page: String) -> Bool {
        guard let bytes = try? FileIO.readPrefix(page, upTo: 256 << 10) else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        return serverTemplateMarkers.contains(where: text.contains)
    }

    /// True when `reference` is a path from the site's root (`/x`, or behind a template prefix).
    static func isFromRoot(_ reference: String) -> Bool {
        let text = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        return (text.hasPrefix("/") && !text.hasPrefix("//")) || templatePrefixes.contains(where: text.hasPrefix)
    }

    /// Where `reference` cannot be told: a path from the root when the page is a server's template.
    func cannotResolve(_ reference: String) -> Bool { pageIsServerTemplate && WebApp.isFromRoot(reference) }

    /// The file a reference names, for a reference in a file in folder `base`: nil when it names no local file
    /// (a URL with a scheme, `data:`, an empty path). Template prefixes are taken as the root; a leading `/` is the
    /// root; query and fragment are dropped; `%20` and the like are decoded. The result is not checked to lie inside
    /// any folder: callers check that (`FolderScope`).
    func resolve(_ reference: String, base: String) -> String? {
        // A site with its page is known to be served from `root`, index.html in it or not (Vite's public/, its page beside).
        WebApp.resolve(reference, root: root, base: base, rootIsSite: page != nil && !pageIsServerTemplate)
    }

    static func resolve(_ reference: String, root: String, base: String, rootIsSite: Bool = false) -> String? {
        var text = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        var fromRoot = false
        for prefix in templatePrefixes where text.hasPrefix(prefix) {
            text.removeFirst(prefix.count)
            fromRoot = true
        }
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<cut]) }
        // A scheme ("https:", "data:") or a protocol-relative URL names no file here.
        if text.hasPrefix("//") || text.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil { return nil }
        // An encoded separator (`a%2fb`) names a file whose name holds a slash to one server and a folder to another:
        // no file IconForge can tell, so none.
        let lower = text.lowercased()
        if lower.contains("%2f") || lower.contains("%5c") || lower.contains("%00") { return nil }
        guard let decoded = text.removingPercentEncoding, !decoded.isEmpty, !decoded.contains("\\") else { return nil }
        if decoded.hasPrefix("/") { fromRoot = true }
        let relative = decoded.drop { $0 == "/" }
        guard !relative.isEmpty else { return nil }
        // A URL's ".." stops at the site's root ("/../x" is "/x"): an Angular page at the root linking
        // "../assets/icon.png" (with <base href="/">) names the root's assets/, not a folder above the site. Only where
        // the root is known to be the site's (its page is there, or it is a Vite project's public/): a manifest alone may
        // sit in a folder of a larger site.
        if !fromRoot, rootIsSite || FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(WebPage.fileName)), let inside = FileIO.relativePath(base, to: root) ?? (URL(fileURLWithPath: base).standardizedFileURL.path
                                                                        == URL(fileURLWithPath: root).standardizedFileURL.path ? "" : nil) {
            var parts: [Substring] = []
            for part in (inside.split(separator: "/") + relative.split(separator: "/")) {
                if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
            }
            guard !parts.isEmpty else { return nil }
            return URL(fileURLWithPath: (root as NSString).appendingPathComponent(parts.joined(separator: "/"))).standardizedFileURL.path
        }
        let joined = ((fromRoot ? root : base) as NSString).appendingPathComponent(String(relative))
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}
