import Foundation

/// A Tauri app's configuration, read as Tauri reads it: `tauri.conf.json` (JSON, or JSON5 with the `config-json5`
/// feature), else `tauri.conf.json5`, else `Tauri.toml` (the `config-toml` feature), in the app's folder; and the
/// platform file of the same format merged over it (`tauri.windows.conf.json`, `tauri.windows.conf.json5`,
/// `Tauri.windows.toml`). Only what IconForge needs is read: `bundle.icon` (`tauri.bundle.icon` in Tauri 1).
enum TauriConfig {
    /// The main configuration's names, in the order Tauri looks for them.
    static let names = ["tauri.conf.json", "tauri.conf.json5", "Tauri.toml"]

    /// The main configuration file in `folder` (its full path), if there is one.
    static func file(in folder: String) -> String? {
        names.lazy.map { (folder as NSString).appendingPathComponent($0) }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The platform file (`windows`, `macos`, `linux`) of the format of `main`.
    static func platformFile(of main: String, platform: String) -> String {
        let folder = main.parentFolder, name = (main as NSString).lastPathComponent
        let platformName = name == "Tauri.toml" ? "Tauri.\(platform).toml" : "tauri.\(platform).conf." + (name as NSString).pathExtension
        return (folder as NSString).appendingPathComponent(platformName)
    }

    /// The other configuration files in `folder` (full paths, in name order): `tauri.NAME.conf.json`, `.json5` and
    /// `Tauri.NAME.toml` — the platform files, and the ones a build merges over the main file with `--config`
    /// (`tauri.development.conf.json`, `tauri.release.conf.json`).
    static func mergedFiles(in folder: String) -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []).sorted()
        return names.filter { name in
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            return (parts.count == 4 && parts[0] == "tauri" && parts[2] == "conf" && ["json", "json5"].contains(parts[3]) && !parts[1].isEmpty)
                || (parts.count == 3 && parts[0] == "Tauri" && parts[2] == "toml" && !parts[1].isEmpty)
        }.map { (folder as NSString).appendingPathComponent($0) }
    }

    /// The `bundle.icon` list of the configuration at `path`, nil when the file has none (or does not read).
    static func iconList(at path: String) -> [String]? {
        guard let bytes = try? FileIO.readDocument(path) else { return nil }
        if path.hasSuffix(".toml") { return TOMLIconList.read(String(decoding: bytes, as: UTF8.self)) }
        guard let root = JSON5.object(bytes) as? [String: Any] else { return nil }
        let bundle = (root["bundle"] as? [String: Any]) ?? ((root["tauri"] as? [String: Any])?["bundle"] as? [String: Any])
        return bundle?["icon"] as? [String]
    }
}

/// JSON5 as plain JSON: comments dropped, single-quoted strings double-quoted, bare keys quoted, trailing commas
/// dropped — what a Tauri configuration written in JSON5 uses. Numbers in JSON5's own forms (hex, a leading `+` or
/// `.`) are left as they are, and the JSON reader then refuses the file.
enum JSON5 {
    /// The document read as JSON, or, when it is not plain JSON, as JSON5; nil when it is neither.
    static func object(_ bytes: [UInt8]) -> Any? {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) ?? normalized(bytes).flatMap { try? JSONSerialization.jsonObject(with: Data($0)) }
    }

    static func normalized(_ bytes: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = [], index = 0
        out.reserveCapacity(bytes.count)
        let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\"), slash = UInt8(ascii: "/")
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func isIdentifier(_ byte: UInt8, first: Bool) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || (!first && byte >= 0x30 && byte <= 0x39)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote || byte == apostrophe {
                // A string, copied as a double-quoted one.
                out.append(quote)
                index += 1
                while index < bytes.count, bytes[index] != byte {
                    if bytes[index] == backslash, index + 1 < bytes.count {
                        let next = bytes[index + 1]
                        if next == apostrophe { out.append(apostrophe) } else if next != 0x0A { out += [backslash, next] }
                        index += 2
                        continue
                    }
                    if bytes[index] == quote { out += [backslash, quote] } else { out.append(bytes[index]) }
                    index += 1
                }
                guard index < bytes.count else { return nil }
                out.append(quote)
                index += 1
            } else if byte == slash, index + 1 < bytes.count, bytes[index + 1] == slash || bytes[index + 1] == UInt8(ascii: "*") {
                let block = bytes[index + 1] == UInt8(ascii: "*")
                index += 2
                while index < bytes.count, block ? !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == slash) : bytes[index] != 0x0A {
                    index += 1
                }
                index = block ? min(index + 2, bytes.count) : index
                out.append(0x20)
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                // A trailing comma before the close is dropped.
                var end = out.count
                while end > 0, isSpace(out[end - 1]) { end -= 1 }
                if end > 0, out[end - 1] == UInt8(ascii: ",") { out.remove(at: end - 1) }
                out.append(byte)
                index += 1
            } else if isIdentifier(byte, first: true) {
                var end = index
                while end < bytes.count, isIdentifier(bytes[end], first: false) { end += 1 }
                var next = end
                while next < bytes.count, isSpace(bytes[next]) { next += 1 }
                let word = Array(bytes[index..<end])
                if next < bytes.count, bytes[next] == UInt8(ascii: ":") { out += [quote] + word + [quote] } else { out += word }
                index = end
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }
}

/// The `bundle.icon` array of a `Tauri.toml` (`[bundle]`'s `icon`, `[tauri.bundle]`'s in Tauri 1, or a dotted
/// `bundle.icon` key): the one value IconForge reads, so no general TOML reader. Strings are basic (`"…"`, escapes
/// read) or literal (`'…'`); comments and a trailing comma are read past.
enum TOMLIconList {
    static func read(_ text: String) -> [String]? {
        var table = "", lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)[...]
        while let raw = lines.popFirst() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                // [[array.of.tables]] never holds bundle.icon; [a.b] sets the table the keys below belong to.
                table = line.hasPrefix("[[") ? "[[" : key(line.dropFirst().prefix { $0 != "]" })
                continue
            }
            guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            let name = key(line[..<equals])
            let full = table.isEmpty ? name : table + "." + name
            guard full == "bundle.icon" || full == "tauri.bundle.icon" else { continue }
            // The value, to its closing bracket (an array may span lines).
            var value = String(line[line.index(after: equals)...])
            while true {
                if let list = strings(inArray: value) { return list }
                guard let next = lines.popFirst() else { return nil }
                value += "\n" + next
            }
        }
        return nil
    }

    /// A dotted key with its parts unquoted and spaces around the dots removed.
    private static func key(_ text: Substring) -> String {
        text.split(separator: ".").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }.joined(separator: ".")
    }

    /// The strings of the array `text` starts with: nil while it is not closed yet, .some(nil) when it is not an array of strings.
    private static func strings(inArray text: String) -> [String]?? {
        var chars = text.trimmingCharacters(in: .whitespaces)[...]
        guard chars.popFirst() == "[" else { return .some(nil) }
        var result: [String] = []
        while let char = chars.popFirst() {
            switch char {
            case "]": return .some(result)
            case "#": while let next = chars.first, next != "\n" { chars.removeFirst() }
            case "\"", "'":
                var string = ""
                while true {
                    guard let next = chars.popFirst() else { return nil }
                    if next == char { break }
                    if next == "\\", char == "\"", let escaped = chars.popFirst() {
                        string.append(["n": "\n", "t": "\t"][escaped] ?? escaped)
                        continue
                    }
                    string.append(next)
                }
                result.append(string)
            case ",", " ", "\t", "\n", "\r": continue
            default: return .some(nil)
            }
        }
        return nil
    }
}
