import Foundation

/// fastlane's copy of the Play Store listing icon (`fastlane/metadata/android/<locale>/images/icon.png`, which
/// `fastlane supply` uploads): the same 512 px picture as the module's `ic_launcher-playstore.png`, kept in step with it
/// when icons are generated from a project's root, so that a new icon does not leave the store listing on the old one.
package enum FastlanePlayIcons {
    /// The listing icons under `root`: its own `fastlane/` and those of the folders directly inside it (a module's).
    /// Links that leave `root` are left out: nothing is written through them.
    static func icons(under root: String) -> [String] {
        let manager = FileManager.default, scope = FolderScope(root)
        var bases = [root]
        bases += ((try? manager.contentsOfDirectory(atPath: root)) ?? []).sorted().filter { !$0.hasPrefix(".") }
            .map { (root as NSString).appendingPathComponent($0) }
        var icons: [String] = []
        for base in bases {
            let metadata = NSString.path(withComponents: [base, "fastlane", "metadata", "android"])
            for locale in ((try? manager.contentsOfDirectory(atPath: metadata)) ?? []).sorted() where !locale.hasPrefix(".") {
                let icon = NSString.path(withComponents: [metadata, locale, "images", "icon.png"])
                if manager.fileExists(atPath: icon), scope.contains(icon) { icons.append(icon) }
            }
        }
        return icons
    }

    /// The Play icon a run of the Android preset into `folder` wrote: beside its `res/` (`src/main/`), found as the
    /// generator finds the `res/` of a project or module; nil when there is none.
    static func playIcon(writtenInto folder: String) -> String? {
        let name = "ic_launcher-playstore.png"
        let inside = Generator.androidResources(in: folder)
        let res = inside.isEmpty ? folder : (folder as NSString).appendingPathComponent(inside)
        if (folder as NSString).lastPathComponent == "res" {
            let beside = (folder.parentFolder as NSString).appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: beside) ? beside : nil
        }
        let candidates = [(res.parentFolder as NSString).appendingPathComponent(name), (folder as NSString).appendingPathComponent(name)]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Writes the Play icon at `playIcon` (a module's `ic_launcher-playstore.png`, just generated) over each listing
    /// icon under `root` through the run's `writer` (one that IconForge did not write is kept in the backup first; one
    /// that already holds these bytes is not touched). Returns a note for each icon changed.
    static func update(root: String, playIcon: String, writer: OutputWriter) throws(IconForgeError) -> [String] {
        let targets = icons(under: root)
        guard !targets.isEmpty else { return [] }
        let bytes = try FileIO.readInput(playIcon)
        var notes: [String] = []
        for target in targets {
            // A link (to the module's ic_launcher-playstore.png, so that the listing follows it) is never written
            // through, nor replaced: one to the new Play icon already shows it, another is named.
            var status = stat()
            if lstat(target, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK {
                if FileIO.realPath(target) != FileIO.realPath(playIcon) {
                    notes.append("left fastlane's Play listing icon \(target) as it is: it is a link to \(FileIO.realPath(target)), "
                                 + "not to the new \((playIcon as NSString).lastPathComponent)")
                }
                continue
            }
            if try writer.write(bytes, to: target) {
                notes.append("updated fastlane's Play listing icon \(target) to the new \((playIcon as NSString).lastPathComponent)")
            }
        }
        return notes
    }

    /// After the Android preset was written into `androidOutput` (a project, a module or a `res/` folder) for a run
    /// given the project's root `root` (`--out .`): the listing icons under `root` follow the new Play icon, with their
    /// own backups and ledger at `root`'s. Returns the notes for the user (each icon changed, each original kept).
    package static func update(root: String, afterAndroidInto androidOutput: String, inputs: [String]) throws(IconForgeError) -> [String] {
        guard let play = playIcon(writtenInto: androidOutput) else { return [] }
        let writer = OutputWriter(folder: root, inputs: inputs)
        return try update(root: root, playIcon: play, writer: writer) + writer.finish()
    }
}
