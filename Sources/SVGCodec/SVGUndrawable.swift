import Raster

/// An element of an SVG that librsvg will not draw as designed, named for the user: its tag, its id when it has
/// one, and its line.
package struct SVGUndrawable: Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// An element whose filter librsvg cannot run: librsvg then leaves the element out, with everything in it.
        case filter
        /// Text: drawn with whatever fonts the machine that draws it has.
        case text
    }

    package var kind: Kind
    /// `<g id="shadow">`, or `<text>` when it has no id.
    package var element: String
    /// 1-based.
    package var line: Int
    /// What happens to it.
    package var reason: String

    package var description: String { "\(element) (line \(line)) \(reason)" }
}

extension SVG {
    /// The filter primitives of SVG 1.1 and Filter Effects 1 (their child elements too: lights, transfer functions,
    /// merge nodes). A primitive outside these, or one librsvg does not draw (`feDropShadow` in 2.54), puts the
    /// filter in error, and librsvg then draws nothing of the element that uses it.
    static let filterPrimitives: Set<String> = [
        "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
        "feDisplacementMap", "feDropShadow", "feFlood", "feGaussianBlur", "feImage", "feMerge", "feMorphology", "feOffset",
        "feSpecularLighting", "feTile", "feTurbulence", "feDistantLight", "fePointLight", "feSpotLight", "feFuncR", "feFuncG",
        "feFuncB", "feFuncA", "feMergeNode",
    ]

    /// True when this librsvg draws `feDropShadow`; found by drawing one once, as no version number says it.
    package static let drawsDropShadow: Bool = {
        let probe = #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><filter id="s"><feDropShadow dx="1" dy="1" stdDeviation="0"/></filter><rect width="4" height="4" filter="url(#s)"/></svg>"#
        guard let image = try? SVG.render(Array(probe.utf8), path: nil, size: PixelSize(width: 8, height: 8), maxBytes: 1 << 20) else { return false }
        return stride(from: 3, to: image.bytes.count, by: 4).contains { image.bytes[$0] != 0 }
    }()

    /// The most elements named: a document with more says so in these.
    static let maxUndrawable = 20

    /// The elements librsvg will not draw as designed: those using a filter with a primitive it cannot run (found
    /// by `filter="url(#id)"` or a `filter:` style naming the filter), and `<text>`. A bounded scan of the text, not
    /// a parse: comments, CDATA and declarations are skipped; a document that is not well-formed yields what was read.
    package static func undrawable(_ bytes: [UInt8]) -> [SVGUndrawable] {
        var filters: [String: [String]] = [:] // filter id → primitives it cannot run
        var users: [(element: String, line: Int, filter: String)] = []
        var found: [SVGUndrawable] = []
        var openFilter: String?
        var index = 0, line = 1
        let count = bytes.count

        func starts(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            return position + pattern.count <= count && Array(bytes[position..<position + pattern.count]) == pattern
        }
        /// Moves past `end`, counting lines; to the end of the text when it never comes.
        func skip(past end: String) {
            while index < count, !starts(end, at: index) {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
            index = min(count, index + end.utf8.count)
        }

        while index < count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1 }
            guard byte == UInt8(ascii: "<") else { index += 1; continue }
            if starts("<!--", at: index) { skip(past: "-->"); continue }
            if starts("<![CDATA[", at: index) { skip(past: "]]>"); continue }
            if starts("<?", at: index) || starts("<!", at: index) { skip(past: ">"); continue }
            let tagLine = line
            index += 1
            let closing = index < count && bytes[index] == UInt8(ascii: "/")
            if closing { index += 1 }
            let nameStart = index
            while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") { index += 1 }
            var name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            if let colon = name.lastIndex(of: ":") { name = String(name[name.index(after: colon)...]) } // svg:text
            // Attributes, to the tag's end; quoted values may hold '>'.
            var attributes: [String: String] = [:]
            var selfClosing = false
            while index < count, bytes[index] != UInt8(ascii: ">") {
                let byte = bytes[index]
                if byte == 0x0A { line += 1 }
                if byte == UInt8(ascii: "/") { selfClosing = true; index += 1; continue }
                guard !isSpace(byte) else { index += 1; continue }
                selfClosing = false
                let keyStart = index
                while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">") { index += 1 }
                let key = String(decoding: bytes[keyStart..<index], as: UTF8.self)
                while index < count, isSpace(bytes[index]) { if bytes[index] == 0x0A { line += 1 }; index += 1 }
                guard index < count, bytes[index] == UInt8(ascii: "=") else { continue }
                index += 1
                while index < count, isSpace(bytes[index]) { if bytes[index] == 0x0A { line += 1 }; index += 1 }
                guard index < count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { continue }
                let quote = bytes[index]
                index += 1
                let valueStart = index
                while index < count, bytes[index] != quote { if bytes[index] == 0x0A { line += 1 }; index += 1 }
                attributes[key] = String(decoding: bytes[valueStart..<min(index, count)], as: UTF8.self)
                index += 1
            }
            index += 1
            guard !name.isEmpty else { continue }
            if closing {
                if name == "filter" { openFilter = nil }
                continue
            }
            let label = attributes["id"].map { "<\(name) id=\"\($0)\">" } ?? "<\(name)>"
            if name == "filter" {
                let id = attributes["id"] ?? ""
                filters[id] = filters[id] ?? []
                openFilter = selfClosing ? nil : id
            } else if let filter = openFilter, name.hasPrefix("fe") {
                if !filterPrimitives.contains(name) || (name == "feDropShadow" && !drawsDropShadow) { filters[filter, default: []].append(name) }
            } else if name == "text" {
                found.append(SVGUndrawable(kind: .text, element: label, line: tagLine,
                                           reason: "is text: it is drawn with the fonts of the machine that draws it, or not at all where they are missing"))
            }
            if let reference = filterReference(attributes) { users.append((label, tagLine, reference)) }
            if found.count + users.count > maxUndrawable * 4 { break }
        }
        for user in users {
            guard let primitives = filters[user.filter], !primitives.isEmpty else { continue }
            let names = Array(Set(primitives)).sorted().joined(separator: ", ")
            found.append(SVGUndrawable(kind: .filter, element: user.element, line: user.line,
                                       reason: "uses filter '\(user.filter)', whose \(names) librsvg \(libraryVersion) does not draw: "
                                           + "the element and everything in it are left out"))
        }
        return Array(found.sorted { $0.line < $1.line }.prefix(maxUndrawable))
    }

    /// The id in `filter="url(#id)"` or a style's `filter: url(#id)`.
    private static func filterReference(_ attributes: [String: String]) -> String? {
        var text = attributes["filter"]
        if text == nil, let style = attributes["style"], let range = style.firstRange(of: "filter") { text = String(style[range.upperBound...]) }
        guard let text, let start = text.firstRange(of: "url(") else { return nil }
        var id = text[start.upperBound...].prefix { $0 != ")" }
        id = id.drop { $0 == "#" || $0 == "'" || $0 == "\"" || $0 == " " }
        while let last = id.last, last == "'" || last == "\"" || last == " " { id = id.dropLast() }
        return id.isEmpty ? nil : String(id)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
