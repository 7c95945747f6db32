import ArgumentParser
import Foundation
import IconForgeKit

/// Prints a `generate` run's events: a progress bar on a terminal, plain lines otherwise, then a summary table.
final class Reporter: GenerateReporter, @unchecked Sendable {
    /// How much is printed: errors and warnings only, the usual, or every file even on a terminal.
    enum Verbosity { case quiet, normal, verbose }

    private let interactive: Bool
    private let verbosity: Verbosity
    private let lock = NSLock()
    /// Files done and expected over every master of a destination, for the one progress bar a terminal shows.
    private var filesDone: [Int: Int] = [:]
    private var filesExpected = 0

    init(interactive: Bool, verbosity: Verbosity) {
        self.interactive = interactive && verbosity == .normal
        self.verbosity = verbosity
    }

    var showsProgress: Bool { interactive }

    func report(_ event: GenerateEvent) {
        lock.withLock {
            switch event {
            case .job(let job, let file): if verbosity != .quiet { print("\(file.givenPath):\(job.line): \(job.masterPath) → \(job.outPath) (\(job.presets))") }
            case .warning(let text): Terminal.standardError("warning: " + text)
            case .skipped(let text): Terminal.standardError(text)
            case .destination(let presets, let out): if verbosity != .quiet { print("\(presets.joined(separator: ",")) → \(out.givenPath)") }
            // The plan's own folder: the text given, even "" (which no URL says).
            case .planned(let plan, let source, _): printPlan(plan, source: source.givenPath, folder: plan.folder)
            case .started(let expected): (filesDone, filesExpected) = ([:], expected)
            case .progress(let source, let done, _): progress(source: source, done: done)
            case .finished(let report): finished(report)
            case .previewed(let report):
                clearLine()
                if verbosity != .quiet {
                    print("preview: " + report.summaryLine)
                    for note in report.notes { print(note) }
                }
            case .failed(let message):
                clearLine()
                Terminal.standardError(message)
            case .note(let text): if verbosity != .quiet { print(text) }
            case .alternateIcons(let snippet): if verbosity != .quiet { print(snippet, terminator: "") }
            case .summary(let summary): if verbosity != .quiet { printSummary(summary) }
            case .jobFailed(let job, let file): Terminal.standardError("\(file.givenPath):\(job.line): this job failed")
            case .jobsFailed(let failed, let total): Terminal.standardError("\(failed) of \(total) jobs failed")
            }
        }
    }

    /// The bar counts every master's files together.
    private func progress(source index: Int, done: Int) {
        guard interactive else { return }
        filesDone[index] = done
        let sum = filesDone.values.reduce(0, +), total = max(filesExpected, sum)
        let width = 30, filled = width * sum / max(total, 1)
        FileHandle.standardOutput.write(Data("\r[\(String(repeating: "#", count: filled))\(String(repeating: " ", count: width - filled))] \(sum)/\(total) files".utf8))
    }

    /// Unbuffered, as the bar is: the line is cleared before anything else is printed on it.
    private func clearLine() {
        if interactive { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
    }

    private func finished(_ report: GenerationReport) {
        clearLine()
        if verbosity == .verbose || (!interactive && verbosity == .normal) {
            for file in report.files {
                print("\(GeneratedFile.shown(file.path, in: report.outputFolderPath)) \(file.pixels?.description ?? "") \(file.bytes) bytes")
            }
        }
        for warning in report.warnings { Terminal.standardError("warning: \(warning)") }
        if verbosity != .quiet { for note in report.notes { print(note) } }
    }

    private func printPlan(_ plan: GenerationPlan, source: String, folder: String) {
        print("\(source) → \(folder) (dry run: nothing written)")
        for file in plan.files {
            print("  " + (file.pixels?.description ?? "").padding(toLength: 11, withPad: " ", startingAt: 0) + GeneratedFile.shown(file.path, in: folder))
        }
        for move in plan.movePaths {
            print("  move to .iconforge-backup/: " + (folder as NSString).appendingPathComponent(move))
        }
    }

    /// The table after a destination's runs (masters in parallel overlap in its time).
    private func printSummary(_ summary: GenerateSummary) {
        print("sources   outputs   bytes        time")
        print("\(summary.succeeded)/\(summary.succeeded + summary.failed)".padding(toLength: 10, withPad: " ", startingAt: 0)
              + "\(summary.files)".padding(toLength: 10, withPad: " ", startingAt: 0)
              + "\(summary.bytes)".padding(toLength: 13, withPad: " ", startingAt: 0) + String(format: "%.3f s", summary.seconds))
    }
}

extension GenerateFailure {
    /// The command's exit status: 2 for a request that cannot be carried out as given, 1 for a failure.
    var exitCode: ExitCode { ExitCode(self == .unusable ? 2 : 1) }
}
