import Foundation
import PNGCodec
import Raster

/// `iconforge fix`: repairs what validation reports and can be repaired without touching the artwork's
/// geometry — interlacing, bit depth, alpha — and nothing else. Originals go to a backup folder outside
/// any asset catalog first; files are replaced atomically.
package struct Fixer: Sendable {
    /// Finds the problems, and knows each file's role.
    package var validator: Validator
    /// What translucent pixels are composited over.
    package var background: RGBColor
    /// Keep the originals in `.iconforge-backup/<timestamp>/` beside the path given.
    package var keepsBackup: Bool
    /// Report what would be done, change nothing.
    package var dryRun: Bool

    /// A fixer with every choice given.
    package init(validator: Validator = Validator(), background: RGBColor = .white, keepsBackup: Bool = true, dryRun: Bool = false) {
        self.validator = validator
        self.background = background
        self.keepsBackup = keepsBackup
        self.dryRun = dryRun
    }

    /// The rules `fix` repairs.
    package static let fixableRules: Set<ValidationRule> = [.interlaced, .bitDepth, .transparency]

    /// One file fixed (or, in a dry run, to be fixed), or why it could not be.
    package struct Outcome: Sendable, Equatable {
        package var path: String
        package var changes: [String]
        package var backup: String?
        package var failure: String?
    }

    /// The errors under `paths` that fixing cannot repair (a wrong size, a missing file: they need a re-export), as
    /// validation finds them now. In a dry run nothing was repaired, so the errors `fix` would repair are left out.
    package func unrepairable(_ paths: [String]) throws(ValidationInputError) -> [(path: String, finding: Finding)] {
        try validator.validate(paths).files.flatMap { file in
            file.findings.filter { $0.severity == .error && !(dryRun && Self.fixableRules.contains($0.rule)) }.map { (file.path, $0) }
        }
    }

    /// Fixes every file under `paths` that has a fixable finding.
    package func fix(_ paths: [String], now: Date = Date()) throws(ValidationInputError) -> [Outcome] {
        let report = try validator.validate(paths)
        let stamp = Backup.timestamp(now)
        var outcomes: [Outcome] = []
        // One file reached by two paths (`dir dir/x.png`, `x.png x.png`, `dir ./dir`) is repaired once: a
        // second pass would back up the already-fixed file.
        var seen = Set<String>()
        for file in report.files {
            guard seen.insert(FileIO.realPath(file.path)).inserted else { continue }
            let given = paths.first { file.path == $0 || file.path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") } ?? file.path
            if given != file.path, !FolderScope(given).contains(file.path) {
                // Validation did not read it either (a warning there); here it is a file the run could not fix.
                outcomes.append(Outcome(path: file.path, changes: [], backup: nil,
                                        failure: "a link that leaves \(given); neither read nor fixed — put the image itself there"))
                continue
            }
            let fixable = file.findings.filter { Fixer.fixableRules.contains($0.rule) }
            guard !fixable.isEmpty else { continue }
            let backup = keepsBackup ? Backup.path(for: file.path, given: given, stamp: stamp) : nil
            outcomes.append(repair(file, rules: Set(fixable.map(\.rule)), backup: backup))
        }
        return outcomes
    }

    private func repair(_ file: FileReport, rules: Set<ValidationRule>, backup: String?) -> Outcome {
        var outcome = Outcome(path: file.path, changes: [], backup: backup)
        do {
            // Not FileIO.readPNG: its errors start with the path, which the outcome already names. A large file is
            // decoded as it is read and kept as its backup without being read whole.
            var bytes: [UInt8]?
            let decoded: DecodedPNG
            if let large = try FileIO.decodeLargePNG(file.path, limits: validator.limits) {
                decoded = large.png
            } else {
                let read = try FileIO.read(file.path)
                decoded = try PNG.decode(read, limits: validator.limits)
                bytes = read
            }
            let opaqueRole = file.role.requiresOpaque
            let translucent = decoded.image.translucency().count
            let keepsAlpha = !opaqueRole && decoded.info.canBeTranslucent
            if decoded.info.isInterlaced { outcome.changes.append("removed Adam7 interlacing") }
            if opaqueRole && translucent > 0 { outcome.changes.append("composited \(translucent) translucent pixels over \(background)") }
            if decoded.info.bitDepth != 8 || decoded.info.colorType != (keepsAlpha ? .rgba : .rgb) || decoded.info.hasTransparencyChunk {
                outcome.changes.append("converted \(decoded.info.colorType) \(decoded.info.bitDepth)-bit to \(keepsAlpha ? "RGBA" : "RGB") 8-bit")
            }
            if dryRun { return outcome }
            let encoded = try FileRewrite.encode((consume decoded).image, keepsAlpha: keepsAlpha, background: background)
            if let backup {
                // Written, flushed and read back before the original is touched; never over an existing file.
                outcome.backup = try bytes.map { bytes throws(FileError) in try Backup.write(bytes, at: backup) } ?? Backup.keep(file.path, at: backup)
            }
            try FileIO.writeAtomically(encoded, to: file.path, mode: FileIO.mode(of: file.path))
        } catch IconForgeError.decode(_, let error) {
            outcome.failure = "\(error)"
        } catch {
            outcome.failure = "\(error)"
        }
        return outcome
    }
}
