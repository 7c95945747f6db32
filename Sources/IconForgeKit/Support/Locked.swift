import Foundation

/// A value shared between threads (parallel workers, the watch daemon's loop and its jobs), read and
/// changed only under its lock.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private var stored: Value
    private let lock = NSLock()

    init(_ value: Value) { stored = value }

    /// The current value.
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Changes the value in place and returns what `body` returns, atomically.
    @discardableResult
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&stored) }
    }
}
