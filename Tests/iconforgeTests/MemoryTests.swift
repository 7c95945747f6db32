import Foundation
import PNGCodec
import Raster
import TestSupport
import Testing

/// Memory follows the outputs, not the master: every command stays under 512 MiB peak on inputs the default limits
/// accept. Measured as the command's own peak resident size (Linux VmHWM, which it prints when ICONFORGE_PEAK_MEMORY is set), a test that fails when a full-size canvas comes
/// back (an 8192² master cost 3 GB for macos and 2.7 GB for web; a 160-byte 20000x1 PNG 12 GB for web).
@Suite("Memory: every command under 512 MiB")
struct MemoryTests {
    static let limitKB = 512 * 1024

    /// Runs iconforge; its exit status and peak resident size in KiB, as the command reports it (ICONFORGE_PEAK_MEMORY).
    static func peak(_ arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
        let result = try CommandRunner.run(arguments, environment: ["ICONFORGE_PEAK_MEMORY": "1"])
        let line = result.standardError.split(separator: "\n").last { $0.hasPrefix("iconforge: peak memory ") }
        let kilobytes = line.flatMap { Int($0.dropFirst("iconforge: peak memory ".count).prefix { $0.isNumber }) }
        #expect(kilobytes != nil, "no peak memory line: \(result.standardError)")
        return (result.status, kilobytes ?? Int.max)
    }

    /// A PNG of one flat colour, written by IconForge's encoder.
    static func flat(width: Int, height: Int, in folder: URL, name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try write(PNG.encode(Image(width: width, height: height, fill: SIMD4(32, 128, 192, 255))), to: path)
        return path
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test("a 20000x1 PNG into web (fit): no canvas of the master's long side squared", arguments: ["web", "ios,android,macos"])
    func wideMaster(presets: String) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let master = try Self.flat(width: 20_000, height: 1, in: folder, name: "wide.png")
        let run = try Self.peak(["generate", master, "--preset", presets, "--fit", "fit", "--allow-upscale", "-o", folder.appendingPathComponent("out").path])
        #expect(run.status == 0)
        #expect(run.kilobytes < Self.limitKB, "peak \(run.kilobytes / 1024) MiB")
    }

    @Test("an 8192² master (the largest the default limits accept) into every platform, and its preview")
    func largestMaster() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let master = try Self.flat(width: 8192, height: 8192, in: folder, name: "big.png")
        for arguments in [["generate", master, "--preset", "ios,macos,android,web", "-o", folder.appendingPathComponent("out").path],
                          ["preview", master, "-o", folder.appendingPathComponent("preview.png").path],
                          ["validate", master]] {
            let run = try Self.peak(arguments)
            #expect(run.status == 0, "\(arguments[0])")
            #expect(run.kilobytes < Self.limitKB, "\(arguments[0]): peak \(run.kilobytes / 1024) MiB")
        }
    }

    @Test("8192² translucent masters: three in one generate (decoded one at a time), launch images, resize up to 8192², convert, fix — each under the limit")
    func largestTranslucentWork() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Half-transparent: every opaque output flattens it, which once held a second full-size copy.
        let master = folder.appendingPathComponent("big.png").path
        try Self.write(PNG.encode(Image(width: 8192, height: 8192, fill: SIMD4(32, 128, 192, 128))), to: master)
        let copies = try (1...3).map { index in
            let path = folder.appendingPathComponent("big\(index).png").path
            try FileManager.default.copyItem(atPath: master, toPath: path)
            return path
        }
        let small = Fixtures.testImages.appendingPathComponent("glyph-master.png").path
        let runs: [[String]] = [["generate"] + copies + ["--preset", "ios-single", "-o", folder.appendingPathComponent("batch").path],
                                ["generate", master, "--preset", "launch-images", "-o", folder.appendingPathComponent("launch").path],
                                ["resize", small, "--size", "8192x8192", "-o", folder.appendingPathComponent("up.png").path],
                                ["convert", master, "-o", folder.appendingPathComponent("flat.png").path],
                                ["fix", copies[0], "--role", "app", "--no-backup"]]
        for arguments in runs {
            let run = try Self.peak(arguments)
            #expect(run.status == 0, "\(arguments[0])")
            #expect(run.kilobytes < Self.limitKB, "\(arguments[0]): peak \(run.kilobytes / 1024) MiB")
        }
    }
}
