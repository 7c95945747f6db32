/// How bad a finding is: errors fail CI (exit 1); warnings only with --strict.
public enum Severity: String, Sendable, Codable, Comparable {
    case warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
}

/// The checks `iconforge validate` runs, by stable id.
public enum ValidationRule: String, Sendable, CaseIterable, Codable {
    case decode, interlaced, transparency, size
    case bitDepth = "bit-depth"
    case missingFile = "missing-file", unreferencedFile = "unreferenced-file", duplicateEntry = "duplicate-entry"
    case missingSize = "missing-size"
    case templateAlpha = "template-alpha", templateSize = "template-size"
    case roundedCorners = "rounded-corners", notFilling = "not-filling", colorProfile = "color-profile"
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

    public init(_ rule: ValidationRule, _ severity: Severity, _ message: String, fix: String) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.fix = fix
    }

    /// "message — fix", as the text and GitHub formats print it.
    public var line: String { fix.isEmpty ? message : "\(message) — \(fix)" }
}

/// What a file is for, which decides the rules it must follow.
public enum AssetRole: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// An app icon (any size, including the App Store icon): opaque 24-bit RGB, square corners.
    case app
    /// A dark or tinted appearance variant, or a Mac icon: may keep alpha.
    case variant
    /// A launch image: opaque 24-bit RGB.
    case launch
    /// A template image (toolbar, navigation bar, tab bar): alpha alone defines its shape.
    case template
    /// No known role: the format rules only.
    case unknown

    public var description: String { rawValue }

    /// Roles whose files must be opaque 24-bit RGB.
    public var requiresOpaqueRGB: Bool { self == .app || self == .launch }
}
