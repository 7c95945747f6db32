import Foundation

/// A snap's icon checked as snapcraft and the Snap Store take it: the file `icon:` names must exist and be a PNG or an
/// SVG (snapcraft stops otherwise); the store lists a square PNG of 40 to 512 px and at most 256 KB; a desktop app's
/// snap with no icon at all is listed with a generic one.
enum SnapcraftChecks {
    /// The findings on the snap whose recipe is `project.recipe`, and the files checked. An icon reached through a link
    /// that leaves `scope`, or outside it, is not looked at.
    static func check(_ project: SnapcraftProject, scope: FolderScope?) -> (findings: [SetFinding], checked: [String]) {
        let recipe = project.recipe, recipeName = (recipe as NSString).lastPathComponent
        guard let icon = project.icon, let path = project.iconPath else {
            // An icon taken from the build's AppStream metadata (Konversation's adopt-info), or a command-line snap's
            // (HTTP File Runner's), is not missing.
            // Nor is one whose desktop entry names its own picture in snap/gui (FluffyChat's fluffychat.png): menus show
            // it, and the store's listing icon may be the publisher's upload.
            guard project.isDesktopApp, !project.iconFromMetadata, project.desktopIcons.isEmpty else { return ([], [recipe]) }
            return ([SetFinding(path: recipe, finding: Finding(.snapIcon, .warning,
                "\(recipeName) gives the snap no icon (no icon: and no snap/gui/icon.png): the Snap Store, GNOME Software and KDE Discover "
                + "list it with a generic one", fix: "'iconforge generate MASTER --preset snap' writes snap/gui/icon.png, which snapcraft takes"))], [recipe])
        }
        if let scope, !scope.contains(path) { return ([], [recipe]) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            return ([SetFinding(path: recipe, finding: Finding(.snapIcon, .error,
                "\(recipeName) names icon: \(icon), which does not exist: snapcraft stops (\"Specified icon does not exist\")",
                fix: "point icon: at the snap's icon, or make it with 'iconforge generate MASTER --preset snap'"))], [recipe])
        }
        let lower = icon.lowercased()
        if lower.hasSuffix(".svg") { return ([], [recipe]) }
        guard lower.hasSuffix(".png") else {
            return ([SetFinding(path: recipe, finding: Finding(.snapIcon, .error,
                "\(recipeName) names icon: \(icon): snapcraft takes a PNG or an SVG icon only", fix: "convert it, or 'iconforge generate MASTER --preset snap'"))],
                    [recipe])
        }
        var findings: [SetFinding] = []
        guard let size = PNGHeader.size(of: path) else {
            return ([SetFinding(path: path, finding: Finding(.snapIcon, .error, "\(icon) (the snap's icon) is not a PNG that can be read",
                                                              fix: "re-export it as PNG"))], [recipe])
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        var wrong: [String] = []
        if size.width != size.height { wrong.append("not square (\(size.width)x\(size.height))") }
        if !SnapcraftProject.storePixels.contains(max(size.width, size.height)) || !SnapcraftProject.storePixels.contains(min(size.width, size.height)) {
            wrong.append("\(size.width)x\(size.height), outside 40 to 512 px")
        }
        if bytes > SnapcraftProject.storeBytes { wrong.append("\(bytes / 1024) KB, over 256 KB") }
        if !wrong.isEmpty {
            findings.append(SetFinding(path: path, finding: Finding(.snapIcon, .warning,
                "\(icon) (the snap's icon) is \(wrong.joined(separator: ", ")): the Snap Store lists a square icon of 40 to 512 px and at most 256 KB",
                fix: "'iconforge generate MASTER --preset snap' redraws it at 256x256")))
        }
        return (findings, [recipe])
    }
}
