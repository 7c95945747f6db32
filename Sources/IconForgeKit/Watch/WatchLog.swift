import Foundation

/// One line per event — time, file, action, duration, result, error — as text (coloured only on a
/// terminal) or as JSON lines.
public final class WatchLog: @unchecked Sendable {
    /// How lines are written.
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    private let format: Format
    private let colour: Bool
    private let quiet: Bool
    private let write: @Sendable (String) -> Void
    private let lock = NSLock()
    private let clock: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    /// A log in `format`; lines go to `write` (standard output by default). A `quiet` log keeps failures and
    /// summaries only.
    public init(format: Format, colour: Bool = false, quiet: Bool = false, write: @escaping @Sendable (String) -> Void = WatchLog.standardOutput) {
        self.format = format
        self.colour = colour
        self.quiet = quiet
        self.write = write
    }

    /// Writes a line to standard output (the default destination).
    public static let standardOutput: @Sendable (String) -> Void = { line in
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Logs one event.
    package func event(file: String?, action: String, duration: Double? = nil, result: String, error: String? = nil) {
        if quiet, error == nil, !["summary", "stop"].contains(action) { return }
        let time = lock.withLock { clock.string(from: Date()) }
        let line: String
        switch format {
        case .json:
            var object: [String: Any] = ["time": time, "action": action, "result": result]
            object["file"] = file ?? NSNull()
            object["duration"] = duration.map { ($0 * 1000).rounded() / 1000 } ?? NSNull()
            object["error"] = error ?? NSNull()
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
            line = String(decoding: data, as: UTF8.self)
        case .text:
            var parts = [time, file ?? "-", action]
            if let duration { parts.append(String(format: "%.3fs", duration)) }
            let failed = error != nil
            parts.append(colour ? "\u{1B}[\(failed ? "31" : "32")m\(result)\u{1B}[0m" : result)
            if let error { parts.append(error) }
            line = parts.joined(separator: " ")
        }
        lock.withLock { write(line) }
    }
}
