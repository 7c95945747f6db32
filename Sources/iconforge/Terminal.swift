import ArgumentParser
import Foundation

/// Where the command's words go: results to standard output, failures and warnings to standard error.
enum Terminal {
    /// Prints one line (or block) to standard error, after what standard output holds: `print` buffers when standard
    /// output is not a terminal, and with both sent to one pipe (CI logs) a warning landed in the middle of a line.
    static func standardError(_ text: String) {
        fflush(nil) // every C stream: standard output is the one that buffers
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// True when standard output is a terminal (colour and progress bars only then).
    static var isInteractive: Bool { isatty(STDOUT_FILENO) != 0 }

    /// Runs `body`; if it throws, prints the error as one line on standard error and exits with `status`.
    static func orExit<Value>(_ status: Int32 = 1, _ body: () throws -> Value) throws -> Value {
        do { return try body() } catch {
            standardError("\(error)")
            throw ExitCode(status)
        }
    }

    /// Prints `message` on standard error; throw the result to exit with `status`.
    static func failure(_ message: String, status: Int32 = 1) -> ExitCode {
        standardError(message)
        return ExitCode(status)
    }
}
