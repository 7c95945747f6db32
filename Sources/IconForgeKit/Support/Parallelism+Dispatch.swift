import Dispatch
import Foundation
import Raster

extension Parallelism {
    /// Every core, through Dispatch's `concurrentPerform` (Raster itself starts no threads).
    public static let allCores = Parallelism(width: ProcessInfo.processInfo.activeProcessorCount) { count, body in
        DispatchQueue.concurrentPerform(iterations: count, execute: body)
    }

    /// `width` threads started for the loop (the calling one among them): for work that runs beside a Dispatch loop.
    /// Dispatch gives a loop nested in another, or started while its workers are busy, only the thread that started
    /// it, and the work then ran alone on one core after the other loop had finished.
    package static func ownThreads(width: Int) -> Parallelism {
        Parallelism(width: width) { count, body in
            guard count > 1 else {
                if count == 1 { body(0) }
                return
            }
            // The threads are handed a pointer to `body`, not `body` itself, and have run it before this returns: it
            // does not outlive the call (a thread object may keep what it was given a little longer).
            withoutActuallyEscaping(body) { body in
                withUnsafePointer(to: body) { pointer in
                    let shared = SharedBody(pointer: pointer)
                    let group = DispatchGroup()
                    for index in 1..<count {
                        group.enter()
                        Thread { shared.pointer.pointee(index); group.leave() }.start()
                    }
                    body(0)
                    group.wait()
                }
            }
        }
    }

    /// Runs `body` on a thread started for it, and returns a wait for its end.
    package static func started(_ body: @escaping @Sendable () -> Void) -> () -> Void {
        let done = DispatchSemaphore(value: 0)
        Thread { body(); done.signal() }.start()
        return { done.wait() }
    }
}

/// The loop body as `ownThreads`' threads reach it: through a pointer valid until they have all run it.
private struct SharedBody: @unchecked Sendable {
    let pointer: UnsafePointer<@Sendable (Int) -> Void>
}
