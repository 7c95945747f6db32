import Foundation

/// What Flathub's build refuses of a Flatpak app's hicolor icons (flatpak-builder-lint's catalogue check, run on every
/// Flathub build): the app's icon — the one named by its id — must exist at 128 px or more, or as an SVG, for
/// appstream-compose to make the store's catalogue icon (`appstream-missing-icon-file`); a file of that name in a
/// size folder must be a PNG (`non-png-icon-in-hicolor-size-folder`) and one in `scalable/` an SVG
/// (`non-svg-icon-in-scalable-folder`). Checked only where the project has a Flatpak manifest for an app whose icons
/// are in the tree: elsewhere the theme specification alone applies (an XPM in a size folder is valid there).
enum FlathubChecks {
    static let reference = "Flathub (flatpak-builder-lint): an app icon of 128, 256 or 512 px PNG or SVG; PNG in size folders, SVG in scalable"
    /// The smallest icon appstream-compose makes the catalogue's 128 px icon from.
    static let catalogPixels = 128

    /// The findings on the `theme` tree's icons (`icons`, as `HicolorTheme.appIcons` lists them) of each Flatpak app the
    /// project around it builds.
    static func check(theme: String, icons: [HicolorTheme.AppIcon], scope: FolderScope?) -> [SetFinding] {
        let absolute = URL(fileURLWithPath: theme).standardizedFileURL.path
        guard let root = Backup.projectRoot(containing: absolute) ?? scope.map({ URL(fileURLWithPath: $0.folder).standardizedFileURL.path }) else { return [] }
        let folders = [root, (root as NSString).appendingPathComponent("flatpak"), NSString.path(withComponents: [root, "build-aux", "flatpak"])]
        var findings: [SetFinding] = []
        for manifest in FlatpakManifest.manifests(in: folders, scope: scope ?? FolderScope(root)) {
            let id = manifest.id
            // The icons named by the id, and its dashed or dotted variants (id-symbolic, id.Devel), as the linter matches them.
            let named = icons.filter { $0.name == id || $0.name.hasPrefix(id + "-") || $0.name.hasPrefix(id + ".") }
            guard !named.isEmpty else { continue }
            for icon in named {
                let lower = icon.path.lowercased(), file = "\(HicolorTheme.folderName)/\(icon.sizeFolder)/apps/\((icon.path as NSString).lastPathComponent)"
                if icon.sizeFolder == "scalable", !lower.hasSuffix(".svg"), !lower.hasSuffix(".svgz") {
                    findings.append(SetFinding(path: icon.path, finding: Finding(.hicolor, .error,
                        "\(file) is not an SVG: Flathub's build stops on any other file in scalable/ (non-svg-icon-in-scalable-folder)",
                        fix: "install an SVG there, or the PNG in its size folder", reference: reference)))
                } else if HicolorTheme.size(ofFolder: icon.sizeFolder) != nil, !lower.hasSuffix(".png") {
                    findings.append(SetFinding(path: icon.path, finding: Finding(.hicolor, .error,
                        "\(file) is not a PNG: Flathub's build stops on any other file in a size folder (non-png-icon-in-hicolor-size-folder)",
                        fix: "install PNGs there ('iconforge generate MASTER --preset linux --app-id \(id)')", reference: reference)))
                }
            }
            let own = named.filter { $0.name == id }
            let scalable = own.contains { $0.sizeFolder == "scalable" }
            let largest = own.compactMap { icon in HicolorTheme.size(ofFolder: icon.sizeFolder).map { $0.pixels * $0.scale } }.max()
            if !own.isEmpty, !scalable, let largest, largest < catalogPixels {
                findings.append(SetFinding(path: theme, finding: Finding(.hicolor, .error,
                    "\(id) (the Flatpak app's id) has no icon of 128 px or more, nor an SVG (its largest is \(largest)x\(largest)): appstream-compose "
                    + "makes no catalogue icon, and Flathub's build stops (appstream-missing-icon-file)",
                    fix: "add 128x128, 256x256 and 512x512 ('iconforge generate MASTER --preset linux --app-id \(id)')", reference: reference)))
            }
        }
        return findings
    }
}
