import Foundation

/// The notification icon as a vector drawable, from an SVG simple enough to say the same thing in Android's terms:
/// filled paths only (in groups without transforms), no strokes, gradients, masks, clips, opacity, text or images.
/// Such an SVG's shape is its silhouette, so the vector draws what the PNGs show, sharp at every density; anything
/// richer would need a renderer's judgement (a stroke's outline, a mask's coverage) and gets the PNGs alone.
///
/// It goes into `drawable-anydpi-v24/`: beside the density PNGs a plain `drawable/` file would never be chosen (a
/// density's own folder wins), while `-anydpi` wins over them; `-v24` because notification vectors drawn by Android 5–6's
/// status bar were unreliable (Android Studio's Image Asset writes the same pair).
enum NotificationVector {
    static let folder = "drawable-anydpi-v24"

    /// The drawable, or nil when the SVG is not that simple. The viewBox is fitted into the 20 dp live area of the 24 dp
    /// canvas (Material's 2 dp padding), centred; every path is filled white (the system draws alpha alone).
    static func drawable(svg bytes: [UInt8]) -> String? {
        guard let root = DarkModeSVG.root(of: String(decoding: bytes, as: UTF8.self)) else { return nil }
        guard let box = viewBox(root.tag), box.width > 0, box.height > 0 else { return nil }
        var paths: [(data: String, evenOdd: Bool)] = []
        // Fill and its rule as groups pass them down, innermost last.
        var inherited: [(fill: String?, rule: String?)] = []
        var skipping: String?
        let text = root.element
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "<") {
            let rest = text[open...]
            if rest.hasPrefix("<!--") {
                guard let end = rest.range(of: "-->") else { return nil }
                index = end.upperBound
                continue
            }
            if rest.hasPrefix("<![CDATA[") || rest.hasPrefix("<!") || rest.hasPrefix("<?") { return nil }
            guard let close = rest.firstIndex(of: ">") else { return nil }
            let tag = String(rest[rest.index(after: open)..<close])
            index = text.index(after: close)
            let isEnd = tag.hasPrefix("/"), selfClosing = tag.hasSuffix("/")
            let name = String(tag.drop { $0 == "/" }.prefix { !$0.isWhitespace && $0 != "/" })
            if let skipped = skipping {
                if isEnd, name == skipped { skipping = nil }
                continue
            }
            // Text content between tags (other than whitespace) would be drawn only inside <text>, which is refused.
            switch name {
            case "title", "desc", "metadata":
                if !selfClosing, !isEnd { skipping = name }
            case "svg", "g":
                if isEnd { if !inherited.isEmpty { inherited.removeLast() }; continue }
                let attributes = Dictionary(DarkModeSVG.attributes(in: "<" + tag + ">"), uniquingKeysWith: { first, _ in first })
                guard let paint = paint(attributes) else { return nil }
                if !selfClosing { inherited.append(paint) }
            case "path":
                if isEnd { continue }
                let attributes = Dictionary(DarkModeSVG.attributes(in: "<" + tag + ">"), uniquingKeysWith: { first, _ in first })
                guard let own = paint(attributes), let data = attributes["d"]?.split(whereSeparator: \.isWhitespace).joined(separator: " "),
                      !data.isEmpty, data.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || " ,.-+".contains($0)) }) else { return nil }
                let fill = own.fill ?? inherited.last(where: { $0.fill != nil })?.fill
                if fill == "none" { continue } // drawn by nothing: a guide, an empty outline
                let rule = own.rule ?? inherited.last(where: { $0.rule != nil })?.rule
                paths.append((data, rule == "evenodd"))
            case "defs":
                // An empty <defs/> (design tools write one) defines nothing; one with content defines gradients, clips…
                if !selfClosing, !isEnd {
                    guard text[index...].drop(while: \.isWhitespace).hasPrefix("</defs>") else { return nil }
                    skipping = "defs"
                }
            default:
                return nil
            }
        }
        guard !paths.isEmpty else { return nil }
        // The viewport is the viewBox with a tenth of its size around it on every side (20 dp of 24), square, centred.
        let side = max(box.width, box.height) * 1.2
        let dx = (side - box.width) / 2 - box.x, dy = (side - box.height) / 2 - box.y
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\(AndroidResources.marker)\n"
        xml += "<vector xmlns:android=\"http://schemas.android.com/apk/res/android\"\n    android:width=\"24dp\"\n    android:height=\"24dp\"\n"
        xml += "    android:viewportWidth=\"\(number(side))\"\n    android:viewportHeight=\"\(number(side))\">\n"
        xml += "    <group android:translateX=\"\(number(dx))\" android:translateY=\"\(number(dy))\">\n"
        for path in paths {
            xml += "        <path\n            android:fillColor=\"#FFFFFFFF\"\n"
            if path.evenOdd { xml += "            android:fillType=\"evenOdd\"\n" }
            xml += "            android:pathData=\"\(path.data)\"/>\n"
        }
        return xml + "    </group>\n</vector>\n"
    }

    /// An element's fill and fill rule, or nil when it paints in a way a filled silhouette cannot say (a stroke, a
    /// gradient, opacity, a transform, a clip, a mask, a filter, a style other than those).
    private static func paint(_ attributes: [String: String]) -> (fill: String?, rule: String?)? {
        var values = attributes
        if let style = attributes["style"] {
            for declaration in style.split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2 else { continue }
                values[parts[0]] = parts[1]
            }
        }
        if ["transform", "clip-path", "mask", "filter", "display", "visibility"].contains(where: { values[$0] != nil }) { return nil }
        // Full opacity (Inkscape writes fill-opacity:1 on everything) changes nothing; any other would thin the glyph.
        if ["opacity", "fill-opacity"].contains(where: { key in values[key].map { Double($0) != 1 } ?? false }) { return nil }
        if let stroke = values["stroke"], stroke != "none" { return nil }
        let allowed: Set<String> = ["fill", "fill-rule", "stroke", "style", "d", "id", "class", "xmlns", "viewBox", "width", "height", "version",
                                    "x", "y", "preserveAspectRatio", "enable-background", "xml:space", "data-name", "clip-rule", "role", "aria-hidden",
                                    "aria-label", "aria-labelledby", "focusable", "opacity", "fill-opacity"]
        for key in values.keys where !allowed.contains(key) && !key.hasPrefix("xmlns") {
            // Stroke details are harmless without a stroke, an editor's own attributes draw nothing; any other
            // presentation attribute is not understood here.
            if key.hasPrefix("stroke-") || key.hasPrefix("sodipodi:") || key.hasPrefix("inkscape:") { continue }
            return nil
        }
        if let fill = values["fill"], fill.hasPrefix("url(") { return nil }
        // Classes would need the style sheet to know what they paint (a <style> element is refused already).
        return (values["fill"], values["fill-rule"])
    }

    /// The root's viewBox, or `0 0 width height` from plain numeric sizes.
    private static func viewBox(_ tag: String) -> (x: Double, y: Double, width: Double, height: Double)? {
        if let value = DarkModeSVG.attribute("viewBox", in: tag) {
            let numbers = value.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            return numbers.count == 4 ? (numbers[0], numbers[1], numbers[2], numbers[3]) : nil
        }
        func size(_ name: String) -> Double? {
            guard var value = DarkModeSVG.attribute(name, in: tag) else { return nil }
            if value.hasSuffix("px") { value.removeLast(2) }
            return Double(value)
        }
        guard let width = size("width"), let height = size("height") else { return nil }
        return (0, 0, width, height)
    }

    private static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
