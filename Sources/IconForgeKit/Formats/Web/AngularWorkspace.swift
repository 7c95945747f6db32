import Foundation

/// An Angular workspace (`angular.json`): for each application, the folder its build serves at the site's root and what
/// that build copies there. Angular 17's template copies all of `public/` to the root; older workspaces (and Ionic's)
/// serve `src/` — the folder of `index.html` — but `ng build` copies only the files and folders the build's `assets`
/// list names (`src/favicon.ico`, `src/assets`, `src/manifest.webmanifest`): a new `src/apple-touch-icon.png` is in no
/// built site until it is listed there.
package struct AngularWorkspace: Sendable {
    static let fileName = "angular.json"

    /// One application project of the workspace.
    package struct Application: Sendable, Equatable {
        /// Its name in `projects`.
        package var name: String
        /// The folder served at "/", relative to the workspace: `public` (copied whole) or the page's folder (`src`).
        package var servedFolder: String
        /// What the build copies, relative to the workspace (nil when the whole served folder is copied): a file or a
        /// folder (everything below it), or a folder with a glob.
        package var assets: [Asset]?
    }

    /// One entry of a build's `assets`: `"src/assets"`, or `{ "glob": "**/*", "input": "src/assets", "output": "assets" }`.
    package struct Asset: Sendable, Equatable {
        /// A file or folder, relative to the workspace.
        package var input: String
        /// The object form's glob; nil for a path (the file, or everything in the folder).
        package var glob: String?
    }

    /// The workspace's applications with a served folder that exists, in the file's order of names.
    package let applications: [Application]

    /// The workspace at `root`, or nil when it has no readable `angular.json` naming an application.
    package static func read(root: String) -> AngularWorkspace? {
        let path = (root as NSString).appendingPathComponent(fileName)
        guard FolderScope(root).contains(path), let bytes = try? FileIO.readDocument(path),
              let object = (try? JSONSerialization.jsonObject(with: Data(JSONText.withoutComments(bytes)))) as? [String: Any],
              let projects = object["projects"] as? [String: Any] else { return nil }
        var applications: [Application] = []
        for name in projects.keys.sorted() {
            guard let project = projects[name] as? [String: Any], (project["projectType"] as? String ?? "application") == "application" else { continue }
            let architect = (project["architect"] ?? project["targets"]) as? [String: Any]
            let options = (architect?["build"] as? [String: Any])?["options"] as? [String: Any] ?? [:]
            let projectRoot = project["root"] as? String ?? ""
            let sourceRoot = project["sourceRoot"] as? String ?? (projectRoot.isEmpty ? "src" : projectRoot + "/src")
            var assets: [Asset] = [], wholeFolder: String?
            for entry in options["assets"] as? [Any] ?? [] {
                if let input = entry as? String {
                    assets.append(Asset(input: normalised(input), glob: nil))
                } else if let entry = entry as? [String: Any], let input = entry["input"] as? String {
                    let glob = entry["glob"] as? String ?? "**/*"
                    let output = (entry["output"] as? String ?? "/").trimmingCharacters(in: CharacterSet(charactersIn: "/."))
                    assets.append(Asset(input: normalised(input), glob: glob))
                    if output.isEmpty, ["**/*", "**"].contains(glob), wholeFolder == nil { wholeFolder = normalised(input) }
                }
            }
            let index: String? = (options["index"] as? String) ?? ((options["index"] as? [String: Any])?["input"] as? String)
            let served = wholeFolder ?? index.map { normalised($0).parentFolder } ?? normalised(sourceRoot)
            guard FileIO.isFolder((root as NSString).appendingPathComponent(served)) else { continue }
            applications.append(Application(name: name, servedFolder: served, assets: wholeFolder == nil ? assets : nil))
        }
        return applications.isEmpty ? nil : AngularWorkspace(applications: applications)
    }

    /// The workspace and application whose served folder is `folder`: `angular.json` in it or up to three folders above.
    static func application(serving folder: String) -> (workspace: String, application: Application)? {
        let served = FileIO.realPath(URL(fileURLWithPath: folder).standardizedFileURL.path)
        return FileIO.nearest(from: served, levels: 3) { root in
            read(root: root)?.applications.first { FileIO.realPath((root as NSString).appendingPathComponent($0.servedFolder)) == served }.map { (root, $0) }
        }
    }

    private static func normalised(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

extension AngularWorkspace.Application {
    /// True when the build copies `file` (relative to the workspace) into the site.
    package func ships(_ file: String) -> Bool {
        guard let assets else { return file.hasPrefix(servedFolder + "/") }
        return assets.contains { asset in
            guard file == asset.input || file.hasPrefix(asset.input + "/") else { return false }
            guard let glob = asset.glob, !["**/*", "**"].contains(glob) else { return true }
            let below = String(file.dropFirst(asset.input.count + 1))
            // "*.png" matches the folder's own files; "**/*.png" a file at any depth, by its name.
            if glob.hasPrefix("**/") { return fnmatch(String(glob.dropFirst(3)), (below as NSString).lastPathComponent, 0) == 0 }
            return fnmatch(glob, below, FNM_PATHNAME) == 0
        }
    }
}

extension AngularWorkspace {
    /// A warning naming the files of `paths` (relative to `folder`, an Angular application's served folder) that its
    /// build's `assets` do not copy into the site, or nil when every one ships (or the folder is no such app's).
    /// `icons.html`, the snippet to paste, is not meant to ship.
    static func unshipped(_ paths: [String], in folder: String) -> String? {
        guard let (workspace, application) = application(serving: folder), application.assets != nil else { return nil }
        let prefix = application.servedFolder.isEmpty ? "" : application.servedFolder + "/"
        let missing = paths.filter { !$0.hasPrefix("../") && ($0 as NSString).lastPathComponent != "icons.html" }
            .map { prefix + $0 }.filter { !application.ships($0) }
        guard !missing.isEmpty else { return nil }
        return "\((workspace as NSString).appendingPathComponent(fileName)): the build's assets of \(application.name) do not name "
            + missing.joined(separator: ", ") + ", so `ng build` will not copy " + (missing.count == 1 ? "it" : "them")
            + " into the site — add " + (missing.count == 1 ? "it" : "them") + " to projects.\(application.name).architect.build.options.assets"
    }
}
