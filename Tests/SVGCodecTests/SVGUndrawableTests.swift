import Raster
import SVGCodec
import TestSupport
import Testing

@Suite("SVG: what librsvg does not draw")
struct SVGUndrawableTests {
    /// Figma's export of a square with a drop shadow as one feDropShadow, and a label.
    static let shadowed = Array("""
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
          <!-- <g filter="url(#shadow)"> in a comment is not an element -->
          <defs>
            <filter id="shadow" x="0" y="0" width="100" height="100">
              <feDropShadow dx="0" dy="4" stdDeviation="2" flood-opacity="0.25"/>
            </filter>
            <filter id="soft"><feGaussianBlur stdDeviation="1"/><feOffset dy="2"/></filter>
          </defs>
          <g id="art" filter="url(#shadow)">
            <rect x="20" y="20" width="60" height="60" fill="#E53935"/>
          </g>
          <circle cx="50" cy="50" r="5" style="fill: white; filter: url('#soft')"/>
          <svg:text x="10" y="95" xmlns:svg="http://www.w3.org/2000/svg">v2</svg:text>
        </svg>
        """.utf8)

    @Test("a group using a filter librsvg drops is named with its id and line; a filter it draws and comments are not; text is named")
    func named() throws {
        let found = SVG.undrawable(Self.shadowed)
        let expected = SVG.drawsDropShadow ? 1 : 2
        #expect(found.count == expected, "\(found)")
        if !SVG.drawsDropShadow {
            #expect(found.first?.kind == .filter && found.first?.element == "<g id=\"art\">" && found.first?.line == 9)
            #expect(found.first!.reason.contains("feDropShadow") && found.first!.reason.contains("filter 'shadow'"))
        }
        #expect(found.last?.kind == .text && found.last?.element == "<text>" && found.last?.line == 13)
    }

    @Test("librsvg here really drops the group: drawing the shadowed square leaves it empty")
    func reallyDropped() throws {
        let image = try SVG.render(Self.shadowed, path: nil, size: PixelSize(width: 100, height: 100), maxBytes: 1 << 24)
        let red = image.pixel(x: 50, y: 30)
        #expect((red[3] == 0) == !SVG.drawsDropShadow, "\(red)")
    }

    @Test("an unknown primitive drops the element whatever the version; a broken document is read without a trap")
    func unknownAndBroken() throws {
        let unknown = Array(#"<svg xmlns="http://www.w3.org/2000/svg"><filter id="f"><feGlow/></filter><path d="M0 0h4v4z" filter="url(#f)"/></svg>"#.utf8)
        #expect(SVG.undrawable(unknown).map(\.element) == ["<path>"])
        for length in stride(from: 0, to: Self.shadowed.count, by: 13) { _ = SVG.undrawable(Array(Self.shadowed.prefix(length))) }
        #expect(SVG.undrawable(Array("<svg><text".utf8)).count == 1)
    }
}
