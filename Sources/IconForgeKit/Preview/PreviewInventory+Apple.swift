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

// Layered icons: tvOS's brand assets (the App Icon's image stack and the Top Shelf images) and visionOS's solid image stack.
extension PreviewInventory {
    /// The largest picture of an image set (by scale; the file the entry names), or nil when it names none.
    static func largestPicture(inSet set: String, label: String, limits: PNGLimits) -> Picture? {
        guard let entries = try? AssetSetContents.read(set: set).get().entries else { return nil }
        let scale = { (entry: [String: Any]) in Double(((entry["scale"] as? String) ?? "1x").dropLast()) ?? 1 }
        guard let best = entries.filter({ ($0["filename"] as? String).map { !$0.contains("/") } ?? false }).max(by: { scale($0) < scale($1) }),
              let filename = best["filename"] as? String else { return nil }
        return picture((set as NSString).appendingPathComponent(filename), label: label, limits: limits)
    }

    /// A layered icon as the system draws it at rest (no parallax): each layer's largest picture, back to front, centred
    /// on the back layer at the back layer's scale. The tile's path is the stack's (its findings are the layers').
    static func readStack(_ stack: String, label: String, limits: PNGLimits) -> Picture {
        guard let fields = try? ContentsJSON.containerFields(at: (stack as NSString).appendingPathComponent("Contents.json")) else {
            return Picture(label: label, path: stack, problem: "no readable Contents.json")
        }
        var layers: [Picture] = []
        for layer in ImageStack.layers(fields).reversed() {
            let set = ((stack as NSString).appendingPathComponent(layer) as NSString).appendingPathComponent("Content.imageset")
            if let picture = largestPicture(inSet: set, label: layer, limits: limits) { layers.append(picture) }
        }
        guard let back = layers.first?.image else {
            return Picture(label: label, path: stack, problem: layers.first?.problem ?? "no layer picture")
        }
        var canvas = back
        for layer in layers.dropFirst() {
            guard let image = layer.image else { return Picture(label: label, path: layer.path, problem: layer.problem) }
            // A layer at another size than the back (a smaller logo) is centred, as the system places it.
            canvas = canvas.drawing(image, atX: (canvas.width - image.width) / 2, y: (canvas.height - image.height) / 2)
        }
        return Picture(label: "\(label) · \(layers.count) \(layers.count == 1 ? "layer" : "layers")", path: stack, image: canvas)
    }

    /// tvOS's brand assets: the home-screen App Icon (the smaller of its primary icons; the larger is the App Store's),
    /// then the Top Shelf images.
    mutating func readBrandAssets(_ folder: String, limits: PNGLimits) {
        guard let members = BrandAssets.members(of: folder) else {
            notes.append("\((folder as NSString).lastPathComponent): no readable Contents.json")
            return
        }
        let name = (folder as NSString).lastPathComponent
        if let icon = members.filter({ $0.role == "primary-app-icon" }).min(by: { $0.size.width < $1.size.width }) {
            tv.append(Self.readStack((folder as NSString).appendingPathComponent(icon.filename), label: "\(name) · \(icon.filename)", limits: limits))
        }
        for role in ["top-shelf-image", "top-shelf-image-wide"] {
            guard let member = members.first(where: { $0.role == role }) else { continue }
            let set = (folder as NSString).appendingPathComponent(member.filename)
            if let picture = Self.largestPicture(inSet: set, label: "\(member.filename) · \(member.size)", limits: limits) { tv.append(picture) }
        }
    }
}
