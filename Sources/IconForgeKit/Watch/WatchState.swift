import Foundation

/// What the daemon last produced outputs from, per source: its stamp and a content hash, so a restart
/// neither redoes finished work nor misses a file replaced with its old modification time.
struct WatchState: Sendable {
    struct Entry: Codable, Sendable, Equatable {
        var hash: String
        var stamp: FileStamp
    }

    static let fileName = ".iconforge-watch.json"
    private(set) var entries: [String: Entry] = [:]
    let path: String

    init(outputFolder: String) {
        path = (outputFolder as NSString).appendingPathComponent(WatchState.fileName)
        // FileIO.read, not FileManager.contents: the latter leaked 4 KiB per empty file read.
        if let bytes = try? FileIO.read(path), let decoded = try? JSONDecoder().decode([String: Entry].self, from: Data(bytes)) {
            entries = decoded
        }
    }

    subscript(name: String) -> Entry? {
        get { entries[name] }
        set { entries[name] = newValue }
    }

    func save() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(entries) else { return }
        try? FileIO.writeAtomically([UInt8](data), to: path)
    }

    /// FNV-1a, 64 bits: enough to notice a changed file; not a security measure.
    static func hash(_ bytes: [UInt8]) -> String {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return String(value, radix: 16)
    }
}
