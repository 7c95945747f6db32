/// DEFLATE's bit order (RFC 1951 §3.1.1): values are packed from the least significant bit of each byte.
/// Bits gather in a 64-bit word and leave eight bytes at a time as one unaligned store, of which only the
/// complete bytes count; the output grows as needed, with room for one such store past its end.
struct BitWriter: ~Copyable {
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Complete bytes written.
    private(set) var count = 0
    private var pending: UInt64 = 0
    private var pendingBits = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        bytes = .allocate(capacity: self.capacity + 8)
    }

    deinit { bytes.deallocate() }

    /// Makes room for `count` more bytes, so that `add` and `flush` need no checks until then.
    mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(2 * capacity, count + extra)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown + 8)
        larger.update(from: bytes, count: count)
        bytes.deallocate()
        bytes = larger
        capacity = grown
    }

    /// Adds the low `length` bits of `value` (the bits above must be zero); at most 56 bits may be pending
    /// after, so `flush` between writes whose lengths add up to more than 56 - 7.
    @inline(__always)
    mutating func add(_ value: UInt64, length: Int) {
        pending |= value &<< UInt64(pendingBits)
        pendingBits &+= length
    }

    /// Moves the complete bytes of the pending bits to the output (at most 7 bits stay pending).
    @inline(__always)
    mutating func flush() {
        UnsafeMutableRawPointer(bytes + count).storeBytes(of: pending.littleEndian, as: UInt64.self)
        let whole = pendingBits &>> 3
        count &+= whole
        pending = whole == 8 ? 0 : pending &>> UInt64(whole &<< 3)
        pendingBits &= 7
    }

    /// Pads the pending bits with zeros to a whole byte and writes them.
    mutating func alignToByte() {
        flush()
        if pendingBits > 0 {
            pendingBits = 8
            flush()
        }
    }

    /// Appends whole bytes (the writer must be aligned to a byte).
    mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        reserve(length)
        (bytes + count).update(from: source, count: length)
        count += length
    }

    /// The bytes written, once aligned.
    func copyBytes() -> [UInt8] {
        Array(UnsafeBufferPointer(start: bytes, count: count))
    }
}
