import Foundation
import IconForgeKit
import TestSupport
import Testing

@Suite("SettleTracker")
struct SettleTrackerTests {
    @Test("a file is ready once its stamp has not moved for the settle time")
    func settles() {
        var tracker = SettleTracker(settle: 0.3)
        var stamp = FileStamp(size: 10, modified: 1)
        tracker.touch("a.png", stamp: stamp, now: 0)
        #expect(tracker.ready(now: 0.2) { _ in stamp }.isEmpty)
        stamp = FileStamp(size: 20, modified: 2)  // still being written
        #expect(tracker.ready(now: 0.31) { _ in stamp }.isEmpty)
        #expect(tracker.nextDeadline == 0.31 + 0.3)
        #expect(tracker.ready(now: 0.5) { _ in stamp }.isEmpty)
        #expect(tracker.ready(now: 0.62) { _ in stamp } == ["a.png"])
        #expect(tracker.waiting == 0)
    }

    @Test("events that change nothing do not restart the clock; a vanished file is dropped")
    func repeatsAndVanishing() {
        var tracker = SettleTracker(settle: 1)
        let stamp = FileStamp(size: 1, modified: 1)
        tracker.touch("a.png", stamp: stamp, now: 0)
        tracker.touch("a.png", stamp: stamp, now: 0.9)
        #expect(tracker.ready(now: 1) { _ in stamp } == ["a.png"])
        tracker.touch("b.png", stamp: stamp, now: 0)
        #expect(tracker.ready(now: 2) { _ in nil }.isEmpty && tracker.waiting == 0)
    }
}

/// Changes handed to the daemon by the test, one batch per call.
private final class FakeSource: ChangeSource, @unchecked Sendable {
    private var batches: [ChangeBatch] = []
    private let lock = NSLock()
    func push(_ batch: ChangeBatch) { lock.withLock { batches.append(batch) } }
    func next(timeout: Double) -> ChangeBatch {
        Thread.sleep(forTimeInterval: min(timeout, 0.005))
        return lock.withLock { batches.isEmpty ? ChangeBatch() : batches.removeFirst() }
    }
}

/// A clock the test moves.
private final class FakeClock: @unchecked Sendable {
    private var time = 0.0
    private let lock = NSLock()
    var now: Double { lock.withLock { time } }
    func advance(_ seconds: Double) { lock.withLock { time += seconds } }
}

@Suite("WatchDaemon with a fake clock and source", .serialized)
struct WatchDaemonTests {
    private func setUp() throws -> (URL, URL, WatchOptions) {
        let root = try Fixtures.temporaryFolder()
        let (input, output) = (root.appendingPathComponent("in"), root.appendingPathComponent("out"))
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        var options = WatchOptions(input: input.path, output: output.path, generate: GenerateOptions(presets: []))
        options.settle = 0.3
        return (input, output, options)
    }

    @Test("changes wait for the settle time; an overflow rescans everything; a failure is not retried until the file changes")
    func settleRescanAndRetry() throws {
        let (input, output, options) = try setUp()
        let source = FakeSource(), clock = FakeClock()
        let processed = ResultLog()
        let daemon = WatchDaemon(options: options, source: source, log: WatchLog(format: .json, write: { _ in }),
                                 clock: { clock.now }, process: { name in
                                     processed.append(name)
                                     // Like the real job, a success leaves an output folder.
                                     try? FileManager.default.createDirectory(at: output.appendingPathComponent(String(name.dropLast(4))),
                                                                              withIntermediateDirectories: true)
                                     let stamp = FileStamp.of(input.appendingPathComponent(name).path)!
                                     return JobResult(succeeded: name != "bad.png", result: "ok", error: name == "bad.png" ? "broken" : nil,
                                                      processed: ("\(stamp.size)", stamp))
                                 })
        let stop = StopFlag()
        let thread = Thread { try? daemon.run(stopRequests: { stop.value }) }
        thread.start()
        try Data([1]).write(to: input.appendingPathComponent("a.png"))
        source.push(ChangeBatch(changed: ["a.png"]))
        Thread.sleep(forTimeInterval: 0.1)
        #expect(processed.names.isEmpty)                    // not settled: the clock has not moved
        clock.advance(0.5)
        #expect(waitFor { processed.names == ["a.png"] })
        // Files that appeared while events were lost are found by the rescan.
        try Data([2]).write(to: input.appendingPathComponent("b.png"))
        try Data([3]).write(to: input.appendingPathComponent("bad.png"))
        source.push(ChangeBatch(rescan: true))
        Thread.sleep(forTimeInterval: 0.05)
        clock.advance(0.5)
        #expect(waitFor { processed.names.sorted() == ["a.png", "b.png", "bad.png"] })
        // The same broken file, seen again unchanged, is not retried; changed, it is.
        source.push(ChangeBatch(changed: ["bad.png"]))
        clock.advance(0.5)
        Thread.sleep(forTimeInterval: 0.1)
        #expect(processed.names.filter { $0 == "bad.png" }.count == 1)
        try Data([3, 4]).write(to: input.appendingPathComponent("bad.png"))
        source.push(ChangeBatch(changed: ["bad.png"]))
        Thread.sleep(forTimeInterval: 0.05)
        clock.advance(0.5)
        #expect(waitFor { processed.names.filter { $0 == "bad.png" }.count == 2 })
        stop.set()
        #expect(waitFor { thread.isFinished })
    }

    @Test("runOnce processes each source that needs it, once")
    func once() throws {
        let (input, _, options) = try setUp()
        for name in ["x.png", "y.png", ".hidden.png", "notes.txt"] { try Data([1]).write(to: input.appendingPathComponent(name)) }
        let processed = ResultLog()
        let daemon = WatchDaemon(options: options, source: FakeSource(), log: WatchLog(format: .text, write: { _ in }),
                                 process: { name in processed.append(name); return JobResult(succeeded: true, result: "ok") })
        let totals = daemon.runOnce()
        #expect(totals.jobs == 2 && totals.failed == 0 && processed.names.sorted() == ["x.png", "y.png"])
    }
}

private func waitFor(_ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline { if condition() { return true }; Thread.sleep(forTimeInterval: 0.01) }
    return condition()
}

private final class ResultLog: @unchecked Sendable {
    private var items: [String] = []
    private let lock = NSLock()
    func append(_ name: String) { lock.withLock { items.append(name) } }
    var names: [String] { lock.withLock { items } }
}

private final class StopFlag: @unchecked Sendable {
    private var flag = 0
    private let lock = NSLock()
    func set() { lock.withLock { flag = 1 } }
    var value: Int { lock.withLock { flag } }
}
