import Foundation
import Raster

/// What a file is for: an output's purpose in a preset, which decides its alpha policy and how it is rendered, and a
/// file's role when it is validated, which decides the rules it must follow. Validation tells files apart by fewer
/// roles (`validationRoles`): an output's role maps onto them (`validationRole(keepsAlpha:)`).
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
    /// A snap's icon (`snap/gui/icon.png`, or the file `snapcraft.yaml`'s `icon:` names): the master whole with its
    /// alpha, as the Snap Store and software centres list it.
    case snap
    /// A browser extension's icon (`manifest.json`'s `icons` and toolbar button): RGBA, merged into the manifest.
    case browserExtension = "browser-extension"
    /// Android's status-bar notification icon: a white silhouette on transparency.
    case androidNotification = "android-notification"
    /// Android TV's launcher banner: the logo on a colour, opaque.
    case androidBanner = "android-banner"
    /// Android 12's splash screen icon: the logo inside the centre circle of a transparent canvas.
    case androidSplash = "android-splash"
    /// tvOS: a layered app icon's back layer (a colour, or `--layer back=FILE`) and the Top Shelf images (the logo
    /// on the colour it lies on, as a wide tile): opaque.
    case tv
    /// tvOS: a layered app icon's upper layer (the master at the icon's height, centred, or `--layer front=FILE`):
    /// keeps alpha, so the back layer shows around it and moves apart from it in the focus effect.
    case tvLayer = "tv-layer"
    /// Validation: a file of an icon set that may keep alpha — a dark or tinted appearance, a Mac icon, a visionOS
    /// layer in front of the back one. No preset output has it (an output's appearance says which variant it is).
    case variant
    /// Validation: a file nothing describes; the format's rules only. No preset output has it.
    case unknown

    public var description: String { rawValue }

    /// Roles whose files must be opaque 24-bit RGB (App Store and Xcode reject alpha in them).
    package var requiresOpaque: Bool {
        switch self {
        case .template, .launchLogo, .launchBackground, .layer, .mac, .android, .web, .windows, .linux, .snap, .browserExtension, .androidNotification,
             .androidSplash, .tvLayer, .variant, .unknown: false
        default: true
        }
    }

    /// Android resources other than the launcher icon: they go into `res/` as the launcher icon's layers do.
    package var isAndroidResource: Bool { [.androidNotification, .androidBanner, .androidSplash].contains(self) }

    /// The icon roles of an app-icon set.
    package var isAppIcon: Bool { [.app, .marketing, .spotlight, .settings, .notification].contains(self) }

    /// The roles validation tells files apart by (`validate --role`): app icons, variants, launch images, templates,
    /// and files nothing describes.
    package static let validationRoles: [Role] = [.app, .variant, .launch, .template, .unknown]

    /// The roles a preset's output may have: every role but validation's own two.
    package static let outputRoles: [Role] = allCases.filter { $0 != .variant && $0 != .unknown }

    /// The validation role of an output of this role: a template is a template, an output that keeps alpha a variant,
    /// a launch image a launch image, every other an app icon.
    package func validationRole(keepsAlpha: Bool) -> Role {
        self == .template ? .template : keepsAlpha ? .variant : self == .launch ? .launch : .app
    }
}

/// The device family an asset-catalog entry is for, in Xcode's words.
package enum Idiom: String, Sendable, CaseIterable, CustomStringConvertible {
    case universal, iphone, ipad, car, mac, tv, watch, vision
    case iosMarketing = "ios-marketing", watchMarketing = "watch-marketing"

    package var description: String { rawValue }
}

/// A display scale: pixels per point.
package enum Scale: Int, Sendable, CaseIterable, CustomStringConvertible {
    case x1 = 1, x2 = 2, x3 = 3

    /// "2x", as Contents.json writes it.
    package var description: String { "\(rawValue)x" }
}

/// The appearance an icon is made for or drawn in: the default (light), dark, or tinted. An output's `appearance`
/// (the dark and tinted slots of Xcode 16's single-size set and of an Icon Composer `.icon`), the appearance
/// `generate --appearance` and `render` draw an Icon Composer master in, and the one `icon.json`'s specialisations
/// are resolved for.
public enum Appearance: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The default appearance, which Icon Composer also writes as `light`.
    case light
    case dark
    /// Apple's tinted (dark) mode: the artwork's luminance, in the tint colour, on a dark background.
    case tinted

    public var description: String { rawValue }

    /// Also reads `default` and `any` as the light appearance, and `tinted-dark` as tinted (the words of Xcode and
    /// Icon Composer).
    public init?(name: String) {
        switch name.lowercased() {
        case "default", "light", "any": self = .light
        case "dark": self = .dark
        case "tinted", "tinted-dark": self = .tinted
        default: return nil
        }
    }
}

/// A size in points; fractional sizes exist (iPad Pro's 83.5 pt).
package struct PointSize: Sendable, Hashable, CustomStringConvertible {
    package var width: Double
    package var height: Double

    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// "83.5x83.5", as Contents.json writes it.
    package var description: String { "\(PointSize.format(width))x\(PointSize.format(height))" }

    /// "60", "83.5": whole numbers without a fraction. Any number a file can hold is safe here (converting a
    /// Double of 1e19 to Int once crashed `validate` on a hostile Contents.json).
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The largest side accepted, in points: far above any icon or launch image (the App Store icon is 1024).
    package static let maximum = 10_000.0

    /// Parses "WxH" with positive numbers up to `maximum`; nil otherwise.
    package init?(parsing text: String) {
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
    package var idiom: Idiom
    /// Size in points, where the catalog entry has one.
    package var points: PointSize?
    /// Scale, where the catalog entry has one.
    package var scale: Scale?
    /// Size in pixels (points × scale where both are given); nil only for a colour set.
    public var pixels: PixelSize?
    /// File name inside its set or the output folder; nil only for a colour set.
    public var filename: String?
    /// Xcode's `platform` key ("ios" for universal app icons).
    package var platform: String?
    /// Appearance variant (dark or tinted; nil for the default one); such outputs are made only when a variant source
    /// is given.
    public var appearance: Appearance?
    /// Launch images: "portrait" or "landscape".
    package var orientation: String?
    /// Launch images: Xcode's subtype, e.g. "2688h".
    package var subtype: String?
    /// Launch images: Xcode's minimum-system-version.
    package var minimumSystemVersion: String?
    /// Launch images: "full-screen" or "to-status-bar".
    package var extent: String?
    /// A subfolder of the output folder for a file outside any set (Android's "mipmap-hdpi").
    public var folder: String?
    /// Android launcher icons: which picture.
    package var androidLayer: AndroidLayer?
    /// Web app manifest icons: the manifest's `purpose`.
    package var webPurpose: WebPurpose?
    /// A layer of a layered icon: visionOS's (its set is the `.solidimagestack`) or tvOS's (an `.imagestack` in a
    /// `.brandassets`).
    package var visionLayer: VisionLayer?
    /// Xcode's own `role` key of watch icons: notificationCenter, companionSettings, appLauncher, quickLook.
    package var xcodeRole: String?
    /// A file holding several images: this output is one of them, written by that container's writer.
    package var container: ContainerKind?
    /// The output's entry in its container (an `.icns` type such as "ic10").
    package var containerEntry: String?

    /// Where the output's pixels go, relative to the output folder: its file, or its container file and entry.
    package var outputPath: String? {
        guard let filename else { return nil }
        let file = (self.set ?? folder).map { $0 + "/" + filename } ?? filename
        return containerEntry.map { file + "#" + $0 } ?? file
    }

    /// The kind of folder `set` is, from its extension ("appiconset", "launchimage", "imageset", "colorset").
    package var setKind: String? { self.set.map(\.fileExtension) }

    /// True when the written file keeps its alpha channel.
    package var keepsAlpha: Bool { !role.requiresOpaque || appearance != nil }
}

/// Which picture of an Android launcher icon an output is.
package enum AndroidLayer: String, Sendable, CaseIterable {
    /// The square icon of Android 7.1 and earlier (48 dp).
    case legacy
    /// The round icon (`android:roundIcon`, 48 dp).
    case round
    /// The adaptive icon's layers (108 dp, 72 dp shown).
    case foreground, background
    /// The themed icon's glyph (Android 13).
    case monochrome
    /// The Play Store listing icon (512 px).
    case play
}

/// A web app manifest icon's `purpose`.
package enum WebPurpose: String, Sendable, CaseIterable {
    /// Shown whole.
    case any
    /// Masked by the platform: content kept inside the central 80% circle.
    case maskable
    /// A silhouette: browsers use its alpha alone (written only from a designed `--monochrome FILE`).
    case monochrome
}

/// A layer of a visionOS icon, front to back.
package enum VisionLayer: String, Sendable, CaseIterable {
    case front, middle, back
}
