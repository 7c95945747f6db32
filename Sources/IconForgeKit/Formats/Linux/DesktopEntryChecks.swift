import Foundation

/// `validate`'s rules for a `.desktop` file: its `Icon=` names an icon the desktop will find. A name is looked up in
/// the icon theme (hicolor) folders the theme declares, then in `pixmaps`; a name that only an undeclared folder holds
/// (`hicolor/1024x1024`), or that nothing in the folder validated holds, leaves the launcher with a generic icon.
enum DesktopEntryChecks {
    /// The extensions an icon theme looks up, in its order.
    static let iconExtensions = ["png", "svg", "xpm"]

    static func check(entry path: String, root: String, scope: FolderScope?) -> [Finding] {
        let name = (path as NSString).lastPathComponent
        guard let bytes = try? FileIO.readDocument(path) else {
            return [Finding(.desktopEntry, .error, "\(name) cannot be read", fix: "check the file's permissions")]
        }
        let entry = DesktopEntry(text: String(decoding: bytes, as: UTF8.self))
        guard entry.hasMainGroup else {
            return [Finding(.desktopEntry, .error, "\(name) has no [Desktop Entry] group: desktops ignore it", fix: "start it with [Desktop Entry]")]
        }
        guard let icon = entry.value("Icon"), !icon.isEmpty else {
            if entry.value("Type") == "Application" {
                return [Finding(.desktopEntry, .warning, "\(name) has no Icon=: its launcher shows a generic icon",
                                fix: "add Icon=APP-ID and install the icons ('iconforge generate MASTER --preset linux --app-id APP-ID')")]
            }
            return []
        }
        // An absolute path is where the icon is installed, which the folder validated need not hold; a placeholder is
        // filled in by the packager (Tauri's Handlebars template `Icon={{icon}}`, Meson's `@ICON@`, a shell's `${ICON}`).
        guard !icon.hasPrefix("/"), !isPlaceholder(icon) else { return [] }
        var findings: [Finding] = []
        var lookup = icon
        if let ext = iconExtensions.first(where: { icon.lowercased().hasSuffix("." + $0) }) {
            lookup = String(icon.dropLast(ext.count + 1))
            findings.append(Finding(.desktopEntry, .warning, "\(name): Icon=\(icon) has an extension; a theme icon is named without one "
                                    + "(some desktops then find nothing)", fix: "write Icon=\(lookup)"))
        }
        var (found, shipsTheme) = search(lookup, under: root, scope: scope ?? FolderScope(root))
        // An entry installed as a package lays it out (Flutter's and Debian's debian/usr/share/applications/APP.desktop):
        // the desktop looks its icon up in the same data folder's icons/ and pixmaps/, however deep that is in the project.
        if found.isEmpty, let data = dataFolder(of: path) {
            let scope = scope ?? FolderScope(data)
            for folder in ["icons", "pixmaps"] {
                let theme = (data as NSString).appendingPathComponent(folder)
                guard scope.contains(theme) else { continue }
                let (icons, hasTheme) = search(lookup, under: theme, scope: scope)
                found += icons
                shipsTheme = shipsTheme || hasTheme
            }
        }
        // A Flatpak manifest beside the entry or at the root may install the icon under that name from a file of another
        // (Motrix's flatpak/app.motrix.native.yml installs build/256x256.png as $FLATPAK_ID.png): it is found once built.
        if found.isEmpty, FlatpakManifest.manifests(in: manifestFolders(entry: path, root: root), scope: scope ?? FolderScope(root)).contains(where: { $0.installs(icon: lookup) }) {
            return findings
        }
        if found.isEmpty {
            // Where the folder holds an icon theme, the entry's icon should be in it: nothing of that name is an error.
            // Without one, the icons come from elsewhere (Tauri and electron-builder install them under a name of
            // their own when packaging), which the folder cannot show: a warning to check it.
            findings.append(Finding(.desktopEntry, shipsTheme ? .error : .warning,
                                    "\(name): Icon=\(icon) resolves to nothing: no \(lookup).png or \(lookup).svg in \(root)"
                                    + (shipsTheme ? "'s icon theme" : "; make sure packaging installs an icon of that name"),
                                    fix: "install the icons under that name ('iconforge generate MASTER --preset linux --app-id \(lookup)'), or fix Icon="))
        } else if found.allSatisfy({ inUndeclaredThemeFolder($0) }) {
            let folders = found.map { ($0.parentFolder.parentFolder as NSString).lastPathComponent }.joined(separator: ", ")
            findings.append(Finding(.desktopEntry, .error, "\(name): Icon=\(icon) is only in hicolor/\(folders), which the theme does not declare: "
                                    + "desktops find nothing and show a generic icon",
                                    fix: "install it in declared sizes such as hicolor/512x512/apps and 48x48/apps ('iconforge generate MASTER --preset linux')",
                                    reference: ValidationRule.hicolor.reference))
        }
        return findings
    }

    /// The XDG data folder (`…/share`) an entry in `…/share/applications/` is installed in; nil for one elsewhere.
    static func dataFolder(of entry: String) -> String? {
        let applications = entry.parentFolder
        guard (applications as NSString).lastPathComponent == "applications", (applications.parentFolder as NSString).lastPathComponent == "share" else { return nil }
        return applications.parentFolder
    }

    /// Where a Flatpak manifest for the entry is kept: beside it (Motrix's flatpak/), at the root (Flathub's layout),
    /// and in the root's flatpak/ and build-aux/flatpak/ (GNOME's).
    static func manifestFolders(entry: String, root: String) -> [String] {
        [entry.parentFolder, root, (root as NSString).appendingPathComponent("flatpak"), NSString.path(withComponents: [root, "build-aux", "flatpak"])]
    }

    /// True for a value a packager substitutes before installing the entry.
    static func isPlaceholder(_ value: String) -> Bool {
        if value.contains("{{") || value.contains("${") { return true }
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count >= 3 && value.hasPrefix("@") && value.hasSuffix("@")
    }

    /// True for a file in `hicolor/<folder>/apps/` whose size folder the theme does not declare.
    private static func inUndeclaredThemeFolder(_ path: String) -> Bool {
        let apps = path.parentFolder, size = apps.parentFolder, theme = size.parentFolder
        return (apps as NSString).lastPathComponent == "apps" && (theme as NSString).lastPathComponent == HicolorTheme.folderName
            && !HicolorTheme.declares(folder: (size as NSString).lastPathComponent)
    }

    /// In one walk under `root` (six folders deep, not through dependencies or version control, nor links that leave
    /// `scope`): the icon files named `name` (with an icon extension, or as Extra CMake Modules name it), and whether
    /// any `hicolor` folder is there.
    /// `build/` is searched: it is electron-builder's resources folder, where Electron apps keep their Linux icons.
    private static func search(_ name: String, under root: String, scope: FolderScope) -> (icons: [String], shipsTheme: Bool) {
        let wanted = Set(iconExtensions.map { name + "." + $0 })
        var shipsTheme = false
        var found: [String] = [], queue = [(root, 0)], seen = Set<String>()
        let manager = FileManager.default
        while let (folder, depth) = queue.popLast() {
            guard seen.insert(FileIO.realPath(folder)).inserted, seen.count < 20_000 else { continue }
            for item in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] where !item.hasPrefix(".") && (item == "build" || !ProjectLayout.skipped.contains(item)) {
                let path = (folder as NSString).appendingPathComponent(item)
                guard scope.contains(path) else { continue }
                // An icon named as Extra CMake Modules install it (Zeal's assets/freedesktop/128-apps-zeal.png, which
                // ecm_install_icons installs as hicolor/128x128/apps/zeal.png) is found under the entry's name too.
                if wanted.contains(item) || HicolorTheme.ecmIconName(ofFile: item) == name { found.append(path); continue }
                var isFolder: ObjCBool = false
                guard manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
                if item == HicolorTheme.folderName { shipsTheme = true }
                if depth < 6 { queue.append((path, depth + 1)) }
            }
        }
        return (found.sorted(), shipsTheme)
    }
}
