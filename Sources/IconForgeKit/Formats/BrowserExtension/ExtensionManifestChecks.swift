import Foundation
import Raster

/// `validate`'s rules for a browser extension's `manifest.json` (one with `manifest_version`): the 128 px icon the
/// Chrome Web Store and installation need (an error without it), 16, 32 and 48 (warnings: the browser scales another),
/// every declared file present, square and at its declared size, and the toolbar button under its version's key
/// (`action` in V3, `browser_action` or `page_action` in V2: the other version's key is ignored, with its icon).
enum ExtensionManifestChecks {
    /// The findings for the manifest at `path`; nil when it is not an extension's (no `manifest_version`), for the
    /// web app manifest's rules to take.
    static func check(manifest path: String, scope: FolderScope? = nil) -> (findings: [SetFinding], files: [String])? {
        let scope = scope ?? FolderScope(path.parentFolder)
        guard scope.contains(path), let root = ExtensionManifest.read(path),
              !ExtensionManifest.isBase(root) || (path as NSString).lastPathComponent == ExtensionManifest.fileName else { return nil }
        var findings: [SetFinding] = []
        func report(_ severity: Severity, _ message: String, fix: String, reference: String? = nil) {
            findings.append(SetFinding(path: path, finding: Finding(.extensionManifest, severity, message, fix: fix, reference: reference)))
        }
        let name = (path as NSString).lastPathComponent, folder = path.parentFolder
        let version = ExtensionManifest.version(root)
        let own = ExtensionManifest.actionKeys(version: version)
        // A base a build completes has no version yet: its action key is the build's to choose.
        let base = ExtensionManifest.isBase(root)
        for key in ["action", "browser_action", "page_action"] where !base && root[key] != nil && !own.contains(key) {
            let wanted = own.count == 1 ? "action" : "browser_action"
            report(.warning, "\(name): \"\(key)\" is not a key of Manifest V\(version ?? 3): browsers ignore it (Chrome warns), and the "
                   + "toolbar icon it names is not shown", fix: "rename it to \"\(wanted)\"",
                   reference: "Chrome extensions: action (Manifest V3) replaces browser_action and page_action (V2)")
        }
        let declared = ExtensionManifest.declaredIcons(root)
        let icons = declared.filter { $0.place == "icons" }
        if let map = root["icons"] as? [String: Any] {
            for key in map.keys.sorted() where Int(key) == nil || !(map[key] is String) {
                report(.error, "\(name): icons[\"\(key)\"] is not a size in px naming a file", fix: "key each icon by its size, e.g. \"128\": \"icons/icon-128.png\"")
            }
        } else if root["icons"] != nil {
            report(.error, "\(name): \"icons\" is not an object of sizes", fix: "write it as {\"16\": \"icons/icon-16.png\", …}")
        }
        // A vector icon (Firefox reads SVG) serves every size.
        let vector = icons.contains { $0.path.lowercased().hasSuffix(".svg") }
        let sizes = Set(icons.compactMap(\.size))
        let firefox = ((root["browser_specific_settings"] ?? root["applications"]) as? [String: Any])?["gecko"] != nil
        // A Safari web extension (its manifest in an Xcode extension target's Resources, or naming Safari's settings) shows
        // its toolbar icon from the action's default_icon and takes 48 px and up from "icons", as Xcode's template lists
        // them: 16 and 32 are Chrome's.
        let safari = (root["browser_specific_settings"] as? [String: Any])?["safari"] != nil || ExtensionManifest.isSafariTarget(folder: folder)
        if !vector {
            for size in ExtensionManifest.sizes.reversed() where !sizes.contains(size) && !(safari && size < 48) {
                let store = size == 128
                let use = [16: "the extension's pages' favicon and the toolbar", 32: "Windows and the toolbar at 2x",
                           48: "the extensions page", 128: "installation and the Chrome Web Store"][size]!
                report(store && !firefox ? .error : .warning, "\(name) declares no \(size)x\(size) icon in \"icons\" (\(use))"
                       + (store ? "; the Chrome Web Store requires it" : "; the browser scales another"),
                       fix: "run 'iconforge generate MASTER --preset browser-extension'",
                       reference: "Chrome extensions: manifest icons — provide 128, 48 and 16 (32 for Windows)")
            }
        }
        var elsewhere: [String] = []
        // A folder missing every page its manifest names is not the extension as a browser loads it: its icons are
        // where its pages come from too.
        let incomplete = !base && ExtensionManifest.lacksItsPages(root, folder: folder)
        for icon in declared {
            let label = "\(icon.place)" + (icon.size.map { "[\"\($0)\"]" } ?? "")
            // Remote URLs and data are not checked (browsers refuse them; that is the browser's message to give).
            guard let resolved = WebApp.resolve(icon.path, root: folder, base: folder) else { continue }
            // A base's paths are the built extension's: one not beside it is where the build puts it.
            if base || incomplete, !scope.contains(resolved) || !FileManager.default.fileExists(atPath: resolved) {
                if !elsewhere.contains(icon.path) { elsewhere.append(icon.path) }
                continue
            }
            guard scope.contains(resolved) else {
                report(.error, "\(name): \(label) names \(icon.path), outside \(scope.folder); not read", fix: "keep the icons inside the extension's folder")
                continue
            }
            guard let data = try? FileIO.read(resolved) else {
                report(.error, "\(name): \(label) names \(icon.path), which does not exist", fix: "add the file, or fix the path")
                continue
            }
            guard let size = FileKind.pixelSize(data), !icon.path.lowercased().hasSuffix(".svg") else { continue }
            if size.width != size.height {
                report(.error, "\(name): \(label) \(icon.path) is \(size), not square; the browser squeezes it into a square",
                       fix: "export it square ('iconforge generate MASTER --preset browser-extension')")
            } else if let declared = icon.size, size.width != declared {
                report(.error, "\(name): \(label) \(icon.path) is \(size) but is declared as \(declared)x\(declared)",
                       fix: "export it at \(declared)x\(declared), or declare it at its size")
            }
        }
        if let first = elsewhere.first, incomplete {
            let pages = ExtensionManifest.pages(root)
            report(.warning, "\(name) is in a folder without the pages it names (\(pages.prefix(2).joined(separator: ", "))\(pages.count > 2 ? ", …" : "")): the extension "
                   + "is put together elsewhere (a build, or a copy), and \(elsewhere.count == 1 ? first : "\(elsewhere.count) of its icons (\(first), …)") "
                   + "\(elsewhere.count == 1 ? "is" : "are") not beside it either; not checked",
                   fix: "validate the folder the extension is loaded from (the one holding its pages)")
        } else if let first = elsewhere.first {
            report(.warning, "\(name) has no manifest_version: it is a base a build completes, and \(elsewhere.count == 1 ? first : "\(elsewhere.count) of its icons (\(first), …)") "
                   + "\(elsewhere.count == 1 ? "is" : "are") not beside it but where the build puts \(elsewhere.count == 1 ? "it" : "them"); not checked",
                   fix: "validate the built extension's folder (the one whose manifest.json has manifest_version)")
        }
        return (findings, [path])
    }
}
