import Foundation

/// A finished job, handed from a worker to the control loop.
struct Completion: Sendable {
    var name: String
    var result: JobResult
    var started: Double
    var stamp: FileStamp?
}

/// Finished jobs waiting for the control loop, with a way to sleep until one arrives.
final class Completions: @unchecked Sendable {
    private var items: [Completion] = []
    private let condition = NSCondition()

    func add(_ completion: Completion) {
        condition.lock()
        items.append(completion)
        condition.signal()
        condition.unlock()
    }

    func wait(timeout: Double) {
        condition.lock()
        if items.isEmpty { _ = condition.wait(until: Date(timeIntervalSinceNow: timeout)) }
        condition.unlock()
    }

    func takeAll() -> [Completion] {
        condition.lock()
        defer { condition.unlock() }
        let taken = items
        items.removeAll()
        return taken
    }
}
