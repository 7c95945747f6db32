import Foundation
import PNGCodec
import Raster

// Apple's pictures: an app-icon set's home-screen, Mac and watch icons, an Icon Composer bundle's appearances, a .icns, launch images.
extension PreviewInventory {
    /// Reads an app-icon set's pictures: all of them, or with `platformsOnly` the Mac and watch icons alone.
    mutating func readIconSet(_ folder: String, limits: PNGLimits, platformsOnly: Bool = false) {
        guard let entries = try? AssetSetContents.read(set: folder).get().entries else {
            notes.append("\((folder as NSString).lastPathComponent): no readable Contents.json")
            return
        }
        struct Entry { var fields: [String: Any]; var filename: String; var pixels: Int }
        // The entry's pixel size as validate reads it (size × scale, range-checked); app icons are square.
        let usable = entries.compactMap { entry -> Entry? in
            guard let filename = entry["filename"] as? String, !filename.contains("/"),
                  let pixels = CatalogReader.expectedPixels(entry, kind: "appiconset"), pixels.width == pixels.height else { return nil }
            return Entry(fields: entry, filename: filename, pixels: pixels.width)
        }
        func path(_ entry: Entry) -> String { (folder as NSString).appendingPathComponent(entry.filename) }
        func label(_ entry: Entry) -> String { "\(entry.filename) · \(CatalogReader.label(entry.fields, kind: "appiconset"))" }
        func appearance(_ entry: Entry) -> String? {
            ((entry.fields["appearances"] as? [Any])?.first as? [String: Any])?["value"] as? String
        }
        let idiom = { (entry: Entry) in entry.fields["idiom"] as? String ?? "" }
        let iOS = usable.filter { ["iphone", "ipad", "ios-marketing"].contains(idiom($0))
            || (idiom($0) == "universal" && (($0.fields["platform"] as? String) ?? "ios") == "ios") }
        // The home-screen picture: the largest iOS icon of each appearance.
        for (value, slot) in [(nil, Appearance.light), ("dark", .dark), ("tinted", .tinted)] as [(String?, Appearance)] where !platformsOnly {
            if let best = iOS.filter({ appearance($0) == value }).max(by: { $0.pixels < $1.pixels }) {
                home[slot] = Self.picture(path(best), label: label(best), limits: limits)
            }
        }
        var seen: Set<String> = []
        for entry in iOS.filter({ !platformsOnly && $0.pixels <= 120 && appearance($0) == nil }).sorted(by: { ($0.pixels, $0.filename) < ($1.pixels, $1.filename) })
        where seen.insert(entry.filename).inserted {
            small.append(Self.picture(path(entry), label: "\(entry.filename) · \(entry.pixels)×\(entry.pixels)", limits: limits))
        }
        if let best = usable.filter({ idiom($0) == "mac" }).max(by: { $0.pixels < $1.pixels }) {
            mac = Self.picture(path(best), label: label(best), limits: limits)
        }
        let isWatch = { (entry: Entry) in ["watch", "watch-marketing"].contains(idiom(entry))
            || (idiom(entry) == "universal" && entry.fields["platform"] as? String == "watchos") }
        if let best = usable.filter(isWatch).max(by: { $0.pixels < $1.pixels }) {
            watch = Self.picture(path(best), label: label(best), limits: limits)
        }
    }

    mutating func readIconComposer(_ bundle: String, limits: PNGLimits) {
        let name = (bundle as NSString).lastPathComponent
        do {
            let document = try IconComposerBundle.read(bundle)
            for appearance in [Appearance.light, .dark, .tinted] {
                let options = IconComposerRenderer.Options(appearance: appearance, pixels: 360)
                let image = try IconComposerRenderer.render(document, options: options, limits: limits)
                home[appearance] = Picture(label: "\(name) · \(appearance.rawValue), rendered", path: bundle, image: image)
            }
            notes.append(IconComposerRenderer.approximation)
        } catch {
            home[.light] = Picture(label: name, path: bundle, problem: "\(error)")
        }
    }

    /// The largest element of a `.icns` file.
    static func readIcns(_ path: String, limits: PNGLimits) -> Picture {
        let name = (path as NSString).lastPathComponent
        do {
            let elements = try Icns.read(try FileIO.read(path)).filter { Icns.pixels(of: $0.type) != nil }
            guard let largest = elements.max(by: { Icns.pixels(of: $0.type)! < Icns.pixels(of: $1.type)! }) else {
                return Picture(label: name, path: path, problem: "no image element")
            }
            return Picture(label: "\(name) · \(largest.type)", path: path, image: try Icns.decode(largest, limits: limits))
        } catch {
            return Picture(label: name, path: path, problem: "\(error)")
        }
    }

    mutating func readLaunchSet(_ folder: String, limits: PNGLimits) {
        guard let entries = try? AssetSetContents.read(set: folder).get().entries else { return }
        var seen: Set<String> = []
        for entry in entries {
            guard let filename = entry["filename"] as? String, !filename.contains("/"), seen.insert(filename).inserted else { continue }
            let path = (folder as NSString).appendingPathComponent(filename)
            launch.append(Self.picture(path, label: "\(filename) · \(CatalogReader.label(entry, kind: "launchimage"))", limits: limits))
        }
    }
}
