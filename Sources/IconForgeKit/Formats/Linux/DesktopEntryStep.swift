import Foundation

/// The app's `.desktop` file whose `Icon=` names the hicolor icons just written (written, or updated in place).
struct DesktopEntryStep: PlatformStep {
    func finish(_ run: inout GenerationRun, by generator: Generator) throws(IconForgeError) {
        // Tauri's bundler, electron-builder and jpackage (a Compose desktop app's) write their own entries, naming the icons they install.
        // (A folder meson installs, Kooha's or Bottles' data/icons, keeps no PNG output: its SVG is written here.)
        let linux = run.outputs.contains { $0.role == .linux }
            || (generator.options.presets.contains { $0.platform == .linux } && HicolorTheme.installedByMeson(run.folder))
        guard linux, !TauriIcons.isIconFolder(run.folder), !ComposeDesktop.isIconFolder(run.folder),
              ElectronBuilder.near(run.folder)?.isLinuxFolder(run.folder) != true else { return }
        // The name the PNGs were given when planned (before they were written, so before they could be "adopted").
        // (An Extra CMake Modules file, 128-apps-zeal.png, names the icon zeal.)
        let planned = run.outputs.first { $0.role == .linux }?.filename.map { name in
            HicolorTheme.ecmIconName(ofFile: (name as NSString).lastPathComponent) ?? ((name as NSString).lastPathComponent as NSString).deletingPathExtension
        }
        let id = planned ?? generator.appID(in: run.folder).id
        let adopted = generator.options.appID != nil || id != "app"
        let (files, notes) = try DesktopEntry.write(appID: id, adopted: adopted, source: run.source, folder: run.folder, writer: run.writer)
        run.files += files
        run.platformNotes += notes
        // Extra CMake Modules icons listed one by one in the folder's CMakeLists.txt: new sizes need listing there.
        let written = run.outputs.filter { $0.role == .linux }.compactMap(\.filename) + files.map { ($0.path as NSString).lastPathComponent }
        if let note = HicolorTheme.unlistedECMNote(written: written, folder: run.folder) { run.platformNotes.append(note) }
        // A hicolor tree whose icons the project's CMakeLists.txt installs one by one (WhatSie's dist/linux): likewise.
        let tree = run.outputs.filter { $0.role == .linux }.compactMap(\.outputPath)
        if let note = HicolorTheme.unlistedCMakeNote(written: tree, folder: run.folder) { run.platformNotes.append(note) }
    }
}
