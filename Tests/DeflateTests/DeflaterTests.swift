import Deflate
import TestSupport
import Testing

/// Compresses `input` handed over in pieces of the given sizes (cycled), the last piece taking the rest.
private func compress(_ input: [UInt8], pieces: [Int] = [65536], effort: Deflater.Effort = .standard) -> [UInt8] {
    let deflater = Deflater(effort: effort, expectedSize: input.count)
    input.withUnsafeBytes { bytes in
        var (offset, index) = (0, 0)
        while offset < bytes.count {
            let count = min(pieces[index % pieces.count], bytes.count - offset)
            deflater.compress(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]))
            offset += count
            index += 1
        }
    }
    return deflater.finish()
}

private func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var random = SeededRandom(seed: seed)
    return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
}

/// Rows like a PNG's: a filter byte, then pixels of a diagonal gradient with a few flat shapes.
private func imageRows(width: Int, height: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    for y in 0..<height {
        bytes.append(0)
        for x in 0..<width {
            let inShape = (x - width / 2) * (x - width / 2) + (y - height / 2) * (y - height / 2) < width * width / 9
            bytes += inShape ? [250, 248, 240] : [UInt8((x + y) / 4 % 256), UInt8(128 + (x - y) / 8 % 100), 90]
        }
    }
    return bytes
}

@Suite("DEFLATE compressor")
struct DeflaterTests {
    @Test("streams decode to their input, by an independent decoder",
          arguments: ["empty", "one byte", "text", "runs", "random", "image rows"])
    func roundTrip(kind: String) throws {
        let input: [UInt8] = switch kind {
        case "empty": []
        case "one byte": [42]
        case "text": Array(String(repeating: "the quick brown fox jumps over the lazy dog; ", count: 200).utf8)
        case "runs": (0..<20).flatMap { [UInt8](repeating: UInt8($0 * 13), count: 1 + $0 * 97) }
        case "random": randomBytes(100_000, seed: 3)
        default: imageRows(width: 300, height: 200)
        }
        let stream = compress(input)
        let decoded = try ReferenceInflater.inflate(stream)
        #expect(decoded.bytes == input)
        #expect(decoded.blockTypes.last != nil)
    }

    @Test("incompressible input is stored, a few bytes over its size; repetitive input shrinks")
    func blockChoice() throws {
        let random = randomBytes(200_000, seed: 11)
        let stored = compress(random)
        let decoded = try ReferenceInflater.inflate(stored)
        #expect(decoded.bytes == random)
        #expect(decoded.blockTypes.allSatisfy { $0 == 0 })
        #expect(stored.count <= random.count + random.count / 1000 + 8, "\(stored.count) bytes")

        let runs = [UInt8](repeating: 7, count: 100_000)
        let small = compress(runs)
        #expect(small.count < 200)
        #expect(try ReferenceInflater.inflate(small).bytes == runs)
        // A few bytes are cheaper with the fixed codes than with a code table.
        #expect(try ReferenceInflater.inflate(compress(Array("abcabcabc".utf8))).blockTypes == [1])
        #expect(try ReferenceInflater.inflate(compress(imageRows(width: 100, height: 50))).blockTypes.contains(2))
    }

    @Test("matches reach back the whole window and never further, across window slides and odd input pieces",
          arguments: [[1], [7, 65536, 3], [1_500_000]])
    func window(pieces: [Int]) throws {
        // Random blocks that recur 32767 bytes later (the farthest a match may reach here), then 32768 and
        // 40000 bytes later (out of reach), over 2.6 MB: the window slides at least twice.
        var input: [UInt8] = []
        var seed: UInt64 = 1
        while input.count < 2_600_000 {
            let block = randomBytes(300, seed: seed)
            seed += 1
            input += block
            input += randomBytes(32767 - 300, seed: 1000 + seed)
            input += block
            input += randomBytes(32768 - 300, seed: 2000 + seed)
            input += block
            input += randomBytes(40000 - 300, seed: 3000 + seed)
        }
        let stream = compress(pieces == [1] ? Array(input.prefix(200_000)) : input, pieces: pieces)
        let decoded = try ReferenceInflater.inflate(stream)
        #expect(decoded.bytes == (pieces == [1] ? Array(input.prefix(200_000)) : input))
        #expect(decoded.largestDistance == 32767, "the farthest repeat in reach is found, none beyond")
    }

    @Test("mixed inputs (runs, near and far copies, noise) in random pieces and efforts all round-trip")
    func randomMixtures() throws {
        var random = SeededRandom(seed: 77)
        for round in 0..<30 {
            var input: [UInt8] = []
            let target = Int(random.next() % 60_000)
            while input.count < target {
                let length = Int(1 + random.next() % 700)
                switch random.next() % 4 {
                case 0: input += [UInt8](repeating: UInt8(truncatingIfNeeded: random.next()), count: length)
                case 1 where !input.isEmpty: // a copy from up to the whole window back, overlapping allowed
                    let start = max(0, input.count - Int(1 + random.next() % 40_000))
                    for index in 0..<length { input.append(input[start + index]) }
                case 2: input += randomBytes(length, seed: random.next())
                default: input += (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 3) }
                }
            }
            let pieces = (0..<3).map { _ in Int(1 + random.next() % 9000) }
            let effort = Deflater.Effort(searchDepth: Int(1 + random.next() % 64), niceLength: Int(4 + random.next() % 255),
                                         lazyLength: Int(random.next() % 259), goodLength: Int(random.next() % 259))
            let decoded = try ReferenceInflater.inflate(compress(input, pieces: pieces, effort: effort))
            #expect(decoded.bytes == input, "round \(round): \(input.count) bytes, pieces \(pieces), \(effort)")
        }
    }

    @Test("lazy evaluation: a match one byte on that is longer wins over the match here")
    func lazyMatching() throws {
        // "abcd" occurs, then "bcdefghijklmnop"; coding "abcdefghijklmnop" greedily takes "abcd" (4) and then
        // "efghijklmnop" (12); one step of lazy evaluation sends "a" as a literal and takes the 15 bytes.
        let junk = { (seed: UInt64) in randomBytes(40, seed: seed).map { $0 | 0x80 } }
        // A long run at the end (matches 1 byte back) keeps the block from being stored, which has no matches.
        let input = junk(1) + Array("abcd".utf8) + junk(2) + Array("bcdefghijklmnop".utf8) + junk(3)
            + Array("abcdefghijklmnop".utf8) + junk(4) + [UInt8](repeating: 0x7A, count: 2000)
        let decoded = try ReferenceInflater.inflate(compress(input))
        #expect(decoded.bytes == input)
        #expect(decoded.matches.filter { $0.distance > 1 }.map(\.length) == [15], "\(decoded.matches)")
    }

    @Test("the longest matches (258 bytes) and the nearest (1 byte back) are used")
    func matchLengths() throws {
        let input = [UInt8](repeating: 1, count: 258 * 40 + 1)
        let stream = compress(input)
        #expect(try ReferenceInflater.inflate(stream).bytes == input)
        // 40 matches of 258 need under 1 byte each with a code table; anything shorter needs more.
        #expect(stream.count < 30)
    }

    @Test("more effort finds more: a deeper search is no larger on image rows")
    func effort() throws {
        let rows = imageRows(width: 400, height: 300)
        let shallow = compress(rows, effort: Deflater.Effort(searchDepth: 1, niceLength: 8, lazyLength: 4, goodLength: 4))
        let standard = compress(rows)
        #expect(try ReferenceInflater.inflate(shallow).bytes == rows)
        #expect(standard.count < shallow.count)
    }
}
