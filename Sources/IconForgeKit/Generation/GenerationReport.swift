import Foundation
import Raster

/// One file `generate` wrote (or would write, in a dry run).
public struct GeneratedFile: Sendable, Equatable {
    /// Path relative to the output folder, e.g. "AppIcon.appiconset/Icon-60@3x.png".
    public var path: String
    /// Its role.
    public var role: Role
    /// Its size in pixels (nil for Contents.json and snippets).
    public var pixels: PixelSize?
    /// Bytes written (0 in a dry run).
    public var bytes: Int
}

/// What `generate` would do (a dry run): the files it would write, and the files it would move to a backup.
public struct GenerationPlan: Sendable {
    /// Files to be written, by their path relative to the output folder.
    public var files: [GeneratedFile] = []
    /// Files that would leave their set for `.iconforge-backup/`, relative to the output folder.
    public var moves: [String] = []
}

/// What `generate` did for one source.
public struct GenerationReport: Sendable {
    /// The source path.
    public var source: String
    /// The output folder.
    public var outputFolder: String
    /// Every file written, in order.
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
