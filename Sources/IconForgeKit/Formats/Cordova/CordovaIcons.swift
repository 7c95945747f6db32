import Foundation
import Raster

/// A run into a Cordova app's folder: its outputs (one per file config.xml's `<icon>` elements name for the run's
/// platforms) and the files it leaves as they are, with why.
struct CordovaRun: Sendable {
    var config: CordovaConfig
    var outputs: [IconSpec]
    var notes: [String]
}

/// `generate`'s side of a Cordova app (PhoneGap's, Ionic 1–3's): `cordova prepare` copies the files config.xml's
/// `<icon>` elements name into the native projects it makes under `platforms/`, so a run into the app's folder
/// re-renders those files, in place and under their names, at the size prepare copies each in (Android's launcher size
/// at its density, 108 dp for an adaptive layer; iOS's `width` × `height`) — the sizes `validate` checks them at. No
/// `mipmap-*` folder or asset catalog is made at the root (prepare ignores them), config.xml is not edited, and
/// `platforms/` (prepare's output) is not touched. The default icon (outside every `<platform>`) is re-rendered at its own
/// size. What is not written is said, one line each.
enum CordovaIcons {
    /// The `<platform name>` whose icons a preset makes: "android" for Android's presets, "ios" for iOS's (not macOS,
    /// watchOS or Icon Composer presets, which config.xml does not give); nil for the others.
    static func platform(name: String, platform: Preset.Platform) -> String? {
        switch platform {
        case .android: "android"
        case .apple where name.hasPrefix("ios"): "ios"
        default: nil
        }
    }

    /// The run of `options`' presets into `folder` when it is a Cordova app's folder and a preset makes a platform's
    /// icons; nil otherwise.
    static func run(in folder: String, options: GenerateOptions) -> CordovaRun? {
        let platforms = Set(options.presets.compactMap { platform(name: $0.name, platform: $0.platform) })
        guard !platforms.isEmpty, let config = CordovaConfig.read(root: folder) else { return nil }
        return plan(config, platforms: platforms, options: options)
    }

    /// The outputs for `platforms` ("android", "ios"), one per file, in config.xml's order.
    static func plan(_ config: CordovaConfig, platforms: Set<String>, options: GenerateOptions) -> CordovaRun {
        var outputs: [IconSpec] = [], notes: [String] = []
        var taken: [String: (pixels: PixelSize, line: Int)] = [:]
        let name = config.file.fileName
        for icon in config.icons(for: platforms) {
            let described = "\(name) line \(icon.line): <icon \(icon.attribute)=\"\(icon.path)\">"
            guard let relative = config.relativePath(of: icon) else {
                notes.append("\(described): not written: outside the project")
                continue
            }
            if relative == "platforms" || relative.hasPrefix("platforms/") {
                notes.append("\(described): not written: platforms/ is what cordova prepare makes")
                continue
            }
            guard let pixels = config.expectedPixels(of: icon) else {
                notes.append("\(described): left as it is: "
                             + (icon.platform == "ios" ? "no width and height, so no size cordova prepare copies it at" : "no density cordova-android knows (ldpi…xxxhdpi)"))
                continue
            }
            if let first = taken[relative] {
                if first.pixels != pixels {
                    notes.append("\(described): named again at \(pixels) (line \(first.line) names it at \(first.pixels)): written once, at \(first.pixels)")
                }
                continue
            }
            if icon.attribute == "background" {
                if case .file? = options.androidBackground {} else {
                    notes.append("\(described): left as it is: the adaptive icon's background picture, yours; --android-background FILE replaces it")
                    continue
                }
            }
            let file = config.file(of: icon)
            let ext = (file as NSString).pathExtension.lowercased()
            if FileManager.default.fileExists(atPath: file) {
                guard PNGHeader.size(of: file) != nil else {
                    notes.append("\(described): left as it is: not a PNG (IconForge writes PNGs and never changes a file's format under its name)")
                    continue
                }
            } else if ext != "png" {
                notes.append("\(described): not written: a .\(ext) name (IconForge writes PNGs)")
                continue
            }
            taken[relative] = (pixels, icon.line)
            let ios = icon.platform == "ios"
            let marketing = ios && pixels == PixelSize(width: 1024, height: 1024)
            var spec = IconSpec(set: nil, role: ios ? (marketing ? .marketing : .app) : .android, idiom: marketing ? .iosMarketing : .universal,
                                points: nil, scale: nil, pixels: pixels, filename: relative.fileName, platform: ios ? "ios" : nil, appearance: nil)
            let folder = relative.parentFolder
            spec.folder = folder.isEmpty ? nil : folder
            if !ios { spec.androidLayer = AndroidLayer(rawValue: icon.attribute) ?? .legacy }
            outputs.append(spec)
        }
        // The default icon (an <icon src> outside every <platform>): what prepare copies where a platform names none of
        // its own (cordova-android's densities it lacks, cordova-browser, cordova-electron). Re-rendered in place at its
        // own size, the master whole with its alpha, as a web page's icon is: left old, those would show the old icon.
        for icon in config.icons where icon.platform == nil && icon.attribute == "src" {
            let described = "\(name) line \(icon.line): the default <icon src=\"\(icon.path)\">"
            guard let relative = config.relativePath(of: icon), relative != "platforms", !relative.hasPrefix("platforms/") else {
                notes.append("\(described): not written: outside the project, or in what cordova prepare makes")
                continue
            }
            guard taken[relative] == nil else { continue }
            let file = config.file(of: icon)
            guard let pixels = PNGHeader.size(of: file), pixels.width == pixels.height, (16...4096).contains(pixels.width) else {
                let why = !FileManager.default.fileExists(atPath: file) ? "no file to take its size from"
                    : PNGHeader.size(of: file) == nil ? "not a PNG (IconForge writes PNGs and never changes a file's format under its name)"
                    : "not a square PNG of 16 to 4096 px"
                notes.append("\(described): left as it is: \(why)")
                continue
            }
            taken[relative] = (pixels, icon.line)
            var spec = IconSpec(set: nil, role: .web, idiom: .universal, points: nil, scale: nil, pixels: pixels, filename: relative.fileName,
                                platform: nil, appearance: nil)
            spec.webPurpose = .any
            let folder = relative.parentFolder
            spec.folder = folder.isEmpty ? nil : folder
            outputs.append(spec)
        }
        return CordovaRun(config: config, outputs: outputs, notes: notes)
    }

    /// Where each preset goes in a Cordova app's folder (`generate --out .`): Android's and iOS's to the folder itself,
    /// where the run re-renders the icons config.xml names — throwing, naming the platform, when config.xml names none
    /// for it (nothing is made at the root, which prepare ignores). Other presets are routed as in any folder. Nil when
    /// no preset makes a platform's icons.
    static func routes(_ config: CordovaConfig, presets: [(name: String, platform: Preset.Platform)], out: String,
                       others: ([String]) throws(IconForgeError) -> [(presets: [String], folder: String)]) throws(IconForgeError)
        -> [(presets: [String], folder: String)]? {
        var covered: [String] = [], rest: [String] = [], missing: [(preset: String, platform: String)] = []
        for (name, kind) in presets {
            guard let platform = platform(name: name, platform: kind) else { rest.append(name); continue }
            if config.icons(for: [platform]).isEmpty { missing.append((name, platform)) } else { covered.append(name) }
        }
        guard !covered.isEmpty || !missing.isEmpty else { return nil }
        if !missing.isEmpty {
            let platforms = Array(Set(missing.map(\.platform))).sorted()
            throw .projectLayout(path: out, .noFolder(presets: missing.map(\.preset), found: [
                "a Cordova app whose config.xml names no " + platforms.joined(separator: " or ") + " icon (cordova prepare copies only those it names: add <icon> elements to "
                    + platforms.map { "<platform name=\"\($0)\">" }.joined(separator: " and ") + " to have them written)"]))
        }
        var routes: [(presets: [String], folder: String)] = [(covered, out)]
        guard !rest.isEmpty else { return routes }
        // A preset that would go into the folder itself beside config.xml's icons has no folder of the app's: a run of its
        // own writes it there, as into any folder.
        var beside: [String] = []
        for route in try others(rest) {
            if route.folder == out { beside += route.presets } else { routes.append(route) }
        }
        if !beside.isEmpty {
            throw .projectLayout(path: out, .noFolder(presets: beside, found: ["a Cordova app, whose config.xml names its Android and iOS icons"]))
        }
        return routes
    }
}

/// What a run into a Cordova app's folder adds once its icons are written: the icons it left as they are, said.
struct CordovaStep: PlatformStep {
    func finish(_ run: inout GenerationRun, by generator: Generator) throws(IconForgeError) {
        guard let cordova = run.plan.cordova else { return }
        run.platformNotes += cordova.notes
    }
}
