import Foundation

/// A Flatpak manifest, flatpak-builder's input (`APP-ID.yml`, `.yaml` or `.json`, named for the app's id): what it says
/// of the app's icon. Its build commands may install an icon from anywhere in the project under the theme's name
/// (Motrix's `flatpak/app.motrix.native.yml`: `install -Dm644 build/256x256.png
/// /app/share/icons/hicolor/256x256/apps/$FLATPAK_ID.png`), and `rename-icon` has flatpak-builder rename an installed
/// icon to the app's id: either way the desktop entry's `Icon=` is found once the app is built, though no file of that
/// name is in the project. Read as text, YAML and JSON alike: only the id, `rename-icon` and install paths matter.
struct FlatpakManifest: Sendable, Equatable {
    /// The app's id (`app-id`, or `id` in older manifests): `$FLATPAK_ID` in its commands.
    var id: String
    /// The icon flatpak-builder renames to the app's id, if any.
    var renameIcon: String?
    /// The names of the icons its commands install into an icon theme's `apps` folders.
    var installedIcons: Set<String>

    /// The manifest in `text`; nil for a document that is not one (no id, or no `modules`).
    init?(text: String) {
        guard text.contains("modules"), let id = Self.value(of: ["app-id", "id"], in: text) else { return nil }
        self.id = id
        renameIcon = Self.value(of: ["rename-icon"], in: text)
        let expanded = text.replacingOccurrences(of: "${FLATPAK_ID}", with: id).replacingOccurrences(of: "$FLATPAK_ID", with: id)
        var icons = Set<String>()
        let pattern = #"share/icons/[^/\s"']+/[^/\s"']+/apps/([^/\s"']+)\.(?:png|svgz?|xpm)"#
        if let expression = try? NSRegularExpression(pattern: pattern) {
            let range = NSRange(expanded.startIndex..., in: expanded)
            for match in expression.matches(in: expanded, range: range) {
                if let name = Range(match.range(at: 1), in: expanded) { icons.insert(String(expanded[name])) }
            }
        }
        installedIcons = icons
    }

    /// True when building the app installs an icon named `icon`.
    func installs(icon: String) -> Bool {
        installedIcons.contains(icon) || (icon == id && renameIcon != nil)
    }

    /// The manifests in `folders` (not below them): files named for a reverse-DNS id with a manifest's extension; none
    /// through a link that leaves `scope`.
    static func manifests(in folders: [String], scope: FolderScope) -> [FlatpakManifest] {
        var found: [FlatpakManifest] = [], seen = Set<String>()
        for folder in folders where scope.contains(folder) && seen.insert(FileIO.realPath(folder)).inserted {
            for item in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            where ["yml", "yaml", "json"].contains((item as NSString).pathExtension.lowercased())
                && DesktopEntry.isReverseDNS((item as NSString).deletingPathExtension) {
                let path = (folder as NSString).appendingPathComponent(item)
                guard scope.contains(path), let bytes = try? FileIO.readDocument(path), let manifest = FlatpakManifest(text: String(decoding: bytes, as: UTF8.self)) else { continue }
                found.append(manifest)
            }
        }
        return found
    }

    /// A top-level key's value: YAML's `key: value` at the start of a line, or JSON's first `"key": "value"`.
    private static func value(of keys: [String], in text: String) -> String? {
        for key in keys {
            let escaped = NSRegularExpression.escapedPattern(for: key)
            let pattern = #"(?m)(?:^"# + escaped + #"\s*:\s*["']?|""# + escaped + #""\s*:\s*")([A-Za-z0-9_.-]+)"#
            guard let expression = try? NSRegularExpression(pattern: pattern),
                  let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                  let range = Range(match.range(at: 1), in: text) else { continue }
            return String(text[range])
        }
        return nil
    }
}
