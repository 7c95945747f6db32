import Foundation
import Raster

/// The icons a website's `index.html` links (`<link rel="icon">`, `rel="apple-touch-icon"`): read so that
/// `generate` renders them where the page expects them, as it does the icons a manifest lists.
enum WebPage {
    static let fileName = "index.html"

    /// One linked icon that can be rendered in place: a local PNG or ICO inside the site's folder, square, of a known size.
    struct LinkedIcon: Equatable {
        /// The file, relative to the site's root folder.
        var href: String
        var pixels: Int
        /// True for `apple-touch-icon` (opaque, the home-screen icon), false for a favicon.
        var touchIcon: Bool
        /// True for an `.ico` favicon (its sizes are the file's entries).
        var isIco: Bool = false
    }

    /// The `href` of the page's `<link rel="manifest">`, as written.
    static func manifestHref(in page: String) -> String? {
        guard let bytes = try? FileIO.readDocument(page) else { return nil }
        for tag in linkTags(bytes) {
            let attributes = Self.attributes(Substring(tag))
            if (attributes["rel"] ?? "").lowercased().split(separator: " ").contains("manifest"), let href = attributes["href"] { return href }
        }
        return nil
    }

    /// The icons the site's page links that can be rendered where they are: the size from `sizes`, else from the
    /// file already there; remote, data and out-of-folder links, other formats and non-square sizes are left alone.
    /// Paths are resolved as a browser would (from the page's folder; `/` and template prefixes from the root).
    static func linkedIcons(in folder: String) -> [LinkedIcon] {
        let site = WebApp(folder)
        let scope = FolderScope(folder)
        guard let page = site.page, let bytes = try? FileIO.readDocument(page) else { return [] }
        var icons: [LinkedIcon] = []
        for tag in linkTags(bytes) {
            let attributes = Self.attributes(Substring(tag))
            let rel = (attributes["rel"] ?? "").lowercased().split(separator: " ")
            guard rel.contains("icon") || rel.contains("apple-touch-icon") || rel.contains("apple-touch-icon-precomposed"),
                  let reference = attributes["href"], !site.cannotResolve(reference), let file = site.resolve(reference, base: page.parentFolder),
                  scope.contains(file), let href = FileIO.relativePath(file, to: folder),
                  !href.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            let lower = href.lowercased()
            if lower.hasSuffix(".ico"), rel.contains("icon") {
                icons.append(LinkedIcon(href: href, pixels: 48, touchIcon: false, isIco: true))
            } else if lower.hasSuffix(".png") {
                let stated = attributes["sizes"].flatMap { PixelSize(parsing: $0) }
                let existing = stated == nil ? (try? FileIO.read(file)).flatMap(FileKind.pixelSize) : nil
                guard let size = stated ?? existing, size.width == size.height, size.width >= 16, size.width <= 1024 else { continue }
                icons.append(LinkedIcon(href: href, pixels: size.width, touchIcon: !rel.contains("icon")))
            }
            if icons.count == maxLinks { break }
        }
        return icons
    }

    /// The `href` of each SVG icon the page links (`type="image/svg+xml"`, or a `.svg` file), as written.
    static func svgIconHrefs(in page: String) -> [String] {
        guard let bytes = try? FileIO.readDocument(page) else { return [] }
        return linkTags(bytes).compactMap { tag in
            let attributes = Self.attributes(Substring(tag))
            guard (attributes["rel"] ?? "").lowercased().split(separator: " ").contains("icon"), let href = attributes["href"] else { return nil }
            let path = href.split(whereSeparator: { $0 == "?" || $0 == "#" }).first.map(String.init) ?? href
            return attributes["type"]?.lowercased() == "image/svg+xml" || path.lowercased().hasSuffix(".svg") ? href : nil
        }
    }

    /// The `href` of each favicon the page links in a picture format IconForge does not write (Memos' `/logo.webp`: WebP,
    /// JPEG, GIF, AVIF, BMP; by `type`, else by the file's extension), as written.
    static func otherFormatIconHrefs(in page: String) -> [String] {
        guard let bytes = try? FileIO.readDocument(page) else { return [] }
        let types = ["image/webp", "image/jpeg", "image/gif", "image/avif", "image/bmp"], extensions = [".webp", ".jpg", ".jpeg", ".gif", ".avif", ".bmp"]
        return linkTags(bytes).compactMap { tag in
            let attributes = Self.attributes(Substring(tag))
            guard (attributes["rel"] ?? "").lowercased().split(separator: " ").contains("icon"), let href = attributes["href"] else { return nil }
            let path = (href.split(whereSeparator: { $0 == "?" || $0 == "#" }).first.map(String.init) ?? href).lowercased()
            if let type = attributes["type"]?.lowercased(), !type.isEmpty { return types.contains(type) ? href : nil }
            return extensions.contains(where: path.hasSuffix) ? href : nil
        }
    }

    /// The most icon links taken from a page.
    static let maxLinks = 64
    /// The longest `<link …>` tag read: a tag without its `>` ends here rather than running to the end of the page.
    static let maxTagBytes = 4096

    /// The text inside every `<link …>` tag (after `<link`, before `>`), found in one pass over the bytes: linear
    /// in the page's length whatever it holds (a page of unclosed tags took minutes when each search restarted).
    static func linkTags(_ bytes: [UInt8]) -> [String] {
        let pattern = Array("<link".utf8)
        var tags: [String] = []
        var index = 0
        // What is inside a comment, a script or a style is no tag of the page: skipped whole (still one pass).
        func skip(from open: String, to close: String) -> Bool {
            let opening = Array(open.utf8), closing = Array(close.utf8)
            guard index + opening.count <= bytes.count, (0..<opening.count).allSatisfy({ bytes[index + $0] | 0x20 == opening[$0] }) else { return false }
            var end = index + opening.count
            while end + closing.count <= bytes.count, !(0..<closing.count).allSatisfy({ bytes[end + $0] | 0x20 == closing[$0] }) { end += 1 }
            index = min(bytes.count, end + closing.count)
            return true
        }
        while index + pattern.count <= bytes.count {
            if bytes[index] == UInt8(ascii: "<"), skip(from: "<!--", to: "-->") || skip(from: "<script", to: "</script") || skip(from: "<style", to: "</style") { continue }
            guard bytes[index] == UInt8(ascii: "<"),
                  (1..<pattern.count).allSatisfy({ bytes[index + $0] | 0x20 == pattern[$0] }) else { index += 1; continue }
            let start = index + pattern.count
            var end = start
            while end < bytes.count, end - start < maxTagBytes, bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: "<") { end += 1 }
            tags.append(String(decoding: bytes[start..<end], as: UTF8.self))
            index = max(end, start)
        }
        return tags
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

extension WebPage {
    /// One `<link>` the page should have: its `rel`, the `sizes` that tell it from others of that rel (nil: any), and
    /// the tag to write.
    struct WantedLink: Equatable {
        var rel: String
        var sizes: String?
        var tag: String
        /// The MIME type a tag it replaces has (the SVG icon replaces the page's SVG icon, whatever its sizes); nil: any.
        var type: String? = nil
    }

    /// `page` with each wanted link present: a tag of that rel (and sizes, where given) is replaced by the wanted one
    /// unless it already says the same, a missing one is inserted before `</head>` in the indentation of the line
    /// before it; every other byte is kept. Nil when the page has no `</head>` (IconForge does not guess where tags go).
    static func updating(_ page: [UInt8], with wanted: [WantedLink]) -> [UInt8]? {
        let text = String(decoding: page, as: UTF8.self)
        guard var headEnd = text.range(of: "</head>", options: .caseInsensitive) else { return nil }
        var result = text
        var inserted: [String] = []
        for link in wanted {
            if let existing = tagRange(in: result, rel: link.rel, sizes: link.type == nil ? link.sizes : nil, type: link.type, before: headEnd.lowerBound) {
                if result[existing] != link.tag { result.replaceSubrange(existing, with: link.tag) }
                headEnd = result.range(of: "</head>", options: .caseInsensitive)!
            } else {
                inserted.append(link.tag)
            }
        }
        if !inserted.isEmpty {
            // The indentation of the last line before </head> (the head's own children).
            let before = result[..<headEnd.lowerBound]
            let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
            let previousLine = before[..<lineStart].dropLast().split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
            let indent = String(previousLine.prefix { $0 == " " || $0 == "\t" })
            let closingOwnLine = before[lineStart...].allSatisfy { $0 == " " || $0 == "\t" }
            let block = inserted.map { indent + $0 + "\n" }.joined()
            result.insert(contentsOf: closingOwnLine ? block : "\n" + block, at: closingOwnLine ? lineStart : headEnd.lowerBound)
        }
        return Array(result.utf8)
    }

    /// The range of the first `<link …>` tag before `limit` whose rel is `rel` (and whose sizes are `sizes`, when given).
    private static func tagRange(in text: String, rel: String, sizes: String?, type: String? = nil, before limit: String.Index) -> Range<String.Index>? {
        var search = text.startIndex..<limit
        while let open = text.range(of: "<link", options: .caseInsensitive, range: search) {
            guard let close = text.range(of: ">", range: open.upperBound..<limit) else { return nil }
            let attributes = Self.attributes(text[open.upperBound..<close.lowerBound])
            let rels = (attributes["rel"] ?? "").lowercased().split(separator: " ").map(String.init)
            if rels == [rel] || (rel == "icon" && rels == ["shortcut", "icon"]), sizes == nil || attributes["sizes"] == sizes,
               type == nil || attributes["type"]?.lowercased() == type {
                return open.lowerBound..<close.upperBound
            }
            search = close.upperBound..<limit
        }
        return nil
    }
}
