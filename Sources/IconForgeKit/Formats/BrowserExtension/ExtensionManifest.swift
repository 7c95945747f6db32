import Foundation

/// A browser extension's `manifest.json` (Chrome, Edge, Firefox, Safari web extensions), as far as its icons go: the
/// `icons` map (16, 32, 48 and 128 px: the toolbar, Windows, the extensions page, installation and the stores) and the
/// toolbar button's `default_icon` — `action` in Manifest V3, `browser_action` (or `page_action`) in V2. Read to find
/// the icons a folder already has, merged with the ones `generate --preset browser-extension` wrote (every other key,
/// and the file's formatting, kept), and checked by `validate`.
enum ExtensionManifest {
    /// True when `folder` is the `Resources` of an Xcode Safari web extension target — `Shared (Extension)/Resources`,
    /// or `NAME Extension/Resources` — with the `.xcodeproj` beside the target's folder or one above. A Chrome
    /// extension elsewhere in a Mac app's repository (IINA's `browser/Chrome_Open_In_IINA`) is not one.
    static func isSafariTarget(folder: String) -> Bool {
        let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
        let target = absolute.parentFolder
        guard (absolute as NSString).lastPathComponent == "Resources", (target as NSString).lastPathComponent.contains("Extension") else { return false }
        return FileIO.nearest(from: target.parentFolder, levels: 1) { Generator.holdsXcodeProject($0) ? true : nil } == true
    }

    static let fileName = "manifest.json"
    /// The snippet written when the folder has no extension manifest: the `icons` and `action` members to paste in.
    static let snippetName = "manifest-icons.json"
    /// The sizes the stores and browsers ask for, in px: 16 (favicon of the extension's pages, the toolbar at 1x),
    /// 32 (Windows, the toolbar at 2x), 48 (the extensions page), 128 (installation and the Chrome Web Store).
    static let sizes = [16, 32, 48, 128]
    /// The sizes written into the toolbar button's `default_icon` (Chrome draws the action at 16 dip).
    static let actionSizes = [16, 32]
    /// The most icons one manifest declares that a run renders in place (real ones declare up to ~10).
    static let maxIcons = 32

    /// One icon the manifest declares: the size it is declared at, and its path as written.
    struct Declared: Equatable {
        /// Where it is declared: "icons", or "action.default_icon" (with the action key of its version).
        var place: String
        /// The declared size in px; nil for a `default_icon` given as one path.
        var size: Int?
        var path: String
    }

    /// True for a JSON object that is an extension's manifest: it has `manifest_version` (a web app manifest never does),
    /// or its `icons` is an object of sizes (a web app manifest's is an array) — a base a build merges with each browser's
    /// part (SponsorBlock's manifest/manifest.json, whose manifest_version is in chrome-manifest-extra.json).
    static func isExtension(_ root: [String: Any]) -> Bool { root["manifest_version"] != nil || root["icons"] is [String: Any] }

    /// True for an extension's manifest without `manifest_version`: no browser loads it as it stands (one is required),
    /// a build completes it and lays out the extension, so its paths are the built extension's, not its folder's.
    static func isBase(_ root: [String: Any]) -> Bool { root["manifest_version"] == nil }

    /// A manifest's bytes as a JSON object, past the comments Chrome allows in manifest.json; nil for anything else.
    private static func object(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(JSONText.withoutComments(bytes)))) as? [String: Any]
    }

    /// The manifest at `path` as a JSON object when it is an extension's; nil otherwise (or when it cannot be read).
    static func read(_ path: String) -> [String: Any]? {
        guard let bytes = try? FileIO.readDocument(path),
              let root = object(bytes), isExtension(root) else { return nil }
        return root
    }

    /// The extension manifest in `folder` (inside it, not through a link that leaves it), or nil.
    static func existing(in folder: String) -> String? {
        let path = (folder as NSString).appendingPathComponent(fileName)
        guard FolderScope(folder).contains(path), read(path) != nil else { return nil }
        return path
    }

    /// The extension's own pages and scripts the manifest names (its background page, service worker or scripts, its
    /// options page, its toolbar button's popup), as written.
    static func pages(_ root: [String: Any]) -> [String] {
        var result: [String] = []
        if let background = root["background"] as? [String: Any] {
            result += [background["page"], background["service_worker"]].compactMap { $0 as? String }
            result += (background["scripts"] as? [Any])?.compactMap { $0 as? String } ?? []
        }
        result += [(root["options_ui"] as? [String: Any])?["page"], root["options_page"]].compactMap { $0 as? String }
        for key in ["action", "browser_action", "page_action"] {
            if let popup = (root[key] as? [String: Any])?["default_popup"] as? String { result.append(popup) }
        }
        return result
    }

    /// True when the manifest in `folder` names pages and none of them is there: the folder holds the manifest of an
    /// extension put together elsewhere (IINA's `browser/Firefox_Open_In_IINA` keeps only its manifest.json in git, the
    /// pages and icons copied in from the Chrome folder beside it), so the icons it names are not looked for there.
    static func lacksItsPages(_ root: [String: Any], folder: String) -> Bool {
        let pages = pages(root).compactMap { WebApp.resolve($0, root: folder, base: folder) }
        return !pages.isEmpty && !pages.contains { FileManager.default.fileExists(atPath: $0) }
    }

    /// The manifest version (2 or 3; another number as written), nil when it is not a number.
    static func version(_ root: [String: Any]) -> Int? {
        guard let number = root["manifest_version"] as? NSNumber, !ContentsJSON.isBoolean(number) else { return nil }
        return number.intValue
    }

    /// The keys of the toolbar button a version reads: `action` in V3, `browser_action` and `page_action` in V2.
    static func actionKeys(version: Int?) -> [String] { (version ?? 3) >= 3 ? ["action"] : ["browser_action", "page_action"] }

    /// Every icon the manifest declares, in its `icons` and in the `default_icon` of every action key it has (of its
    /// version or not: `validate` says when one is of the other version).
    static func declaredIcons(_ root: [String: Any]) -> [Declared] {
        var result: [Declared] = []
        func add(_ map: [String: Any], place: String) {
            for (key, value) in map.sorted(by: { (Int($0.key) ?? .max, $0.key) < (Int($1.key) ?? .max, $1.key) }) {
                guard let path = value as? String else { continue }
                result.append(Declared(place: place, size: Int(key), path: path))
            }
        }
        if let icons = root["icons"] as? [String: Any] { add(icons, place: "icons") }
        for key in ["action", "browser_action", "page_action"] {
            guard let action = root[key] as? [String: Any] else { continue }
            if let map = action["default_icon"] as? [String: Any] {
                add(map, place: key + ".default_icon")
            } else if let path = action["default_icon"] as? String {
                result.append(Declared(place: key + ".default_icon", size: nil, path: path))
            }
        }
        return result
    }

    /// True for a toolbar icon named for a state of the button (Vimium's `icons/action_disabled_16.png`, which its
    /// background script swaps for `action_enabled_16.png` with `chrome.action.setIcon` on the pages it works on): a
    /// design of its own (greyed, badged), not the app's icon at a smaller size, so a run neither renders the master
    /// into it nor adds sizes beside it.
    static func isStateIcon(_ path: String) -> Bool {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
        return name.split(whereSeparator: { !$0.isLetter }).contains { stateWords.contains(String($0)) }
    }

    /// The words that name a toolbar button's state in its icon's file name ("on" is not one: "add-on" is a name).
    static let stateWords: Set<String> = ["disabled", "enabled", "inactive", "active", "off", "gray", "grey", "grayed", "greyed", "paused"]

    /// True for a vector icon (`img/multiaccountcontainer-16.svg`, which Firefox draws at every size): one file serves
    /// every size a manifest declares it at, so no bitmap is added beside it (the toolbar and the add-ons page would
    /// show two pictures) and a toolbar button showing one keeps it (Multi-Account Containers' page action shows
    /// `img/container-openin-16.svg`, a glyph of its own, not the app's icon).
    static func isVector(_ path: String) -> Bool { path.lowercased().hasSuffix(".svg") }

    /// The vector icons (`isVector`) the manifest of the extension in `folder` declares in `icons`, each once, as written.
    static func vectorIcons(in folder: String) -> [String] {
        guard let manifest = existing(in: folder), let root = read(manifest) else { return [] }
        var result: [String] = []
        for icon in declaredIcons(root) where icon.place == "icons" && isVector(icon.path) && !result.contains(icon.path) { result.append(icon.path) }
        return result
    }

    /// The side of the square PNG at `path` (relative to `folder`), read from its header; nil when it is not one.
    private static func ownSquareSize(_ path: String, in folder: String) -> Int? {
        guard let header = try? FileIO.readPrefix((folder as NSString).appendingPathComponent(path), upTo: 64),
              let size = FileKind.pixelSize(header, kind: .png), size.width == size.height else { return nil }
        return size.width
    }

    /// The state icons (`isStateIcon`) the toolbar buttons of the manifest in `folder` declare, each once, as written.
    static func stateIcons(in folder: String) -> [String] {
        guard let manifest = existing(in: folder), let root = read(manifest) else { return [] }
        var result: [String] = []
        for icon in declaredIcons(root) where icon.place != "icons" && isStateIcon(icon.path) && !result.contains(icon.path) { result.append(icon.path) }
        return result
    }

    /// The file a manifest path names, relative to the extension's folder: paths are from the extension's root (a
    /// leading `/` or `./` changes nothing); nil for a URL, an empty path, or one that climbs out with `..`.
    static func file(_ reference: String, in folder: String) -> String? {
        guard let resolved = WebApp.resolve(reference, root: folder, base: folder) else { return nil }
        return FileIO.relativePath(resolved, to: folder)
    }

    /// The icon paths the manifest of the extension in `folder` declares in a folder it does not have, each once: a
    /// manifest a build copies elsewhere names the build's layout, not this folder's (Refined GitHub's
    /// `source/manifest.json` names `assets/icon.png`, which rollup copies there from `source/icon.png`). A missing file
    /// in a folder that is there is the extension's own to add.
    static func missingIcons(in folder: String) -> [String] {
        guard let manifest = existing(in: folder), let root = read(manifest) else { return [] }
        var result: [String] = []
        for icon in declaredIcons(root) where !result.contains(icon.path) {
            guard let path = file(icon.path, in: folder), !path.parentFolder.isEmpty,
                  !FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(path.parentFolder)) else { continue }
            result.append(icon.path)
        }
        return result
    }

    /// The icons the manifest of the extension in `folder` declares that a run renders where they stand: a local PNG
    /// inside the folder, declared at one square size (16 to 1024 px), but no toolbar icon of a state of the button
    /// (`isStateIcon`). A toolbar button's one-path `default_icon` (IINA's Chrome extension: `"default_icon": "icon.png"`)
    /// declares no size: its file is rendered at the square size it has, and stays the button's icon. The first
    /// declaration of a file wins.
    static func listedIcons(in folder: String) -> [(path: String, pixels: Int, inIcons: Bool)] {
        guard let manifest = existing(in: folder), let root = read(manifest) else { return [] }
        let scope = FolderScope(folder)
        var seen = Set<String>(), result: [(path: String, pixels: Int, inIcons: Bool)] = []
        for icon in declaredIcons(root) {
            guard icon.place == "icons" || !isStateIcon(icon.path), let path = file(icon.path, in: folder), path.lowercased().hasSuffix(".png"),
                  !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }), scope.contains((folder as NSString).appendingPathComponent(path)),
                  let size = icon.size ?? ownSquareSize(path, in: folder), (16...1024).contains(size), seen.insert(path).inserted else { continue }
            result.append((path, size, icon.place == "icons"))
            if result.count == maxIcons { break }
        }
        return result
    }

    /// The manifest with the icons written: `icons` maps every size in `icons` to its file (other sizes it declares
    /// kept), and the toolbar button of its version (`action`, or `browser_action` and `page_action`) gets the
    /// `actionSizes` it lacks in its `default_icon` (one path to a file the folder lacks becomes a map of sizes; one to
    /// a square PNG it holds stays, that file redrawn) where it has the button (a manifest without one keeps none: the browser
    /// then shows `icons`), unless it shows a state of the button (`isStateIcon`) or a vector icon (`isVector`); an
    /// `icons` holding a vector icon gets no sizes added. Only those members' text changes; every other byte is kept; unchanged, the file's own
    /// bytes. `icons` are paths relative to the extension's folder, as the manifest names them.
    static func merged(existing: [UInt8], icons: [Int: String], path: String) throws(IconForgeError) -> [UInt8] {
        // Chrome reads comments in manifest.json: they are skipped, and kept where the edit does not reach.
        guard let root = object(existing) else {
            throw .update(path: path, .notAJSONObject(replacement: snippetName))
        }
        var edits: [(path: [String], value: [String: Any])] = []
        let current = root["icons"] as? [String: Any]
        var map = current ?? [:]
        // A vector icon serves every size: bitmaps added beside it would show another picture at their sizes.
        let vector = map.values.contains { ($0 as? String).map(isVector) ?? false }
        if !vector { for (size, file) in icons { map[String(size)] = file } }
        if current.map({ !NSDictionary(dictionary: $0).isEqual(to: map) }) ?? true { edits.append((["icons"], map)) }
        for key in actionKeys(version: version(root)) {
            guard let action = root[key] as? [String: Any] else { continue }
            let old = action["default_icon"] as? [String: Any]
            // A button whose icon is one of its states (Vimium's action_disabled_16.png) is the extension's design: kept whole.
            let named = old.map { $0.values.compactMap { $0 as? String } } ?? [action["default_icon"] as? String].compactMap { $0 }
            if named.contains(where: isStateIcon) { continue }
            // A vector toolbar icon serves every size, and may be a glyph of the button's own (a page action's).
            if named.contains(where: isVector) { continue }
            // One path to a square PNG in the folder (IINA's "icon.png") is redrawn where it stands (`listedIcons`) and
            // stays the button's one icon: made a map of sizes, the file would drop out of later runs while its pages
            // still show it.
            let folder = path.parentFolder
            if old == nil, let one = named.first, let file = file(one, in: folder), file.lowercased().hasSuffix(".png"),
               FolderScope(folder).contains((folder as NSString).appendingPathComponent(file)), ownSquareSize(file, in: folder) != nil { continue }
            var icon = old ?? [:]
            // The sizes it declares are kept (their files were rendered where they are); those it lacks are added.
            for size in actionSizes where icon[String(size)] == nil { if let file = icons[size] { icon[String(size)] = file } }
            if old.map({ !NSDictionary(dictionary: $0).isEqual(to: icon) }) ?? true { edits.append(([key, "default_icon"], icon)) }
        }
        var bytes = existing
        for edit in edits {
            guard let edited = JSONText.keepingComments(bytes, { JSONText.settingMember(edit.path, to: edit.value, in: $0) }) else {
                throw .update(path: path, .notEditableInPlace(member: edit.path.joined(separator: "."), snippet: snippetName))
            }
            bytes = edited
        }
        return bytes
    }

    /// The snippet for a folder without a manifest: the `icons` map and the V3 toolbar button's `default_icon`.
    static func snippet(icons: [Int: String]) -> [UInt8] {
        let action = Dictionary(uniqueKeysWithValues: actionSizes.compactMap { size in icons[size].map { (String(size), $0 as Any) } })
        let root: [String: Any] = ["icons": Dictionary(uniqueKeysWithValues: icons.map { (String($0.key), $0.value as Any) }),
                                   "action": ["default_icon": action]]
        return Array(JSONText.rendered(root, unit: "  ").utf8) + [0x0A]
    }
}
