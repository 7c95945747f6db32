/// How bad a finding is: errors fail CI (exit 1); warnings only with --strict.
public enum Severity: String, Sendable, Codable, Comparable {
    case warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
}

/// The checks `iconforge validate` runs, by stable id.
public enum ValidationRule: String, Sendable, CaseIterable, Codable {
    case decode, interlaced, transparency, size
    case bitDepth = "bit-depth"
    case fileType = "file-type"
    case missingFile = "missing-file", unreferencedFile = "unreferenced-file", duplicateEntry = "duplicate-entry"
    case malformedEntry = "malformed-entry", emptySet = "empty-set"
    case missingSize = "missing-size"
    case templateAlpha = "template-alpha", templateSize = "template-size"
    case roundedCorners = "rounded-corners", notFilling = "not-filling", colorProfile = "color-profile"
    case trailingData = "trailing-data"
    case iconDocument = "icon-document", iconGroups = "icon-groups", iconColor = "icon-color", iconLayer = "icon-layer"
    case svgText = "svg-text", svgFilter = "svg-filter", iconSpecialization = "icon-specialization", iconPlatform = "icon-platform"
    case icns, ico
    case adaptiveIcon = "adaptive-icon", playIcon = "play-icon", webManifest = "web-manifest"
    case windowsIcon = "windows-icon", appxAssets = "appx-assets", hicolor, desktopEntry = "desktop-entry"
    case extensionManifest = "extension-manifest", notificationIcon = "notification-icon", splashScreen = "splash-screen"
    case tvBanner = "tv-banner", manifestIcon = "manifest-icon", snapIcon = "snap-icon"

    /// What the rule rests on when a finding names nothing more precise: an App Store Connect error code,
    /// a technical Q&A, a HIG section, or the specification Xcode and the decoders follow.
    public var reference: String {
        switch self {
        case .decode: "PNG specification (ISO/IEC 15948); Xcode reads assets through ImageIO"
        case .interlaced: "HIG, Images: use de-interlaced PNG files"
        case .transparency: "QA1686: app icons should not include transparent regions"
        case .size: "HIG, App icons: sizes; Xcode asset catalog slot"
        case .bitDepth: "QA1686: icon images may include an alpha channel but no transparent regions"
        case .fileType: "Xcode asset catalogs: PNG, JPEG, PDF, SVG, HEIF, WebP, GIF, TIFF"
        case .missingFile, .unreferencedFile, .duplicateEntry, .malformedEntry, .emptySet:
            "Xcode asset catalog format (Contents.json)"
        case .missingSize: "ITMS-90704, ITMS-90022, ITMS-90023 (App Store Connect)"
        case .templateAlpha: "HIG, SF Symbols and template images: the shape comes from alpha"
        case .templateSize: "HIG, Tab bars and Toolbars: glyph sizes"
        case .roundedCorners, .notFilling: "HIG, App icons: the system applies the mask"
        case .colorProfile: "HIG, Color: sRGB or Display P3"
        case .trailingData: "PNG specification: the image data ends with the zlib stream"
        case .iconDocument, .iconColor, .iconSpecialization, .iconPlatform: "Icon Composer .icon format (icon.json), as Xcode 26 reads it"
        case .iconGroups: "Icon Composer and actool: at most 4 groups"
        case .iconLayer: "HIG, App icons: layers on a 1024x1024 canvas"
        case .svgText: "Icon Composer: text in SVG layers is flagged; convert it to outlines"
        case .svgFilter: "librsvg (IconForge's SVG renderer): a filter with a primitive it does not draw leaves the element out"
        case .icns: "Apple icon format (.icns); Mac App Store: 512pt@2x required"
        case .ico: "ICO format (Microsoft); favicons: 16, 32 and 48 px (browsers' tabs, Windows, Google Search)"
        case .adaptiveIcon: "Android: adaptive icons (mipmap-anydpi-v26), themed icons need <monochrome>"
        case .playIcon: "Google Play: app icon 512x512, 32-bit PNG, at most 1024 KB"
        case .webManifest: "Web App Manifest: icons; installability needs an \"any\" icon of 144 px or more, 192 and 512 asked for"
        case .windowsIcon: "Windows app icons (Microsoft Learn, \"Construct your Windows app's icon\"): 16, 24, 32, 48 and 256 px in the .ico"
        case .appxAssets: "MSIX app manifest (uap:VisualElements) and Microsoft Learn, \"App icons and logos\": scale and target-size assets; Store certification 10.1.1.11"
        case .hicolor: "freedesktop.org Icon Theme Specification; hicolor index.theme (0.17) declares the size folders"
        case .desktopEntry: "freedesktop.org Desktop Entry Specification: Icon= names a theme icon without extension"
        case .extensionManifest: "Chrome extensions: manifest icons and action.default_icon (MDN: icons, browser_action); the Chrome Web Store needs 128x128"
        case .notificationIcon: "Android: notification icons are drawn from alpha alone (Android 5+), white on transparency, 24 dp"
        case .splashScreen: "Android 12 splash screens: windowSplashScreenAnimatedIcon, 288 dp canvas, content inside the 192 dp circle"
        case .tvBanner: "Android TV: android:banner, 320x180 px in drawable-xhdpi, for the launcher's row of apps"
        case .manifestIcon: "Android: the <application> android:icon and android:roundIcon name the launcher icon"
        case .snapIcon: "Snapcraft: snapcraft.yaml's icon, a PNG or SVG; the Snap Store's listing icon is square, 40 to 512 px (256 recommended), at most 256 KB"
        }
    }
}

/// One problem with one file (or one set): which rule, how bad, what is wrong and what to do.
public struct Finding: Sendable, Equatable, Codable {
    /// The rule that found it.
    public var rule: ValidationRule
    /// Error or warning.
    public var severity: Severity
    /// What is wrong, starting with the file's name, e.g. "Icon-60@3x.png is 120x120 but should be 180x180 (iphone 60pt @3x)".
    public var message: String
    /// What to do about it.
    public var fix: String
    /// What the finding rests on (an ITMS code, a QA number, a HIG section), e.g. "ITMS-90717".
    public var reference: String

    /// A finding; `reference` defaults to the rule's own.
    public init(_ rule: ValidationRule, _ severity: Severity, _ message: String, fix: String, reference: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.fix = fix
        self.reference = reference ?? rule.reference
    }

    /// "message — fix [reference]", as the text and GitHub formats print it.
    public var line: String { (fix.isEmpty ? message : "\(message) — \(fix)") + " [\(reference)]" }
}

