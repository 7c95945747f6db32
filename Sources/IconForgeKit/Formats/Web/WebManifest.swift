import Foundation
import Raster

/// A web app manifest's `icons`: written as `manifest.webmanifest`, or merged into the one already there —
/// the icons it lists that IconForge renders updated where they stand, every other icon and key kept — and
/// the HTML `<link>` tags.
enum WebManifest {
    /// One icon of the manifest.
    struct Icon: Equatable {
        var src: String
        var sizes: String
        var purpose: String
    }

    static let fileName = "manifest.webmanifest"
    /// The site's vector icon, written when the master is an SVG.
    static let svgName = "icon.svg"

    /// The `<link>` of the vector icon: `sizes="any"` makes browsers that read SVG prefer it to the `.ico`.
    static func svgLink(_ href: String) -> String { "<link rel=\"icon\" href=\"\(href)\" type=\"image/svg+xml\" sizes=\"any\">" }
    /// The most icons one run renders for a manifest: most list up to ~20, PWABuilder's image set ~130 (Windows 11 tiles at
    /// every target size and scale, Android, iOS: Butterfly's lists 112). The run's pixels are bounded on their own.
    static let maxIcons = 192

    /// The names a manifest goes by when no page links it.
    static let conventionalNames = [fileName, "manifest.json", "site.webmanifest"]

    /// The manifest of the site in `folder` (the one its page links, else a conventional name), relative to `folder`;
    /// nil when there is none inside it.
    static func existingName(in folder: String) -> String? {
        guard let manifest = WebApp(folder).manifest, FolderScope(folder).contains(manifest) else { return nil }
        return FileIO.relativePath(manifest, to: folder)
    }

    /// An icon a manifest lists that IconForge can render in place: a local PNG inside the site's folder, one square
    /// size, one purpose.
    struct ListedIcon: Equatable {
        /// The file, relative to the site's folder.
        var src: String
        var pixels: Int
        var purpose: String
    }

    /// The icons the manifest of the site in `folder` lists that can be rendered where they are. A `src` resolves as a
    /// browser resolves it (from the manifest's folder; `/` and template prefixes from the site's root). An entry of
    /// several sizes is taken at its largest (the browser scales it down for the others); "any maskable" is taken as
    /// "any" (one picture cannot serve both crops: the file is drawn whole, and the maskable icons are entries of their
    /// own). Remote or data URLs, paths that leave the folder or enter a hidden one, other formats and non-square sizes
    /// are left as they are.
    static func listedIcons(in folder: String) -> [ListedIcon] {
        let site = WebApp(folder), scope = FolderScope(folder)
        let entries: [[String: Any]], base: String
        if let document = site.manifestDocument(inside: folder) {
            (entries, base) = (document.icons, document.path.parentFolder)
        } else {
            // A manifest the PWA plugin (or Next.js's app/manifest.ts) makes: the files its config lists are the ones the
            // built manifest names, from the root of the build, where the folder is served; a Next.js route's own file
            // (/icon.png, app/icon.png) is not in the folder.
            (entries, base) = (site.pluginManifestIcons.map { $0 as [String: Any] }, folder)
        }
        return entries.compactMap { icon -> ListedIcon? in
            guard let reference = icon["src"] as? String, let sizes = icon["sizes"] as? String,
                  !site.cannotResolve(reference), let file = site.resolve(reference, base: base), scope.contains(file), let src = FileIO.relativePath(file, to: folder),
                  src.lowercased().hasSuffix(".png"), !src.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                  site.appRoutes[src] == nil else { return nil }
            guard let purpose = renderedPurpose(icon["purpose"] as? String), let pixels = largestSquare(sizes) else { return nil }
            return ListedIcon(src: src, pixels: pixels, purpose: purpose)
        }
    }

    /// The purpose an entry's file is drawn for: its one purpose, or "any" for "any maskable"; nil for others.
    static func renderedPurpose(_ purpose: String?) -> String? {
        let purposes = Set((purpose ?? "any").lowercased().split(separator: " ").map(String.init))
        if purposes == ["any", "maskable"] { return "any" }
        guard purposes.count == 1, let only = purposes.first, ["any", "maskable", "monochrome"].contains(only) else { return nil }
        return only
    }

    /// The largest square size a `sizes` value lists, within what IconForge renders (16…2048).
    static func largestSquare(_ sizes: String) -> Int? {
        sizes.split(separator: " ").compactMap { PixelSize(parsing: String($0)) }
            .filter { $0.width == $0.height && $0.width >= 16 && $0.width <= 2048 }.map(\.width).max()
    }

    /// The `src` of every icon the manifest of the site in `folder` names from the root of a server's template (see
    /// `WebApp.pageIsServerTemplate`): never rendered, since where it lands is the server's to say.
    static func iconsUnresolved(_ folder: String) -> [String] {
        let site = WebApp(folder)
        guard site.pageIsServerTemplate, let document = site.manifestDocument(inside: folder) else { return [] }
        return document.icons.compactMap { $0["src"] as? String }.filter(site.cannotResolve)
    }

    /// The `src` of every icon the manifest of the site in `folder` lists that resolves outside the folder — through a
    /// link that leaves it, or by `..` — and so is never rendered into.
    static func iconsOutside(_ folder: String) -> [String] {
        let site = WebApp(folder), scope = FolderScope(folder)
        guard let document = site.manifestDocument(inside: folder) else { return [] }
        let base = document.path.parentFolder
        return document.icons.compactMap { icon in
            guard let reference = icon["src"] as? String, !site.cannotResolve(reference),
                  let file = site.resolve(reference, base: base) else { return nil }
            return scope.contains(file) ? nil : reference
        }
    }

    /// The manifest's text: the existing one's keys and other icons kept; unchanged in substance, its own bytes;
    /// changed, only the `icons` array is rewritten (every other byte of the file kept, and each entry that does not
    /// change kept as written). `icons` are the files IconForge wrote, by path relative to the site's folder; an entry
    /// already naming one (by whatever path form: `./x`, `/x`, `%PUBLIC_URL%/x`) is updated where it stands, its other
    /// keys kept; the others are appended, named from the manifest's folder. An entry naming `ico` (the `.ico` written)
    /// gets that file's sizes.
    static func merged(existing: [UInt8]?, icons: [Icon], ico: (path: String, sizes: String)? = nil, renamed: [String: String] = [:], site: WebApp,
                       manifest: String, path: String) throws(IconForgeError) -> [UInt8] {
        var root: [String: Any] = [:]
        if let existing {
            guard let object = WebManifestDocument.parse(existing) else {
                throw .update(path: path, .notAJSONObject(replacement: nil))
            }
            root = object
        }
        let base = manifest.parentFolder
        let resolved = { (src: String) -> String? in site.resolve(src, base: base).flatMap { FileIO.relativePath($0, to: site.root) } }
        let byPath = Dictionary(icons.map { ($0.src, $0) }, uniquingKeysWith: { first, _ in first })
        var placed = Set<String>()
        let old = root["icons"] as? [Any] ?? []
        let named = Set(old.compactMap { (($0 as? [String: Any])?["src"] as? String).flatMap(resolved) })
        var list: [Any] = old.map { item in
            guard var entry = item as? [String: Any], let src = entry["src"] as? String, let file = resolved(src) else { return item }
            if let ico, file == ico.path {
                entry["sizes"] = ico.sizes
                return entry
            }
            // --hash-names: an entry naming a file under its old name names it under its new one, in its own path form.
            if let new = renamed[file] {
                entry["src"] = reference(to: new, from: base, root: site.root, like: [item])
                guard let icon = byPath[new] else { return entry }
                placed.insert(new)
                if let type = entry["type"] as? String, type != "image/png" { entry["type"] = "image/png" }
                let purposes = ((entry["purpose"] as? String) ?? "any").lowercased().split(separator: " ").map(String.init)
                if purposes != [icon.purpose], purposes.contains(icon.purpose) { entry["purpose"] = icon.purpose }
                return entry
            }
            guard let icon = byPath[file] else { return item }
            let purposes = ((entry["purpose"] as? String) ?? "any").lowercased().split(separator: " ").map(String.init)
            guard purposes.contains(icon.purpose) else {
                // The file is drawn for another purpose (the same PNG listed as "any" and as "maskable"): this entry
                // takes the run's own icon of its purpose and size, so each crop gets a picture made for it.
                let size = (entry["sizes"] as? String).flatMap(largestSquare).map { "\($0)x\($0)" }
                guard let own = icons.first(where: { candidate in
                    candidate.purpose == purposes.first && candidate.sizes == size && !placed.contains(candidate.src) && !named.contains(candidate.src)
                }) else { return item }
                placed.insert(own.src)
                entry["src"] = reference(to: own.src, from: base, root: site.root, like: old)
                return entry
            }
            placed.insert(file)
            if purposes != [icon.purpose] { entry["purpose"] = icon.purpose }
            // Sizes the file is drawn at or above stay as written (one file listed at 192 and 512 is drawn at 512 and
            // scaled down by the browser); a size it is not drawn at is corrected.
            let pixels = PixelSize(parsing: icon.sizes)?.width ?? 0
            let declared = ((entry["sizes"] as? String) ?? "").split(separator: " ").map { PixelSize(parsing: String($0)) }
            if declared.isEmpty || declared.contains(where: { $0 == nil || $0!.width > pixels || $0!.width != $0!.height }) { entry["sizes"] = icon.sizes }
            if let type = entry["type"] as? String, type != "image/png" { entry["type"] = "image/png" }
            return entry
        }
        let added: [[String: Any]] = icons.filter { !placed.contains($0.src) }.map {
            ["src": reference(to: $0.src, from: base, root: site.root, like: old), "sizes": $0.sizes, "type": "image/png", "purpose": $0.purpose]
        }
        list += added as [Any]
        // Nothing changed in substance: the file stays byte for byte, in its own key order and indentation.
        if let existing, NSArray(array: old).isEqual(to: list) { return existing }
        var replacing: [Int: [String: Any]] = [:]
        for index in old.indices {
            guard let entry = list[index] as? [String: Any], !NSDictionary(dictionary: old[index] as? [String: Any] ?? [:]).isEqual(to: entry) else { continue }
            replacing[index] = entry
        }
        if let existing, let spliced = JSONText.editingArray("icons", in: existing, replacing: replacing, appending: added) {
            return spliced
        }
        root["icons"] = list
        do {
            let data = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            return Array(data) + [0x0A]
        } catch { throw .update(path: path, .unwritable(error.localizedDescription)) }
    }

    /// The files, relative to the site's folder, that something other than the manifest's `icons` names: the page's icon
    /// links, and every other `src` of the manifest (its shortcuts' icons, screenshots).
    static func referencedElsewhere(in folder: String) -> Set<String> {
        let site = WebApp(folder)
        var found = Set(WebPage.linkedIcons(in: folder).map(\.href))
        guard let document = site.manifestDocument(inside: folder) else { return found }
        let root = document.object, manifest = document.path
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let src = object["src"] as? String, let file = site.resolve(src, base: manifest.parentFolder), let path = FileIO.relativePath(file, to: folder) {
                    found.insert(path)
                }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        for (key, value) in root where key != "icons" { walk(value) }
        return found
    }

    /// `path` (a PNG) named for its content: `icon-192.png` holding these bytes is `icon-192.3f2a9c1b.png`; a name that
    /// already carries a hash has it replaced. The hash is FNV-1a's, 32 bits: a cache key, not a checksum against tampering.
    static func hashedName(_ path: String, bytes: [UInt8]) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        let stem = unhashed(path)
        let hex = String(hash, radix: 16)
        return (stem as NSString).deletingPathExtension + "." + String(repeating: "0", count: 8 - hex.count) + hex + "." + (stem as NSString).pathExtension
    }

    /// The 8-hex-digit hash in a name like `icon-192.3f2a9c1b.png`, nil when it has none.
    static func hashPart(of path: String) -> String? {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let part = (name as NSString).pathExtension
        return part.count == 8 && part.allSatisfy(\.isHexDigit) && part == part.lowercased() ? part : nil
    }

    /// `path` without the hash --hash-names gave it.
    static func unhashed(_ path: String) -> String {
        guard hashPart(of: path) != nil else { return path }
        let ext = (path as NSString).pathExtension
        return ((path as NSString).deletingPathExtension as NSString).deletingPathExtension + "." + ext
    }

    /// How a manifest in `base` names the file at `path` (relative to `root`): relative when the file is in the
    /// manifest's folder or below, else from the root.
    static func reference(to path: String, from base: String, root: String) -> String {
        let file = (root as NSString).appendingPathComponent(path)
        return FileIO.relativePath(file, to: base) ?? "/" + path
    }

    /// How a manifest whose icons are `entries` names the file at `path`: from the root, or behind the template prefix,
    /// when every entry it has does so (Kavita's `/assets/icons/…`, CRA's `%PUBLIC_URL%/…`); else as above.
    static func reference(to path: String, from base: String, root: String, like entries: [Any]) -> String {
        let srcs = entries.compactMap { ($0 as? [String: Any])?["src"] as? String }
        if !srcs.isEmpty {
            for prefix in WebApp.templatePrefixes where srcs.allSatisfy({ $0.hasPrefix(prefix) }) { return prefix + "/" + path }
            if srcs.allSatisfy({ $0.hasPrefix("/") && !$0.hasPrefix("//") }) { return "/" + path }
        }
        return reference(to: path, from: base, root: root)
    }

    /// The `<link>` tags for the page's `<head>`.
    static func html(favicons: [(file: String, sizes: String)], ico: (file: String, sizes: String)?, svg: String? = nil, touchIcon: String?,
                     manifest: String?) -> String {
        var html = "<!-- Icons: paste into <head>. Generated by iconforge. -->\n"
        if let ico { html += "<link rel=\"icon\" href=\"\(ico.file)\" sizes=\"\(ico.sizes)\">\n" }
        if let svg { html += svgLink(svg) + "\n" }
        for (file, sizes) in favicons { html += "<link rel=\"icon\" type=\"image/png\" sizes=\"\(sizes)\" href=\"\(file)\">\n" }
        if let touchIcon { html += "<link rel=\"apple-touch-icon\" href=\"\(touchIcon)\">\n" }
        guard let manifest else { return html }
        return html + "<link rel=\"manifest\" href=\"\(manifest)\">\n"
    }
}
