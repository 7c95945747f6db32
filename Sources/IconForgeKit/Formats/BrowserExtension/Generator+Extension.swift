import Foundation
/// A browser extension's side of a run: the icons its manifest names, the manifest.
extension Generator {
    /// Into a browser extension's folder, the icons its manifest declares (in `icons` and its toolbar button's
    /// `default_icon`) are rendered into those files at their declared sizes, and the preset's icons are added only for
    /// the sizes `icons` lacks: the extension keeps its own file names.
    func adoptingExtensionIcons(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        guard let template = outputs.first(where: { $0.role == .browserExtension }) else { return outputs }
        let listed = ExtensionManifest.listedIcons(in: folder)
        let covered = Set(listed.filter(\.inIcons).map(\.pixels))
        var result = outputs.filter { spec in
            guard spec.role == .browserExtension, let pixels = spec.pixels else { return true }
            return !covered.contains(pixels.width)
        }
        var placed = Set(result.compactMap(\.outputPath))
        for icon in listed where placed.insert(icon.path).inserted { result.append(Self.spec(template, at: icon.path, pixels: icon.pixels)) }
        return result
    }

    /// The extension's `manifest.json` with the icons merged in (see `ExtensionManifest.merged`); without one, the
    /// `manifest-icons.json` snippet of the members to add. Sizes its `icons` declares keep their files (rendered where
    /// they stand); the others name the preset's.
    func writeExtensionManifest(outputs: [IconSpec], into folder: String, writer: OutputWriter) throws(IconForgeError) -> [GeneratedFile] {
        let manifest = ExtensionManifest.existing(in: folder)
        let declared = manifest.flatMap(ExtensionManifest.read).map(ExtensionManifest.declaredIcons) ?? []
        var icons: [Int: String] = [:]
        for icon in declared where icon.place == "icons" {
            if let size = icon.size, ExtensionManifest.sizes.contains(size), icons[size] == nil { icons[size] = icon.path }
        }
        for spec in outputs where spec.role == .browserExtension {
            guard let pixels = spec.pixels, ExtensionManifest.sizes.contains(pixels.width), icons[pixels.width] == nil, let path = spec.outputPath else { continue }
            icons[pixels.width] = path
        }
        guard let manifest else {
            let data = ExtensionManifest.snippet(icons: icons)
            let path = loosePath(ExtensionManifest.snippetName, in: folder)
            try writer.write(data, to: (folder as NSString).appendingPathComponent(path))
            return [GeneratedFile(path: path, role: .browserExtension, pixels: nil, bytes: data.count)]
        }
        do { try writer.checkTarget(manifest) } catch { throw .file(error) }
        let existing: [UInt8]
        do { existing = try FileIO.readDocument(manifest) } catch { throw .file(error) }
        let data = try ExtensionManifest.merged(existing: existing, icons: icons, path: manifest)
        try writer.write(data, to: manifest)
        return [GeneratedFile(path: ExtensionManifest.fileName, role: .browserExtension, pixels: nil, bytes: data.count)]
    }
}

/// The extension's `manifest.json` with its icons merged in, or the snippet of them.
struct ExtensionManifestStep: PlatformStep {
    func finish(_ run: inout GenerationRun, by generator: Generator) throws(IconForgeError) {
        guard run.outputs.contains(where: { $0.role == .browserExtension }), !Generator.isCatalog(run.folder) else { return }
        run.files += try generator.writeExtensionManifest(outputs: run.writableOutputs, into: run.folder, writer: run.writer)
    }
}
