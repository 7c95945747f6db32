import Foundation

/// Edits one array of a JSON document in its own text, so a hand-kept file's diff shows only what changed: every
/// byte outside the array is kept, and so is every element that does not change. Used for web manifests, whose key
/// order, indentation and spacing are their authors' (rewriting one with sorted keys touched every line).
enum JSONText {
    /// `bytes` with the top-level member `key`'s array edited: the elements at the indices in `replacing` rewritten
    /// (each in the indentation of the line it starts on), `appending` added after the last one with the separator the
    /// array already uses, every other byte kept. The member is added as the last one when there is none. Nil when the
    /// text is not an object this scanner understands (the caller then writes the file anew).
    static func editingArray(_ key: String, in bytes: [UInt8], replacing: [Int: [String: Any]], appending: [[String: Any]]) -> [UInt8]? {
        guard let members = topLevelMembers(bytes) else { return nil }
        let unit = indentUnit(bytes)
        guard let member = members.first(where: { $0.key == key }) else {
            guard let last = members.last, replacing.isEmpty else { return nil }
            let indent = lineIndent(bytes, at: last.keyStart)
            let items = appending.map { indent + unit + object($0, indent: indent + unit, unit: unit) }
            let array = items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n" + indent + "]"
            let text = ",\n" + indent + quoted(key) + ": " + array
            return Array(bytes[..<last.value.upperBound]) + Array(text.utf8) + Array(bytes[last.value.upperBound...])
        }
        guard bytes[member.value.lowerBound] == UInt8(ascii: "["), let old = arrayElements(bytes, member.value),
              replacing.keys.allSatisfy({ $0 < old.count }) else { return nil }
        guard !old.isEmpty else {
            let indent = lineIndent(bytes, at: member.keyStart)
            let items = appending.map { indent + unit + object($0, indent: indent + unit, unit: unit) }
            let array = items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n" + indent + "]"
            return Array(bytes[..<member.value.lowerBound]) + Array(array.utf8) + Array(bytes[member.value.upperBound...])
        }
        // The separator between elements as the array writes it (",\n    ", or "," for `},{`), and the indentation of
        // the last element's line for the new ones.
        let separator = old.count > 1 ? String(decoding: bytes[old[0].upperBound..<old[1].lowerBound], as: UTF8.self)
            : ",\n" + lineIndent(bytes, at: old[0].lowerBound)
        let lastIndent = lineIndent(bytes, at: old[old.count - 1].lowerBound)
        var result: [UInt8] = []
        var cursor = 0
        for (index, range) in old.enumerated() {
            guard let fields = replacing[index] else { continue }
            result += bytes[cursor..<range.lowerBound]
            result += Array(object(fields, indent: lineIndent(bytes, at: range.lowerBound), unit: unit, like: OneLineStyle(bytes[range])).utf8)
            cursor = range.upperBound
        }
        let end = old[old.count - 1].upperBound
        result += bytes[cursor..<end]
        // New elements as the last one is written: on one line beside one-line siblings (Memos' `{ "src": …, "sizes": … }`).
        let style = OneLineStyle(bytes[old[old.count - 1]])
        for fields in appending { result += Array((separator + object(fields, indent: lastIndent, unit: unit, like: style)).utf8) }
        result += bytes[end...]
        return result
    }

    /// `bytes` with the member at `path` (keys of nested objects from the top level) set to `value`: its value's text
    /// replaced (on one line when it was on one line, else in the indentation of the line its key starts on), or, when
    /// the innermost object has no such member, the member added as its last one. Every other byte is kept. Nil when
    /// an object on the way is missing or the text is not one this scanner understands.
    static func settingMember(_ path: [String], to value: Any, in bytes: [UInt8]) -> [UInt8]? {
        guard let key = path.last else { return nil }
        var start = 0
        skipSpace(bytes, &start)
        guard var members = objectMembers(bytes, from: start) else { return nil }
        for parent in path.dropLast() {
            guard let member = members.last(where: { $0.key == parent }), bytes[member.value.lowerBound] == UInt8(ascii: "{"),
                  let inner = objectMembers(bytes, from: member.value.lowerBound) else { return nil }
            start = member.value.lowerBound
            members = inner
        }
        let unit = indentUnit(bytes)
        // JSON readers take the last of repeated keys.
        if let member = members.last(where: { $0.key == key }) {
            let oneLine = !bytes[member.value].contains(0x0A)
            let text = rendered(value, indent: lineIndent(bytes, at: member.keyStart), unit: unit, oneLine: oneLine)
            return Array(bytes[..<member.value.lowerBound]) + Array(text.utf8) + Array(bytes[member.value.upperBound...])
        }
        guard let end = valueEnd(bytes, from: start) else { return nil }
        if let last = members.last {
            let oneLine = !bytes[start..<end].contains(0x0A)
            let indent = lineIndent(bytes, at: last.keyStart)
            let text = oneLine ? ", " + quoted(key) + ": " + rendered(value, indent: "", unit: unit, oneLine: true)
                : ",\n" + indent + quoted(key) + ": " + rendered(value, indent: indent, unit: unit, oneLine: false)
            return Array(bytes[..<last.value.upperBound]) + Array(text.utf8) + Array(bytes[last.value.upperBound...])
        }
        // An empty object: opened on the line of its key.
        let indent = lineIndent(bytes, at: start)
        let text = "{\n" + indent + unit + quoted(key) + ": " + rendered(value, indent: indent + unit, unit: unit, oneLine: false) + "\n" + indent + "}"
        return Array(bytes[..<start]) + Array(text.utf8) + Array(bytes[end...])
    }

    /// A value as JSON text: an object's keys numbers first in their order ("16" before "128"), then the rest sorted;
    /// objects over several lines starting at `indent` (the line the value starts on), or on one line.
    static func rendered(_ value: Any, indent: String = "", unit: String, oneLine: Bool = false) -> String {
        guard let object = value as? [String: Any] else { return self.value(value) }
        guard !object.isEmpty else { return "{}" }
        let keys = object.keys.sorted { (Int($0) ?? .max, $0) < (Int($1) ?? .max, $1) }
        if oneLine { return "{" + keys.map { quoted($0) + ": " + rendered(object[$0]!, unit: unit, oneLine: true) }.joined(separator: ", ") + "}" }
        let lines = keys.map { indent + unit + quoted($0) + ": " + rendered(object[$0]!, indent: indent + unit, unit: unit) }
        return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
    }

    /// An object in the manifest's usual key order (src, sizes, type, purpose, then the rest sorted): over several
    /// lines, or on one in the spacing of `like`, the element it stands beside.
    private static func object(_ object: [String: Any], indent: String, unit: String, like style: OneLineStyle? = nil) -> String {
        let order = ["src", "sizes", "type", "purpose"]
        let keys = object.keys.sorted { (order.firstIndex(of: $0) ?? order.count, $0) < (order.firstIndex(of: $1) ?? order.count, $1) }
        if let style {
            let members = keys.map { quoted($0) + style.colon + value(object[$0]!) }
            return "{" + style.inside + members.joined(separator: style.comma) + style.inside + "}"
        }
        let lines = keys.map { indent + unit + quoted($0) + ": " + value(object[$0]!) }
        return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
    }

    /// The spacing of an object written on one line (`{ "src": "a.png", "sizes": "48x48" }` or `{"src":"a.png"}`): nil
    /// for one over several lines, or for anything but an object.
    struct OneLineStyle {
        /// What follows `{` and precedes `}`, what follows each `:` and each `,` between members.
        var inside: String, colon: String, comma: String

        init?(_ text: ArraySlice<UInt8>) {
            guard text.first == UInt8(ascii: "{"), text.last == UInt8(ascii: "}"), !text.contains(UInt8(ascii: "\n")) else { return nil }
            let after = { (character: UInt8) -> String in
                // The first such character outside a string, and the space after it.
                var inString = false, escaped = false
                for index in text.indices {
                    let byte = text[index]
                    if inString {
                        if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                    } else if byte == UInt8(ascii: "\"") {
                        inString = true
                    } else if byte == character {
                        return index + 1 < text.endIndex && text[index + 1] == UInt8(ascii: " ") ? " " : ""
                    }
                }
                return " "
            }
            let open = text.count > 1 && text[text.startIndex + 1] == UInt8(ascii: " ") ? " " : ""
            (inside, colon, comma) = (open, ":" + after(UInt8(ascii: ":")), "," + after(UInt8(ascii: ",")))
        }
    }

    private static func value(_ value: Any) -> String {
        if let text = value as? String { return quoted(text) }
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes])) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - Scanning (one pass; strings and escapes skipped correctly; depth bounded by the document's size cap)

    private struct Member {
        var key: String
        var keyStart: Int
        var value: Range<Int>
    }

    /// `bytes` with every `//` and `/* */` comment outside strings turned into spaces (newlines kept), same length: what
    /// Chrome reads an extension's `manifest.json` as (Vimium's has `// …` notes), positions unchanged for editing.
    static func withoutComments(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes, index = 0
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), newline: UInt8 = 0x0A
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\"") {
                index = stringEnd(bytes, from: index) ?? bytes.count
                continue
            }
            if bytes[index] == slash, index + 1 < bytes.count, bytes[index + 1] == slash || bytes[index + 1] == star {
                let block = bytes[index + 1] == star
                var end = index + 2
                while end < bytes.count {
                    if block ? (bytes[end] == star && end + 1 < bytes.count && bytes[end + 1] == slash) : bytes[end] == newline { break }
                    end += 1
                }
                end = block ? min(end + 2, bytes.count) : end
                for position in index..<end where bytes[position] != newline && bytes[position] != 0x0D { result[position] = 0x20 }
                index = end
                continue
            }
            index += 1
        }
        return result
    }

    /// `edit` applied to `bytes` through their comment-free form: the one changed stretch of the edited text replaces the
    /// same stretch of `bytes`, so comments outside it are kept.
    static func keepingComments(_ bytes: [UInt8], _ edit: ([UInt8]) -> [UInt8]?) -> [UInt8]? {
        let live = withoutComments(bytes)
        guard live != bytes else { return edit(bytes) }
        guard let edited = edit(live) else { return nil }
        var prefix = 0
        while prefix < live.count, prefix < edited.count, live[prefix] == edited[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < live.count - prefix, suffix < edited.count - prefix, live[live.count - 1 - suffix] == edited[edited.count - 1 - suffix] { suffix += 1 }
        return Array(bytes[..<prefix]) + Array(edited[prefix..<(edited.count - suffix)]) + Array(bytes[(live.count - suffix)...])
    }

    private static func skipSpace(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// The end (exclusive) of the string starting at `start` (a quote), or nil.
    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == UInt8(ascii: "\"") { return index + 1 }
            index += 1
        }
        return nil
    }

    /// The end (exclusive) of the value starting at `start`, or nil.
    private static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""): return stringEnd(bytes, from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0, index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""): guard let end = stringEnd(bytes, from: index) else { return nil }; index = end; continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return nil
        default:
            var index = start
            while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            return index > start ? index : nil
        }
    }

    private static func topLevelMembers(_ bytes: [UInt8]) -> [Member]? {
        var index = 0
        skipSpace(bytes, &index)
        return objectMembers(bytes, from: index)
    }

    /// The members of the object whose `{` is at `start`.
    private static func objectMembers(_ bytes: [UInt8], from start: Int) -> [Member]? {
        var index = start
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        var members: [Member] = []
        while true {
            skipSpace(bytes, &index)
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "}") { return members }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "\""), let keyEnd = stringEnd(bytes, from: index) else { return nil }
            let key = (try? JSONSerialization.jsonObject(with: Data(bytes[index..<keyEnd]), options: .fragmentsAllowed)) as? String ?? ""
            let keyStart = index
            index = keyEnd
            skipSpace(bytes, &index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipSpace(bytes, &index)
            guard let end = valueEnd(bytes, from: index) else { return nil }
            members.append(Member(key: key, keyStart: keyStart, value: index..<end))
            index = end
        }
    }

    private static func arrayElements(_ bytes: [UInt8], _ range: Range<Int>) -> [Range<Int>]? {
        var index = range.lowerBound + 1
        var elements: [Range<Int>] = []
        while index < range.upperBound {
            skipSpace(bytes, &index)
            guard index < range.upperBound else { return nil }
            if bytes[index] == UInt8(ascii: "]") { return elements }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard let end = valueEnd(bytes, from: index), end <= range.upperBound else { return nil }
            elements.append(index..<end)
            index = end
        }
        return nil
    }

    /// The spaces or tabs that start the line holding `index`.
    private static func lineIndent(_ bytes: [UInt8], at index: Int) -> String {
        var start = index
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < index, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The file's indentation step: the first indented line's leading spaces or tab, else two spaces.
    private static func indentUnit(_ bytes: [UInt8]) -> String {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A, index + 1 < bytes.count, bytes[index + 1] == 0x20 || bytes[index + 1] == 0x09 {
                var end = index + 1
                while end < bytes.count, bytes[end] == bytes[index + 1] { end += 1 }
                return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            }
            index += 1
        }
        return "  "
    }
}
