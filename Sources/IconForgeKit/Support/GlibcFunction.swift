#if os(Linux)
import Glibc

/// glibc functions the Swift Glibc module leaves out (renameat2, malloc_trim), looked up at run time.
enum GlibcFunction {
    /// The function's address, or nil where this glibc lacks it. dlsym(RTLD_DEFAULT), not dlopen(nil, RTLD_NOW): that
    /// asks glibc to bind every lazily bound call of every library loaded, a tenth of the time `iconforge` took to start.
    static func address(of name: String) -> UnsafeMutableRawPointer? { dlsym(nil, name) }
}
#endif
