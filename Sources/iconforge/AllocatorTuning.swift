#if canImport(Glibc)
import Glibc
#endif

/// How the command sets glibc's allocator up before any work: a process-wide choice, so it lives here and
/// not in the library.
///
/// glibc serves blocks of 128 KB and more (raising that to the largest one freed) with fresh pages from
/// mmap and returns them on free, so every master's decoded pixels, pyramid levels and compression window
/// were faulted in and zeroed by the kernel again, set after set: page faults were 8% of a batch's CPU.
/// Blocks up to 32 MB (glibc's largest setting) now come from the heap and are reused, and up to 64 MB of
/// freed heap stays mapped. Measured (`Benchmarks/run.sh`-style alternating runs): batch of 50 icon sets
/// -10% wall time; photograph launch set -10%, peak RSS 110 → 122 MB; other jobs' RSS within 3 MB.
enum AllocatorTuning {
    static func apply() {
        #if canImport(Glibc)
        // Swift's Glibc module leaves out malloc.h: mallopt is looked up, with its two options' values
        // from glibc's ABI (M_TRIM_THRESHOLD -1, M_MMAP_THRESHOLD -3). Elsewhere it is simply absent.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-3, 32 << 20)
        _ = mallopt(-1, 64 << 20)
        #endif
    }
}
