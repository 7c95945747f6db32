/// A dynamic block's codes and the header that describes them (RFC 1951 §3.2.7): the literal/length and
/// distance code lengths, run-length coded with symbols 16-18 and sent in a third, "precode", prefix code.
struct DynamicHeader {
    let literal: HuffmanCode
    let distance: HuffmanCode
    private let precode: HuffmanCode
    /// The code lengths as precode items: symbol in the low 5 bits, the repeat count's extra value above.
    private let runs: [UInt16]
    private let literalCount: Int, distanceCount: Int, precodeCount: Int
    /// The header's size in bits, block type excluded.
    let headerBits: Int

    /// The order precode lengths are sent in: the likeliest first, so trailing zeros can be left off.
    private static let precodeOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    private static let repeatExtraBits = [2, 3, 7]

    init(literalFrequencies: UnsafeMutablePointer<UInt32>, distanceFrequencies: UnsafeMutablePointer<UInt32>) {
        literal = HuffmanCode(frequencies: UnsafeBufferPointer(start: literalFrequencies, count: 286), limit: 15)
        distance = HuffmanCode(frequencies: UnsafeBufferPointer(start: distanceFrequencies, count: 30), limit: 15)
        var literalCount = 286, distanceCount = 30
        while literalCount > 257 && literal.lengths[literalCount - 1] == 0 { literalCount -= 1 }
        while distanceCount > 1 && distance.lengths[distanceCount - 1] == 0 { distanceCount -= 1 }
        self.literalCount = literalCount
        self.distanceCount = distanceCount
        let lengths = Array(literal.lengths[0..<literalCount]) + Array(distance.lengths[0..<distanceCount])

        var runs: [UInt16] = []
        var frequencies = [UInt32](repeating: 0, count: 19)
        var index = 0
        while index < lengths.count {
            let length = lengths[index]
            var run = 1
            while index + run < lengths.count && lengths[index + run] == length { run += 1 }
            index += run
            if length == 0 {
                while run >= 11 { let n = min(run, 138); runs.append(18 | UInt16(n - 11) << 5); frequencies[18] += 1; run -= n }
                if run >= 3 { runs.append(17 | UInt16(run - 3) << 5); frequencies[17] += 1; run = 0 }
            } else {
                runs.append(UInt16(length)); frequencies[Int(length)] += 1; run -= 1
                while run >= 3 { let n = min(run, 6); runs.append(16 | UInt16(n - 3) << 5); frequencies[16] += 1; run -= n }
            }
            for _ in 0..<run { runs.append(UInt16(length)); frequencies[Int(length)] += 1 }
        }
        self.runs = runs
        precode = frequencies.withUnsafeBufferPointer { HuffmanCode(frequencies: $0, limit: 7) }
        var precodeCount = 19
        while precodeCount > 4 && precode.lengths[DynamicHeader.precodeOrder[precodeCount - 1]] == 0 { precodeCount -= 1 }
        self.precodeCount = precodeCount
        var bits = 5 + 5 + 4 + 3 * precodeCount
        for symbol in 0..<19 { bits += Int(frequencies[symbol]) * Int(precode.lengths[symbol]) }
        bits += Int(frequencies[16]) * 2 + Int(frequencies[17]) * 3 + Int(frequencies[18]) * 7
        headerBits = bits
    }

    /// Writes the header (after the block type bits).
    func write(to output: inout BitWriter) {
        output.add(UInt64(literalCount - 257) | UInt64(distanceCount - 1) << 5 | UInt64(precodeCount - 4) << 10, length: 14)
        output.flush()
        for index in 0..<precodeCount {
            output.add(UInt64(precode.lengths[DynamicHeader.precodeOrder[index]]), length: 3)
            output.flush()
        }
        for run in runs {
            let symbol = Int(run & 31)
            output.add(UInt64(precode.codes[symbol]), length: Int(precode.lengths[symbol]))
            if symbol >= 16 { output.add(UInt64(run >> 5), length: DynamicHeader.repeatExtraBits[symbol - 16]) }
            output.flush()
        }
    }
}
