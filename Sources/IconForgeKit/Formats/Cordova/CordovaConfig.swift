import Foundation
import Raster

/// A Cordova app's `config.xml` (PhoneGap's and Ionic 1–3's too: a `<widget>` of the W3C widgets namespace): the icons
/// its `<icon>` elements name, which `cordova prepare` copies into the native projects it makes under `platforms/` —
/// Android's by `density` into `mipmap-*/ic_launcher.png` (an adaptive icon's from `foreground`, `background` and `monochrome`), iOS's
/// by `width` and `height` into the app icon set. The one reader of that file.
struct CordovaConfig: Sendable {
    static let fileName = "config.xml"

    /// One file an `<icon>` element names.
    struct Icon: Sendable {
        /// `android`, `ios` or another `<platform name>`; nil for an icon outside every `<platform>` (the default icon).
        var platform: String?
        /// The attribute naming the file: `src`, or an adaptive icon's `foreground`, `background` or `monochrome` (cordova-android 12).
        var attribute: String
        /// The path as written, relative to the project's folder.
        var path: String
        var density: String?
        var width: Int?
        var height: Int?
        /// The element's line in config.xml.
        var line: Int
    }

    /// The full path of config.xml.
    var file: String
    var icons: [Icon]

    /// Android's launcher icon (48 dp) and adaptive layer (108 dp) in pixels at each density cordova-android knows:
    /// Android's own table (`AndroidResourceChecks.densities`) and the ldpi it still copies.
    static let densities = [(name: "ldpi", legacy: 36, layer: 81)] + AndroidResourceChecks.densities

    /// The config.xml of the Cordova app in `root`; nil when there is none, or the file is no Cordova configuration.
    static func read(root: String) -> CordovaConfig? {
        let file = (root as NSString).appendingPathComponent(fileName)
        guard let bytes = try? FileIO.readDocument(file) else { return nil }
        return parse(String(decoding: bytes, as: UTF8.self), file: file)
    }

    /// The icons of a config.xml's text, in document order.
    static func parse(_ text: String, file: String) -> CordovaConfig? {
        let live = AndroidProject.withoutComments(text)
        guard let widget = live.firstMatch(of: /<widget\b[^>]*>/), widget.output.contains("http://www.w3.org/ns/widgets") else { return nil }
        var icons: [Icon] = []
        var platform: String?
        var line = 1
        var scanned = live.startIndex
        for tag in live.matches(of: /<(\/?)(platform|icon)\b([^>]*)>/) {
            line += live[scanned..<tag.range.lowerBound].reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
            scanned = tag.range.lowerBound
            let attributes = WebPage.attributes(tag.output.3)
            if tag.output.2 == "platform" {
                platform = tag.output.1.isEmpty && !tag.output.3.hasSuffix("/") ? attributes["name"] : nil
                continue
            }
            guard tag.output.1.isEmpty else { continue }
            for attribute in ["src", "foreground", "background", "monochrome"] {
                guard let path = attributes[attribute], !path.isEmpty, !path.hasPrefix("@") else { continue }
                icons.append(Icon(platform: platform, attribute: attribute, path: path, density: attributes["density"],
                                  width: attributes["width"].flatMap { Int($0) }, height: attributes["height"].flatMap { Int($0) }, line: line))
            }
        }
        return CordovaConfig(file: file, icons: icons)
    }

    /// The file an icon names.
    func file(of icon: Icon) -> String { (file.parentFolder as NSString).appendingPathComponent(icon.path) }

    /// The icons of the `<platform>` elements named in `platforms`, in document order (not the default icon outside them).
    func icons(for platforms: Set<String>) -> [Icon] { icons.filter { $0.platform.map(platforms.contains) ?? false } }

    /// The path of an icon's file relative to the project's folder, without `./` or `..` steps; nil for one outside it
    /// (an absolute path, one climbing out) or a URL.
    func relativePath(of icon: Icon) -> String? {
        guard !icon.path.hasPrefix("/"), !icon.path.contains("://"), !icon.path.contains("\\") else { return nil }
        var parts: [Substring] = []
        for part in icon.path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// The pixels `cordova prepare` puts the icon's file in: Android's launcher size at its density (an adaptive layer's
    /// 108 dp), or iOS's `width` × `height`; nil for the default icon and a size it does not give.
    func expectedPixels(of icon: Icon) -> PixelSize? {
        if icon.platform == "android", let density = Self.densities.first(where: { $0.name == icon.density }) {
            let pixels = icon.attribute == "src" ? density.legacy : density.layer
            return PixelSize(width: pixels, height: pixels)
        }
        if icon.platform == "ios", let width = icon.width, let height = icon.height ?? icon.width, width > 0, height > 0, width <= 4096, height <= 4096 {
            return PixelSize(width: width, height: height)
        }
        return nil
    }
}
