import Foundation
import Raster
import Testing

@Suite("Huge pages")
struct HugePagesTests {
    @Test("buffers made through the huge-page initialisers hold what they were filled with, large or small")
    func contents() {
        for count in [0, 1, 1000, (5 << 20) / 16 + 3] {
            let zeros = [SIMD4<Float>](hugePagesRepeating: .zero, count: count)
            #expect(zeros.count == count && zeros.allSatisfy { $0 == .zero })
            let ramp = [UInt8](hugePagesCount: count) { buffer in
                for index in buffer.indices { buffer[index] = UInt8(truncatingIfNeeded: index) }
            }
            #expect(ramp.count == count && ramp.enumerated().allSatisfy { $0.element == UInt8(truncatingIfNeeded: $0.offset) })
        }
        // Images made large enough to be advised still start transparent.
        let image = Image(width: 1024, height: 1024, format: .rgba16)
        #expect(image.bytes.count == 1024 * 1024 * 8 && image.bytes.allSatisfy { $0 == 0 })
    }

    @Test("advice lands on the whole 2 MiB pages inside a large buffer")
    func advised() throws {
        #if os(Linux)
        let mode = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? ""
        guard mode.contains("[madvise]") || mode.contains("[always]") else {
            print("skipped: this kernel's transparent huge pages are off (\(mode.trimmingCharacters(in: .whitespacesAndNewlines)))")
            return
        }
        let bytes = 9 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 4096)
        defer { buffer.deallocate() }
        HugePages.advise(buffer, byteCount: bytes)
        let page = HugePages.pageBytes, start = Int(bitPattern: buffer)
        let first = (start + page - 1) & ~(page - 1)
        #expect(try Self.flags(at: first).contains("hg"), "the first whole huge page inside the buffer is advised")
        #expect(try Self.flags(at: ((start + bytes) & ~(page - 1)) - 1).contains("hg"), "and the last")
        #endif
    }

    /// The VmFlags of the mapping holding `address`, from /proc/self/smaps.
    private static func flags(at address: Int) throws -> [Substring] {
        // /proc files report a size of 0: read to the end rather than by the size.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps"), let data = try handle.readToEnd() else { throw CocoaError(.fileReadNoSuchFile) }
        let smaps = String(decoding: data, as: UTF8.self)
        var inside = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
               let low = Int(line[..<dash], radix: 16), let high = Int(line[line.index(after: dash)..<space], radix: 16) {
                inside = low <= address && address < high
            } else if inside, line.hasPrefix("VmFlags:") {
                return line.dropFirst("VmFlags:".count).split(separator: " ")
            }
        }
        throw CocoaError(.fileReadCorruptFile)
    }
}
