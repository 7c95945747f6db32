import Foundation
import Yams

/// An Electron app packaged by electron-builder, and where its configuration takes each desktop platform's icon from:
/// `mac.icon`, `win.icon` and `linux.icon` (or the top-level `icon`) in `electron-builder.yml`/`.yaml`/`.json` or
/// package.json's `"build"`, each relative to the project or to `directories.buildResources` (default `build/`); without
/// them, `icon.icns` and `icon.ico` in the resources folder. A run into the folder of such a file refreshes that file
/// in place (MarkText keeps `resources/icons/icon.icns` and `icon.ico`), rather than adding a catalog or `app.ico`.
struct ElectronBuilder: Sendable, Equatable {
    /// The project's folder (the one holding package.json).
    var root: String
    /// `directories.buildResources`, relative to the root.
    var buildResources = "build"
    /// The macOS `.icns` and the Windows `.ico` the configuration names (or the defaults that exist), relative to the root;
    /// the Windows icon may be a PNG, which electron-builder converts (Upscayl's `win.icon: build/icon.png`).
    var macIcon: String?, windowsIcon: String?
    /// The Linux icons, relative to the root: `linux.icon` — a folder of PNGs whose names hold their size (`256x256.png`),
    /// or one PNG — else `icons/` in the resources folder (where it exists, or is to be made: see `resolveLinux`), as
    /// electron-builder looks for them.
    var linuxIcons: String?
    /// The icons the configuration names that are not there (YouTube Music's `assets/generated/icons/…`, made by its
    /// build), as written in it.
    var missingIcons: [String] = []
    /// True when the Windows build makes an AppX/MSIX package: `win.target` names `appx` (as a string, a list of strings,
    /// or objects with `target:`), a package.json script runs electron-builder with it (`--win appx`), the configuration
    /// has an `appx:` section, or the resources folder's `appx/` already holds tiles. That target is the only one reading
    /// those tiles: Upscayl's `nsis` and `zip` read none.
    var buildsAppX = false
    /// The Windows targets as the configuration names them (electron-builder's default is `nsis`), for what a run says.
    var windowsTargets: [String] = []
    /// True when the configuration names an icon for some platform.
    var namesIcons: Bool { windowsIcon != nil || macIcon != nil || hasLinuxIcons }

    /// The configuration files electron-builder reads, in its order.
    static let configNames = ["electron-builder.yml", "electron-builder.yaml", "electron-builder.json"]
    /// The configurations in code it reads after them (`electron-builder.ts`, Mattermost's: an object it exports, whose
    /// `directories.buildResources: 'src/assets'` is where its icons are), read for their string literals, never run.
    static let codeConfigNames = ["electron-builder.js", "electron-builder.cjs", "electron-builder.ts"]

    /// The project at `root`, when its package.json names electron; nil otherwise.
    static func read(root: String) -> ElectronBuilder? {
        guard let bytes = try? FileIO.readDocument((root as NSString).appendingPathComponent("package.json")) else { return nil }
        let package = String(decoding: bytes, as: UTF8.self)
        guard package.contains("\"electron") else { return nil }
        let packageObject = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
        var config: [String: Any] = [:]
        let exists = { (name: String) in FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(name)) }
        // A code configuration's targets are not plain literals by key (`target: ['nsis', 'appx']`): any 'appx' literal is taken as one.
        var codeAppX = false
        if let name = configNames.first(where: exists), let text = try? FileIO.readDocument((root as NSString).appendingPathComponent(name)) {
            // YAML is a superset of JSON: one reader for both spellings.
            config = ((try? Yams.load(yaml: String(decoding: text, as: UTF8.self))) as? [String: Any]) ?? [:]
        } else if let name = codeConfigNames.first(where: exists), let text = try? FileIO.readDocument((root as NSString).appendingPathComponent(name)) {
            let code = String(decoding: text, as: UTF8.self)
            config = nested(ExpoCodeConfig.literals(in: code).strings)
            codeAppX = code.range(of: #"["'`]appx["'`]"#, options: [.regularExpression, .caseInsensitive]) != nil
        } else if let packageObject {
            config = packageObject["build"] as? [String: Any] ?? [:]
        }
        var project = ElectronBuilder(root: root)
        project.windowsTargets = targets((config["win"] as? [String: Any])?["target"])
        if let resources = (config["directories"] as? [String: Any])?["buildResources"] as? String { project.buildResources = resources }
        let scripts = (packageObject?["scripts"] as? [String: Any])?.values.compactMap { $0 as? String } ?? []
        // The project's own AppX settings (an `appx:` section: Super Productivity's, whose AppX build runs from a config of
        // its own), or tiles it keeps in the resources folder's appx/, say it packages one too.
        let tiles = ((try? FileManager.default.contentsOfDirectory(atPath: NSString.path(withComponents: [root, project.buildResources, "appx"]))) ?? [])
        project.buildsAppX = codeAppX || project.windowsTargets.contains { $0.lowercased() == "appx" } || config["appx"] != nil
            || scripts.contains { $0.contains("electron-builder") && $0.range(of: #"\bappx\b"#, options: [.regularExpression, .caseInsensitive]) != nil }
            || tiles.contains { $0.lowercased().hasSuffix(".png") }
        // Each platform's icon as written: its own `icon`, else the common one (not for Linux, whose default is a folder).
        let common = config["icon"] as? String
        let written = { (platform: String) in (config[platform] as? [String: Any])?["icon"] as? String }
        let (mac, win, linux) = (written("mac") ?? common, written("win") ?? common, written("linux"))
        project.macIcon = project.resolve(mac, extension: "icns")
        project.windowsIcon = project.resolve(win, extension: "ico", orPNG: true)
        project.linuxIcons = project.resolveLinux(linux)
        for (key, value, found) in [("mac", mac, project.macIcon), ("win", win, project.windowsIcon), ("linux", linux, project.linuxIcons)] {
            if let value, found == nil { project.missingIcons.append(value + " (\(key).icon)") }
        }
        return project
    }

    /// `win.target` as electron-builder takes it: a name, a list of names, an object with `target:` or a list of them;
    /// without it, `nsis`, its default.
    static func targets(_ value: Any?) -> [String] {
        let names = ((value as? [Any]) ?? [value].compactMap { $0 }).compactMap { $0 as? String ?? ($0 as? [String: Any])?["target"] as? String }
        return names.isEmpty ? ["nsis"] : names
    }

    /// A code configuration's string literals by dotted key (`directories.buildResources`, `mac.icon`) as the nested
    /// object a YAML or JSON one gives; keys deeper than two levels are not icon settings, and are left out.
    static func nested(_ literals: [String: String]) -> [String: Any] {
        var config: [String: Any] = [:]
        for (key, value) in literals {
            let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if parts.count == 1 {
                config[key] = value
            } else if parts.count == 2 {
                var inner = config[parts[0]] as? [String: Any] ?? [:]
                inner[parts[1]] = value
                config[parts[0]] = inner
            }
        }
        return config
    }

    /// The project whose icon folder, resources folder or root `folder` is: package.json up to four folders above.
    static func near(_ folder: String) -> ElectronBuilder? {
        // From the absolute path: a relative folder not made yet (`src/assets/icons` from `--out .`) is not resolved by
        // the file system, and walking up its text ends at "" before the project's root.
        FileIO.nearest(from: URL(fileURLWithPath: folder).standardizedFileURL.path, levels: 4, read(root:))
    }

    /// A configured icon as a path relative to the root: the file as given (relative to the project, else to the
    /// resources folder), with the platform's extension added to a bare name (`icon: build/icon` is both); without
    /// one, `icon.EXT` in the resources folder where it exists. Paths out of the project are not followed. `orPNG`: a
    /// configured `.png` is that file, which electron-builder converts (Windows takes one of 256 px or more), not the
    /// `.EXT` of its name.
    func resolve(_ value: String?, extension ext: String, orPNG: Bool = false) -> String? {
        let manager = FileManager.default
        guard let value else {
            let fallback = (buildResources as NSString).appendingPathComponent("icon." + ext)
            return manager.fileExists(atPath: (root as NSString).appendingPathComponent(fallback)) ? fallback : nil
        }
        let named = value.lowercased().hasSuffix("." + ext) || (orPNG && value.lowercased().hasSuffix(".png")) ? value
            : (value as NSString).deletingPathExtension + "." + ext
        for base in ["", buildResources] {
            let relative = Self.lexical((base as NSString).appendingPathComponent(named))
            guard !relative.hasPrefix("..") && !relative.hasPrefix("/") else { continue }
            if manager.fileExists(atPath: (root as NSString).appendingPathComponent(relative)) { return relative }
        }
        return publicSource(of: Self.lexical(named))
    }

    /// The file in `public/` that a Vite renderer build copies to `relative`, when `relative` is in that build's output
    /// folder and not there yet: Heroic names `build/win_icon.ico` and `build/mac-icon.icns`, which electron-vite's
    /// renderer (`outDir: 'build'`) copies there from `public/`, so `public/` holds the icons a run refreshes. Nil for
    /// any other path, or where the config names no such output folder.
    func publicSource(of relative: String) -> String? {
        let parts = relative.split(separator: "/").map(String.init)
        guard parts.count >= 2, parts[0] != "public", parts[0] != "..", WebApp.isViteProject(root),
              !FileIO.isFolder((root as NSString).appendingPathComponent(parts[0])) else { return nil }
        let source = (["public"] + parts.dropFirst()).joined(separator: "/")
        guard FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(source)) else { return nil }
        let output = #"outDir\s*:\s*["'`]"# + NSRegularExpression.escapedPattern(for: parts[0]) + #"/?["'`]"#
        for name in WebApp.electronViteConfigNames + WebApp.viteConfigNames where name.contains("vite.") {
            guard let bytes = try? FileIO.readPrefix((root as NSString).appendingPathComponent(name), upTo: 1 << 20) else { continue }
            if String(decoding: bytes, as: UTF8.self).range(of: output, options: .regularExpression) != nil { return source }
        }
        return nil
    }

    /// `linux.icon` as a path relative to the root (a folder, or a `.png`; relative to the project, else to the resources
    /// folder); without it, the resources folder's `icons/` where it exists. Paths out of the project are not followed.
    func resolveLinux(_ value: String?) -> String? {
        let candidates = value.map { value in ["", buildResources].map { Self.lexical(($0 as NSString).appendingPathComponent(value)) } }
            ?? [(buildResources as NSString).appendingPathComponent("icons")]
        let found = candidates.first { relative in
            guard !relative.hasPrefix("..") && !relative.hasPrefix("/") else { return false }
            let full = (root as NSString).appendingPathComponent(relative)
            return FileIO.isFolder(full) || (relative.lowercased().hasSuffix(".png") && FileManager.default.fileExists(atPath: full))
        }
        // Nothing configured and no icons/ yet (Stretchly's build/ holds icon.icns, icon.ico and appx/): icons/ in the
        // resources folder is where electron-builder's documentation puts an app's own Linux icons, so that is where a
        // run makes them — its Linux builds show the run's icon whether they read that folder or convert the .icns.
        guard found == nil, value == nil, !buildResources.hasPrefix(".."), FileIO.isFolder((root as NSString).appendingPathComponent(buildResources)) else { return found }
        return (buildResources as NSString).appendingPathComponent("icons")
    }

    /// True when the Linux icon folder is there (not only the place a run would make it).
    var hasLinuxIcons: Bool { linuxIcons.map { FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent($0)) } ?? false }

    /// The folder the Linux icons are in, relative to the root: `linuxIcons` itself, or the folder of its one PNG.
    var linuxFolder: String? {
        linuxIcons.map { $0.lowercased().hasSuffix(".png") ? $0.parentFolder : $0 }
    }

    /// True when `folder` is the folder electron-builder takes the Linux icons from.
    func isLinuxFolder(_ folder: String) -> Bool {
        linuxFolder.map { Self.same((root as NSString).appendingPathComponent($0), folder) } ?? false
    }

    /// The Linux PNGs to write in `folder` when it is the Linux icon folder: the files already there at their own sizes
    /// (read from their headers, else from the size their names hold), else the set electron-builder installs; or the
    /// one configured PNG at its size (512 px when it does not exist yet).
    func linuxPNGs(in folder: String) -> [(name: String, pixels: Int)]? {
        guard let linuxIcons, isLinuxFolder(folder) else { return nil }
        if linuxIcons.lowercased().hasSuffix(".png") {
            let name = (linuxIcons as NSString).lastPathComponent
            return [(name, PNGHeader.size(of: (folder as NSString).appendingPathComponent(name))?.width ?? 512)]
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.lowercased().hasSuffix(".png") }.sorted()
        let existing: [(name: String, pixels: Int)] = names.compactMap { name in
            let size = PNGHeader.size(of: (folder as NSString).appendingPathComponent(name))
            guard let pixels = size.flatMap({ $0.width == $0.height ? $0.width : nil }) ?? Self.pixels(named: name) else { return nil }
            return (name, pixels)
        }
        return existing.isEmpty ? Self.linuxSizes.map { ("\($0)x\($0).png", $0) } : existing
    }

    /// The sizes electron-builder's Linux targets install into the hicolor theme.
    static let linuxSizes = [16, 24, 32, 48, 64, 128, 256, 512]

    /// The side a Linux icon's name gives (`256x256.png`, `icon_64x64.png`): electron-builder reads it from the name.
    static func pixels(named name: String) -> Int? {
        let stem = (name as NSString).deletingPathExtension
        for part in stem.split(whereSeparator: { !$0.isNumber && $0 != "x" }) {
            let sides = part.split(separator: "x", omittingEmptySubsequences: false)
            if sides.count == 2, sides[0] == sides[1], let side = Int(sides[0]), side > 0, side <= 1024 { return side }
        }
        return nil
    }

    /// `path` with its `.` and `folder/..` steps taken out by their text, as Node's `path.resolve` does for
    /// electron-builder: MarkText's `build/../resources/icons/md.ico` is `resources/icons/md.ico` though `build/` (an
    /// output folder) does not exist, which the file system cannot step through, and Foundation's `standardizingPath`
    /// keeps the `..` of a relative path.
    static func lexical(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// True when `a` and `b` name one folder. Each is made absolute before its links are resolved: a folder not made
    /// yet (`build/icons` before a run writes it) keeps the path it is given, and `--out .` gives a relative one
    /// (`src/assets/icons`) where the project's root is absolute — compared as they were, the Linux icon folder was not
    /// recognised and got a hicolor tree, which electron-builder does not read.
    static func same(_ a: String, _ b: String) -> Bool {
        let absolute = { (path: String) in FileIO.realPath(URL(fileURLWithPath: path).standardizedFileURL.path) }
        return absolute(a) == absolute(b)
    }

    /// True when `folder` is this project's resources folder.
    func isResources(_ folder: String) -> Bool {
        Self.same(folder, (root as NSString).appendingPathComponent(buildResources))
    }

    /// True for a folder electron-builder takes icons from: its resources folder, the folder of a configured icon, or
    /// the Linux icon folder.
    static func isIconFolder(_ folder: String) -> Bool {
        guard let project = near(folder) else { return false }
        return project.isResources(folder) || project.icon(project.macIcon, in: folder) != nil || project.icon(project.windowsIcon, in: folder) != nil
            || project.isLinuxFolder(folder)
    }

    /// The configured icon's name when it lies directly in `folder`.
    func icon(_ relative: String?, in folder: String) -> String? { Self.icon(relative, root: root, in: folder) }

    /// The name of `relative` (a path from `root`) when the file lies directly in `folder`: how a packager's configured
    /// icon is matched to the folder a run writes into (electron-builder's, a Compose desktop app's).
    static func icon(_ relative: String?, root: String, in folder: String) -> String? {
        guard let relative, same((root as NSString).appendingPathComponent(relative).parentFolder, folder) else { return nil }
        return (relative as NSString).lastPathComponent
    }

    /// The outputs as the project keeps them in `folder`: macOS's as the configured `.icns` (or `icon.icns` in the
    /// resources folder) with every element the preset gives it, and no asset catalog beside it; Linux's as the PNGs of
    /// its icon folder (no hicolor tree: electron-builder installs them into one itself, under the app's name).
    static func adopting(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        guard !TauriIcons.isIconFolder(folder), let project = near(folder) else { return outputs }
        var result = outputs
        if outputs.contains(where: { $0.role == .mac }),
           let icns = project.icon(project.macIcon, in: folder) ?? (project.isResources(folder) ? "icon.icns" : nil) {
            result = TauriIcons.macIcns(result, named: icns)
        }
        if let pngs = project.linuxPNGs(in: folder), let template = result.first(where: { $0.role == .linux && $0.filename?.hasSuffix(".png") == true }) {
            result = result.filter { $0.role != .linux } + pngs.map { Generator.spec(template, at: $0.name, pixels: $0.pixels) }
        }
        return result
    }
}
