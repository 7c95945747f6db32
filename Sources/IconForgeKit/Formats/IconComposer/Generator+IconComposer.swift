import Foundation
import PNGCodec
import Raster
import SVGCodec
/// An Icon Composer bundle's side of a run: layers taken as they are (an SVG), and the bundle written.
extension Generator {
    /// The Icon Composer layers a run does not render, and what to say about them.
    struct UnrenderedLayers {
        /// Layer files taken as they are (an SVG source), by job path.
        var taken: [String: IconComposerWriter.LayerImage]
        /// The jobs of those files, written with the rendered ones.
        var jobs: [FileJob]
        /// Jobs written by no one (`--tinted auto`).
        var skipped: Set<String>
        var notes: [String]
        var warnings: [String]
    }

    /// Icon Composer layers that are not rendered: an SVG source is copied into the bundle as it is (Icon
    /// Composer draws vectors itself), and `--tinted auto` is left to Icon Composer, which derives the tinted
    /// appearance from the layers.
    func iconComposerLayers(_ jobs: [FileJob], source: String) throws(IconForgeError) -> UnrenderedLayers {
        var taken: [String: IconComposerWriter.LayerImage] = [:], copied: [FileJob] = [], skipped = Set<String>()
        var notes: [String] = [], warnings: [String] = []
        for job in jobs where job.spec.setKind == "icon" {
            let path: String?
            switch job.spec.appearance {
            case nil, .light?: path = source
            case .dark?: path = options.darkSourcePath
            case .tinted?:
                if let file = options.tintedSource?.filePath { path = file } else {
                    path = nil
                    skipped.insert(job.path)
                    notes.append("\(job.spec.set!): no tinted image written for --tinted auto: Icon Composer derives the tinted appearance itself")
                }
            }
            guard let path, !IconComposerBundle.isBundle(path) else { continue }
            let bytes = try FileIO.readInput(path)
            if FileKind.detect(bytes) == .svg {
                let info: SVGInfo
                do { info = try SVG.info(bytes, path: path) } catch { throw .svg(path: path, error) }
                let points = info.size ?? info.viewBox ?? (IconComposerDocument.canvasPoints, IconComposerDocument.canvasPoints)
                let scale = IconComposerDocument.canvasPoints / max(points.width, points.height, 1)
                taken[job.path] = IconComposerWriter.LayerImage(bytes: bytes, fileExtension: "svg", canvasScale: (scale * 1000).rounded() / 1000)
                copied.append(job)
                if IconComposerChecks.containsText(bytes) {
                    warnings.append("\(path) contains <text>; Icon Composer flags text in layers, and the font may be missing when "
                                    + "the icon is built — convert the text to outlines")
                }
            }
        }
        return UnrenderedLayers(taken: taken, jobs: copied, skipped: skipped, notes: notes, warnings: warnings)
    }

    /// Writes one `.icon` bundle through `IconComposerWriter`; every layer file is listed, written or unchanged.
    func writeIconComposer(_ name: String, jobs: [FileJob], bytes: [String: [UInt8]], layers: [String: IconComposerWriter.LayerImage],
                                   into folder: String, masterIsOpaque: Bool, writer: OutputWriter) throws(IconForgeError) -> (files: [Written], notes: [String]) {
        var images: [Appearance: IconComposerWriter.LayerImage] = [:]
        var specs: [Appearance: IconSpec] = [:]
        for job in jobs {
            guard let data = bytes[job.path] else { continue }
            let appearance = job.spec.appearance ?? .light
            images[appearance] = layers[job.path] ?? IconComposerWriter.LayerImage(bytes: data, fileExtension: "png")
            specs[appearance] = job.spec
        }
        var badge: IconComposerWriter.LayerImage?
        if let drawn = options.badge?.drawn(on: Image(width: 1024, height: 1024), safe: .inscribed(width: 1024, height: 1024, circle: false)) {
            do { badge = IconComposerWriter.LayerImage(bytes: try PNG.encode(drawn), fileExtension: "png") } catch {
                throw .encode(path: name + "/Assets/" + IconComposerWriter.badgeName + ".png", error)
            }
        }
        var writer = IconComposerWriter(path: (folder as NSString).appendingPathComponent(name), images: images,
                                        background: options.iconBackground, masterIsOpaque: masterIsOpaque, output: writer)
        writer.badge = badge
        let (_, notes) = try writer.write()
        var files: [Written] = []
        for appearance in Appearance.allCases {
            guard let image = images[appearance], let spec = specs[appearance] else { continue }
            let asset = IconComposerWriter.assetName(appearance, fileExtension: image.fileExtension)
            files.append((GeneratedFile(path: name + "/Assets/" + asset, role: spec.role, pixels: image.fileExtension == "png" ? spec.pixels : nil,
                                        bytes: image.bytes.count), spec))
        }
        if let spec = specs[.light] {
            let size = (try? FileIO.read((folder as NSString).appendingPathComponent(name + "/" + IconComposerBundle.documentName)))?.count ?? 0
            files.append((GeneratedFile(path: name + "/" + IconComposerBundle.documentName, role: spec.role, pixels: nil, bytes: size), spec))
        }
        return (files, notes)
    }
}
