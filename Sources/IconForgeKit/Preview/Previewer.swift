import Foundation
import PNGCodec
import Raster

/// A drawn preview sheet: its pixels, where each picture is on it, and what validation found.
public struct PreviewSheet: Sendable {
    /// One picture on the sheet.
    public struct Tile: Sendable {
        /// The section it is in ("iOS home screen", "Android launcher …").
        public var section: String
        /// Its caption lines.
        public var caption: [String]
        /// The file it shows, as the sheet names it (relative to the source).
        public var file: String?
        /// Where its pixels are: top-left corner and size, in sheet pixels; nil size when it could not be drawn.
        public var x: Int, y: Int
        /// Its size on the sheet.
        public var pixels: PixelSize?
        /// The most severe finding about its file, as the tile shows it.
        public var finding: String?
    }

    /// The sheet's pixels.
    public var image: Image
    /// Every picture on it, in drawing order.
    public var tiles: [Tile]
    /// Files validated.
    public var files: Int
    /// Errors found among them.
    public var errors: Int
    /// Warnings found among them.
    public var warnings: Int
    /// Every finding listed under the tiles: validation's, and what generating a master's outputs warned about.
    public var findings: [String] = []
    /// Each section's notes (what a section says once: what was not drawn, what a platform shows instead), by title.
    public var notes: [String: [String]] = [:]
}

/// What a preview found and wrote.
public struct PreviewReport: Sendable {
    /// The sheet's path.
    package var output: String
    /// The sheet written.
    public var url: URL { URL(fileURLWithPath: output) }
    /// The sheet's pixel size.
    public var pixels: PixelSize
    /// Files validated.
    public var files: Int
    /// Errors found among them.
    public var errors: Int
    /// Warnings found among them.
    public var warnings: Int
    /// A file of the user's at the sheet's path, kept in the backup before it was replaced.
    public var notes: [String] = []
}

/// A contact sheet of what icons look like where they are shown: the app icon under the iOS mask on light,
/// dark and tinted home screens at real size, small sizes 1:1 and magnified, Android's masks and themed icon,
/// the macOS and watchOS icons, web icons and launch images, each labelled with its file and its first
/// validation finding. A master is first generated (into a temporary folder, removed after) with the
/// options given; a folder, asset set or `.icon` is shown as it is.
public struct Previewer: Sendable {
    /// How masters are generated before they are shown (presets: `defaultPresets` unless set).
    public var options: GenerateOptions
    /// The app's primary icon set, as Xcode's `ASSETCATALOG_COMPILER_APPICON_NAME` names it.
    public var appIconName = "AppIcon"
    /// Where a master's outputs are generated before they are shown (in a folder of their own, removed after).
    package var temporaryFolder = NSTemporaryDirectory()
    /// The colour a tinted home screen multiplies icons by.
    public var tint = RGBColor(red: 0xFF, green: 0xB0, blue: 0x4A)

    /// What a master is generated as when no preset is named: every appearance, small size, Android and macOS.
    public static let defaultPresets = "ios,ios-single,android,macos"

    /// Where `generate --preview` puts the sheet for an output folder. In a project (a folder at or above it holds
    /// `.git` or `iconforge.yml`), in the project's own `.iconforge/`, named for the output folder: never among its
    /// sources, which Xcode 16's synchronised folders ship and a website deploys. Elsewhere inside the output folder,
    /// except beside a catalog, an Android `res/` folder or a website's folder (`Backup.shipsEveryFile`, or one with a web manifest), where Xcode
    /// or the Android build would take it for an asset, or a deployment would publish it.
    package static func sheetPath(forOutputFolder folder: String) -> String {
        let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
        if let root = Backup.projectRoot(containing: absolute) {
            let relative = String(absolute.dropFirst(root.count).drop { $0 == "/" })
            let name = relative.isEmpty ? sheetName
                : (sheetName as NSString).deletingPathExtension + "-" + relative.replacingOccurrences(of: "/", with: "-") + ".png"
            return NSString.path(withComponents: [root, WriteLedger.folderName, name])
        }
        let name = (folder as NSString).lastPathComponent
        let beside = (name as NSString).pathExtension == "xcassets" || Backup.shipsEveryFile(folder) || WebManifest.existingName(in: folder) != nil
        let inside = beside ? folder.parentFolder : folder
        return (inside as NSString).appendingPathComponent(sheetName)
    }

    /// The sheet's file name in an output folder.
    package static let sheetName = "iconforge-preview.png"

    /// A previewer generating masters with `options`.
    public init(options: GenerateOptions) { self.options = options }

    /// Draws the sheet for `sources` (file URLs of masters, folders, asset sets or `.icon` bundles) and writes it to
    /// `output` (a file URL; PNG, atomically, its folder created) under the ownership rule: never over a source, and a
    /// file there that IconForge did not write is kept in the backup first.
    public func write(sources: [URL], to output: URL, title: String? = nil) throws(IconForgeError) -> PreviewReport {
        try write(sources: sources.map(\.path), to: output.path, title: title)
    }

    /// Draws the sheet for `sources` and writes it to `output` (PNG, atomically; its folder is created) under the
    /// ownership rule: never over a source, and a file there that IconForge did not write is kept in the backup first
    /// (anchored as a run given `anchoredOn` would be: `generate --preview` passes its output folder).
    package func write(sources: [String], to output: String, title: String? = nil, anchoredOn given: String? = nil) throws(IconForgeError) -> PreviewReport {
        let sheet = try render(sources: sources, title: title)
        let bytes: [UInt8]
        do { bytes = try PNG.encode(sheet.image, options: PNGEncodeOptions(colorType: .rgb)) } catch { throw .encode(path: output, error) }
        // A sheet that comes out the same is left alone, file time included (reruns change nothing).
        var notes = try OwnedFile.write(bytes, to: output, inputs: sources, anchoredOn: given)
        let folder = output.parentFolder
        if (folder as NSString).lastPathComponent == WriteLedger.folderName, let hint = WriteLedger.gitignoreHint(anchor: folder.parentFolder) {
            notes.append(hint)
        }
        return PreviewReport(output: output, pixels: sheet.image.size, files: sheet.files, errors: sheet.errors, warnings: sheet.warnings, notes: notes)
    }

    /// Draws the sheet for `sources` (file URLs of masters, folders, asset sets or `.icon` bundles): its pixels, and
    /// where each file is on it.
    public func render(sources: [URL], title: String? = nil) throws(IconForgeError) -> PreviewSheet {
        try render(sources: sources.map(\.path), title: title)
    }

    /// Draws the sheet for `sources`.
    package func render(sources: [String], title: String? = nil) throws(IconForgeError) -> PreviewSheet {
        var sections: [ContactSheet.Section] = [], findings: [(severity: Severity, text: String)] = []
        var counts = (files: 0, errors: 0, warnings: 0)
        for source in sources {
            let shown = try prepare(source)
            defer { if let temporary = shown.temporary { try? FileManager.default.removeItem(atPath: temporary) } }
            let inventory = PreviewInventory.scan(shown.folder, appIconName: appIconName, limits: options.limits)
            guard !inventory.isEmpty else {
                throw .preview(path: source, .nothingToPreview)
            }
            var report = (try? Validator(limits: options.limits, appIconName: appIconName).validate([shown.folder] + shown.alsoValidated, parallelism: .allCores))
                ?? ValidationReport(files: [])
            // An earlier sheet in an output folder is not an asset (and would make every rerun's sheet differ).
            report.files.removeAll { ($0.path as NSString).lastPathComponent == Self.sheetName }
            counts.files += report.files.count
            counts.errors += report.errors
            counts.warnings += report.warnings + shown.warnings.count
            // Generation's own warnings are on the sheet too: they are about what the tiles show.
            for warning in shown.warnings { findings.append((.warning, "\(Self.name(of: source)): \(warning)")) }
            var firstFinding: [String: (Severity, String)] = [:]
            for file in report.files {
                for finding in file.findings.sorted(by: { $0.severity > $1.severity }) {
                    findings.append((finding.severity, "\(shown.displayName(file.path)): \(finding.message)"))
                }
                // The tile shows the file's first error, else its first warning.
                if let worst = file.findings.first(where: { $0.severity == .error }) ?? file.findings.first {
                    firstFinding[file.path] = (worst.severity, "\(worst.rule.rawValue): \(worst.message)")
                }
            }
            let prefix = sources.count > 1 ? "\(Self.name(of: source)) — " : ""
            sections += PreviewSections(inventory: inventory, findings: firstFinding, tint: tint, display: shown.displayName).sections.map {
                var section = $0
                section.title = prefix + section.title
                return section
            }
        }
        let names = sources.map(Self.name).joined(separator: ", ")
        let summary = "\(counts.files) \(counts.files == 1 ? "file" : "files") checked: \(counts.errors) \(counts.errors == 1 ? "error" : "errors"), "
            + "\(counts.warnings) \(counts.warnings == 1 ? "warning" : "warnings") · iconforge \(IconForgeVersion.release)"
        let sheet = ContactSheet(title: title ?? "IconForge preview — \(names)", subtitle: summary, sections: sections, findings: findings)
        let (image, placements): (Image, [ContactSheet.Placement])
        do { (image, placements) = try sheet.render(limits: options.limits) } catch { throw .svg(path: "preview sheet", error) }
        let tiles = placements.map { placement in
            PreviewSheet.Tile(section: placement.section, caption: placement.tile.caption, file: placement.tile.file,
                              x: placement.x, y: placement.y, pixels: placement.tile.image?.size, finding: placement.tile.finding?.text)
        }
        return PreviewSheet(image: image, tiles: tiles, files: counts.files, errors: counts.errors, warnings: counts.warnings,
                            findings: findings.map(\.text),
                            notes: Dictionary(sections.map { ($0.title, $0.notes) }, uniquingKeysWith: { first, second in first + second }))
    }

    /// A source as a title names it: its file or folder name ("." is the current folder's own name).
    private static func name(of source: String) -> String {
        URL(fileURLWithPath: source).standardizedFileURL.lastPathComponent
    }

    /// The folder a source is shown from: a master's generated outputs (in a temporary folder), or the source.
    private struct Shown {
        var folder: String
        var temporary: String?
        var alsoValidated: [String] = []
        /// What generating a master's outputs warned about (a translucent master flattened, a solid-square monochrome).
        var warnings: [String] = []

        /// A path as the sheet names it: relative to the source, or the master's name for its outputs.
        func displayName(_ path: String) -> String {
            if path.hasPrefix(folder + "/") { return String(path.dropFirst(folder.count + 1)) }
            if let temporary, path.hasPrefix(temporary + "/") { return String(path.dropFirst(temporary.count + 1)) }
            return (path as NSString).lastPathComponent
        }
    }

    private func prepare(_ source: String) throws(IconForgeError) -> Shown {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder) else {
            throw .preview(path: source, .notFound)
        }
        let isIcon = IconComposerBundle.isBundle(source)
        guard isIcon || !isFolder.boolValue else { return Shown(folder: source) }
        // A master (or a .icon, previewed as what it generates): the presets' outputs, made where nothing of the user's is.
        var options = self.options
        if options.presets.isEmpty { options.presets = (try? PresetCatalog.presets(Self.defaultPresets)) ?? [] }
        let slots = Set(options.presets.flatMap { $0.outputs.compactMap(\.appearance) })
        if isIcon {
            if options.darkSourcePath == nil, slots.contains(.dark) { options.darkSourcePath = source }
            if options.tintedSource == nil, slots.contains(.tinted) { options.tintedSource = .file(source) }
        } else if options.tintedSource == nil, slots.contains(.tinted) {
            options.tintedSource = .auto
        }
        // The outputs go one folder down, so what the run keeps beside them (its ledger) goes when the folder does.
        let temporary = (temporaryFolder as NSString).appendingPathComponent("iconforge-preview-\(getpid())-\(UUID().uuidString.prefix(8))")
        let outputs = (temporary as NSString).appendingPathComponent("icons")
        let report: GenerationReport
        do {
            report = try Generator(options: options).run(source: source, outputFolder: outputs, parallelism: .allCores)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        // The sheet names the master, not the temporary folder it was generated into.
        let warnings = report.warnings.map { $0.replacingOccurrences(of: source + ": ", with: "").replacingOccurrences(of: outputs + "/", with: "") }
        return Shown(folder: outputs, temporary: temporary, alsoValidated: isIcon ? [source] : [], warnings: warnings)
    }
}

/// Why a contact sheet cannot be drawn from a path. The description follows the path.
public enum PreviewError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing is at the path.
    case notFound
    /// The folder holds nothing the sheet shows.
    case nothingToPreview

    public var description: String {
        switch self {
        case .notFound: "no such file or folder"
        case .nothingToPreview:
            "nothing to preview: no app icon set, launch images, Android res/ or drawables, web manifest, browser extension manifest or .icon in it"
        }
    }
}
