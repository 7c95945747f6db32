import Foundation
import IconForgeKit
import Raster
import TestSupport
import Testing

@Suite("WatchConfig: the options watch reloads")
struct WatchConfigTests {
    private func file(_ text: String) throws -> String {
        let path = try Fixtures.temporaryFolder().appendingPathComponent("watch.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("preset and background read; either may be left out")
    func reads() throws {
        let config = try WatchConfig.read(try file(##"{"preset": "ios,web", "background": "#102030"}"##))
        #expect(config == WatchConfig(preset: "ios,web", background: RGBColor(red: 0x10, green: 0x20, blue: 0x30)))
        #expect(try WatchConfig.read(try file("{}")) == WatchConfig())
    }

    @Test("a missing file, a JSON value that is not an object and a background that is not a colour are each said")
    func problems() throws {
        #expect { try WatchConfig.read("/nonexistent/watch.json") } throws: { error in
            if case .unreadable? = error as? WatchConfig.Problem { true } else { false }
        }
        #expect(throws: WatchConfig.Problem.notAnObject) { try WatchConfig.read(try file("[1, 2]")) }
        #expect(throws: WatchConfig.Problem.background("blue")) { try WatchConfig.read(try file(#"{"background": "blue"}"#)) }
    }
}
