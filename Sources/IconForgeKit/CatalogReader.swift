import Foundation
import Raster

/// A file to check and what it is said to be: role, and the sizes the catalog entries (or preset) that
/// name it expect, with actool-style labels such as "iphone 60pt @3x".
struct ValidationTarget: Sendable {
    var path: String
    var role: AssetRole
    var expectations: [(pixels: PixelSize, label: String)] = []
    /// Display scale, for the template-size rule.
    var scale: Int?
}

/// Findings about a set as a whole, reported against its Contents.json.
struct SetFinding: Sendable {
    var path: String
    var finding: Finding
}

/// Reads an asset set (`.appiconset`, `.launchimage`, `.imageset`) the way actool does: which files its
/// Contents.json names, for which slots, and what is missing, duplicated or left over.
enum CatalogReader {
    static let setKinds: Set<String> = ["appiconset", "launchimage", "imageset"]

    static func read(set folder: String) -> (targets: [ValidationTarget], findings: [SetFinding]) {
        let kind = (folder as NSString).pathExtension
        let contentsPath = (folder as NSString).appendingPathComponent("Contents.json")
        let name = (folder as NSString).lastPathComponent
        var findings: [SetFinding] = []
        func report(_ finding: Finding) { findings.append(SetFinding(path: contentsPath, finding: finding)) }

        guard let data = FileManager.default.contents(atPath: contentsPath) else {
            report(Finding(.missingFile, .error, "\(name) has no Contents.json", fix: "recreate the set in Xcode, or run 'iconforge generate'"))
            return ([], findings)
        }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            report(Finding(.decode, .error, "Contents.json is not valid JSON", fix: "restore it from version control, or recreate the set"))
            return ([], findings)
        }
        let entries = (root["images"] as? [[String: Any]]) ?? []
        let isTemplate = ((root["properties"] as? [String: Any])?["template-rendering-intent"] as? String) == "template"
        let files = Set(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") && $0 != "Contents.json" })

        var targets: [String: ValidationTarget] = [:]
        var slots: [String: String] = [:]
        var order: [String] = []
        for entry in entries {
            let label = Self.label(entry, kind: kind)
            var slotFields = entry
            slotFields["filename"] = nil
            let slot = ContentsJSON(any: slotFields)?.rendered ?? label
            guard let filename = entry["filename"] as? String else { continue } // an empty slot
            if let other = slots[slot] {
                report(Finding(.duplicateEntry, .error, "two entries fill the slot \(label) (\(other) and \(filename))",
                               fix: "remove one of them in Xcode"))
            }
            slots[slot] = filename
            guard files.contains(filename) else {
                report(Finding(.missingFile, .error, "Contents.json names \(filename) for \(label), but there is no such file",
                               fix: "add the file, or run 'iconforge generate' for this set"))
                continue
            }
            let path = (folder as NSString).appendingPathComponent(filename)
            if targets[filename] == nil {
                order.append(filename)
                targets[filename] = ValidationTarget(path: path, role: role(entry, kind: kind, template: isTemplate))
            }
            if let pixels = expectedPixels(entry, kind: kind) { targets[filename]!.expectations.append((pixels, label)) }
            targets[filename]!.scale = scale(entry)
        }
        for file in files.sorted() where targets[file] == nil {
            report(Finding(.unreferencedFile, .warning, "\(file) is in \(name) but no Contents.json entry names it",
                           fix: "delete it, or assign it to a slot in Xcode"))
        }
        if kind == "appiconset" { findings += missingSizes(entries, contentsPath: contentsPath) }
        return (order.map { targets[$0]! }, findings)
    }

    /// The role of a file, from its set's kind and its entry.
    private static func role(_ entry: [String: Any], kind: String, template: Bool) -> AssetRole {
        switch kind {
        case "appiconset":
            if entry["appearances"] != nil || (entry["idiom"] as? String) == "mac" { return .variant }
            return .app
        case "launchimage": return .launch
        default: return template ? .template : .unknown
        }
    }

    private static func scale(_ entry: [String: Any]) -> Int? {
        (entry["scale"] as? String).flatMap { Int($0.dropLast()) }
    }

    /// Pixel size an entry asks for: size × scale for icons; the slot table for launch images.
    private static func expectedPixels(_ entry: [String: Any], kind: String) -> PixelSize? {
        if kind == "launchimage" {
            guard (entry["extent"] as? String ?? "full-screen") == "full-screen" else { return nil }
            let slots = PresetCatalog.builtIn.first { $0.name == "launch-images" }?.outputs ?? []
            return slots.first { spec in
                spec.set != nil && spec.idiom.rawValue == entry["idiom"] as? String && spec.orientation == entry["orientation"] as? String
                    && spec.subtype == entry["subtype"] as? String && spec.scale?.rawValue == scale(entry)
            }?.pixels
        }
        guard kind == "appiconset", let size = (entry["size"] as? String).flatMap(PointSize.init(parsing:)) else { return nil }
        let factor = Double(scale(entry) ?? 1)
        let width = size.width * factor, height = size.height * factor
        guard width == width.rounded(), height == height.rounded() else { return nil }
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// "iphone 60pt @3x", "ipad 83.5pt @2x", "ios-marketing 1024pt @1x", "iphone portrait 2688h @3x".
    static func label(_ entry: [String: Any], kind: String) -> String {
        var parts = [entry["idiom"] as? String ?? "?"]
        if kind == "launchimage" {
            if let orientation = entry["orientation"] as? String { parts.append(orientation) }
            if let subtype = entry["subtype"] as? String { parts.append(subtype) }
        } else if let size = (entry["size"] as? String).flatMap(PointSize.init(parsing:)) {
            parts.append(size.width == size.height ? "\(PointSize.format(size.width))pt" : "\(size)pt")
        }
        if let scale = entry["scale"] as? String { parts.append("@" + scale) }
        if let appearance = (entry["appearances"] as? [[String: Any]])?.first?["value"] as? String { parts.append(appearance) }
        return parts.joined(separator: " ")
    }

    /// The slots App Store review requires for the idioms present (ITMS-90704, 90022, 90023).
    private static func missingSizes(_ entries: [[String: Any]], contentsPath: String) -> [SetFinding] {
        func filled(_ idiom: String, _ size: String, _ scale: String?) -> Bool {
            entries.contains { entry in
                entry["filename"] != nil && entry["appearances"] == nil && entry["idiom"] as? String == idiom
                    && entry["size"] as? String == size && (scale == nil || entry["scale"] as? String == scale)
            }
        }
        func present(_ idiom: String) -> Bool { entries.contains { $0["idiom"] as? String == idiom } }
        var missing: [(String, String)] = []
        let universalSized = entries.contains { $0["idiom"] as? String == "universal" && $0["scale"] != nil }
        if !filled("ios-marketing", "1024x1024", nil) && !filled("universal", "1024x1024", nil) {
            missing.append(("a 1024x1024 App Store icon", "A 1024x1024 app store icon is required for iOS apps (ITMS-90704)"))
        }
        if present("iphone") {
            for scale in ["2x", "3x"] where !filled("iphone", "60x60", scale) {
                missing.append(("iphone 60pt @\(scale)", "iPhone needs its 60pt @\(scale) app icon (\(scale == "2x" ? 120 : 180)x\(scale == "2x" ? 120 : 180), ITMS-90022)"))
            }
        }
        if present("ipad") {
            if !filled("ipad", "76x76", "2x") { missing.append(("ipad 76pt @2x", "iPad needs its 76pt @2x app icon (152x152, ITMS-90023)")) }
            if !filled("ipad", "83.5x83.5", "2x") { missing.append(("ipad 83.5pt @2x", "iPad Pro needs its 83.5pt @2x app icon (167x167, ITMS-90023)")) }
        }
        if universalSized {
            for (size, scale) in [("60x60", "2x"), ("60x60", "3x"), ("76x76", "2x"), ("83.5x83.5", "2x")] where !filled("universal", size, scale) {
                missing.append(("universal \(size) @\(scale)", "the universal set lacks \(size) pt @\(scale)"))
            }
        }
        return missing.map { slot, message in
            SetFinding(path: contentsPath, finding: Finding(.missingSize, .error, message,
                                                            fix: "add it (\(slot)); 'iconforge generate --preset ios' fills every slot"))
        }
    }
}
