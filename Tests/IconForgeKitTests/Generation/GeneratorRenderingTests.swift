import Foundation
import IconForgeKit
import Raster
import Testing
import TestSupport

@Suite("Generator: rendering a run's files on every core")
struct GeneratorRenderingTests {
    @Test("an output that is most of the run's pixels (the 1024 px icon of a 2048 px SVG drawing) resizes on threads of its own: the same bytes as on one core")
    func heavyOutput() throws {
        let source = Fixtures.testImages.appendingPathComponent("sources/icon.svg").path
        let generator = Generator(options: GenerateOptions(presets: try PresetCatalog.presets("ios")))
        var files: [[String: [UInt8]]] = []
        for parallelism in [Parallelism.serial, .allCores] {
            let folder = try Fixtures.temporaryFolder().appendingPathComponent("Icons")
            _ = try generator.run(source: source, outputFolder: folder.path, parallelism: parallelism)
            files.append(try Fixtures.snapshot(folder))
        }
        #expect(files[0].count > 10 && files[0].keys.contains { $0.hasSuffix("1024.png") })
        #expect(files[0] == files[1])
    }

    @Test("threads of its own run every piece once and return when all have run", arguments: [1, 2, 5])
    func ownThreads(count: Int) {
        let runs = Tally(count: count)
        Parallelism.ownThreads(width: 3).forEach(count) { index in
            Thread.sleep(forTimeInterval: 0.002)
            runs.add(index)
        }
        #expect(runs.counts == [Int](repeating: 1, count: count))
        let started = Tally(count: 1)
        let wait = Parallelism.started {
            Thread.sleep(forTimeInterval: 0.01)
            started.add(0)
        }
        wait()
        #expect(started.counts == [1], "the wait returns once the thread's work has ended")
    }

    /// Counts per index, from any thread.
    private final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int]
        init(count: Int) { values = [Int](repeating: 0, count: count) }
        func add(_ index: Int) { lock.withLock { values[index] += 1 } }
        var counts: [Int] { lock.withLock { values } }
    }
}
