import Foundation
import Raster

/// A named list of outputs, read from a JSON file in `Presets/` (built in) or given by the user.
public struct Preset: Sendable, Equatable {
    /// The name used with `--preset`.
    public var name: String
    /// One line for `iconforge presets`.
    public var summary: String
    /// Every output, in the order Xcode lists them.
    public var outputs: [IconSpec]

    /// The platforms whose folders a project keeps apart.
    public enum Platform: Sendable, Equatable {
        /// Asset catalogs, `.icns`, Icon Composer bundles.
        case apple
        /// `res/` folders.
        case android
        /// A website's folder.
        case web
        /// A Windows app's icon and visual assets (a Visual Studio project's `Assets/`, Tauri's `src-tauri/icons`).
        case windows
        /// A Linux desktop app's hicolor icon theme folder and `.desktop` file.
        case linux
        /// A snap's project (the folder `snap/snapcraft.yaml` is in): its store icon.
        case snap
        /// A browser extension's folder (the one holding its `manifest.json`).
        case browserExtension
    }

    /// Where this preset's outputs live in a project: Windows or Linux by their roles, Android if it writes launcher
    /// layers or other Android resources, web if it writes manifest icons or touch icons, a browser extension's folder for
    /// extension icons, Apple otherwise.
    public var platform: Platform {
        if outputs.contains(where: { $0.role == .windows }) { return .windows }
        if outputs.contains(where: { $0.role == .linux }) { return .linux }
        if outputs.contains(where: { $0.role == .snap }) { return .snap }
        if outputs.contains(where: { $0.androidLayer != nil || $0.role.isAndroidResource }) { return .android }
        if outputs.contains(where: { $0.role == .browserExtension }) { return .browserExtension }
        if outputs.contains(where: { $0.webPurpose != nil || $0.role == .webClip || $0.container == .ico }) { return .web }
        return .apple
    }

    /// Set folders the preset may write, and the roles that may live in them.
    static let setKinds = ["appiconset", "launchimage", "imageset", "colorset", "icon", "stickersiconset", "solidimagestack", "imagestack"]

    /// The most presets one preset includes, and the most outputs a preset has with them (every built-in preset
    /// together has a few hundred).
    static let maxIncludes = 32, maxOutputs = 4096

    /// Parses and checks a preset; `file` names it in errors. Its optional `includes` (names of built-in
    /// presets) come first in its outputs, followed by its own.
    package static func parse(_ data: Data, file: String) throws(PresetError) -> Preset {
        try parse(data, file: file, depth: 0)
    }

    static func parse(_ data: Data, file: String, depth: Int) throws(PresetError) -> Preset {
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            throw .invalid(file: file, place: nil, reason: "not valid JSON: " + ContentsJSON.describe(error, in: [UInt8](data)))
        }
        guard let object = root as? [String: Any] else { throw .invalid(file: file, place: nil, reason: "must be a JSON object") }
        var reader = FieldReader(object: object, file: file, place: nil)
        let name = try reader.string("name", required: true)!
        let summary = try reader.string("summary") ?? ""
        var outputs: [IconSpec] = []
        reader.known.insert("includes")
        if let includes = object["includes"] {
            guard let names = includes as? [String] else { throw .invalid(file: file, place: "includes", reason: "must be an array of preset names") }
            guard names.count <= maxIncludes else {
                throw .invalid(file: file, place: "includes", reason: "names \(names.count) presets, more than the \(maxIncludes) a preset may include")
            }
            for name in names {
                guard depth < 4, let included = try PresetCatalog.embedded(name, depth: depth + 1) else {
                    throw .invalid(file: file, place: "includes", reason: "unknown built-in preset '\(name)'")
                }
                outputs += included.outputs
            }
        }
        let list = object["outputs"] as? [Any] ?? []
        guard object["outputs"] == nil || object["outputs"] is [Any], !(list.isEmpty && outputs.isEmpty) else {
            throw .invalid(file: file, place: "outputs", reason: "must be a non-empty array of outputs")
        }
        reader.known.insert("outputs")
        try reader.rejectUnknown()
        for (index, item) in list.enumerated() {
            let place = "outputs[\(index)]"
            guard let entry = item as? [String: Any] else { throw .invalid(file: file, place: place, reason: "must be an object") }
            outputs.append(try parseOutput(entry, file: file, place: place))
        }
        guard outputs.count <= maxOutputs else {
            throw .invalid(file: file, place: "outputs", reason: "has \(outputs.count) outputs with its includes, more than the \(maxOutputs) a preset may have")
        }
        try checkSharedFiles(outputs, file: file)
        return Preset(name: name, summary: summary, outputs: outputs)
    }

    private static func parseOutput(_ entry: [String: Any], file: String, place: String) throws(PresetError) -> IconSpec {
        var reader = FieldReader(object: entry, file: file, place: place)
        let role = try reader.choice("role", Role.self, required: true)!
        guard Role.outputRoles.contains(role) else {
            throw reader.error("role", "must be one of \(Role.outputRoles.map(\.rawValue).joined(separator: ", ")) (got \"\(role)\")")
        }
        let idiom = try reader.choice("idiom", Idiom.self, required: true)!
        let set = try reader.string("set")
        if let set, !setKinds.contains(set.fileExtension) || set.utf8.contains(UInt8(ascii: "/")) && !isBrandAssetsMember(set) {
            throw reader.error("set", "must be a folder name ending in .\(setKinds.joined(separator: ", ")), or a .brandassets/ member "
                               + "ending in .imagestack or .imageset (got \"\(set)\")")
        }
        let points = try reader.string("points").map { text throws(PresetError) -> PointSize in
            guard let size = PointSize(parsing: text) else {
                throw reader.error("points", "must be \"WxH\" in points, each between 0 and \(Int(PointSize.maximum)) (got \"\(text)\")")
            }
            return size
        }
        let scale = try reader.integer("scale").map { value throws(PresetError) -> Scale in
            guard let scale = Scale(rawValue: value) else { throw reader.error("scale", "must be 1, 2 or 3 (got \(value))") }
            return scale
        }
        var pixels = try reader.string("pixels").map { text throws(PresetError) -> PixelSize in
            guard let size = PixelSize(parsing: text) else { throw reader.error("pixels", "must be \"WxH\" in whole pixels (got \"\(text)\")") }
            return size
        }
        if let points {
            let factor = Double(scale?.rawValue ?? 1)
            let width = points.width * factor, height = points.height * factor
            guard width == width.rounded(), height == height.rounded() else {
                throw reader.error("points", "\(points) pt at \(scale?.description ?? "1x") is not a whole number of pixels")
            }
            let derived = PixelSize(width: Int(width), height: Int(height))
            if let pixels, pixels != derived {
                throw reader.error("pixels", "\(pixels) does not match \(points) pt at \(scale?.description ?? "1x") (\(derived))")
            }
            pixels = derived
        }
        let filename = try reader.string("filename")
        if let filename, filename.isEmpty || filename.utf8.contains(UInt8(ascii: "/")) || filename.hasPrefix(".") {
            throw reader.error("filename", "must be a plain file name (got \"\(filename)\")")
        }
        if role == .launchBackground {
            guard set?.fileExtension == "colorset" else {
                throw reader.error("set", "a launch-background output belongs in a .colorset")
            }
        } else {
            guard filename != nil else { throw reader.error("filename", "is required") }
            guard pixels != nil else { throw reader.error("pixels", "is required when there is no \"points\"") }
        }
        var spec = IconSpec(set: set, role: role, idiom: idiom, points: points, scale: scale, pixels: pixels,
                            filename: filename, platform: try reader.string("platform"),
                            appearance: try reader.choice("appearance", Appearance.self).flatMap { $0 == .light ? nil : $0 }, // light is no variant
                            orientation: try reader.string("orientation"), subtype: try reader.string("subtype"),
                            minimumSystemVersion: try reader.string("minimumSystemVersion"), extent: try reader.string("extent"))
        spec.xcodeRole = try reader.string("xcode-role")
        spec.visionLayer = try reader.choice("layer")
        spec.folder = try reader.string("folder")
        if let folder = spec.folder {
            let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
            guard set == nil, !folder.hasPrefix("/"), parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.hasPrefix(".") }) else {
                throw reader.error("folder", "must be a relative folder inside the output folder, for a file outside any set (got \"\(folder)\")")
            }
        }
        spec.androidLayer = try reader.choice("android-layer")
        spec.webPurpose = try reader.choice("web-purpose")
        if ImageStack.kinds.contains(spec.setKind ?? "") != (spec.visionLayer != nil) {
            throw reader.error("layer", "a .solidimagestack or .imagestack output needs \"layer\": front, middle or back (and only it takes one)")
        }
        if spec.set?.contains("/") == true, spec.xcodeRole == nil || spec.points == nil {
            throw reader.error("xcode-role", "a .brandassets member needs the \"xcode-role\" and \"points\" its Contents.json lists it by")
        }
        if let container: ContainerKind = try reader.choice("container") {
            guard set == nil else { throw reader.error("container", "is for a file outside any set") }
            let entry = try reader.string("entry")
            if let problem = container.format.problem(entry: entry, pixels: pixels) { throw reader.error(problem.field, problem.reason) }
            spec.container = container
            spec.containerEntry = entry!
        } else if try reader.string("entry") != nil {
            throw reader.error("entry", "needs a \"container\"")
        }
        try reader.rejectUnknown()
        return spec
    }

    /// `Name.brandassets/Member.imagestack` or `Name.brandassets/Member.imageset`: a tvOS icon stack or Top Shelf
    /// image inside its brand assets folder, one level deep.
    private static func isBrandAssetsMember(_ set: String) -> Bool {
        let parts = set.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        return parts.count == 2 && parts[0].fileExtension == BrandAssets.kind && ["imagestack", "imageset"].contains(parts[1].fileExtension)
            && parts.allSatisfy { !$0.hasPrefix(".") && ($0 as NSString).deletingPathExtension.count > 0 }
    }

    /// Entries may share a file (iPhone and iPad 20 pt @2x are one 40x40 file) only when they agree on it.
    private static func checkSharedFiles(_ outputs: [IconSpec], file: String) throws(PresetError) {
        var seen: [String: (Int, IconSpec)] = [:]
        for (index, spec) in outputs.enumerated() {
            guard let key = spec.outputPath else { continue }
            let name = spec.filename!
            if let (first, other) = seen[key], other.pixels != spec.pixels || other.keepsAlpha != spec.keepsAlpha {
                throw .invalid(file: file, place: "outputs[\(index)].filename",
                               reason: "\"\(name)\" is also outputs[\(first)], with another size or alpha policy")
            }
            if seen[key] == nil { seen[key] = (index, spec) }
        }
    }
}

/// Why a preset could not be used; names the file, the entry and the field.
public enum PresetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The preset file could not be read.
    case unreadable(file: String, reason: String)
    /// The preset is malformed at `place` (e.g. "outputs[3].scale").
    case invalid(file: String, place: String?, reason: String)
    /// No built-in preset has that name.
    case unknown(name: String, available: [String])

    public var description: String {
        switch self {
        case .unreadable(let file, let reason): "\(file): cannot read preset: \(reason)"
        case .invalid(let file, let place, let reason): "\(file): \(place.map { "\($0): " } ?? "")\(reason)"
        case .unknown(let name, let available):
            "unknown preset '\(name)'; built-in presets: \(available.joined(separator: ", ")) (or give a path to a .json file)"
        }
    }
}

/// Reads typed fields of one JSON object, remembering which keys were used so unknown ones (typos) are refused.
private struct FieldReader {
    let object: [String: Any]
    let file: String
    let place: String?
    var known: Set<String> = []

    init(object: [String: Any], file: String, place: String?) {
        self.object = object
        self.file = file
        self.place = place
    }

    func error(_ field: String, _ reason: String) -> PresetError {
        .invalid(file: file, place: (place.map { $0 + "." } ?? "") + field, reason: reason)
    }

    mutating func string(_ field: String, required: Bool = false) throws(PresetError) -> String? {
        known.insert(field)
        guard let value = object[field], !(value is NSNull) else {
            if required { throw error(field, "is required") }
            return nil
        }
        guard let text = value as? String else { throw error(field, "must be a string") }
        return text
    }

    /// One of a closed set of values (an enum's raw values), or nil when absent.
    mutating func choice<Value: RawRepresentable & CaseIterable>(_ field: String) throws(PresetError) -> Value? where Value.RawValue == String {
        guard let text = try string(field) else { return nil }
        guard let value = Value(rawValue: text) else {
            throw error(field, "must be one of \(Value.allCases.map(\.rawValue).joined(separator: ", ")) (got \"\(text)\")")
        }
        return value
    }

    mutating func integer(_ field: String) throws(PresetError) -> Int? {
        known.insert(field)
        guard let value = object[field], !(value is NSNull) else { return nil }
        guard let number = value as? NSNumber, !ContentsJSON.isBoolean(number), number.doubleValue == number.doubleValue.rounded() else {
            throw error(field, "must be a whole number")
        }
        return number.intValue
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(_ field: String, _ type: T.Type,
                                                             required: Bool = false) throws(PresetError) -> T? where T.RawValue == String {
        guard let text = try string(field, required: required) else { return nil }
        guard let value = T(rawValue: text) else {
            throw error(field, "must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")) (got \"\(text)\")")
        }
        return value
    }

    func rejectUnknown() throws(PresetError) {
        if let extra = object.keys.filter({ !known.contains($0) }).sorted().first {
            throw error(extra, "unknown field")
        }
    }
}
