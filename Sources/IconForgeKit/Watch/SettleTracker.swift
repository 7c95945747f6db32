/// Decides when a changed file has stopped changing: its stamp must stay the same for `settle` seconds.
/// A file copied in slowly, in chunks, keeps moving its deadline and is handed over once, complete.
package struct SettleTracker: Sendable {
    /// Seconds a file must stay unchanged.
    package var settle: Double
    private var pending: [String: (stamp: FileStamp?, since: Double)] = [:]

    package init(settle: Double) { self.settle = settle }

    /// Notes that `name` changed (or may have) at `now`, with the stamp it has now.
    package mutating func touch(_ name: String, stamp: FileStamp?, now: Double) {
        if let current = pending[name], current.stamp == stamp, stamp != nil { return } // nothing new: keep the clock
        pending[name] = (stamp, now)
    }

    /// Forgets `name` (deleted).
    package mutating func remove(_ name: String) { pending[name] = nil }

    /// Files waiting to settle.
    package var waiting: Int { pending.count }

    /// The earliest moment a pending file could be ready, if any.
    package var nextDeadline: Double? { pending.values.map { $0.since + settle }.min() }

    /// The files that have not changed for `settle` seconds, given their stamps now; removes them.
    /// A file whose stamp moved since the last look starts its settle time again; one that vanished is dropped.
    package mutating func ready(now: Double, stamp: (String) -> FileStamp?) -> [String] {
        var result: [String] = []
        for (name, entry) in pending where now - entry.since >= settle {
            let current = stamp(name)
            if current == nil {
                pending[name] = nil
            } else if current != entry.stamp {
                pending[name] = (current, now)
            } else {
                pending[name] = nil
                result.append(name)
            }
        }
        return result.sorted()
    }
}
