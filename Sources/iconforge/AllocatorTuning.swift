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
///
/// Then the heap is made of 2 MiB pages. Linux hands fresh memory over one 4 KiB page at a time, each on its first
/// touch, and gives transparent huge pages only to memory that asks for them (the "madvise" mode most distributions
/// ship); glibc asks only when told by an environment variable (`GLIBC_TUNABLES=glibc.malloc.hugetlb=1`), which a
/// process cannot set for itself. So: one arena for every thread (otherwise each Dispatch worker grows an arena of
/// its own, and a buffer freed on one thread is new memory on the next), the heap grown up front by a 64 MB pad, and
/// that pad advised. An Android + web run went from 10,000 page faults to 1,700: wall time 203 → 176 ms, an icon set
/// 80 → 70 ms (dynamic build, 21 alternating runs). Where the kernel has no THP, the advice is refused and nothing
/// else changes.
enum AllocatorTuning {
    static func apply() {
        #if canImport(Glibc)
        // Swift's Glibc module leaves out malloc.h: mallopt is looked up, with its options' values from glibc's ABI
        // (M_TRIM_THRESHOLD -1, M_TOP_PAD -2, M_MMAP_THRESHOLD -3, M_ARENA_MAX -8). Elsewhere it is simply absent.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-3, 32 << 20)
        _ = mallopt(-1, 64 << 20)
        // One arena, and the heap's first 64 MB in 2 MiB pages.
        _ = mallopt(-8, 1)
        _ = mallopt(-2, 64 << 20)
        let before = Int(bitPattern: sbrk(0))
        // A block larger than anything free makes the heap grow now by it and the 64 MB pad; freed, it stays mapped as
        // the heap's top for the run's buffers. Called through pointers looked up at run time: the compiler removes a
        // malloc/free pair it can see.
        typealias Malloc = @convention(c) (Int) -> UnsafeMutableRawPointer?
        typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
        guard let mallocSymbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc"),
              let freeSymbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "free") else { return }
        unsafeBitCast(freeSymbol, to: Free.self)(unsafeBitCast(mallocSymbol, to: Malloc.self)(16 << 20))
        let end = Int(bitPattern: sbrk(0)), page = 2 << 20
        let first = (before + page - 1) & ~(page - 1), last = end & ~(page - 1)
        if last > first, let start = UnsafeMutableRawPointer(bitPattern: first) { _ = madvise(start, last - first, MADV_HUGEPAGE) }
        #endif
    }
}
