import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `ICONFORGE_PEAK_MEMORY=1 iconforge …` prints the process's peak resident memory to standard error when it exits:
/// how the tests and benchmarks hold every command under its memory target. Read from the process's own memory map
/// (Linux `VmHWM`), not from the parent's `wait4`, which on Linux counts the parent's own size when it used vfork.
enum PeakMemory {
    static func installIfAsked() {
        guard ProcessInfo.processInfo.environment["ICONFORGE_PEAK_MEMORY"] != nil else { return }
        atexit { PeakMemory.report() }
    }

    static func report() {
        guard let kilobytes = peakKilobytes() else { return }
        FileHandle.standardError.write(Data("iconforge: peak memory \(kilobytes) KiB\n".utf8))
    }

    static func peakKilobytes() -> Int? {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        #else
        var usage = rusage()
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
        return Int(usage.ru_maxrss) / 1024 // bytes on Darwin
        #endif
    }
}
