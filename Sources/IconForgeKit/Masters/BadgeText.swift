import Foundation
import Raster

/// A badge's text as given (`"BETA {version}"`), with `{version}` and `{build}` filled in from flags or the
/// environment, and checked against what `StrokeFont` draws.
public enum BadgeText {
    /// Environment variables read for `{version}` and `{build}`, first found first: IconForge's own, then the CI
    /// systems' (GitHub Actions' run number, Jenkins', GitLab's pipeline id, Bitrise's and Xcode Cloud's build numbers).
    public static let versionVariables = ["ICONFORGE_VERSION", "VERSION_NAME", "MARKETING_VERSION"]
    public static let buildVariables = ["ICONFORGE_BUILD", "BUILD_NUMBER", "CI_BUILD_NUMBER", "BITRISE_BUILD_NUMBER",
                                        "GITHUB_RUN_NUMBER", "CI_PIPELINE_IID"]

    /// The text to draw: placeholders replaced, or a reason the user can act on.
    public static func resolve(_ template: String, version: String? = nil, build: String? = nil,
                               environment: [String: String]) throws(IconForgeError) -> String {
        var text = template
        for (placeholder, given, variables) in [("{version}", version, versionVariables), ("{build}", build, buildVariables)]
        where text.contains(placeholder) {
            guard let value = given ?? variables.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
                throw .invalidRequest(path: "--badge", reason: "\(template) uses \(placeholder), but neither --badge-\(placeholder.dropFirst().dropLast()) "
                                      + "nor \(variables.joined(separator: ", ")) gives it")
            }
            text = text.replacingOccurrences(of: placeholder, with: value)
        }
        let unknown = Set(text.uppercased().filter { $0 != " " && !StrokeFont.characters.contains($0) })
        guard unknown.isEmpty, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .invalidRequest(path: "--badge", reason: text.isEmpty ? "the badge text is empty"
                                  : "'\(text)' has \(unknown.sorted().map { "'\($0)'" }.joined(separator: ", ")), which badges cannot draw "
                                  + "(letters A–Z, digits and . - _ + only)")
        }
        return text
    }
}
