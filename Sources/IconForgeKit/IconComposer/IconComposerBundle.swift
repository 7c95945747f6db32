import Foundation

/// An Icon Composer `.icon` bundle on disk: a folder holding `icon.json` and `Assets/` with the layers'
/// PNG and SVG files. Reading it never decodes the layers (see `IconComposerFlattener`).
public struct IconComposerBundle: Sendable {
    /// The bundle folder.
    public var path: String
    /// The parsed `icon.json`.
    public var document: IconComposerDocument
    /// The file names in `Assets/`, sorted.
    public var assets: [String]

    /// The document's file name inside the bundle.
    public static let documentName = "icon.json"
    /// The folder of layer files inside the bundle.
    public static let assetsFolder = "Assets"

    /// True for a folder that is an Icon Composer bundle: named `.icon`, or holding an `icon.json`.
    public static func isBundle(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return false }
        return (path as NSString).pathExtension == "icon"
            || FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(documentName))
    }

    /// The path of a file in `Assets/`.
    public func assetPath(_ name: String) -> String {
        ((path as NSString).appendingPathComponent(Self.assetsFolder) as NSString).appendingPathComponent(name)
    }

    /// The path of `icon.json`.
    public var documentPath: String { (path as NSString).appendingPathComponent(Self.documentName) }

    /// Reads `icon.json` and lists `Assets/`; errors name the bundle.
    public static func read(_ path: String) throws(IconForgeError) -> IconComposerBundle {
        let documentPath = (path as NSString).appendingPathComponent(documentName)
        let bytes: [UInt8]
        do { bytes = try FileIO.read(documentPath) } catch {
            if case .notFound = error { throw .invalidRequest(path: path, reason: "is not an Icon Composer bundle: it has no icon.json") }
            throw .file(error)
        }
        let document: IconComposerDocument
        do { document = try IconComposerDocument.parse(bytes) } catch { throw .iconComposer(path: path, error) }
        let folder = (path as NSString).appendingPathComponent(assetsFolder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        return IconComposerBundle(path: path, document: document, assets: names)
    }
}
