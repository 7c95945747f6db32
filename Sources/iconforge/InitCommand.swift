import ArgumentParser
import Foundation
import IconForgeKit
import PNGCodec

/// `iconforge init`: a commented starter `iconforge.yml`, filled from what the project holds.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented starter iconforge.yml from what this folder holds (asset catalogs, an Android res/ folder, a web folder, a likely master).",
        discussion: "Then 'iconforge generate' with no arguments runs its jobs. An existing iconforge.yml is never replaced without --force.")

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write it.", valueName: "file"))
    var out: String = ProjectConfig.fileName

    @Flag(help: "Replace an existing file.")
    var force = false

    @OptionGroup var output: QuietOption

    func run() throws {
        if FileManager.default.fileExists(atPath: out), !force {
            throw Terminal.failure("\(out) exists; pass --force to replace it", status: 1)
        }
        let root = out.parentFolder.isEmpty ? "." : out.parentFolder
        let found = ProjectScan(root: root)
        let text = found.starter()
        // --force keeps the file it replaces in the backup, as every other write does.
        let notes = try Terminal.orExit { try OwnedFile.write(Array(text.utf8), to: out) }
        if !output.quiet {
            print("wrote \(out): \(found.summary)")
            for note in notes { print(note) }
        }
    }
}

/// What `init` found in a project, and the starter file it makes of it.
struct ProjectScan {
    /// Asset catalogs, each with the presets its app-icon set is laid out for (empty: none found in it).
    var catalogs: [(path: String, presets: [String])] = []
    var androidRoot: String?
    var webFolder: String?
    var master: String?

    /// Folders never searched: build output, dependencies, version control.
    static let skipped: Set<String> = [".git", ".build", "build", "node_modules", "Pods", "DerivedData", ".gradle", "Carthage"]

    init(root: String) {
        var queue: [(String, Int)] = [("", 0)]
        let manager = FileManager.default
        // Links out of the project are not followed: init describes this project only.
        let scope = FolderScope(root)
        while !queue.isEmpty {
            let (relative, depth) = queue.removeFirst()
            let folder = relative.isEmpty ? root : (root as NSString).appendingPathComponent(relative)
            for name in ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted() where !name.hasPrefix(".") && !Self.skipped.contains(name) {
                let path = relative.isEmpty ? name : (relative as NSString).appendingPathComponent(name)
                let full = (root as NSString).appendingPathComponent(path)
                guard scope.contains(full) else { continue }
                var isFolder: ObjCBool = false
                _ = manager.fileExists(atPath: full, isDirectory: &isFolder)
                if isFolder.boolValue {
                    if name.hasSuffix(".xcassets") { catalogs.append((path, Self.iconPresets(inCatalog: full))); continue }
                    if name == "res", path.hasSuffix("src/main/res") { androidRoot = androidRoot ?? String(path.dropLast("app/src/main/res".count)).trimmingCharacters(in: CharacterSet(charactersIn: "/")); continue }
                    if ["public", "static", "web"].contains(name), depth <= 1 { webFolder = webFolder ?? path }
                    if depth < 4 { queue.append((path, depth + 1)) }
                } else if master == nil, Self.looksLikeMaster(name: name, path: full) {
                    master = path
                }
            }
        }
    }

    /// The presets that keep the catalog's app-icon set (AppIcon, else the first) in its layout.
    static func iconPresets(inCatalog catalog: String) -> [String] {
        let sets = ((try? FileManager.default.contentsOfDirectory(atPath: catalog)) ?? []).filter { $0.hasSuffix(".appiconset") }.sorted()
        guard let set = sets.first(where: { $0 == "AppIcon.appiconset" }) ?? sets.first else { return [] }
        return PresetCatalog.matchingPresets(iconSet: (catalog as NSString).appendingPathComponent(set))
    }

    /// The catalogs to write into: those with an app-icon set; else the first one, for a new single-size set.
    var iconCatalogs: [(path: String, presets: [String])] {
        let withIcons = catalogs.filter { !$0.presets.isEmpty }
        if !withIcons.isEmpty { return withIcons }
        return catalogs.first.map { [($0.path, ["ios-single"])] } ?? []
    }

    /// An SVG or a square PNG of at least 1024 px whose name says icon or logo.
    static func looksLikeMaster(name: String, path: String) -> Bool {
        let lower = name.lowercased()
        guard lower.contains("icon") || lower.contains("logo") else { return false }
        if lower.hasSuffix(".svg") { return true }
        guard lower.hasSuffix(".png"), let bytes = try? FileIO.read(path), let info = try? PNG.info(bytes) else { return false }
        return info.width == info.height && info.width >= 1024
    }

    var summary: String {
        let parts = iconCatalogs.map { "asset catalog \($0.path) (\($0.presets.joined(separator: ", ")))" } + [androidRoot.map { "Android project \($0.isEmpty ? "." : $0)" },
                     webFolder.map { "web folder \($0)" }, master.map { "master \($0)" }].compactMap { $0 }
        return parts.isEmpty ? "nothing recognised; edit the placeholders" : "found " + parts.joined(separator: ", ")
    }

    /// The starter file: one job per platform found (iOS when nothing is), with the options worth knowing commented.
    func starter() -> String {
        let masterPath = master ?? "design/icon.svg"
        var text = """
            # iconforge.yml: run 'iconforge generate' with no arguments to make every icon below.
            # Paths are relative to this file. Any 'generate' option can be given by its long name
            # (see 'iconforge generate --help'); 'iconforge presets' lists the presets. Add 'preview: true'
            # to a job for a contact sheet of its outputs; 'iconforge watch' reruns jobs when their files change.
            jobs:

            """
        func job(_ presets: String, _ out: String, _ extra: [String] = []) {
            text += "  - master: \(masterPath)\(master == nil ? "   # your master: SVG, PNG (1024 or larger), JPEG or Icon Composer .icon" : "")\n"
            text += "    presets: [\(presets)]\n    out: \(out)\n"
            for line in extra { text += "    \(line)\n" }
        }
        for catalog in iconCatalogs {
            // The appearance variants are ios-single's; the other layouts keep their slots.
            let variants = catalog.presets.contains("ios-single") ? ["# dark: design/icon-dark.svg     # Xcode 16 appearance variants", "# tinted: auto"]
                : catalog.presets.contains("ios") ? ["# presets: [ios-single] switches to Xcode 16's single size (with dark and tinted variants)"] : []
            let alternate = catalog.presets.contains { $0.hasPrefix("ios") } ? ["# alternate: {Holiday: design/holiday.png}"] : []
            job(catalog.presets.joined(separator: ", "), catalog.path, variants + alternate)
        }
        if let androidRoot { job("android", androidRoot.isEmpty ? "." : androidRoot, ["# android-background: \"#FFFFFF\"", "# monochrome: design/glyph.svg"]) }
        if let webFolder { job("web", webFolder) }
        if catalogs.isEmpty && androidRoot == nil && webFolder == nil {
            job("ios-single", "Assets.xcassets", ["# presets can be several: [ios-single, android, web, macos]"])
        }
        return text
    }
}
