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

    /// The `.ico` the project file in `folder` names as its `<ApplicationIcon>` (a `.csproj`, `.vbproj`, `.fsproj` or
    /// C++ `.vcxproj`, the first in name order that names one), relative to `folder`, when it exists inside it: the
    /// icon the compiler embeds in the executable.
    static func applicationIcon(in folder: String) -> String? {
        let scope = FolderScope(folder)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []).sorted()
        for project in files where (extensions + [".vcxproj"]).contains(where: { project.lowercased().hasSuffix($0) }) {
            guard let bytes = try? FileIO.readDocument((folder as NSString).appendingPathComponent(project)) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            guard let open = text.range(of: "<ApplicationIcon>"), let close = text.range(of: "</ApplicationIcon>", range: open.upperBound..<text.endIndex) else { continue }
            let relative = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\\", with: "/")
            let path = (folder as NSString).appendingPathComponent(relative)
            if relative.lowercased().hasSuffix(".ico"), !relative.split(separator: "/").contains(".."), scope.contains(path),
               FileManager.default.fileExists(atPath: path) {
                return relative
            }
        }
        return nil
    }

    /// The .NET project `folder` is in: the nearest of it and its two parents holding a project file (EarTrumpet's
    /// `EarTrumpet/EarTrumpet.csproj` above `EarTrumpet/Assets/`).
    static func root(near folder: String) -> String? {
        FileIO.nearest(from: folder, levels: 2) { candidate in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: candidate)) ?? []
            return names.contains { name in extensions.contains { name.lowercased().hasSuffix($0) } } ? candidate : nil
        }
    }
}
