import Foundation

/// A Tauri app's icons: the files its configuration (`tauri.conf.json`, `tauri.conf.json5` or `Tauri.toml`:
/// `TauriConfig`) lists under `bundle.icon` (`tauri.bundle.icon` in Tauri 1),
/// kept flat in `src-tauri/icons` as `tauri icon` writes them — `32x32.png`, `128x128.png`, `128x128@2x.png` and
/// `icon.png` for Linux, `icon.icns` for macOS, `icon.ico` and the `Square*Logo.png` tiles for Windows. The bundler
/// takes each platform's icon from that list, so a run into the folder refreshes those files in place: no asset catalog,
/// hicolor tree or `.desktop` file beside them, which nothing would read.
enum TauriIcons {
    /// The Linux PNGs `tauri icon` writes, with their sizes: what a folder without a readable list is given.
    static let defaultPNGs: [(name: String, pixels: Int)] = [("32x32.png", 32), ("128x128.png", 128), ("128x128@2x.png", 256), ("icon.png", 512)]

    /// True for a Tauri app's icon folder: `icons` beside the app's configuration (`src-tauri/icons`), or the folder
    /// of files its `bundle.icon` lists (gg's `res/icons`, beside a `Tauri.toml` at the repository's root).
    static func isIconFolder(_ folder: String) -> Bool {
        if (folder as NSString).lastPathComponent == "icons", TauriConfig.file(in: folder.parentFolder) != nil { return true }
        return listed(in: folder)?.isEmpty == false
    }

    /// The icon files the configuration lists that lie in `folder` (their names), in its order; nil without a list. The
    /// platform files' lists count too (pot's `tauri.macos.conf.json` lists `icons_mac/icon.icns`), and so do those of the
    /// configurations a build merges with `--config` (Yaak's `tauri.development.conf.json` lists `icons/dev/…`, which
    /// its `tauri icon --output icons/dev` makes): each is a folder some build takes its icons from.
    static func listed(in folder: String) -> [String]? {
        guard let app = appFolder(above: folder), let config = TauriConfig.file(in: app) else { return nil }
        let platformFiles = ["windows", "macos", "linux"].map { TauriConfig.platformFile(of: config, platform: $0) }
        let merged = TauriConfig.mergedFiles(in: app).filter { !platformFiles.contains($0) }
        let lists = ([config] + platformFiles + merged).compactMap(TauriConfig.iconList(at:))
        guard !lists.isEmpty else { return nil }
        let target = URL(fileURLWithPath: folder).standardizedFileURL.path
        var names: [String] = []
        for path in lists.joined() {
            let full = URL(fileURLWithPath: (app as NSString).appendingPathComponent(path)).standardizedFileURL.path
            let name = (full as NSString).lastPathComponent
            if full.parentFolder == target, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The folder of the Tauri app in `app` that its icons are in, relative to `app`: the folder of the first file
    /// `bundle.icon` lists (when inside `app`), else `icons`; nil when there is no configuration in `app`.
    static func iconFolder(app: String) -> String? {
        guard let config = TauriConfig.file(in: app) else { return nil }
        return TauriConfig.iconList(at: config)?.first.flatMap(folderInside) ?? "icons"
    }

    /// The folder of the `.icns` macOS builds take (relative to `app`, when inside it): the first one the macOS file's
    /// `bundle.icon` lists (Tauri merges `tauri.macos.conf.json` over the main file, so its list replaces the other:
    /// pot's `icons_mac/icon.icns`), else the main file's; nil when neither lists one.
    static func icnsFolder(app: String) -> String? { platformFolder(app: app, platform: "macos", ext: "icns") }

    /// The folder of the first `.EXT` file builds for `platform` list (relative to `app`, when inside it): Pake's
    /// `tauri.windows.conf.json` lists `png/weekly_256.ico` and its `tauri.linux.conf.json` `png/weekly_512.png`,
    /// while `icons/` holds only its macOS `.icns` files.
    static func platformFolder(app: String, platform: String, ext: String) -> String? {
        platformIconList(app: app, platform: platform)?.first { $0.lowercased().hasSuffix("." + ext) }.flatMap(folderInside)
    }

    /// The folder of a file `bundle.icon` lists, relative to the app, when it is a folder inside the app.
    private static func folderInside(_ listed: String) -> String? {
        let relative = (listed.parentFolder as NSString).standardizingPath
        return relative.isEmpty || relative == "." || relative.hasPrefix("..") || relative.hasPrefix("/") ? nil : relative
    }

    /// The Tauri app folder (`src-tauri`, the one holding `tauri.conf.json`, `tauri.conf.json5` or `Tauri.toml`) at or
    /// up to three folders above `folder`.
    static func appFolder(above folder: String) -> String? {
        var current = URL(fileURLWithPath: folder).standardizedFileURL.path
        for _ in 0...3 {
            if TauriConfig.file(in: current) != nil { return current }
            let parent = current.parentFolder
            guard parent != current, !parent.isEmpty else { return nil }
            current = parent
        }
        return nil
    }

    /// The `bundle.icon` list Windows builds use, paths relative to `app` (the folder of the configuration): the
    /// Windows file's (`tauri.windows.conf.json`, or its JSON5 or TOML twin) when it has one (Tauri merges it over the
    /// main file as a JSON merge patch, so its list replaces the other), else the main file's (`tauri.bundle.icon` in
    /// Tauri 1); nil without a list.
    static func windowsIconList(app: String) -> [String]? { platformIconList(app: app, platform: "windows") }

    /// The `bundle.icon` list builds for `platform` (`windows`, `macos`, `linux`) use: the platform file's when it has
    /// one, else the main file's.
    static func platformIconList(app: String, platform: String) -> [String]? {
        guard let config = TauriConfig.file(in: app) else { return nil }
        return TauriConfig.iconList(at: TauriConfig.platformFile(of: config, platform: platform)) ?? TauriConfig.iconList(at: config)
    }

    /// The Windows app icon of the Tauri app in `app`, a full path: the first `.ico` its `bundle.icon` lists (what
    /// tauri-build embeds as the executable's icon and tauri-codegen makes the default window icon from), else
    /// `icons/icon.ico`, Tauri's default.
    static func windowsAppIcon(app: String) -> String {
        let listed = windowsIconList(app: app)?.first { $0.lowercased().hasSuffix(".ico") } ?? "icons/icon.ico"
        return URL(fileURLWithPath: (app as NSString).appendingPathComponent(listed)).standardizedFileURL.path
    }

    /// The Tauri version the app in `app` builds with, as (major, minor), when its `Cargo.toml` gives the `tauri`
    /// crate's (`tauri = "2.10.2"`, `tauri = { version = "2.10.2", … }`), else the project's `package.json` above it
    /// gives `@tauri-apps/cli`'s or `@tauri-apps/api`'s (a range's first version: `^2.10.0` is 2.10).
    static func version(app: String) -> (major: Int, minor: Int)? {
        func parse(_ text: Substring) -> (major: Int, minor: Int)? {
            let digits = text.drop { !$0.isNumber }
            let parts = digits.prefix { $0.isNumber || $0 == "." }.split(separator: ".")
            guard let major = parts.first.flatMap({ Int($0) }) else { return nil }
            return (major, parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
        }
        if let bytes = try? FileIO.readPrefix((app as NSString).appendingPathComponent("Cargo.toml"), upTo: 1 << 20) {
            let text = String(decoding: bytes, as: UTF8.self)
            for line in text.split(whereSeparator: \.isNewline) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("tauri"), let equals = trimmed.firstIndex(of: "="),
                      trimmed[..<equals].trimmingCharacters(in: .whitespaces) == "tauri" else { continue }
                var value = trimmed[trimmed.index(after: equals)...]
                if let key = value.range(of: "version") { value = value[key.upperBound...] } else if value.contains("{") { return nil }
                guard let quote = value.firstIndex(where: { $0 == "\"" || $0 == "'" }) else { return nil }
                return parse(value[value.index(after: quote)...])
            }
        }
        for folder in [app.parentFolder, app] {
            guard let bytes = try? FileIO.readPrefix((folder as NSString).appendingPathComponent("package.json"), upTo: 1 << 20),
                  let root = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { continue }
            for section in ["dependencies", "devDependencies"] {
                guard let entries = root[section] as? [String: Any] else { continue }
                for name in ["@tauri-apps/cli", "@tauri-apps/api"] {
                    if let given = entries[name] as? String, let version = parse(Substring(given)) { return version }
                }
            }
        }
        return nil
    }

    /// True for a Tauri version whose window icon is the `.ico`'s first entry: tauri-codegen before 2.7 (Tauri before
    /// 2.12) embeds `entries()[0]` as the default window icon (tauri-apps/tauri#14596, fixed by #15241, which takes
    /// the largest; 2.12 loads the executable's icon resource instead).
    static func takesFirstIcoEntry(_ version: (major: Int, minor: Int)) -> Bool {
        version.major < 2 || (version.major == 2 && version.minor < 12)
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
