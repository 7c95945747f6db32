import Foundation

/// A Tauri app's icons: the files its `tauri.conf.json` lists under `bundle.icon` (`tauri.bundle.icon` in Tauri 1),
/// kept flat in `src-tauri/icons` as `tauri icon` writes them — `32x32.png`, `128x128.png`, `128x128@2x.png` and
/// `icon.png` for Linux, `icon.icns` for macOS, `icon.ico` and the `Square*Logo.png` tiles for Windows. The bundler
/// takes each platform's icon from that list, so a run into the folder refreshes those files in place: no asset catalog,
/// hicolor tree or `.desktop` file beside them, which nothing would read.
enum TauriIcons {
    /// The configuration Tauri reads (JSON; `tauri.conf.json5` and `Tauri.toml` are not read).
    static let configName = "tauri.conf.json"

    /// The Linux PNGs `tauri icon` writes, with their sizes: what a folder without a readable list is given.
    static let defaultPNGs: [(name: String, pixels: Int)] = [("32x32.png", 32), ("128x128.png", 128), ("128x128@2x.png", 256), ("icon.png", 512)]

    /// True for `src-tauri/icons`: a folder named icons in a folder holding `tauri.conf.json`.
    static func isIconFolder(_ folder: String) -> Bool {
        (folder as NSString).lastPathComponent == "icons"
            && FileManager.default.fileExists(atPath: (folder.parentFolder as NSString).appendingPathComponent(configName))
    }

    /// The icon files the configuration lists that lie in `folder` (their names), in its order; nil without a list.
    static func listed(in folder: String) -> [String]? {
        guard let bytes = try? FileIO.readDocument((folder.parentFolder as NSString).appendingPathComponent(configName)),
              let root = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        let bundle = (root["bundle"] as? [String: Any]) ?? ((root["tauri"] as? [String: Any])?["bundle"] as? [String: Any])
        guard let paths = bundle?["icon"] as? [String] else { return nil }
        let prefix = (folder as NSString).lastPathComponent + "/"
        return paths.compactMap { path in
            let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
            guard relative.hasPrefix(prefix) else { return nil }
            let name = String(relative.dropFirst(prefix.count))
            return name.contains("/") ? nil : name
        }
    }

    /// The size a Linux icon's name gives: `32x32.png` 32, `128x128@2x.png` 256, `icon.png` 512 (`tauri icon`'s).
    static func pixels(named name: String) -> Int? {
        guard name.lowercased().hasSuffix(".png") else { return nil }
        let stem = String(name.dropLast(4))
        if stem == "icon" { return 512 }
        let (base, scale) = stem.hasSuffix("@2x") ? (String(stem.dropLast(3)), 2) : (stem, 1)
        let sides = base.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, sides[0] == sides[1], let side = Int(sides[0]), side > 0, side <= 1024 else { return nil }
        return side * scale
    }

    /// The preset's outputs as a Tauri icon folder keeps them. macOS: the `.icns` the list names (else `icon.icns`),
    /// with every element the preset gives it, and no asset catalog. Linux: the list's size-named PNGs and `icon.png`
    /// (else `tauri icon`'s four), each at the size it has (else the one its name says), and no hicolor tree. Other
    /// outputs (Windows', which `WindowsVisualAssets` places) are left as they are.
    static func adopting(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        guard isIconFolder(folder), outputs.contains(where: { $0.role == .mac || $0.role == .linux }) else { return outputs }
        let listed = listed(in: folder)
        let icns = listed?.first { $0.lowercased().hasSuffix(".icns") } ?? "icon.icns"
        var pngs: [(name: String, pixels: Int)] = (listed ?? []).compactMap { name in
            guard let pixels = PNGHeader.size(of: (folder as NSString).appendingPathComponent(name))?.width ?? pixels(named: name) else { return nil }
            return (name, pixels)
        }
        if pngs.isEmpty { pngs = defaultPNGs }
        // icon.png is what `tauri icon` writes beside the list, and Linux bundles fall back to it.
        let iconPNG = (folder as NSString).appendingPathComponent("icon.png")
        if !pngs.contains(where: { $0.name == "icon.png" }), let size = PNGHeader.size(of: iconPNG), size.width == size.height {
            pngs.append(("icon.png", size.width))
        }
        let linuxTemplate = outputs.first { $0.role == .linux && $0.filename?.hasSuffix(".png") == true }
        let result = macIcns(outputs, named: icns).filter { $0.role != .linux }
        return result + (linuxTemplate.map { template in pngs.map { Generator.spec(template, at: $0.name, pixels: $0.pixels) } } ?? [])
    }

    /// The outputs with macOS's reduced to its `.icns` elements, that file named `name` at the folder's top: what a
    /// desktop packager (Tauri's bundler, electron-builder) takes from a folder instead of an asset catalog.
    static func macIcns(_ outputs: [IconSpec], named name: String) -> [IconSpec] {
        outputs.compactMap { spec in
            guard spec.role == .mac else { return spec }
            guard spec.container == .icns else { return nil }
            var adopted = spec
            adopted.filename = name
            adopted.folder = nil
            return adopted
        }
    }
}
