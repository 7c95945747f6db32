import PNGCodec

/// `validate`'s rules for an `.ico` file (a site's `favicon.ico`, a Windows app icon): it is one, every entry reads
/// and decodes at the size its directory gives. A favicon's largest entry is large enough for what is drawn from it — 32 px
/// for a tab on a high-density screen, 48 px for a desktop shortcut and Google Search (which wants a multiple of 48).
/// Smaller sizes are scaled down from it well enough that their absence is not reported (Create React App's 16, 24,
/// 32, 64 is fine). IconForge's own `favicon.ico` holds 48, 32 and 16. An `.ico` whose name does not say favicon is a
/// Windows app icon.
enum IcoChecks {
    static func check(name: String, bytes: [UInt8], limits: PNGLimits) -> [Finding] {
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
        if name.lowercased().contains("tray") { return trayIconFindings(name: name, entries: entries) }
        if !name.lowercased().contains("favicon") { return appIconFindings(name: name, entries: entries) }
        let largest = entries.map { min($0.size.width, $0.size.height) }.max() ?? 0
        guard largest < 48 else { return [] }
        let has = entries.map { "\($0.size)" }.joined(separator: ", ")
        let effect = largest < 32 ? "high-density tabs show it blurred, and shortcuts and Google Search scale it up"
            : "Windows shortcuts and Google Search (a multiple of 48 px) scale it up"
        return [Finding(.ico, .warning, "\(name) holds only \(has): \(effect)",
                        fix: "include 16, 32 and 48 px ('iconforge generate MASTER --preset web' does)")]
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

    /// A Windows app's icon (any `.ico` but a site's favicon or a tray icon): the sizes the shell draws — 16 (title bar, small
    /// icons), 24 and 32 (taskbar at 100–200%), 48 (Explorer's medium icons), 256 (large views, Alt-Tab, the Start
    /// menu at high DPI) — and a first entry readers that take only the first (Tauri before 2.5, winit, Tk, Java)
    /// do not scale up. PNG entries below 256 px are not reported: every Windows since Vista reads them, and `tauri icon`
    /// writes them.
    static func appIconFindings(name: String, entries: [Ico.Entry]) -> [Finding] {
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
        if let first = sides.first, first < 32, first < largest {
            findings.append(Finding(.windowsIcon, .warning, "\(name)'s first entry is \(first)x\(first) (of \(sides.map(String.init).joined(separator: ", "))): "
                                    + "window-icon loaders that take the first entry show it scaled up", fix: "order the entries largest first; " + fix))
        }
        return findings
    }
}
