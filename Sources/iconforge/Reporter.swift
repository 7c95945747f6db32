import Foundation
import IconForgeKit

/// Prints progress and results: a progress bar on a terminal, plain lines otherwise, then a summary table.
final class Reporter: @unchecked Sendable {
    /// How much is printed: errors and warnings only, the usual, or every file even on a terminal.
    enum Verbosity { case quiet, normal, verbose }

    private let interactive: Bool
    private let verbosity: Verbosity
    private let lock = NSLock()
    private var reports: [GenerationReport] = []
    private var failures = 0
    /// Files done and expected over every source, for the one progress bar a terminal shows.
    private var filesDone: [Int: Int] = [:]
    private let filesExpected: Int

    init(interactive: Bool, verbosity: Verbosity, filesExpected: Int) {
        self.interactive = interactive && verbosity == .normal
        self.verbosity = verbosity
        self.filesExpected = filesExpected
    }

    /// Progress of source `index`: the bar counts every source's files together.
    func fileProgress(source index: Int) -> @Sendable (Int, Int) -> Void {
        { [self] done, _ in
            guard interactive else { return }
            lock.withLock {
                filesDone[index] = done
                let total = max(filesExpected, filesDone.values.reduce(0, +)), sum = filesDone.values.reduce(0, +)
                let width = 30, filled = width * sum / max(total, 1)
                FileHandle.standardOutput.write(Data("\r[\(String(repeating: "#", count: filled))\(String(repeating: " ", count: width - filled))] \(sum)/\(total) files".utf8))
            }
        }
    }

    func finished(_ report: GenerationReport) {
        lock.withLock {
            reports.append(report)
            // Unbuffered, as the bar is: the line is cleared before anything else is printed on it.
            if interactive { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
            if verbosity == .verbose || (!interactive && verbosity == .normal) {
                for file in report.files {
                    print("\((report.outputFolder as NSString).appendingPathComponent(file.path)) \(file.pixels?.description ?? "") \(file.bytes) bytes")
                }
            }
            for warning in report.warnings { Terminal.standardError("warning: \(warning)") }
            if verbosity != .quiet { for note in report.notes { print(note) } }
        }
    }

    /// A preview sheet written for a source's outputs.
    func previewed(_ report: PreviewReport) {
        lock.withLock {
            if interactive { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
            if verbosity != .quiet {
                print("preview: " + report.summaryLine)
                for note in report.notes { print(note) }
            }
        }
    }

    /// Sources that failed so far.
    var failureCount: Int { lock.withLock { failures } }

    func failed(_ message: String) {
        lock.withLock {
            failures += 1
            if interactive { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
            Terminal.standardError(message)
        }
    }

    /// The table after the run; `seconds` is the run's wall time (sources in parallel overlap).
    func summary(seconds: Double) {
        lock.withLock {
            guard verbosity != .quiet else { return }
            let files = reports.reduce(0) { $0 + $1.files.count }
            let bytes = reports.reduce(0) { $0 + $1.totalBytes }
            print("sources   outputs   bytes        time")
            print("\(reports.count)/\(reports.count + failures)".padding(toLength: 10, withPad: " ", startingAt: 0)
                  + "\(files)".padding(toLength: 10, withPad: " ", startingAt: 0)
                  + "\(bytes)".padding(toLength: 13, withPad: " ", startingAt: 0) + String(format: "%.3f s", seconds))
        }
    }
}
