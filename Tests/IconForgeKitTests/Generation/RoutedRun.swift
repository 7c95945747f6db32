import Foundation
import IconForgeKit
import TestSupport

extension Fixtures {
    /// `bytes` written at `path` inside `root`, its folders made.
    static func write(_ bytes: [UInt8], _ path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// `generate MASTER --preset PRESETS --out ROOT` as the command runs it: each destination the project's layout
    /// routes the presets to, run on one thread.
    @discardableResult
    static func generateRouted(_ presets: String, into root: URL,
                               master: String = testImages.appendingPathComponent("app-icon-master.png").path) throws -> [GenerationReport] {
        let request = try GenerateRequest(sources: [master], presets: presets, out: root.path, options: GenerateOptions(presets: []))
        return try request.destinations().map { destination in
            try Generator(options: destination.options).run(source: master, outputFolder: destination.out, parallelism: .serial)
        }
    }
}
