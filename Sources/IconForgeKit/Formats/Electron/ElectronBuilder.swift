import Foundation
import Yams

/// An Electron app packaged by electron-builder, and where its configuration takes each desktop platform's icon from:
/// `mac.icon`, `win.icon` and `linux.icon` (or the top-level `icon`) in `electron-builder.yml`/`.yaml`/`.json` or
/// package.json's `"build"`, each relative to the project or to `directories.buildResources` (default `build/`); without
/// them, `icon.icns` and `icon.ico` in the resources folder. A run into the folder of such a file refreshes that file
/// in place (MarkText keeps `resources/icons/icon.icns` and `icon.ico`), rather than adding a catalog or `app.ico`.
struct ElectronBuilder: Sendable, Equatable {
    /// The project's folder (the one holding package.json).
    var root: String
    /// `directories.buildResources`, relative to the root.
    var buildResources = "build"
    /// The macOS `.icns` and the Windows `.ico` the configuration names (or the defaults that exist), relative to the root.
    var macIcon: String?, windowsIcon: String?

    /// The configuration files electron-builder reads, in its order.
    static let configNames = ["electron-builder.yml", "electron-builder.yaml", "electron-builder.json"]

    /// The project at `root`, when its package.json names electron; nil otherwise.
    static func read(root: String) -> ElectronBuilder? {
        guard let bytes = try? FileIO.readDocument((root as NSString).appendingPathComponent("package.json")) else { return nil }
        let package = String(decoding: bytes, as: UTF8.self)
        guard package.contains("\"electron") else { return nil }
        var config: [String: Any] = [:]
        if let name = configNames.first(where: { FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent($0)) }),
           let text = try? FileIO.readDocument((root as NSString).appendingPathComponent(name)) {
            // YAML is a superset of JSON: one reader for both spellings.
            config = ((try? Yams.load(yaml: String(decoding: text, as: UTF8.self))) as? [String: Any]) ?? [:]
        } else if let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] {
            config = object["build"] as? [String: Any] ?? [:]
        }
        var project = ElectronBuilder(root: root)
        if let resources = (config["directories"] as? [String: Any])?["buildResources"] as? String { project.buildResources = resources }
        let common = config["icon"] as? String
        project.macIcon = project.resolve((config["mac"] as? [String: Any])?["icon"] as? String ?? common, extension: "icns")
        project.windowsIcon = project.resolve((config["win"] as? [String: Any])?["icon"] as? String ?? common, extension: "ico")
        return project
    }

    /// The project whose icon folder, resources folder or root `folder` is: package.json up to four folders above.
    static func near(_ folder: String) -> ElectronBuilder? {
        var candidate = FileIO.realPath(folder)
        for _ in 0..<5 {
            if let project = read(root: candidate) { return project }
            let parent = candidate.parentFolder
            guard !parent.isEmpty, parent != candidate else { return nil }
            candidate = parent
        }
        return nil
    }

    /// A configured icon as a path relative to the root: the file as given (relative to the project, else to the
    /// resources folder), with the platform's extension added to a bare name (`icon: build/icon` is both); without
    /// one, `icon.EXT` in the resources folder where it exists. Paths out of the project are not followed.
    func resolve(_ value: String?, extension ext: String) -> String? {
        let manager = FileManager.default
        guard let value else {
            let fallback = (buildResources as NSString).appendingPathComponent("icon." + ext)
            return manager.fileExists(atPath: (root as NSString).appendingPathComponent(fallback)) ? fallback : nil
        }
        let named = value.lowercased().hasSuffix("." + ext) ? value : (value as NSString).deletingPathExtension + "." + ext
        for base in ["", buildResources] {
            let relative = Self.lexical((base as NSString).appendingPathComponent(named))
            guard !relative.hasPrefix("..") && !relative.hasPrefix("/") else { continue }
            if manager.fileExists(atPath: (root as NSString).appendingPathComponent(relative)) { return relative }
        }
        return nil
    }

    /// `path` with its `.` and `folder/..` steps taken out by their text, as Node's `path.resolve` does for
    /// electron-builder: MarkText's `build/../resources/icons/md.ico` is `resources/icons/md.ico` though `build/` (an
    /// output folder) does not exist, which the file system cannot step through, and Foundation's `standardizingPath`
    /// keeps the `..` of a relative path.
    static func lexical(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// True when `folder` is this project's resources folder.
    func isResources(_ folder: String) -> Bool {
        FileIO.realPath(folder) == FileIO.realPath((root as NSString).appendingPathComponent(buildResources))
    }

    /// True for a folder electron-builder takes icons from: its resources folder, or the folder of a configured icon.
    static func isIconFolder(_ folder: String) -> Bool {
        guard let project = near(folder) else { return false }
        return project.isResources(folder) || project.icon(project.macIcon, in: folder) != nil || project.icon(project.windowsIcon, in: folder) != nil
    }

    /// The configured icon's name when it lies directly in `folder`.
    func icon(_ relative: String?, in folder: String) -> String? {
        guard let relative, FileIO.realPath((root as NSString).appendingPathComponent(relative).parentFolder) == FileIO.realPath(folder) else { return nil }
        return (relative as NSString).lastPathComponent
    }

    /// The macOS outputs as the project keeps them in `folder`: the configured `.icns` (or `icon.icns` in the
    /// resources folder) with every element the preset gives it, and no asset catalog beside it.
    static func adopting(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        guard outputs.contains(where: { $0.role == .mac }), !TauriIcons.isIconFolder(folder), let project = near(folder) else { return outputs }
        guard let icns = project.icon(project.macIcon, in: folder) ?? (project.isResources(folder) ? "icon.icns" : nil) else { return outputs }
        return TauriIcons.macIcns(outputs, named: icns)
    }
}
