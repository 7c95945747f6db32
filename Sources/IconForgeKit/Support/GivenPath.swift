import Foundation

/// The public surface takes and gives file `URL`s; inside, a path stays the `String` the user gave, because messages and
/// the command's output name a file as it was named (`art/dark.png`, `out/`, `../web`). These two turn one into the other
/// without Foundation's normalisation getting in between: `URL(givenPath: text).givenPath == text` for every non-empty
/// path (a relative path stays relative, `..`, `.` and doubled slashes are kept, and so is a trailing slash).
extension URL {
    /// A file URL for a path as the user gave it: relative to the current folder when it is relative.
    package init(givenPath path: String) {
        // Foundation expands a leading "~"; the C calls that read a path read "~/x" as a folder named "~" here.
        let text = path.hasPrefix("~") ? "./" + path : path
        self.init(filePath: text, directoryHint: path.hasSuffix("/") ? .isDirectory : .notDirectory)
    }

    /// The path to open and to print: what `init(givenPath:)` was given; for another file URL, its path relative to the
    /// current folder when it was made relative to it (`URL(fileURLWithPath: "x.png")`), else its absolute path.
    package var givenPath: String {
        let relativeToHere = baseURL.map { $0.isFileURL && $0.path == FileManager.default.currentDirectoryPath } ?? false
        var text = relativeToHere ? relativePath : path
        if relativeToHere, text.hasPrefix("./~") { text.removeFirst(2) }
        // Foundation's paths drop a trailing slash; the URL's own text keeps it.
        if (relativeToHere ? relativeString : absoluteString).hasSuffix("/"), !text.hasSuffix("/") { text += "/" }
        return text
    }
}

extension URL {
    /// `relative`, a path inside `folder` as a run names it, as a file URL relative to the folder: its `relativePath`
    /// gives `relative` back (`AppIcon.appiconset/Icon-60@3x.png`, `../index.html`), its `path` is where the file is.
    package init(path relative: String, inFolder folder: String) {
        let base = URL(filePath: folder.hasPrefix("~") ? "./" + folder : folder, directoryHint: .isDirectory)
        self.init(filePath: relative, directoryHint: .notDirectory, relativeTo: base)
    }
}
