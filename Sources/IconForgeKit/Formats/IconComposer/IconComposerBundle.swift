import Foundation

/// An Icon Composer `.icon` bundle on disk: a folder holding `icon.json` and `Assets/` with the layers'
/// PNG and SVG files. Reading it never decodes the layers (see `IconComposerFlattener`).
package struct IconComposerBundle: Sendable {
    /// The bundle folder.
    package var path: String
    /// The parsed `icon.json`.
    package var document: IconComposerDocument
    /// The file names in `Assets/`, sorted.
    package var assets: [String]

    /// The document's file name inside the bundle.
    package static let documentName = "icon.json"
    /// The folder of layer files inside the bundle.
    package static let assetsFolder = "Assets"

    /// True for a folder that is an Icon Composer bundle: named `.icon`, or holding an `icon.json`.
    package static func isBundle(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return false }
        return (path as NSString).pathExtension == "icon"
            || FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(documentName))
    }

    /// The path of a file in `Assets/`.
    package func assetPath(_ name: String) -> String {
        ((path as NSString).appendingPathComponent(Self.assetsFolder) as NSString).appendingPathComponent(name)
    }

    /// The path of `icon.json`.
    package var documentPath: String { (path as NSString).appendingPathComponent(Self.documentName) }

    /// The most groups, layers (over all groups) and asset files read: Icon Composer makes up to 4 groups of a few
    /// layers each; past these a hostile document would cost unbounded work.
    static let maxGroups = 64, maxLayers = 1024, maxAssets = 1024

    /// Reads `icon.json` and lists `Assets/`; errors name the bundle.
    package static func read(_ path: String) throws(IconForgeError) -> IconComposerBundle {
        let documentPath = (path as NSString).appendingPathComponent(documentName)
        let bytes: [UInt8]
        do { bytes = try FileIO.readDocument(documentPath) } catch {
            if case .notFound = error { throw .iconComposer(path: path, .noDocument) }
            throw .file(error)
        }
        let document: IconComposerDocument
        do { document = try IconComposerDocument.parse(bytes) } catch { throw .iconComposer(path: path, error) }
        let layers = document.groups.reduce(0) { $0 + $1.layers.count }
        guard document.groups.count <= maxGroups, layers <= maxLayers else {
            throw .iconComposer(path: path, .tooManyLayers(groups: document.groups.count, layers: layers, maxGroups: maxGroups, maxLayers: maxLayers))
        }
        let folder = (path as NSString).appendingPathComponent(assetsFolder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        guard names.count <= maxAssets else {
            throw .iconComposer(path: path, .tooManyAssets(count: names.count, limit: maxAssets))
        }
        // An asset that is a link out of the bundle is never read: the bundle is the folder the user named.
        let scope = FolderScope(path)
        if let escaping = names.first(where: { !scope.contains((folder as NSString).appendingPathComponent($0)) }) {
            throw .file(.leavesFolder(path: (folder as NSString).appendingPathComponent(escaping), folder: path))
        }
        return IconComposerBundle(path: path, document: document, assets: names)
    }
}
