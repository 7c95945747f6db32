import Foundation

/// A snap's recipe, `snapcraft.yaml`, and the icon it gives the snap: the picture the Snap Store, GNOME Software and
/// KDE Discover show (desktop menus and docks take theirs from the desktop entry instead). The icon is the file the
/// top-level `icon:` names, relative to the project's root; without the key, snapcraft takes `snap/gui/icon.png` or
/// `snap/gui/icon.svg` when one is there. Read as text: only `name:` and `icon:` matter here.
package struct SnapcraftProject: Sendable, Equatable {
    /// Where snapcraft looks for its recipe, relative to the project's root, in the order it looks.
    package static let recipePaths = ["snap/snapcraft.yaml", "snapcraft.yaml", ".snapcraft.yaml", "build-aux/snap/snapcraft.yaml"]
    /// The icons snapcraft takes when `icon:` names none, relative to the root.
    static let conventionalIcons = ["snap/gui/icon.png", "snap/gui/icon.svg"]
    /// The Snap Store's listing icon (its publishers' media rules): square, 40 to 512 px a side, 256 recommended, at
    /// most 256 KB.
    package static let storePixels = 40...512, recommendedPixels = 256, storeBytes = 256 * 1024

    /// The project's root: the folder snapcraft runs in, which `icon:` is relative to (the one above `snap/`, or above
    /// `build-aux/snap/`).
    package var root: String
    /// The recipe.
    package var recipe: String
    /// The icon as `icon:` names it, relative to the root (`${SNAPCRAFT_PROJECT_DIR}/` taken off); nil without the key.
    package var declaredIcon: String?
    /// True when the recipe adopts a part's metadata (`adopt-info:` with a `parse-info:` AppStream file, as KDE's and
    /// many GNOME snaps do): snapcraft takes the icon from what the build installs, not from the project.
    package var iconFromMetadata: Bool
    /// True when the snap is a desktop app: an app with a `desktop:` entry, a desktop extension (gnome, kde-neon,
    /// flutter), an X11, Wayland or desktop plug, or a desktop entry in `snap/gui/`. A command-line snap has no icon to
    /// miss.
    package var isDesktopApp: Bool
    /// The snap's icon relative to the root: the one `icon:` names (whether or not it exists), else the first of
    /// snapcraft's conventional files that exists; nil when the snap has none.
    package var icon: String?
    /// The pictures the desktop entries in `snap/gui/` name as `Icon=${SNAP}/meta/gui/NAME` (snapcraft copies
    /// `snap/gui/` into the snap's `meta/gui/`), relative to the root: what menus and docks show of the snapped app
    /// (FluffyChat's `snap/gui/fluffychat.png`, beside `fluffychat.desktop`). Only files that exist.
    package var desktopIcons: [String]

    /// The recipe at `path`, its root found from where it lies; nil when the file cannot be read.
    package init?(recipe path: String) {
        guard let bytes = try? FileIO.readDocument(path) else { return nil }
        recipe = path
        let folder = path.parentFolder
        if (folder as NSString).lastPathComponent == "snap" {
            let above = folder.parentFolder
            root = (above as NSString).lastPathComponent == "build-aux" ? above.parentFolder : above
        } else {
            root = folder
        }
        let text = String(decoding: bytes, as: UTF8.self)
        declaredIcon = Self.iconValue(in: text)
        iconFromMetadata = text.contains("adopt-info:") && text.contains("parse-info:")
        // snap/gui/ listed once: the conventional icon, the desktop entries and the pictures they name are all in it.
        let gui = root.isEmpty ? "snap/gui" : (root as NSString).appendingPathComponent("snap/gui")
        let guiFiles = ((try? FileManager.default.contentsOfDirectory(atPath: gui)) ?? []).sorted()
        icon = declaredIcon ?? Self.conventionalIcons.first { guiFiles.contains(($0 as NSString).lastPathComponent) }
        desktopIcons = Self.desktopIcons(gui: gui, files: guiFiles)
        isDesktopApp = Self.namesDesktop(text) || guiFiles.contains { $0.hasSuffix(".desktop") }
    }

    /// The pictures the desktop entries among `files` (the contents of `gui`, `snap/gui/`) name, each once.
    private static func desktopIcons(gui: String, files: [String]) -> [String] {
        var icons: [String] = []
        for name in files where name.hasSuffix(".desktop") {
            guard let bytes = try? FileIO.readDocument((gui as NSString).appendingPathComponent(name)),
                  let value = DesktopEntry(text: String(decoding: bytes, as: UTF8.self)).value("Icon") else { continue }
            for prefix in ["${SNAP}/meta/gui/", "$SNAP/meta/gui/"] where value.hasPrefix(prefix) {
                let file = String(value.dropFirst(prefix.count))
                guard !file.isEmpty, !file.contains("/"), files.contains(file), !icons.contains("snap/gui/" + file) else { continue }
                icons.append("snap/gui/" + file)
            }
        }
        return icons
    }

    /// Snapcraft's desktop extensions (`gnome`, `kde-neon-6`, `flutter-stable`…) and the plugs that reach a display.
    private static let desktopExtensions = ["gnome", "kde-neon", "flutter"], displayPlugs = ["x11", "wayland", "desktop", "desktop-legacy"]

    /// True when the recipe makes a desktop app: an app's `desktop:` entry, a desktop extension or a display plug, as a
    /// key's value (`extensions: [gnome]`, `plugs: [x11]`) or an item on the lines below it (`- kde-neon-6`).
    static func namesDesktop(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).contains { raw in
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("desktop:") { return true }
            if line.hasPrefix("extensions:") { return desktopExtensions.contains { line.contains($0) } }
            if line.hasPrefix("plugs:") { return displayPlugs.contains { line.contains($0) } }
            guard line.hasPrefix("- ") else { return false }
            let item = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
            return displayPlugs.contains(item) || desktopExtensions.contains { item.hasPrefix($0) }
        }
    }

    /// The project whose root is `root`: its recipe where snapcraft looks first; nil when it has none.
    package static func read(root: String) -> SnapcraftProject? {
        for relative in recipePaths {
            let path = (root as NSString).appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: path), !FileIO.isFolder(path) { return SnapcraftProject(recipe: path) }
        }
        return nil
    }

    /// The icon's path (root joined), when the snap has one.
    package var iconPath: String? { icon.map { root.isEmpty ? $0 : (root as NSString).appendingPathComponent($0) } }

    /// True when the icon is an SVG (snapcraft takes PNG and SVG only).
    package var iconIsSVG: Bool { icon?.lowercased().hasSuffix(".svg") ?? false }

    /// The top-level `icon:` value: a key at the start of a line (a part's or an app's own keys are indented), quotes
    /// and a trailing comment taken off.
    static func iconValue(in text: String) -> String? {
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) where line.hasPrefix("icon:") {
            var value = line.dropFirst("icon:".count).trimmingCharacters(in: .whitespaces)
            if let hash = value.range(of: " #") { value = String(value[..<hash.lowerBound]).trimmingCharacters(in: .whitespaces) }
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first { value = String(value.dropFirst().dropLast()) }
            for prefix in ["${SNAPCRAFT_PROJECT_DIR}/", "$SNAPCRAFT_PROJECT_DIR/", "./"] where value.hasPrefix(prefix) { value = String(value.dropFirst(prefix.count)) }
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
