import Foundation

/// The one reader of an adaptive icon's XML (`mipmap-anydpi-v26/ic_launcher.xml`): the resources its layers name and the
/// layers it draws through `<inset>`. `validate`'s checks, `generate`'s merge into a project and the contact sheet read a
/// definition through it; `AndroidResources` writes one.
enum AdaptiveIconXML {
    /// (layer name, inset fraction) of every `<inset android:drawable="@mipmap/NAME" android:inset="16.7%">` of an
    /// adaptive icon (the inset as a percentage, or a fraction; one in dp is left out).
    static func insetLayers(in xml: String) -> [(String, Double)] {
        guard let expression = try? NSRegularExpression(pattern: #"<inset\b[^>]*>"#) else { return [] }
        var result: [(String, Double)] = []
        for match in expression.matches(in: xml, range: NSRange(xml.startIndex..., in: xml)).prefix(maxReferences) {
            guard let range = Range(match.range, in: xml) else { continue }
            let tag = String(xml[range])
            guard let drawable = tag.firstMatch(of: /android:drawable="@(?:mipmap|drawable)\/([A-Za-z0-9_]+)"/),
                  let inset = tag.firstMatch(of: /android:inset="([0-9.]+)(%?)"/), var fraction = Double(inset.1) else { continue }
            if !inset.2.isEmpty { fraction /= 100 }
            guard fraction >= 0, fraction < 0.5 else { continue }
            result.append((String(drawable.1), fraction))
        }
        return result
    }

    /// (element, resource type, name) of every `android:drawable="@type/name"` in an adaptive icon: at most
    /// `maxReferences` (a real one has three), found in one pass (a tag ends at its `>`, the next `<`, or 4 KB).
    static func references(in xml: String) -> [(String, String, String)] { references(in: xml, layerOpenings: { _ in }, naming: { $0 }) }

    /// `references(in:)`, telling `layerOpenings` of each `<foreground>`, `<background>` or `<monochrome>` tag as it passes
    /// it, each reference's element given as `naming` says at that point.
    private static func references(in xml: String, layerOpenings: (String) -> Void, naming: (String) -> String) -> [(String, String, String)] {
        var result: [(String, String, String)] = []
        let attribute = Array("android:drawable=\"@".utf8)
        let bytes = Array(xml.utf8)
        var index = 0
        while index < bytes.count, result.count < maxReferences {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            let start = index + 1
            var end = start
            while end < bytes.count, end - start < 4096, bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: "<") { end += 1 }
            let tag = Array(bytes[start..<end])
            index = max(end, start)
            let element = String(decoding: tag.prefix { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }, as: UTF8.self)
            if ["foreground", "background", "monochrome"].contains(element) { layerOpenings(element) }
            guard let at = (0...max(0, tag.count - attribute.count)).first(where: { tag.count >= attribute.count && tag[$0..<$0 + attribute.count].elementsEqual(attribute) })
            else { continue }
            let value = String(decoding: tag[(at + attribute.count)...].prefix { $0 != UInt8(ascii: "\"") }, as: UTF8.self)
            let parts = value.split(separator: "/", maxSplits: 1)
            if parts.count == 2 { result.append((naming(element), String(parts[0]), String(parts[1]))) }
        }
        return result
    }

    /// (layer element, resource type, name) of every layer an adaptive icon draws: `<foreground android:drawable="@…">`,
    /// and a reference of an `<inset>` inside a layer's element given as that layer's (`@capacitor/assets` wraps both
    /// layers in `<inset android:drawable="@mipmap/ic_launcher_foreground" android:inset="16.7%"/>`).
    static func layerReferences(in xml: String) -> [(String, String, String)] {
        var layer: String?
        return references(in: xml, layerOpenings: { layer = $0 }, naming: { element in element == "inset" ? layer ?? element : element })
    }

    /// The one resource a drawable that only wraps another draws — an `<inset>`, `<scale>`, `<clip>` or `<rotate>` of it,
    /// or a `<layer-list>` of it alone (Oss Weather's `launcher_icon_monochrome`, an `<inset>` of its foreground) — as
    /// (type, name); nil for a drawable of its own (a `<vector>`, a `<shape>`), one drawing several, or none.
    static func wrappedResource(in xml: String) -> (type: String, name: String)? {
        let live = AndroidProject.withoutComments(xml)
        guard let root = live.firstMatch(of: /<([A-Za-z][A-Za-z-]*)/), ["inset", "scale", "clip", "rotate", "layer-list"].contains(String(root.1)),
              !["<shape", "<vector", "<path", "<bitmap", "<nine-patch", "<color", "<gradient", "android:src="].contains(where: live.contains) else { return nil }
        let found = references(in: live)
        guard let first = found.first, found.allSatisfy({ $0.1 == first.1 && $0.2 == first.2 }) else { return nil }
        return (first.1, first.2)
    }

    /// The most references of one adaptive icon that are resolved.
    static let maxReferences = 16
}
