import Foundation

/// Where the command's words go: results to standard output, failures and warnings to standard error.
enum Terminal {
    /// Prints one line (or block) to standard error.
    static func standardError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// True when standard output is a terminal (colour and progress bars only then).
    static var isInteractive: Bool { isatty(STDOUT_FILENO) != 0 }
}
