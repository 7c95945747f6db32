import Foundation
import Raster

/// A run into an Expo app's folder: its outputs (one per image the configuration names for the run's platforms) and
/// the images it leaves as they are, with why.
struct ExpoRun: Sendable {
    var project: ExpoProject
    var outputs: [IconSpec]
    var notes: [String]
}

/// `generate`'s side of an Expo app: a run into the app's folder writes the images its configuration names, each where
/// it names it and at what prebuild makes of it, instead of an asset catalog or `res/` folder that prebuild would
/// throw away. Each existing file is refreshed at its own size (never below what prebuild needs from it); a missing
/// one is made at Expo's recommended size. What is not written is said, one line each.
enum ExpoIcons {
    /// True for a preset whose files an Expo app's configuration names: iOS's (not macOS, watchOS or Icon Composer
    /// presets, which have no key there), Android's and the web's.
    static func covers(_ preset: Preset) -> Bool { covers(name: preset.name, platform: preset.platform) }

    static func covers(name: String, platform: Preset.Platform) -> Bool {
        switch platform {
        case .android, .web: true
        case .apple: name.hasPrefix("ios")
        default: false
        }
    }

    /// The run of `options`' presets into `folder` when it is an Expo app's folder and a preset is one its
    /// configuration covers; nil otherwise.
    static func run(in folder: String, options: GenerateOptions) -> ExpoRun? {
        let covered = options.presets.filter(covers)
        guard !covered.isEmpty, let project = ExpoProject.read(root: folder) else { return nil }
        let platforms = Set(covered.map { $0.platform == .apple ? "ios" : $0.platform == .android ? "android" : "web" })
        return plan(project, platforms: platforms, options: options, ledger: WriteLedger(given: folder))
    }

    /// The outputs for `platforms` ("ios", "android", "web"), one per file, in the configuration's order of importance.
    static func plan(_ project: ExpoProject, platforms: Set<String>, options: GenerateOptions, ledger: WriteLedger) -> ExpoRun {
        var outputs: [IconSpec] = [], notes: [String] = []
        var taken: [String: String] = [:]
        for image in project.images {
            guard wanted(image.use, platforms: platforms), project.uses(image) else { continue }
            let name = "\(image.key) (\(image.path))"
            guard let relative = image.relativePath, let file = project.file(image) else {
                notes.append("\(name): not written: \(image.path.contains("://") ? "a remote image" : "outside the project")")
                continue
            }
            if image.isDependency {
                notes.append("\(name): not written: a file of an npm package (npm install puts it back); point \(image.key) at a file of the project to have it made")
                continue
            }
            if let first = taken[relative] {
                notes.append("\(image.key) names the same file as \(first) (\(image.path)): written once, as \(first)"
                             + (image.use == .adaptiveForeground ? "; give the adaptive foreground a file of its own to have its artwork kept inside Android's safe zone" : ""))
                continue
            }
            let existing = PNGHeader.size(of: file)
            let exists = FileManager.default.fileExists(atPath: file)
            if let reason = skipReason(image, exists: exists, size: existing, file: file, project: project, options: options, ledger: ledger) {
                notes.append("\(name): left as it is: \(reason)")
                continue
            }
            guard let spec = spec(for: image, relative: relative, existing: existing, project: project) else { continue }
            taken[relative] = image.key
            outputs.append(spec)
        }
        // An image key the code file sets to code (Showtime's `icon: config.icon`, one file per environment) names a file
        // only running it would tell: nothing is written for it, which a run asked for that platform must say.
        let named = Set(project.images.map(\.key))
        for key in project.config.computedKeys.sorted() where !named.contains(key) {
            guard let image = ExpoProject.images(of: [key: "./computed.png"]).first(where: { $0.key == key }),
                  wanted(image.use, platforms: platforms), project.uses(image) else { continue }
            let file = ((project.config.codeFile ?? "") as NSString).lastPathComponent
            notes.append("\(key) in \(file): not written: its value is code, not a path, and IconForge does not run code to learn the file it names; "
                         + "make it a plain string (\(key.split(separator: ".").last!): \"./assets/…png\") to have it written, or write that file with --out")
        }
        return ExpoRun(project: project, outputs: outputs, notes: notes)
    }

    /// True when a run for `platforms` ("ios", "android", "web") writes an image of this use.
    static func wanted(_ use: ExpoImage.Use, platforms: Set<String>) -> Bool {
        let ios = platforms.contains("ios"), android = platforms.contains("android")
        return switch use {
        case .appIcon: ios || android
        case .iosIcon, .iconComposer: ios
        case .androidIcon, .adaptiveForeground, .adaptiveBackground, .monochrome, .notificationIcon: android
        case .splash: ios || android
        case .favicon: platforms.contains("web")
        }
    }

    /// Why an image is not rewritten, or nil.
    static func skipReason(_ image: ExpoImage, exists: Bool, size: PixelSize?, file: String, project: ExpoProject, options: GenerateOptions,
                           ledger: WriteLedger) -> String? {
        let ext = (file as NSString).pathExtension.lowercased()
        if image.use == .iconComposer {
            return "an Icon Composer .icon, whose layers are designed in Icon Composer (prebuild copies it into the Xcode project as it is)"
        }
        if exists, size == nil { return "not a PNG (IconForge writes PNGs and never changes a file's format under its name)" }
        if !exists, ext != "png" { return "a .\(ext) name (IconForge writes PNGs)" }
        switch image.use {
        case .iosIcon(.dark) where options.darkSourcePath == nil:
            return "the dark appearance's own artwork; --dark FILE makes it"
        case .iosIcon(.tinted) where options.tintedSource == nil:
            return "the tinted appearance's own artwork; --tinted auto|FILE makes it"
        case .adaptiveBackground:
            if case .file? = options.androidBackground { return nil }
            return "the adaptive icon's background picture, yours; --android-background FILE replaces it"
        case .monochrome:
            if options.omitsMonochrome { return "--no-monochrome" }
            if case .file? = options.monochrome { return nil }
            // A glyph drawn for themed icons is kept, as in an Android project: IconForge's silhouette of a master is a guess.
            if exists, let bytes = try? FileIO.read(file), !ledger.wrote(bytes, at: file) {
                return "your designed monochrome layer for themed icons; --monochrome FILE replaces it"
            }
        case .splash(let dark, let legacy):
            if dark { return "the dark mode splash image, a logo of its own" }
            if legacy, let size, size.width != size.height {
                return "a full-screen splash picture (\(size)), not a logo IconForge can redraw"
            }
            if legacy, project.config.values[image.key.parentKey + ".resizeMode"] == "cover" {
                return "a full-screen splash picture (resizeMode cover), not a logo IconForge can redraw"
            }
        default: break
        }
        return nil
    }

    /// The output for one image: its own size when square and enough for what prebuild makes of it, else Expo's size.
    static func spec(for image: ExpoImage, relative: String, existing: PixelSize?, project: ExpoProject) -> IconSpec? {
        let (role, layer, appearance, least, recommended): (Role, AndroidLayer?, Appearance?, Int, Int) = switch image.use {
        case .appIcon, .iosIcon(.light): (.marketing, nil, nil, 1024, 1024)
        case .iosIcon(let appearance): (.app, nil, appearance, 1024, 1024)
        case .androidIcon: (.android, .legacy, nil, 192, 1024)
        case .adaptiveForeground: (.android, .foreground, nil, 432, 1024)
        case .adaptiveBackground: (.android, .background, nil, 432, 1024)
        case .monochrome: (.android, .monochrome, nil, 432, 1024)
        case .favicon: (.web, nil, nil, 16, 48)
        case .splash: (.launchLogo, nil, nil, project.splashImageWidth * 4, 1024)
        case .notificationIcon: (.androidNotification, nil, nil, 96, 96)
        case .iconComposer: (.marketing, nil, nil, 0, 0)
        }
        guard recommended > 0 else { return nil }
        let side = existing.flatMap { $0.width == $0.height && $0.width >= least ? $0.width : nil } ?? max(recommended, least)
        let folder = relative.parentFolder
        var spec = IconSpec(set: nil, role: role, idiom: role == .marketing ? .iosMarketing : .universal, points: nil, scale: nil,
                            pixels: PixelSize(width: side, height: side), filename: relative.fileName,
                            platform: role == .marketing || role == .app ? "ios" : nil, appearance: appearance)
        spec.folder = folder.isEmpty ? nil : folder
        spec.androidLayer = layer
        return spec
    }

    /// An Expo colour (`#RGB`, `#RRGGBB`, `#RRGGBBAA`) as a colour; nil for a name or anything else.
    static func color(_ text: String) -> RGBColor? {
        var digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        if digits.count == 8 { digits = String(digits.prefix(6)) }
        return RGBColor(hex: digits)
    }
}

fileprivate extension String {
    /// A dotted key without its last part: `splash.image` → `splash`.
    var parentKey: String { split(separator: ".").dropLast().joined(separator: ".") }
}

extension ExpoIcons {
    /// Where each preset goes in an Expo app's folder (`generate --out .`): iOS's, Android's and the web's to the folder
    /// itself, where the run writes the images the configuration names (prebuild makes the native icons from them, so
    /// they must be right even where ios/ or android/ is committed). A committed ios/ or android/ (the bare workflow, or
    /// prebuild's output kept in git) is also written as before, since a build from it uses it as it is; so is a web
    /// folder holding a page or a manifest of its own. Other presets go where the project has their folder.
    static func routes(_ project: ExpoProject, presets: [(name: String, platform: Preset.Platform)], layout: ProjectLayout,
                       out: String) throws(IconForgeError) -> [(presets: [String], folder: String)] {
        var routes: [(presets: [String], folder: String)] = [], missing: [String] = []
        func add(_ name: String, _ relative: String) {
            let folder = relative.isEmpty ? out : out == "." ? relative : (out as NSString).appendingPathComponent(relative)
            if let index = routes.firstIndex(where: { $0.folder == folder }) { routes[index].presets.append(name) } else { routes.append(([name], folder)) }
        }
        let site = layout.webFolder.flatMap { folder -> String? in
            let full = (out as NSString).appendingPathComponent(folder)
            let named = [WebPage.fileName] + WebManifest.conventionalNames
            return named.contains { FileManager.default.fileExists(atPath: (full as NSString).appendingPathComponent($0)) } ? folder : nil
        }
        for (name, platform) in presets {
            let covered = covers(name: name, platform: platform)
            if covered { add(name, "") }
            let native: String? = switch platform {
            case .android: layout.androidRoot
            case .web: site
            // An app whose iOS icon is an Icon Composer .icon builds with that (its Xcode project names it); prebuild
            // deletes the asset catalog's app icon set, so a committed one is left alone too.
            case .apple where name.hasPrefix("ios") && project.iosIcons.contains { $0.use == .iconComposer }: nil
            case .apple: layout.catalogs.first { catalog in catalog.presets.contains { $0.hasPrefix(name.hasPrefix("mac") ? "mac" : name.hasPrefix("watch") ? "watch" : "ios") } }?.path
            case .windows: layout.windowsFolder
            case .linux: layout.linuxFolder
            case .snap: layout.snapRoot
            case .browserExtension: layout.extensionFolder
            }
            if let native { add(name, native) } else if !covered { missing.append(name) }
        }
        if !missing.isEmpty {
            let found = ["Expo app \((project.config.jsonFile ?? project.config.codeFile ?? "").fileName)"] + layout.catalogs.map { "asset catalog \($0.path)" }
                + [layout.androidRoot.map { "Android project \($0)" }].compactMap { $0 }
            throw .projectLayout(path: out, .noFolder(presets: missing, found: found))
        }
        return routes
    }
}
