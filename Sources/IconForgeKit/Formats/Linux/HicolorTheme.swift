import Foundation
import PNGCodec

/// The freedesktop.org hicolor icon theme, the fallback every Linux desktop looks an app's icon up in: an icon
/// `NAME` is found as `hicolor/<size>/apps/NAME.png` (or `.svg` under `scalable/`) only in the size folders the
/// theme's `index.theme` declares — an icon in `hicolor/1024x1024/apps` is never found, and the desktop shows a
/// generic one.
package enum HicolorTheme {
    /// The pixel sizes whose `apps` folders hicolor 0.17 (Debian 12, Fedora, Arch) declares.
    package static let declaredSizes = [16, 22, 24, 32, 36, 48, 64, 72, 96, 128, 192, 256, 512]
    /// The size every app must install (Icon Theme Specification, "Installing Application Icons").
    package static let requiredSize = 48
    /// The theme's own folder name.
    package static let folderName = "hicolor"

    /// True unless the `hicolor/` tree at `path` holds icons of other contexts only: Foliate's `src/icons/hicolor` has
    /// `scalable/actions` (the symbolic icons it compiles into its resources), no `apps`, and is not where its app icon
    /// lives. A tree with no context folder yet is taken as an app's.
    package static func holdsAppIcons(_ path: String) -> Bool {
        let manager = FileManager.default
        var contexts = Set<String>()
        for size in ((try? manager.contentsOfDirectory(atPath: path)) ?? []) where !size.hasPrefix(".") {
            for context in ((try? manager.contentsOfDirectory(atPath: (path as NSString).appendingPathComponent(size))) ?? []) where !context.hasPrefix(".") {
                if context == "apps" { return true }
                contexts.insert(context)
            }
        }
        return contexts.isEmpty
    }

    /// A size folder's name parsed: "48x48" is 48 at scale 1, "48x48@2" 48 at scale 2; nil for "scalable",
    /// "symbolic" and anything else.
    package static func size(ofFolder name: String) -> (pixels: Int, scale: Int)? {
        let parts = name.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = parts.first else { return nil }
        let sides = first.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, sides[0] == sides[1], let side = Int(sides[0]), side > 0 else { return nil }
        if parts.count == 2 {
            guard let scale = Int(parts[1]), scale > 1 else { return nil }
            return (side, scale)
        }
        return (side, 1)
    }

    /// True when the theme declares the folder (`48x48`, `48x48@2`, `scalable`, `symbolic`).
    package static func declares(folder name: String) -> Bool {
        if name == "scalable" || name == "symbolic" { return true }
        guard let size = size(ofFolder: name) else { return false }
        return declaredSizes.contains(size.pixels) && size.scale <= 2
    }

    /// The icon name of a file named as KDE's Extra CMake Modules install it into hicolor (`ecm_install_icons`):
    /// `<size>-<group>-<name>.<ext>`, the size a number or `sc` (scalable), the group `apps` — Zeal's
    /// `assets/freedesktop/128-apps-zeal.png` becomes `hicolor/128x128/apps/zeal.png` — or the legacy KDE 4 form
    /// with a theme prefix and the group `app` (`hi48-app-zeal.png`). Nil for any other name or group.
    package static func ecmIconName(ofFile file: String) -> String? { ecmIcon(ofFile: file)?.name }

    /// A file named as Extra CMake Modules install it, parsed: `hi48-app-zeal.png` is theme `hi`, size 48, group `app`,
    /// name `zeal`; `sc-apps-zeal.svg` has no size (scalable).
    package struct ECMIcon: Sendable, Equatable {
        /// The file's name.
        package var file: String
        /// The icon's name (what `Icon=` names).
        package var name: String
        /// The pixel size the name gives; nil for `sc` (scalable).
        package var pixels: Int?
        /// The legacy theme prefix (`hi`), or "".
        package var theme: String
        /// `apps`, or the legacy `app`.
        package var group: String

        /// The name a file of this scheme takes for `name` at `pixels` (nil: scalable) with extension `ext`.
        package func named(_ name: String, pixels: Int?, ext: String) -> String {
            "\(theme)\(pixels.map(String.init) ?? "sc")-\(group)-\(name).\(ext)"
        }
    }

    /// `file` parsed as an Extra CMake Modules icon name of the `apps` group; nil for any other name or group.
    package static func ecmIcon(ofFile file: String) -> ECMIcon? {
        let ext = (file as NSString).pathExtension.lowercased()
        guard ["png", "svg", "svgz", "xpm"].contains(ext) else { return nil }
        let parts = (file as NSString).deletingPathExtension.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1] == "apps" || parts[1] == "app", !parts[2].isEmpty else { return nil }
        // The size, after an optional two-letter theme of the legacy form (hi, ox, br, lo, cr).
        var size = Substring(parts[0]), theme = ""
        if size.count > 2, size.prefix(2).allSatisfy({ $0.isASCII && $0.isLowercase }), size.dropFirst(2).first.map({ $0.isNumber || $0 == "s" }) == true {
            theme = String(size.prefix(2))
            size = size.dropFirst(2)
        }
        guard size == "sc" || (!size.isEmpty && size.allSatisfy { $0.isASCII && $0.isNumber }) else { return nil }
        return ECMIcon(file: file, name: String(parts[2]), pixels: size == "sc" ? nil : Int(size), theme: theme, group: String(parts[1]))
    }

    /// The icons named as Extra CMake Modules name them directly in `folder` (Zeal's `assets/freedesktop`), by file name.
    package static func ecmIcons(in folder: String) -> [ECMIcon] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []).sorted().compactMap { file in
            file.hasPrefix(".") ? nil : ecmIcon(ofFile: file)
        }
    }

    /// The `linux` preset's PNGs as a folder of Extra CMake Modules icons keeps them (`ecm_install_icons` installs
    /// `128-apps-zeal.png` as `hicolor/128x128/apps/zeal.png`): the app's files refreshed under their own names at the
    /// sizes those names give, the preset's other sizes added in the same scheme, and no hicolor tree. Unchanged where
    /// the folder holds no such icon.
    static func adoptingECMNames(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        let isPNG = { (spec: IconSpec) in spec.role == .linux && spec.filename?.lowercased().hasSuffix(".png") == true }
        guard let template = outputs.first(where: isPNG), let filename = template.filename else { return outputs }
        let icons = ecmIcons(in: folder)
        guard !icons.isEmpty else { return outputs }
        let id = (filename as NSString).deletingPathExtension
        let own = icons.filter { $0.name == id }
        let scheme = own.first ?? icons[0]
        var files: [Int: String] = [:]
        for spec in outputs where isPNG(spec) {
            if let side = spec.pixels?.width { files[side] = scheme.named(id, pixels: side, ext: "png") }
        }
        for icon in own where (icon.file as NSString).pathExtension.lowercased() == "png" {
            if let side = icon.pixels, side > 0, side <= 1024 { files[side] = icon.file }
        }
        return outputs.filter { $0.role != .linux } + files.keys.sorted().map { Generator.spec(template, at: files[$0]!, pixels: $0) }
    }

    /// The app icon names of a folder whose `meson.build` installs its SVGs into the hicolor theme itself (Kooha's
    /// `data/icons`: `io.github.seadve.Kooha.svg`, which `install_data(…, install_dir: iconsdir / 'hicolor' / 'scalable' /
    /// 'apps')` installs), symbolic icons aside: empty for a folder with a `hicolor/` tree of app icons of its own, or
    /// whose `meson.build` installs nothing into hicolor. A `hicolor/` beside them of other contexts only
    /// (`holdsAppIcons`: Extension Manager's `data/icons/hicolor/scalable/actions/`, symbolic action icons its
    /// GResource bundles) is not where the app's icon is.
    package static func mesonIcons(in folder: String) -> [String] {
        let manager = FileManager.default
        let theme = (folder as NSString).appendingPathComponent(folderName)
        guard !FileIO.isFolder(theme) || !holdsAppIcons(theme), mesonBuild(installing: folder) != nil else { return [] }
        return ((try? manager.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []).sorted().compactMap { file in
            guard !file.hasPrefix("."), file.lowercased().hasSuffix(".svg") else { return nil }
            let name = (file as NSString).deletingPathExtension
            return name.hasSuffix("-symbolic") ? nil : name
        }
    }

    /// The folder of the `meson.build` that installs `folder`'s SVGs into the hicolor theme: `folder` itself where it has
    /// one naming hicolor (Kooha's `data/icons`), else, where it has none, the one up to three folders above that installs
    /// an SVG by its path from there into a hicolor `apps` folder (rnote's `crates/rnote-ui/data/meson.build`:
    /// `install_data('icons/scalable/apps/' + app_name + '.svg', install_dir: iconsdir / 'hicolor' / 'scalable' / 'apps',
    /// rename: app_id + '.svg')`, for `icons/scalable/apps`, which holds no hicolor level of its own).
    static func mesonBuild(installing folder: String) -> String? {
        let own = (folder as NSString).appendingPathComponent("meson.build")
        if let bytes = try? FileIO.readDocument(own) { return String(decoding: bytes, as: UTF8.self).contains(folderName) ? folder : nil }
        let absolute = FileIO.realPath(URL(fileURLWithPath: folder).standardizedFileURL.path)
        return FileIO.nearest(from: absolute.parentFolder, levels: 2) { candidate -> String? in
            guard let bytes = try? FileIO.readDocument((candidate as NSString).appendingPathComponent("meson.build")),
                  let inside = FileIO.relativePath(absolute, to: candidate) else { return nil }
            return mesonAppFolders(String(decoding: bytes, as: UTF8.self)).contains(inside) ? candidate : nil
        }
    }

    /// The folders (relative to the `meson.build` of `text`) whose SVGs its `install_data` calls install into a hicolor
    /// `apps` folder, by a path literal: `'icons/scalable/apps/' + app_name + '.svg'` gives `icons/scalable/apps`. A call
    /// into `mimetypes` or a GResource's file list is not the app's icon.
    static func mesonAppFolders(_ text: String) -> [String] {
        var folders: [String] = [], rest = Substring(text)
        while let start = rest.range(of: "install_data(") {
            // The call's arguments, to its closing parenthesis.
            var depth = 1, end = start.upperBound
            while end < rest.endIndex, depth > 0 {
                if rest[end] == "(" { depth += 1 } else if rest[end] == ")" { depth -= 1 }
                end = rest.index(after: end)
            }
            let call = rest[start.upperBound..<end]
            rest = rest[end...]
            guard call.contains(folderName), call.contains("'apps'") || call.contains("/apps'"),
                  let literal = call.firstMatch(of: /['"]([^'"\n]*)['"]/)?.output.1, literal.contains("/"),
                  case let path = String(literal[..<literal.lastIndex(of: "/")!]), !path.isEmpty, !path.hasPrefix("/") else { continue }
            if !folders.contains(path) { folders.append(path) }
        }
        return folders
    }

    /// True for a folder whose `meson.build` installs its `hicolor/` tree's SVGs file by file and names no bitmap (Bottles'
    /// `data/icons`: `install_data(scalable_dir / ('@0@.svg').format(APP_ID), …)` and the symbolic icon, from
    /// `hicolor/scalable/apps` and `hicolor/symbolic/apps`): meson installs only the files it lists, so size folders of
    /// PNGs added to the tree would be installed by nothing. False where it installs the tree whole (`install_subdir`).
    static func mesonInstallsTreeSVGs(in folder: String) -> Bool {
        let theme = (folder as NSString).appendingPathComponent(folderName)
        guard FileIO.isFolder(theme), holdsAppIcons(theme),
              let bytes = try? FileIO.readDocument((folder as NSString).appendingPathComponent("meson.build")) else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.contains(folderName) && text.contains("install_data") && !text.contains("install_subdir")
            && !text.lowercased().contains(".png") && text.range(of: #"[0-9]+x[0-9]+"#, options: .regularExpression) == nil
    }

    /// True for a folder of icons meson installs file by file: its own SVGs (`mesonIcons`) or its tree's (`mesonInstallsTreeSVGs`).
    static func installedByMeson(_ folder: String) -> Bool { !mesonIcons(in: folder).isEmpty || mesonInstallsTreeSVGs(in: folder) }

    /// The `linux` preset's outputs in a folder of icons meson installs (`installedByMeson`): none of its PNGs, as the
    /// `meson.build` installs the files it lists (the app's SVG, which the run rewrites from an SVG master), and PNGs
    /// beside them would be installed by nothing. Unchanged for any other folder.
    static func adoptingMesonIcons(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        guard installedByMeson(folder) else { return outputs }
        return outputs.filter { !($0.role == .linux && $0.filename?.lowercased().hasSuffix(".png") == true) }
    }

    /// Where an SVG master is copied in `folder`: the app's own SVG in a folder meson installs (`APP-ID.svg`), its Extra
    /// CMake Modules scalable name (`sc-apps-APP-ID.svg`) where the folder keeps its icons so, else `hicolor/scalable/apps/APP-ID.svg`.
    static func scalablePath(appID: String, folder: String) -> String {
        if mesonIcons(in: folder).contains(appID) { return appID + ".svg" }
        let icons = ecmIcons(in: folder)
        guard let scheme = icons.first(where: { $0.name == appID }) ?? icons.first else { return "\(folderName)/scalable/apps/\(appID).svg" }
        return scheme.named(appID, pixels: nil, ext: "svg")
    }

    /// A note when `folder`'s `CMakeLists.txt` installs its icons with `ecm_install_icons` by a list of files that leaves
    /// out some of `written` (new sizes): the build installs only the files it lists.
    static func unlistedECMNote(written: [String], folder: String) -> String? {
        let cmake = (folder as NSString).appendingPathComponent("CMakeLists.txt")
        guard let bytes = try? FileIO.readDocument(cmake) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("ecm_install_icons") else { return nil }
        let missing = written.filter { ecmIcon(ofFile: $0) != nil && !text.contains($0) }
        guard !missing.isEmpty else { return nil }
        return "add \(missing.joined(separator: ", ")) to ecm_install_icons in the CMakeLists.txt beside them: it installs only the files it lists"
    }

    /// A note when the project's `CMakeLists.txt` (in `folder` or up to three folders above) installs this hicolor tree's
    /// app icons one file at a time (WhatSie's `install(FILES dist/linux/hicolor/16x16/apps/com.ktechpit.whatsie.png …)`
    /// for 16, 32, 64, 128 and 256) and leaves out some of `written` (paths in `folder`: the sizes a run adds): CMake
    /// installs only the files it lists. Nil where it installs the tree as a folder, or lists nothing of it.
    static func unlistedCMakeNote(written: [String], folder: String) -> String? {
        let absolute = FileIO.realPath(URL(fileURLWithPath: folder).standardizedFileURL.path)
        guard let (cmake, text) = FileIO.nearest(from: absolute, levels: 3, { candidate -> (String, String)? in
            let path = (candidate as NSString).appendingPathComponent("CMakeLists.txt")
            guard let bytes = try? FileIO.readDocument(path) else { return nil }
            return (path, String(decoding: bytes, as: UTF8.self))
        }) else { return nil }
        let base = cmake.parentFolder
        guard let inside = base == absolute ? "" : FileIO.relativePath(absolute, to: base) else { return nil }
        let tree = (inside.isEmpty ? "" : inside + "/") + folderName + "/"
        guard text.contains(tree), text.range(of: NSRegularExpression.escapedPattern(for: tree) + #"[0-9]+x[0-9]+/apps/"#, options: .regularExpression) != nil,
              !text.contains("DIRECTORY " + tree.dropLast()), !text.contains("DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/" + tree.dropLast()) else { return nil }
        let missing = written.filter { $0.hasPrefix(folderName + "/") && $0.contains("/apps/") }
            .map { (inside.isEmpty ? "" : inside + "/") + $0 }.filter { !text.contains($0) }
        guard !missing.isEmpty else { return nil }
        return "\(cmake) installs this tree's icons one file at a time: add install(FILES …) lines for \(missing.joined(separator: ", ")), "
            + "which it does not list (CMake installs only the files it names)"
    }

    /// An app icon found in a hicolor tree.
    package struct AppIcon: Sendable, Equatable {
        /// The icon's name (the file name without its extension): what `Icon=` names.
        package var name: String
        /// The size folder it is in ("48x48", "scalable").
        package var sizeFolder: String
        /// The file.
        package var path: String
    }

    /// Every file in `hicolor/*/apps/` under `theme` (a folder named hicolor), in path order; links that leave `scope`
    /// are left out.
    static func appIcons(in theme: String, scope: FolderScope? = nil) -> [AppIcon] {
        let manager = FileManager.default
        var icons: [AppIcon] = []
        for sizeFolder in ((try? manager.contentsOfDirectory(atPath: theme)) ?? []).sorted() where !sizeFolder.hasPrefix(".") {
            let apps = NSString.path(withComponents: [theme, sizeFolder, "apps"])
            for file in ((try? manager.contentsOfDirectory(atPath: apps)) ?? []).sorted() where !file.hasPrefix(".") {
                let path = (apps as NSString).appendingPathComponent(file)
                if let scope, !scope.contains(path) { continue }
                icons.append(AppIcon(name: (file as NSString).deletingPathExtension, sizeFolder: sizeFolder, path: path))
            }
        }
        return icons
    }

    /// `validate`'s rules for a hicolor tree: every app icon in a folder the theme declares, at that folder's size,
    /// and each app with its 48 px icon (or a scalable one).
    static func check(theme: String, scope: FolderScope?) -> (findings: [SetFinding], checked: [String]) {
        var findings: [SetFinding] = [], checked: [String] = []
        let icons = appIcons(in: theme, scope: scope)
        for icon in icons {
            checked.append(icon.path)
            let file = "\(folderName)/\(icon.sizeFolder)/apps/\((icon.path as NSString).lastPathComponent)"
            guard declares(folder: icon.sizeFolder) else {
                findings.append(SetFinding(path: icon.path, finding: Finding(.hicolor, .error,
                    "\(file) is in a folder the hicolor theme does not declare: desktops never look in \(icon.sizeFolder), so Icon=\(icon.name) "
                    + "does not find it", fix: "use a declared size (\(declaredSizes.map(String.init).joined(separator: ", ")); 512x512 for the largest) — "
                    + "'iconforge generate MASTER --preset linux' writes them")))
                continue
            }
            guard let size = size(ofFolder: icon.sizeFolder), icon.path.lowercased().hasSuffix(".png") else { continue }
            let expected = size.pixels * size.scale
            guard let info = PNGHeader.size(of: icon.path) else {
                findings.append(SetFinding(path: icon.path, finding: Finding(.hicolor, .error, "\(file) is not a PNG that can be read",
                                                                         fix: "re-export it as PNG")))
                continue
            }
            if info.width != expected || info.height != expected {
                findings.append(SetFinding(path: icon.path, finding: Finding(.hicolor, .error,
                    "\(file) is \(info.width)x\(info.height) but its folder says \(expected)x\(expected): desktops draw it at the folder's size",
                    fix: "export it at \(expected)x\(expected), or move it to the folder of its size")))
            }
        }
        for name in Set(icons.map(\.name)).sorted() {
            let folders = Set(icons.filter { $0.name == name && declares(folder: $0.sizeFolder) }.map(\.sizeFolder))
            // A symbolic icon (NAME-symbolic.svg) is a glyph for panels, not the app's icon: it needs no 48 px one.
            guard !folders.isEmpty, !folders.contains("\(requiredSize)x\(requiredSize)"), !folders.contains("scalable"), !folders.contains("symbolic"),
                  !name.hasSuffix("-symbolic") else { continue }
            findings.append(SetFinding(path: theme, finding: Finding(.hicolor, .warning,
                "\(name) has no 48x48 (nor scalable) icon in \(folderName)/: the Icon Theme Specification requires it, and menus and docks "
                + "that ask for 48 px scale another", fix: "add \(folderName)/48x48/apps/\(name).png ('iconforge generate MASTER --preset linux')")))
        }
        findings += FlathubChecks.check(theme: theme, icons: icons, scope: scope)
        return (findings, checked)
    }
}
