import Foundation
import IconForgeKit
import TestSupport
import Testing

/// Log lines, collected.
private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

@Suite("ProjectWatcher (watch --config iconforge.yml)")
struct ProjectWatcherTests {
    @Test("input stamps: a file's change, a folder's new file and a missing input appearing all differ; nothing changed compares equal")
    func stamps() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("icon.png"), bundle = folder.appendingPathComponent("App.icon/Assets")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data("a".utf8).write(to: file)
        let missing = folder.appendingPathComponent("dark.png").path
        let inputs = [file.path, folder.appendingPathComponent("App.icon").path, missing]
        let first = InputStamps.of(inputs)
        #expect(InputStamps.of(inputs) == first)
        try Data("bb".utf8).write(to: file)
        let second = InputStamps.of(inputs)
        #expect(second != first)
        try Data("x".utf8).write(to: bundle.appendingPathComponent("layer.png"))
        let third = InputStamps.of(inputs)
        #expect(third != second)
        try Data("d".utf8).write(to: URL(fileURLWithPath: missing))
        #expect(InputStamps.of(inputs) != third)
    }

    @Test("runs every job, reruns a job once its input has settled after a change, reloads an edited file and keeps the jobs when the edit does not read")
    func follows() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("iconforge.yml")
        try Data("jobs:\n  - master: a.png\n    presets: ios\n    out: a\n  - master: b.png\n    presets: ios\n    out: b\n".utf8).write(to: config)
        for name in ["a.png", "b.png"] { try Data(name.utf8).write(to: folder.appendingPathComponent(name)) }
        let lines = Lines(), ran = Lines()
        let watcher = try ProjectWatcher(configPath: config.path, settle: 0.1, interval: 0.05, log: WatchLog(format: .text, write: { lines.append($0) })) { job in
            ran.append((job.masterPath as NSString).lastPathComponent)
            return job.masterPath.hasSuffix("b.png") ? "b fails" : nil
        }
        let stop = Lines()
        let thread = Thread {
            _ = watcher.run(stopRequests: { stop.all.count }, reloadRequests: { 0 })
        }
        thread.start()
        func wait(_ condition: () -> Bool) -> Bool {
            for _ in 0..<200 where !condition() { Thread.sleep(forTimeInterval: 0.02) }
            return condition()
        }
        #expect(wait { ran.all == ["a.png", "b.png"] })
        Thread.sleep(forTimeInterval: 0.05)
        try Data("changed".utf8).write(to: folder.appendingPathComponent("a.png"))
        #expect(wait { ran.all.count == 3 })
        #expect(ran.all.last == "a.png")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(ran.all.count == 3, "a settled change runs once")
        try Data("jobs:\n  - master: b.png\n    presets: ios\n    out: b\n".utf8).write(to: config)
        #expect(wait { ran.all.count == 4 && lines.all.contains { $0.contains("reload 1 job") } })
        try Data("jobs:\n\t- master: b.png\n".utf8).write(to: config)
        #expect(wait { lines.all.contains { $0.contains("reload kept the previous jobs") && $0.contains("iconforge.yml:2:1: tab character") } })
        stop.append("stop")
        #expect(wait { lines.all.contains { $0.contains(" stop ") } })
        #expect(lines.all.contains { $0.contains("iconforge.yml:5 generate (start)") && $0.contains("failed b fails") })
    }
}
