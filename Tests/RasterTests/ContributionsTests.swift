import Raster
import Testing

@Suite("Contributions")
struct ContributionsTests {
    @Test("weights of every output pixel sum to 1", arguments: Filter.allCases)
    func normalised(filter: Filter) {
        for (source, output) in [(1024, 29), (10, 37), (5, 5), (3, 1)] {
            let table = Contributions(sourceLength: source, sourceStart: 0, sourceExtent: Double(source), outputLength: output, filter: filter)
            for x in 0..<output {
                let sum = (0..<table.tapCounts[x]).reduce(Float(0)) { $0 + table.weights[x * table.stride + $1] }
                #expect(abs(sum - 1) < 1e-5)
                #expect(table.starts[x] >= 0 && table.starts[x] + table.tapCounts[x] <= source)
            }
        }
    }

    @Test("shrinking 1024→29 widens the kernel over every source pixel: none is skipped")
    func noSkippedPixels() {
        let table = Contributions(sourceLength: 1024, sourceStart: 0, sourceExtent: 1024, outputLength: 29, filter: .box)
        var covered = Set<Int>()
        for x in 0..<29 {
            #expect(table.tapCounts[x] >= 35)
            for tap in 0..<table.tapCounts[x] where table.weights[x * table.stride + tap] > 0 { covered.insert(table.starts[x] + tap) }
        }
        #expect(covered == Set(0..<1024))
    }

    @Test("at scale 1 an interpolating filter is the identity")
    func identity() {
        let table = Contributions(sourceLength: 9, sourceStart: 0, sourceExtent: 9, outputLength: 9, filter: .lanczos3)
        #expect(table.tapCounts == Array(repeating: 1, count: 9) && table.starts == Array(0..<9))
    }
}
