import SVGCodec

/// What librsvg will not draw as designed in an SVG (a master, an image-set SVG, an Icon Composer layer): warnings
/// naming each element, since the SVG still draws, only not as it looks in the design tool.
enum SVGChecks {
    static func undrawable(name: String, bytes: [UInt8]) -> [Finding] {
        SVG.undrawable(bytes).map { element in
            switch element.kind {
            case .filter:
                Finding(.svgFilter, .warning, "\(name): \(element)",
                        fix: "flatten the effect into the artwork, or use a filter of primitives librsvg draws (feGaussianBlur, feOffset, feFlood, feComposite, feMerge)")
            case .text:
                Finding(.svgText, .warning, "\(name): \(element)", fix: "convert the text to outlines in the design tool")
            }
        }
    }
}
