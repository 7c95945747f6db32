import Foundation
import PNGCodec

/// A Compose Multiplatform desktop app, and the icons its packaging takes: the `iconFile` a module's Gradle build names
/// in `compose.desktop { application { nativeDistributions { … } } }` for Windows (`.ico`), macOS (`.icns`) and Linux
/// (`.png`), which jpackage puts in the installer and the app (Suwayomi-JUI's `desktop/build.gradle.kts`:
/// `iconFile.set(rootProject.file("resources/icon.ico"))`, `icon.icns`, `icon.png`). A run into the folder of such a
/// file rewrites it in place, at its own size, rather than adding tiles, an asset catalog or a hicolor tree.
struct ComposeDesktop: Sendable, Equatable {
    /// The Gradle project's root (the folder holding `settings.gradle(.kts)`, else the build file's).
    var root: String
    /// The `.ico`, `.icns` and `.png` the build names, relative to the root.
    var windowsIcon: String?, macIcon: String?, linuxIcon: String?

    /// The build files Gradle reads in a module.
    static let buildFiles = ["build.gradle.kts", "build.gradle"]

    /// The app whose module is `module` (its build file names icons under `nativeDistributions`), in the Gradle project at `root`.
    static func read(module: String, root: String) -> ComposeDesktop? {
        guard let text = buildFiles.lazy.compactMap({ try? FileIO.readDocument((module as NSString).appendingPathComponent($0)) }).first
                .map({ String(decoding: $0, as: UTF8.self) }), text.contains("nativeDistributions") else { return nil }
        var app = ComposeDesktop(root: root)
        // `iconFile.set(X.file("path"))` or `iconFile = X.file("path")`: what is before `file(` says what the path is
        // relative to (rootProject: the root; project, layout.projectDirectory or nothing: the module).
        for match in text.matches(of: /iconFile\s*(?:\.set\s*\(|=)\s*((?:rootProject|project|layout\.projectDirectory)\s*\.\s*)?file\s*\(\s*"([^"$]+)"\s*\)/) {
            let base = match.output.1.map { $0.hasPrefix("rootProject") ? root : module } ?? module
            let full = URL(fileURLWithPath: (base as NSString).appendingPathComponent(String(match.output.2))).standardizedFileURL.path
            guard let relative = FileIO.relativePath(full, to: URL(fileURLWithPath: root).standardizedFileURL.path) else { continue }
            switch (relative as NSString).pathExtension.lowercased() {
            case "ico": app.windowsIcon = app.windowsIcon ?? relative
            case "icns": app.macIcon = app.macIcon ?? relative
            case "png": app.linuxIcon = app.linuxIcon ?? relative
            default: continue
            }
        }
        return app.windowsIcon == nil && app.macIcon == nil && app.linuxIcon == nil ? nil : app
    }

    /// The app of the Gradle project at `root`: its root's build file, else the first of its modules' (folders one or two
    /// down, build output and dependencies left out) naming icons.
    static func read(root: String) -> ComposeDesktop? {
        if let app = read(module: root, root: root) { return app }
        let manager = FileManager.default
        var modules: [String] = []
        for name in ((try? manager.contentsOfDirectory(atPath: root)) ?? []).sorted() where !name.hasPrefix(".") && !ProjectLayout.skipped.contains(name) {
            let path = (root as NSString).appendingPathComponent(name)
            guard FileIO.isFolder(path) else { continue }
            modules.append(path)
            for inner in ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted() where !inner.hasPrefix(".") && !ProjectLayout.skipped.contains(inner) {
                if FileIO.isFolder((path as NSString).appendingPathComponent(inner)) { modules.append((path as NSString).appendingPathComponent(inner)) }
            }
        }
        return modules.lazy.compactMap { module in
            buildFiles.contains { manager.fileExists(atPath: (module as NSString).appendingPathComponent($0)) } ? read(module: module, root: root) : nil
        }.first
    }

    /// The app whose icon is in `folder`: the Gradle project (its `settings.gradle(.kts)`) in it or up to four folders above.
    static func near(_ folder: String) -> ComposeDesktop? {
        FileIO.nearest(from: URL(fileURLWithPath: folder).standardizedFileURL.path, levels: 4) { candidate -> ComposeDesktop? in
            guard ["settings.gradle.kts", "settings.gradle"].contains(where: { FileManager.default.fileExists(atPath: (candidate as NSString).appendingPathComponent($0)) })
            else { return nil }
            return read(root: candidate)
        }
    }

    /// The configured icon's name when it lies directly in `folder`.
    func icon(_ relative: String?, in folder: String) -> String? { ElectronBuilder.icon(relative, root: root, in: folder) }

    /// True for a folder holding an icon a Compose desktop build names.
    static func isIconFolder(_ folder: String) -> Bool {
        guard let app = near(folder) else { return false }
        return [app.windowsIcon, app.macIcon, app.linuxIcon].contains { app.icon($0, in: folder) != nil }
    }

    /// The outputs as the app keeps them in `folder`: macOS's as its `.icns` (every element of the preset), Linux's as
    /// its one PNG at its own size (512 px when it does not exist yet); no asset catalog or hicolor tree (jpackage
    /// installs the PNG and writes the desktop entry itself). The `.ico` is the one `WindowsVisualAssets` finds.
    static func adopting(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        guard let app = near(folder) else { return outputs }
        var result = outputs
        if let icns = app.icon(app.macIcon, in: folder) { result = TauriIcons.macIcns(result, named: icns) }
        if let png = app.icon(app.linuxIcon, in: folder), let template = result.first(where: { $0.role == .linux && $0.filename?.lowercased().hasSuffix(".png") == true }) {
            let pixels = PNGHeader.size(of: (folder as NSString).appendingPathComponent(png)).flatMap { $0.width == $0.height ? $0.width : nil } ?? 512
            result = result.filter { $0.role != .linux } + [Generator.spec(template, at: png, pixels: pixels)]
        }
        return result
    }
}
