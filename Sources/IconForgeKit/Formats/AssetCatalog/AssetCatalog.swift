import Foundation
import Raster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One folder of an asset catalog (`AppIcon.appiconset`, `LaunchImage.launchimage`, `X.imageset`,
/// `X.colorset`): the files IconForge writes into it and the Contents.json entries that describe them.
package struct AssetSet: Sendable {
    /// Folder name, with its extension.
    package var name: String
    /// Files to write, by name.
    package var files: [String: [UInt8]]
    /// Contents.json `images` (or `colors`) entries, in order. An entry without `filename` is an empty slot
    /// (Xcode 16 writes the dark slot empty beside a tinted icon).
    package var entries: [[String: ContentsJSON]]
    /// Contents.json `properties`, if any (e.g. template rendering).
    package var properties: [String: ContentsJSON]?
    /// For each file, what decides its content (size, role, appearance): two files of one key are the same
    /// picture, so a user's set may fill both slots with one file. Without a key, files compare by bytes.
    package var contentKeys: [String: String] = [:]

    /// True when files `a` and `b` of the set hold the same picture.
    func sameContent(_ a: String, _ b: String) -> Bool {
        if let first = contentKeys[a], let second = contentKeys[b] { return first == second }
        return files[a] == files[b]
    }

    /// A set named `name` (with its extension) holding `files`, described by `entries`.
    package init(name: String, files: [String: [UInt8]], entries: [[String: ContentsJSON]], properties: [String: ContentsJSON]? = nil) {
        self.name = name
        self.files = files
        self.entries = entries
        self.properties = properties
    }

    /// The key of the entry list: `colors` for a colour set, `images` otherwise.
    var listKey: String { (name as NSString).pathExtension == "colorset" ? "colors" : "images" }

    /// What writing this set over an existing one does (`SetMerge`), read from `folder` without writing.
    package func merge(into folder: String) -> SetMerge {
        let target = (folder as NSString).appendingPathComponent(name)
        let existing = try? AssetSetContents.read(set: target).get().json
        let present = Set(((try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []).filter { !$0.hasPrefix(".") })
        return SetMerge(set: self, existing: existing?.fields, existingFiles: present)
    }

    /// Writes the set into `folder` and returns what it did. Everything goes into a temporary folder beside
    /// the set, which then replaces it by rename, so no reader ever sees a half-written set; a set in which
    /// nothing changes is not touched at all. Files and entries IconForge does not own are carried over (hard
    /// links), never deleted; files that leave the set (another layout's) are first moved to a backup
    /// (`Backup`, stamped `now`).
    @discardableResult
    package func write(into folder: String, now: Date = Date()) throws(IconForgeError) -> SetMerge {
        let writer = OutputWriter(folder: folder, inputs: [], now: now)
        let merge = try write(into: folder, now: now, writer: writer)
        _ = writer.finish()
        return merge
    }

    /// `write(into:now:)` under a run's ownership rule: a file of the set that IconForge did not write is copied to
    /// the backup before it is replaced, a file that is an input of the run is left as it is, and what was written is
    /// recorded.
    func write(into folder: String, now: Date, writer: OutputWriter) throws(IconForgeError) -> SetMerge {
        let target = (folder as NSString).appendingPathComponent(name)
        let manager = FileManager.default
        do { try writer.scope.check(target) } catch { throw .file(error) }
        var isFolder: ObjCBool = false
        let exists = manager.fileExists(atPath: target, isDirectory: &isFolder)
        if exists && !isFolder.boolValue {
            throw .outputFolder(path: target, .notAFolder)
        }
        // A Contents.json that is a pipe, a device or a link is not replaced unannounced: one line, nothing written.
        let contentsPath = (target as NSString).appendingPathComponent("Contents.json")
        var contentsStatus = stat()
        if lstat(contentsPath, &contentsStatus) == 0 { do { try writer.checkTarget(contentsPath) } catch { throw .file(error) } }
        var merge = merge(into: folder)
        // A file of the set that is an input of the run (a master given from inside the set) stays as it is, where it is.
        func isInput(_ name: String) -> Bool {
            do { try writer.checkTarget((target as NSString).appendingPathComponent(name)) } catch {
                if case .wouldOverwriteSource = error { return true }
            }
            return false
        }
        for name in merge.leaving where isInput(name) {
            merge.leaving.remove(name)
            merge.keptInputs.insert(name)
        }
        var bytesByName: [String: [UInt8]] = [:]
        for (ours, finals) in merge.names { for final in finals { bytesByName[final] = files[ours] } }
        // Files already holding exactly the bytes to write are kept as they are (linked into the new set).
        // When that is every file and Contents.json says the same (a rerun), nothing is written at all, so
        // file times and inodes stay as they were.
        let identical = exists ? Set(bytesByName.filter { name, bytes in
            (try? FileIO.read((target as NSString).appendingPathComponent(name))) == bytes
        }.keys) : []
        for name in bytesByName.keys.sorted() {
            do { try writer.checkTarget((target as NSString).appendingPathComponent(name)) } catch {
                guard case .wouldOverwriteSource = error else { throw .file(error) }
                bytesByName[name] = nil
                merge.keptInputs.insert(name)
            }
        }
        for name in identical { if let bytes = bytesByName[name] { writer.record(bytes, at: (target as NSString).appendingPathComponent(name)) } }
        if exists && !merge.contentsChanged && merge.leaving.isEmpty && identical.isSuperset(of: bytesByName.keys) { return merge }
        for name in identical { bytesByName[name] = nil }

        let temporary = (folder as NSString).appendingPathComponent(FileIO.temporaryName(for: name) + "-\(UUID().uuidString.prefix(8))")
        do {
            try manager.createDirectory(atPath: temporary, withIntermediateDirectories: false)
        } catch { throw .file(.writeFailed(path: temporary, reason: error.localizedDescription)) }
        do {
            if exists {
                // Everything but the files rewritten below, Contents.json and the files that leave the set.
                for item in try manager.contentsOfDirectory(atPath: target)
                where !merge.leaving.contains(item) && item != "Contents.json" && bytesByName[item] == nil {
                    let from = (target as NSString).appendingPathComponent(item), to = (temporary as NSString).appendingPathComponent(item)
                    if link(from, to) != 0 { try manager.copyItem(atPath: from, toPath: to) }
                }
                if !merge.contentsChanged {
                    let from = (target as NSString).appendingPathComponent("Contents.json")
                    if link(from, (temporary as NSString).appendingPathComponent("Contents.json")) != 0 {
                        try manager.copyItem(atPath: from, toPath: (temporary as NSString).appendingPathComponent("Contents.json"))
                    }
                }
            }
            // The user's files this write replaces go to the backup first (those IconForge wrote are re-rendered).
            for file in bytesByName.keys.sorted() + (merge.contentsChanged ? ["Contents.json"] : []) {
                let path = (target as NSString).appendingPathComponent(file)
                if let existing = try? FileIO.read(path) { try writer.preserve(existing, of: path) }
            }
            // Flushed to disk only when this set replaces one: a new set has nothing to lose to a crash.
            for (file, bytes) in bytesByName {
                try FileIO.writeNew(bytes, to: (temporary as NSString).appendingPathComponent(file), durable: exists)
            }
            if merge.contentsChanged {
                try FileIO.writeNew(Array(merge.contents.rendered.utf8), to: (temporary as NSString).appendingPathComponent("Contents.json"),
                                    durable: exists)
            }
            // The files another layout leaves behind go to the backup before the set that drops them is swapped in.
            let stamp = Backup.timestamp(now)
            for item in merge.leaving.sorted() {
                let from = (target as NSString).appendingPathComponent(item)
                _ = try Backup.write(try FileIO.read(from), at: Backup.path(for: from, given: target, stamp: stamp))
            }
        } catch let error as FileError {
            try? manager.removeItem(atPath: temporary)
            throw .file(error)
        } catch let error as IconForgeError {
            try? manager.removeItem(atPath: temporary)
            throw error
        } catch {
            try? manager.removeItem(atPath: temporary)
            throw .file(.writeFailed(path: target, reason: error.localizedDescription))
        }
        try FileIO.replaceFolder(target, with: temporary)
        for (file, bytes) in bytesByName { writer.record(bytes, at: (target as NSString).appendingPathComponent(file)) }
        if merge.contentsChanged {
            writer.record(Array(merge.contents.rendered.utf8), at: (target as NSString).appendingPathComponent("Contents.json"))
        }
        return merge
    }
}

/// What writing an `AssetSet` over the set already on disk comes to, decided before anything is written:
///
/// - A slot that already names a file is rendered into that file name (the user's naming survives; a diff
///   shows changed pixels only); new slots get IconForge's names.
/// - Entries and keys IconForge does not manage are kept: other platforms' slots, a user's extra sizes,
///   `properties`, `info`, unknown keys of an entry.
/// - An iOS layout replaces another (classic idioms, single-size universal, all-sizes universal): the old
///   layout's entries go, and their files, when nothing else names them, leave the set (to a backup).
/// - App-icon entries come in Xcode's order; a Contents.json whose content does not change is not
///   rewritten, whatever its format (Xcode 10's key order, no final newline).
package struct SetMerge: Sendable {
    /// The set's Contents.json after the write.
    package var contents: ContentsJSON
    /// False when the existing Contents.json already says exactly this (it is then left byte for byte).
    package var contentsChanged: Bool
    /// For each file of the set's own, the names it is written under (one, or one per slot where the user
    /// gave two slots that IconForge fills with one file a file each).
    package var names: [String: Set<String>]
    /// Files now in the set that leave it (moved to a backup), because their layout was replaced.
    package var leaving: Set<String>
    /// Files of the set that are inputs of the run (a master kept inside the set): never written or moved out.
    package var keptInputs: Set<String> = []

    init(set: AssetSet, existing: [String: ContentsJSON]?, existingFiles: Set<String>) {
        let kind = (set.name as NSString).pathExtension
        var root = existing ?? [:]
        var oldEntries: [[String: ContentsJSON]] = []
        if case .array(let list)? = root[set.listKey] { oldEntries = list.compactMap(\.fields) }
        let ourLayouts = Set(set.entries.compactMap { SetMerge.layout($0, kind: kind) })
        var bySlot: [String: Int] = [:]
        for (index, entry) in oldEntries.enumerated() where bySlot[SetMerge.slot(entry)] == nil { bySlot[SetMerge.slot(entry)] = index }

        var result: [[String: ContentsJSON]] = [], names: [String: Set<String>] = [:], owner: [String: String] = [:], used = Set<Int>()
        for entry in set.entries {
            let ours = entry["filename"].flatMap { if case .string(let name) = $0 { name } else { nil } }
            guard let index = bySlot[SetMerge.slot(entry)] else {
                if let ours { names[ours, default: []].insert(ours); owner[ours] = ours }
                result.append(entry)
                continue
            }
            used.insert(index)
            var merged = oldEntries[index]
            let theirs = merged["filename"].flatMap { if case .string(let name) = $0 { name } else { nil } }
            if ours == nil && kind == "appiconset" {
                result.append(merged) // an empty slot of ours (a missing appearance): whatever the user put there stays
                continue
            }
            for (key, value) in entry where key != "filename" { merged[key] = value }
            guard let ours else { result.append(merged); continue }
            // The user's file name, unless it is not a plain name or a file of ours of another render has it.
            var name = ours
            if let theirs, !theirs.contains("/"), !theirs.hasPrefix("."), theirs != "Contents.json",
               set.sameContent(owner[theirs] ?? ours, ours) {
                name = theirs
            } else if !set.sameContent(owner[ours] ?? ours, ours) {
                name = names[ours]?.sorted().first ?? ours
            }
            names[ours, default: []].insert(name)
            owner[name] = ours
            merged["filename"] = .string(name)
            result.append(merged)
        }
        // The old entries that are not ours: kept, unless an iOS layout of ours replaces theirs.
        var dropped: [[String: ContentsJSON]] = []
        for (index, entry) in oldEntries.enumerated() where !used.contains(index) {
            if let layout = SetMerge.layout(entry, kind: kind), !ourLayouts.isEmpty, !ourLayouts.contains(layout) {
                dropped.append(entry)
            } else {
                result.append(entry)
            }
        }
        if kind == "appiconset" {
            result = result.enumerated().sorted { SetMerge.xcodeOrder($0.element, $0.offset, $1.element, $1.offset) }.map(\.element)
        }
        let stillNamed = Set(result.compactMap { entry -> String? in if case .string(let name)? = entry["filename"] { name } else { nil } })
        leaving = Set(dropped.compactMap { entry -> String? in if case .string(let name)? = entry["filename"] { name } else { nil } })
            .subtracting(stillNamed).intersection(existingFiles)

        root[set.listKey] = .array(result.map(ContentsJSON.object))
        if root["info"] == nil { root["info"] = ContentsJSON.info }
        if let properties = set.properties {
            var merged = root["properties"]?.fields ?? [:]
            for (key, value) in properties { merged[key] = value }
            root["properties"] = .object(merged)
        }
        let contents = ContentsJSON.object(root)
        self.contents = contents
        // Entries in another order are the same content: a hand-written or older file is left as it is.
        func normalised(_ root: [String: ContentsJSON]) -> [String: ContentsJSON] {
            var root = root
            if case .array(let list)? = root[set.listKey] { root[set.listKey] = .array(list.sorted { $0.rendered < $1.rendered }) }
            return root
        }
        // Nor is a file without `info` (FluffyChat's macOS set, as flutter_launcher_icons writes it): Xcode reads it as it
        // is, and rewriting it whole only to add Xcode's `info` would be a change the run did not need.
        contentsChanged = existing.map { existing in
            var compared = root
            if existing["info"] == nil { compared["info"] = nil }
            return normalised(existing) != normalised(compared)
        } ?? true
        self.names = names
    }

    /// The keys that say which slot an entry fills; everything else (file name, compression, unknown keys)
    /// is about what fills it.
    static let slotKeys: Set<String> = ["idiom", "size", "scale", "platform", "appearances", "subtype", "role", "orientation",
                                        "extent", "minimum-system-version", "display-gamut", "screen-width", "width-class",
                                        "height-class", "memory", "graphics-feature-set", "language-direction", "locale"]

    /// An entry's slot, as text: its slot keys rendered in Xcode's format.
    static func slot(_ fields: [String: ContentsJSON]) -> String {
        var key = fields.filter { slotKeys.contains($0.key) }
        if key["scale"] == nil, key["idiom"]?.string == "tv" { key["scale"] = .string(tvSingleScale) }
        return ContentsJSON.object(key).rendered
    }

    /// tvOS's single-scale pictures (an App Store stack's layers) are written with `"scale": "1x"` or without a scale
    /// (Swiftfin's): one slot either way, so a run replaces the picture rather than adding a second one beside it.
    static let tvSingleScale = "1x"

    /// The iOS app-icon layout an entry belongs to, or nil (other platforms, other kinds of set): "classic"
    /// (iphone, ipad, ios-marketing), "single-size" (one universal 1024) or "all-sizes" (universal with scales).
    static func layout(_ entry: [String: ContentsJSON], kind: String) -> String? {
        guard kind == "appiconset", case .string(let idiom)? = entry["idiom"] else { return nil }
        switch idiom {
        case "iphone", "ipad", "ios-marketing": return "classic"
        case "universal":
            if case .string(let platform)? = entry["platform"], platform != "ios" { return nil }
            return entry["scale"] == nil ? "single-size" : "all-sizes"
        default: return nil
        }
    }

    /// Xcode's order of app-icon entries, read off the sets Xcode writes: by idiom (universal, iphone, ipad,
    /// ios-marketing, car, watch, watch-marketing, mac, then others), then platform, size, scale, and
    /// appearance (any, dark, tinted); watch icons by their role first (notification centre, companion settings,
    /// app launcher, quick look). Entries it cannot place keep their order, after the others.
    static func xcodeOrder(_ a: [String: ContentsJSON], _ aIndex: Int, _ b: [String: ContentsJSON], _ bIndex: Int) -> Bool {
        let (ka, kb) = (orderKey(a), orderKey(b))
        for (x, y) in zip(ka, kb) where x != y { return x < y }
        return aIndex < bIndex
    }

    private static func orderKey(_ entry: [String: ContentsJSON]) -> [Double] {
        func text(_ key: String) -> String? { if case .string(let value)? = entry[key] { value } else { nil } }
        let idioms = ["universal", "iphone", "ipad", "ios-marketing", "car", "watch", "watch-marketing", "mac"]
        let platforms = ["ios", "watchos", "macos", "tvos", "visionos"]
        let roles = ["notificationCenter", "companionSettings", "appLauncher", "quickLook"]
        let idiom = Double(text("idiom").flatMap(idioms.firstIndex(of:)) ?? idioms.count)
        let platform = Double(text("platform").flatMap(platforms.firstIndex(of:)) ?? -1)
        let role = Double(text("role").flatMap(roles.firstIndex(of:)) ?? -1)
        let size = text("size").flatMap(PointSize.init(parsing:))?.width ?? 0
        let scale = Double(text("scale").flatMap { Int($0.dropLast()) } ?? 0)
        var appearance = 0.0
        if case .array(let list)? = entry["appearances"], case .string(let value)? = list.first?.fields?["value"] {
            appearance = value == "dark" ? 1 : value == "tinted" ? 2 : 3
        }
        return [idiom, platform, role, size, scale, appearance]
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
        case "appiconset", "stickersiconset":
            if let points = spec.points { fields["size"] = .string(points.description) }
            if let role = spec.xcodeRole { fields["role"] = .string(role) }
            if let subtype = spec.subtype { fields["subtype"] = .string(subtype) }
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
