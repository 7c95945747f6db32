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
    /// The most icons one run renders for a manifest (real ones list up to ~20).
    static let maxIcons = 64

    /// The names a manifest goes by when no page links it.
    static let conventionalNames = [fileName, "manifest.json", "site.webmanifest"]

    /// The manifest of the site in `folder` (the one its page links, else a conventional name), relative to `folder`;
    /// nil when there is none inside it.
    static func existingName(in folder: String) -> String? {
        guard let manifest = WebApp(folder).manifest, FolderScope(folder).contains(manifest) else { return nil }
        return WebApp.relative(manifest, to: folder)
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
    /// browser resolves it (from the manifest's folder; `/` and template prefixes from the site's root). Entries with
    /// several purposes ("any maskable", which needs one picture to serve two crops), remote or data URLs, paths that
    /// leave the folder or enter a hidden one, other formats and non-square or several sizes are left as they are.
    static func listedIcons(in folder: String) -> [ListedIcon] {
        let site = WebApp(folder), scope = FolderScope(folder)
        guard let manifest = site.manifest, scope.contains(manifest), let bytes = try? FileIO.readDocument(manifest),
              let icons = ((try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any])?["icons"] as? [Any] else { return [] }
        let base = manifest.parentFolder
        return icons.compactMap { item -> ListedIcon? in
            guard let icon = item as? [String: Any], let reference = icon["src"] as? String, let sizes = icon["sizes"] as? String,
                  let file = site.resolve(reference, base: base), scope.contains(file), let src = WebApp.relative(file, to: folder),
                  src.lowercased().hasSuffix(".png"), !src.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return nil }
            let purposes = (icon["purpose"] as? String ?? "any").split(separator: " ").map(String.init)
            guard purposes.count == 1, ["any", "maskable", "monochrome"].contains(purposes[0]),
                  let size = PixelSize(parsing: sizes), size.width == size.height, size.width >= 16, size.width <= 2048 else { return nil }
            return ListedIcon(src: src, pixels: size.width, purpose: purposes[0])
        }
    }

    /// The `src` of every icon the manifest of the site in `folder` lists that resolves outside the folder — through a
    /// link that leaves it, or by `..` — and so is never rendered into.
    static func iconsOutside(_ folder: String) -> [String] {
        let site = WebApp(folder), scope = FolderScope(folder)
        guard let manifest = site.manifest, scope.contains(manifest), let bytes = try? FileIO.readDocument(manifest),
              let icons = ((try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any])?["icons"] as? [Any] else { return [] }
        let base = manifest.parentFolder
        return icons.compactMap { item in
            guard let reference = (item as? [String: Any])?["src"] as? String, let file = site.resolve(reference, base: base) else { return nil }
            return scope.contains(file) ? nil : reference
        }
    }

    /// The manifest's text: the existing one's keys and other icons kept; unchanged in substance, its own bytes;
    /// changed, only the `icons` array is rewritten (every other byte of the file kept, and each entry that does not
    /// change kept as written). `icons` are the files IconForge wrote, by path relative to the site's folder; an entry
    /// already naming one (by whatever path form: `./x`, `/x`, `%PUBLIC_URL%/x`) is updated where it stands, its other
    /// keys kept; the others are appended, named from the manifest's folder. An entry naming `ico` (the `.ico` written)
    /// gets that file's sizes.
    static func merged(existing: [UInt8]?, icons: [Icon], ico: (path: String, sizes: String)? = nil, site: WebApp, manifest: String,
                       path: String) throws(IconForgeError) -> [UInt8] {
        var root: [String: Any] = [:]
        if let existing {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(existing))) as? [String: Any] else {
                throw .invalidRequest(path: path, reason: "is not a JSON object; fix it, or move it away to have IconForge write a new one")
            }
            root = object
        }
        let base = manifest.parentFolder
        let resolved = { (src: String) -> String? in site.resolve(src, base: base).flatMap { WebApp.relative($0, to: site.root) } }
        let byPath = Dictionary(icons.map { ($0.src, $0) }, uniquingKeysWith: { first, _ in first })
        var placed = Set<String>()
        let old = root["icons"] as? [Any] ?? []
        var list: [Any] = old.map { item in
            guard var entry = item as? [String: Any], let src = entry["src"] as? String, let file = resolved(src) else { return item }
            if let ico, file == ico.path {
                entry["sizes"] = ico.sizes
                return entry
            }
            guard let icon = byPath[file], placed.insert(file).inserted else { return item }
            entry["sizes"] = icon.sizes
            entry["type"] = "image/png"
            if entry["purpose"] != nil || icon.purpose != "any" { entry["purpose"] = icon.purpose }
            return entry
        }
        let added: [[String: Any]] = icons.filter { !placed.contains($0.src) }.map {
            ["src": reference(to: $0.src, from: base, root: site.root), "sizes": $0.sizes, "type": "image/png", "purpose": $0.purpose]
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
        } catch { throw .invalidRequest(path: path, reason: "cannot be written: \(error.localizedDescription)") }
    }

    /// How a manifest in `base` names the file at `path` (relative to `root`): relative when the file is in the
    /// manifest's folder or below, else from the root.
    static func reference(to path: String, from base: String, root: String) -> String {
        let file = (root as NSString).appendingPathComponent(path)
        return WebApp.relative(file, to: base) ?? "/" + path
    }

    /// The `<link>` tags for the page's `<head>`.
    static func html(favicons: [(file: String, sizes: String)], ico: (file: String, sizes: String)?, svg: String? = nil, touchIcon: String?,
                     manifest: String) -> String {
        var html = "<!-- Icons: paste into <head>. Generated by iconforge. -->\n"
        if let ico { html += "<link rel=\"icon\" href=\"\(ico.file)\" sizes=\"\(ico.sizes)\">\n" }
        if let svg { html += svgLink(svg) + "\n" }
        for (file, sizes) in favicons { html += "<link rel=\"icon\" type=\"image/png\" sizes=\"\(sizes)\" href=\"\(file)\">\n" }
        if let touchIcon { html += "<link rel=\"apple-touch-icon\" href=\"\(touchIcon)\">\n" }
        return html + "<link rel=\"manifest\" href=\"\(manifest)\">\n"
    }
}
