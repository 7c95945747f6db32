import Foundation

/// A Wails (v2) app: the folder holding `wails.json`. Its `build/` holds the app's build assets, not output (`wails
/// build` writes into `build/bin`): `wails build` embeds `build/windows/icon.ico` in the Windows executable (making it
/// from `build/appicon.png` only when it is missing), and builds no AppX/MSIX package, so no tiles are read
/// (Tiny RDM's `build/windows`: `icon.ico`, `info.json`, `wails.exe.manifest`, `installer/`).
enum WailsProject {
    /// The configuration file at the app's root.
    static let configName = "wails.json"
    /// Where the Windows build takes its icon from, relative to the app's root.
    static let windowsFolder = "build/windows"
    /// The icon the Windows build embeds, in `windowsFolder`.
    static let windowsIcon = "icon.ico"
    /// The app's picture, relative to the root: what `wails build` makes a missing `icon.ico` and the Mac app's
    /// `iconfile.icns` from — the project's master.
    static let appIcon = "build/appicon.png"

    /// `build/windows` of the Wails app at `root`, when `root` is one and that folder exists.
    static func windowsFolder(root: String) -> String? {
        let manager = FileManager.default
        guard manager.fileExists(atPath: (root as NSString).appendingPathComponent(configName)),
              FileIO.isFolder((root as NSString).appendingPathComponent(windowsFolder)) else { return nil }
        return windowsFolder
    }

    /// True for a Wails app's `build/windows` (its `wails.json` two folders up).
    static func isWindowsFolder(_ folder: String) -> Bool {
        let path = URL(fileURLWithPath: folder).standardizedFileURL.path
        guard path.hasSuffix("/" + windowsFolder) else { return false }
        return FileManager.default.fileExists(atPath: (path.parentFolder.parentFolder as NSString).appendingPathComponent(configName))
    }
}
