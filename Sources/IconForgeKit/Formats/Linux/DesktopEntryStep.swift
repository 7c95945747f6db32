import Foundation

/// The app's `.desktop` file whose `Icon=` names the hicolor icons just written (written, or updated in place).
struct DesktopEntryStep: PlatformStep {
    func finish(_ run: inout GenerationRun, by generator: Generator) throws(IconForgeError) {
        // Tauri's bundler and electron-builder write their own entries, naming the icons they install.
        guard run.outputs.contains(where: { $0.role == .linux }), !TauriIcons.isIconFolder(run.folder),
              ElectronBuilder.near(run.folder)?.isLinuxFolder(run.folder) != true else { return }
        // The name the PNGs were given when planned (before they were written, so before they could be "adopted").
        let planned = run.outputs.first { $0.role == .linux }?.filename.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
        let id = planned ?? generator.appID(in: run.folder).id
        let adopted = generator.options.appID != nil || id != "app"
        let (files, notes) = try DesktopEntry.write(appID: id, adopted: adopted, source: run.source, folder: run.folder, writer: run.writer)
        run.files += files
        run.platformNotes += notes
    }
}
