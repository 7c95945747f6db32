import Foundation

/// The `icon.json` of an Icon Composer `.icon` bundle (Xcode 26): a canvas fill, up to four groups of
/// image layers (the first drawn in front), and the platforms it is for. Apple publishes no schema; this
/// model follows the files Icon Composer writes. Keys it does not model are kept, so reading and writing
/// a file changes nothing IconForge did not change. Codable through its JSON form.
public struct IconComposerDocument: Sendable, Equatable, Codable {
    /// The canvas fill behind every group.
    package var fill = Specialized<IconComposerFill>()
    /// The groups, front to back.
    package var groups: [IconComposerGroup] = []
    /// `{"circles": ["watchOS"], "squares": "shared"}`: which platforms draw the icon on which shape.
    package var supportedPlatforms: ContentsJSON?
    /// Top-level keys IconForge does not model.
    package var other: [String: ContentsJSON] = [:]

    /// Icon Composer and actool refuse a document with more groups than this.
    package static let maximumGroups = 4
    /// The canvas of iOS, iPadOS and macOS icons, in points.
    package static let canvasPoints = 1024.0

    /// An empty document.
    package init() {}

    /// Reads a document from its JSON; errors name the place ("groups[1].layers[0].opacity: must be a number").
    package init(json: ContentsJSON) throws(IconComposerError) {
        var fields = try IconComposerFields(json, place: "")
        fill = try fields.property("fill")
        if let items = fields.rest.removeValue(forKey: "groups") {
            guard let list = items.array else { throw .invalidValue("groups", "must be an array") }
            for (index, item) in list.enumerated() { groups.append(try IconComposerGroup(json: item, place: "groups[\(index)]")) }
        }
        supportedPlatforms = fields.rest.removeValue(forKey: "supported-platforms")
        other = fields.rest
    }

    /// The document as JSON, every key in the form it was read in.
    package var json: ContentsJSON {
        var fields = other
        fields.put(fill, "fill")
        fields["groups"] = .array(groups.map(\.json))
        if let supportedPlatforms { fields["supported-platforms"] = supportedPlatforms }
        return .object(fields)
    }

    /// The file's text, formatted as Icon Composer writes it: Xcode's JSON style (sorted keys, `"key" : value`,
    /// two-space indent) without the final newline Contents.json files have.
    public var rendered: String { String(json.rendered.dropLast()) }

    /// The file's text with each number written as `original` writes it: reading a number into a `Double` and
    /// writing it back can change its last digits (`-73.88022554713393` came back `-73.8802255471339`), which
    /// rewrote values IconForge never touched. A number at a place (`groups[1].layers[0].position.scale`) where
    /// `original` has a number that renders the same is written as `original`'s text; a number whose place
    /// moved (a group inserted in front) as the one text of `original` that renders the same, if there is one.
    package func rendered(keepingNumbersOf original: [UInt8]) -> String {
        func form(_ text: String) -> String? {
            (try? ContentsJSON.parse(Array(text.utf8))).map { String($0.rendered.dropLast()) }
        }
        var byPlace: [String: (form: String, text: String)] = [:]
        var byForm: [String: String?] = [:] // nil when two texts of the original render the same
        for number in Self.numbers(original) {
            let text = String(decoding: original[number.range], as: UTF8.self)
            guard let form = form(text) else { continue }
            byPlace[number.place] = (form, text)
            if let known = byForm[form], known != text { byForm[form] = .some(nil) } else { byForm[form] = text }
        }
        let bytes = Array(rendered.utf8)
        var result: [UInt8] = [], cursor = 0
        for number in Self.numbers(bytes) {
            let form = String(decoding: bytes[number.range], as: UTF8.self)
            let kept: String?
            if let old = byPlace[number.place], old.form == form { kept = old.text } else { kept = byForm[form] ?? nil }
            guard let replacement = kept, replacement != form else { continue }
            result += bytes[cursor..<number.range.lowerBound]
            result += Array(replacement.utf8)
            cursor = number.range.upperBound
        }
        result += bytes[cursor...]
        return String(decoding: result, as: UTF8.self)
    }

    /// Each number of JSON text with its place ("groups[0].position.scale"); empty for text that is not JSON
    /// or nests deeper than any icon.json.
    static func numbers(_ bytes: [UInt8]) -> [(place: String, range: Range<Int>)] {
        var found: [(place: String, range: Range<Int>)] = [], index = 0
        func space() { while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 } }
        func string() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index + 1
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
            guard index < bytes.count else { return nil }
            index += 1
            return String(decoding: bytes[start..<index - 1], as: UTF8.self)
        }
        func value(_ place: String, depth: Int) -> Bool {
            space()
            guard index < bytes.count, depth < 64 else { return false }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                space()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return true }
                while true {
                    space()
                    guard let key = string() else { return false }
                    space()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
                    index += 1
                    guard value(place.isEmpty ? key : place + "." + key, depth: depth + 1) else { return false }
                    space()
                    guard index < bytes.count else { return false }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "}") { return true }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return false }
                }
            case UInt8(ascii: "["):
                index += 1
                space()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return true }
                var item = 0
                while true {
                    guard value(place + "[\(item)]", depth: depth + 1) else { return false }
                    item += 1
                    space()
                    guard index < bytes.count else { return false }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "]") { return true }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return false }
                }
            case UInt8(ascii: "\""):
                return string() != nil
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = index
                while index < bytes.count, "0123456789+-.eE".utf8.contains(bytes[index]) { index += 1 }
                found.append((place, start..<index))
                return true
            default: // true, false, null
                while index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) { index += 1 }
                return true
            }
        }
        return value("", depth: 0) ? found : []
    }

    /// Parses the text of an `icon.json`.
    public static func parse(_ bytes: [UInt8]) throws(IconComposerError) -> IconComposerDocument {
        let json: ContentsJSON
        do { json = try ContentsJSON.parse(bytes) } catch { throw .invalidJSON(error.description) }
        return try IconComposerDocument(json: json)
    }

    /// Every layer, with the index of its group.
    package var layers: [(group: Int, layer: IconComposerLayer)] {
        groups.enumerated().flatMap { index, group in group.layers.map { (index, $0) } }
    }

    /// Decodes the document from its JSON form.
    public init(from decoder: Decoder) throws {
        try self.init(json: ContentsJSON(from: decoder))
    }

    /// Encodes the document as its JSON form.
    public func encode(to encoder: Encoder) throws {
        try json.encode(to: encoder)
    }
}

/// A group of layers, which Apple's renderer lights, blurs and shadows as one piece of glass.
package struct IconComposerGroup: Sendable, Equatable {
    /// The group's name in Icon Composer's sidebar.
    package var name: String?
    /// The layers, front to back.
    package var layers: [IconComposerLayer] = []
    package var hidden = Specialized<Bool>()
    package var opacity = Specialized<Double>()
    package var position = Specialized<IconComposerPosition>()
    /// "normal", "multiply", "screen", "lighten", … (Core Image's blend-mode names).
    package var blendMode = Specialized<String>()
    /// "individual" or "combined".
    package var lighting = Specialized<String>()
    package var specular = Specialized<Bool>()
    package var shadow = Specialized<IconComposerShadow>()
    package var translucency = Specialized<IconComposerTranslucency>()
    /// A number, or null when cleared.
    package var blurMaterial = Specialized<ContentsJSON>()
    /// Keys IconForge does not model.
    package var other: [String: ContentsJSON] = [:]

    package init(layers: [IconComposerLayer]) { self.layers = layers }

    init(json: ContentsJSON, place: String) throws(IconComposerError) {
        var fields = try IconComposerFields(json, place: place)
        name = try fields.string("name")
        if let items = fields.rest.removeValue(forKey: "layers") {
            guard let list = items.array else { throw .invalidValue(fields.at("layers"), "must be an array") }
            for (index, item) in list.enumerated() { layers.append(try IconComposerLayer(json: item, place: fields.at("layers") + "[\(index)]")) }
        }
        hidden = try fields.property("hidden")
        opacity = try fields.property("opacity")
        position = try fields.property("position")
        blendMode = try fields.property("blend-mode")
        lighting = try fields.property("lighting")
        specular = try fields.property("specular")
        shadow = try fields.property("shadow")
        translucency = try fields.property("translucency")
        blurMaterial = try fields.property("blur-material")
        other = fields.rest
    }

    var json: ContentsJSON {
        var fields = other
        if let name { fields["name"] = .string(name) }
        fields["layers"] = .array(layers.map(\.json))
        fields.put(hidden, "hidden")
        fields.put(opacity, "opacity")
        fields.put(position, "position")
        fields.put(blendMode, "blend-mode")
        fields.put(lighting, "lighting")
        fields.put(specular, "specular")
        fields.put(shadow, "shadow")
        fields.put(translucency, "translucency")
        fields.put(blurMaterial, "blur-material")
        return .object(fields)
    }
}

/// One image layer: a PNG or SVG in the bundle's `Assets/`, placed, optionally filled with a colour, made
/// of glass or not.
package struct IconComposerLayer: Sendable, Equatable {
    /// The layer's name in Icon Composer's sidebar.
    package var name: String?
    /// The file in `Assets/` (it may differ by appearance).
    package var imageName = Specialized<String>()
    package var glass = Specialized<Bool>()
    /// Replaces the image's colours, keeping its alpha.
    package var fill = Specialized<IconComposerFill>()
    package var opacity = Specialized<Double>()
    package var position = Specialized<IconComposerPosition>()
    package var hidden = Specialized<Bool>()
    package var blendMode = Specialized<String>()
    /// Keys IconForge does not model.
    package var other: [String: ContentsJSON] = [:]

    package init(name: String?, imageName: Specialized<String>) {
        self.name = name
        self.imageName = imageName
    }

    init(json: ContentsJSON, place: String) throws(IconComposerError) {
        var fields = try IconComposerFields(json, place: place)
        name = try fields.string("name")
        imageName = try fields.property("image-name")
        glass = try fields.property("glass")
        fill = try fields.property("fill")
        opacity = try fields.property("opacity")
        position = try fields.property("position")
        hidden = try fields.property("hidden")
        blendMode = try fields.property("blend-mode")
        other = fields.rest
    }

    var json: ContentsJSON {
        var fields = other
        if let name { fields["name"] = .string(name) }
        fields.put(imageName, "image-name")
        fields.put(glass, "glass")
        fields.put(fill, "fill")
        fields.put(opacity, "opacity")
        fields.put(position, "position")
        fields.put(hidden, "hidden")
        fields.put(blendMode, "blend-mode")
        return .object(fields)
    }
}

/// Why an `.icon` bundle could not be read, written or drawn.
public enum IconComposerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `icon.json` is not JSON.
    case invalidJSON(String)
    /// A value has the wrong type or range, at a place such as "groups[0].layers[1].position.scale".
    case invalidValue(String, String)
    /// A colour string that does not parse.
    case invalidColor(String, String)
    /// A layer names a file `Assets/` does not hold, or a path (which would leave the folder: never read).
    case missingAsset(String)
    /// A layer's image could not be read or drawn.
    case unreadableAsset(String, String)
    /// A path given as an `.icon` bundle that is not one (a folder with icon.json and Assets/).
    case notABundle
    /// A bundle without its icon.json.
    case noDocument
    /// A document with more groups or layers than IconForge reads.
    case tooManyLayers(groups: Int, layers: Int, maxGroups: Int, maxLayers: Int)
    /// A bundle with more files in Assets/ than IconForge reads.
    case tooManyAssets(count: Int, limit: Int)
    /// A bundle already holding the most groups Icon Composer allows, none of them IconForge's layer.
    case noRoomForLayer(groups: Int)
    /// A bundle already holding the most groups Icon Composer allows, with no room for the badge's group.
    case noRoomForBadge(groups: Int)

    public var description: String {
        switch self {
        case .invalidJSON(let reason): "icon.json is \(reason)"
        case .invalidValue(let place, let reason): "icon.json: \(place.isEmpty ? "the document" : place) \(reason)"
        case .invalidColor(let text, let reason): "icon.json: colour \"\(text)\": \(reason)"
        case .missingAsset(let name) where name.contains("/"):
            "a layer's image-name \"\(name)\" is a path, not a file name in Assets/; IconForge reads only the icon's own Assets/ files"
        case .missingAsset(let name): "Assets/\(name) does not exist"
        case .unreadableAsset(let name, let reason): "Assets/\(name): \(reason)"
        case .notABundle: "is not an Icon Composer .icon bundle (a folder with icon.json and Assets/)"
        case .noDocument: "is not an Icon Composer bundle: it has no icon.json"
        case .tooManyLayers(let groups, let layers, let maxGroups, let maxLayers):
            "has \(groups) groups and \(layers) layers, more than the \(maxGroups) groups and \(maxLayers) layers IconForge reads (Icon Composer makes at most 4 groups)"
        case .tooManyAssets(let count, let limit): "has \(count) files in Assets, more than the \(limit) IconForge reads"
        case .noRoomForLayer(let groups):
            "already has \(groups) groups, the most Icon Composer allows, and none holds IconForge's layer (an image named icon.png or icon.svg); "
                + "add the layer yourself, or write to a new .icon"
        case .noRoomForBadge(let groups): "already has \(groups) groups, the most Icon Composer allows: there is no room for the badge's group"
        }
    }
}

extension ContentsJSON: Codable {
    package init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([ContentsJSON].self) { self = .array(value) }
        else { self = .object(try container.decode([String: ContentsJSON].self)) }
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
