import Foundation

/// What can be read from `app.config.ts`/`.js` without running it: the string literals that are a key's whole value
/// in the object the file exports (`icon: "./assets/icon.png"`), by dotted key, inside `expo: {…}` or not, and a
/// plugin's options (`["expo-splash-screen", { image: "…" }]`) under `plugins.NAME`. A value built by code — a
/// variable, a template with `${}`, `IS_DEV ? a : b`, a spread — is not read: it is unknown, never guessed; its key is
/// kept among the `computed` ones, so that a run can say it wrote nothing for it.
enum ExpoCodeConfig {
    /// The literals found, `platforms` when it is an array of literals, and the keys set to code (`icon: config.icon`).
    static func literals(in text: String) -> (strings: [String: String], platforms: [String]?, computed: Set<String>) {
        let tokens = tokenize(text)
        // `const config: ExpoConfig = {…}; export default config` (or `module.exports = config`): that object is the config.
        var exported = Set<String>()
        for index in tokens.indices.dropLast() {
            if case .word(let word) = tokens[index + 1], tokens[index] == .word("default") || (tokens[index] == .punct("=") && index > 0 && tokens[index - 1] == .word("exports")) {
                exported.insert(word)
            }
        }
        // What each open bracket is: an object whose keys are read under `path` (nil: an object IconForge cannot place,
        // such as a variable's), or an array (a plugin tuple's name is its first string).
        enum Frame { case object(path: String?), array(path: String?, name: String?, strings: [String]?) }
        var stack: [Frame] = [], strings: [String: String] = [:], platforms: [String]?, computed = Set<String>()
        func join(_ base: String?, _ key: String) -> String? { base.map { $0.isEmpty ? key : $0 + "." + key } }
        var index = 0
        while index < tokens.count {
            let token = tokens[index], previous = index > 0 ? tokens[index - 1] : .punct(";")
            let next = index + 1 < tokens.count ? tokens[index + 1] : .punct(";")
            switch token {
            case .punct("{"):
                var path: String?
                switch previous {
                case .punct(":"):
                    // `key: {`: the key two tokens back, in the enclosing object.
                    if index >= 2, let key = tokens[index - 2].keyText, case .object(let base)? = stack.last { path = join(base, key) }
                case .punct("["), .punct(","):
                    if case .array(let arrayPath, let name, _)? = stack.last {
                        // A plugin's options: the object after the name in `["expo-splash-screen", {…}]` inside `plugins: [`.
                        if let name, stack.count >= 2, case .array(let outer, _, _) = stack[stack.count - 2], outer == "plugins" {
                            path = "plugins." + name
                        } else {
                            path = arrayPath.map { $0 + "[]" }
                        }
                    }
                case .punct("="):
                    // `module.exports = {` is the config, and so is `const config = {` when config is what the file exports;
                    // another variable's object is used somewhere IconForge cannot follow.
                    let names = [index - 2, index - 4].filter { $0 >= 0 }.compactMap { position -> String? in
                        if case .word(let word) = tokens[position] { return word } else { return nil }
                    }
                    if names.first == "exports" || names.contains(where: exported.contains) { path = "" }
                default:
                    // `export default {`, `return {`, `=> ({`, `defineConfig({`, a function's body: the config's level.
                    if case .object(let base)? = stack.last { path = base } else { path = "" }
                }
                stack.append(.object(path: path))
            case .punct(":"):
                // `key: value` in the config where the value is code (Showtime's `icon: config.icon`, picked per
                // environment, `IS_DEV ? a : b`, a call): the key is set, to a file IconForge cannot know.
                if index >= 1, let key = tokens[index - 1].keyText, index < 2 || [.punct("{"), .punct(",")].contains(tokens[index - 2]),
                   case .object(let base)? = stack.last, let path = join(base, key) {
                    let after = index + 2 < tokens.count ? tokens[index + 2] : .punct(";")
                    let literal: Bool = if case .string = next { [.punct(","), .punct("}")].contains(after) } else { false }
                    if !literal, next != .punct("{"), next != .punct("[") { computed.insert(path) }
                }
            case .punct("["):
                var path: String?
                if case .punct(":") = previous, index >= 2, let key = tokens[index - 2].keyText, case .object(let base)? = stack.last { path = join(base, key) }
                stack.append(.array(path: path, name: nil, strings: []))
            case .punct("}"), .punct("]"):
                if case .array(let path, _, let items)? = stack.last, let path, path == "platforms" || path == "expo.platforms", let items { platforms = items }
                if !stack.isEmpty { stack.removeLast() }
            case .string(let value):
                if case .array(let path, let name, let items)? = stack.last {
                    // An element: the first names a plugin tuple; all of them make a list of plain strings.
                    let isElement = [.punct("["), .punct(",")].contains(previous) && [.punct(","), .punct("]")].contains(next)
                    stack[stack.count - 1] = .array(path: path, name: name ?? (isElement ? value : nil), strings: isElement ? items.map { $0 + [value] } : nil)
                } else if case .punct(":") = previous, [.punct(","), .punct("}")].contains(next), index >= 2,
                          let key = tokens[index - 2].keyText, index < 3 || [.punct("{"), .punct(",")].contains(tokens[index - 3]),
                          case .object(let base)? = stack.last, let path = join(base, key) {
                    strings[path] = value
                }
            default:
                if case .array(let path, let name, _)? = stack.last, token != .punct(",") { stack[stack.count - 1] = .array(path: path, name: name, strings: nil) }
            }
            index += 1
        }
        // `export default { expo: {…} }` and `{ …config }` spell the same keys.
        var result: [String: String] = [:]
        for (key, value) in strings {
            let plain = key.hasPrefix("expo.") ? String(key.dropFirst(5)) : key
            if result[plain] == nil || key.hasPrefix("expo.") { result[plain] = value }
        }
        return (result, platforms, Set(computed.map { $0.hasPrefix("expo.") ? String($0.dropFirst(5)) : $0 }))
    }

    enum Token: Equatable {
        case string(String), word(String), punct(Character), other

        /// The text of a key: a name or a quoted string.
        var keyText: String? {
            switch self {
            case .word(let word): word
            case .string(let string): string
            default: nil
            }
        }
    }

    /// The tokens of JavaScript or TypeScript, enough for object literals: comments skipped, a template literal is a
    /// string only without `${`, numbers and operators are `.other` (or their one character).
    static func tokenize(_ text: String) -> [Token] {
        let chars = Array(text.unicodeScalars)
        var tokens: [Token] = [], index = 0
        func isWord(_ c: Unicode.Scalar) -> Bool { CharacterSet.alphanumerics.contains(c) || c == "_" || c == "$" }
        while index < chars.count {
            let c = chars[index]
            if CharacterSet.whitespacesAndNewlines.contains(c) { index += 1; continue }
            if c == "/", index + 1 < chars.count, chars[index + 1] == "/" {
                while index < chars.count, chars[index] != "\n" { index += 1 }
                continue
            }
            if c == "/", index + 1 < chars.count, chars[index + 1] == "*" {
                index += 2
                while index + 1 < chars.count, !(chars[index] == "*" && chars[index + 1] == "/") { index += 1 }
                index += 2
                continue
            }
            if c == "\"" || c == "'" || c == "`" {
                var value = "", computed = false
                index += 1
                while index < chars.count, chars[index] != c {
                    if chars[index] == "\\", index + 1 < chars.count {
                        value.unicodeScalars.append(chars[index + 1])
                        index += 2
                        continue
                    }
                    if c == "`", chars[index] == "$", index + 1 < chars.count, chars[index + 1] == "{" { computed = true }
                    value.unicodeScalars.append(chars[index])
                    index += 1
                }
                index += 1
                tokens.append(computed ? .other : .string(value))
                continue
            }
            if isWord(c) {
                var word = ""
                while index < chars.count, isWord(chars[index]) || chars[index] == "." && word.first?.isNumber == true {
                    word.unicodeScalars.append(chars[index])
                    index += 1
                }
                // A number is read as its text (the splash screen's `imageWidth: 200`).
                tokens.append(word.first?.isNumber == true ? .string(word) : .word(word))
                continue
            }
            // `...` (a spread) and `=>` are one token each, so that neither reads as a key's neighbour.
            if c == ".", index + 2 < chars.count, chars[index + 1] == ".", chars[index + 2] == "." { tokens.append(.other); index += 3; continue }
            if c == "=", index + 1 < chars.count, chars[index + 1] == ">" { tokens.append(.punct(">")); index += 2; continue }
            tokens.append(.punct(Character(c)))
            index += 1
        }
        return tokens
    }
}
