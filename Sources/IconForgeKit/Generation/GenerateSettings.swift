import Foundation
import Raster

/// What a `generate` run is told besides its masters, presets and output folder, typed, as the command's flags or a
/// job of iconforge.yml give it: the options, and what is only settled when the run is made (the presets, read then;
/// the badge's placeholders, filled from the environment then). `request(sources:presets:out:environment:)` makes
/// the `GenerateRequest` that both the command line and a project's jobs run.
public struct GenerateSettings: Sendable {
    /// The options of every run; `presets` is filled by the request, `badge` from `badge`.
    public var options = GenerateOptions(presets: [])
    /// The badge as asked for.
    public var badge = BadgeRequest()
    package var alternates: [AlternateIcons.Icon] = []
    /// A variant of the app (a flavour, an environment): each platform's files where it keeps a variant (`--variant`).
    public var variant: String?
    /// Print the plan and write nothing.
    public var dryRun = false
    /// Also draw the contact sheet.
    public var preview = false

    /// The defaults of `iconforge generate`.
    public init() {}

    /// Sets the option of this long name (`GenerateOption.all`) from a value as a user gives it; a path is taken as
    /// it is (iconforge.yml resolves it against its folder first).
    public mutating func set(_ name: String, _ value: GenerateOption.Given) throws(OptionError) {
        guard let option = GenerateOption.named(name) else { throw OptionError(option: name, reason: "unknown option '\(name)'") }
        if let reason = option.store(&self, value) { throw OptionError(option: name, reason: reason) }
    }

    /// Checks the values no type rules out: the first that cannot be used, and why.
    public func validate() throws(OptionError) {
        guard options.launchLogoScale > 0, options.launchLogoScale <= 1 else {
            throw OptionError(option: "launch-logo-scale", reason: "--launch-logo-scale must be in (0, 1]")
        }
        for (option, name) in [("app-icon-name", options.appIconName), ("launch-image-name", options.launchImageName)] {
            if let name, name.isEmpty || name.contains("/") { throw OptionError(option: option, reason: "set names must be plain names (got '\(name)')") }
        }
        if let bannerText = options.bannerText, !StrokeFont.canDraw(bannerText) {
            throw OptionError(option: "banner-text", reason: "--banner-text takes letters A-Z, digits, spaces and . - _ + (got '\(bannerText)')")
        }
        if let appID = options.appID, !DesktopEntry.isUsableName(appID) {
            throw OptionError(option: "app-id", reason: "--app-id must be a plain icon name such as org.example.App (got '\(appID)')")
        }
    }

    /// The request these settings make of these masters (file URLs), presets (comma-separated) and output folder,
    /// the badge's placeholders filled from `environment`.
    public func request(sources: [URL], presets: String, out: URL, environment: [String: String]) throws(RequestError) -> GenerateRequest {
        try request(sources: sources.map(\.path), presets: presets, out: out.path, environment: environment)
    }

    /// The same request, paths as strings (the command's form).
    package func request(sources: [String], presets: String, out: String, environment: [String: String]) throws(RequestError) -> GenerateRequest {
        var options = options
        do {
            if let drawn = try badge.resolved(environment: environment) { options.badge = drawn }
        } catch { throw .unusable("\(error)") }
        var request = try GenerateRequest(sources: sources, presets: presets, out: out, options: options)
        request.alternates = alternates
        request.variant = variant
        return request
    }
}

/// Why a value of one of `generate`'s options cannot be used.
public struct OptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The option's long name.
    public var option: String
    /// Why, in one line.
    public var reason: String

    public var description: String { reason }
}
