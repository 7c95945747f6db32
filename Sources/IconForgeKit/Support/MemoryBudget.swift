import Foundation

/// Bytes that work running in parallel may hold at once. A worker asks for what its file will cost
/// (known from the header, before anything is allocated) and waits while others hold the rest, so a
/// folder of large images is decoded a few at a time instead of one per core. A request larger than the
/// whole budget runs alone rather than never.
final class MemoryBudget: @unchecked Sendable {
    /// The default for a whole run: 320 MiB, so that two 8192² images (256 MiB each) are never decoded at once and
    /// every command stays under 512 MiB, while a folder of 1024² icons (4 MiB each) still runs one per core.
    static let defaultBytes = 320 << 20

    /// Decoded masters of the generate runs of this process (a batch, watch's jobs): 320 MiB, so two 8192² masters
    /// are never held at once while a folder of 1024² masters still runs one per core.
    static let masters = MemoryBudget(bytes: 320 << 20)

    let capacity: Int
    private var held = 0
    private let condition = NSCondition()

    init(bytes: Int = MemoryBudget.defaultBytes) { capacity = max(1, bytes) }

    /// Runs `body` once `bytes` can be held, and gives them back afterwards.
    func withReservation<Result, Failure: Error>(_ bytes: Int, _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let amount = min(max(0, bytes), capacity)
        condition.lock()
        while held > 0 && held + amount > capacity { condition.wait() }
        held += amount
        condition.unlock()
        defer {
            condition.lock()
            held -= amount
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    /// Hands memory freed by a large job back to the system. glibc keeps what each worker thread's arena freed for
    /// that thread's next allocation: after one 8192² master, the next one's run held 80 MB more than the first.
    static func returnFreedMemory() {
        #if os(Linux)
        _ = mallocTrim?(0)
        #endif
    }

    #if os(Linux)
    /// glibc's malloc_trim, looked up at run time: the Swift Glibc module leaves malloc.h out.
    private typealias MallocTrim = @convention(c) (Int) -> Int32
    private static let mallocTrim: MallocTrim? = {
        guard let symbol = GlibcFunction.address(of: "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: MallocTrim.self)
    }()
    #endif
}
