import Foundation

/// The findings for one file (or one set's Contents.json).
public struct FileReport: Sendable, Equatable {
    /// The file's path.
    package var path: String
    /// The file (or set) the findings are about.
    public var url: URL { URL(fileURLWithPath: path) }
    /// The role its rules came from.
    public var role: Role
    /// Everything found, errors first.
    public var findings: [Finding]

    /// A report of `findings` for the file at `path`, checked in `role`.
    package init(path: String, role: Role, findings: [Finding]) {
        self.path = path
        self.role = role
        self.findings = findings
    }

    /// Number of findings of a severity.
    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }
}

/// What `iconforge validate` found, file by file, in path order.
public struct ValidationReport: Sendable, Equatable {
    /// Every file checked, with or without findings.
    public var files: [FileReport]
    /// Lines about what was found but has no rules, e.g. "Colors.xcassets: nothing to check: 3 colour sets".
    public var notes: [String] = []

    /// A report of `files`, with `notes`.
    public init(files: [FileReport], notes: [String] = []) {
        self.files = files
        self.notes = notes
    }

    /// Errors in all files.
    public var errors: Int { files.reduce(0) { $0 + $1.count(.error) } }
    /// Warnings in all files.
    public var warnings: Int { files.reduce(0) { $0 + $1.count(.warning) } }

    /// True when a run that fails on `threshold` (`--fail-on`) should exit 1.
    public func fails(on threshold: Severity) -> Bool { errors > 0 || (threshold == .warning && warnings > 0) }
}

/// A path `validate` or `fix` cannot work on at all (exit status 2).
public enum ValidationInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing exists at this path.
    case notFound(String)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file or folder"
        }
    }
}
