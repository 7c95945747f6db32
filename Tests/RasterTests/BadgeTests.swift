import Foundation
import Raster
import Testing

@Suite("Badge")
struct BadgeTests {
    private let blue = SIMD4<UInt16>(20, 60, 200, 255)

    private func icon(_ side: Int) -> Image { Image(width: side, height: side, format: .rgba8, fill: blue) }

    /// 0…1 per pixel: how much of the text colour (white) a pixel holds over the badge colour (red), by its green channel
    /// (0 in the band's red, 255 in the white text).
    private func textCoverage(_ image: Image) -> [Double] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in Double(image.pixel(x: x, y: y)[1]) / 255 } }
    }

    @Test("pixels change only inside the band: a banner at the bottom leaves everything above it as it was", arguments: Badge.Position.allCases)
    func onlyInsideTheBand(position: Badge.Position) throws {
        let badge = Badge(text: "BETA", style: .banner, position: position)
        let side = 180, plain = icon(side)
        let drawn = try #require(badge.drawn(on: plain, safe: .inscribed(width: side, height: side)))
        // The band's rows: its centre 0.58 r from the middle, 0.34 r thick (r = 90), a pixel of anti-aliasing either side.
        let top = badge.position == .top
        let centre = 90 + (top ? -1 : 1) * 0.58 * 90, half = 0.17 * 90 + 1
        var changed = 0
        for y in 0..<side {
            for x in 0..<side where drawn.pixel(x: x, y: y) != plain.pixel(x: x, y: y) {
                changed += 1
                #expect(abs(Double(y) + 0.5 - centre) <= half, "(\(x), \(y)) changed outside the band")
            }
        }
        #expect(changed > side * 20)
    }

    @Test("the text at 60 px matches the same badge drawn at 4× and reduced: legible, not a smudge", arguments: ["BETA", "1.4.2", "QA-7"])
    func legibleAtSixty(text: String) throws {
        let badge = Badge(text: text, style: .banner)
        let small = try #require(badge.drawn(on: icon(60), safe: .inscribed(width: 60, height: 60)))
        let large = try #require(badge.drawn(on: icon(240), safe: .inscribed(width: 240, height: 240)))
        let reduced = Resampler.resize(large, to: PixelSize(width: 60, height: 60), options: ResizeOptions(filter: .box))
        let (a, b) = (textCoverage(small), textCoverage(reduced))
        // Only where the reference has text (band pixels with some white): the glyphs, not the band or the icon.
        let glyphs = b.indices.filter { b[$0] > 0.35 && reduced.pixel(x: $0 % 60, y: $0 / 60)[0] > 150 }
        #expect(glyphs.count > 40, "\(glyphs.count) text pixels")
        let error = glyphs.map { abs(a[$0] - b[$0]) }.reduce(0, +) / Double(glyphs.count)
        #expect(error < 0.12, "mean coverage difference \(error)")
    }

    @Test("below a 5 px cap height the badge is left out; at 40 px it is drawn")
    func threshold() {
        let badge = Badge(text: "BETA", style: .banner)
        #expect(badge.drawn(on: icon(40), safe: .inscribed(width: 40, height: 40)) != nil)
        #expect(badge.drawn(on: icon(20), safe: .inscribed(width: 20, height: 20)) == nil)
        // A long text shrinks to fit the chord first, and is dropped where that would make it too small.
        #expect(Badge(text: "RELEASE-CANDIDATE-12", style: .banner).drawn(on: icon(60), safe: .inscribed(width: 60, height: 60)) == nil)
        #expect(Badge(text: "RELEASE-CANDIDATE-12", style: .banner).drawn(on: icon(1024), safe: .inscribed(width: 1024, height: 1024)) != nil)
    }

    @Test("every style keeps its text inside the safe circle (an adaptive icon's 66 dp of 108)", arguments: Badge.Style.allCases)
    func textInsideSafeCircle(style: Badge.Style) throws {
        let side = 432 // 108 dp at xxxhdpi
        let safe = Badge.SafeArea.inscribed(width: side, height: side, fraction: 66.0 / 108.0)
        let badge = Badge(text: "DEV", style: style, textColor: RGBColor(red: 0, green: 255, blue: 0))
        let drawn = try #require(badge.drawn(on: icon(side), safe: safe))
        var ink = 0
        for y in 0..<side {
            for x in 0..<side {
                let p = drawn.pixel(x: x, y: y)
                guard p[1] > 128, p[0] < 100 else { continue } // the green text
                ink += 1
                let dx = Double(x) + 0.5 - safe.centerX, dy = Double(y) + 0.5 - safe.centerY
                #expect((dx * dx + dy * dy).squareRoot() <= safe.radius, "(\(x), \(y)) outside the safe circle")
            }
        }
        #expect(ink > 200)
    }

    @Test("the font draws capitals, digits and . - _ +; lower case as capitals; nothing else")
    func font() {
        #expect(StrokeFont.canDraw("Beta 1.4.2-rc_3+x"))
        #expect(!StrokeFont.canDraw("ÉTÉ") && !StrokeFont.canDraw("a/b"))
        #expect(StrokeFont.characters.count == 26 + 10 + 4)
        #expect(StrokeFont.layout("A").width < StrokeFont.layout("AA").width)
    }
}
