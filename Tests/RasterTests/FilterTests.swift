import Raster
import Testing

@Suite("Filter")
struct FilterTests {
    @Test("filters are selectable by name", arguments: ["lanczos3", "mitchell", "catmull-rom", "triangle", "box"])
    func byName(name: String) {
        #expect(Filter(rawValue: name)?.description == name)
    }

    @Test("each kernel is 1 at the centre (or B-spline blended for Mitchell) and 0 beyond its support", arguments: Filter.allCases)
    func shape(filter: Filter) {
        #expect(filter.weight(filter.support + 0.01) == 0 && filter.weight(-filter.support - 0.01) == 0)
        #expect(abs(filter.weight(0) - (filter == .mitchell ? 8.0 / 9 : 1)) < 1e-12)
        if filter != .box { #expect(abs(filter.weight(0.3) - filter.weight(-0.3)) < 1e-12) }
    }

    @Test("interpolating filters weigh 1 at 0 and vanish at the other integers; Mitchell does not")
    func interpolating() {
        #expect(Filter.allCases.filter(\.interpolates) == [.lanczos3, .catmullRom, .triangle, .box])
        for filter in Filter.allCases {
            let exact = abs(filter.weight(0) - 1) < 1e-12 && (1...3).allSatisfy { abs(filter.weight(Double($0))) < 1e-12 }
            #expect(exact == filter.interpolates, "\(filter)")
        }
        #expect(Filter.lanczos3.weight(1.5) < 0) // the negative lobe that keeps edges sharp
    }
}
