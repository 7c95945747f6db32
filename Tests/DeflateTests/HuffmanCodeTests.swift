import Deflate
import TestSupport
import Testing

/// The cost in bits of coding `frequencies` with `lengths`.
private func cost(_ frequencies: [UInt32], _ lengths: [UInt8]) -> Int {
    zip(frequencies, lengths).reduce(0) { $0 + Int($1.0) * Int($1.1) }
}

/// Kraft's sum scaled by 2^15: exactly 2^15 for a complete code.
private func kraft(_ lengths: [UInt8]) -> Int {
    lengths.reduce(0) { $0 + ($1 == 0 ? 0 : 1 << (15 - Int($1))) }
}

/// The cost of an optimal unlimited code (Huffman's merge of the two lightest, by repeated sorting).
private func optimalCost(_ frequencies: [UInt32]) -> Int {
    var weights = frequencies.filter { $0 > 0 }.map { Int($0) }
    guard weights.count > 1 else { return weights.first ?? 0 }
    var total = 0
    while weights.count > 1 {
        weights.sort(by: >)
        let merged = weights.removeLast() + weights.removeLast()
        total += merged
        weights.append(merged)
    }
    return total
}

@Suite("Huffman codes")
struct HuffmanCodeTests {
    @Test("random frequencies get an optimal, complete code", arguments: [2, 3, 19, 30, 286])
    func optimal(symbols: Int) {
        var random = SeededRandom(seed: UInt64(symbols))
        for _ in 0..<20 {
            let frequencies = (0..<symbols).map { _ in random.next() % 3 == 0 ? 0 : UInt32(random.next() % 5000) }
            let code = frequencies.withUnsafeBufferPointer { HuffmanCode(frequencies: $0, limit: 15) }
            let used = frequencies.filter { $0 > 0 }.count
            #expect(code.lengths.allSatisfy { $0 <= 15 })
            #expect(zip(frequencies, code.lengths).allSatisfy { $0.0 == 0 || $0.1 > 0 }, "every symbol that occurs has a code")
            if used >= 2 {
                #expect(kraft(code.lengths) == 1 << 15, "complete")
                #expect(cost(frequencies, code.lengths) == optimalCost(frequencies))
            }
        }
    }

    @Test("frequencies that would need codes over the limit are cut to it and the code stays complete",
          arguments: [7, 15])
    func limited(limit: Int) {
        // Fibonacci weights make the deepest possible tree: one more level per symbol.
        var frequencies: [UInt32] = [1, 1]
        while frequencies.count < 25 { frequencies.append(frequencies[frequencies.count - 1] + frequencies[frequencies.count - 2]) }
        let code = frequencies.withUnsafeBufferPointer { HuffmanCode(frequencies: $0, limit: limit) }
        #expect(code.lengths.max() == UInt8(limit))
        #expect(kraft(code.lengths) == 1 << 15)
        // Rarer symbols never get shorter codes than commoner ones.
        for index in 1..<frequencies.count { #expect(code.lengths[index] <= code.lengths[index - 1]) }
    }

    @Test("with fewer than two symbols in use, two one-bit codes")
    func degenerate() {
        for frequencies: [UInt32] in [[0, 0, 0], [0, 0, 9], [4, 0, 0]] {
            let code = frequencies.withUnsafeBufferPointer { HuffmanCode(frequencies: $0, limit: 15) }
            #expect(code.lengths.filter { $0 == 1 }.count == 2)
            #expect(zip(frequencies, code.lengths).allSatisfy { $0.0 == 0 || $0.1 == 1 })
        }
    }

    @Test("canonical codes follow RFC 1951's example, bit-reversed")
    func canonical() {
        // RFC 1951 §3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) give codes 010, 011, 100, 101, 110, 00, 1110, 1111.
        let code = HuffmanCode(lengths: [3, 3, 3, 3, 3, 2, 4, 4])
        let expected: [UInt16] = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
        #expect(code.codes == zip(expected, code.lengths).map { $0.0.bitReversed(length: Int($0.1)) })
        #expect(code.codes[5] == 0b00 && code.codes[6] == 0b0111)
    }
}
