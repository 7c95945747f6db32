import Foundation
import Raster

/// The icons a website's `index.html` links (`<link rel="icon">`, `rel="apple-touch-icon"`): read so that
/// `generate` renders them where the page expects them, as it does the icons a manifest lists.
enum WebPage {
    static let fileName = "index.html"

    /// One linked icon that can be rendered in place: a local PNG inside the page's folder, square, of a known size.
    struct LinkedIcon: Equatable {
        var href: String
        var pixels: Int
        /// True for `apple-touch-icon` (opaque, the home-screen icon), false for a favicon.
        var touchIcon: Bool
    }

    /// The icons `folder/index.html` links that can be rendered where they are: the size from `sizes`, else from the
    /// file already there; remote, data and out-of-folder links, other formats and non-square sizes are left alone.
    static func linkedIcons(in folder: String) -> [LinkedIcon] {
        guard let bytes = try? FileIO.read((folder as NSString).appendingPathComponent(fileName)) else { return [] }
        let html = String(decoding: bytes, as: UTF8.self)
        var icons: [LinkedIcon] = []
        var rest = Substring(html)
        while let open = rest.range(of: "<link", options: .caseInsensitive) {
            let tag = rest[open.upperBound...].prefix { $0 != ">" }
            rest = rest[open.upperBound...]
            let attributes = Self.attributes(tag)
            let rel = (attributes["rel"] ?? "").lowercased().split(separator: " ")
            guard rel.contains("icon") || rel.contains("apple-touch-icon") || rel.contains("apple-touch-icon-precomposed"),
                  var href = attributes["href"] else { continue }
            if href.hasPrefix("/") { href.removeFirst() } // the site's root: the folder the page is in
            if href.hasPrefix("./") { href.removeFirst(2) }
            let parts = href.split(separator: "/", omittingEmptySubsequences: false)
            guard href.lowercased().hasSuffix(".png"), !href.contains(":"), !href.contains("?"), !href.contains("#"),
                  !parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else { continue }
            let stated = attributes["sizes"].flatMap { PixelSize(parsing: $0) }
            let existing = (try? FileIO.read((folder as NSString).appendingPathComponent(href))).flatMap(FileKind.pixelSize)
            guard let size = stated ?? existing, size.width == size.height, size.width >= 16, size.width <= 1024 else { continue }
            icons.append(LinkedIcon(href: href, pixels: size.width, touchIcon: !rel.contains("icon")))
        }
        return icons
    }

    /// `name="value"` (or single-quoted, or bare) attributes of a tag, names lowercased.
    static func attributes(_ tag: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = tag
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].split(whereSeparator: { $0.isWhitespace || $0 == "/" }).last.map { $0.lowercased() } ?? ""
            var value = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            let text: Substring
            if let quote = value.first, quote == "\"" || quote == "'" {
                value = value.dropFirst()
                text = value.prefix { $0 != quote }
                rest = value.dropFirst(text.count + 1)
            } else {
                text = value.prefix { !$0.isWhitespace && $0 != "/" }
                rest = value.dropFirst(text.count)
            }
            if !name.isEmpty { result[name] = String(text) }
        }
        return result
    }
}
