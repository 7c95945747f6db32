/// A label drawn on an icon to tell builds apart ("BETA", "1.4.2"): a band or a tag in a colour, with text in
/// `StrokeFont`, placed inside the part of the icon every mask shows (the safe circle) and sized to the icon it is
/// drawn on, so that a 40 px icon gets a label drawn for 40 px, not a 1024 px one scaled down.
public struct Badge: Sendable, Equatable {
    /// The label's shape.
    public enum Style: String, Sendable, CaseIterable {
        /// A diagonal band across a corner.
        case ribbon
        /// A horizontal band across the icon, at the top or the bottom.
        case banner
        /// A rounded tag in a corner.
        case corner
        /// A capsule at the top or bottom centre.
        case pill
    }

    /// Where the label goes: a corner (ribbon, corner) or an edge (banner, pill).
    public enum Position: String, Sendable, CaseIterable {
        case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"
        case top, bottom

        var vertical: Double { [.topLeft, .topRight, .top].contains(self) ? -1 : 1 }
        var horizontal: Double { [.topLeft, .bottomLeft].contains(self) ? -1 : [.top, .bottom].contains(self) ? 0 : 1 }
    }

    package var text: String
    package var style: Style
    package var position: Position
    package var color: RGBColor
    package var textColor: RGBColor

    /// The smallest cap height, in pixels, at which the text is drawn; on an icon where it would be smaller the badge is
    /// left out (a 3 px letter is noise, and the icon's own picture matters more there).
    package static let minimumCapHeight = 5.0

    /// A badge; `position` nil takes the style's usual place (top-right for corners, bottom for edges).
    package init(text: String, style: Style = .banner, position: Position? = nil,
                color: RGBColor = RGBColor(red: 0xE5, green: 0x39, blue: 0x35), textColor: RGBColor = .white) {
        self.text = text
        self.style = style
        self.color = color
        self.textColor = textColor
        let corner = style == .ribbon || style == .corner
        self.position = position.map { p in
            // A corner style given an edge (or the reverse) takes the nearest place of its kind.
            switch (corner, p) {
            case (true, .top): .topRight
            case (true, .bottom): .bottomRight
            case (false, .topLeft), (false, .topRight): .top
            case (false, .bottomLeft), (false, .bottomRight): .bottom
            default: p
            }
        } ?? (corner ? .topRight : .bottom)
    }

    /// The part of an icon the label must stay in: a circle in pixels (the icon's inscribed circle for a square icon, the
    /// 66 dp circle of an adaptive icon's 108 dp layer, a maskable icon's 80% circle).
    package struct SafeArea: Sendable, Hashable {
        package var centerX: Double, centerY: Double
        /// Half the side of the square, or the circle's radius.
        package var radius: Double
        /// A circle (adaptive and maskable icons, watch icons); else a square whose corners a mask may round (iOS, macOS).
        package var isCircle: Bool
        package init(centerX: Double, centerY: Double, radius: Double, isCircle: Bool = true) {
            self.centerX = centerX
            self.centerY = centerY
            self.radius = radius
            self.isCircle = isCircle
        }
        /// The inscribed circle (or square) of a `width`×`height` image scaled by `fraction`.
        package static func inscribed(width: Int, height: Int, fraction: Double = 1, circle: Bool = true) -> SafeArea {
            SafeArea(centerX: Double(width) / 2, centerY: Double(height) / 2, radius: Double(min(width, height)) / 2 * fraction, isCircle: circle)
        }
    }

    /// `image` with the badge drawn inside `safe`, or nil when the text would be below `minimumCapHeight` there.
    package func drawn(on image: Image, safe: SafeArea) -> Image? {
        let (strokes, textWidth) = StrokeFont.layout(text)
        let r = safe.radius
        // The text's cap height, from the safe area (a band 0.34 r thick, the text filling 56% of it), but at least
        // 5.5 px while the area allows (0.3 r): small icons get a relatively larger label, as type gets at small sizes.
        var cap = max(0.56 * 0.34 * r, min(5.5, 0.3 * r))
        let band = cap / 0.56
        let inkHeight = { (cap: Double) in cap * (StrokeFont.capHeight + StrokeFont.strokeWidth) / StrokeFont.capHeight }
        let inkWidth = { (cap: Double) in cap * textWidth / StrokeFont.capHeight }
        // Where the label's centre line is, as a distance from the circle's centre towards the position, and how much
        // room the text has along it (the chord of the circle at the band's outer edge, less a margin).
        // A circle's room is its chord at the band's outer edge; a square's its side (a banner) or the length of the
        // diagonal band inside it (a ribbon), less a margin for the mask's rounded corners.
        func available(at outer: Double, diagonal: Bool) -> Double {
            if safe.isCircle { return 2 * (r * r - min(outer, r * 0.98) * min(outer, r * 0.98)).squareRoot() }
            return diagonal ? 2 * max(0, 2.squareRoot() * r - outer) * 0.8 : 2 * r * 0.84
        }
        let centre: Double, room: Double
        switch style {
        case .banner, .ribbon:
            centre = min(0.58 * r, (safe.isCircle ? 0.96 : 0.92) * r - band / 2)
            room = available(at: centre + band / 2, diagonal: style == .ribbon) * 0.92
        case .pill:
            centre = min(0.62 * r, (safe.isCircle ? 0.96 : 0.92) * r - band / 2)
            room = available(at: centre + band / 2, diagonal: false) * 0.8
        case .corner:
            centre = 0.62 * r
            room = 0.62 * r
        }
        if inkWidth(cap) > room { cap *= room / inkWidth(cap) }
        guard cap >= Self.minimumCapHeight, !text.isEmpty else { return nil }

        // The frame of the label: its centre and its direction (along the text), in pixels.
        let direction: SIMD2<Double>, middle: SIMD2<Double>
        let origin = SIMD2(safe.centerX, safe.centerY)
        switch style {
        case .banner, .pill:
            direction = SIMD2(1, 0)
            middle = origin + SIMD2(0, position.vertical * centre)
        case .ribbon:
            // Across the corner at 45°: the band runs from one edge to the next, the text reads left to right.
            let outward = SIMD2(position.horizontal, position.vertical) / 2.squareRoot()
            direction = position.horizontal == position.vertical ? SIMD2(1, -1) / 2.squareRoot() : SIMD2(1, 1) / 2.squareRoot()
            middle = origin + outward * centre
        case .corner:
            direction = SIMD2(1, 0)
            middle = origin + SIMD2(position.horizontal, position.vertical) / 2.squareRoot() * centre
        }
        let normal = SIMD2(-direction.y, direction.x)

        var canvas = image.format == .rgba8 ? image : image.converted(to: .rgba8)
        var shape = Coverage(width: canvas.width, height: canvas.height)
        let half = inkWidth(cap) / 2 + band * 0.45
        switch style {
        case .banner, .ribbon:
            // A band long enough to leave the image at both ends: its ends are never seen.
            let length = Double(canvas.width + canvas.height)
            shape.addSegment(middle - direction * length, middle + direction * length, radius: band / 2, square: true)
        case .pill:
            shape.addSegment(middle - direction * (half - band / 2), middle + direction * (half - band / 2), radius: band / 2, square: false)
        case .corner:
            shape.addRoundedBox(center: middle, halfWidth: half - band * 0.2, halfHeight: band / 2, cornerRadius: band * 0.3)
        }
        canvas.composite(color, coverage: shape)

        var ink = Coverage(width: canvas.width, height: canvas.height)
        let scale = cap / StrokeFont.capHeight
        let start = middle - direction * (inkWidth(cap) / 2) - normal * (inkHeight(cap) / 2)
        for (a, b) in strokes {
            let shift = SIMD2(StrokeFont.strokeWidth / 2, StrokeFont.strokeWidth / 2)
            let map = { (p: StrokeFont.Point) in start + direction * ((p.x + shift.x) * scale) + normal * ((p.y + shift.y) * scale) }
            ink.addSegment(map(a), map(b), radius: StrokeFont.strokeWidth / 2 * scale, square: false)
        }
        canvas.composite(textColor, coverage: ink)
        return canvas
    }
}

/// Anti-aliased coverage, 0…1 per pixel, of shapes given by their distance: a pixel is covered by how far its centre
/// lies inside the edge (half a pixel either side), which is what a box filter of the exact shape gives at straight edges.
struct Coverage {
    let width: Int, height: Int
    var values: [Float]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        values = [Float](repeating: 0, count: width * height)
    }

    /// A segment thickened to `radius`: round caps, or square ones that end flush at `a` and `b`.
    mutating func addSegment(_ a: SIMD2<Double>, _ b: SIMD2<Double>, radius: Double, square: Bool) {
        let axis = b - a, length = (axis * axis).sum().squareRoot()
        let unit = length > 0 ? axis / length : SIMD2(1, 0)
        let normal = SIMD2(-unit.y, unit.x)
        let pad = radius + 1
        add(minX: min(a.x, b.x) - pad, maxX: max(a.x, b.x) + pad, minY: min(a.y, b.y) - pad, maxY: max(a.y, b.y) + pad) { p in
            let d = p - a
            let along = (d * unit).sum(), across = abs((d * normal).sum())
            if square { return max(across - radius, max(-along, along - length)) }
            let t = min(max(along, 0), length)
            let nearest = a + unit * t, offset = p - nearest
            return (offset * offset).sum().squareRoot() - radius
        }
    }

    /// An axis-aligned box with rounded corners.
    mutating func addRoundedBox(center: SIMD2<Double>, halfWidth: Double, halfHeight: Double, cornerRadius: Double) {
        add(minX: center.x - halfWidth - 1, maxX: center.x + halfWidth + 1, minY: center.y - halfHeight - 1, maxY: center.y + halfHeight + 1) { p in
            let q = SIMD2(abs(p.x - center.x) - halfWidth + cornerRadius, abs(p.y - center.y) - halfHeight + cornerRadius)
            let outside = SIMD2(max(q.x, 0), max(q.y, 0))
            return (outside * outside).sum().squareRoot() + min(max(q.x, q.y), 0) - cornerRadius
        }
    }

    /// Over the pixels of a bounding box, the coverage of a shape given by its signed distance (negative inside).
    private mutating func add(minX: Double, maxX: Double, minY: Double, maxY: Double, distance: (SIMD2<Double>) -> Double) {
        let x0 = max(0, Int(minX.rounded(.down))), x1 = min(width - 1, Int(maxX.rounded(.up)))
        let y0 = max(0, Int(minY.rounded(.down))), y1 = min(height - 1, Int(maxY.rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        values.withUnsafeMutableBufferPointer { buffer in
            for y in y0...y1 {
                for x in x0...x1 {
                    let covered = Float(min(max(0.5 - distance(SIMD2(Double(x) + 0.5, Double(y) + 0.5)), 0), 1))
                    let index = y * width + x
                    if covered > buffer[index] { buffer[index] = covered }
                }
            }
        }
    }
}

extension Image {
    /// Paints `color` over the image where `coverage` says, in sRGB values (as drawing tools blend flat colours).
    mutating func composite(_ color: RGBColor, coverage: Coverage) {
        let paint = SIMD4<Float>(Float(color.red), Float(color.green), Float(color.blue), 255)
        bytes.withUnsafeMutableBufferPointer { pixels in
            for index in coverage.values.indices where coverage.values[index] > 0 {
                let a = coverage.values[index], base = index * 4
                let under = SIMD4<Float>(Float(pixels[base]), Float(pixels[base + 1]), Float(pixels[base + 2]), Float(pixels[base + 3]))
                // Source over: colour weighted by each one's alpha, then divided by the result's alpha.
                let underAlpha = under.w / 255, outAlpha = a + underAlpha * (1 - a)
                guard outAlpha > 0 else { continue }
                for channel in 0..<3 {
                    let value = (paint[channel] * a + under[channel] * underAlpha * (1 - a)) / outAlpha
                    pixels[base + channel] = UInt8(min(max(value.rounded(), 0), 255))
                }
                pixels[base + 3] = UInt8(min(max((outAlpha * 255).rounded(), 0), 255))
            }
        }
    }
}
