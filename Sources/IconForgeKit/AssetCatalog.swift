import Foundation
import Raster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One folder of an asset catalog (`AppIcon.appiconset`, `LaunchImage.launchimage`, `X.imageset`,
/// `X.colorset`): the files IconForge writes into it and the Contents.json entries that describe them.
public struct AssetSet: Sendable {
    /// Folder name, with its extension.
    public var name: String
    /// Files to write, by name.
    public var files: [String: [UInt8]]
    /// Contents.json `images` (or `colors`) entries, in order.
    public var entries: [[String: ContentsJSON]]
    /// Contents.json `properties`, if any (e.g. template rendering).
    public var properties: [String: ContentsJSON]?

    /// A set named `name` (with its extension) holding `files`, described by `entries`.
    public init(name: String, files: [String: [UInt8]], entries: [[String: ContentsJSON]], properties: [String: ContentsJSON]? = nil) {
        self.name = name
        self.files = files
        self.entries = entries
        self.properties = properties
    }

    /// The key of the entry list: `colors` for a colour set, `images` otherwise.
    var listKey: String { (name as NSString).pathExtension == "colorset" ? "colors" : "images" }

    /// The Contents.json for this set, keeping the entries (and other top-level keys) of `existing`
    /// that describe slots IconForge does not write.
    public func contents(keeping existing: ContentsJSON?) -> ContentsJSON {
        var root = existing?.fields ?? [:]
        let ownSlots = Set(entries.map(AssetSet.slot))
        var list = entries.map(ContentsJSON.object)
        if case .array(let old)? = root[listKey] {
            list += old.filter { value in
                guard let fields = value.fields else { return true }
                return !ownSlots.contains(AssetSet.slot(fields))
            }
        }
        root[listKey] = .array(list)
        root["info"] = ContentsJSON.info
        if let properties { root["properties"] = .object(properties) }
        return .object(root)
    }

    /// What makes two entries the same slot: every key but the file name.
    static func slot(_ fields: [String: ContentsJSON]) -> String {
        var copy = fields
        copy["filename"] = nil
        return ContentsJSON.object(copy).rendered
    }

    /// Writes the set into `folder`: everything goes into a temporary folder beside it, which then replaces
    /// the old set by rename, so no reader ever sees a half-written set. Files already in the set that
    /// IconForge does not write are carried over (hard links), never deleted.
    public func write(into folder: String) throws(IconForgeError) {
        let target = (folder as NSString).appendingPathComponent(name)
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        let exists = manager.fileExists(atPath: target, isDirectory: &isFolder)
        if exists && !isFolder.boolValue {
            throw .invalidRequest(path: target, reason: "exists and is not a folder; move it away to generate this set")
        }
        let temporary = (folder as NSString).appendingPathComponent(FileIO.temporaryName(for: name) + "-\(UUID().uuidString.prefix(8))")
        do {
            try manager.createDirectory(atPath: temporary, withIntermediateDirectories: false)
        } catch { throw .file(.writeFailed(path: temporary, reason: error.localizedDescription)) }
        do {
            var existing: ContentsJSON?
            if exists {
                let contentsPath = (target as NSString).appendingPathComponent("Contents.json")
                if let data = manager.contents(atPath: contentsPath), let json = try? JSONSerialization.jsonObject(with: data) {
                    existing = ContentsJSON(any: json)
                }
                for item in try manager.contentsOfDirectory(atPath: target) where files[item] == nil && item != "Contents.json" {
                    let from = (target as NSString).appendingPathComponent(item), to = (temporary as NSString).appendingPathComponent(item)
                    if link(from, to) != 0 { try manager.copyItem(atPath: from, toPath: to) }
                }
            }
            // Flushed to disk only when this set replaces one: a new set has nothing to lose to a crash.
            for (file, bytes) in files {
                try FileIO.writeNew(bytes, to: (temporary as NSString).appendingPathComponent(file), durable: exists)
            }
            let contents = Array(contents(keeping: existing).rendered.utf8)
            try FileIO.writeNew(contents, to: (temporary as NSString).appendingPathComponent("Contents.json"), durable: exists)
        } catch let error as FileError {
            try? manager.removeItem(atPath: temporary)
            throw .file(error)
        } catch {
            try? manager.removeItem(atPath: temporary)
            throw .file(.writeFailed(path: target, reason: error.localizedDescription))
        }
        try FileIO.replaceFolder(target, with: temporary)
    }
}

/// Contents.json entries in Xcode's keys for each kind of set.
enum CatalogEntry {
    static func fields(for spec: IconSpec, background: RGBColor) -> [String: ContentsJSON] {
        var fields: [String: ContentsJSON] = ["idiom": .string(spec.idiom.rawValue)]
        if let filename = spec.filename { fields["filename"] = .string(filename) }
        if let scale = spec.scale { fields["scale"] = .string(scale.description) }
        if let platform = spec.platform { fields["platform"] = .string(platform) }
        switch spec.setKind {
        case "appiconset":
            if let points = spec.points { fields["size"] = .string(points.description) }
            if let appearance = spec.appearance {
                fields["appearances"] = .array([.object(["appearance": .string("luminosity"), "value": .string(appearance.rawValue)])])
            }
        case "launchimage":
            if let orientation = spec.orientation { fields["orientation"] = .string(orientation) }
            if let subtype = spec.subtype { fields["subtype"] = .string(subtype) }
            if let version = spec.minimumSystemVersion { fields["minimum-system-version"] = .string(version) }
            if let extent = spec.extent { fields["extent"] = .string(extent) }
        case "colorset":
            func component(_ value: UInt8) -> ContentsJSON { .string(String(format: "%.3f", Double(value) / 255)) }
            fields["color"] = .object(["color-space": .string("srgb"), "components": .object([
                "red": component(background.red), "green": component(background.green),
                "blue": component(background.blue), "alpha": .string("1.000"),
            ])])
        default:
            break
        }
        return fields
    }
}
