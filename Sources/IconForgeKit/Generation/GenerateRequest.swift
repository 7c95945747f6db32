import Foundation

/// One `generate` request as a user makes it — masters (files, or folders of them), an output folder (or a `{name}`
/// pattern, one folder per master), presets, options, alternate icons, a variant — turned into the runs that carry it
/// out: what `iconforge generate` does, for a Swift user too. `generate(reporter:)` (GenerateRun.swift) carries it out
/// as the command does, its events going to the reporter:
///
///     let request = try GenerateRequest(sources: [URL(fileURLWithPath: "icon.png")], presets: "ios,android,web",
///                                       out: URL(fileURLWithPath: "."), options: GenerateOptions(presets: []))
///     try request.generate(reporter: myReporter)
public struct GenerateRequest: Sendable {
    /// The masters and folders of masters as given.
    package var sources: [String]
    /// The presets' names as given (built-in names or JSON files), in order.
    package var presetNames: [String]
    /// The output folder; `{name}` is replaced by each master's name.
    package var out: String
    /// The options of every run (their `presets` are the named ones).
    public var options: GenerateOptions
    /// Alternate app icons: the presets' app-icon sets made from other masters under other names.
    package var alternates: [AlternateIcons.Icon] = []
    /// A variant of the app (a flavour, an environment): each platform's files where it keeps a variant.
    public var variant: String?
    /// Roots whose fastlane Play listing icons follow the Play icon this request writes (set on the destinations of
    /// a request routed from a project's root).
    package private(set) var playListingRoots: [String] = []
    /// What routing from a project's root leaves unwritten, said before the run: another application module's launcher
    /// icon (set on the first destination).
    package private(set) var routingWarnings: [String] = []

    /// A request for these masters (files or folders of them: file URLs), presets (comma-separated built-in names or
    /// JSON files, as on the command line) and output folder (a file URL whose path may hold `{name}`); the options'
    /// `presets` are replaced by the named ones.
    public init(sources: [URL], presets: String, out: URL, options: GenerateOptions) throws(RequestError) {
        try self.init(sources: sources.map(\.path), presets: presets, out: out.path, options: options)
    }

    /// The same request, paths as strings (the command's form).
    package init(sources: [String], presets: String, out: String, options: GenerateOptions) throws(RequestError) {
        self.sources = sources
        self.out = out
        presetNames = presets.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        self.options = options
        do { self.options.presets = try PresetCatalog.presets(presets) } catch { throw .unusable("\(error)") }
    }

    /// What the request asks for that none of its presets has: `--dark` or `--tinted` without a slot for them.
    package var ignoredOptions: [String] {
        let slots = Set(options.presets.flatMap { $0.outputs.compactMap(\.appearance) })
        var ignored: [String] = []
        let names = presetNames.joined(separator: ",")
        if options.darkSourcePath != nil, !slots.contains(.dark) {
            ignored.append("--dark is ignored: none of the presets (\(names)) has a dark slot; ios-single and icon-composer do")
        }
        if options.tintedSource != nil, !slots.contains(.tinted) {
            ignored.append("--tinted is ignored: none of the presets (\(names)) has a tinted slot; ios-single and icon-composer do")
        }
        return ignored
    }

    /// The masters the sources name: files as given, each folder's masters (not below it), Icon Composer bundles; and
    /// a line for each entry of a folder that was skipped, saying why.
    package func masters() -> (files: [String], skipped: [String]) {
        var files: [String] = [], skipped: [String] = []
        for source in sources {
            var isFolder: ObjCBool = false
            guard !IconComposerBundle.isBundle(source), FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), isFolder.boolValue else {
                files.append(source)
                continue
            }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: source)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            let scope = FolderScope(source)
            for name in names {
                let path = (source as NSString).appendingPathComponent(name)
                var isSubfolder: ObjCBool = false
                if !scope.contains(path) {
                    skipped.append("skipped \(path): a link that leaves \(source); IconForge reads nothing outside the folder it is given")
                } else if SourceImage.hasReadableName(name) || (name.hasSuffix(".icon") && IconComposerBundle.isBundle(path)) {
                    files.append(path)
                } else if FileManager.default.fileExists(atPath: path, isDirectory: &isSubfolder), isSubfolder.boolValue {
                    skipped.append("skipped \(path): a folder (masters are read from the folder itself, not below it)")
                } else {
                    skipped.append("skipped \(path): not a PNG, JPEG or SVG master")
                }
            }
        }
        return (files, skipped)
    }

    /// The request split by where each platform's files go: one master into a project's root (or presets of several
    /// platforms into one folder) sends each preset to its own place (`ProjectLayout.routes`), and a variant to the
    /// place each platform keeps one (`ProjectLayout.variantRoutes`). Each destination keeps only the options that
    /// belong to its presets (appearance variants, alternates). Otherwise the request itself.
    package func destinations() throws(RequestError) -> [GenerateRequest] {
        let files = masters().files
        guard files.count == 1, !out.contains("{name}") else {
            if variant != nil { throw .unusable("--variant works with one master at a time") }
            return [self]
        }
        var base = self
        base.sources = files
        let routes: [(presets: [String], folder: String)]
        var layout: ProjectLayout?
        do {
            if let variant {
                routes = try ProjectLayout.variantRoutes(presets: presetNames, out: out, variant: variant)
                base.variant = nil
                base.options.appIconName = options.appIconName ?? ProjectLayout.appleIconName(variant: variant)
            } else {
                routes = try ProjectLayout.routes(presets: presetNames, out: out) { layout = $0 }
            }
        } catch { throw .unusable("\(error)") }
        var result: [GenerateRequest] = []
        // Several Android apps in the project (a phone and a watch app): the run writes the one routed to; the others are named.
        var warnings: [String] = []
        if let layout, routes.contains(where: { (try? PresetCatalog.presets($0.presets.joined(separator: ",")))?.contains { $0.platform == .android } == true }) {
            if let written = layout.androidRoot {
                let shown = { (relative: String) in self.out == "." ? relative : (self.out as NSString).appendingPathComponent(relative) }
                warnings = layout.otherAndroidApps.map { res in
                    "\(shown(res)) is another application module's: its launcher icon is not written by a run into \(written.isEmpty ? self.out : shown(written)) "
                        + "— run again with --out \(shown(res)) (or a job for it in iconforge.yml)"
                }
            }
        }
        // One route into the folder itself with the presets asked for is the request as it is (one with other presets — a
        // Linux preset that is a snap's icon there — is a route too). Its warnings still hold: Home Assistant's phone app is
        // `app/`, so a run from the root writes into the root itself, and its watch app's `wear/` is another app's.
        if variant == nil, routes.count == 1, routes[0].folder == out, routes[0].presets == presetNames {
            var request = self
            request.routingWarnings = warnings
            return [request]
        }
        for route in routes {
            // A route into the folder itself (an Expo app's images, beside its committed android/) is final: routing it
            // again would find the same routes.
            let routed = try base.routed(to: route)
            for var destination in route.folder == out ? [routed] : try routed.destinations() {
                // Android reached from the project's root (a module's res/, or android/ in a Flutter or Capacitor app):
                // fastlane's Play listing icon anywhere at the root follows the new one. Only a run that writes the Play
                // icon (not one of Android's other resources alone).
                if route.folder != out, destination.options.presets.contains(where: { $0.outputs.contains { $0.androidLayer == .play } }) {
                    destination.playListingRoots.append(out)
                }
                result.append(destination)
            }
        }
        if !result.isEmpty { result[0].routingWarnings = warnings }
        return result
    }

    /// This request for one route's presets into its folder, without what those presets do not use.
    private func routed(to route: (presets: [String], folder: String)) throws(RequestError) -> GenerateRequest {
        var sub = self
        sub.presetNames = route.presets
        sub.out = route.folder
        do { sub.options.presets = try PresetCatalog.presets(route.presets.joined(separator: ",")) } catch { throw .unusable("\(error)") }
        let slots = Set(sub.options.presets.flatMap { $0.outputs.compactMap(\.appearance) })
        if !slots.contains(.dark) { sub.options.darkSourcePath = nil }
        if !slots.contains(.tinted) { sub.options.tintedSource = nil }
        if AlternateIcons.preset(from: sub.options.presets) == nil { sub.alternates = [] }
        return sub
    }

    /// One master into one folder, and the generator that makes it.
    package struct Run: Sendable {
        package var source: String
        package var folder: String
        package var generator: Generator
    }

    /// The runs of this destination: one per master, each into its folder (`{name}` replaced; several masters and no
    /// pattern: a folder per master inside `out`). Every master of the request is an input of every run, so no run
    /// writes over another's master; an Icon Composer master fills the dark and tinted slots with its own appearances
    /// unless `--dark` or `--tinted` says otherwise.
    package func runs() throws(RequestError) -> [Run] {
        let files = masters().files
        guard !files.isEmpty else { throw .noMasters(sources) }
        let pattern = files.count > 1 && !out.contains("{name}") ? (out as NSString).appendingPathComponent("{name}") : out
        let jobs = files.map { ($0, pattern.replacingOccurrences(of: "{name}", with: (($0 as NSString).lastPathComponent as NSString).deletingPathExtension)) }
        // With a {name} pattern each master's folder is made below the part before it: never through a link out of that.
        if let marker = pattern.range(of: "{name}") {
            let fixed = String(pattern[..<marker.lowerBound])
            let folder = fixed.hasSuffix("/") ? String(fixed.dropLast()) : fixed.parentFolder // "out/{name}" → out, "out/icons-{name}" → out
            let scope = FolderScope(folder.isEmpty ? "." : folder)
            for (_, folder) in jobs where !scope.contains(folder) { throw .leavesFolder(.leavesFolder(path: folder, folder: scope.folder)) }
        }
        if Set(jobs.map(\.1)).count < jobs.count { throw .sameName }
        var options = options
        options.otherInputs = files + alternates.map(\.master)
        let slots = Set(options.presets.flatMap { $0.outputs.compactMap(\.appearance) })
        return jobs.map { source, folder in
            var own = options
            if IconComposerBundle.isBundle(source) {
                if own.darkSourcePath == nil, slots.contains(.dark) { own.darkSourcePath = source }
                if own.tintedSource == nil, slots.contains(.tinted) { own.tintedSource = .file(source) }
            }
            return Run(source: source, folder: folder, generator: Generator(options: own))
        }
    }

    /// One generator per alternate icon: the presets' app-icon sets only, named after the alternate, into `folder`.
    package func alternateRuns(into folder: String) throws(RequestError) -> [(icon: AlternateIcons.Icon, run: Run)] {
        guard !alternates.isEmpty else { return [] }
        let files = masters().files
        guard files.count == 1 else { throw .unusable("--alternate works with one master (one app) at a time") }
        guard let preset = AlternateIcons.preset(from: options.presets) else {
            throw .unusable("--alternate needs a preset that writes an app icon set (ios, ios-single, icon-composer, …)")
        }
        var options = options
        options.otherInputs = files + alternates.map(\.master)
        return alternates.map { icon in
            var own = options
            own.presets = [preset]
            own.appIconName = icon.name
            own.darkSourcePath = nil
            own.tintedSource = nil
            return (icon, Run(source: icon.master, folder: folder, generator: Generator(options: own)))
        }
    }

    /// Brings the fastlane Play listing icons under `playListingRoots` up to the Play icon this request wrote; what was
    /// done, as notes.
    package func updatePlayListings() throws(IconForgeError) -> [String] {
        var notes: [String] = []
        for root in playListingRoots {
            notes += try FastlanePlayIcons.update(root: root, afterAndroidInto: out, inputs: sources)
        }
        return notes
    }
}

/// Why a `generate` request cannot be carried out as given.
public enum RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request contradicts itself or names something that does not exist (a usage error).
    case unusable(String)
    /// The sources hold no master.
    case noMasters([String])
    /// A master's folder of the `{name}` pattern leaves the folder before `{name}`.
    case leavesFolder(FileError)
    /// Two masters have the same name and would write the same folder.
    case sameName

    public var description: String {
        switch self {
        case .unusable(let reason): reason
        case .noMasters(let sources): "no PNG, SVG or JPEG masters in \(sources.joined(separator: ", "))"
        case .leavesFolder(let error): "\(error)"
        case .sameName: "two sources have the same name and would write the same folder; rename one"
        }
    }

    /// True for a usage error (the command exits 2 for it, 1 otherwise).
    public var isUsageError: Bool { if case .unusable = self { true } else { false } }
}
