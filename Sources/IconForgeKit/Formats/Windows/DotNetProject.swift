import Foundation

/// A .NET desktop app (WPF, WinForms, WinUI): the folder holding its project file (`.csproj`, `.vbproj`, `.fsproj`).
/// Read for `validate`, which needs to know only that an `.ico` belongs to one: such an app takes an `.ico`'s entries
/// by size, never by their order — the compiler embeds the project's `<ApplicationIcon>` in the executable as its Win32
/// icon resource, which the shell and `LoadImage` pick from by size; WPF's `Window.Icon` decodes the frame nearest each
/// size the window needs; WinForms' `new Icon(stream, size)` picks the entry nearest the size asked for (EarTrumpet's
/// `Assets/Icon-Light.ico`, its `<ApplicationIcon>` and its windows' icon, and `Icon-Dark.ico`, its tray's, list 16 px
/// first, harmlessly).
enum DotNetProject {
    /// The project files' extensions.
    static let extensions = [".csproj", ".vbproj", ".fsproj"]

    /// The .NET project `folder` is in: the nearest of it and its two parents holding a project file (EarTrumpet's
    /// `EarTrumpet/EarTrumpet.csproj` above `EarTrumpet/Assets/`).
    static func root(near folder: String) -> String? {
        FileIO.nearest(from: folder, levels: 2) { candidate in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: candidate)) ?? []
            return names.contains { name in extensions.contains { name.lowercased().hasSuffix($0) } } ? candidate : nil
        }
    }
}
