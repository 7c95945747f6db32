import Foundation
import PNGCodec
import SVGCodec

/// What `iconforge inspect App.icon` reports: the fill, groups and layers front to back, the assets with
/// their sizes, the appearances the icon specialises and its platforms.
public struct IconComposerInspection: Sendable, Encodable {
    /// One layer file in `Assets/`.
    public struct Asset: Sendable, Encodable {
        /// The file name in `Assets/`.
        public var name: String
        /// "PNG", "SVG", or what else the bytes are.
        public var kind: String
        /// Pixels for a bitmap, points for an SVG ("512x500"); nil when unknown.
        public var size: String?
        /// The file's size in bytes.
        public var bytes: Int
    }

    /// One layer, its properties described per appearance.
    public struct Layer: Sendable, Encodable {
        /// The name the document gives it.
        public var name: String?
        /// The asset it draws (per appearance when they differ).
        public var image: String
        /// Its properties, described (per appearance when they differ).
        public var properties: [String]
    }

    /// One group and its layers, front to back.
    public struct Group: Sendable, Encodable {
        /// The name the document gives it.
        public var name: String?
        /// Its properties, described (per appearance when they differ).
        public var properties: [String]
        /// Its layers, front to back.
        public var layers: [Layer]
    }

    package var path: String
    /// The background fill, described.
    public var fill: String
    /// The appearances the document specialises values for.
    public var appearances: [String]
    /// The platforms it is for, described; nil when it names none.
    public var platforms: String?
    /// Its groups, front to back.
    public var groups: [Group]
    /// The files in `Assets/`.
    public var assets: [Asset]

    /// The file inspected.
    public var url: URL { URL(fileURLWithPath: path) }

    /// Reads the `.icon` bundle at `url` (a file URL) and its assets' headers (layers are not drawn).
    public static func inspect(_ url: URL) throws(IconForgeError) -> IconComposerInspection { try inspect(url.path) }

    /// Reads the bundle and its assets' headers (layers are not drawn).
    package static func inspect(_ path: String) throws(IconForgeError) -> IconComposerInspection {
        let bundle = try IconComposerBundle.read(path)
        let document = bundle.document
        var appearances = Set<String>()
        collectAppearances(document.json, into: &appearances)
        let groups = document.groups.map { group in
            var properties: [String] = []
            add(&properties, "hidden", group.hidden) { $0 ? "yes" : "no" }
            add(&properties, "opacity", group.opacity) { PointSize.format($0) }
            add(&properties, "position", group.position, describe)
            add(&properties, "blend mode", group.blendMode) { $0 }
            add(&properties, "lighting", group.lighting) { $0 }
            add(&properties, "specular", group.specular) { $0 ? "on" : "off" }
            add(&properties, "shadow", group.shadow) { "\($0.kind) \(PointSize.format($0.opacity))" }
            add(&properties, "translucency", group.translucency) { $0.enabled ? PointSize.format($0.value) : "off" }
            add(&properties, "blur material", group.blurMaterial) { $0.double.map(PointSize.format) ?? "none" }
            let layers = group.layers.map { layer in
                var layerProperties: [String] = []
                add(&layerProperties, "glass", layer.glass) { $0 ? "yes" : "no" }
                add(&layerProperties, "opacity", layer.opacity) { PointSize.format($0) }
                add(&layerProperties, "position", layer.position, describe)
                add(&layerProperties, "fill", layer.fill, describe)
                add(&layerProperties, "hidden", layer.hidden) { $0 ? "yes" : "no" }
                add(&layerProperties, "blend mode", layer.blendMode) { $0 }
                return Layer(name: layer.name, image: text(layer.imageName) { $0 } ?? "(none)", properties: layerProperties)
            }
            return Group(name: group.name, properties: properties, layers: layers)
        }
        let assets = bundle.assets.map { name -> Asset in
            let bytes = (try? FileIO.read(bundle.assetPath(name))) ?? []
            let kind = FileKind.detect(bytes)
            var size: String?
            if kind == .png, let info = try? PNG.info(bytes) { size = "\(info.width)x\(info.height) px" }
            if kind == .svg, let info = try? SVG.info(bytes, path: name), let points = info.size ?? info.viewBox {
                size = "\(PointSize.format(points.width))x\(PointSize.format(points.height)) pt"
            }
            return Asset(name: name, kind: kind?.description ?? "unknown", size: size, bytes: bytes.count)
        }
        return IconComposerInspection(path: path, fill: text(document.fill, describe) ?? "automatic (not set)",
                                      appearances: ["light"] + appearances.sorted(), platforms: document.supportedPlatforms.map(describe),
                                      groups: groups, assets: assets)
    }

    /// A paragraph for people.
    public var text: String {
        let layerCount = groups.reduce(0) { $0 + $1.layers.count }
        var lines = ["\(path): Icon Composer icon, \(groups.count) group\(groups.count == 1 ? "" : "s"), \(layerCount) layer\(layerCount == 1 ? "" : "s"), "
                     + "\(assets.count) asset\(assets.count == 1 ? "" : "s")",
                     "  fill: \(fill)", "  appearances: \(appearances.joined(separator: ", "))"]
        if let platforms { lines.append("  platforms: \(platforms)") }
        for (index, group) in groups.enumerated() {
            let label = index == 0 ? " (front)" : index == groups.count - 1 ? " (back)" : ""
            lines.append("  group \(index + 1)\(group.name.map { " \"\($0)\"" } ?? "")\(label)"
                         + (group.properties.isEmpty ? "" : ": " + group.properties.joined(separator: ", ")))
            for layer in group.layers {
                lines.append("    layer \(layer.name.map { "\"\($0)\"" } ?? "(unnamed)"): \(layer.image)"
                             + (layer.properties.isEmpty ? "" : ", " + layer.properties.joined(separator: ", ")))
            }
        }
        lines.append("  assets:")
        for asset in assets {
            lines.append("    \(asset.name): \(asset.kind)\(asset.size.map { " \($0)" } ?? ""), \(asset.bytes) bytes")
        }
        return lines.joined(separator: "\n")
    }

    private static func add<V>(_ list: inout [String], _ label: String, _ property: Specialized<V>, _ describe: (V) -> String) {
        if let value = text(property, describe) { list.append("\(label) \(value)") }
    }

    /// "value", or "value; dark: other; tinted: third" for a specialised property; nil when absent.
    private static func text<V>(_ property: Specialized<V>, _ describe: (V) -> String) -> String? {
        if let plain = property.plain { return describe(plain) }
        guard let entries = property.entries else { return nil }
        return entries.map { entry in
            let key = [entry.appearance, entry.idiom.map { "idiom \($0)" }].compactMap { $0 }.joined(separator: " ")
            return key.isEmpty ? describe(entry.value) : "\(key): \(describe(entry.value))"
        }.joined(separator: "; ")
    }

    private static func describe(_ fill: IconComposerFill) -> String {
        switch fill {
        case .none: "none"
        case .automatic: "automatic"
        case .systemLight: "system-light"
        case .systemDark: "system-dark"
        case .solid(let colour): "solid \(colour)"
        case .automaticGradient(let colour, _): "automatic-gradient \(colour)"
        case .linearGradient(let colours, _): "linear-gradient \(colours.joined(separator: " → "))"
        }
    }

    private static func describe(_ position: IconComposerPosition) -> String {
        "scale \(PointSize.format(position.scale)) at \(PointSize.format(position.translation.x)),\(PointSize.format(position.translation.y)) pt"
    }

    private static func describe(_ json: ContentsJSON) -> String {
        guard let fields = json.fields else { return json.string ?? "?" }
        return fields.keys.sorted().map { key in
            let value = fields[key]!
            return "\(key): " + (value.string ?? (value.array ?? []).compactMap(\.string).joined(separator: ", "))
        }.joined(separator: "; ")
    }

    private static func collectAppearances(_ json: ContentsJSON, into set: inout Set<String>) {
        switch json {
        case .object(let fields):
            for (key, value) in fields {
                if key == "appearance", let name = value.string { set.insert(name) } else { collectAppearances(value, into: &set) }
            }
        case .array(let items): for item in items { collectAppearances(item, into: &set) }
        default: break
        }
    }
}
