import Foundation

/// A layered app icon in an asset catalog: visionOS's `AppIcon.solidimagestack` and tvOS's `App Icon.imagestack`
/// (inside its `.brandassets`). A stack is a folder whose Contents.json lists its layers front to back, each layer a
/// `Name.solidimagestacklayer` (`Name.imagestacklayer`) folder holding a `Content.imageset`. The image sets are
/// written as any asset set is; this writes the two levels of Contents.json around them.
package enum ImageStack {
    /// The stack folder kinds, and their layers' folder kinds.
    static let kinds: Set<String> = ["solidimagestack", "imagestack"]
    static let layerKinds: Set<String> = ["solidimagestacklayer", "imagestacklayer"]

    /// The layer folders' names, as Xcode's templates name them: visionOS's middle one is `Mid` (as shipped stacks
    /// such as Ice Cubes' show), tvOS's `Middle`.
    static func folderName(_ layer: VisionLayer, stackKind: String) -> String {
        switch layer {
        case .front: "Front"
        case .middle: stackKind == "imagestack" ? "Middle" : "Mid"
        case .back: "Back"
        }
    }

    /// The image set of `layer` inside `stack` (a path relative to the output folder, which may itself be inside a
    /// `.brandassets`).
    package static func imageSet(stack: String, layer: VisionLayer) -> String {
        let kind = stack.fileExtension
        return "\(stack)/\(folderName(layer, stackKind: kind)).\(kind)layer/Content.imageset"
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
        var root = try ContentsJSON.containerFields(at: stackContents)
        var listed = layers(root)
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

    /// The layer folders a stack's Contents.json lists, front to back.
    package static func layers(_ contents: [String: ContentsJSON]) -> [String] {
        (contents["layers"]?.array ?? []).compactMap { $0.fields?["filename"]?.string }
    }
}

// MARK: - Checks

extension ImageStack {
    /// What actool checks of a stack as a whole: its Contents.json, layers it lists that are missing, and (tvOS) the
    /// two to five layers Apple's layered images have. Each layer's pictures are checked as the walk reaches its set.
    static func check(_ stack: String) -> [SetFinding] {
        let contents = (stack as NSString).appendingPathComponent("Contents.json"), name = (stack as NSString).lastPathComponent
        var findings: [SetFinding] = []
        func report(_ finding: Finding) { findings.append(SetFinding(path: contents, finding: finding)) }
        guard let bytes = try? FileIO.readDocument(contents) else {
            report(Finding(.missingFile, .error, "\(name) has no Contents.json", fix: "recreate the stack in Xcode"))
            return findings
        }
        guard let fields = (try? ContentsJSON.parse(bytes))?.fields else {
            report(Finding(.decode, .error, "Contents.json is not valid JSON", fix: "restore it from version control, or recreate the stack"))
            return findings
        }
        let listed = layers(fields)
        for layer in listed where !FileIO.isFolder((stack as NSString).appendingPathComponent(layer)) {
            report(Finding(.missingFile, .error, "Contents.json lists the layer \(layer), but there is no such folder", fix: "add the layer in Xcode"))
        }
        if stack.fileExtension == "imagestack", !(2...5).contains(listed.count) {
            report(Finding(.malformedEntry, .warning, "\(name) has \(listed.count) layer\(listed.count == 1 ? "" : "s"); an Apple TV layered icon has 2 to 5",
                           fix: "give it a back layer and at least one in front (iconforge generate --preset tvos writes two)"))
        }
        return findings
    }
}
