import Foundation

/// An Expo app's configuration as IconForge reads it. Expo reads `app.config.json`, else `app.json` (the object under
/// `expo`, or the whole file when it has no such key), then runs `app.config.ts`/`.js` with that as its input; IconForge
/// never runs code, so a code config's plain string literals are laid over the JSON's values (`ExpoCodeConfig`) and
/// anything it computes stays unknown. Only strings are kept, by dotted key: `android.adaptiveIcon.foregroundImage`,
/// and a plugin's options under `plugins.NAME` (`plugins.expo-splash-screen.dark.image`).
package struct ExpoConfig: Sendable, Equatable {
    /// The static configuration (`app.config.json` or `app.json`), a full path; nil when there is only code.
    package var jsonFile: String?
    /// The code configuration (`app.config.ts`, `.js`…), a full path; nil when there is none.
    package var codeFile: String?
    /// True when the JSON file wraps the configuration in `expo` (the key path of an edit starts with it).
    package var jsonWrapsInExpo = true
    /// String values (and numbers, as their text) by dotted key, the code's literals over the JSON's.
    package var values: [String: String] = [:]
    /// The keys whose value came from the code file: an edit of those belongs in the code, not in the JSON.
    package var codeKeys: Set<String> = []
    /// The code file's keys set to code, not a literal (`icon: config.icon`): set to a file IconForge cannot know.
    package var computedKeys: Set<String> = []
    /// `platforms` when the configuration lists them (Expo's default is iOS and Android, and web with react-dom).
    package var platforms: [String]?

    package static let jsonNames = ["app.config.json", "app.json"]
    package static let codeNames = ["app.config.ts", "app.config.js", "app.config.mts", "app.config.mjs", "app.config.cts", "app.config.cjs"]

    /// The file a message names for `key`: the code file when its value came from there, else the JSON file.
    package func file(of key: String) -> String {
        codeKeys.contains(key) || jsonFile == nil ? codeFile ?? "" : jsonFile!
    }

    /// The configuration of the Expo app in `root`; nil when `root` holds none: an `app.json` whose object has no
    /// `expo` key is a React Native CLI app's (its `name` and `displayName`), not Expo's, unless package.json depends on
    /// expo.
    package static func read(root: String) -> ExpoConfig? {
        let manager = FileManager.default
        let full = { (name: String) in (root as NSString).appendingPathComponent(name) }
        var config = ExpoConfig()
        var found = false
        if let name = jsonNames.first(where: { manager.fileExists(atPath: full($0)) }),
           let bytes = try? FileIO.readDocument(full(name)),
           // @expo/json-file reads app.json as JSON5: comments and trailing commas are allowed.
           let object = JSON5.object(bytes) as? [String: Any] {
            let expo = object["expo"] as? [String: Any]
            if expo != nil || name == "app.config.json" || dependsOnExpo(root) {
                config.jsonFile = full(name)
                config.jsonWrapsInExpo = expo != nil
                let body = expo ?? object
                flatten(body, prefix: "", into: &config.values)
                config.platforms = body["platforms"] as? [String]
                found = true
            }
        }
        if let name = codeNames.first(where: { manager.fileExists(atPath: full($0)) }), let bytes = try? FileIO.readDocument(full(name)) {
            config.codeFile = full(name)
            let literals = ExpoCodeConfig.literals(in: String(decoding: bytes, as: UTF8.self))
            for (key, value) in literals.strings {
                config.values[key] = value
                config.codeKeys.insert(key)
            }
            if let platforms = literals.platforms { config.platforms = platforms }
            config.computedKeys = literals.computed.subtracting(literals.strings.keys)
            found = true
        }
        return found ? config : nil
    }

    /// True when package.json lists `expo` among the dependencies.
    package static func dependsOnExpo(_ root: String) -> Bool {
        guard let bytes = try? FileIO.readPrefix((root as NSString).appendingPathComponent("package.json"), upTo: 1 << 20),
              let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else { return false }
        return ["dependencies", "devDependencies"].contains { (object[$0] as? [String: Any])?["expo"] != nil }
    }

    /// The strings of `object` by dotted key; a plugin given as `["name", {options}]` keeps its options under
    /// `plugins.name`.
    package static func flatten(_ object: [String: Any], prefix: String, into values: inout [String: String]) {
        for (key, value) in object {
            let path = prefix.isEmpty ? key : prefix + "." + key
            if let string = value as? String {
                values[path] = string
            } else if let number = (value as? Int).map(String.init) ?? (value as? NSNumber)?.stringValue {
                // A number beside the images (the splash screen's imageWidth), as its text.
                values[path] = number
            } else if let nested = value as? [String: Any] {
                flatten(nested, prefix: path, into: &values)
            } else if path == "plugins", let plugins = value as? [Any] {
                for case let entry as [Any] in plugins {
                    guard let name = entry.first as? String, entry.count > 1, let options = entry[1] as? [String: Any] else { continue }
                    flatten(options, prefix: "plugins." + name, into: &values)
                }
            }
        }
    }
}
