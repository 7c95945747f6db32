import Foundation
import IconForgeKit
import PNGCodec

// What the targets that write a folder per input share: their scratch folder, small decoder limits, a tiny PNG
// and SVG to stand beside the fuzzed file, and the split of one input into two files.
public enum FuzzSupport {
    /// `FUZZ_SCRATCH` (or the temporary folder)/iconforge-fuzz-PID/NAME, created; one per process and target, and
    /// every input reuses the same file names in it, so nothing grows while a target runs.
    public static func folder(_ name: String) -> String {
        let base = ProcessInfo.processInfo.environment["FUZZ_SCRATCH"] ?? NSTemporaryDirectory()
        let path = base + "/iconforge-fuzz-\(getpid())/" + name
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Decoder limits no input can make expensive: 1024 px a side, a million pixels, 16 MiB decoded, 1 MiB a chunk.
    public static let limits: PNGLimits = {
        var limits = PNGLimits(maxWidth: 1024, maxHeight: 1024, maxPixels: 1 << 20, maxCachedChunks: 64, maxChunkBytes: 1 << 20)
        limits.maxDecodedBytes = 16 << 20
        return limits
    }()

    /// A valid 1x1 RGB PNG.
    public static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0,
                                      0x90, 0x77, 0x53, 0xDE, 0, 0, 0, 12, 0x49, 0x44, 0x41, 0x54, 0x08, 0xD7, 0x63, 0xF8, 0xCF, 0xC0, 0, 0, 0x03, 0x01, 0x01, 0,
                                      0x18, 0xDD, 0x8D, 0xB0, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// A 64 pt square SVG.
    public static let svg = Array(##"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#3366cc"/></svg>"##.utf8)

    /// Writes `bytes` at `path` (in place, not atomically: the same file is rewritten every input).
    public static func write(_ bytes: [UInt8], to path: String) {
        guard let file = fopen(path, "wb") else { fatalError("harness: cannot write \(path)") }
        if !bytes.isEmpty { _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) } }
        fclose(file)
    }

    /// A dry run of `generate` of `presets` into `folder` from a 1x1 master: the plan only (no master is decoded,
    /// nothing is written), which reads what the folder already holds — a set's Contents.json, a web manifest and
    /// page — as a real run does before it writes.
    public static func plan(presets: String, into folder: String) {
        var settings = GenerateSettings()
        settings.dryRun = true
        settings.options.limits = limits
        try? settings.generate(sources: [master], presets: presets, out: URL(fileURLWithPath: folder), environment: [:], reporter: Quiet())
    }

    /// The master of `plan`, written once.
    private static let master: URL = {
        let path = folder("master") + "/icon.png"
        write(png, to: path)
        return URL(fileURLWithPath: path)
    }()

    /// Drops every event.
    private struct Quiet: GenerateReporter {
        func report(_ event: GenerateEvent) {}
    }

    /// The input split at its first 0x00 byte into two files' contents; an input without one is both.
    public static func split(_ data: UnsafePointer<UInt8>, _ size: Int) -> (first: [UInt8], second: [UInt8]) {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        guard let zero = bytes.firstIndex(of: 0) else { return (bytes, bytes) }
        return (Array(bytes[..<zero]), Array(bytes[(zero + 1)...]))
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                       _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

extension FuzzSupport {
    /// A target's entry point (SwiftPM links an executable's as `<target>_main`) handed over to libFuzzer's driver,
    /// which calls `fuzz` with each input.
    public static func run(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                           _ fuzz: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32 {
        var count = argc, arguments = argv
        return runDriver(&count, &arguments, fuzz)
    }
}
