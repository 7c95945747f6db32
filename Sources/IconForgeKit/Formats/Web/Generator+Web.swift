import Foundation
/// A website's side of a run: the icons it already names, the manifest, the page's links, hashed names.
extension Generator {
    /// Into a website's folder, the icons it already names — in its manifest, in its `index.html` — are rendered
    /// into those files at their sizes (a `git diff` shows new pixels, not new files beside stale ones), and the
    /// presets' own icons are added only where the site has none of that kind and size. Only with the web preset's
    /// manifest icons among the outputs: the site is then the preset's to update.
    func adoptingWebsiteIcons(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        guard outputs.contains(where: { $0.webPurpose != nil }) else { return outputs }
        let adopted = adoptingPageIcons(adoptingManifestIcons(outputs, folder: folder), folder: folder)
        // A path a Next.js app router's metadata file serves (app/favicon.ico at /favicon.ico) is not written in public/:
        // Next.js refuses a public file and a route of one path (`writeWebManifest` says so).
        let routes = WebApp(folder).appRoutes
        return routes.isEmpty ? adopted : adopted.filter { spec in (spec.containerFile ?? spec.outputPath).map { routes[$0] == nil } ?? true }
    }

    /// Every icon the manifest lists with a purpose the presets write, rendered where it stands; the presets'
    /// manifest icons of a purpose and size it lists are dropped. A file listed several times is drawn once: at the
    /// largest size it is listed at, for "any" when any entry shows it whole (an entry of another purpose on it then
    /// takes the preset's own icon of that purpose). The icons the presets still add go beside the ones the manifest
    /// lists when those share one folder (an Angular app's `assets/icons/`), else at the root.
    func adoptingManifestIcons(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        let templates = Dictionary(outputs.filter { $0.webPurpose != nil }.map { ($0.webPurpose!.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        let listed = WebManifest.listedIcons(in: folder).filter { templates[$0.purpose] != nil }
        var files: [(src: String, pixels: Int, purpose: String)] = []
        for icon in listed {
            if let index = files.firstIndex(where: { $0.src == icon.src }) {
                files[index].pixels = max(files[index].pixels, icon.pixels)
                if icon.purpose == "any" { files[index].purpose = "any" }
            } else {
                files.append((icon.src, icon.pixels, icon.purpose))
            }
        }
        let drawnAs = Dictionary(files.map { ($0.src, $0.purpose) }, uniquingKeysWith: { first, _ in first })
        let covered = Set(listed.filter { drawnAs[$0.src] == $0.purpose }.map { "\($0.purpose) \($0.pixels)" })
        let shared = Set(files.map { $0.src.parentFolder })
        let besideListed = shared.count == 1 ? shared.first.flatMap { $0.isEmpty ? nil : $0 } : nil
        var result = outputs.compactMap { spec -> IconSpec? in
            guard let purpose = spec.webPurpose, let pixels = spec.pixels else { return spec }
            guard !covered.contains("\(purpose.rawValue) \(pixels.width)") else { return nil }
            var moved = spec
            if let besideListed { moved.folder = besideListed }
            return moved
        }
        var placed = Set(result.compactMap(\.outputPath))
        for file in files where placed.insert(file.src).inserted { result.append(Self.spec(templates[file.purpose]!, at: file.src, pixels: file.pixels)) }
        return result
    }

    /// The page's `<link>` icons likewise (Flutter's favicon.png); a file already rendered for the manifest stays
    /// as that (Flutter links its manifest's Icon-192.png as the touch icon). The presets' favicon PNG of a size
    /// the page links, and their touch icon when the page links one, are dropped.
    func adoptingPageIcons(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        let favicon = outputs.first(where: \.isFaviconPNG)
        let touch = outputs.first { $0.role == .webClip && $0.filename == "apple-touch-icon.png" }
        let links = WebPage.linkedIcons(in: folder)
        // The .ico the page links (Ionic's assets/icon/favicon.ico) is the one written, rather than a second at the root.
        var outputs = outputs
        if let ico = links.first(where: \.isIco) {
            let folderPart = ico.href.parentFolder
            for index in outputs.indices where outputs[index].container == .ico {
                outputs[index].folder = folderPart.isEmpty ? nil : folderPart
                outputs[index].filename = (ico.href as NSString).lastPathComponent
            }
        }
        let linked = links.filter { !$0.isIco && ($0.touchIcon ? touch : favicon) != nil }
        guard !linked.isEmpty else { return outputs }
        let linkedFavicons = Set(linked.filter { !$0.touchIcon }.map(\.pixels))
        let linksTouchIcon = linked.contains(where: \.touchIcon)
        var result = outputs.filter { spec in
            guard let path = spec.outputPath, !linked.contains(where: { $0.href == path }) else { return true }
            if spec == touch { return !linksTouchIcon }
            return !(spec.isFaviconPNG && linkedFavicons.contains(spec.pixels?.width ?? 0))
        }
        var placed = Set(result.compactMap(\.outputPath))
        for icon in linked where placed.insert(icon.href).inserted {
            result.append(Self.spec(icon.touchIcon ? touch! : favicon!, at: icon.href, pixels: icon.pixels))
        }
        return result
    }

    /// After a --hash-names run, the files its icons were before: the one a listed icon was rendered from when it took a
    /// new name, and the earlier hashed versions of each icon IconForge wrote. Each goes to the backup, whoever wrote it
    /// (a cache or an old page may still name it); none is deleted.
    func retireHashedIcons(renamed: [String: String], written: Set<String>, folder: String, writer: OutputWriter) throws(IconForgeError) {
        var retired = Set<String>()
        for (old, _) in renamed where !written.contains(old) && retired.insert(old).inserted {
            let full = (folder as NSString).appendingPathComponent(loosePath(old, in: folder))
            if FileManager.default.fileExists(atPath: full) { try writer.retire(full) }
        }
        for new in written where WebManifest.hashPart(of: new) != nil {
            let stem = WebManifest.unhashed(new)
            let base = stem.parentFolder, name = ((stem as NSString).lastPathComponent as NSString).deletingPathExtension
            let fullBase = (folder as NSString).appendingPathComponent(base.isEmpty ? "." : base)
            for item in ((try? FileManager.default.contentsOfDirectory(atPath: fullBase)) ?? []).sorted() {
                let relative = base.isEmpty ? item : base + "/" + item
                guard relative != new, !written.contains(relative), item.hasPrefix(name + "."), WebManifest.unhashed(relative) == stem,
                      retired.insert(relative).inserted else { continue }
                let full = (folder as NSString).appendingPathComponent(loosePath(relative, in: folder))
                // Only what IconForge wrote: a file of the user's that happens to share the stem stays where it is.
                if writer.hasRecord(at: full) { try writer.retire(full) }
            }
        }
    }

    /// The web app manifest (new, or merged into the folder's `manifest.webmanifest` or `manifest.json`) and
    /// the `<link>` tags of the web preset.
    func writeWebManifest(outputs: [IconSpec], source: String, into folder: String, renamed: [String: String] = [:],
                                  writer: OutputWriter, warnings: inout [String]) throws(IconForgeError) -> (files: [GeneratedFile], notes: [String]) {
        var webNotes: [String] = []
        let icons = outputs.compactMap { spec -> WebManifest.Icon? in
            guard let purpose = spec.webPurpose, let path = spec.outputPath, let pixels = spec.pixels else { return nil }
            return WebManifest.Icon(src: path, sizes: pixels.description, purpose: purpose.rawValue)
        }
        // The manifest the page links (Capacitor's assets/manifest.webmanifest), else the usual names, else a new one.
        let site = WebApp(folder)
        let manifestName = WebManifest.existingName(in: folder) ?? WebManifest.fileName
        let path = loosePath(manifestName, in: folder), full = (folder as NSString).appendingPathComponent(path)
        let icoSpecs = outputs.filter { $0.container == .ico }.sorted { ($0.pixels?.width ?? 0) > ($1.pixels?.width ?? 0) }
        let icoSizes = icoSpecs.compactMap { $0.pixels?.description }.joined(separator: " ")
        let ico = icoSpecs.first?.containerFile
        var files: [GeneratedFile] = []
        // vite-plugin-pwa writes the manifest (and its <link>) at build time from its config: a manifest file here would
        // be a second one, so the icons are written and the entries to put in the config are said instead.
        let plugin = site.manifestPlugin
        if let plugin, let route = site.appRoutes.first(where: { $0.value == plugin })?.key {
            let entries = icons.map { "{ src: '/\($0.src)', sizes: '\($0.sizes)', type: 'image/png', purpose: '\($0.purpose)' }" }
            webNotes.append("\(plugin) is the site's manifest (Next.js serves it at /\(route); a file of that path in public/ is a conflict it "
                            + "refuses): no manifest file written; its icons should list " + entries.joined(separator: ", "))
        } else if let plugin {
            let entries = icons.map { "{ src: '\($0.src)', sizes: '\($0.sizes)', type: 'image/png', purpose: '\($0.purpose)' }" }
            webNotes.append("\(plugin) makes the manifest (its PWA plugin): no manifest file written; its manifest.icons should list "
                            + entries.joined(separator: ", "))
        } else if let config = site.manifestMadeByCode {
            webNotes.append("\(config): the site's PWA module makes the manifest (no manifest file or page here), so none was written; "
                            + "point its icons at " + icons.map(\.src).joined(separator: ", "))
        } else {
            do { try writer.checkTarget(full) } catch { throw .file(error) }
            let existing: [UInt8]?
            do { existing = try FileIO.readDocument(full) } catch { if case .notFound = error { existing = nil } else { throw .file(error) } }
            let data = try WebManifest.merged(existing: existing, icons: icons, ico: ico.map { ($0, icoSizes) }, renamed: renamed, site: site,
                                              manifest: full, path: full)
            try writer.write(data, to: full)
            files.append(GeneratedFile(path: path, role: .web, pixels: nil, bytes: data.count))
        }
        let favicons = outputs.filter { $0.filename?.hasPrefix("favicon-") == true && $0.container == nil }
            .sorted { ($0.pixels?.width ?? 0) > ($1.pixels?.width ?? 0) }.map { ($0.outputPath!, $0.pixels!.description) }
        let touch = outputs.first { $0.role == .webClip && $0.pixels?.width == 180 }?.outputPath
        // An SVG master is the site's icon.svg as it is: browsers draw it sharp at every size (a master that is already the
        // site's icon.svg stays as it is).
        var svg: String?
        let isSVG = (try? FileIO.readPrefix(source, upTo: 64 << 10)).map { FileKind.detect($0) == .svg } ?? false
        // The app router's metadata files keep their paths (adoptingWebsiteIcons wrote nothing there in public/).
        for (route, file) in site.appRoutes.sorted(by: { $0.key < $1.key })
        where route == "favicon.ico" && ico == nil || route == WebManifest.svgName && isSVG {
            webNotes.append("\(file) is the site's /\(route) (a Next.js app router file; a public/\(route) beside it is a conflict Next.js "
                            + "refuses): nothing written at that path, and it is left as it is")
        }
        if isSVG, site.appRoutes[WebManifest.svgName] == nil {
            let svgPath = loosePath(WebManifest.svgName, in: folder), full = (folder as NSString).appendingPathComponent(svgPath)
            svg = svgPath
            var isMaster = false
            do { try writer.checkTarget(full) } catch {
                guard case .wouldOverwriteSource = error else { throw .file(error) }
                isMaster = true
            }
            if !isMaster {
                var master = try FileIO.readInput(source)
                // A dark SVG too: one icon.svg holding both, the dark one shown in dark mode.
                if let dark = options.darkSourcePath, let head = try? FileIO.readPrefix(dark, upTo: 64 << 10), FileKind.detect(head) == .svg {
                    if let combined = DarkModeSVG.combined(light: master, dark: try FileIO.readInput(dark)) {
                        master = combined
                    } else {
                        warnings.append("\(dark): not combined into \(svgPath) for dark mode (one of the two SVGs has no <svg> root IconForge can nest, "
                                        + "or a DOCTYPE with its own entities); \(svgPath) is the light master alone")
                    }
                }
                try writer.write(master, to: full)
                files.append(GeneratedFile(path: svgPath, role: .web, pixels: nil, bytes: master.count))
            }
        }
        if svg == nil, let page = site.page {
            // Browsers take an SVG icon over every PNG (Firefox whatever the order): tabs would keep the old art.
            for href in WebPage.svgIconHrefs(in: page) {
                warnings.append("\(page) links the SVG icon \(href), which browsers show in tabs before any PNG icon: it keeps the old "
                                + "art there — give an SVG master (written as \(WebManifest.svgName)) or remove that link")
            }
        }
        if !options.updatesPage, let page = site.page {
            // A linked icon is the one tabs show: /favicon.ico and unlinked PNGs are only what a page without one gets.
            for href in WebPage.otherFormatIconHrefs(in: page) {
                warnings.append("\(page) links the icon \(href), in a format IconForge does not write: browsers show it in tabs, not the new "
                                + "favicons, so it keeps the old art — export it from the master, or link the new ones (--update-html)")
            }
        }
        let html = WebManifest.html(favicons: favicons, ico: ico.map { ($0, icoSizes) }, svg: svg, touchIcon: touch, manifest: plugin == nil ? manifestName : nil)
        let htmlPath = loosePath("icons.html", in: folder)
        try writer.write(Array(html.utf8), to: (folder as NSString).appendingPathComponent(htmlPath))
        files.append(GeneratedFile(path: htmlPath, role: .web, pixels: nil, bytes: html.utf8.count))
        if options.updatesPage {
            guard let page = site.page, let bytes = try? FileIO.readDocument(page) else {
                throw .update(path: folder, .noPage)
            }
            // Links are written from the page's folder: relative inside it, from the root for Vite's public/.
            let pageFolder = page.parentFolder
            let pageInSite = FileIO.relativePath(page, to: folder) != nil
            let href = { (path: String) in pageInSite ? WebManifest.reference(to: path, from: pageFolder, root: folder) : "/" + path }
            var wanted: [WebPage.WantedLink] = []
            if let ico { wanted.append(.init(rel: "icon", sizes: icoSizes, tag: "<link rel=\"icon\" href=\"\(href(ico))\" sizes=\"\(icoSizes)\">")) }
            if let svg { wanted.append(.init(rel: "icon", sizes: "any", tag: WebManifest.svgLink(href(svg)), type: "image/svg+xml")) }
            for (file, sizes) in favicons {
                wanted.append(.init(rel: "icon", sizes: sizes, tag: "<link rel=\"icon\" type=\"image/png\" sizes=\"\(sizes)\" href=\"\(href(file))\">"))
            }
            if let touch { wanted.append(.init(rel: "apple-touch-icon", sizes: nil, tag: "<link rel=\"apple-touch-icon\" href=\"\(href(touch))\">")) }
            if plugin == nil { wanted.append(.init(rel: "manifest", sizes: nil, tag: "<link rel=\"manifest\" href=\"\(href(manifestName))\">")) }
            guard let updated = WebPage.updating(bytes, with: wanted) else {
                throw .update(path: page, .noHead)
            }
            if try writer.write(updated, to: page, allowingOutside: true) {
                files.append(GeneratedFile(path: FileIO.relativePath(page, to: folder) ?? "../" + WebPage.fileName, role: .web, pixels: nil, bytes: updated.count))
            }
        }
        return (files, webNotes)
    }

    /// A website's manifest, checked before any work (a run that cannot update it writes nothing), and what the run
    /// will not do there, as warnings.
    func checkWebsite(_ outputFolder: String) throws(IconForgeError) -> [String] {
        var warnings: [String] = []
        let site = WebApp(outputFolder)
        if let outside = site.manifestOutside { throw .file(.leavesFolder(path: outside, folder: outputFolder)) }
        let page = (outputFolder as NSString).appendingPathComponent(WebPage.fileName)
        if site.page == nil, FileManager.default.fileExists(atPath: page) {
            warnings.append("\(FileError.leavesFolder(path: page, folder: outputFolder)): the page was not read for its manifest and icon links")
        }
        if let manifest = site.manifest {
            let bytes: [UInt8]
            do { bytes = try FileIO.readDocument(manifest) } catch { throw .file(error) }
            _ = try WebManifest.merged(existing: bytes, icons: [], site: site, manifest: manifest, path: manifest)
        }
        for src in WebManifest.iconsUnresolved(outputFolder) {
            warnings.append("\(outputFolder): the manifest's icon \(src) is a path from the root, and the page is a server's template: "
                            + "where the server serves \"/\" from is not this folder; not written — give the folder it serves")
        }
        for src in WebManifest.iconsOutside(outputFolder) {
            warnings.append("\(outputFolder): the manifest's icon \(src) is outside the folder (through a link, or by ..); not written — "
                            + "IconForge neither reads nor writes outside the folder it was given")
        }
        return warnings
    }

    /// `--hash-names`: each manifest icon takes the name of what it holds, known only once it is rendered. A file the
    /// page or the manifest's shortcuts also name keeps its name: renamed, they would name nothing.
    func hashManifestNames(_ run: inout GenerationRun) throws(IconForgeError) {
        let folder = run.folder
        let elsewhere = WebManifest.referencedElsewhere(in: folder)
        for index in run.named.indices where run.named[index].spec.webPurpose != nil && run.named[index].spec.set == nil {
            let old = run.named[index].path
            if elsewhere.contains(old) {
                run.platformNotes.append("kept the name of \(old): the page or the manifest's shortcuts name it too (--hash-names)")
                continue
            }
            guard let bytes = run.bytes[old] else { continue }
            let hashed = WebManifest.hashedName(old, bytes: bytes)
            guard hashed != old else { continue }
            run.renamed[old] = hashed
            run.named[index].path = hashed
            run.named[index].spec.filename = (hashed as NSString).lastPathComponent
            run.bytes[hashed] = bytes
            run.bytes[old] = nil
        }
        for index in run.plan.outputs.indices {
            if let path = run.plan.outputs[index].outputPath, let hashed = run.renamed[path] {
                run.plan.outputs[index].filename = (hashed as NSString).lastPathComponent
            }
        }
        for new in Set(run.renamed.values) {
            let full = (folder as NSString).appendingPathComponent(loosePath(new, in: folder))
            do { try run.writer.checkTarget(full) } catch { throw .file(error) }
        }
    }
}

/// The web manifest (merged, or written), the page's links, `icons.html`; after `--hash-names`, the old names retired.
struct WebManifestStep: PlatformStep {
    func finish(_ run: inout GenerationRun, by generator: Generator) throws(IconForgeError) {
        guard run.outputs.contains(where: { $0.webPurpose != nil }) else { return }
        let web = try generator.writeWebManifest(outputs: run.writableOutputs, source: run.source, into: run.folder, renamed: run.renamed,
                                                 writer: run.writer, warnings: &run.warnings)
        run.files += web.files
        run.platformNotes += web.notes
        if let unshipped = AngularWorkspace.unshipped(run.written.map(\.file.path) + run.files.map(\.path), in: run.folder) { run.warnings.append(unshipped) }
        if generator.options.hashesNames {
            try generator.retireHashedIcons(renamed: run.renamed, written: Set(run.named.map(\.path)), folder: run.folder, writer: run.writer)
        }
    }
}

extension IconSpec {
    /// A favicon PNG of the web preset (not an entry of `favicon.ico`, not a manifest icon).
    var isFaviconPNG: Bool { webPurpose == nil && container == nil && filename?.hasPrefix("favicon-") == true }
}
