import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What changed in the watched folder since the last look.
package struct ChangeBatch: Sendable, Equatable {
    /// Names written, created or moved in.
    package var changed: Set<String> = []
    /// Names deleted or moved out.
    package var removed: Set<String> = []
    /// Events were lost (queue overflow): everything must be looked at again.
    package var rescan = false
    /// The watched folder itself was deleted or moved away.
    package var folderGone = false

    package init(changed: Set<String> = [], removed: Set<String> = [], rescan: Bool = false, folderGone: Bool = false) {
        self.changed = changed
        self.removed = removed
        self.rescan = rescan
        self.folderGone = folderGone
    }

    var isEmpty: Bool { changed.isEmpty && removed.isEmpty && !rescan && !folderGone }
}

/// Where the daemon learns about changes: inotify on Linux, a polling scanner elsewhere (or with
/// --poll). The daemon logic above it is the same, and is tested with a fake.
package protocol ChangeSource: AnyObject {
    /// Waits up to `timeout` seconds for changes and returns them (empty on timeout).
    func next(timeout: Double) -> ChangeBatch
}

/// Compares folder snapshots every `interval` seconds: size and modification time.
package final class PollingSource: ChangeSource {
    private let folder: String
    private let interval: Double
    private var previous: [String: FileStamp]
    private var lastScan = Date.distantPast

    /// Starts from the folder as it is now.
    package init(folder: String, interval: Double) {
        self.folder = folder
        self.interval = interval
        previous = FileStamp.scan(folder) ?? [:]
    }

    package func next(timeout: Double) -> ChangeBatch {
        let wait = max(0, interval - Date().timeIntervalSince(lastScan))
        if wait > timeout {
            Thread.sleep(forTimeInterval: timeout)
            return ChangeBatch()
        }
        Thread.sleep(forTimeInterval: wait)
        lastScan = Date()
        guard let current = FileStamp.scan(folder) else { return ChangeBatch(folderGone: true) }
        var batch = ChangeBatch()
        for (name, stamp) in current where previous[name] != stamp { batch.changed.insert(name) }
        for name in previous.keys where current[name] == nil { batch.removed.insert(name) }
        previous = current
        return batch
    }
}

#if os(Linux)
/// inotify on the folder itself: close-after-write, moves in and out, deletes, and the folder's own
/// deletion. Created before the daemon's first scan, so nothing that lands during the scan is missed.
package final class InotifySource: ChangeSource {
    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// Watches `folder`; throws with the system's reason when it cannot.
    package init(folder: String) throws(WatchError) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw .cannotWatch(folder, FileIO.currentErrorText()) }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF | IN_MODIFY | IN_CREATE)
        guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
            let reason = FileIO.currentErrorText()
            close(descriptor)
            throw .cannotWatch(folder, reason)
        }
    }

    deinit { close(descriptor) }

    package func next(timeout: Double) -> ChangeBatch {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, Int32(max(0, timeout) * 1000)) > 0 else { return ChangeBatch() }
        var batch = ChangeBatch()
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let (mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self), Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let name = String(decoding: buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { batch.rescan = true }
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 { batch.folderGone = true }
                if !name.isEmpty {
                    if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                        batch.removed.insert(name)
                        batch.changed.remove(name)
                    } else if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MODIFY | IN_CREATE) != 0 {
                        batch.changed.insert(name)
                        batch.removed.remove(name)
                    }
                }
                offset += 16 + length
            }
        }
        return batch
    }
}
#endif

/// Why the daemon cannot (go on) watching.
public enum WatchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder (as given) cannot be watched, and why: it is not there, or the system refused.
    case cannotWatch(String, String)
    /// The watched folder was deleted or moved away while watched.
    case folderGone(String)
    /// The output folder (as given) is inside the watched folder.
    case outputInsideInput(String)

    /// One line naming the folder and the reason.
    public var description: String {
        switch self {
        case .cannotWatch(let folder, let reason): "\(folder): cannot watch: \(reason)"
        case .folderGone(let folder): "\(folder): the watched folder was deleted or moved away; stopping"
        case .outputInsideInput(let folder): "\(folder): the output folder must not be inside the watched folder (outputs would trigger the watch)"
        }
    }
}
