#if canImport(Glibc)
import Glibc
#endif

/// Large pixel buffers in 2 MiB pages.
///
/// Linux hands a process fresh memory one 4 KiB page at a time, each on its first touch: a 768 px float canvas is
/// 2,300 page faults, and an Android + web run touched 60 MB of new buffers (15,000 faults, about a sixth of its CPU).
/// Most distributions (Debian, Ubuntu, Fedora) give transparent huge pages only to memory that asks for them
/// ("madvise" mode), and glibc's allocator does not ask unless told to by an environment variable. So the buffers
/// that hold whole images ask themselves, before anything is written into them. Elsewhere (macOS, THP off) asking is
/// a no-op. Only whole 2 MiB pages inside the buffer are advised; smaller buffers are left as they are.
package enum HugePages {
    /// A huge page on x86-64 and arm64 with 4 KiB base pages.
    package static let pageBytes = 2 << 20

    /// Asks for huge pages over the whole 2 MiB pages inside `byteCount` bytes at `start`, which nothing has touched yet.
    @inline(__always)
    package static func advise(_ start: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        guard byteCount >= 2 * pageBytes else { return }
        let first = (Int(bitPattern: start) + pageBytes - 1) & ~(pageBytes - 1)
        let end = (Int(bitPattern: start) + byteCount) & ~(pageBytes - 1)
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        // Advice only: a kernel without THP, or with it off, refuses it and the buffer is simply in small pages.
        _ = madvise(aligned, end - first, MADV_HUGEPAGE)
        #endif
    }
}

extension Array where Element: BitwiseCopyable {
    /// `count` elements, in huge pages when large (see `HugePages`), every one written by `fill` or, when `fill` leaves
    /// them, by the caller before any is read (a decoder's or encoder's output buffer).
    @inline(__always)
    package init(hugePagesCount count: Int, _ fill: (UnsafeMutableBufferPointer<Element>) -> Void) {
        self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress { HugePages.advise(base, byteCount: count * MemoryLayout<Element>.stride) }
            fill(buffer)
            initialized = count
        }
    }

    /// `count` copies of `value`, in huge pages when large (see `HugePages`).
    @inline(__always)
    package init(hugePagesRepeating value: Element, count: Int) {
        self.init(hugePagesCount: count) { buffer in buffer.initialize(repeating: value) }
    }
}
