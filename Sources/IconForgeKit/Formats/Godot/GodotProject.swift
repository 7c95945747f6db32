import Foundation

/// A Godot project: the folder holding `project.godot`. Read for `validate`, which needs to know only that a file
/// belongs to one: Godot reads a Windows `.ico` by the sizes of its entries, never by their order —
/// `DisplayServerWindows::set_native_icon` (`application/config/windows_native_icon`) takes the largest entry for
/// the window's big icon and the smallest for its small one, and the Windows export embeds the `.ico` named by
/// `application/icon` in the executable, whose icon resource the shell picks from by size (Pixelorama's
/// `assets/graphics/icons/icon.ico` lists 8 px first, harmlessly).
enum GodotProject {
    /// The Godot project `folder` is in: the nearest of it and its four parents holding `project.godot`.
    static func root(near folder: String) -> String? {
        FileIO.nearest(from: folder, levels: 4) { candidate in
            FileManager.default.fileExists(atPath: (candidate as NSString).appendingPathComponent("project.godot")) ? candidate : nil
        }
    }
}
