import Foundation
import Raster

/// What an output is for; decides its alpha policy and how it is rendered.
public enum Role: String, Sendable, CaseIterable, CustomStringConvertible {
    case app, marketing, spotlight, settings, notification, template, launch
    case launchLogo = "launch-logo", launchBackground = "launch-background", webClip = "web-clip", artwork
    /// A layer image of an Icon Composer `.icon`: keeps alpha (the fill shows through).
    case layer
    /// An Android launcher icon or layer, or a web manifest icon: 32-bit RGBA, as those platforms expect.
    case android, web
    /// A macOS app icon: its shape and shadow sit on a transparent canvas.
    case mac
    /// A Windows app icon (`.ico` entry), tile or app-list icon: keeps alpha (Windows plates a transparent logo in
    /// the tile colour); a wide tile or splash screen shows a logo on `--background`, a full-bleed picture cropped.
    case windows
    /// A Linux desktop icon in the hicolor theme: keeps alpha, as freedesktop icons do.
    case linux
    /// A browser extension's icon (`manifest.json`'s `icons` and toolbar button): RGBA, merged into the manifest.
    case browserExtension = "browser-extension"
    /// Android's status-bar notification icon: a white silhouette on transparency.
    case androidNotification = "android-notification"
    /// Android TV's launcher banner: the logo on a colour, opaque.
    case androidBanner = "android-banner"
    /// Android 12's splash screen icon: the logo inside the centre circle of a transparent canvas.
    case androidSplash = "android-splash"

    public var description: String { rawValue }

    /// Roles whose files must be opaque 24-bit RGB (App Store and Xcode reject alpha in them).
    public var requiresOpaque: Bool {
        switch self {
        case .template, .launchLogo, .launchBackground, .layer, .mac, .android, .web, .windows, .linux, .browserExtension, .androidNotification,
             .androidSplash: false
        default: true
        }
    }

    /// Android resources other than the launcher icon: they go into `res/` as the launcher icon's layers do.
    public var isAndroidResource: Bool { [.androidNotification, .androidBanner, .androidSplash].contains(self) }

    /// The icon roles of an app-icon set.
    public var isAppIcon: Bool { [.app, .marketing, .spotlight, .settings, .notification].contains(self) }
}

/// The device family an asset-catalog entry is for, in Xcode's words.
public enum Idiom: String, Sendable, CaseIterable, CustomStringConvertible {
    case universal, iphone, ipad, car, mac, tv, watch, vision
    case iosMarketing = "ios-marketing", watchMarketing = "watch-marketing"

    public var description: String { rawValue }
}

/// A display scale: pixels per point.
public enum Scale: Int, Sendable, CaseIterable, CustomStringConvertible {
    case x1 = 1, x2 = 2, x3 = 3

    /// "2x", as Contents.json writes it.
    public var description: String { "\(rawValue)x" }
}

/// An appearance variant of a single-size app icon (Xcode 16).
public enum Appearance: String, Sendable, CaseIterable {
    case dark, tinted
}

/// A size in points; fractional sizes exist (iPad Pro's 83.5 pt).
public struct PointSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// "83.5x83.5", as Contents.json writes it.
    public var description: String { "\(PointSize.format(width))x\(PointSize.format(height))" }

    /// "60", "83.5": whole numbers without a fraction. Any number a file can hold is safe here (converting a
    /// Double of 1e19 to Int once crashed `validate` on a hostile Contents.json).
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The largest side accepted, in points: far above any icon or launch image (the App Store icon is 1024).
    public static let maximum = 10_000.0

    /// Parses "WxH" with positive numbers up to `maximum`; nil otherwise.
    public init?(parsing text: String) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width > 0, height > 0,
              width <= PointSize.maximum, height <= PointSize.maximum else { return nil }
        self.init(width: width, height: height)
    }
}

/// One output of a preset: a file (or, for a colour set, a colour) and where it goes.
public struct IconSpec: Sendable, Equatable {
    /// The folder it belongs to inside the output folder, e.g. "AppIcon.appiconset"; nil for a loose file.
    public var set: String?
    /// A website's icon (manifest icons, the touch icon): composited over `--web-background`.
    var isWeb: Bool { role == .webClip || webPurpose != nil }
    /// Shown in a circle: every watchOS icon (the watch face, notifications, the App Store).
    var isCircular: Bool { idiom == .watch || idiom == .watchMarketing || platform == "watchos" }
    /// What it is for.
    public var role: Role
    /// The device family.
    public var idiom: Idiom
    /// Size in points, where the catalog entry has one.
    public var points: PointSize?
    /// Scale, where the catalog entry has one.
    public var scale: Scale?
    /// Size in pixels (points × scale where both are given); nil only for a colour set.
    public var pixels: PixelSize?
    /// File name inside its set or the output folder; nil only for a colour set.
    public var filename: String?
    /// Xcode's `platform` key ("ios" for universal app icons).
    public var platform: String?
    /// Appearance variant; such outputs are made only when a variant source is given.
    public var appearance: Appearance?
    /// Launch images: "portrait" or "landscape".
    public var orientation: String?
    /// Launch images: Xcode's subtype, e.g. "2688h".
    public var subtype: String?
    /// Launch images: Xcode's minimum-system-version.
    public var minimumSystemVersion: String?
    /// Launch images: "full-screen" or "to-status-bar".
    public var extent: String?
    /// A subfolder of the output folder for a file outside any set (Android's "mipmap-hdpi").
    public var folder: String?
    /// Android launcher icons: which picture — legacy, round, foreground, background, monochrome or play.
    public var androidLayer: String?
    /// Web app manifest icons: "any", "maskable" (content kept inside the central 80% circle) or "monochrome" (a
    /// silhouette: browsers use its alpha alone; written only from a designed `--monochrome FILE`).
    public var webPurpose: String?
    /// A visionOS icon layer: front, middle or back (its set is the `.solidimagestack`).
    public var visionLayer: String?
    /// Xcode's own `role` key of watch icons: notificationCenter, companionSettings, appLauncher, quickLook.
    public var xcodeRole: String?
    /// A file holding several images ("icns"): this output is one of them, written by that container's writer.
    public var container: String?
    /// The output's entry in its container (an `.icns` type such as "ic10").
    public var containerEntry: String?

    /// Where the output's pixels go, relative to the output folder: its file, or its container file and entry.
    public var outputPath: String? {
        guard let filename else { return nil }
        let file = (self.set ?? folder).map { $0 + "/" + filename } ?? filename
        return containerEntry.map { file + "#" + $0 } ?? file
    }

    /// The kind of folder `set` is, from its extension ("appiconset", "launchimage", "imageset", "colorset").
    public var setKind: String? { self.set.map { ($0 as NSString).pathExtension } }

    /// True when the written file keeps its alpha channel.
    public var keepsAlpha: Bool { !role.requiresOpaque || appearance != nil }
}

/// A named list of outputs, read from a JSON file in `Presets/` (built in) or given by the user.
public struct Preset: Sendable, Equatable {
    /// The name used with `--preset`.
    public var name: String
    /// One line for `iconforge presets`.
    public var summary: String
    /// Every output, in the order Xcode lists them.
    public var outputs: [IconSpec]

    /// The platforms whose folders a project keeps apart.
    public enum Platform: Sendable, Equatable {
        /// Asset catalogs, `.icns`, Icon Composer bundles.
        case apple
        /// `res/` folders.
        case android
        /// A website's folder.
        case web
        /// A Windows app's icon and visual assets (a Visual Studio project's `Assets/`, Tauri's `src-tauri/icons`).
        case windows
        /// A Linux desktop app's hicolor icon theme folder and `.desktop` file.
        case linux
        /// A browser extension's folder (the one holding its `manifest.json`).
        case browserExtension
    }

    /// Where this preset's outputs live in a project: Windows or Linux by their roles, Android if it writes launcher
    /// layers or other Android resources, web if it writes manifest icons or touch icons, a browser extension's folder for
    /// extension icons, Apple otherwise.
    public var platform: Platform {
        if outputs.contains(where: { $0.role == .windows }) { return .windows }
        if outputs.contains(where: { $0.role == .linux }) { return .linux }
        if outputs.contains(where: { $0.androidLayer != nil || $0.role.isAndroidResource }) { return .android }
        if outputs.contains(where: { $0.role == .browserExtension }) { return .browserExtension }
        if outputs.contains(where: { $0.webPurpose != nil || $0.role == .webClip || $0.container == "ico" }) { return .web }
        return .apple
    }

    /// Set folders the preset may write, and the roles that may live in them.
    static let setKinds = ["appiconset", "launchimage", "imageset", "colorset", "icon", "stickersiconset", "solidimagestack"]

    /// The container formats an output may be an entry of.
    static let containers = ["icns", "ico"]
    /// The pictures an Android launcher icon output may be.
    static let androidLayers = ["legacy", "round", "foreground", "background", "monochrome", "play"]

    /// The most presets one preset includes, and the most outputs a preset has with them (every built-in preset
    /// together has a few hundred).
    static let maxIncludes = 32, maxOutputs = 4096

    /// Parses and checks a preset; `file` names it in errors. Its optional `includes` (names of built-in
    /// presets) come first in its outputs, followed by its own.
    public static func parse(_ data: Data, file: String) throws(PresetError) -> Preset {
        try parse(data, file: file, depth: 0)
    }

    static func parse(_ data: Data, file: String, depth: Int) throws(PresetError) -> Preset {
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            throw .invalid(file: file, place: nil, reason: "not valid JSON: " + ContentsJSON.describe(error, in: [UInt8](data)))
        }
        guard let object = root as? [String: Any] else { throw .invalid(file: file, place: nil, reason: "must be a JSON object") }
        var reader = FieldReader(object: object, file: file, place: nil)
        let name = try reader.string("name", required: true)!
        let summary = try reader.string("summary") ?? ""
        var outputs: [IconSpec] = []
        reader.known.insert("includes")
        if let includes = object["includes"] {
            guard let names = includes as? [String] else { throw .invalid(file: file, place: "includes", reason: "must be an array of preset names") }
            guard names.count <= maxIncludes else {
                throw .invalid(file: file, place: "includes", reason: "names \(names.count) presets, more than the \(maxIncludes) a preset may include")
            }
            for name in names {
                guard depth < 4, let included = try PresetCatalog.embedded(name, depth: depth + 1) else {
                    throw .invalid(file: file, place: "includes", reason: "unknown built-in preset '\(name)'")
                }
                outputs += included.outputs
            }
        }
        let list = object["outputs"] as? [Any] ?? []
        guard object["outputs"] == nil || object["outputs"] is [Any], !(list.isEmpty && outputs.isEmpty) else {
            throw .invalid(file: file, place: "outputs", reason: "must be a non-empty array of outputs")
        }
        reader.known.insert("outputs")
        try reader.rejectUnknown()
        for (index, item) in list.enumerated() {
            let place = "outputs[\(index)]"
            guard let entry = item as? [String: Any] else { throw .invalid(file: file, place: place, reason: "must be an object") }
            outputs.append(try parseOutput(entry, file: file, place: place))
        }
        guard outputs.count <= maxOutputs else {
            throw .invalid(file: file, place: "outputs", reason: "has \(outputs.count) outputs with its includes, more than the \(maxOutputs) a preset may have")
        }
        try checkSharedFiles(outputs, file: file)
        return Preset(name: name, summary: summary, outputs: outputs)
    }

    private static func parseOutput(_ entry: [String: Any], file: String, place: String) throws(PresetError) -> IconSpec {
        var reader = FieldReader(object: entry, file: file, place: place)
        let role = try reader.choice("role", Role.self, required: true)!
        let idiom = try reader.choice("idiom", Idiom.self, required: true)!
        let set = try reader.string("set")
        if let set, !setKinds.contains((set as NSString).pathExtension) || set.contains("/") {
            throw reader.error("set", "must be a folder name ending in .\(setKinds.joined(separator: ", .")) (got \"\(set)\")")
        }
        let points = try reader.string("points").map { text throws(PresetError) -> PointSize in
            guard let size = PointSize(parsing: text) else {
                throw reader.error("points", "must be \"WxH\" in points, each between 0 and \(Int(PointSize.maximum)) (got \"\(text)\")")
            }
            return size
        }
        let scale = try reader.integer("scale").map { value throws(PresetError) -> Scale in
            guard let scale = Scale(rawValue: value) else { throw reader.error("scale", "must be 1, 2 or 3 (got \(value))") }
            return scale
        }
        var pixels = try reader.string("pixels").map { text throws(PresetError) -> PixelSize in
            guard let size = PixelSize(parsing: text) else { throw reader.error("pixels", "must be \"WxH\" in whole pixels (got \"\(text)\")") }
            return size
        }
        if let points {
            let factor = Double(scale?.rawValue ?? 1)
            let width = points.width * factor, height = points.height * factor
            guard width == width.rounded(), height == height.rounded() else {
                throw reader.error("points", "\(points) pt at \(scale?.description ?? "1x") is not a whole number of pixels")
            }
            let derived = PixelSize(width: Int(width), height: Int(height))
            if let pixels, pixels != derived {
                throw reader.error("pixels", "\(pixels) does not match \(points) pt at \(scale?.description ?? "1x") (\(derived))")
            }
            pixels = derived
        }
        let filename = try reader.string("filename")
        if let filename, filename.isEmpty || filename.contains("/") || filename.hasPrefix(".") {
            throw reader.error("filename", "must be a plain file name (got \"\(filename)\")")
        }
        if role == .launchBackground {
            guard (set as NSString?)?.pathExtension == "colorset" else {
                throw reader.error("set", "a launch-background output belongs in a .colorset")
            }
        } else {
            guard filename != nil else { throw reader.error("filename", "is required") }
            guard pixels != nil else { throw reader.error("pixels", "is required when there is no \"points\"") }
        }
        var spec = IconSpec(set: set, role: role, idiom: idiom, points: points, scale: scale, pixels: pixels,
                            filename: filename, platform: try reader.string("platform"),
                            appearance: try reader.choice("appearance", Appearance.self),
                            orientation: try reader.string("orientation"), subtype: try reader.string("subtype"),
                            minimumSystemVersion: try reader.string("minimumSystemVersion"), extent: try reader.string("extent"))
        spec.xcodeRole = try reader.string("xcode-role")
        spec.visionLayer = try reader.string("layer")
        spec.folder = try reader.string("folder")
        if let folder = spec.folder {
            let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
            guard set == nil, !folder.hasPrefix("/"), parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.hasPrefix(".") }) else {
                throw reader.error("folder", "must be a relative folder inside the output folder, for a file outside any set (got \"\(folder)\")")
            }
        }
        spec.androidLayer = try reader.string("android-layer")
        if let layer = spec.androidLayer, !androidLayers.contains(layer) {
            throw reader.error("android-layer", "must be one of \(androidLayers.joined(separator: ", ")) (got \"\(layer)\")")
        }
        spec.webPurpose = try reader.string("web-purpose")
        if let purpose = spec.webPurpose, !["any", "maskable", "monochrome"].contains(purpose) {
            throw reader.error("web-purpose", "must be any, maskable or monochrome (got \"\(purpose)\")")
        }
        if (spec.setKind == "solidimagestack") != (spec.visionLayer != nil) || !VisionStack.layers.contains(spec.visionLayer ?? "back") {
            throw reader.error("layer", "a .solidimagestack output needs \"layer\": front, middle or back (and only it takes one)")
        }
        if let container = try reader.string("container") {
            guard containers.contains(container), set == nil else {
                throw reader.error("container", "must be one of \(containers.joined(separator: ", ")), for a file outside any set (got \"\(container)\")")
            }
            let entry = try reader.string("entry")
            if container == "ico" {
                guard let pixels, pixels.width == pixels.height, pixels.width <= 256, entry == pixels.description else {
                    throw reader.error("entry", "an .ico entry is named by its square size up to 256, e.g. \"32x32\", and matches \"pixels\"")
                }
            } else {
                guard let entry, let type = Icns.imageTypes.first(where: { $0.type == entry }) else {
                    throw reader.error("entry", "must be an .icns image type: \(Icns.imageTypes.map(\.type).joined(separator: ", "))")
                }
                guard pixels == PixelSize(width: type.pixels, height: type.pixels) else {
                    throw reader.error("pixels", "\(type.type) holds \(type.pixels)x\(type.pixels) images")
                }
            }
            spec.container = container
            spec.containerEntry = entry!
        } else if try reader.string("entry") != nil {
            throw reader.error("entry", "needs a \"container\"")
        }
        try reader.rejectUnknown()
        return spec
    }

    /// Entries may share a file (iPhone and iPad 20 pt @2x are one 40x40 file) only when they agree on it.
    private static func checkSharedFiles(_ outputs: [IconSpec], file: String) throws(PresetError) {
        var seen: [String: (Int, IconSpec)] = [:]
        for (index, spec) in outputs.enumerated() {
            guard let key = spec.outputPath else { continue }
            let name = spec.filename!
            if let (first, other) = seen[key], other.pixels != spec.pixels || other.keepsAlpha != spec.keepsAlpha {
                throw .invalid(file: file, place: "outputs[\(index)].filename",
                               reason: "\"\(name)\" is also outputs[\(first)], with another size or alpha policy")
            }
            if seen[key] == nil { seen[key] = (index, spec) }
        }
    }
}

/// Why a preset could not be used; names the file, the entry and the field.
public enum PresetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The preset file could not be read.
    case unreadable(file: String, reason: String)
    /// The preset is malformed at `place` (e.g. "outputs[3].scale").
    case invalid(file: String, place: String?, reason: String)
    /// No built-in preset has that name.
    case unknown(name: String, available: [String])

    public var description: String {
        switch self {
        case .unreadable(let file, let reason): "\(file): cannot read preset: \(reason)"
        case .invalid(let file, let place, let reason): "\(file): \(place.map { "\($0): " } ?? "")\(reason)"
        case .unknown(let name, let available):
            "unknown preset '\(name)'; built-in presets: \(available.joined(separator: ", ")) (or give a path to a .json file)"
        }
    }
}

/// Reads typed fields of one JSON object, remembering which keys were used so unknown ones (typos) are refused.
private struct FieldReader {
    let object: [String: Any]
    let file: String
    let place: String?
    var known: Set<String> = []

    init(object: [String: Any], file: String, place: String?) {
        self.object = object
        self.file = file
        self.place = place
    }

    func error(_ field: String, _ reason: String) -> PresetError {
        .invalid(file: file, place: (place.map { $0 + "." } ?? "") + field, reason: reason)
    }

    mutating func string(_ field: String, required: Bool = false) throws(PresetError) -> String? {
        known.insert(field)
        guard let value = object[field], !(value is NSNull) else {
            if required { throw error(field, "is required") }
            return nil
        }
        guard let text = value as? String else { throw error(field, "must be a string") }
        return text
    }

    mutating func integer(_ field: String) throws(PresetError) -> Int? {
        known.insert(field)
        guard let value = object[field], !(value is NSNull) else { return nil }
        guard let number = value as? NSNumber, !ContentsJSON.isBoolean(number), number.doubleValue == number.doubleValue.rounded() else {
            throw error(field, "must be a whole number")
        }
        return number.intValue
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(_ field: String, _ type: T.Type,
                                                             required: Bool = false) throws(PresetError) -> T? where T.RawValue == String {
        guard let text = try string(field, required: required) else { return nil }
        guard let value = T(rawValue: text) else {
            throw error(field, "must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")) (got \"\(text)\")")
        }
        return value
    }

    func rejectUnknown() throws(PresetError) {
        if let extra = object.keys.filter({ !known.contains($0) }).sorted().first {
            throw error(extra, "unknown field")
        }
    }
}
