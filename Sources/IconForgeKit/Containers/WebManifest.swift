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
    /// The most icons one run renders for a manifest (real ones list up to ~20).
    static let maxIcons = 64

    /// The manifest already in `folder` (its own name first, then `manifest.json`, `site.webmanifest`), or nil.
    static func existingName(in folder: String) -> String? {
        [fileName, "manifest.json", "site.webmanifest"].first { FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0)) }
    }

    /// An icon a manifest lists that IconForge can render in place: a local PNG path inside the manifest's folder,
    /// one square size, one purpose.
    struct ListedIcon: Equatable {
        var src: String
        var pixels: Int
        var purpose: String
    }

    /// The icons the manifest in `folder` lists that can be rendered where they are. Entries with several
    /// purposes ("any maskable", which needs one picture to serve two crops), remote or data URLs, paths that
    /// leave the folder, other formats and non-square or several sizes are left as they are.
    static func listedIcons(in folder: String) -> [ListedIcon] {
        guard let name = existingName(in: folder), let bytes = try? FileIO.readDocument((folder as NSString).appendingPathComponent(name)), let icons = ((try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any])?["icons"] as? [Any] else { return [] }
        return icons.compactMap { item -> ListedIcon? in
            guard let icon = item as? [String: Any], var src = icon["src"] as? String, let sizes = icon["sizes"] as? String else { return nil }
            if src.hasPrefix("./") { src.removeFirst(2) }
            let parts = src.split(separator: "/", omittingEmptySubsequences: false)
            // Hidden folders (a backup, `.git`) are never rendered into, whatever the manifest says.
            guard src.lowercased().hasSuffix(".png"), !src.hasPrefix("/"), !src.contains(":"), !src.contains("?"), !src.contains("#"),
                  !parts.contains(where: { $0.hasPrefix(".") || $0.isEmpty }) else { return nil }
            let purposes = (icon["purpose"] as? String ?? "any").split(separator: " ").map(String.init)
            guard purposes.count == 1, ["any", "maskable"].contains(purposes[0]),
                  let size = PixelSize(parsing: sizes), size.width == size.height, size.width >= 16, size.width <= 2048 else { return nil }
            return ListedIcon(src: src, pixels: size.width, purpose: purposes[0])
        }
    }

    /// The manifest's text: the existing one's keys and other icons kept; unchanged in substance, its own bytes;
    /// changed, written with sorted keys, two-space indented (its own key order is not kept).
    static func merged(existing: [UInt8]?, icons: [Icon], path: String) throws(IconForgeError) -> [UInt8] {
        var root: [String: Any] = [:]
        if let existing {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(existing))) as? [String: Any] else {
                throw .invalidRequest(path: path, reason: "is not a JSON object; fix it, or move it away to have IconForge write a new one")
            }
            root = object
        }
        // An icon the manifest already lists (by src, "./" ignored) is updated where it stands, its other keys
        // kept (an absent purpose stays absent for "any"); the others are appended.
        let bySource = Dictionary(icons.map { ($0.src, $0) }, uniquingKeysWith: { first, _ in first })
        var placed = Set<String>()
        var list: [Any] = (root["icons"] as? [Any] ?? []).map { item in
            guard var entry = item as? [String: Any], let src = entry["src"] as? String else { return item }
            let key = src.hasPrefix("./") ? String(src.dropFirst(2)) : src
            guard let icon = bySource[key], placed.insert(key).inserted else { return item }
            entry["sizes"] = icon.sizes
            entry["type"] = "image/png"
            if entry["purpose"] != nil || icon.purpose != "any" { entry["purpose"] = icon.purpose }
            return entry
        }
        list += icons.filter { !placed.contains($0.src) }.map { ["src": $0.src, "sizes": $0.sizes, "type": "image/png", "purpose": $0.purpose] as [String: Any] }
        let before = root["icons"].map { NSArray(array: $0 as? [Any] ?? []) }
        root["icons"] = list
        // Nothing changed in substance: the file stays byte for byte, in its own key order and indentation.
        if let existing, let before, before.isEqual(to: list) { return existing }
        do {
            let data = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            return Array(data) + [0x0A]
        } catch { throw .invalidRequest(path: path, reason: "cannot be written: \(error.localizedDescription)") }
    }

    /// The `<link>` tags for the page's `<head>`.
    static func html(favicons: [(file: String, sizes: String)], ico: String?, touchIcon: String?) -> String {
        var html = "<!-- Icons: paste into <head>. Generated by iconforge. -->\n"
        if let ico { html += "<link rel=\"icon\" href=\"\(ico)\" sizes=\"48x48\">\n" }
        for (file, sizes) in favicons { html += "<link rel=\"icon\" type=\"image/png\" sizes=\"\(sizes)\" href=\"\(file)\">\n" }
        if let touchIcon { html += "<link rel=\"apple-touch-icon\" href=\"\(touchIcon)\">\n" }
        return html + "<link rel=\"manifest\" href=\"\(fileName)\">\n"
    }
}
