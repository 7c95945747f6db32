import Foundation

/// A JSON value written exactly as Xcode writes asset-catalog Contents.json files: keys sorted,
/// `"key" : value`, two-space indentation, a newline at the end. Rendering is deterministic, so
/// re-running `generate` gives byte-identical files.
package indirect enum ContentsJSON: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case array([ContentsJSON])
    case object([String: ContentsJSON])
    /// `null`, which Icon Composer writes for a property it has cleared (`"blur-material" : null`).
    case null

    /// `"info" : { "author" : "xcode", "version" : 1 }`, which closes every Contents.json.
    package static let info: ContentsJSON = .object(["author": .string("xcode"), "version": .integer(1)])

    /// The text of the file.
    package var rendered: String {
        var text = ""
        write(into: &text, indent: 0)
        return text + "\n"
    }

    private func write(into text: inout String, indent: Int) {
        let pad = String(repeating: " ", count: indent + 2), close = String(repeating: " ", count: indent)
        switch self {
        case .string(let value): text += ContentsJSON.quoted(value)
        case .integer(let value): text += String(value)
        case .number(let value): text += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .bool(let value): text += value ? "true" : "false"
        case .null: text += "null"
        case .array(let values):
            guard !values.isEmpty else { text += "[\n\n\(close)]"; return }
            text += "[\n"
            for (index, value) in values.enumerated() {
                text += pad
                value.write(into: &text, indent: indent + 2)
                text += index + 1 < values.count ? ",\n" : "\n"
            }
            text += close + "]"
        case .object(let fields):
            guard !fields.isEmpty else { text += "{\n\n\(close)}"; return }
            text += "{\n"
            for (index, key) in fields.keys.sorted().enumerated() {
                text += pad + ContentsJSON.quoted(key) + " : "
                fields[key]!.write(into: &text, indent: indent + 2)
                text += index + 1 < fields.count ? ",\n" : "\n"
            }
            text += close + "}"
        }
    }

    private static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Converts what JSONSerialization read (to keep entries IconForge does not own); nil for anything else.
    package init?(any value: Any) {
        switch value {
        case let text as String: self = .string(text)
        case is NSNull: self = .null
        case let number as NSNumber:
            if ContentsJSON.isBoolean(number) { self = .bool(number.boolValue); return }
            self = number.doubleValue == number.doubleValue.rounded() && abs(number.doubleValue) < 1e15
                ? .integer(number.intValue) : .number(number.doubleValue)
        case let list as [Any]:
            var values: [ContentsJSON] = []
            for item in list { guard let value = ContentsJSON(any: item) else { return nil }; values.append(value) }
            self = .array(values)
        case let dictionary as [String: Any]:
            var fields: [String: ContentsJSON] = [:]
            for (key, item) in dictionary { guard let value = ContentsJSON(any: item) else { return nil }; fields[key] = value }
            self = .object(fields)
        default: return nil
        }
    }

    /// True for JSONSerialization's booleans: NSNumbers of type "c" (char) on every platform. (`is Bool`
    /// is no test: on Linux the number 1 passes it.)
    static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    /// The fields of an object, or nil.
    package var fields: [String: ContentsJSON]? { if case .object(let fields) = self { fields } else { nil } }
    /// The text of a string, or nil.
    package var string: String? { if case .string(let text) = self { text } else { nil } }
    /// The value of a number (integer or not), or nil.
    package var double: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }
    /// The value of a boolean, or nil.
    package var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The items of an array, or nil.
    package var array: [ContentsJSON]? { if case .array(let items) = self { items } else { nil } }

    /// Parses JSON text (as Xcode and Icon Composer write it, or any valid JSON); the error names what is wrong.
    /// The object a container folder's Contents.json holds (a layered icon's stack, a brand assets folder), to add an
    /// entry to: Xcode's bare `info` where there is none; an error naming the file where it is not a JSON object, which
    /// rewriting would lose.
    static func containerFields(at path: String) throws(IconForgeError) -> [String: ContentsJSON] {
        guard let bytes = try? FileIO.readDocument(path) else { return ["info": info] }
        guard let fields = (try? parse(bytes))?.fields else { throw .update(path: path, .invalidContentsJSON) }
        return fields
    }

    package static func parse(_ bytes: [UInt8]) throws(ContentsJSONError) -> ContentsJSON {
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) } catch {
            throw .invalid("not valid JSON: " + Self.describe(error, in: bytes))
        }
        guard let value = ContentsJSON(any: root) else { throw .invalid("holds a value JSON cannot have") }
        return value
    }

    /// Foundation's parse errors carry the place ("around line 3, column 22") in their user info, not in
    /// their localized description: the reason a user can act on.
    /// Where Foundation gives a character offset (swift-corelibs-foundation does), it becomes a line and column.
    static func describe(_ error: Error, in bytes: [UInt8] = []) -> String {
        var text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
        if let range = text.range(of: "around character "),
           let offset = Int(text[range.upperBound...].prefix { $0.isNumber }), offset <= bytes.count {
            let before = bytes.prefix(offset)
            let line = before.filter { $0 == 0x0A }.count + 1
            let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            text = String(text[..<range.lowerBound]) + "at line \(line), column \(column)"
                + text[range.upperBound...].drop { $0.isNumber }
        }
        return text.isEmpty ? "it does not parse" : text
    }
}

/// JSON text that could not be read.
package enum ContentsJSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not JSON, with the parser's reason.
    case invalid(String)

    package var description: String {
        switch self {
        case .invalid(let reason): reason
        }
    }
}
