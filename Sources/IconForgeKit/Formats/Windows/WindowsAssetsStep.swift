import Raster

/// The MSIX/AppX assets' side of a run: unqualified logos the qualified ones replace go to the backup, and the
/// `Package.appxmanifest` snippet naming them.
struct WindowsAssetsStep: PlatformStep {
    func finish(_ run: inout GenerationRun, by generator: Generator) throws(IconForgeError) {
        guard run.outputs.contains(where: { $0.role == .windows }) else { return }
        let options = generator.options
        run.platformNotes += try WindowsVisualAssets.retireUnqualified(outputs: run.outputs, folder: run.folder, writer: run.writer)
        let written = run.outputs.filter { $0.role == .windows && $0.container == nil }.compactMap(\.outputPath)
        run.platformNotes += WindowsVisualAssets.packagingNotes(folder: run.folder, written: written)
        if !run.outputs.contains(where: { $0.role == .windows && $0.container == .ico }),
           let note = WindowsVisualAssets.noApplicationIconNote(folder: run.folder) { run.platformNotes.append(note) }
        if let note = WindowsVisualAssets.noAppXNote(folder: run.folder) { run.platformNotes.append(note) }
        let background: RGBColor? = run.masters.isLogo ? options.background : nil
        if let snippet = try WindowsVisualAssets.writeSnippet(outputs: run.outputs, background: background,
                                                              splashBackground: run.masters.wideTileBackground(options), into: run.folder, writer: run.writer) {
            run.files.append(snippet)
        }
    }
}
