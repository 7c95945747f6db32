import Foundation
import Raster

/// The logos an MSIX/AppX manifest (`Package.appxmanifest`, `AppxManifest.xml`) names: `<Properties><Logo>` (the
/// store logo), and in each `<uap:VisualElements>` the tile, app-list, badge and splash-screen images. Read for
/// `validate`; what each reference resolves to is `WindowsVisualAssets`' business.
struct AppxManifest: Sendable, Equatable {
    /// One image reference: the attribute or element naming it and its path as written (`Assets\StoreLogo.png`).
    struct Reference: Sendable, Equatable {
        var attribute: String
        var path: String

        /// The path with `/` separators, relative to the manifest's folder.
        var relativePath: String { path.replacingOccurrences(of: "\\", with: "/") }
    }

    /// Every image reference, in the order the file gives them (each path once per attribute).
    var references: [Reference]

    /// The attributes holding image paths, with their size at scale-100 in pixels.
    static let imageAttributes: [String: PixelSize] = [
        "Square44x44Logo": PixelSize(width: 44, height: 44), "Square71x71Logo": PixelSize(width: 71, height: 71),
        "Square150x150Logo": PixelSize(width: 150, height: 150), "Wide310x150Logo": PixelSize(width: 310, height: 150),
        "Square310x310Logo": PixelSize(width: 310, height: 310), "Logo": PixelSize(width: 50, height: 50),
        "SplashScreen": PixelSize(width: 620, height: 300), "BadgeLogo": PixelSize(width: 24, height: 24),
    ]

    /// The references in the manifest's text. XML attribute values are read as written (no entity other than
    /// `&amp;` appears in a path in practice); comments are skipped.
    init(text: String) {
        var text = text
        while let open = text.range(of: "<!--") {
            let close = text.range(of: "-->", range: open.upperBound..<text.endIndex)?.upperBound ?? text.endIndex
            text.removeSubrange(open.lowerBound..<close)
        }
        var references: [Reference] = []
        func add(_ attribute: String, _ value: String) {
            let path = value.replacingOccurrences(of: "&amp;", with: "&").trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty, !references.contains(Reference(attribute: attribute, path: path)) else { return }
            references.append(Reference(attribute: attribute, path: path))
        }
        // <Logo>Assets\StoreLogo.png</Logo> under <Properties>.
        var searchFrom = text.startIndex
        while let open = text.range(of: "<Logo>", range: searchFrom..<text.endIndex),
              let close = text.range(of: "</Logo>", range: open.upperBound..<text.endIndex) {
            add("Logo", String(text[open.upperBound..<close.lowerBound]))
            searchFrom = close.upperBound
        }
        for attribute in ["Square150x150Logo", "Square44x44Logo", "Wide310x150Logo", "Square71x71Logo", "Square310x310Logo", "BadgeLogo"] {
            for value in Self.values(of: attribute, in: text) { add(attribute, value) }
        }
        // The splash screen's image is the `Image` attribute of <uap:SplashScreen>.
        var from = text.startIndex
        while let tag = text.range(of: "SplashScreen", range: from..<text.endIndex) {
            let end = text.range(of: ">", range: tag.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
            let element = String(text[tag.upperBound..<end])
            if text[..<tag.lowerBound].hasSuffix(":") || text[..<tag.lowerBound].hasSuffix("<") {
                for value in Self.values(of: "Image", in: element) { add("SplashScreen", value) }
            }
            from = end
        }
        self.references = references
    }

    /// The values of ` attribute="…"` (or single-quoted) in `text`.
    private static func values(of attribute: String, in text: String) -> [String] {
        var values: [String] = []
        var from = text.startIndex
        while let name = text.range(of: attribute, range: from..<text.endIndex) {
            from = name.upperBound
            // A whole attribute name: preceded by white space, followed by optional space and "=".
            guard name.lowerBound > text.startIndex, text[text.index(before: name.lowerBound)].isWhitespace else { continue }
            var index = name.upperBound
            while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) }
            guard index < text.endIndex, text[index] == "=" else { continue }
            index = text.index(after: index)
            while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) }
            guard index < text.endIndex, text[index] == "\"" || text[index] == "'" else { continue }
            let quote = text[index]
            let start = text.index(after: index)
            guard let end = text[start...].firstIndex(of: quote) else { break }
            values.append(String(text[start..<end]))
            from = end
        }
        return values
    }
}
