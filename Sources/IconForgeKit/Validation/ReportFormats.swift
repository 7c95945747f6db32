import Foundation

/// The four ways `iconforge validate` prints a report.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// Grouped by file, for people; colour only when asked (on a terminal).
    case text
    /// The documented, stable JSON schema (see README): one object per file with its findings.
    case json
    /// JUnit XML: one test case per file, a failure per error, warnings as system-out.
    case junit
    /// GitHub Actions workflow commands: `::error file=…::` and `::warning file=…::`.
    case github
}

extension ValidationReport {
    /// How much the text format says.
    public enum Detail: Sendable {
        /// The findings alone: no notes, no summary line.
        case findings
        /// Findings, notes and the summary line.
        case normal
        /// Also every clean file, with its role.
        case everyFile
    }

    /// The report in a format; `colour` adds ANSI colours to text, `detail` sets how much text says.
    public func rendered(as format: ReportFormat, colour: Bool = false, detail: Detail = .normal) -> String {
        switch format {
        case .text: text(colour: colour, detail: detail)
        case .json: json
        case .junit: junit
        case .github: github
        }
    }

    private func text(colour: Bool, detail: Detail) -> String {
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var lines: [String] = []
        for file in files where !file.findings.isEmpty || detail == .everyFile {
            guard !file.findings.isEmpty else {
                lines.append("\(file.path) " + paint("ok", "32") + " (\(file.role))")
                continue
            }
            lines.append(paint(file.path, "1"))
            for finding in file.findings {
                let tag = finding.severity == .error ? paint("error", "31") : paint("warning", "33")
                lines.append("  \(tag) [\(finding.rule.rawValue)] \(finding.line)")
            }
        }
        guard detail != .findings else { return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }
        lines += notes
        let clean = files.filter { $0.findings.isEmpty }.count
        lines.append("\(files.count) file\(files.count == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), "
                     + "\(warnings) warning\(warnings == 1 ? "" : "s"), \(clean) clean")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Schema (version 2): {"version": 2, "summary": {"files", "errors", "warnings"}, "notes": [String],
    /// "files": [{"path", "role", "findings": [{"rule", "severity", "message", "fix", "reference"}]}]};
    /// every key always present. (Version 1 had no "notes" and no "reference".)
    private var json: String {
        let object: [String: Any] = [
            "version": 2,
            "summary": ["files": files.count, "errors": errors, "warnings": warnings],
            "notes": notes,
            "files": files.map { file -> [String: Any] in
                ["path": file.path, "role": file.role.rawValue,
                 "findings": file.findings.map { ["rule": $0.rule.rawValue, "severity": $0.severity.rawValue, "message": $0.message,
                                                  "fix": $0.fix, "reference": $0.reference] }]
            },
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private var junit: String {
        let escape = XMLText.escaped
        let failing = files.filter { $0.count(.error) > 0 }.count
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                   "<testsuites name=\"iconforge validate\" tests=\"\(files.count)\" failures=\"\(failing)\" errors=\"0\">",
                   "  <testsuite name=\"iconforge validate\" tests=\"\(files.count)\" failures=\"\(failing)\" errors=\"0\" skipped=\"0\">"]
        for file in files {
            let folder = file.path.parentFolder
            let name = (file.path as NSString).lastPathComponent
            xml.append("    <testcase classname=\"\(escape(folder.isEmpty ? "." : folder))\" name=\"\(escape(name))\" file=\"\(escape(file.path))\">")
            for finding in file.findings where finding.severity == .error {
                xml.append("      <failure type=\"\(finding.rule.rawValue)\" message=\"\(escape(finding.message))\">\(escape(finding.line))</failure>")
            }
            let warnings = file.findings.filter { $0.severity == .warning }
            if !warnings.isEmpty {
                xml.append("      <system-out>\(escape(warnings.map { "warning [\($0.rule.rawValue)] \($0.line)" }.joined(separator: "\n")))</system-out>")
            }
            xml.append("    </testcase>")
        }
        xml += ["  </testsuite>", "</testsuites>"]
        return xml.joined(separator: "\n") + "\n"
    }

    private var github: String {
        func escapeData(_ text: String) -> String {
            text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
        }
        func escapeProperty(_ text: String) -> String {
            escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        var lines: [String] = []
        for file in files {
            for finding in file.findings {
                lines.append("::\(finding.severity.rawValue) file=\(escapeProperty(file.path)),title=\(escapeProperty("iconforge " + finding.rule.rawValue))::\(escapeData(finding.line))")
            }
        }
        lines += notes.map { "::notice::\(escapeData($0))" }
        lines.append("iconforge validate: \(files.count) file\(files.count == 1 ? "" : "s"), \(errors) error\(errors == 1 ? "" : "s"), "
                     + "\(warnings) warning\(warnings == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }
}
