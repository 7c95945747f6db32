/// The one typeface IconForge ships, for badge text: capitals, digits and `.-_+` drawn as strokes on a 4×6 grid (y
/// down, the cap height 6 units), rendered by distance to each stroke, so it needs no font file, no system font and
/// no other program, and stays sharp at every size. Lower-case letters are drawn as capitals (small badges read better
/// in capitals, and one set of outlines is one to keep right).
package enum StrokeFont {
    /// A point in glyph units.
    package typealias Point = SIMD2<Double>

    /// The cap height, in glyph units.
    package static let capHeight = 6.0
    /// The stroke's width, in glyph units: bold, so that it survives reduction to a 5 px cap height.
    package static let strokeWidth = 1.15
    /// The space between two glyphs' outlines, in glyph units.
    package static let spacing = 1.2

    /// The characters the font draws (besides the space; lower-case letters as capitals).
    package static var characters: Set<Character> { Set(glyphs.keys) }

    /// True when every character of `text` can be drawn.
    package static func canDraw(_ text: String) -> Bool {
        text.uppercased().allSatisfy { $0 == " " || glyphs[$0] != nil }
    }

    /// The strokes of `text` laid out from x = 0 (the first glyph's centre line; ink begins half a stroke before), and
    /// the advance from the first ink to the last in glyph units.
    package static func layout(_ text: String) -> (segments: [(Point, Point)], width: Double) {
        var segments: [(Point, Point)] = [], x = 0.0, right = 0.0
        for character in text.uppercased() {
            let glyph = glyphs[character] ?? []
            let advance = character == " " ? 3.0 : character == "." ? 1.0 : 4.0
            for stroke in glyph {
                // A one-point stroke is a dot: a segment of no length.
                let pairs = stroke.count == 1 ? [(stroke[0], stroke[0])] : Array(zip(stroke, stroke.dropFirst()))
                for (a, b) in pairs {
                    segments.append((a + Point(x, 0), b + Point(x, 0)))
                }
            }
            right = x + advance
            x += advance + spacing
        }
        return (segments, right + strokeWidth)
    }

    /// Each glyph's strokes, as polylines (a one-point polyline is a dot).
    static let glyphs: [Character: [[Point]]] = {
        func p(_ coordinates: [Double]) -> [Point] { stride(from: 0, to: coordinates.count, by: 2).map { Point(coordinates[$0], coordinates[$0 + 1]) } }
        let o = p([1, 0, 3, 0, 4, 1, 4, 5, 3, 6, 1, 6, 0, 5, 0, 1, 1, 0])
        let bowl = p([0, 6, 0, 0, 3, 0, 4, 1, 4, 2, 3, 3, 0, 3])
        return [
            "A": [p([0, 6, 2, 0, 4, 6]), p([0.7, 4, 3.3, 4])],
            "B": [p([0, 3, 0, 0, 3, 0, 3.8, 0.8, 3.8, 2.2, 3, 3, 0, 3, 0, 6, 3, 6, 4, 5, 4, 4, 3, 3])],
            "C": [p([4, 1, 3, 0, 1, 0, 0, 1, 0, 5, 1, 6, 3, 6, 4, 5])],
            "D": [p([0, 0, 0, 6, 2.5, 6, 4, 4.5, 4, 1.5, 2.5, 0, 0, 0])],
            "E": [p([4, 0, 0, 0, 0, 6, 4, 6]), p([0, 3, 3, 3])],
            "F": [p([4, 0, 0, 0, 0, 6]), p([0, 3, 3, 3])],
            "G": [p([4, 1, 3, 0, 1, 0, 0, 1, 0, 5, 1, 6, 3, 6, 4, 5, 4, 3.5, 2.3, 3.5])],
            "H": [p([0, 0, 0, 6]), p([4, 0, 4, 6]), p([0, 3, 4, 3])],
            "I": [p([1, 0, 3, 0]), p([2, 0, 2, 6]), p([1, 6, 3, 6])],
            "J": [p([4, 0, 4, 5, 3, 6, 1, 6, 0, 5])],
            "K": [p([0, 0, 0, 6]), p([4, 0, 0, 4]), p([1.3, 2.7, 4, 6])],
            "L": [p([0, 0, 0, 6, 4, 6])],
            "M": [p([0, 6, 0, 0, 2, 3.5, 4, 0, 4, 6])],
            "N": [p([0, 6, 0, 0, 4, 6, 4, 0])],
            "O": [o],
            "P": [bowl],
            "Q": [o, p([2.5, 4.5, 4, 6])],
            "R": [bowl, p([2, 3, 4, 6])],
            "S": [p([4, 1, 3, 0, 1, 0, 0, 1, 0, 2, 1, 3, 3, 3, 4, 4, 4, 5, 3, 6, 1, 6, 0, 5])],
            "T": [p([0, 0, 4, 0]), p([2, 0, 2, 6])],
            "U": [p([0, 0, 0, 5, 1, 6, 3, 6, 4, 5, 4, 0])],
            "V": [p([0, 0, 2, 6, 4, 0])],
            "W": [p([0, 0, 1, 6, 2, 2.5, 3, 6, 4, 0])],
            "X": [p([0, 0, 4, 6]), p([4, 0, 0, 6])],
            "Y": [p([0, 0, 2, 3, 4, 0]), p([2, 3, 2, 6])],
            "Z": [p([0, 0, 4, 0, 0, 6, 4, 6])],
            "0": [o, p([3.3, 1, 0.7, 5])],
            "1": [p([1, 1, 2, 0, 2, 6]), p([1, 6, 3, 6])],
            "2": [p([0, 1, 1, 0, 3, 0, 4, 1, 4, 2, 0, 6, 4, 6])],
            "3": [p([0, 0, 4, 0, 2, 2.5, 3, 2.5, 4, 3.5, 4, 5, 3, 6, 1, 6, 0, 5])],
            "4": [p([3, 6, 3, 0, 0, 4, 4, 4])],
            "5": [p([4, 0, 0, 0, 0, 2.5, 3, 2.5, 4, 3.5, 4, 5, 3, 6, 1, 6, 0, 5])],
            "6": [p([3.5, 0, 1.5, 0, 0, 1.5, 0, 5, 1, 6, 3, 6, 4, 5, 4, 4, 3, 3, 0, 3])],
            "7": [p([0, 0, 4, 0, 1.5, 6])],
            "8": [p([3, 3, 1, 3, 0, 4, 0, 5, 1, 6, 3, 6, 4, 5, 4, 4, 3, 3, 4, 2, 4, 1, 3, 0, 1, 0, 0, 1, 0, 2, 1, 3])],
            "9": [p([4, 3, 1, 3, 0, 2, 0, 1, 1, 0, 3, 0, 4, 1, 4, 4.5, 2.5, 6, 0.5, 6])],
            ".": [p([0.5, 5.6])],
            "-": [p([0.5, 3, 3.5, 3])],
            "_": [p([0, 6, 4, 6])],
            "+": [p([0, 3, 4, 3]), p([2, 1, 2, 5])],
        ]
    }()
}

extension StrokeFont {
    /// How wide `text` is drawn at `capHeight` pixels, from its first ink to its last.
    package static func inkWidth(_ text: String, capHeight cap: Double) -> Double { cap * layout(text).width / StrokeFont.capHeight }

    /// `image` (as 8-bit RGBA) with `text` drawn on it in `color`, `capHeight` pixels tall, its ink starting at `x` and
    /// its capitals' top ink at `y`.
    package static func drawn(_ text: String, on image: Image, x: Double, y: Double, capHeight cap: Double, color: RGBColor) -> Image {
        var canvas = image.format == .rgba8 ? image : image.converted(to: .rgba8)
        var ink = Coverage(width: canvas.width, height: canvas.height)
        let scale = cap / StrokeFont.capHeight
        let shift = SIMD2(strokeWidth / 2, strokeWidth / 2)
        for (a, b) in layout(text).segments {
            let map = { (p: Point) in SIMD2(x, y) + (p + shift) * scale }
            ink.addSegment(map(a), map(b), radius: strokeWidth / 2 * scale, square: false)
        }
        canvas.composite(color, coverage: ink)
        return canvas
    }
}
