import Foundation
import PNGCodec
import Raster

// The desktop platforms' pictures: a Windows app's tiles and .ico, a Linux app's hicolor icons.
extension PreviewInventory {
    /// The Start tile and taskbar icon from a folder of visual assets (qualified names, or Tauri's flat unqualified
    /// ones), and the `.ico`'s largest and smallest entries.
    static func readWindows(assets folder: String?, ico: String?, limits: PNGLimits) -> WindowsIcon {
        var icon = WindowsIcon()
        if let folder {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            let parsed = names.compactMap { name in WindowsVisualAssets.QualifiedName(name).map { (name, $0) } }
                .filter { !$0.1.qualifiers.contains("backup") && $0.1.label == nil }
            let path = { (name: String) in (folder as NSString).appendingPathComponent(name) }
            if let tile = parsed.filter({ $0.1.base == "Square150x150Logo" && $0.1.targetSize == nil }).max(by: { ($0.1.scale ?? 100) < ($1.1.scale ?? 100) }) {
                icon.tile = picture(path(tile.0), label: tile.0, limits: limits)
            }
            let small = parsed.filter { $0.1.base == "Square44x44Logo" }
            let taskbar = small.first { $0.1.targetSize == 24 && !$0.1.isPlated } ?? small.first { $0.1.targetSize == 24 }
                ?? small.filter { $0.1.targetSize == nil }.min { ($0.1.scale ?? 100) < ($1.1.scale ?? 100) }
            if let taskbar { icon.taskbar = picture(path(taskbar.0), label: taskbar.0, limits: limits) }
            let unplated = small.filter { $0.1.targetSize != nil && !$0.1.isPlated && !$0.1.qualifiers.contains("altform-lightunplated") }
            if let start = unplated.first(where: { $0.1.targetSize == 48 }) ?? unplated.max(by: { ($0.1.targetSize ?? 0) < ($1.1.targetSize ?? 0) }) {
                icon.startUnplated = picture(path(start.0), label: start.0, limits: limits)
            }
        }
        if let ico {
            let name = (ico as NSString).lastPathComponent
            do {
                let entries = try Ico.read(try FileIO.read(ico), limits: limits).sorted { $0.size.width > $1.size.width }
                for entry in [entries.first, entries.count > 1 ? entries.last : nil].compactMap({ $0 }) {
                    icon.ico.append(Picture(label: "\(name) · \(entry.size.width)×\(entry.size.height) entry", path: ico, image: entry.image))
                }
            } catch {
                icon.ico.append(Picture(label: name, path: ico, problem: "\(error)"))
            }
        }
        return icon
    }

    /// The first app icon in a hicolor tree: its 48 px file (the size panels and docks ask for) and its largest.
    static func readHicolor(_ theme: String, limits: PNGLimits) -> [Picture] {
        let icons = HicolorTheme.appIcons(in: theme).filter { $0.path.lowercased().hasSuffix(".png") }
        guard let name = icons.first?.name else { return [] }
        let sized = icons.filter { $0.name == name }.compactMap { icon in HicolorTheme.size(ofFolder: icon.sizeFolder).map { (icon, $0.pixels * $0.scale) } }
        let label = { (icon: HicolorTheme.AppIcon) in "\(HicolorTheme.folderName)/\(icon.sizeFolder)/apps/\((icon.path as NSString).lastPathComponent)" }
        var pictures: [Picture] = []
        if let panel = sized.min(by: { abs($0.1 - HicolorTheme.requiredSize) < abs($1.1 - HicolorTheme.requiredSize) }) {
            pictures.append(picture(panel.0.path, label: label(panel.0), limits: limits))
        }
        if let largest = sized.max(by: { $0.1 < $1.1 }), largest.0.path != pictures.first?.path {
            pictures.append(picture(largest.0.path, label: label(largest.0), limits: limits))
        }
        return pictures
    }
}
