import Foundation
import Raster

/// Writes an Icon Composer `.icon` bundle from a master: the master as one layer (an SVG copied as it is,
/// anything else as a 1024 px PNG), dark and tinted variants as `image-name-specializations`, a solid fill
/// when a background is given. An existing bundle is updated in place: IconForge's own layer (the one whose
/// image is `icon.*`) and files change, every other group, layer, key and file is kept; a rerun that
/// changes nothing writes nothing.
struct IconComposerWriter {
    /// One layer image for one appearance: its bytes and the extension they call for ("png" or "svg").
    struct LayerImage: Equatable {
        var bytes: [UInt8]
        var fileExtension: String
        /// The scale that makes the image fill the 1024 pt canvas: Icon Composer draws an SVG at its own size
        /// in points (a 64 pt drawing would be a speck), a bitmap at one point per pixel.
        var canvasScale: Double = 1
    }

    /// The bundle folder.
    var path: String
    /// The layer's image per appearance; light is required.
    var images: [Appearance: LayerImage]
    /// The canvas fill to write, when the user gave one.
    var background: RGBColor?
    /// True when the master has no transparent pixel: its layer is plain artwork, not glass.
    var masterIsOpaque: Bool
    /// The run's ownership rule (backups, containment, the ledger); without it, files are written directly.
    var output: OutputWriter? = nil
    /// A `--badge` drawn on a transparent canvas: the front group of its own, so that Liquid Glass renders it as it
    /// renders the art, and the art's layers stay as they are.
    var badge: LayerImage? = nil

    /// The badge's asset file and layer name.
    static let badgeName = "badge"

    /// The base name of IconForge's asset files (`icon.png`, `icon-dark.svg`, …) and of its layer.
    static let layerName = "icon"

    /// The asset file name for an appearance.
    static func assetName(_ appearance: Appearance, fileExtension: String) -> String {
        (appearance == .light ? layerName : layerName + "-" + appearance.rawValue) + "." + fileExtension
    }

    /// True for an asset name IconForge writes (its layer is found by these).
    static func isOwnAsset(_ name: String) -> Bool {
        let base = (name as NSString).deletingPathExtension
        return [layerName, layerName + "-dark", layerName + "-tinted"].contains(base)
    }

    /// The document Icon Composer starts a new icon with, holding one group.
    static func newDocument(group: IconComposerGroup) -> IconComposerDocument {
        var document = IconComposerDocument()
        var group = group
        group.shadow = Specialized(IconComposerShadow(kind: "neutral", opacity: 0.5))
        group.translucency = Specialized(IconComposerTranslucency(enabled: true, value: 0.5))
        document.groups = [group]
        document.supportedPlatforms = .object(["circles": .array([.string("watchOS")]), "squares": .string("shared")])
        return document
    }

    /// Writes the bundle; returns the paths written, relative to the bundle's parent, and notes.
    func write() throws(IconForgeError) -> (written: [String], notes: [String]) {
        let documentPath = (path as NSString).appendingPathComponent(IconComposerBundle.documentName)
        var document: IconComposerDocument?
        var originalText: [UInt8]?
        if FileManager.default.fileExists(atPath: documentPath) {
            // Never replace a document IconForge cannot read: it may be the user's work.
            document = try IconComposerBundle.read(path).document
            originalText = try? FileIO.readDocument(documentPath)
        }
        var names: [Appearance: String] = [:]
        for (appearance, image) in images { names[appearance] = Self.assetName(appearance, fileExtension: image.fileExtension) }
        guard let light = names[.light] else { preconditionFailure("an Icon Composer layer needs its default image") }
        let imageName: Specialized<String> = names.count == 1 ? Specialized(light)
            : Specialized(entries: Appearance.allCases.compactMap { appearance in
                names[appearance].map { Specialized.Entry(appearance: appearance.specializationKey, value: $0) }
            })

        var updated = document ?? IconComposerDocument()
        if let (group, index) = Self.ownLayer(in: updated) {
            updated.groups[group].layers[index].imageName = imageName
        } else {
            var layer = IconComposerLayer(name: Self.layerName, imageName: imageName)
            layer.glass = Specialized(!masterIsOpaque)
            if let scale = images[.light]?.canvasScale, scale != 1 { layer.position = Specialized(IconComposerPosition(scale: scale)) }
            if document == nil {
                updated = Self.newDocument(group: IconComposerGroup(layers: [layer]))
            } else {
                guard updated.groups.count < IconComposerDocument.maximumGroups else {
                    throw .iconComposer(path: path, .noRoomForLayer(groups: updated.groups.count))
                }
                // Behind the user's groups: their design stays in front.
                updated.groups.append(IconComposerGroup(layers: [layer]))
            }
        }
        if let background {
            updated.fill = Specialized(.solid(IconComposerColor(srgb: background).text))
        }
        let badgeFile = Self.badgeName + ".png"
        if badge != nil, !updated.groups.contains(where: { $0.layers.contains { $0.imageName.allValues.contains(badgeFile) } }) {
            guard updated.groups.count < IconComposerDocument.maximumGroups else {
                throw .iconComposer(path: path, .noRoomForBadge(groups: updated.groups.count))
            }
            var group = IconComposerGroup(layers: [IconComposerLayer(name: Self.badgeName, imageName: Specialized(badgeFile))])
            group.name = "Badge"
            updated.groups.insert(group, at: 0) // in front of the art
        }

        var written: [String] = []
        let bundleName = (path as NSString).lastPathComponent
        let assets = (path as NSString).appendingPathComponent(IconComposerBundle.assetsFolder)
        do { try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true) } catch {
            throw .file(.writeFailed(path: assets, reason: error.localizedDescription))
        }
        for appearance in Appearance.allCases {
            guard let image = images[appearance], let name = names[appearance] else { continue }
            let target = (assets as NSString).appendingPathComponent(name)
            if try writeIfChanged(image.bytes, to: target) { written.append(bundleName + "/Assets/" + name) }
        }
        if let badge, try writeIfChanged(badge.bytes, to: (assets as NSString).appendingPathComponent(badgeFile)) {
            written.append(bundleName + "/Assets/" + badgeFile)
        }
        let text = originalText.map(updated.rendered(keepingNumbersOf:)) ?? updated.rendered
        if try writeIfChanged(Array(text.utf8), to: documentPath) {
            written.append(bundleName + "/" + IconComposerBundle.documentName)
        }
        var notes: [String] = []
        if let stale = Self.unreferencedOwnAssets(updated, in: assets), !stale.isEmpty {
            notes.append("\(bundleName): \(stale.joined(separator: ", ")) no longer used by icon.json (kept; delete them if you no longer need them)")
        }
        return (written, notes)
    }

    /// The group and layer index of IconForge's layer: the first whose image is one of its asset names.
    static func ownLayer(in document: IconComposerDocument) -> (group: Int, layer: Int)? {
        for (groupIndex, group) in document.groups.enumerated() {
            for (layerIndex, layer) in group.layers.enumerated() where layer.imageName.allValues.contains(where: isOwnAsset) {
                return (groupIndex, layerIndex)
            }
        }
        return nil
    }

    /// IconForge's asset files the document no longer names (a master that changed from PNG to SVG).
    private static func unreferencedOwnAssets(_ document: IconComposerDocument, in folder: String) -> [String]? {
        let used = Set(document.layers.flatMap { $0.layer.imageName.allValues })
        return (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { isOwnAsset($0) && !used.contains($0) }.sorted()
    }

    /// Writes atomically unless the file already holds these bytes (so file times stay); true when written.
    private func writeIfChanged(_ bytes: [UInt8], to path: String) throws(IconForgeError) -> Bool {
        if let output { return try output.write(bytes, to: path) }
        if let existing = try? FileIO.read(path), existing == bytes { return false }
        do { try FileIO.writeAtomically(bytes, to: path) } catch { throw .file(error) }
        return true
    }
}
