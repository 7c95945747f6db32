import Foundation

/// The `iconforge` binary running in the background (the watch daemon), with its output collected line
/// by line, so tests can wait for what it says instead of sleeping.
public final class BackgroundProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var output = ""

    /// Starts `iconforge` with `arguments`.
    public init(_ arguments: [String]) throws {
        guard let executable = CommandRunner.executable else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard !data.isEmpty else { return }
            self?.lock.withLock { self?.output += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    /// Everything it has printed so far.
    public var text: String { lock.withLock { output } }

    /// Its output as lines.
    public var lines: [String] { text.split(separator: "\n").map(String.init) }

    /// Waits up to `timeout` seconds for `condition`; true when it became true.
    @discardableResult
    public func wait(timeout: Double = 20, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }

    /// Sends a signal.
    public func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for it to exit; its status, or nil if it is still running after `timeout`.
    public func exitStatus(timeout: Double = 20) -> Int32? {
        wait(timeout: timeout) { !process.isRunning }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit { if process.isRunning { process.terminate() } }
}
