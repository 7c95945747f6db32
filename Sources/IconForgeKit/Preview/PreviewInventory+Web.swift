import Foundation
import PNGCodec
import Raster

// A website's and a browser extension's pictures: the manifest's maskable icon, the touch icon, favicons, toolbar icons.
extension PreviewInventory {
    /// The toolbar button's 16 and 32 px icons: its `default_icon` of that size, else `icons`'.
    mutating func readExtension(_ manifest: String, limits: PNGLimits) {
        guard let root = ExtensionManifest.read(manifest) else { return }
        let folder = manifest.parentFolder, scope = FolderScope(folder)
        let declared = ExtensionManifest.declaredIcons(root)
        let buttons = ExtensionManifest.actionKeys(version: ExtensionManifest.version(root)).map { $0 + ".default_icon" }
        for size in ExtensionManifest.actionSizes {
            let candidates = declared.filter { $0.size == size }
            // Without an icon declared at the size, the browser scales another to it: the button's one path (Tridactyl's
            // browser_action.default_icon, static/logo/Tridactyl_32px.png), else the nearest larger `icons` entry (its
            // 64, 100 and 150), else the largest smaller one.
            let exact = candidates.first(where: { buttons.contains($0.place) }) ?? candidates.first(where: { $0.place == "icons" })
            let sized = declared.filter { $0.place == "icons" && $0.size != nil }
            let scaled = exact == nil ? declared.first(where: { buttons.contains($0.place) && $0.size == nil })
                ?? sized.filter { $0.size! > size }.min(by: { $0.size! < $1.size! }) ?? sized.max(by: { $0.size! < $1.size! }) : nil
            guard let icon = exact ?? scaled, let file = ExtensionManifest.file(icon.path, in: folder) else { continue }
            let path = (folder as NSString).appendingPathComponent(file)
            guard scope.contains(path), FileManager.default.fileExists(atPath: path) else { continue }
            var picture = Self.picture(path, label: "\(icon.path) · \(size) px" + (scaled != nil ? ", scaled by the browser" : ""), limits: limits)
            if scaled != nil, let image = picture.image, image.size != PixelSize(width: size, height: size) {
                picture.image = Resampler.resize(image, to: PixelSize(width: size, height: size), options: ResizeOptions(fit: .fill))
            }
            extensionIcons.append(picture)
        }
    }


    /// Files that make a folder a website's icons.
    static let webIconNames: Set<String> = ["apple-touch-icon.png", "favicon-16x16.png", "favicon-32x32.png"]

    mutating func readWeb(folder: String, manifest: String?, limits: PNGLimits) {
        // Nothing outside the web folder is opened: not through `..`, not through a link that leaves it.
        let scope = FolderScope(folder)
        func local(_ source: String) -> String? {
            let clean = String(source.prefix { $0 != "?" && $0 != "#" })
            guard !clean.contains("://"), !clean.hasPrefix("data:"), !clean.split(separator: "/").contains("..") else { return nil }
            let path = (folder as NSString).appendingPathComponent(clean.hasPrefix("/") ? String(clean.dropFirst()) : clean)
            return scope.contains(path) ? path : nil
        }
        // The manifest's icons resolve as generate and validate resolve them: from the manifest's own folder.
        if let manifest, scope.contains(manifest), let document = WebManifestDocument.read(manifest) {
            let site = WebApp(manifest: manifest, scope: scope)
            let maskables = document.icons.filter { ($0["purpose"] as? String ?? "").split(separator: " ").contains("maskable") }
            let widest = maskables.max { Self.manifestWidth($0) < Self.manifestWidth($1) }
            if let source = widest?["src"] as? String, !site.cannotResolve(source), let path = site.resolve(source, base: manifest.parentFolder),
               scope.contains(path) {
                maskable = Self.picture(path, label: "\(source) · maskable", limits: limits)
            }
        }
        // The icons the page links first (Flutter's touch icon is its manifest's Icon-192.png), then the usual names.
        let linked = WebPage.linkedIcons(in: folder)
        let touchName = linked.first(where: \.touchIcon)?.href ?? "apple-touch-icon.png"
        if let touch = local(touchName), FileManager.default.fileExists(atPath: touch) { touchIcon = Self.picture(touch, label: touchName, limits: limits) }
        var names = linked.filter { !$0.touchIcon }.sorted { $0.pixels < $1.pixels }.map(\.href)
        for name in ["favicon-16x16.png", "favicon-32x32.png"] where !names.contains(name) { names.append(name) }
        for name in names {
            if let path = local(name), FileManager.default.fileExists(atPath: path) { favicons.append(Self.picture(path, label: name, limits: limits)) }
        }
    }

    static func manifestWidth(_ icon: [String: Any]) -> Int {
        (icon["sizes"] as? String ?? "").split(separator: " ").compactMap { PixelSize(parsing: String($0))?.width }.max() ?? 0
    }
}
