import Foundation
import Raster

/// One file `generate` wrote (or would write, in a dry run).
public struct GeneratedFile: Sendable, Equatable {
    /// The file, a file URL relative to the output folder: its `relativePath` is e.g.
    /// "AppIcon.appiconset/Icon-60@3x.png", its `path` where the file is.
    public var url: URL { URL(path: path, inFolder: folder) }
    /// The path relative to the output folder, as the run names it.
    package var path: String
    /// Its role.
    public var role: Role
    /// Its size in pixels (nil for Contents.json and snippets).
    public var pixels: PixelSize?
    /// Bytes written (0 in a dry run).
    public var bytes: Int
    /// The output folder, as the run names it: given when the run's report or plan is made.
    package var folder = ""
}

extension GeneratedFile {
    /// Where a file is, to print: `path` (relative to `folder`, the output folder as the run names it) joined to the
    /// folder, a leading `..` taking off the folder's last name rather than being printed (Android's
    /// `ic_launcher-playstore.png`, written beside `res/`: `app/src/main/ic_launcher-playstore.png`, not
    /// `app/src/main/res/../ic_launcher-playstore.png`). Only a plain name is taken off, never `.`, `..` or `~`.
    package static func shown(_ path: String, in folder: String) -> String {
        guard !folder.isEmpty else { return path }
        var base = folder.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        while base.count > 1, base.last == "" { base.removeLast() }
        var rest = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        while rest.first == "..", let last = base.last, !["", ".", "..", "~"].contains(last) {
            base.removeLast()
            rest.removeFirst()
        }
        let joinedBase = base == [""] ? "/" : base.joined(separator: "/")
        if base.isEmpty { return rest.joined(separator: "/") }
        return (joinedBase as NSString).appendingPathComponent(rest.joined(separator: "/"))
    }
}

extension [GeneratedFile] {
    /// The files, each knowing the output folder it is in.
    func placed(in folder: String) -> [GeneratedFile] {
        map { file in
            var file = file
            file.folder = folder
            return file
        }
    }
}

/// What `generate` would do (a dry run): the files it would write, and the files it would move to a backup.
public struct GenerationPlan: Sendable {
    /// Files to be written, each a file URL relative to the output folder.
    public var files: [GeneratedFile] = []
    /// Files that would leave their set for `.iconforge-backup/`, file URLs relative to the output folder.
    public var moves: [URL] { movePaths.map { URL(path: $0, inFolder: folder) } }
    /// `moves`, paths relative to the output folder.
    package var movePaths: [String] = []
    /// The output folder, as the run names it.
    package var folder = ""
}

/// What `generate` did for one source.
public struct GenerationReport: Sendable {
    /// The master (a file URL).
    public var source: URL { URL(givenPath: sourcePath) }
    /// The output folder (a file URL).
    public var outputFolder: URL { URL(givenPath: outputFolderPath) }
    /// The master's path, as the run names it.
    package var sourcePath: String
    /// The output folder's path, as the run names it.
    package var outputFolderPath: String
    /// Every file written, in order (each a file URL relative to the output folder).
    public var files: [GeneratedFile]
    /// Things the user should know that did not stop the run.
    public var warnings: [String]
    /// What was done besides writing files, e.g. "moved 25 files of the replaced layout out of AppIcon.appiconset to …".
    public var notes: [String] = []
    /// Wall time in seconds.
    public var seconds: Double

    /// Total bytes written.
    public var totalBytes: Int { files.reduce(0) { $0 + $1.bytes } }
}
