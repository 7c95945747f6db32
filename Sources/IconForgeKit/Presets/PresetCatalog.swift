import Foundation

/// The built-in presets and the lookup `--preset` uses (names, or paths to a user's own JSON file).
public enum PresetCatalog {
    /// The order `iconforge presets` lists them in.
    static let order = ["ios", "ios-legacy", "ios-universal", "ios-single", "icon-composer", "macos", "watchos", "watchos-legacy",
                        "imessage", "carplay", "visionos", "tvos", "android", "android-notification", "android-splash", "android-tv", "web",
                        "browser-extension", "bar-icons", "launch-images", "launch-screen", "web-clip", "itunes-artwork", "windows", "linux", "snap"]

    /// Every built-in preset, parsed from the JSON embedded in the binary.
    public static let builtIn: [Preset] = {
        let presets = EmbeddedPresets.files.map { name, text in
            // The embedded files are checked by the test suite; a failure here is a build defect.
            do { return try Preset.parse(Data(text.utf8), file: "Presets/\(name)") } catch { fatalError("\(error)") }
        }
        return presets.sorted { (order.firstIndex(of: $0.name) ?? 99, $0.name) < (order.firstIndex(of: $1.name) ?? 99, $1.name) }
    }()

    /// A built-in preset parsed straight from the embedded JSON (for `includes`, which must not wait on
    /// `builtIn` while it is being built); nil when there is none of that name.
    static func embedded(_ name: String, depth: Int) throws(PresetError) -> Preset? {
        guard let text = EmbeddedPresets.files["\(name).json"] else { return nil }
        return try Preset.parse(Data(text.utf8), file: "Presets/\(name).json", depth: depth)
    }

    /// A user's preset, the JSON file at `url` (a file URL; `includes` may name built-in presets).
    public static func preset(contentsOf url: URL) throws(PresetError) -> Preset {
        let path = url.path
        let data: [UInt8]
        do { data = try FileIO.readDocument(path) } catch { throw .unreadable(file: path, reason: error.description) }
        return try Preset.parse(Data(data), file: path)
    }

    /// A built-in preset by name, or a user's preset file when `nameOrPath` ends in .json or contains a slash.
    public static func preset(_ nameOrPath: String) throws(PresetError) -> Preset {
        if nameOrPath.hasSuffix(".json") || nameOrPath.contains("/") {
            let data: [UInt8]
            do { data = try FileIO.readDocument(nameOrPath) } catch { throw .unreadable(file: nameOrPath, reason: error.description) }
            return try Preset.parse(Data(data), file: nameOrPath)
        }
        // Only the preset asked for is parsed: parsing all of them (`builtIn`) was 7% of an icon set's time.
        guard let preset = try embedded(nameOrPath, depth: 0) else {
            throw .unknown(name: nameOrPath, available: builtIn.map(\.name))
        }
        return preset
    }

    /// Several presets from a comma-separated list.
    public static func presets(_ list: String) throws(PresetError) -> [Preset] {
        var result: [Preset] = []
        for item in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            result.append(try preset(item))
        }
        guard !result.isEmpty else { throw .unknown(name: list, available: builtIn.map(\.name)) }
        return result
    }

    /// The built-in presets that write an existing app-icon set in the layout it has, so regenerating it changes
    /// pixels, not layout: `ios` (classic iphone/ipad/ios-marketing slots), `ios-single` (one universal 1024),
    /// `ios-universal` (universal with scales), `macos`, `watchos` (one universal 1024) or `watchos-legacy`,
    /// `carplay`. Empty when the set has no Contents.json or no entry of a known platform.
    package static func matchingPresets(iconSet folder: String) -> [String] {
        guard case .object(let root)? = try? AssetSetContents.read(set: folder).get().json, case .array(let images)? = root["images"] else { return [] }
        var found: [String] = []
        func add(_ name: String) { if !found.contains(name) { found.append(name) } }
        for case .object(let entry) in images {
            switch SetMerge.layout(entry, kind: "appiconset") {
            case "classic": add("ios")
            case "single-size": add("ios-single")
            case "all-sizes": add("ios-universal")
            default: break
            }
        }
        // An all-sizes set holds the scale-less 1024 too: that is its App Store icon, not a single-size layout.
        if found.contains("ios-universal") { found.removeAll { $0 == "ios-single" } }
        for case .object(let entry) in images {
            guard case .string(let idiom)? = entry["idiom"] else { continue }
            switch idiom {
            case "mac": add("macos")
            case "watch", "watch-marketing": add("watchos-legacy")
            case "universal" where entry["platform"] == .string("watchos"): add("watchos")
            case "car": add("carplay")
            default: break
            }
        }
        return found
    }
}
