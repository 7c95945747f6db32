import Raster

/// How a master goes under a mask that may crop it to a circle — Android's adaptive layers, the web's maskable icon —
/// decided once per master: a logo on transparency is scaled so that its content stays inside the safe circle, on a
/// background colour; a full-bleed picture fills the safe square and its edge pixels run on to the canvas's edges,
/// so no mask, parallax or pulse shows an inset square or a seam.
struct MaskPlacement: Sendable {
    /// For a logo on transparency, how far its content reaches from the master's centre, in the master's pixels (nil
    /// when it draws nothing); for a full-bleed picture, nothing.
    private let logo: Double??
    /// The colour the picture continues into beyond its edges; nil for a logo (which has none of its own).
    private let edge: RGBColor?
    /// The master's short side: what fills the square it is drawn into.
    private let shortSide: Int

    init(_ master: Image) {
        // The ring of border pixels is cheap; the content's reach is a full scan, made only for a logo.
        logo = master.hasTransparentEdges ? .some(master.contentRadius()) : nil
        edge = logo == nil ? master.edgeColor(fallback: .white) : nil
        shortSide = min(master.width, master.height)
    }

    /// True for a full-bleed picture (its border mostly opaque), false for a logo on transparency.
    var isFullBleed: Bool { logo == nil }

    /// The background behind the master: its own edge colour, or `fallback` (`--background`) for a logo.
    func background(fallback: RGBColor) -> RGBColor { edge ?? fallback }

    /// The master placed on a `side`×`side` canvas whose safe square is `square` pixels and safe circle `safeRadius`:
    /// `resize(n)` gives the master filling n×n. A logo lies on `fill` (transparent when nil).
    func placed(side: Int, square: Int, safeRadius: Double, fill: RGBColor?, parallelism: Parallelism, resize: (Int) -> Image) -> Image {
        guard let logo else { return resize(square).edgeExtended(toSide: side, x: (side - square) / 2, y: (side - square) / 2) }
        // Never larger than the safe square; smaller when filling it would carry the content past the circle.
        var inner = square
        if let radius = logo, radius * Double(square) / Double(shortSide) > safeRadius {
            inner = max(1, Int((Double(shortSide) * safeRadius / radius).rounded(.down)))
        }
        // Only the master's square is composited; around it the picture is the fill alone (or nothing), one pixel of
        // it stored as the canvas stores it and repeated (an adaptive icon's 768 px layers are mostly margin).
        var canvas = Canvas(width: inner, height: inner), around = Canvas(width: 1, height: 1)
        if let fill {
            canvas.fill(.solid(fill))
            around.fill(.solid(fill))
        }
        canvas.draw(resize(inner), x: 0, y: 0)
        return canvas.image(format: .rgba16, parallelism: parallelism)
            .padded(toSide: side, x: (side - inner) / 2, y: (side - inner) / 2, background: around.image(format: .rgba16).pixel(x: 0, y: 0))
    }
}
