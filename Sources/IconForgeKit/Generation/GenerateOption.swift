import Foundation
import Raster

/// One option of `generate` by its long name: what value it takes, the values it allows, its help, and where a value
/// goes in `GenerateSettings`. `GenerateOption.all` is the one table of them: `iconforge.yml` is read with it (its
/// keys, which values are paths to resolve, what a value may be) and the command's flags take their help from it, so
/// a file and a command line cannot come to mean different things.
public struct GenerateOption: Sendable {
    /// What an option's value is.
    public enum Kind: Sendable, Equatable {
        /// Free text (a name, a label).
        case text
        /// A colour, `#RRGGBB`.
        case colour
        /// A decimal number.
        case number
        /// A whole number.
        case count
        /// One of these words.
        case choice([String])
        /// A file, whose path is relative to where it is given.
        case file
        /// One of these words, or else a file.
        case fileOr([String])
        /// A colour (`#RRGGBB`), or else a file.
        case fileOrColour
        /// On or off.
        case flag
        /// NAME=FILE, repeatable.
        case namedFiles
    }

    /// One value as a user gives it: iconforge.yml's scalars and booleans, or one `NAME=FILE` entry of a map.
    public enum Given: Sendable, Equatable {
        case text(String)
        case flag(Bool)
        case namedFile(name: String, file: String)
    }

    /// The long name, as on the command line and in iconforge.yml (`android-background`).
    public let name: String
    /// What kind of value it takes.
    public let kind: Kind
    /// How help shows the value (`#RRGGBB`, `file`); nil for a flag.
    public let valueName: String?
    /// The help text `iconforge generate --help` shows.
    public let help: String
    /// Stores a value; returns why it cannot be used, or nil.
    let store: @Sendable (inout GenerateSettings, Given) -> String?

    /// Whether `text`, given for this option, names a file (and so is a path to resolve and an input of the run).
    package func namesFile(_ text: String) -> Bool {
        switch kind {
        case .file, .namedFiles: true
        case .fileOr(let words): !words.contains(text)
        case .fileOrColour: !text.hasPrefix("#")
        default: false
        }
    }

    /// The option of this long name.
    public static func named(_ name: String) -> GenerateOption? { byName[name] }

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// Every option `generate` takes besides its sources, presets, output and the command line's own switches.
    public static let all: [GenerateOption] = [
        choice("filter", Filter.self, "name", "Resampling filter.") { $0.options.filter = $1 },
        flag("no-linear", "Resample the sRGB-encoded values instead of linear light.") { $0.options.linearLight = !$1 },
        colour("background", "Colour that translucent pixels of opaque outputs are composited over (default white); the fill of an Icon Composer .icon.") {
            $0.options.background = $1
            $0.options.iconBackground = $1
        },
        // fill or fit, never stretch: icons are square, and stretching distorts them.
        choice("fit", FitMode.self, allowed: [.fill, .fit], "mode",
               "How a non-square master becomes square icons: fill (crop) or fit (pad). Without it, a non-square master is an error.") { $0.options.fit = $1 },
        choice("gravity", Gravity.self, "gravity", "What fill keeps, for icons and launch images.") { $0.options.gravity = $1 },
        flag("allow-upscale", "Allow outputs larger than the master (a warning instead of an error).") { $0.options.allowUpscale = $1 },
        text("app-icon-name", "name", "Name of the app-icon set instead of AppIcon.") { $0.options.appIconName = $1 },
        text("launch-image-name", "name", "Name of the launch-image set instead of LaunchImage.") { $0.options.launchImageName = $1 },
        text("app-id", "id", "Linux: the icon's name in the hicolor theme and the .desktop file's, reverse-DNS as Flatpak wants (default: the existing .desktop's Icon=, else the one icon name already in hicolor/, else 'app').") {
            $0.options.appID = $1
        },
        text("dark", kind: .file, "file", "A designed dark variant (ios-single).") { $0.options.darkSourcePath = $1 },
        text("tinted", kind: .fileOr(["auto"]), "auto|file", "The tinted variant (ios-single): 'auto' for the master's luminance, or a file.") {
            $0.options.tintedSource = $1 == "auto" ? .auto : .file($1)
        },
        namedFiles("alternate", "NAME=FILE", "An alternate app icon: the app-icon sets of the presets made from FILE as NAME (repeatable).") { settings, name, file, given in
            guard let icon = AlternateIcons.Icon(parsing: name + "=" + file) else { return "--alternate takes NAME=FILE (got '\(given)')" }
            settings.alternates.append(icon)
            return nil
        },
        colour("web-background", "Web: the colour behind a logo in the maskable icon and under the touch icon (default: --background).") { $0.options.webBackground = $1 },
        text("android-foreground", kind: .file, "file", "Android: a designed adaptive foreground layer (108 dp canvas, content in the central 66 dp).") {
            $0.options.androidForegroundPath = $1
        },
        text("android-background", kind: .fileOrColour, "#RRGGBB|file", "Android: the adaptive background, a colour or a picture (default: the master's edge colour).") {
            $0.options.androidBackground = RGBColor(hex: $1).map { .color($0) } ?? .file($1)
        },
        colour("splash-icon-background", "Android 12+ splash screen (android-splash): the icon background colour (windowSplashScreenIconBackgroundColor); the icon is then 240 dp with its content in the 160 dp circle.") {
            $0.options.splashIconBackground = $1
        },
        text("banner-text", "text", "Android TV (android-tv): the app's name beside the logo on the banner (letters, digits, spaces and . - _ +, drawn in capitals).") {
            $0.options.bannerText = $1.isEmpty ? nil : $1 // empty: a variant's way to drop the job's
        },
        text("monochrome", kind: .fileOr(["auto", "none"]), "auto|none|file", "Android: the monochrome layer for themed icons: a glyph on transparency, auto (the foreground's coverage; the default), or none (no monochrome layer).") {
            $0.options.omitsMonochrome = $1 == "none"
            $0.options.monochrome = $1 == "none" ? nil : $1 == "auto" ? .auto : .file($1)
        },
        namedFiles("layer", "LAYER=FILE", "A visionOS icon layer: front, middle or back (default back: the master), repeatable.") { settings, name, file, given in
            guard let layer = VisionLayer(rawValue: name.lowercased()), !file.isEmpty else {
                return "--layer takes front=FILE, middle=FILE or back=FILE (got '\(given)')"
            }
            settings.options.visionLayerPaths[layer.rawValue] = file
            return nil
        },
        choice("mac-shape", MacShape.self, "auto|none", "macOS icons: auto gives a full-bleed square master Apple's shape and shadow; none uses the master as it is.") {
            $0.options.macShape = $1
        },
        choice("appearance", Appearance.self, "light|dark|tinted", "The appearance an Icon Composer .icon master is drawn in.") { $0.options.appearance = $1 },
        colour("launch-background", "Make launch images as a logo on this colour instead of cropping the master.") { $0.options.launchBackground = $1 },
        text("launch-logo", kind: .file, "file", "The logo for launch images (default: the master).") { $0.options.launchLogoPath = $1 },
        GenerateOption(name: "launch-logo-scale", kind: .number, valueName: "fraction", help: "The logo's width as a fraction of the launch image's short side.") {
            guard case .text(let text) = $1, let scale = Double(text) else { return "launch-logo-scale must be a number" }
            $0.options.launchLogoScale = scale
            return nil
        },
        choice("compression", Compression.self, "level", "PNG compression: fast (run-length), default (per role: launch images run-length, icons libdeflate level 6 with a sampled filter choice) or small (libdeflate level 12).") {
            $0.options.compression = $1
        },
        text("badge", "text", "A label drawn on every icon where it is legible, e.g. BETA or '{version}' (letters, digits, . - _ +; {version} and {build} from --badge-version/--badge-build or the environment).") {
            $0.badge.text = $1
        },
        choice("badge-style", Badge.Style.self, "ribbon|banner|corner|pill", "The badge's shape.") { $0.badge.style = $1 },
        choice("badge-position", Badge.Position.self, "top|bottom|top-left|top-right|bottom-left|bottom-right",
               "Where the badge goes (default: top-right for ribbon and corner, bottom for banner and pill).") { $0.badge.position = $1 },
        colour("badge-color", "The badge's colour (default #E53935).") { $0.badge.color = $1 },
        colour("badge-text-color", "The badge text's colour (default white).") { $0.badge.textColor = $1 },
        text("badge-version", "version", "The value of {version} in --badge (default: $ICONFORGE_VERSION, $VERSION_NAME, $MARKETING_VERSION).") { $0.badge.version = $1 },
        text("badge-build", "build", "The value of {build} in --badge (default: $ICONFORGE_BUILD, $BUILD_NUMBER, CI run numbers).") { $0.badge.build = $1 },
        flag("preview", "Also draw a contact sheet of the outputs as each platform shows them (\(Previewer.sheetName) in the output folder, beside a catalog or res/ folder; see 'iconforge preview').") {
            $0.preview = $1
        },
        flag("update-html", "Into a website: also insert or update the icon and manifest <link> tags in its index.html (Vite's beside public/), keeping the rest of the page byte for byte.") {
            $0.options.updatesPage = $1
        },
        flag("hash-names", "Into a website: name the manifest's icons for their content (icon-192.3f2a9c1b.png) and update the manifest, so installed apps pick up a new icon (its URL changes); earlier hashed files go to the backup.") {
            $0.options.hashesNames = $1
        },
        flag("replace-layout", "Switch an existing app-icon set to the layout of the preset given (by default its layout is kept: an Xcode 16 single-size set stays single-size under --preset ios).") {
            $0.options.replacesLayout = $1
        },
        flag("dry-run", "Print what would be written, and write nothing.") { $0.dryRun = $1 },
        count("max-pixels", "count", "Refuse images with more pixels than this before decoding them.") { settings, count in
            guard count > 0 else { return "--max-pixels must be a positive number of pixels" }
            settings.options.limits.maxPixels = count
            return nil
        },
        count("max-memory", "MiB", "Refuse images whose decoded pixels (4 bytes each, 8 at 16 bits) would take more MiB than this, before allocating them.") { settings, count in
            guard count > 0, count <= 1 << 20 else { return "--max-memory must be between 1 and 1048576 MiB" }
            settings.options.limits.maxDecodedBytes = count << 20
            return nil
        },
    ]

    // The table's rows by kind: each turns the given value into its type, or says why it cannot.

    private static func text(_ name: String, kind: Kind = .text, _ valueName: String, _ help: String,
                             _ set: @escaping @Sendable (inout GenerateSettings, String) -> Void) -> GenerateOption {
        GenerateOption(name: name, kind: kind, valueName: valueName, help: help) {
            guard case .text(let text) = $1 else { return "\(name) must be a single value" }
            set(&$0, text)
            return nil
        }
    }

    private static func flag(_ name: String, _ help: String, _ set: @escaping @Sendable (inout GenerateSettings, Bool) -> Void) -> GenerateOption {
        GenerateOption(name: name, kind: .flag, valueName: nil, help: help) {
            guard case .flag(let flag) = $1 else { return "\(name) must be true or false" }
            set(&$0, flag)
            return nil
        }
    }

    private static func colour(_ name: String, _ help: String, _ set: @escaping @Sendable (inout GenerateSettings, RGBColor) -> Void) -> GenerateOption {
        GenerateOption(name: name, kind: .colour, valueName: "#RRGGBB", help: help) {
            guard case .text(let text) = $1, let colour = RGBColor(hex: text) else { return "\(name) must be a colour, #RRGGBB" }
            set(&$0, colour)
            return nil
        }
    }

    private static func count(_ name: String, _ valueName: String, _ help: String,
                              _ set: @escaping @Sendable (inout GenerateSettings, Int) -> String?) -> GenerateOption {
        GenerateOption(name: name, kind: .count, valueName: valueName, help: help) {
            guard case .text(let text) = $1, let count = Int(text) else { return "\(name) must be a whole number" }
            return set(&$0, count)
        }
    }

    private static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ type: Value.Type, allowed: [Value] = Array(Value.allCases), _ valueName: String, _ help: String,
        _ set: @escaping @Sendable (inout GenerateSettings, Value) -> Void
    ) -> GenerateOption where Value.RawValue == String {
        let words = allowed.map(\.rawValue)
        return GenerateOption(name: name, kind: .choice(words), valueName: valueName, help: help) {
            guard case .text(let text) = $1, words.contains(text), let value = Value(rawValue: text) else {
                return "\(name) must be one of \(words.joined(separator: ", "))"
            }
            set(&$0, value)
            return nil
        }
    }

    private static func namedFiles(_ name: String, _ valueName: String, _ help: String,
                                   _ set: @escaping @Sendable (inout GenerateSettings, String, String, _ given: String) -> String?) -> GenerateOption {
        GenerateOption(name: name, kind: .namedFiles, valueName: valueName, help: help) {
            switch $1 {
            case .namedFile(let entry, let file): return set(&$0, entry, file, entry + "=" + file)
            case .text(let text):
                // NAME=FILE as the command line gives it; no "=" is an empty name and file, which the row refuses.
                guard let equals = text.firstIndex(of: "=") else { return set(&$0, "", "", text) }
                return set(&$0, String(text[..<equals]), String(text[text.index(after: equals)...]), text)
            case .flag: return "\(name) must be a map of NAME: FILE"
            }
        }
    }
}
