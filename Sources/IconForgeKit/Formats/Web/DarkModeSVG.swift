import Foundation

/// The web's `icon.svg` that follows the system's dark mode: the light and the dark master nested in one SVG, the dark
/// one shown under `@media (prefers-color-scheme: dark)` (browsers evaluate it in a favicon against the system's, or the
/// browser's, colour scheme).
///
/// One document holds both, so the names each defines — `id`s its gradients, masks and clip paths are referred to by,
/// and the classes its `<style>` rules select — would collide (two exports from one design tool both have
/// `linearGradient id="a"` and `.cls-1`): a reference would find the other master's definition. Every id and class of
/// each is prefixed (`light-`, `dark-`), and every reference to them with it: `url(#…)`, `href="#…"`, `xlink:href`,
/// `aria-labelledby`/`-describedby`, and `#id`/`.class` selectors in `<style>`.
enum DarkModeSVG {
    /// The classes the two nested SVGs are shown and hidden by.
    static let lightClass = "iconforge-light", darkClass = "iconforge-dark"

    /// The document, or nil when either master has no `<svg>` root IconForge can take apart (a DOCTYPE with its own
    /// entity definitions, which the nested copy could not carry).
    static func combined(light: [UInt8], dark: [UInt8]) -> [UInt8]? {
        guard let light = root(of: String(decoding: light, as: UTF8.self)), let dark = root(of: String(decoding: dark, as: UTF8.self)) else { return nil }
        let lightRoot = nested(light, prefix: "light-", shownBy: lightClass), darkRoot = nested(dark, prefix: "dark-", shownBy: darkClass)
        // The outer document takes the light master's size and aspect: the two fill it alike (width and height 100%).
        var outer = "<svg xmlns=\"http://www.w3.org/2000/svg\""
        for name in ["width", "height", "viewBox"] {
            if let value = attribute(name, in: light.tag) ?? (name == "viewBox" ? impliedViewBox(light.tag) : nil) { outer += " \(name)=\"\(value)\"" }
        }
        let text = outer + ">\n"
            + "<style>.\(darkClass){display:none}@media (prefers-color-scheme:dark){.\(lightClass){display:none}.\(darkClass){display:inline}}</style>\n"
            + lightRoot + "\n" + darkRoot + "\n</svg>\n"
        return Array(text.utf8)
    }

    /// An SVG document's root element: its start tag and the text up to its end tag's close.
    struct Root {
        var tag: String
        var element: String
    }

    static func root(of text: String) -> Root? {
        var rest = text[...]
        // The prolog: the XML declaration, processing instructions, comments, whitespace and a DOCTYPE without an
        // internal subset.
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            if rest.hasPrefix("<?") || rest.hasPrefix("<!--") {
                guard let end = rest.range(of: rest.hasPrefix("<?") ? "?>" : "-->") else { return nil }
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!DOCTYPE") || rest.hasPrefix("<!doctype") {
                guard let end = rest.firstIndex(of: ">"), !rest[..<end].contains("[") else { return nil }
                rest = rest[rest.index(after: end)...]
            } else { break }
        }
        guard rest.hasPrefix("<svg"), let tagEnd = tagEnd(in: rest), let close = rest.range(of: "</svg>", options: .backwards),
              close.lowerBound >= tagEnd else { return nil }
        return Root(tag: String(rest[rest.startIndex..<tagEnd]), element: String(rest[rest.startIndex..<close.upperBound]))
    }

    /// Where a start tag beginning at the text's start ends (after its `>`), quotes respected.
    private static func tagEnd(in text: Substring) -> String.Index? {
        var quote: Character?
        for index in text.indices {
            let character = text[index]
            if let open = quote { if character == open { quote = nil } } else if character == "\"" || character == "'" { quote = character }
            else if character == ">" { return text.index(after: index) }
        }
        return nil
    }

    /// The root as a nested `<svg>` filling the outer one, its names prefixed, shown by `shownBy`.
    private static func nested(_ root: Root, prefix: String, shownBy visibility: String) -> String {
        let element = prefixingNames(root.element, with: prefix)
        guard let end = tagEnd(in: element[...]) else { return element }
        let tag = String(element[..<end]), body = element[end...]
        let selfClosing = tag.hasSuffix("/>")
        var kept = ""
        var classes = [visibility]
        for (name, value) in attributes(in: tag) {
            switch name {
            case "width", "height", "x", "y": continue
            case "class": classes.append(value)
            default: kept += " \(name)=\"\(value)\""
            }
        }
        if attribute("viewBox", in: root.tag) == nil, let implied = impliedViewBox(root.tag) { kept += " viewBox=\"\(implied)\"" }
        return "<svg class=\"\(classes.joined(separator: " "))\" width=\"100%\" height=\"100%\"\(kept)\(selfClosing ? "/>" : ">")" + body
    }

    /// The attributes of a start tag, in order, values as written (entities kept); a single-quoted value's double quotes
    /// become `&quot;`, as it is written back between double quotes.
    static func attributes(in tag: String) -> [(String, String)] {
        guard let expression = try? NSRegularExpression(pattern: #"([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)')"#) else { return [] }
        let ns = tag as NSString
        return expression.matches(in: tag, range: NSRange(location: 0, length: ns.length)).map { match in
            let name = ns.substring(with: match.range(at: 1))
            let value = match.range(at: 2).location != NSNotFound ? ns.substring(with: match.range(at: 2))
                : ns.substring(with: match.range(at: 3)).replacingOccurrences(of: "\"", with: "&quot;")
            return (name, value)
        }
    }

    static func attribute(_ name: String, in tag: String) -> String? { attributes(in: tag).first { $0.0 == name }?.1 }

    /// `0 0 W H` from plain numeric width and height (px or no unit): what the root's user space is without a viewBox.
    private static func impliedViewBox(_ tag: String) -> String? {
        func number(_ name: String) -> String? {
            guard var value = attribute(name, in: tag)?.trimmingCharacters(in: .whitespaces) else { return nil }
            if value.hasSuffix("px") { value.removeLast(2) }
            return Double(value).map { _ in value }
        }
        guard let width = number("width"), let height = number("height") else { return nil }
        return "0 0 \(width) \(height)"
    }

    /// `text` (an SVG element) with every id it defines and every class it uses prefixed, and every reference to them.
    static func prefixingNames(_ text: String, with prefix: String) -> String {
        let ids = Set(matches(#"\sid\s*=\s*["']([^"']*)["']"#, in: text).map { $0[1] })
        var result = replacing(#"(\sid\s*=\s*["'])([^"']*)"#, in: text) { $0[1] + prefix + $0[2] }
        let known = { (name: String) in ids.contains(name) ? prefix + name : name }
        result = replacing(#"(url\(\s*["']?#)([^)"'\s]+)"#, in: result) { $0[1] + known($0[2]) }
        result = replacing(#"(\s(?:xlink:)?href\s*=\s*["']#)([^"']*)"#, in: result) { $0[1] + known($0[2]) }
        result = replacing(#"(\saria-(?:labelledby|describedby)\s*=\s*["'])([^"']*)"#, in: result) { groups in
            groups[1] + groups[2].split(separator: " ").map { known(String($0)) }.joined(separator: " ")
        }
        result = replacing(#"(\sclass\s*=\s*["'])([^"']*)"#, in: result) { groups in
            groups[1] + groups[2].split(separator: " ").map { prefix + $0 }.joined(separator: " ")
        }
        return replacing(#"(<style[^>]*>)([\s\S]*?)(</style>)"#, in: result) { $0[1] + prefixingSelectors($0[2], with: prefix, ids: ids) + $0[3] }
    }

    /// A style sheet with the `#id` and `.class` of its selectors prefixed; declarations (colours such as `#fff`, numbers
    /// such as `.5`) are left alone, and so are at-rules' preludes. Rules inside `@media` and `@supports` are selectors again.
    static func prefixingSelectors(_ css: String, with prefix: String, ids: Set<String>) -> String {
        var output = "", prelude = ""
        // For each open block: true when it holds rules (the sheet, @media), false when it holds declarations.
        var blocks: [Bool] = [true]
        var index = css.startIndex
        func isName(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "-" || character == "_" }
        func flushPrelude() {
            if prelude.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("@") { output += prelude; prelude = ""; return }
            var rewritten = "", position = prelude.startIndex
            while position < prelude.endIndex {
                let character = prelude[position]
                let previous = position > prelude.startIndex ? prelude[prelude.index(before: position)] : " "
                if (character == "#" || character == ".") && !isName(previous) {
                    let nameStart = prelude.index(after: position)
                    let nameEnd = prelude[nameStart...].firstIndex { !isName($0) } ?? prelude.endIndex
                    let name = String(prelude[nameStart..<nameEnd])
                    if !name.isEmpty, name.first!.isLetter || name.first == "_" || name.first == "-", character == "." || ids.contains(name) {
                        rewritten += String(character) + prefix + name
                        position = nameEnd
                        continue
                    }
                }
                rewritten.append(character)
                position = prelude.index(after: position)
            }
            output += rewritten
            prelude = ""
        }
        while index < css.endIndex {
            let character = css[index]
            if css[index...].hasPrefix("/*"), let end = css[index...].range(of: "*/") {
                if blocks.last! { prelude += css[index..<end.upperBound] } else { output += css[index..<end.upperBound] }
                index = end.upperBound
                continue
            }
            if blocks.last! {
                switch character {
                case "{":
                    let atGroup = ["@media", "@supports", "@document"].contains { prelude.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix($0) }
                    flushPrelude()
                    output.append(character)
                    blocks.append(atGroup)
                case "}":
                    output += prelude; prelude = ""
                    output.append(character)
                    if blocks.count > 1 { blocks.removeLast() }
                case ";":
                    // A statement at-rule (@import, @charset): its prelude is kept as it is.
                    output += prelude + ";"; prelude = ""
                default: prelude.append(character)
                }
            } else {
                output.append(character)
                if character == "{" { blocks.append(false) } else if character == "}" { blocks.removeLast() }
            }
            index = css.index(after: index)
        }
        flushPrelude()
        return output
    }

    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = text as NSString
        return expression.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { match in
            (0..<match.numberOfRanges).map { match.range(at: $0).location == NSNotFound ? "" : ns.substring(with: match.range(at: $0)) }
        }
    }

    /// `text` with every match of `pattern` replaced by `transform(groups)`.
    private static func replacing(_ pattern: String, in text: String, _ transform: ([String]) -> String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        let ns = text as NSString
        var result = "", last = 0
        for match in expression.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            result += ns.substring(with: NSRange(location: last, length: match.range.location - last))
            result += transform((0..<match.numberOfRanges).map { match.range(at: $0).location == NSNotFound ? "" : ns.substring(with: match.range(at: $0)) })
            last = match.range.location + match.range.length
        }
        return result + ns.substring(from: last)
    }
}
