import Foundation
import Raster

/// Which layers of a module's adaptive icon a run keeps under main's names (Gradle merges a flavour's or build type's
/// `res/` over main's file by file), and the source-set helpers that decision rests on.
extension AndroidResources {
    /// A layer of the launcher's adaptive icon that a run writes under the name the module's main icon already gives it.
    struct KeptLayer: Equatable {
        /// `drawable`, `mipmap` or (a colour background) `color`.
        var type: String
        var name: String
        /// The source sets that override it (`src/beta/res`): their builds show their own layer through main's icon.
        var overriders: [String]
    }

    /// The layers a run into `res` writes under the names of the module's main adaptive icon rather than IconForge's own.
    struct KeptLayers {
        /// The launcher icon's name (the manifest's, else `ic_launcher`) and its round icon's (nil: the manifest names another
        /// icon and no round one, so none is written).
        var launcher = "ic_launcher", round: String? = "ic_launcher_round"
        var foreground: KeptLayer?, background: KeptLayer?, monochrome: KeptLayer?
        /// True for a run into a flavour or build type that has no launcher icon of its own: main's icon draws its layers,
        /// so it gets none either (one of its own would stop following main's).
        var followsMain = false
        var notes: [String] = [], warnings: [String] = []

        /// The reference of a layer the adaptive icon draws: its kept name, else IconForge's own under the launcher's name.
        func reference(_ layer: AndroidLayer, colour: Bool = false) -> String {
            let kept: KeptLayer? = switch layer {
            case .foreground: foreground
            case .background: background
            case .monochrome: monochrome
            default: nil
            }
            if let kept { return "@\(kept.type)/\(kept.name)" }
            return "@\(colour ? "color" : "mipmap")/\(launcher)_\(layer == .foreground ? "foreground" : layer == .background ? "background" : "monochrome")"
        }

        /// `spec` (a layer's or a launcher icon's pictures in `mipmap-<density>/`) under its kept name and type, or the
        /// launcher's; nil for a round icon the app has no place for.
        func naming(_ spec: IconSpec) -> IconSpec? {
            var spec = spec
            if launcher != "ic_launcher", let filename = spec.filename, filename.hasPrefix("ic_launcher") {
                switch spec.androidLayer {
                case .legacy: spec.filename = launcher + "." + (filename as NSString).pathExtension
                case .round:
                    guard let round else { return nil }
                    spec.filename = round + "." + (filename as NSString).pathExtension
                case .foreground, .background, .monochrome: spec.filename = launcher + filename.dropFirst("ic_launcher".count)
                default: break
                }
            }
            let kept: KeptLayer? = switch spec.androidLayer {
            case .foreground: foreground
            case .background: background
            case .monochrome: monochrome
            default: nil
            }
            guard let kept, kept.type != "color", let folder = spec.folder, let filename = spec.filename else { return spec }
            let last = (folder as NSString).lastPathComponent
            guard last.hasPrefix("mipmap") else { return spec }
            let renamed = kept.type + last.dropFirst("mipmap".count)
            spec.folder = folder.parentFolder.isEmpty ? renamed : (folder.parentFolder as NSString).appendingPathComponent(renamed)
            spec.filename = kept.name + "." + (filename as NSString).pathExtension
            return spec
        }
    }

    /// The module's main source set's `res/` beside `res` (`app/src/beta/res` → `app/src/main/res`, or a Kotlin
    /// Multiplatform module's `src/androidMain/res` when that is the one there); `res` itself when it is main's or not in
    /// a source set.
    static func mainResources(of res: String) -> String {
        let sourceSet = res.parentFolder
        guard (sourceSet.parentFolder as NSString).lastPathComponent == "src", !AndroidProject.isMainResources(res) else { return res }
        let candidates = AndroidProject.mainSourceSets.map { (sourceSet.parentFolder as NSString).appendingPathComponent("\($0)/res") }
        return candidates.first { FileIO.isFolder($0) } ?? candidates[0]
    }

    /// The density folders of a layer's pictures of resource type `type` (`drawable-mdpi`…).
    static func densityFolders(_ type: String) -> [String] { AndroidResourceChecks.densities.map { "\(type)-\($0.name)" } }

    /// A colour as a drawable (`<color android:color>` inflates to a ColorDrawable): a colour background under a
    /// drawable's name that a flavour overrides.
    static func colourDrawable(_ colour: RGBColor) -> String {
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\(marker)\n<color xmlns:android=\"http://schemas.android.com/apk/res/android\" android:color=\"\(colour)\"/>\n"
    }

    /// The launcher icon the module's manifest names (`@mipmap/app_icon`) when main defines it; else `ic_launcher`.
    static func launcherName(_ project: AndroidProject, main: String) -> String {
        guard let icon = project.manifestIcon, icon.hasPrefix("@mipmap/") else { return "ic_launcher" }
        let name = String(icon.dropFirst("@mipmap/".count))
        return AndroidProject.adaptiveIconFiles(in: main, names: [name + ".xml"]).isEmpty && project.moduleFiles(type: "mipmap", name: name).isEmpty ? "ic_launcher" : name
    }

    /// The round icon a run writes beside `launcher`: the manifest's `android:roundIcon` when the module defines it and it
    /// is another icon, else `ic_launcher_round` beside `ic_launcher`, else `<launcher>_round` when the module has it; nil
    /// when the manifest names its own launcher icon and no round one (wikimedia's @mipmap/launcher): nothing would show it.
    static func roundName(_ project: AndroidProject, launcher: String) -> String? {
        if let icon = project.manifestRoundIcon, icon.hasPrefix("@mipmap/") {
            let name = String(icon.dropFirst("@mipmap/".count))
            if name != launcher, !project.moduleFiles(type: "mipmap", name: name).isEmpty { return name }
        }
        if launcher == "ic_launcher" { return "ic_launcher_round" }
        return project.moduleFiles(type: "mipmap", name: launcher + "_round").isEmpty ? nil : launcher + "_round"
    }

    /// The names a run into `res` keeps. Gradle merges a flavour's or build type's `res/` over main's file by file (same
    /// folder, same name): a flavour that overrides the layers of main's adaptive icon (Element's debug, nightly and
    /// release backgrounds, AntennaPod's debug pictures) shows its own only while main's icon still names those layers. So
    /// a run into main writes the layers a source set without an icon of its own overrides under main's names; a run into
    /// such a source set writes its layers under main's names and no icon XML, so main's icon draws them.
    static func keptLayers(res: String, backgroundIsColor: Bool, root: String? = nil) -> KeptLayers {
        let project = AndroidProject(res: res), main = mainResources(of: res)
        let same = { (a: String, b: String) in FolderScope.resolve(a) == FolderScope.resolve(b) }
        let isMain = same(main, res)
        let launcher = launcherName(project, main: main)
        var result = KeptLayers()
        result.launcher = launcher
        result.round = roundName(project, launcher: launcher)
        guard let definition = AndroidProject.adaptiveIconDefinitions(in: main, names: [launcher + ".xml"], for: .adaptive).first else { return result }
        let hasOwnIcon = { (root: String) in !AndroidProject.adaptiveIconFiles(in: root, names: [launcher + ".xml", "ic_launcher.xml"]).isEmpty }
        if !isMain, hasOwnIcon(res) { return result }
        result.followsMain = !isMain
        // The source sets whose layers main's icon draws: the module's others with no launcher icon of their own.
        let feeding = project.moduleRoots.filter { !same($0, main) && !hasOwnIcon($0) }
        let references = AdaptiveIconXML.layerReferences(in: definition.text)
        // A drawable main's icon draws through an <inset> (Thunderbird's @drawable/ic_app_logo, a 72 dp logo inset by 22%,
        // which its beta, daily and debug build types override and its theme shows as the app's logo) is artwork for the
        // inner part of a layer, not a layer. IconForge's 108 dp layer under that name would be drawn whole, as the new icon
        // draws its layers, and would replace the logo everywhere else the app shows it: the new icon's layers take
        // IconForge's own names. A source set's run gets an icon of its own: main's would inset its layers a second time.
        let inset = Set(AdaptiveIconXML.insetLayers(in: definition.text).map(\.0))
        if !isMain, let drawn = references.first(where: { inset.contains($0.2) }) {
            result.followsMain = false
            result.notes.append("wrote an adaptive icon of \(launcher) into this source set: main's \(definition.folder)/\(definition.name) draws "
                                + "@\(drawn.1)/\(drawn.2) through an <inset>, which would draw the new layers smaller")
            return result
        }
        let reserved = Set([launcher, "ic_launcher", "ic_launcher_round"] + (result.round.map { [$0] } ?? []))
        // The manifest's own launcher icon (wikimedia's @mipmap/launcher drawing @drawable/launcher_foreground) keeps the
        // names its adaptive icon gives its layers, unless another icon draws that layer too (its launcher_yir25 shares the
        // background): replacing it would change that icon.
        let ownIcons = Set(AndroidProject.adaptiveIconFiles(in: main, names: [launcher + ".xml"] + (result.round.map { [$0 + ".xml"] } ?? [])).map(\.path))
        var shared: [(layer: String, reference: String, by: String)] = []
        let adopts = { (element: String, type: String, name: String) -> Bool in
            guard isMain, launcher != "ic_launcher", type != "color" else { return false }
            guard let other = project.xmlNaming("@\(type)/\(name)", excluding: ownIcons) else { return true }
            shared.append((element, "@\(type)/\(name)", other))
            return false
        }
        var adopted = Set<String>()
        var taken = Set<String>()
        for element in ["foreground", "background", "monochrome"] {
            guard let (_, type, name) = references.first(where: { $0.0 == element }), !reserved.contains(name), !inset.contains(name) else { continue }
            // A colour background is a colour, a colour drawable or (under a mipmap's name) one in mipmap/; pictures are
            // drawables or mipmaps.
            let colour = element == "background" && backgroundIsColor
            guard ["drawable", "mipmap"].contains(type) || (colour && type == "color") else { continue }
            // IconForge's own names need no keeping (a colour background's only when a flavour overrides its pictures).
            let own = "\(launcher)_\(element)"
            if !colour, type == "mipmap", name == own { continue }
            if colour, type == "color", name == own, isMain { continue }
            // A main run keeps main's monochrome through designedMonochrome; a source set's run draws its own under main's name.
            if element == "monochrome", isMain { continue }
            guard taken.insert("\(type)/\(name)").inserted else { continue }
            // A colour background drawn by a colour resource of the project's own name keeps it too.
            let adopt = adopts(element, type, name) || (isMain && launcher != "ic_launcher" && colour && type == "color")
            let overriders = feeding.filter { root in
                type == "color" ? AndroidProject(res: root).valueDefinitions(type: "color", name: name).contains { $0.path.hasPrefix(root + "/") }
                    : project.moduleFiles(type: type, name: name).contains { $0.hasPrefix(root + "/") }
            }
            guard !isMain || !overriders.isEmpty || adopt else { continue }
            if overriders.isEmpty { adopted.insert("\(type)/\(name)") }
            let layer = KeptLayer(type: type, name: name, overriders: overriders)
            switch element {
            case "foreground": result.foreground = layer
            case "background": result.background = layer
            default: result.monochrome = layer
            }
        }
        // Paths are said from `root` when the module is under it (a run routed into main's res/ is not above src/debug/res).
        let module = URL(fileURLWithPath: AndroidProject.module(of: res)).standardizedFileURL.path
        let given = root.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let rootPath = given.flatMap { module.hasPrefix($0 + "/") ? $0 : nil } ?? module.parentFolder
        let relative = { (path: String) -> String in
            let full = URL(fileURLWithPath: path).standardizedFileURL.path
            return full.hasPrefix(rootPath + "/") ? String(full.dropFirst(rootPath.count + 1)) : full
        }
        for layer in [result.foreground, result.background, result.monochrome].compactMap({ $0 }) where isMain {
            if adopted.contains("\(layer.type)/\(layer.name)") {
                result.notes.append("kept the name @\(layer.type)/\(layer.name) that \(definition.folder)/\(definition.name) gives a layer")
                continue
            }
            result.notes.append("kept the name @\(layer.type)/\(layer.name) main's icon gives a layer: "
                                + layer.overriders.map(relative).joined(separator: ", ") + " override\(layer.overriders.count == 1 ? "s" : "") it")
            // Gradle replaces main's file by the source set's only in the same folder: main's pictures in a density folder
            // the source set does not fill are drawn instead of its own on those devices.
            // A colour drawable in the bare folder is the default any density's own picture wins over.
            let isColour = backgroundIsColor && layer == result.background
            for root in layer.overriders where layer.type != "color" {
                let folders = Set(project.moduleFiles(type: layer.type, name: layer.name).filter { $0.hasPrefix(root + "/") }
                    .map { ($0.parentFolder as NSString).lastPathComponent })
                let missing = isColour ? (folders.contains(layer.type) || densityFolders(layer.type).allSatisfy(folders.contains) ? [] : [layer.type])
                    : densityFolders(layer.type).filter { !folders.contains($0) }
                guard !missing.isEmpty else { continue }
                result.warnings.append("\(relative(root)) overrides @\(layer.type)/\(layer.name) in \(folders.sorted().joined(separator: ", ")) only: "
                                       + "the new \(missing.joined(separator: ", ")) of main's are drawn instead of its own there; "
                                       + "'iconforge generate --variant \((root.parentFolder as NSString).lastPathComponent)' gives it its own in every density")
            }
        }
        let keptReferences = Set([result.foreground, result.background, result.monochrome].compactMap { $0 }.map { "@\($0.type)/\($0.name)" })
        for (element, reference, other) in shared where !keptReferences.contains(reference) {
            let own = result.reference(element == "foreground" ? .foreground : element == "background" ? .background : .monochrome, colour: element == "background" && backgroundIsColor)
            result.notes.append("left \(reference) as it is: \(relative(other)) draws it too; the new icon's \(element) is \(own)")
        }
        if result.followsMain {
            let names = [result.foreground, result.background, result.monochrome].compactMap { $0 }.map { "@\($0.type)/\($0.name)" }
            result.notes.append("wrote no launcher icon XML into \(relative(res)): main's \(definition.folder)/\(definition.name) draws this source set's layers"
                                + (names.isEmpty ? "" : " (" + names.joined(separator: ", ") + ")"))
        }
        return result
    }
}
