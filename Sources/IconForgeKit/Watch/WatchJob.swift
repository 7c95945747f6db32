import Foundation

/// The work the daemon schedules: one master in the watched folder made into its output folder (or its validation
/// report), as `generate` and `validate` do. The daemon decides when; this decides what.
enum WatchJob {
    /// Generates (or validates) the master `name` of the watched folder into its output, under the options of the
    /// moment; `temporaries` holds the output folders of jobs in progress, for a forced stop to clean.
    static func run(_ name: String, options: WatchOptions, temporaries: Locked<Set<String>>) -> JobResult {
        let source = (options.input as NSString).appendingPathComponent(name)
        let base = (name as NSString).deletingPathExtension
        // A master dropped in as a link that leaves the folder watched is not read (the rule of every command).
        guard FolderScope(options.input).contains(source) else {
            return JobResult(succeeded: false, result: "failed", error: "\(FileError.leavesFolder(path: source, folder: options.input))")
        }
        // What this job works from: the stamp first, then the content, so a later change always differs.
        guard let stamp = FileStamp.of(source), let bytes = try? FileIO.read(source) else {
            return JobResult(succeeded: false, result: "failed", error: "\(source): the file vanished or cannot be read")
        }
        let processed = (hash: WatchState.hash(bytes), stamp: stamp)
        if options.validateOnly {
            do {
                let report = try Validator(presets: options.generate.presets, role: options.validationRole, limits: options.generate.limits)
                    .validate([source], parallelism: .serial)
                let target = (options.output as NSString).appendingPathComponent(base + ".validation.json")
                do { try OwnedFile.write(Array(report.rendered(as: .json).utf8), to: target, inputs: [source], anchoredOn: target) } catch {
                    var result = JobResult(succeeded: false, result: "failed", error: "\(error)")
                    result.retryable = true
                    return result
                }
                let summary = "\(report.errors) errors, \(report.warnings) warnings"
                return report.errors == 0 ? JobResult(succeeded: true, result: summary, processed: processed)
                    : JobResult(succeeded: false, result: summary, error: report.files.flatMap(\.findings).first { $0.severity == .error }?.line)
            } catch {
                return JobResult(succeeded: false, result: "failed", error: "\(error)")
            }
        }
        // Generated straight into OUT/name as `generate` does: each set is replaced atomically, keeping the
        // files and Contents.json entries IconForge does not own (a user's README or extra icon survives).
        // (A fresh folder swapped in whole deleted them.)
        let target = (options.output as NSString).appendingPathComponent(base)
        // OUT/name that is a link out of OUT is not written through.
        guard FolderScope(options.output).contains(target) else {
            return JobResult(succeeded: false, result: "failed", error: "\(FileError.leavesFolder(path: target, folder: options.output))")
        }
        temporaries.withLock { _ = $0.insert(target) }
        defer { temporaries.withLock { _ = $0.remove(target) } }
        do {
            let report = try Generator(options: options.generate).run(source: source, outputFolder: target, parallelism: .serial)
            return JobResult(succeeded: true, result: "\(report.files.count) files, \(report.totalBytes) bytes"
                             + (report.warnings.isEmpty ? "" : "; " + report.warnings.joined(separator: "; ")), processed: processed)
        } catch {
            var result = JobResult(succeeded: false, result: "failed", error: "\(error)")
            if case .file(.writeFailed) = error { result.retryable = true }
            return result
        }
    }
}
