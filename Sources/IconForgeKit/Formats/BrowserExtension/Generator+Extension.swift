import Foundation
/// A browser extension's side of a run: the icons its manifest names, the manifest.
extension Generator {
    /// Into a browser extension's folder, the icons its manifest declares (in `icons` and its toolbar button's
    /// `default_icon`) are rendered into those files at their declared sizes, and the preset's icons are added only for
    /// the sizes `icons` lacks: the extension keeps its own file names. Those added go into the folder the extension's
    /// own `icons` are in when they share one (Tridactyl's `static/logo/`, the one folder beside `manifest.json` its
    /// build copies into the package: an `icons/` of the preset's would not be in it, and a manifest naming files the
    /// package lacks is refused by the stores), else into the preset's `icons/`.
    /// A manifest naming files that are not in the folder names a build's layout: its files are not rendered into.
    func adoptingExtensionIcons(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        guard let template = outputs.first(where: { $0.role == .browserExtension }) else { return outputs }
        let listed = ExtensionManifest.missingIcons(in: folder).isEmpty ? ExtensionManifest.listedIcons(in: folder) : []
        let covered = Set(listed.filter(\.inIcons).map(\.pixels))
        let homes = Set(listed.filter(\.inIcons).map(\.path.parentFolder))
        let home = homes.count == 1 ? homes.first : nil
        // An `icons` holding a vector icon has every size: the preset's bitmaps would name nothing.
        let vector = !ExtensionManifest.vectorIcons(in: folder).isEmpty
        var result = outputs.compactMap { spec -> IconSpec? in
            guard spec.role == .browserExtension, let pixels = spec.pixels else { return spec }
            guard !vector, !covered.contains(pixels.width) else { return nil }
            guard let home, let name = spec.filename else { return spec }
            return Self.spec(spec, at: (home as NSString).appendingPathComponent(name), pixels: pixels.width)
        }
        var placed = Set(result.compactMap(\.outputPath))
        for icon in listed where placed.insert(icon.path).inserted { result.append(Self.spec(template, at: icon.path, pixels: icon.pixels)) }
        return result
    }

    /// The extension's `manifest.json` with the icons merged in (see `ExtensionManifest.merged`); without one, the
    /// `manifest-icons.json` snippet of the members to add. Sizes its `icons` declares keep their files (rendered where
    /// they stand); the others name the preset's. A manifest naming files the folder lacks (`asBuilt`: a build copies
    /// it and its pictures elsewhere) is left as it is, and gets the snippet too: paths it would name could not be
    /// said to hold in the build's layout, and a name the build does not copy stops the browser loading the extension.
    func writeExtensionManifest(outputs: [IconSpec], into folder: String, writer: OutputWriter, asBuilt: Bool = false) throws(IconForgeError) -> [GeneratedFile] {
        let manifest = asBuilt ? nil : ExtensionManifest.existing(in: folder)
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
    /// The vector icons `icons` names (Multi-Account Containers' `img/multiaccountcontainer-16.svg`): an SVG master is
    /// written into each, byte for byte (as the web's `icon.svg`); a bitmap master cannot redraw them, so they are left,
    /// and the run says so — the extension keeps one picture at every size rather than a bitmap at some sizes and the
    /// old vector at the others.
    static func writeVectorIcons(_ vectors: [String], source: String, run: inout GenerationRun) throws(IconForgeError) -> [GeneratedFile] {
        let header = (try? FileIO.readPrefix(source, upTo: 4096)) ?? []
        let scope = FolderScope(run.folder)
        let files = vectors.compactMap { ExtensionManifest.file($0, in: run.folder) }
            .filter { scope.contains((run.folder as NSString).appendingPathComponent($0)) }
        guard FileKind.detect(header) == .svg else {
            run.warnings.append("\(ExtensionManifest.fileName)'s icons are the vector \(vectors.joined(separator: ", ")), which serves every size: "
                + "a bitmap master cannot redraw it, so it is left as it is and no bitmap is added beside it — give an SVG master to replace it")
            return []
        }
        let bytes = try FileIO.readInput(source)
        var written: [GeneratedFile] = []
        for file in files {
            try run.writer.write(bytes, to: (run.folder as NSString).appendingPathComponent(file))
            written.append(GeneratedFile(path: file, role: .browserExtension, pixels: nil, bytes: bytes.count))
        }
        return written
    }

    func finish(_ run: inout GenerationRun, by generator: Generator) throws(IconForgeError) {
        // (An extension whose icons are a vector keeps no bitmap output: its SVG is written here.)
        let extensionRun = run.outputs.contains { $0.role == .browserExtension } || generator.options.presets.contains { $0.platform == .browserExtension }
        guard extensionRun, !Generator.isCatalog(run.folder) else { return }
        let missing = ExtensionManifest.missingIcons(in: run.folder)
        if !missing.isEmpty {
            run.warnings.append("\(ExtensionManifest.fileName) names \(missing.joined(separator: ", ")), in a folder this one does not have: "
                + "its paths are where a build puts the files, so it is left as it is (a name the build does not copy would stop the browser "
                + "loading the extension); \(ExtensionManifest.snippetName) holds the icons to name, and the build must copy icons/ beside it")
        }
        let states = ExtensionManifest.stateIcons(in: run.folder)
        if !states.isEmpty {
            run.warnings.append("\(ExtensionManifest.fileName)'s toolbar button shows \(states.joined(separator: ", ")): icons of a state of the button "
                + "(the extension's scripts change it with setIcon), a design of their own, so they are left as they are — update them from your art")
        }
        let vectors = missing.isEmpty ? ExtensionManifest.vectorIcons(in: run.folder) : []
        if !vectors.isEmpty {
            run.files += try Self.writeVectorIcons(vectors, source: run.source, run: &run)
        }
        run.files += try generator.writeExtensionManifest(outputs: run.writableOutputs, into: run.folder, writer: run.writer, asBuilt: !missing.isEmpty)
    }
}
