/// RFC 1951's length and distance alphabets (§3.2.5), as lookup tables the compressor's loops read
/// through pointers: made once, never freed.
struct DeflateTables: @unchecked Sendable {
    /// For a match length minus 3 (0...255): its length symbol minus 257 (0...28).
    let lengthSlot: UnsafeMutablePointer<UInt8>
    /// For a length symbol minus 257: the shortest length it stands for, and its count of extra bits.
    let lengthBase: UnsafeMutablePointer<UInt16>
    let lengthExtraBits: UnsafeMutablePointer<UInt8>
    /// For a distance minus 1 below 256, entry d; for larger ones, entry 256 + (d >> 7): its distance
    /// symbol (0...29).
    let distanceSlot: UnsafeMutablePointer<UInt8>
    /// For a distance symbol: the shortest distance it stands for, and its count of extra bits.
    let distanceBase: UnsafeMutablePointer<UInt16>
    let distanceExtraBits: UnsafeMutablePointer<UInt8>

    static let shared = DeflateTables()

    private init() {
        let lengthExtra: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        let distanceExtra: [UInt8] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11,
                                      12, 12, 13, 13]
        lengthSlot = .allocate(capacity: 256)
        lengthBase = .allocate(capacity: 29)
        lengthExtraBits = .allocate(capacity: 29)
        lengthExtraBits.initialize(from: lengthExtra, count: 29)
        var length = 3
        for slot in 0..<29 {
            // Symbol 285 is length 258 alone, though 284's extra bits could also reach it.
            let base = slot == 28 ? 258 : length
            lengthBase[slot] = UInt16(base)
            if slot < 28 {
                for _ in 0..<(1 << Int(lengthExtra[slot])) where length <= 258 {
                    lengthSlot[length - 3] = UInt8(slot)
                    length += 1
                }
            }
        }
        lengthSlot[255] = 28
        distanceSlot = .allocate(capacity: 512)
        distanceBase = .allocate(capacity: 30)
        distanceExtraBits = .allocate(capacity: 30)
        distanceExtraBits.initialize(from: distanceExtra, count: 30)
        var distance = 1
        for slot in 0..<30 {
            distanceBase[slot] = UInt16(distance)
            for _ in 0..<(1 << Int(distanceExtra[slot])) {
                let d = distance - 1
                if d < 256 { distanceSlot[d] = UInt8(slot) } else { distanceSlot[256 + (d >> 7)] = UInt8(slot) }
                distance += 1
            }
        }
    }

    @inline(__always)
    func distanceSlot(forDistanceMinusOne d: Int) -> Int {
        Int(d < 256 ? distanceSlot[d] : distanceSlot[256 &+ (d &>> 7)])
    }
}
