/// How Raster spreads independent pieces of work over threads. Raster itself starts no threads (it needs
/// only the standard library); the caller supplies a loop that runs `body(i)` for every `i` in
/// `0..<count`, in any order and on any threads, and returns when all are done.
public struct Parallelism: Sendable {
    /// Runs `body` for each index in `0..<count`, possibly concurrently, and returns when all have run.
    public let forEach: @Sendable (_ count: Int, _ body: @Sendable (Int) -> Void) -> Void
    /// How many workers `forEach` will use at most (work is cut into a few pieces per worker).
    public let width: Int

    /// A strategy from a parallel loop (for example `DispatchQueue.concurrentPerform`) and its width.
    public init(width: Int, forEach: @escaping @Sendable (_ count: Int, _ body: @Sendable (Int) -> Void) -> Void) {
        self.width = max(1, width)
        self.forEach = forEach
    }

    /// Everything on the calling thread.
    public static let serial = Parallelism(width: 1) { count, body in
        for index in 0..<count { body(index) }
    }

    /// Splits `0..<total` into contiguous chunks (`perWorker` per worker, none smaller than `minimum`) and runs them.
    func chunks(_ total: Int, minimum: Int = 1, perWorker: Int = 4, _ body: @Sendable (Range<Int>) -> Void) {
        guard total > 0 else { return }
        let pieces = max(1, min(width * perWorker, total / max(minimum, 1)))
        if pieces == 1 { return body(0..<total) }
        forEach(pieces) { piece in
            let lower = total * piece / pieces, upper = total * (piece + 1) / pieces
            if lower < upper { body(lower..<upper) }
        }
    }
}

/// A pointer handed to parallel workers that each write a disjoint part of the memory it points to.
struct SharedPointer<Pointee>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Pointee>
}
