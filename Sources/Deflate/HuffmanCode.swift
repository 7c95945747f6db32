/// A canonical prefix code (RFC 1951 §3.2.2) built from symbol frequencies: lengths no longer than a limit,
/// codes bit-reversed because DEFLATE writes them starting from their first bit, into the low end of a byte.
package struct HuffmanCode {
    /// Each symbol's code length in bits; 0 for a symbol that does not occur.
    package var lengths: [UInt8]
    /// Each symbol's code, bit-reversed (ready to write least significant bit first).
    package var codes: [UInt16]

    /// The optimal code for `frequencies` with no code longer than `limit` bits. A code always has two
    /// symbols at least (inflaters reject a lone one-bit code in some alphabets), so when fewer occur,
    /// symbols 0 and 1 stand in.
    package init(frequencies: UnsafeBufferPointer<UInt32>, limit: Int) {
        lengths = HuffmanCode.lengths(for: frequencies, limit: limit)
        codes = HuffmanCode.canonicalCodes(for: lengths)
    }

    /// The code given by `lengths` (the fixed codes of RFC 1951 §3.2.6).
    package init(lengths: [UInt8]) {
        self.lengths = lengths
        codes = HuffmanCode.canonicalCodes(for: lengths)
    }

    /// Code lengths: Huffman's construction, then lengths over `limit` cut and Kraft's sum repaired, which
    /// keeps the number of codes per length and hands the longest codes to the rarest symbols.
    static func lengths(for frequencies: UnsafeBufferPointer<UInt32>, limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        // Rarest first, ties by symbol: frequency and symbol packed into one key, sorted as plain integers.
        var keys = frequencies.indices.compactMap { frequencies[$0] > 0 ? UInt64(frequencies[$0]) << 16 | UInt64($0) : nil }
        if keys.count < 2 {
            let present = keys.first.map { Int($0 & 0xFFFF) } ?? 0
            lengths[present] = 1
            lengths[present == 0 ? 1 : 0] = 1
            return lengths
        }
        keys.sort()
        let symbols = keys.map { Int($0 & 0xFFFF) }

        // Two queues: leaves in order, and internal nodes, made in order of weight. Nodes 0..<n are the
        // leaves (in `symbols` order), n..<2n-1 the internal nodes; the root is last.
        let count = symbols.count
        var weight = [UInt64](repeating: 0, count: 2 * count - 1)
        var parent = [Int](repeating: 0, count: 2 * count - 1)
        for (index, symbol) in symbols.enumerated() { weight[index] = UInt64(frequencies[symbol]) }
        var nextLeaf = 0, nextInternal = count
        for node in count..<(2 * count - 1) {
            for _ in 0..<2 {
                let takeLeaf = nextLeaf < count && (nextInternal >= node || weight[nextLeaf] <= weight[nextInternal])
                let child = takeLeaf ? nextLeaf : nextInternal
                if takeLeaf { nextLeaf += 1 } else { nextInternal += 1 }
                weight[node] += weight[child]
                parent[child] = node
            }
        }
        var depth = [Int](repeating: 0, count: 2 * count - 1)
        var lengthCounts = [Int](repeating: 0, count: max(limit, count) + 1)
        for node in stride(from: 2 * count - 3, through: 0, by: -1) {
            depth[node] = depth[parent[node]] + 1
            if node < count { lengthCounts[min(depth[node], limit)] += 1 }
        }
        // Codes cut to `limit` leave Kraft's sum over 1 (counted here in units of a `limit`-bit code). Each
        // step takes away one `limit`-bit code and splits the deepest shorter code into two a bit longer:
        // the number of codes stays, the sum falls by one unit (as miniz does).
        var total = 0
        for bits in 1...limit { total += lengthCounts[bits] << (limit - bits) }
        while total > 1 << limit {
            lengthCounts[limit] -= 1
            var bits = limit - 1
            while lengthCounts[bits] == 0 { bits -= 1 }
            lengthCounts[bits] -= 1
            lengthCounts[bits + 1] += 2
            total -= 1
        }
        // Longest codes to the rarest symbols.
        var next = 0
        for bits in stride(from: limit, through: 1, by: -1) {
            for _ in 0..<lengthCounts[bits] {
                lengths[symbols[next]] = UInt8(bits)
                next += 1
            }
        }
        return lengths
    }

    /// RFC 1951's canonical codes for `lengths`, each bit-reversed.
    static func canonicalCodes(for lengths: [UInt8]) -> [UInt16] {
        var lengthCounts = [UInt16](repeating: 0, count: 16)
        for length in lengths where length > 0 { lengthCounts[Int(length)] += 1 }
        var nextCode = [UInt16](repeating: 0, count: 16)
        var code: UInt16 = 0
        for bits in 1..<16 {
            code = (code &+ lengthCounts[bits - 1]) << 1
            nextCode[bits] = code
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let value = nextCode[Int(length)]
            nextCode[Int(length)] &+= 1
            codes[symbol] = value.bitReversed(length: Int(length))
        }
        return codes
    }
}

extension UInt16 {
    /// The low `length` bits in reverse order.
    package func bitReversed(length: Int) -> UInt16 {
        var (value, reversed) = (self, UInt16(0))
        for _ in 0..<length {
            reversed = reversed << 1 | value & 1
            value >>= 1
        }
        return reversed
    }
}
