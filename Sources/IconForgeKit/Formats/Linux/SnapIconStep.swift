import Foundation

extension SnapcraftProject {
    /// The `snap` preset's icon where `folder`, a snap's project, keeps it: the file its recipe names (or snapcraft's
    /// `snap/gui/icon.png`), redrawn at its own size where that is one the Snap Store takes, else at 256 px; and the
    /// square PNGs its desktop entries name in `snap/gui/` (`desktopIcons`), each at its own size. An icon that is no
    /// PNG is `SnapIconStep`'s (an SVG is the SVG master itself): no PNG is drawn for it.
    static func adopting(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        guard let index = outputs.firstIndex(where: { $0.role == .snap }), let project = read(root: folder) else { return outputs }
        var result = outputs
        let template = result.remove(at: index)
        var specs: [IconSpec] = []
        if let icon = project.icon, let path = project.iconPath {
            if icon.lowercased().hasSuffix(".png") {
                var pixels = recommendedPixels
                if let size = PNGHeader.size(of: path), size.width == size.height, storePixels.contains(size.width) { pixels = size.width }
                specs.append(Generator.spec(template, at: icon, pixels: pixels))
            }
        } else {
            specs.append(template)
        }
        for icon in project.desktopIcons where icon != project.icon && icon.lowercased().hasSuffix(".png") {
            let path = (folder as NSString).appendingPathComponent(icon)
            guard let size = PNGHeader.size(of: path), size.width == size.height else { continue }
            specs.append(Generator.spec(template, at: icon, pixels: size.width))
        }
        result.insert(contentsOf: specs, at: index)
        return result
    }
}

/// A snap whose icon is an SVG: the SVG master copied to it (a PNG master cannot redraw it, and is said so); an icon
/// snapcraft does not take (neither PNG nor SVG) is said, not replaced.
struct SnapIconStep: PlatformStep {
    func finish(_ run: inout GenerationRun, by generator: Generator) throws(IconForgeError) {
        guard generator.options.presets.contains(where: { $0.platform == .snap }), let project = SnapcraftProject.read(root: run.folder),
              let icon = project.icon, let path = project.iconPath, !icon.lowercased().hasSuffix(".png") else { return }
        guard project.iconIsSVG else {
            run.platformNotes.append("left \(icon): snapcraft.yaml's icon must be a PNG or an SVG (snapcraft refuses it) — point icon: at snap/gui/icon.png, "
                                     + "which this preset writes")
            return
        }
        let header = (try? FileIO.readPrefix(run.source, upTo: 4096)) ?? []
        guard FileKind.detect(header) == .svg else {
            run.platformNotes.append("left \(icon): the snap's icon is an SVG, which a PNG master cannot redraw — give an SVG master, "
                                     + "or point snapcraft.yaml's icon: at snap/gui/icon.png")
            return
        }
        // (The master may be that very file, the snap's own SVG given as the master: it already is the icon.)
        if let count = try run.writer.writeCopy(ofMaster: run.source, to: path) {
            run.files.append(GeneratedFile(path: icon, role: .snap, pixels: nil, bytes: count))
        }
    }
}
