import Foundation

/// A visionOS app icon, `AppIcon.solidimagestack`: a folder whose Contents.json lists its layers front to back,
/// each layer a `Name.solidimagestacklayer` folder holding a `Content.imageset` with one `vision` @2x image.
/// The image sets are written as any asset set is; this writes the two levels of Contents.json around them.
enum VisionStack {
    /// The layers Xcode's template has, front to back, and their folder names (Xcode names the middle one
    /// `Mid`, as shipped stacks such as Ice Cubes' show).
    static let layers = ["front", "middle", "back"]
    static let folderNames = ["front": "Front", "middle": "Mid", "back": "Back"]

    /// The image set of `layer` inside `stack`, relative to the output folder.
    static func imageSet(stack: String, layer: VisionLayer) -> String {
        "\(stack)/\(folderNames[layer.rawValue] ?? layer.rawValue).solidimagestacklayer/Content.imageset"
    }

    /// Creates the layer folder and the stack's and layer's Contents.json where missing; a stack Contents.json
    /// that lacks this layer gets it added, in Xcode's front-to-back order, keeping everything else.
    static func prepare(layerFolder: String, stackFolder: String, writer: OutputWriter) throws(IconForgeError) {
        do { try FileManager.default.createDirectory(atPath: layerFolder, withIntermediateDirectories: true) } catch {
            throw .file(.writeFailed(path: layerFolder, reason: error.localizedDescription))
        }
        let layerContents = (layerFolder as NSString).appendingPathComponent("Contents.json")
        if !FileManager.default.fileExists(atPath: layerContents) {
            try writer.write(Array(ContentsJSON.object(["info": ContentsJSON.info]).rendered.utf8), to: layerContents)
        }
        let stackContents = (stackFolder as NSString).appendingPathComponent("Contents.json")
        var root: [String: ContentsJSON] = ["info": ContentsJSON.info]
        if let bytes = try? FileIO.readDocument(stackContents) {
            guard let fields = (try? ContentsJSON.parse(bytes))?.fields else {
                throw .update(path: stackContents, .invalidContentsJSON)
            }
            root = fields
        }
        var listed = (root["layers"]?.array ?? []).compactMap { $0.fields?["filename"]?.string }
        let name = (layerFolder as NSString).lastPathComponent
        guard !listed.contains(name) else { return }
        listed.append(name)
        let order = ["front", "mid", "middle", "back"]
        let rank = { (file: String) in order.firstIndex(of: (file as NSString).deletingPathExtension.lowercased()) ?? order.count }
        listed.sort { rank($0) < rank($1) }
        var entries = root["layers"]?.array ?? []
        entries.append(.object(["filename": .string(name)]))
        root["layers"] = .array(listed.compactMap { file in entries.first { $0.fields?["filename"]?.string == file } })
        try writer.write(Array(ContentsJSON.object(root).rendered.utf8), to: stackContents)
    }
}
