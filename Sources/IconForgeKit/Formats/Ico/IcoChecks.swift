import Foundation
import PNGCodec

/// `validate`'s rules for an `.ico` file (a site's `favicon.ico`, a Windows app icon): it is one, every entry reads
/// and decodes at the size its directory gives. A favicon's largest entry is large enough for what is drawn from it — 32 px
/// for a tab on a high-density screen, 48 px for a desktop shortcut and Google Search (which wants a multiple of 48).
/// Smaller sizes are scaled down from it well enough that their absence is not reported (Create React App's 16, 24,
/// 32, 64 is fine). IconForge's own `favicon.ico` holds 48, 32 and 16. An `.ico` whose name does not say favicon is a
/// Windows app icon.
enum IcoChecks {
    static func check(name: String, path: String? = nil, bytes: [UInt8], limits: PNGLimits) -> [Finding] {
        let entries: [Ico.Entry]
        do { entries = try Ico.read(bytes, limits: limits) } catch {
            if error == .notIco, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                return [Finding(.ico, .warning, "\(name) holds PNG data, not an ICO: browsers read it, Windows and older tools do not",
                                fix: "make a real .ico with 16, 32 and 48 px entries ('iconforge generate MASTER --preset web' does)")]
            }
            // A favicon is made again by the web preset, an app's icon by the Windows one.
            let remake = name.lowercased().contains("favicon") ? "'iconforge generate MASTER --preset web' writes favicon.ico"
                : "'iconforge generate MASTER --preset windows' writes app.ico"
            return [Finding(.ico, .error, "\(name) \(error)", fix: "re-create it (\(remake))")]
        }
        guard let sizes = sizeFindings(name: name, path: path, entries: entries) else { return [] }
        return nonSquareFindings(name: name, entries: entries) + sizes
    }

    /// An entry that is not square (a hand-edited 32x31): Windows draws every icon into a square cell and
    /// browsers draw a favicon square, so it shows stretched — and a reader picking entries by size never takes it
    /// for the square size it is near.
    static func nonSquareFindings(name: String, entries: [Ico.Entry]) -> [Finding] {
        let odd = entries.filter { $0.size.width != $0.size.height }
        guard !odd.isEmpty else { return [] }
        var seen = Set<String>()
        let listed = odd.map { "\($0.size)" }.filter { seen.insert($0).inserted }.joined(separator: ", ")
        return [Finding(.ico, .warning, "\(name) has \(odd.count == 1 ? "an entry" : "entries") that \(odd.count == 1 ? "is" : "are") not square (\(listed)): "
                        + "Windows and browsers draw icons square, so \(odd.count == 1 ? "it shows" : "they show") stretched",
                        fix: "make every entry square ('iconforge generate MASTER --preset windows' or '--preset web' does)")]
    }

    /// The size rules (see the type's comment), for an `.ico` that reads; nil for one no build draws.
    private static func sizeFindings(name: String, path: String?, entries: [Ico.Entry]) -> [Finding]? {
        if !name.lowercased().contains("favicon") {
            // In a Tauri app, the app's icon is the first .ico its bundle.icon lists; any other (Pake's *_32.ico, a
            // tray icon its code loads) is not drawn where 256 and 48 are.
            if let path, let app = TauriIcons.appFolder(above: path.parentFolder) {
                let full = URL(fileURLWithPath: path).standardizedFileURL.path
                guard full == TauriIcons.windowsAppIcon(app: app) else {
                    return isTrayLike(name: name, entries: entries) ? tauriTrayIconFindings(name: name, entries: entries) : []
                }
                return appIconFindings(name: name, entries: entries, tauri: .some(TauriIcons.version(app: app)))
            }
            // A Flutter app's .ico that no build of it uses (neither in windows/ nor among the assets its pubspec
            // lists: Hiddify's assets/images/source/hiddify.ico) is drawn nowhere: its sizes matter to nothing.
            let flutter = path.flatMap { FlutterProject.root(near: $0.parentFolder) }
            if let path, let flutter, !FlutterProject.builds(path, root: flutter) { return nil }
            if isTrayLike(name: name, entries: entries) { return trayIconFindings(name: name, entries: entries) }
            // An Electron app's .ico — its own (electron-builder embeds it in the executable, whose icon resource
            // Windows picks from by size) or a document's (MarkText's md.ico, for its file association): Electron
            // loads an .ico only through LoadImage at the size it asks for (NativeImage's GetHICON), never its first
            // entry, so the order of the entries does not matter (FreeTube's _icons/icon.ico, 16 px first).
            // A Godot game's .ico is the same: Godot takes its window icons by size (GodotProject); and a Flutter app's,
            // its runner's resource and its plugins' assets alike (FlutterProject). So is one a resource script embeds
            // in the executable (Zeal's versioninfo.rc.in: IDI_ICON1 ICON "resources/zeal.ico"), which Windows and a Qt
            // app's windows take by size; a .NET app's (EarTrumpet's, a WPF app's: DotNetProject); and an Inno Setup
            // installer's, its own icon and its shortcuts' (Cartridges' build-aux/windows/icon.ico: InnoSetupScript).
            if let path, flutter != nil || ElectronBuilder.near(path.parentFolder) != nil || GodotProject.root(near: path.parentFolder) != nil
                || ResourceScript.embeds(path) || DotNetProject.root(near: path.parentFolder) != nil || InnoSetupScript.uses(path) {
                return appIconFindings(name: name, entries: entries, window: false)
            }
            return appIconFindings(name: name, entries: entries)
        }
        let largest = entries.map { min($0.size.width, $0.size.height) }.max() ?? 0
        guard largest < 48 else { return [] }
        let has = entries.map { "\($0.size)" }.joined(separator: ", ")
        let effect = largest < 32 ? "high-density tabs show it blurred, and shortcuts and Google Search scale it up"
            : "Windows shortcuts and Google Search (a multiple of 48 px) scale it up"
        return [Finding(.ico, .warning, "\(name) holds only \(has): \(effect)",
                        fix: "include 16, 32 and 48 px ('iconforge generate MASTER --preset web' does)")]
    }

    /// True for an `.ico` that is a notification-area icon, not an app's: named so (`tray`, `notification`, a
    /// small size at the end of its name as Pake's `weekly_32.ico`), or holding nothing larger than 32 px, the
    /// largest size the tray draws (an app's icon is drawn at 48 and 256 by Explorer).
    static func isTrayLike(name: String, entries: [Ico.Entry]) -> Bool {
        let lower = name.lowercased()
        if lower.contains("tray") || lower.contains("notification") { return true }
        if lower.range(of: #"[_-](16|20|24|32)\.ico$"#, options: .regularExpression) != nil { return true }
        return !entries.isEmpty && entries.allSatisfy { max($0.size.width, $0.size.height) <= 32 }
    }

    /// A notification-area (tray) icon, named so: Windows draws it at the small-icon size — 16 px at 100%, up to 32
    /// at 200% — picking the nearest entry and scaling down from a larger one. Large views never show it, so no 256 is
    /// asked for; what matters is a 16 drawn for 16, and a 32 for high-DPI screens.
    static func trayIconFindings(name: String, entries: [Ico.Entry]) -> [Finding] {
        let sides = entries.map { $0.size.width }
        let missing = [16, 32].filter { !sides.contains($0) }
        guard !missing.isEmpty else { return [] }
        return [Finding(.windowsIcon, .warning, "\(name) is a notification-area icon without \(missing.map { "\($0)x\($0)" }.joined(separator: " or ")): "
                        + "Windows scales another size for the tray at 100% (16 px) or 200% (32 px), blurred",
                        fix: "include 16, 20, 24 and 32 px entries")]
    }

    /// A Tauri app's tray icon: Tauri decodes one entry of the `.ico`, its first (`Image::from_path`, through
    /// `Image::from_ico_bytes`), and hands the tray its pixels, so Windows never picks an entry by size: a 16 or 32 px
    /// entry after a larger one is never used (EcoPaste's `tray.ico`, one 256 px PNG, is scaled down by Windows, as a
    /// 32 would be). What matters is that the first entry is at least the 32 px the tray draws at 200%.
    static func tauriTrayIconFindings(name: String, entries: [Ico.Entry]) -> [Finding] {
        guard let first = entries.first?.size.width, first < 32 else { return [] }
        return [Finding(.windowsIcon, .warning, "\(name) is a notification-area icon without 32x32 in the entry Tauri loads: Tauri takes its first entry "
                        + "alone, \(first)x\(first), and hands the tray its pixels, which Windows scales up at 200% (32 px), blurred",
                        fix: "put a 32 px or larger entry first (Tauri reads no other)")]
    }

    /// A Windows app's icon (any `.ico` but a site's favicon or a tray icon): the sizes the shell draws — 16 (title bar, small
    /// icons), 24 and 32 (taskbar at 100–200%), 48 (Explorer's medium icons), 256 (large views, Alt-Tab, the Start
    /// menu at high DPI) — and a first entry readers that take only the first (Tauri before 2.12, winit, Tk, Java)
    /// do not scale up. PNG entries below 256 px are not reported: every Windows since Vista reads them, and `tauri icon`
    /// writes them. `tauri` is given for a Tauri app's icon: the version it builds with, when its Cargo.toml or
    /// package.json says (a version that takes the largest entry is told nothing about the first). `window` is false
    /// for an icon whose first entry no reader takes (an Electron app's, a Godot game's, a document's): it is not reported.
    static func appIconFindings(name: String, entries: [Ico.Entry], tauri: (major: Int, minor: Int)?? = nil, window: Bool = true) -> [Finding] {
        var findings: [Finding] = []
        let sides = entries.map { $0.size.width }, fix = "'iconforge generate MASTER --preset windows' writes 256, 64, 48, 40, 32, 24, 20 and 16"
        let largest = sides.max() ?? 0
        if largest < 256 {
            findings.append(Finding(.windowsIcon, .warning, "\(name) has no 256x256 entry (largest \(largest)x\(largest)): Explorer's large icons, "
                                    + "Alt-Tab and high-DPI taskbars scale it up, blurred", fix: fix))
        }
        let missing = [16, 24, 32, 48].filter { !sides.contains($0) }
        if !missing.isEmpty {
            findings.append(Finding(.windowsIcon, .warning, "\(name) has no \(missing.map { "\($0)x\($0)" }.joined(separator: ", ")) "
                                    + "entr\(missing.count == 1 ? "y" : "ies"): Windows scales another size for the title bar, taskbar or Explorer", fix: fix))
        }
        if window, let first = sides.first, first < 32, first < largest {
            // Each size once, in the file's order (EarTrumpet's repeat 16–64 at 4, 8 and 32 bits).
            var seen = Set<Int>()
            let listed = sides.filter { seen.insert($0).inserted }.map(String.init).joined(separator: ", ")
            let readers: String?
            switch tauri {
            case .none: readers = "window-icon loaders that take the first entry (winit, Tk, Java; Tauri before 2.12) show it scaled up"
            case .some(.none): readers = "Tauri before 2.12 makes its window and taskbar icon from the first entry, scaled up"
            case .some(.some(let version)):
                readers = TauriIcons.takesFirstIcoEntry(version)
                    ? "Tauri \(version.major).\(version.minor) (before 2.12) makes its window and taskbar icon from the first entry, scaled up" : nil
            }
            if let readers {
                findings.append(Finding(.windowsIcon, .warning, "\(name)'s first entry is \(first)x\(first) (of \(listed)): \(readers)",
                                        fix: "order the entries largest first; " + fix))
            }
        }
        return findings
    }
}
