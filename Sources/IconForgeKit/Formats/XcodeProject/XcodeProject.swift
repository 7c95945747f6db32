import Foundation

/// An Xcode project (`NAME.xcodeproj/project.pbxproj`), as far as app icons go: the names its build settings give the
/// app icon (`ASSETCATALOG_COMPILER_APPICON_NAME`, each target's and configuration's) and the alternates
/// (`ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`). actool builds the app's icon from the set or `.icon` of that name
/// only: Yattee's targets all name `Yattee2` (its Yattee2.icon and Yattee2.brandassets), so its catalog's
/// `AppIcon.appiconset` is in no build. Read as text: only those assignments matter.
struct XcodeProject: Sendable, Equatable {
    /// The `.xcodeproj` folder.
    var path: String
    /// The app icon names its build settings give (`ASSETCATALOG_COMPILER_APPICON_NAME`).
    var appIconNames: Set<String>
    /// The alternate app icon names they give (`ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`).
    var alternateNames: Set<String>
    /// True when a setting's value is a variable (Trio's `$(APP_ICON)`, set in an `.xcconfig`), or a target includes
    /// every app icon set (`ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES`, alternates chosen at run time):
    /// which sets a build uses cannot be told from the project alone.
    var namesAreOpen: Bool
    /// The files its targets' Copy Bundle Resources phases copy into the app, by name (`/* app.icns in Resources */`).
    var resources: Set<String> = []
    /// Each build configuration's settings that tell which devices it builds for.
    var configurations: [BuildConfiguration]

    /// One `XCBuildConfiguration`, as far as the devices it builds an app icon for go.
    struct BuildConfiguration: Sendable, Equatable {
        /// The app icons it names, primary and alternates.
        var appIcons: Set<String>
        /// Its `TARGETED_DEVICE_FAMILY` (`1` iPhone, `2` iPad, `"1,2"`), nil when it sets none.
        var deviceFamily: String?
        /// True for a target's configuration (it sets `PRODUCT_NAME`), false for the project's, which targets inherit.
        var isTarget: Bool
        /// The `.xcconfig` it stands on (its file name), unless CocoaPods' `Pods-*.xcconfig`, which never sets the family.
        var xcconfig: String?
    }

    /// The project whose `project.pbxproj` is `text`, at `path`.
    init(path: String, text: String) {
        self.path = path
        if let expression = try? NSRegularExpression(pattern: #"/\* ([^*/]+) in Resources \*/"#) {
            resources = Set(expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            })
        }
        configurations = Self.buildConfigurations(in: text)
        var names = Set<String>(), alternates = Set<String>(), open = false
        let pattern = #"(ASSETCATALOG_COMPILER_APPICON_NAME|ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES|ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS)(?:\[[^\]]*\])?\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*);"#
        if let expression = try? NSRegularExpression(pattern: pattern) {
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let keyRange = Range(match.range(at: 1), in: text), let valueRange = Range(match.range(at: 2), in: text) else { continue }
                var value = String(text[valueRange]).trimmingCharacters(in: .whitespaces)
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                switch text[keyRange] {
                case "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS":
                    if value == "YES" { open = true }
                case "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES":
                    for name in value.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                        if name.contains("$") { open = true } else { alternates.insert(String(name)) }
                    }
                default:
                    if value.contains("$") { open = true } else if !value.isEmpty { names.insert(value) }
                }
            }
        }
        appIconNames = names
        alternateNames = alternates
        namesAreOpen = open
    }

    /// False when every build configuration giving `name` as an app icon (primary or alternate) builds for iPhone alone:
    /// its `TARGETED_DEVICE_FAMILY`, or the project's that it inherits, is `1` or unset, which Xcode takes as iPhone (Rainbow's
    /// app target sets none; only its extensions set "1,2"), so actool and App Store Connect ask for no iPad icon. True when
    /// one builds for iPad, and whenever the project cannot tell: no configuration names the icon, a value is a variable, or
    /// an `.xcconfig` beside the project sets the family or includes another. One not in the checkout (Rainbow's
    /// `debug.xcconfig`, written from its environment and ignored by Git) sets nothing this can read.
    func buildsForIPad(appIcon name: String) -> Bool {
        let naming = configurations.filter { $0.isTarget && $0.appIcons.contains(name) }
        guard !naming.isEmpty else { return true }
        let mayBeIPad = { (family: String?) in family.map { $0.contains("2") || $0.contains("$") } ?? false }
        let inherited = configurations.filter { !$0.isTarget }
        return naming.contains { configuration in
            if xcconfigMaySetFamily(configuration.xcconfig) { return true }
            if let family = configuration.deviceFamily { return mayBeIPad(family) }
            return inherited.contains { xcconfigMaySetFamily($0.xcconfig) || mayBeIPad($0.deviceFamily) }
        }
    }

    /// True when the `.xcconfig` named `name`, in the project's folder or a folder in it, sets `TARGETED_DEVICE_FAMILY` or
    /// includes another file.
    private func xcconfigMaySetFamily(_ name: String?) -> Bool {
        guard let name else { return false }
        let folder = path.parentFolder.isEmpty ? "." : path.parentFolder
        let folders = [folder] + ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { (folder as NSString).appendingPathComponent($0) }
        guard let file = folders.map({ ($0 as NSString).appendingPathComponent(name) }).first(where: { FileManager.default.fileExists(atPath: $0) }) else { return false }
        guard let bytes = try? FileIO.readDocument(file) else { return true }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.contains("TARGETED_DEVICE_FAMILY") || text.contains("#include")
    }

    /// Every `XCBuildConfiguration` block of `text`: its settings, and the `.xcconfig` it stands on.
    private static func buildConfigurations(in text: String) -> [BuildConfiguration] {
        let block = #"isa = XCBuildConfiguration;(.*?)buildSettings = \{(.*?)\n\s*\};"#
        let setting = #"(?m)^\s*([A-Z_]+)(?:\[[^\]]*\])?\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*);"#
        guard let blocks = try? NSRegularExpression(pattern: block, options: .dotMatchesLineSeparators),
              let settings = try? NSRegularExpression(pattern: setting) else { return [] }
        return blocks.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard let headRange = Range(match.range(at: 1), in: text), let bodyRange = Range(match.range(at: 2), in: text) else { return nil }
            let head = String(text[headRange]), body = String(text[bodyRange])
            // baseConfigurationReference = ID /* debug.xcconfig */;
            let xcconfig = head.range(of: #"baseConfigurationReference = [0-9A-Fa-f]+ /\* (.+?) \*/;"#, options: .regularExpression).map { found in
                String(head[found].drop { $0 != "*" }.dropFirst(2).dropLast(4))
            }
            var configuration = BuildConfiguration(appIcons: [], deviceFamily: nil, isTarget: false,
                                                   xcconfig: xcconfig.flatMap { $0.hasPrefix("Pods-") ? nil : $0 })
            for found in settings.matches(in: body, range: NSRange(body.startIndex..., in: body)) {
                guard let keyRange = Range(found.range(at: 1), in: body), let valueRange = Range(found.range(at: 2), in: body) else { continue }
                var value = String(body[valueRange]).trimmingCharacters(in: .whitespaces)
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                switch body[keyRange] {
                case "ASSETCATALOG_COMPILER_APPICON_NAME", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES":
                    configuration.appIcons.formUnion(value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init))
                case "TARGETED_DEVICE_FAMILY": configuration.deviceFamily = value
                case "PRODUCT_NAME": configuration.isTarget = true
                default: break
                }
            }
            return configuration
        }
    }

    /// The project that compiles an asset catalog or `.icon` at `path`: the nearest `*.xcodeproj` in its folder or the
    /// three above it (as `Generator.isInXcodeProject` finds it); nil when there is none, or it cannot be read.
    static func owning(_ path: String) -> XcodeProject? {
        FileIO.nearest(from: URL(fileURLWithPath: path).standardizedFileURL.path.parentFolder, levels: 3) { folder in
            let projects = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".xcodeproj") }.sorted()
            guard let project = projects.first else { return nil }
            let full = (folder as NSString).appendingPathComponent(project)
            guard let bytes = try? FileIO.readDocument((full as NSString).appendingPathComponent("project.pbxproj")) else { return nil }
            return XcodeProject(path: full, text: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The `.icns` in `folder` that the Xcode project owning it copies into the app (AltTab's resources/icons/app/app.icns,
    /// `app.icns in Resources`, which its Info.plist names as `CFBundleIconFile`): a Mac app whose icon is that file, not
    /// an asset catalog's set. Nil unless there is exactly one.
    static func bundledIcns(in folder: String) -> String? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []).filter { $0.lowercased().hasSuffix(".icns") }
        guard !names.isEmpty, let project = owning((folder as NSString).appendingPathComponent(names[0])) else { return nil }
        let bundled = names.filter(project.resources.contains)
        return bundled.count == 1 ? bundled[0] : nil
    }

    /// The outputs as a Mac app that bundles its own `.icns` keeps them in `folder` (`bundledIcns`): macOS's as that file,
    /// with every element the preset gives it, and the PNGs of the `.iconset` of its name beside it (AltTab's
    /// app.iconset, from which its script remakes the `.icns` with iconutil) redrawn at their sizes, so a later
    /// iconutil run does not bring the old icon back. No asset catalog, which the app's build would not read.
    static func adoptingBundledIcns(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        guard outputs.contains(where: { $0.role == .mac && $0.container == .icns }), let icns = bundledIcns(in: folder) else { return outputs }
        let template = outputs.first { $0.role == .mac && $0.container == nil }
        let iconset = (icns as NSString).deletingPathExtension + "." + Iconset.folderExtension
        let members = ((try? FileManager.default.contentsOfDirectory(atPath: (folder as NSString).appendingPathComponent(iconset))) ?? []).sorted()
        let pngs: [IconSpec] = template.map { template in
            members.compactMap { name in
                Iconset.expected(fileName: name).map { expected in
                    var spec = Generator.spec(template, at: iconset + "/" + name, pixels: expected.pixels.width)
                    spec.set = nil
                    return spec
                }
            }
        } ?? []
        return TauriIcons.macIcns(outputs, named: icns) + pngs
    }

    /// The project owning `path` when its build settings name app icons, none of them `name` (primary or alternate),
    /// and leave nothing open; nil otherwise.
    static func namingOthers(than name: String, at path: String) -> XcodeProject? {
        guard let project = owning(path), !project.namesAreOpen, !project.appIconNames.isEmpty,
              !project.appIconNames.contains(name), !project.alternateNames.contains(name) else { return nil }
        return project
    }

    /// The project owning `path` when it copies `NAME.icon` into its app (`/* AppIcon.icon in Resources */`) and its build
    /// settings name `name` as the app icon: the .icon actool builds that icon from, wherever in the project it lies.
    static func bundling(iconNamed name: String, at path: String) -> XcodeProject? {
        guard let project = owning(path), project.resources.contains(name + ".icon"), project.appIconNames.contains(name) else { return nil }
        return project
    }

    /// A warning for an app icon `name` (an `.appiconset` or `.icon`, by its name without extension) written at `path`
    /// that no build setting of its project names: no build of the app shows it. Nil when the project names it, names
    /// none, or leaves the names open.
    static func unusedIconWarning(_ name: String, at path: String) -> String? {
        guard let project = namingOthers(than: name, at: path) else { return nil }
        let named = project.appIconNames.sorted()
        return "\((project.path as NSString).lastPathComponent)'s build settings name \(named.joined(separator: ", ")) as the app icon "
            + "(ASSETCATALOG_COMPILER_APPICON_NAME), not \(name): no build shows what is written into \((path as NSString).lastPathComponent) — "
            + "give --app-icon-name \(named[0]), or point the setting at \(name)"
    }
}
