import Foundation
import IconForgeKit
import PNGCodec
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

    @Test("a logo drawn all in the background's colour (Kiwix's white logo on transparency, on the default white) is warned of: the opaque icons would be blank; a red logo, or a white one given a dark --background, is not")
    func logoInTheBackgroundsColour() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func logo(_ colour: SIMD4<UInt16>, _ name: String) throws -> String {
            var image = Image(width: 512, height: 512, format: .rgba8, fill: SIMD4(0, 0, 0, 0))
            for y in 128..<384 { for x in 128..<384 { image.setPixel(x: x, y: y, colour) } }
            let path = folder.appendingPathComponent(name).path
            try FileIO.writeAtomically(try PNG.encode(image), to: path)
            return path
        }
        let white = try logo(SIMD4(255, 255, 255, 255), "white.png"), red = try logo(SIMD4(220, 20, 20, 255), "red.png")
        func warnings(_ master: String, background: RGBColor? = nil) throws -> [String] {
            var options = GenerateOptions(presets: try PresetCatalog.presets("web"))
            if let background { options.background = background }
            options.allowUpscale = true
            let out = folder.appendingPathComponent(UUID().uuidString)
            return try Generator(options: options).run(source: master, outputFolder: out.path).warnings
        }
        #expect(try warnings(white).contains { $0.hasSuffix("what it draws is all about the colour of the background it is composited over (#FFFFFF), so the opaque icons show next to nothing; give --background a colour it stands out on") })
        #expect(try !warnings(red).contains { $0.contains("what it draws") })
        #expect(try !warnings(white, background: RGBColor(hex: "#102030")!).contains { $0.contains("what it draws") })
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
