import Foundation
import PNGCodec
import Raster

/// The MSIX/AppX visual assets a packaged Windows app names in its `Package.appxmanifest`: each logo is a base name
/// (`Assets\Square150x150Logo.png`) that Windows' resource system (MRT) resolves to qualified files beside it —
/// `Square150x150Logo.scale-200.png` for a 200% display, `Square44x44Logo.targetsize-24_altform-unplated.png` for the
/// taskbar — or to the unqualified file itself. The `windows` preset writes them; this type knows their names, sizes
/// and manifest attributes, adopts a project's existing layout, and writes the manifest snippet.
package enum WindowsVisualAssets {
    /// One logo of the manifest.
    package struct Logo: Sendable, Equatable {
        /// The file's base name, e.g. "SmallTile".
        package var name: String
        /// The manifest attribute or element naming it, e.g. "Square71x71Logo".
        package var attribute: String
        /// Its size at scale-100, in pixels.
        package var pixels: PixelSize

        /// Its size at a scale factor in percent (Visual Studio's rounding: 71 at 125% is 89).
        package func pixels(atScale percent: Int) -> PixelSize {
            PixelSize(width: (pixels.width * percent * 2 + 100) / 200, height: (pixels.height * percent * 2 + 100) / 200)
        }
    }

    /// Every logo the preset writes, in the manifest's words.
    package static let logos: [Logo] = [
        Logo(name: "Square44x44Logo", attribute: "Square44x44Logo", pixels: PixelSize(width: 44, height: 44)),
        Logo(name: "SmallTile", attribute: "Square71x71Logo", pixels: PixelSize(width: 71, height: 71)),
        Logo(name: "Square150x150Logo", attribute: "Square150x150Logo", pixels: PixelSize(width: 150, height: 150)),
        Logo(name: "Wide310x150Logo", attribute: "Wide310x150Logo", pixels: PixelSize(width: 310, height: 150)),
        Logo(name: "Square310x310Logo", attribute: "Square310x310Logo", pixels: PixelSize(width: 310, height: 310)),
        Logo(name: "StoreLogo", attribute: "Logo", pixels: PixelSize(width: 50, height: 50)),
        Logo(name: "SplashScreen", attribute: "SplashScreen", pixels: PixelSize(width: 620, height: 300)),
    ]

    /// The display scales Windows asks for, in percent.
    package static let scales = [100, 125, 150, 200, 400]
    /// The app-list and taskbar sizes of `Square44x44Logo`, in pixels.
    package static let targetSizes = [16, 20, 24, 30, 32, 36, 40, 48, 60, 64, 72, 80, 96, 256]
    /// The target sizes the taskbar and Start use most; without them Windows scales another (blurred) or plates it.
    package static let essentialTargetSizes = [16, 24, 32, 48, 256]
    /// The manifest snippet `generate` writes beside the assets.
    package static let snippetName = "Package.appxmanifest-VisualElements.xml"
    /// The manifest names Visual Studio (Package.appxmanifest) and a built package (AppxManifest.xml) use.
    package static let manifestNames = ["Package.appxmanifest", "AppxManifest.xml"]

    /// A qualified asset file name parsed: "Square44x44Logo.targetsize-24_altform-unplated.png" is base
    /// "Square44x44Logo", target size 24, `altform-unplated`.
    package struct QualifiedName: Sendable, Equatable {
        package var base: String
        package var scale: Int?
        package var targetSize: Int?
        /// The qualifiers as the name writes them, lower-cased (a build label included: `scale-125-dev`).
        package var qualifiers: [String]
        /// A build's label after the last qualifier: `dev` in Notepads' `Square44x44Logo.scale-125-dev.png`, which its
        /// .csproj packs as `Square44x44Logo.scale-125.png` (an MSBuild `<Link>` without the label) in Debug builds
        /// and leaves out of others. MakePri would refuse the name as it is (`125-dev` is no scale); the file is that
        /// build's variant of its scale or target size, never the file a run writes. Nil for a name MakePri reads.
        package var label: String?

        /// Nil for a file that is not a PNG.
        package init?(_ fileName: String) {
            guard fileName.lowercased().hasSuffix(".png") else { return nil }
            let stem = String(fileName.dropLast(4))
            // The qualifiers are the name's last dotted part, each a name-value pair (`scale-200`, `altform-unplated`);
            // a last part that is not (QuickLook's `Square44x44Logo.altform-unplated_targetsize-256.setup.png`, an
            // installer's picture) makes the whole stem the resource's name, as MakePri reads it: no variant of the logo.
            guard let dot = stem.lastIndex(of: "."),
                  case let parts = stem[stem.index(after: dot)...].split(separator: "_", omittingEmptySubsequences: false),
                  parts.allSatisfy({ $0.contains("-") && !$0.hasPrefix("-") && !$0.hasSuffix("-") }) else {
                base = stem
                qualifiers = []
                return
            }
            base = String(stem[..<dot])
            qualifiers = parts.map { String($0).lowercased() }
            for (index, written) in qualifiers.enumerated() {
                var qualifier = written
                if index == qualifiers.count - 1, let labelled = Self.splitLabel(written) { (qualifier, label) = labelled }
                if qualifier.hasPrefix("scale-") { scale = Int(qualifier.dropFirst(6)) }
                if qualifier.hasPrefix("targetsize-") { targetSize = Int(qualifier.dropFirst(11)) }
            }
        }

        /// `scale-125-dev` as (`scale-125`, `dev`): a qualifier whose value is one MRT knows followed by `-label`. Only
        /// qualifiers with a closed set of values can be told apart so (an `altform-` value is free text).
        private static func splitLabel(_ qualifier: String) -> (qualifier: String, label: String)? {
            let parts = qualifier.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 3, !parts[2...].contains(where: \.isEmpty) else { return nil }
            let known: Bool = switch parts[0] {
            case "scale", "targetsize": Int(parts[1]) != nil
            case "theme": ["light", "dark"].contains(parts[1])
            case "contrast": ["standard", "high", "black", "white"].contains(parts[1])
            default: false
            }
            return known ? (parts[0] + "-" + parts[1], parts[2...].joined(separator: "-")) : nil
        }

        /// True for the plated (default) form, false for `altform-unplated` and `altform-lightunplated`.
        package var isPlated: Bool { !qualifiers.contains { $0.hasPrefix("altform-") && $0.hasSuffix("unplated") } }
    }

    /// Where the tiles go inside the output folder: beside files of the same names where a project keeps them flat (Tauri's
    /// `src-tauri/icons`, electron-builder's `build/appx`), in `appx/` where a folder has one (electron-builder's
    /// `build/`), else in `Assets/` (Visual Studio's).
    static func tileFolder(in folder: String) -> String? {
        let manager = FileManager.default
        // A Flutter app's Windows runner is a Win32 app: its .ico is all it has (an MSIX build's logos are the msix
        // package's own configuration).
        if isFlutterResources(folder) { return nil }
        // A Wails app's build/windows: `wails build` embeds icon.ico in its exe and packages no tiles.
        if WailsProject.isWindowsFolder(folder) { return nil }
        let files = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
        if files.contains(where: { name in logos.contains { name == $0.name + ".png" } || isSizeNamedLogo(name) }) { return nil }
        // A Tauri app's icon folder without tiles (Pake's png/, its .ico and PNGs only): Tauri's bundler reads the files
        // its configuration lists and nothing else, so Assets/ tiles there would be files no build reads.
        if TauriIcons.isIconFolder(folder) { return nil }
        // A Compose desktop app's icon folder: jpackage makes an MSI or exe installer from its .ico, and reads no tiles.
        if ComposeDesktop.isIconFolder(folder) { return nil }
        // The folder of the .ico electron-builder's win.icon names, not its resources folder: AppX reads tiles from
        // the resources folder only, so none are added beside the icon.
        if let electron = ElectronBuilder.near(folder), !electron.isResources(folder), electron.icon(electron.windowsIcon, in: folder) != nil { return nil }
        // A .NET desktop app's project (an Avalonia, WPF or WinForms .csproj) with no package manifest builds an exe whose
        // icon is its <ApplicationIcon>: no package is made, so tiles would be files nothing reads (SourceGit's src/,
        // App.ico beside SourceGit.csproj).
        if AppxAssetChecks.manifest(in: folder) == nil, files.contains(where: { name in DotNetProject.extensions.contains { name.lowercased().hasSuffix($0) } }) {
            return nil
        }
        // The folder the manifest's logos are in (Files' Assets\AppTiles\Dev): the package is built from those, so tiles
        // written into Assets/ beside them would be files nothing names, and the app would keep its old logos.
        if let named = manifestTileFolder(in: folder) { return named }
        // electron-builder's resources folder: its AppX target reads build/appx/ (scale-qualified names included), and
        // no other target reads tiles (Upscayl's nsis and zip: 77 files nothing packaged).
        if let electron = ElectronBuilder.near(folder), electron.isResources(folder) { return electron.buildsAppX ? "appx" : nil }
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: (folder as NSString).appendingPathComponent("appx"), isDirectory: &isFolder), isFolder.boolValue { return "appx" }
        return "Assets"
    }

    /// The folder inside `folder` that its package manifest's logos (`Square44x44Logo`, `Square150x150Logo`, the store
    /// logo…) are in, relative to it: the one most of them name, when it is a folder below `folder`; nil without a
    /// manifest, or when its logos are at its top or outside.
    static func manifestTileFolder(in folder: String) -> String? {
        guard let manifest = AppxAssetChecks.manifest(in: folder), let bytes = try? FileIO.readDocument(manifest) else { return nil }
        let scope = FolderScope(folder)
        var counts: [String: Int] = [:], order: [String] = []
        for reference in AppxManifest(text: String(decoding: bytes, as: UTF8.self)).references
        where logos.contains(where: { $0.attribute == reference.attribute }) && reference.relativePath.lowercased().hasSuffix(".png") {
            let parent = reference.relativePath.parentFolder
            guard !parent.isEmpty, !parent.hasPrefix("/"), !parent.split(separator: "/").contains(".."),
                  case let path = (folder as NSString).appendingPathComponent(parent), scope.contains(path), FileIO.isFolder(path) else { continue }
            if counts[parent] == nil { order.append(parent) }
            counts[parent, default: 0] += 1
        }
        // max(by:) keeps the first of equal counts: on a tie, the folder the manifest names first.
        return order.max { counts[$0]! < counts[$1]! }
    }

    /// Where a Flutter app keeps its Windows icon, below its `windows/` folder: `app_icon.ico`, which `Runner.rc` names.
    package static let flutterResources = "runner/resources"

    /// True for a Flutter app's `windows/runner/resources` (its `pubspec.yaml` three folders up).
    static func isFlutterResources(_ folder: String) -> Bool {
        let path = URL(fileURLWithPath: folder).standardizedFileURL.path
        guard path.hasSuffix("/windows/" + flutterResources) else { return false }
        let app = path.parentFolder.parentFolder.parentFolder
        return FileManager.default.fileExists(atPath: (app as NSString).appendingPathComponent("pubspec.yaml"))
    }

    /// True for electron-builder's resources folder (`build/`, or its `directories.buildResources`).
    static func isElectronResources(_ folder: String) -> Bool {
        ElectronBuilder.near(folder)?.isResources(folder) == true
    }

    /// Tauri's `Square30x30Logo.png`…`Square310x310Logo.png`: a logo named by its size, unqualified.
    static func isSizeNamedLogo(_ name: String) -> Bool {
        guard name.hasPrefix("Square"), name.hasSuffix("Logo.png") else { return false }
        let size = name.dropFirst(6).dropLast(8).split(separator: "x")
        return size.count == 2 && size[0] == size[1] && Int(size[0]) != nil
    }

    /// The preset's outputs as a project into `folder` keeps them. A flat layout's unqualified logos (Tauri's and
    /// electron-builder's, which name one file per logo) are re-rendered where they are at their own sizes, and no
    /// qualified variants are added beside them (MRT would then hold two candidates for scale-100, which makepri
    /// refuses), and nothing is added beside them: Tauri's bundler and electron-builder name their files themselves.
    /// The app's existing `.ico` (the project's `<ApplicationIcon>`, else the one `.ico` there is: Tauri's and
    /// electron-builder's `icon.ico`) is the one written, rather than a second `app.ico`.
    static func adopting(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        guard outputs.contains(where: { $0.role == .windows }) else { return outputs }
        let manager = FileManager.default
        let files = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        let tiles = tileFolder(in: folder)
        var result: [IconSpec] = []
        let appIcon = existingAppIcon(in: folder, files: files, tiles: tiles)
        for file in files where tiles == nil && (logos.contains { file == $0.name + ".png" } || isSizeNamedLogo(file)) {
            let path = (folder as NSString).appendingPathComponent(file)
            guard let size = PNGHeader.size(of: path), let template = outputs.first(where: { $0.role == .windows && $0.container == nil }) else { continue }
            var spec = template
            spec.folder = nil
            spec.filename = file
            spec.pixels = size
            result.append(spec)
        }
        for var spec in outputs {
            guard spec.role == .windows else { result.append(spec); continue }
            if spec.container == .ico {
                // A Windows Application Packaging Project (.wapproj) packages another project's app: the .ico is that
                // project's <ApplicationIcon> (ModernFlyouts' ..\ModernFlyouts\Assets\Logo.ico), and an app.ico here
                // would be in no build (WindowsAssetsStep says which one it is).
                if appIcon == nil, packagingProject(in: folder, files: files) != nil || packagedProjectWithoutIcon(in: folder, files: files) != nil { continue }
                // electron-builder's win.icon naming a PNG (Upscayl's build/icon.png): its build converts that file into
                // the exe's icon, so it is redrawn, as a PNG at its own size (256 px at least, electron-builder's minimum),
                // once for the .ico's entries; an icon.ico beside it would be read by nothing.
                if let appIcon, appIcon.lowercased().hasSuffix(".png") {
                    guard !result.contains(where: { $0.role == .windows && $0.outputPath == appIcon }) else { continue }
                    let own = PNGHeader.size(of: (folder as NSString).appendingPathComponent(appIcon)).flatMap { $0.width == $0.height ? $0.width : nil }
                    var png = Generator.spec(spec, at: appIcon, pixels: max(own ?? 256, 256))
                    (png.container, png.containerEntry) = (nil, nil)
                    result.append(png)
                    continue
                }
                if !files.contains(spec.filename!), let appIcon {
                    spec.filename = (appIcon as NSString).lastPathComponent
                    spec.folder = appIcon.contains("/") ? appIcon.parentFolder : nil
                } else if appIcon == nil, isElectronResources(folder) || WailsProject.isWindowsFolder(folder) {
                    spec.filename = "icon.ico" // electron-builder's default for Windows, and the one a Wails build embeds
                }
                result.append(spec)
                continue
            }
            guard let tiles else { continue }
            spec.folder = tiles
            result.append(spec)
        }
        return tiles.map { projectNames(result, folder: folder, tiles: $0) } ?? result
    }

    /// The tiles under the names the project gives them in `tiles`: the base name its manifest gives each logo there
    /// (QuickLook's `Assets\LargeTile.png` for `Square310x310Logo`, `Assets\storelogo.png`), and a file already there of
    /// the same resource and qualifiers in another order or case (`Square44x44Logo.altform-unplated_targetsize-16.png`,
    /// `storelogo.scale-100.png`) rendered where it is. A second file of the same qualifiers is a second candidate,
    /// which makepri refuses, and two names differing only in case are one file on Windows.
    static func projectNames(_ specs: [IconSpec], folder: String, tiles: String) -> [IconSpec] {
        var bases: [String: String] = [:]
        if let manifest = AppxAssetChecks.manifest(in: folder), let bytes = try? FileIO.readDocument(manifest) {
            for reference in AppxManifest(text: String(decoding: bytes, as: UTF8.self)).references
            where reference.relativePath.parentFolder.lowercased() == tiles.lowercased() && reference.relativePath.lowercased().hasSuffix(".png") {
                guard let logo = logos.first(where: { $0.attribute == reference.attribute }), bases[logo.name] == nil else { continue }
                bases[logo.name] = String((reference.relativePath as NSString).lastPathComponent.dropLast(4))
            }
        } else if tiles == "appx", isElectronResources(folder) {
            // electron-builder's AppX target writes the manifest itself: its large tile is Square310x310Logo="assets\LargeTile.png"
            // (and the small one SmallTile.png, the preset's name), so Square310x310Logo files in build/appx are read by no
            // build and Super Productivity's LargeTile.scale-*.png would keep the old logo.
            bases["Square310x310Logo"] = "LargeTile"
        }
        func key(_ base: String, _ qualifiers: [String]) -> String { base.lowercased() + "|" + Set(qualifiers).sorted().joined(separator: "_") }
        let present = ((try? FileManager.default.contentsOfDirectory(atPath: (folder as NSString).appendingPathComponent(tiles))) ?? []).sorted()
            .compactMap { file -> (file: String, key: String, themeless: String)? in
                // A build's labelled copy (Notepads' -dev files) is that build's, never the file a run writes.
                guard let name = QualifiedName(file), name.label == nil else { return nil }
                return (file, key(name.base, name.qualifiers), key(name.base, name.qualifiers.filter { !$0.hasPrefix("theme-") }))
            }
        return specs.map { spec in
            guard spec.role == .windows, spec.container == nil, spec.folder == tiles, let filename = spec.filename,
                  let name = QualifiedName(filename) else { return spec }
            let base = bases[name.base] ?? name.base
            var adopted = spec
            let wanted = key(base, name.qualifiers), themed = present.filter { $0.themeless == wanted }
            if let existing = present.first(where: { $0.key == wanted }) {
                adopted.filename = existing.file
            } else if themed.count == 1 {
                // The one variant of these qualifiers the project keeps for a theme (Files'
                // Square44x44Logo.targetsize-16_altform-lightunplated_theme-light.png): MRT prefers it over an unthemed
                // file in that theme, so one added beside it would never show, and the taskbar would keep the old logo.
                adopted.filename = themed[0].file
            } else if base != name.base {
                adopted.filename = base + String(filename.dropFirst(name.base.count))
            }
            return adopted
        }
    }

    /// The Windows Application Packaging Project (`*.wapproj`) in `folder`, by name: it packages the app another project
    /// builds (its `EntryPointProjectUniqueName`) with the visual assets its `Content` items list.
    static func packagingProject(in folder: String, files: [String]? = nil) -> String? {
        (files ?? ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()).first { $0.hasSuffix(".wapproj") }
    }

    /// The project file (`.csproj`, `.vbproj`, `.fsproj`, `.vcxproj`) in `folder` beside its package manifest that names no
    /// `<ApplicationIcon>`, by name (Screenbox's `Screenbox.csproj`, a UWP app): the package's tiles are its icons, and an
    /// `.ico` there would be compiled into nothing. Nil where any project file names one, or where there is no manifest.
    static func packagedProjectWithoutIcon(in folder: String, files: [String]? = nil) -> String? {
        let files = files ?? ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        let projects = files.filter { name in (DotNetProject.extensions + [".vcxproj"]).contains { name.lowercased().hasSuffix($0) } }
        guard let first = projects.first, AppxAssetChecks.manifest(in: folder) != nil else { return nil }
        let namesIcon = projects.contains { project in
            (try? FileIO.readDocument((folder as NSString).appendingPathComponent(project))).map { String(decoding: $0, as: UTF8.self).contains("<ApplicationIcon>") } ?? true
        }
        return namesIcon ? nil : first
    }

    /// What a run that wrote no `.ico` into a packaged project's folder says of it (`packagedProjectWithoutIcon`).
    static func noApplicationIconNote(folder: String) -> String? {
        packagedProjectWithoutIcon(in: folder).map { project in
            "\(project) names no <ApplicationIcon>: its package's tiles are the app's icons, so no .ico was written (one would be "
                + "in no build) — add <ApplicationIcon> to the project to give its executable one"
        }
    }

    /// Why an electron-builder project's resources folder got no AppX tiles: none of its Windows targets is `appx`.
    static func noAppXNote(folder: String) -> String? {
        guard let electron = ElectronBuilder.near(folder), electron.isResources(folder), !electron.buildsAppX else { return nil }
        return "no AppX tiles written: electron-builder's win.target (\(electron.windowsTargets.joined(separator: ", "))) has no appx target, the only one "
            + "that reads \(electron.buildResources)/appx/ — add appx to win.target for a Microsoft Store package, then run again"
    }

    /// The text of one MSBuild element in a project's text (`EntryPointProjectUniqueName`, `ApplicationIcon`), trimmed.
    private static func element(_ name: String, in text: String) -> String? {
        guard let open = text.range(of: "<\(name)>"), let close = text.range(of: "</\(name)>", range: open.upperBound..<text.endIndex) else { return nil }
        return text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What a run into a packaging project's folder says of it: the app's `.ico` is its entry point project's
    /// `<ApplicationIcon>` (outside this folder, so not written), and the files written that the project's `Content`
    /// items do not list (an old-style project lists its images one by one, and packages only those).
    static func packagingNotes(folder: String, written: [String]) -> [String] {
        guard let name = packagingProject(in: folder), let bytes = try? FileIO.readDocument((folder as NSString).appendingPathComponent(name)) else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        var notes: [String] = []
        if let entry = element("EntryPointProjectUniqueName", in: text) {
            let project = (folder as NSString).appendingPathComponent(entry.replacingOccurrences(of: "\\", with: "/"))
            let icon = (try? FileIO.readDocument(project)).flatMap { element("ApplicationIcon", in: String(decoding: $0, as: UTF8.self)) }
            let entryFolder = entry.split(separator: "\\", omittingEmptySubsequences: false).dropLast().joined(separator: "\\")
            let shown = icon.map { entryFolder.isEmpty ? $0 : entryFolder + "\\" + $0 }
            notes.append("\(name) packages \(entry)" + (shown.map { ", whose <ApplicationIcon> \($0) is the app's icon" } ?? "")
                         + ": a packaging project has no .ico of its own, so none was written here — that project's .ico is outside this folder")
        }
        // The Content items' paths, as written (Images\StoreLogo.scale-100.png); a wildcard lists every file.
        var listed = Set<String>()
        var rest = text[...]
        while let open = rest.range(of: "<Content Include=\""), let close = rest.range(of: "\"", range: open.upperBound..<rest.endIndex) {
            listed.insert(rest[open.upperBound..<close.lowerBound].replacingOccurrences(of: "\\", with: "/").lowercased())
            rest = rest[close.upperBound...]
        }
        guard !listed.isEmpty, !listed.contains(where: { $0.contains("*") }) else { return notes }
        let folders = Set(listed.map(\.parentFolder))
        let unlisted = written.filter { folders.contains($0.parentFolder.lowercased()) && !listed.contains($0.lowercased()) }
        if !unlisted.isEmpty {
            let shown = unlisted.prefix(3).map { $0.replacingOccurrences(of: "/", with: "\\") }.joined(separator: ", ")
            notes.append("\(name) lists its images one by one and packages only those: add <Content Include> items for the \(unlisted.count) "
                         + "written here that it does not list (\(shown)\(unlisted.count > 3 ? ", …" : "")), or leave them out of the package")
        }
        return notes
    }

    /// The `.ico` a project already has for its app, relative to `folder`: the one a `.csproj`/`.vcxproj` there names as
    /// `<ApplicationIcon>`, else the one Tauri's or electron-builder's configuration names, else the one at the top (tray icons aside), else the
    /// one in the tile folder (or the one of them named AppIcon, app or icon: `SetupIcon.ico` beside it is an installer's).
    static func existingAppIcon(in folder: String, files: [String], tiles: String?) -> String? {
        if let named = DotNetProject.applicationIcon(in: folder) { return named }
        // Tauri's bundler takes the .ico its configuration lists (beside it, clash-verge-rev keeps eight tray icons),
        // electron-builder the one win.icon names (MarkText's md.ico beside it is a document's). The listed name is the
        // one to write even before the file exists (EcoPaste's icons are made by its build): `tauri build` stops
        // without the file its configuration names, so an app.ico beside it would be no use.
        if let listed = TauriIcons.listed(in: folder)?.first(where: { $0.lowercased().hasSuffix(".ico") }) { return listed }
        if let electron = ElectronBuilder.near(folder), let named = electron.icon(electron.windowsIcon, in: folder) { return named }
        if let compose = ComposeDesktop.near(folder), let named = compose.icon(compose.windowsIcon, in: folder) { return named }
        let isAppIco = { (name: String) in
            name.lowercased().hasSuffix(".ico") && !name.lowercased().contains("favicon") && !name.lowercased().contains("tray")
        }
        let top = files.filter(isAppIco)
        if top.count == 1 { return top[0] }
        guard top.isEmpty, let tiles else { return nil }
        let inTiles = ((try? FileManager.default.contentsOfDirectory(atPath: (folder as NSString).appendingPathComponent(tiles))) ?? []).filter(isAppIco).sorted()
        let chosen = inTiles.count == 1 ? inTiles.first : inTiles.first { ["appicon.ico", "app.ico", "icon.ico"].contains($0.lowercased()) }
        return chosen.map { tiles + "/" + $0 }
    }

    /// An unqualified logo (`Assets/StoreLogo.png`, as Visual Studio's template has it) beside the scale variants just
    /// written would be a second scale-100 candidate, which makepri refuses: it goes to the backup (IconForge's own copy
    /// is deleted). Returns what was moved, as notes.
    static func retireUnqualified(outputs: [IconSpec], folder: String, writer: OutputWriter) throws(IconForgeError) -> [String] {
        var retired: [String] = [], seen = Set<String>()
        for spec in outputs where spec.role == .windows && spec.container == nil {
            guard let name = spec.filename.flatMap(QualifiedName.init), name.scale != nil || name.targetSize != nil else { continue }
            let relative = (spec.folder.map { $0 + "/" } ?? "") + name.base + ".png"
            guard seen.insert(relative).inserted else { continue }
            let path = (folder as NSString).appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: path) else { continue }
            try writer.remove(path)
            retired.append(relative)
        }
        return retired.isEmpty ? [] : ["moved \(retired.joined(separator: ", ")) to the backup: the scale-N files replace \(retired.count == 1 ? "it" : "them"), and makepri refuses two scale-100 candidates"]
    }

    /// Writes the `<uap:VisualElements>` snippet for the logos among `outputs` into `folder`; nil when there are none.
    /// A logo on transparency is plated in `background` (the colour its wide tile and splash screen are drawn on); a
    /// full-bleed picture needs no plate.
    static func writeSnippet(outputs: [IconSpec], background: RGBColor?, splashBackground: RGBColor,
                             into folder: String, writer: OutputWriter) throws(IconForgeError) -> GeneratedFile? {
        // electron-builder's resources folder has no manifest of its own to paste into, tiles in appx/ or not: its AppX
        // target writes one from the files it finds (Super Productivity's build/ got a snippet nothing reads).
        if isElectronResources(folder) { return nil }
        var references: [String: String] = [:]
        // A flat folder (Tauri's, electron-builder's) has no manifest of its own to paste into: its tool writes one.
        for spec in outputs where spec.role == .windows && spec.container == nil && spec.folder != nil {
            guard let name = spec.filename.flatMap(QualifiedName.init), let logo = logos.first(where: { $0.name == name.base }) else { continue }
            references[logo.attribute] = ((spec.folder.map { $0 + "/" } ?? "") + logo.name + ".png").replacingOccurrences(of: "/", with: "\\")
        }
        guard !references.isEmpty else { return nil }
        func attribute(_ key: String) -> String { references[key].map { " \(key)=\"\($0)\"" } ?? "" }
        var xml = "<!-- Package.appxmanifest: <Logo> goes in <Properties>, <uap:VisualElements> in <Application>. Generated by iconforge. -->\n"
        if let store = references["Logo"] { xml += "<Logo>\(store)</Logo>\n\n" }
        xml += "<uap:VisualElements DisplayName=\"APP NAME\" Description=\"APP NAME\" BackgroundColor=\"\(background?.description ?? "transparent")\""
        xml += attribute("Square150x150Logo") + attribute("Square44x44Logo") + ">\n"
        let tile = attribute("Wide310x150Logo") + attribute("Square71x71Logo") + attribute("Square310x310Logo")
        if !tile.isEmpty { xml += "  <uap:DefaultTile\(tile) />\n" }
        if let splash = references["SplashScreen"] { xml += "  <uap:SplashScreen Image=\"\(splash)\" BackgroundColor=\"\(splashBackground)\" />\n" }
        xml += "</uap:VisualElements>\n"
        let path = (folder as NSString).appendingPathComponent(snippetName)
        try writer.write(Array(xml.utf8), to: path)
        return GeneratedFile(path: snippetName, role: .windows, pixels: nil, bytes: xml.utf8.count)
    }
}
