/// A plain, slow DEFLATE decoder written from RFC 1951 for the tests: an oracle that shares no code with
/// the compressor, and that reports what it saw (block types, largest distance) besides the bytes.
struct ReferenceInflater {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What decoding found.
    struct Result {
        var bytes: [UInt8] = []
        var blockTypes: [Int] = []
        var largestDistance = 0
        /// Every match, in order.
        var matches: [(length: Int, distance: Int)] = []
    }

    private let input: [UInt8]
    private var bitPosition = 0

    /// Decodes a complete raw stream; fails on anything RFC 1951 does not allow, and on bytes left over.
    static func inflate(_ stream: [UInt8]) throws -> Result {
        var inflater = ReferenceInflater(input: stream)
        return try inflater.run()
    }

    private init(input: [UInt8]) { self.input = input }

    private mutating func bits(_ count: Int) throws -> Int {
        var value = 0
        for index in 0..<count {
            guard bitPosition / 8 < input.count else { throw Failure(description: "stream ends early") }
            value |= Int(input[bitPosition / 8] >> (bitPosition % 8) & 1) << index
            bitPosition += 1
        }
        return value
    }

    /// A decoding table: for each length, the symbols with codes of that length, in canonical order.
    private struct Code {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) throws {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var left = 1
            for length in 1..<16 {
                left = left * 2 - counts[length]
                if left < 0 { throw Failure(description: "over-subscribed code") }
            }
            for length in 1..<16 { for (symbol, l) in lengths.enumerated() where l == length { symbols.append(symbol) } }
        }
    }

    private mutating func decode(_ code: Code) throws -> Int {
        var (value, first, index) = (0, 0, 0)
        for length in 1..<16 {
            value |= try bits(1)
            let count = code.counts[length]
            if value - first < count { return code.symbols[index + value - first] }
            index += count
            first = (first + count) << 1
            value <<= 1
        }
        throw Failure(description: "no code matches")
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                                     131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025,
                                       1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
                                        13, 13]

    private mutating func run() throws -> Result {
        var result = Result()
        var final = 0
        repeat {
            final = try bits(1)
            let type = try bits(2)
            result.blockTypes.append(type)
            switch type {
            case 0:
                bitPosition = (bitPosition + 7) / 8 * 8
                let length = try bits(16), complement = try bits(16)
                guard length == ~complement & 0xFFFF else { throw Failure(description: "stored length check fails") }
                for _ in 0..<length { result.bytes.append(UInt8(try bits(8))) }
            case 1:
                let literal = try Code(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
                try codes(literal: literal, distance: Code(lengths: [Int](repeating: 5, count: 30)), into: &result)
            case 2:
                let literalCount = try bits(5) + 257, distanceCount = try bits(5) + 1, precodeCount = try bits(4) + 4
                guard literalCount <= 286, distanceCount <= 30 else { throw Failure(description: "too many codes") }
                var precodeLengths = [Int](repeating: 0, count: 19)
                for symbol in [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15].prefix(precodeCount) {
                    precodeLengths[symbol] = try bits(3)
                }
                let precode = try Code(lengths: precodeLengths)
                var lengths: [Int] = []
                while lengths.count < literalCount + distanceCount {
                    let symbol = try decode(precode)
                    switch symbol {
                    case 0..<16: lengths.append(symbol)
                    case 16:
                        guard let last = lengths.last else { throw Failure(description: "repeat with nothing before") }
                        lengths += [Int](repeating: last, count: 3 + (try bits(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
                    default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
                    }
                }
                guard lengths.count == literalCount + distanceCount else { throw Failure(description: "lengths overrun") }
                guard lengths[256] > 0 else { throw Failure(description: "no end-of-block code") }
                try codes(literal: Code(lengths: Array(lengths[0..<literalCount])),
                          distance: Code(lengths: Array(lengths[literalCount...])), into: &result)
            default:
                throw Failure(description: "block type 3")
            }
        } while final == 0
        guard (bitPosition + 7) / 8 == input.count else { throw Failure(description: "bytes after the last block") }
        return result
    }

    private mutating func codes(literal: Code, distance: Code, into result: inout Result) throws {
        while true {
            let symbol = try decode(literal)
            if symbol < 256 {
                result.bytes.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let slot = symbol - 257
                guard slot < 29 else { throw Failure(description: "length symbol \(symbol)") }
                let length = ReferenceInflater.lengthBase[slot] + (try bits(ReferenceInflater.lengthExtra[slot]))
                let distanceSlot = try decode(distance)
                guard distanceSlot < 30 else { throw Failure(description: "distance symbol \(distanceSlot)") }
                let distance = ReferenceInflater.distanceBase[distanceSlot] + (try bits(ReferenceInflater.distanceExtra[distanceSlot]))
                guard distance <= result.bytes.count, distance <= 32768 else { throw Failure(description: "distance \(distance) too far") }
                result.largestDistance = max(result.largestDistance, distance)
                result.matches.append((length, distance))
                for _ in 0..<length { result.bytes.append(result.bytes[result.bytes.count - distance]) }
            }
        }
    }
}
