import Foundation

/// A Flutter app: the folder holding a `pubspec.yaml` with a `flutter:` section. Read for `validate`, which needs to know
/// only that an `.ico` belongs to one: nothing in a Flutter app reads an `.ico` by the order of its entries — the
/// Windows runner's `Runner.rc` embeds `windows/runner/resources/app_icon.ico` as an icon resource, which
/// `win32_window.cpp` loads with `LoadIcon` (Windows picks the entry of the size it draws, the small one too), and the
/// plugins that set a window's or the notification area's icon from an asset (tray_manager, window_manager) load the
/// file with `LoadImage` at the size they ask for (Kazumi's tray icon `assets/images/logo/logo_lanczos.ico` lists 16 px
/// first, harmlessly).
enum FlutterProject {
    /// The Flutter app `folder` is in: the nearest of it and its four parents holding a Flutter `pubspec.yaml`.
    static func root(near folder: String) -> String? {
        FileIO.nearest(from: folder, levels: 4) { candidate in
            let pubspec = (candidate as NSString).appendingPathComponent("pubspec.yaml")
            guard let bytes = try? FileIO.readPrefix(pubspec, upTo: 256 << 10) else { return nil }
            return String(decoding: bytes, as: UTF8.self).range(of: #"(?m)^flutter\s*:"#, options: .regularExpression) != nil ? candidate : nil
        }
    }
}

extension FlutterProject {
    /// True when a build of the Flutter app at `root` can use `file`: a file of its `windows/` or `web/` folders (the
    /// runner's resources, what the web build copies), one its `pubspec.yaml` names (a listed asset, msix_config's
    /// `logo_path`), or one directly in a folder the pubspec's `flutter: assets:` lists (`- assets/images/` takes the
    /// files in that folder, not those of its subfolders). Anything else is in no build: `flutter build` bundles only
    /// the assets the pubspec lists, and nothing else reads the tree (Hiddify's `assets/images/source/hiddify.ico`,
    /// the artwork its tray icons were made from).
    static func builds(_ file: String, root: String) -> Bool {
        guard let relative = FileIO.relativePath(FileIO.realPath(file), to: root) else { return true }
        if ["windows/", "web/"].contains(where: relative.hasPrefix) { return true }
        let pubspec = (root as NSString).appendingPathComponent("pubspec.yaml")
        guard let bytes = try? FileIO.readPrefix(pubspec, upTo: 1 << 20) else { return true }
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\\", with: "/")
        if text.contains(relative) { return true }
        let folder = relative.contains("/") ? relative.parentFolder + "/" : ""
        return assetEntries(pubspec: text).contains { entry in entry.hasSuffix("/") && entry == folder }
    }

    /// The entries of a pubspec's `flutter: assets:` list, as written (`assets/images/`), the `path:` of the mapping
    /// form (`- path: assets/x/` with `flavors:`) included.
    static func assetEntries(pubspec text: String) -> [String] {
        var entries: [String] = [], inFlutter = false, listIndent: Int?
        for line in text.split(whereSeparator: \.isNewline).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            let indent = line.prefix { $0 == " " }.count
            if indent == 0 { inFlutter = trimmed.hasPrefix("flutter:"); listIndent = nil; continue }
            guard inFlutter else { continue }
            if let assets = listIndent {
                if indent <= assets && !trimmed.hasPrefix("-") { listIndent = nil; continue }
                var item = trimmed
                if item.hasPrefix("-") { item = String(item.dropFirst()).trimmingCharacters(in: .whitespaces) }
                if item.hasPrefix("path:") { item = String(item.dropFirst("path:".count)).trimmingCharacters(in: .whitespaces) }
                else if !trimmed.hasPrefix("-") { continue }
                let value = item.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
                if !value.isEmpty, !value.hasSuffix(":") { entries.append(value.hasPrefix("./") ? String(value.dropFirst(2)) : value) }
            } else if trimmed.hasPrefix("assets:") {
                listIndent = indent
            }
        }
        return entries
    }
}
