import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `ICONFORGE_PEAK_MEMORY=1 iconforge …` prints the process's peak resident memory to standard error when it exits:
/// how the tests and benchmarks hold every command under its memory target. Read from the process's own memory map
/// (Linux `VmHWM`), not from the parent's `wait4`, which on Linux counts the parent's own size when it used vfork.
#if os(Linux)
private let RUSAGE_CHILDREN_WHO = __rusage_who_t(RUSAGE_CHILDREN.rawValue)
#else
private let RUSAGE_CHILDREN_WHO = RUSAGE_CHILDREN
#endif

enum PeakMemory {
    static func installIfAsked() {
        guard ProcessInfo.processInfo.environment["ICONFORGE_PEAK_MEMORY"] != nil else { return }
        atexit { PeakMemory.report() }
    }

    static func report() {
        guard let kilobytes = peakKilobytes() else { return }
        // The drawing children (SVG, in a process of their own): their largest resident size, pages shared with this
        // process at the fork included.
        var children = rusage()
        let child = getrusage(RUSAGE_CHILDREN_WHO, &children) == 0 && children.ru_maxrss > 0 ? ", largest drawing child \(Int(children.ru_maxrss)) KiB" : ""
        FileHandle.standardError.write(Data("iconforge: peak memory \(kilobytes) KiB\(child)\n".utf8))
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
