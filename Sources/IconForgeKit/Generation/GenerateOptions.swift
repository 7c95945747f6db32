import Foundation
import PNGCodec
import Raster
import SVGCodec

/// Where the tinted app-icon variant (or Android's monochrome layer) comes from.
public enum TintedSource: Sendable, Equatable {
    /// The master's luminance, in greyscale.
    case auto
    /// A designed variant: the file at this file URL.
    case file(URL)

    /// A designed variant at a path as the user gave it (the command's form).
    package static func file(_ path: String) -> TintedSource { .file(URL(givenPath: path)) }

    /// The designed variant's path as the user gave it; nil for `.auto`.
    package var filePath: String? { if case .file(let url) = self { url.givenPath } else { nil } }
}

/// Where Android's adaptive background layer comes from.
public enum AndroidBackground: Sendable, Equatable {
    /// A flat colour.
    case color(RGBColor)
    /// A picture: the file at this file URL.
    case file(URL)

    /// A picture at a path as the user gave it (the command's form).
    package static func file(_ path: String) -> AndroidBackground { .file(URL(givenPath: path)) }

    /// The picture's path as the user gave it; nil for a colour.
    package var filePath: String? { if case .file(let url) = self { url.givenPath } else { nil } }
}

/// What `generate` does to a master for macOS icons.
public enum MacShape: String, Sendable, CaseIterable {
    /// A full-bleed square gets Apple's shape and shadow; a master with transparent corners is used as it is.
    case auto
    /// The master is used as it is.
    case none
}

/// Everything `iconforge generate` can be told besides the sources and the output folder.
public struct GenerateOptions: Sendable {
    /// The presets whose outputs are made (their union).
    public var presets: [Preset]
    /// The resampling filter.
    public var filter: Filter = .lanczos3
    /// Resample in linear light.
    public var linearLight = true
    /// What translucent pixels of opaque outputs are composited over.
    public var background: RGBColor = .white
    /// How a non-square master becomes square icons; nil refuses non-square masters for icons.
    public var fit: FitMode?
    /// What `fill` keeps (icons and launch images).
    public var gravity: Gravity = .center
    /// Allow outputs larger than the master (a warning instead of an error).
    public var allowUpscale = false
    /// Renames every `AppIcon.appiconset` to this name.
    public var appIconName: String?
    /// Renames every `LaunchImage.launchimage` (and the launch-screen image set) to this name.
    public var launchImageName: String?
    /// A designed dark variant for `ios-single` (a file URL).
    public var darkSource: URL? {
        get { darkSourcePath.map(URL.init(givenPath:)) }
        set { darkSourcePath = newValue?.givenPath }
    }
    /// `darkSource`'s path as the user gave it.
    package var darkSourcePath: String?
    /// The tinted variant for `ios-single`.
    public var tintedSource: TintedSource?
    /// The fill of a written `.icon` (`--background` given explicitly); nil leaves Icon Composer's own.
    public var iconBackground: RGBColor?
    /// Android: a designed foreground layer (108 dp canvas, a file URL); without it the master fills the safe zone.
    public var androidForeground: URL? {
        get { androidForegroundPath.map(URL.init(givenPath:)) }
        set { androidForegroundPath = newValue?.givenPath }
    }
    /// `androidForeground`'s path as the user gave it.
    package var androidForegroundPath: String?
    /// Android: the background layer, a colour or a picture; without it the master's edge colour.
    public var androidBackground: AndroidBackground?
    /// Android 12+ splash screen: the icon background (`windowSplashScreenIconBackgroundColor`); the icon is then drawn on
    /// the 240 dp canvas inside its 160 dp circle instead of the 288 dp canvas's 192 dp circle.
    public var splashIconBackground: RGBColor?
    /// Android TV: the app's name beside the logo on the banner (capitals, digits and `.-_+`, drawn by IconForge's stroke
    /// font); nil for the logo alone.
    public var bannerText: String?
    /// The web's icons (the maskable icon's background for a logo, what the touch icon is composited over); without it
    /// `background`.
    public var webBackground: RGBColor?
    /// Android: the monochrome layer for themed icons; nil or `.auto` derives it from the foreground's coverage.
    public var monochrome: TintedSource?
    /// Android: write no monochrome layer (`--monochrome none`): the adaptive icon has none, and no
    /// `ic_launcher_monochrome` PNGs are made (with themed icons on, Android 13 to 16 QPR1 shows the icon unthemed; only 16 QPR2 makes one).
    public var omitsMonochrome = false
    /// visionOS layer images (file URLs) by layer name (front, middle, back); the back layer defaults to the master.
    public var visionLayers: [String: URL] {
        get { visionLayerPaths.mapValues(URL.init(givenPath:)) }
        set { visionLayerPaths = newValue.mapValues(\.givenPath) }
    }
    /// `visionLayers`' paths as the user gave them.
    package var visionLayerPaths: [String: String] = [:]
    /// Whether a full-bleed master is given the macOS icon shape for `mac` outputs.
    public var macShape: MacShape = .auto
    /// The appearance an Icon Composer master is drawn in (its dark and tinted variants are drawn in theirs).
    public var appearance: Appearance = .light
    /// Linux: the app's id (reverse-DNS, as Flatpak wants), which names its hicolor icons and `.desktop` file; nil takes
    /// the output folder's existing one, else "app".
    public var appID: String?
    /// A label drawn on every icon where it is legible (dev, staging, a version): see `Badge`.
    public var badge: Badge?
    /// Launch images from a logo on this colour instead of from the full-bleed master.
    public var launchBackground: RGBColor?
    /// The logo for logo-mode launch images (and the launch-screen image set), a file URL.
    public var launchLogo: URL? {
        get { launchLogoPath.map(URL.init(givenPath:)) }
        set { launchLogoPath = newValue?.givenPath }
    }
    /// `launchLogo`'s path as the user gave it.
    package var launchLogoPath: String?
    /// The logo's width as a fraction of the launch image's short side.
    public var launchLogoScale = 0.25
    /// How PNG files are compressed (per role, see `Compression.encodeOptions(for:)`).
    public var compression = Compression.default
    /// Decoder limits.
    public var limits = PNGLimits.default

    /// Options for these presets, everything else at its default.
    public init(presets: [Preset]) { self.presets = presets }

    /// Into a website: also insert or update the `<link>` tags of the icons and manifest in its page (`index.html`, or
    /// Vite's beside `public/`), keeping every other byte of it.
    public var updatesPage = false
    /// Into a website: give the manifest's icons content-hashed names (`icon-192.3f2a9c1b.png`) and name those in the
    /// manifest, because an installed web app's icon updates only when its URL changes (Chrome 144 and later). The
    /// previous run's hashed files go to the backup.
    public var hashesNames = false
    /// Switch an existing app-icon set to the layout of the iOS preset given. By default the set's layout is kept (an
    /// Xcode 16 single-size set stays single-size under `--preset ios`) and the run says so.
    public var replacesLayout = false
    /// Other inputs of the same command that no run may overwrite: every master of a batch, the alternates' masters.
    package var otherInputs: [String] = []

    /// Every file the options name as an input (variants, layers, logos): never an output of the run.
    var inputFiles: [String] {
        var files = [darkSourcePath, androidForegroundPath, launchLogoPath].compactMap { $0 } + otherInputs
        files += [tintedSource?.filePath, androidBackground?.filePath, monochrome?.filePath].compactMap { $0 }
        return files + visionLayerPaths.values.sorted()
    }
}
