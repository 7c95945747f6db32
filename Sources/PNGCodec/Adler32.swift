/// The Adler-32 checksum that ends a zlib stream (RFC 1950), computed here rather than by zlib: zlib's
/// adds a byte at a time and was 9% of encoding a launch set; this takes 16 bytes a step.
struct Adler32 {
    /// The checksum of everything so far (1 for no bytes).
    private(set) var value: UInt32 = 1

    private static let modulus: UInt64 = 65521
    /// The most bytes between reductions modulo 65521 (zlib's NMAX), a multiple of 16.
    private static let block = 5552

    mutating func update(_ data: UnsafePointer<UInt8>, count: Int) {
        var a = UInt64(value & 0xFFFF), b = UInt64(value >> 16)
        var offset = 0
        while offset < count {
            let length = min(Adler32.block, count &- offset), vectorBytes = length & ~15
            if vectorBytes > 0 {
                // Per lane j: `sums` adds the block's j-th bytes; `prefixes` adds `sums` after each block,
                // so it counts each byte once for every block from its own to the last. The running b of
                // the bytes in order is then 16·Σprefixes − Σ j·sums (plus the bytes times the a before them).
                var sums = SIMD16<UInt32>.zero, prefixes = SIMD16<UInt32>.zero
                var index = 0
                while index < vectorBytes {
                    let bytes = UnsafeRawPointer(data + (offset &+ index)).loadUnaligned(as: SIMD16<UInt8>.self)
                    sums &+= SIMD16<UInt32>(truncatingIfNeeded: bytes)
                    prefixes &+= sums
                    index &+= 16
                }
                let lanes = SIMD16<UInt32>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
                b &+= UInt64(vectorBytes) &* a &+ 16 &* UInt64(prefixes.wrappedSum()) &- UInt64((sums &* lanes).wrappedSum())
                a &+= UInt64(sums.wrappedSum())
            }
            for index in vectorBytes..<length {
                a &+= UInt64(data[offset &+ index])
                b &+= a
            }
            a %= Adler32.modulus
            b %= Adler32.modulus
            offset &+= length
        }
        value = UInt32(b << 16 | a)
    }
}
