import Foundation
import Raster

/// A badge's text as given (`"BETA {version}"`), with `{version}` and `{build}` filled in from flags or the
/// environment, and checked against what `StrokeFont` draws.
package enum BadgeText {
    /// Environment variables read for `{version}` and `{build}`, first found first: IconForge's own, then the CI
    /// systems' (GitHub Actions' run number, Jenkins', GitLab's pipeline id, Bitrise's and Xcode Cloud's build numbers).
    package static let versionVariables = ["ICONFORGE_VERSION", "VERSION_NAME", "MARKETING_VERSION"]
    package static let buildVariables = ["ICONFORGE_BUILD", "BUILD_NUMBER", "CI_BUILD_NUMBER", "BITRISE_BUILD_NUMBER",
                                        "GITHUB_RUN_NUMBER", "CI_PIPELINE_IID"]

    /// The text to draw: placeholders replaced, or a reason the user can act on.
    package static func resolve(_ template: String, version: String? = nil, build: String? = nil,
                               environment: [String: String]) throws(IconForgeError) -> String {
        var text = template
        for (placeholder, given, variables) in [("{version}", version, versionVariables), ("{build}", build, buildVariables)]
        where text.contains(placeholder) {
            guard let value = given ?? variables.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
                throw .badge(.unfilled(template: template, placeholder: placeholder, variables: variables))
            }
            text = text.replacingOccurrences(of: placeholder, with: value)
        }
        let unknown = Set(text.uppercased().filter { $0 != " " && !StrokeFont.characters.contains($0) })
        guard unknown.isEmpty, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .badge(text.isEmpty ? .empty : .undrawable(text: text, characters: unknown.sorted()))
        }
        return text
    }
}

/// Why a badge's text cannot be drawn. The description follows "--badge: ".
public enum BadgeTextError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `template` holds `placeholder` (`{version}`, `{build}`), and neither its flag nor any of `variables` gives it.
    case unfilled(template: String, placeholder: String, variables: [String])
    /// The text is empty.
    case empty
    /// The text (placeholders filled) is blank, or has `characters` the badge's font does not draw.
    case undrawable(text: String, characters: [Character])

    public var description: String {
        switch self {
        case .unfilled(let template, let placeholder, let variables):
            "\(template) uses \(placeholder), but neither --badge-\(placeholder.dropFirst().dropLast()) nor \(variables.joined(separator: ", ")) gives it"
        case .empty: "the badge text is empty"
        case .undrawable(let text, let characters):
            "'\(text)' has \(characters.map { "'\($0)'" }.joined(separator: ", ")), which badges cannot draw (letters A–Z, digits and . - _ + only)"
        }
    }
}

/// A badge as asked for (`--badge` and the `--badge-…` options, or their keys in iconforge.yml): the text still
/// holding its placeholders, which are filled only when a run is made, from the environment of that moment.
public struct BadgeRequest: Sendable, Equatable {
    /// The text with `{version}` and `{build}`; nil or empty for no badge (an empty one turns off a job's badge for
    /// one of its variants).
    public var text: String?
    /// How the label is drawn (`--badge-style`).
    public var style: Badge.Style = .banner
    /// Nil for the style's own place.
    public var position: Badge.Position?
    /// The badge's colour (`--badge-color`); nil for the style's own.
    public var color: RGBColor?
    /// The label's colour (`--badge-text-color`); nil for the style's own.
    public var textColor: RGBColor?
    /// The value of `{version}`; nil takes it from the environment.
    public var version: String?
    /// The value of `{build}`; nil takes it from the environment.
    public var build: String?

    /// No badge.
    public init() {}

    /// The badge to draw, nil for none; or why the text cannot be drawn.
    public func resolved(environment: [String: String]) throws(IconForgeError) -> Badge? {
        guard let text, !text.isEmpty else { return nil }
        var badge = Badge(text: try BadgeText.resolve(text, version: version, build: build, environment: environment), style: style, position: position)
        if let color { badge.color = color }
        if let textColor { badge.textColor = textColor }
        return badge
    }
}
