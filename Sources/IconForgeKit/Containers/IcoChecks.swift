import PNGCodec

/// `validate`'s rules for an `.ico` file (a site's `favicon.ico`, a Windows app icon): it is one, every entry reads
/// and decodes at the size its directory gives, and its largest entry is large enough for what is drawn from it — 32 px
/// for a tab on a high-density screen, 48 px for a desktop shortcut and Google Search (which wants a multiple of 48).
/// Smaller sizes are scaled down from it well enough that their absence is not reported (Create React App's 16, 24,
/// 32, 64 is fine). IconForge's own `favicon.ico` holds 16, 32 and 48.
enum IcoChecks {
    static func check(name: String, bytes: [UInt8], limits: PNGLimits) -> [Finding] {
        let entries: [Ico.Entry]
        do { entries = try Ico.read(bytes, limits: limits) } catch {
            if error == .notIco, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                return [Finding(.ico, .warning, "\(name) holds PNG data, not an ICO: browsers read it, Windows and older tools do not",
                                fix: "make a real .ico with 16, 32 and 48 px entries ('iconforge generate MASTER --preset web' does)")]
            }
            return [Finding(.ico, .error, "\(name) \(error)", fix: "re-create it ('iconforge generate MASTER --preset web' writes favicon.ico)")]
        }
        let largest = entries.map { min($0.size.width, $0.size.height) }.max() ?? 0
        guard largest < 48 else { return [] }
        let has = entries.map { "\($0.size)" }.joined(separator: ", ")
        let effect = largest < 32 ? "high-density tabs show it blurred, and shortcuts and Google Search scale it up"
            : "Windows shortcuts and Google Search (a multiple of 48 px) scale it up"
        return [Finding(.ico, .warning, "\(name) holds only \(has): \(effect)",
                        fix: "include 16, 32 and 48 px ('iconforge generate MASTER --preset web' does)")]
    }
}
