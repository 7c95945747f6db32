import Dispatch
import Foundation
import Raster

extension Parallelism {
    /// Every core, through Dispatch's `concurrentPerform` (Raster itself starts no threads).
    public static let allCores = Parallelism(width: ProcessInfo.processInfo.activeProcessorCount) { count, body in
        DispatchQueue.concurrentPerform(iterations: count, execute: body)
    }
}
