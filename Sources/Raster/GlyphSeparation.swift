/// Separating the main glyph of a full-bleed picture from its background: what Android's themed icon needs from a
/// master that has no transparency (its coverage alone is a solid square, which a launcher shows as a blank tile).
extension Image {
    /// How a pixel's distance from the background becomes glyph coverage, in sRGB units (0…1 a channel): nearer than
    /// `lower` is background, farther than `upper` is glyph, linear between (the anti-aliased edge). Chosen on flat
    /// and gradient backgrounds with JPEG noise (about 0.03): noise stays background, a glyph's edge stays smooth.
    static let glyphDistance: (lower: Double, upper: Double) = (0.10, 0.22)

    /// The glyph as coverage: `color` (in the format's range, as for `coverage(color:)`), with alpha where the picture differs from its background. The background is
    /// every colour of the outermost rings of pixels (a gradient's whole range, a flat colour's noise), so a pixel is
    /// glyph when it is far from all of them. Holes in the glyph stay holes; specks smaller than `minimumSpeck` of
    /// the picture (noise, a stray dot) are dropped. Nil when nothing separates — the glyph would cover less than
    /// 0.5% or more than 85% of the picture, i.e. there is no glyph, or it is the background.
    package func separatedGlyph(color: SIMD4<UInt16>, minimumSpeck: Double = 0.001) -> Image? {
        guard width >= 8, height >= 8 else { return nil }
        let palette = borderPalette()
        guard !palette.isEmpty else { return nil }
        let count = width * height, top = Double(format.maxValue)
        let (lower, upper) = Image.glyphDistance
        // Coverage 0…1 per pixel, from the nearest background colour.
        var coverage = [Double](repeating: 0, count: count)
        let format = self.format
        bytes.withUnsafeBytes { raw in
            for index in 0..<count {
                let p = Image.load(from: raw, at: index, format: format)
                let alpha = Double(p[3]) / top
                let colour = SIMD3(Double(p[0]), Double(p[1]), Double(p[2])) / top
                var nearest = Double.greatestFiniteMagnitude
                for background in palette {
                    let d = colour - background
                    nearest = min(nearest, (d * d).sum())
                }
                let distance = nearest.squareRoot()
                coverage[index] = min(max((distance - lower) / (upper - lower), 0), 1) * alpha
            }
        }
        dropSpecks(&coverage, smallerThan: max(1, Int(Double(count) * minimumSpeck)))
        let area = coverage.reduce(0, +) / Double(count)
        guard area >= 0.005, area <= 0.85 else { return nil }
        var result = Image(width: width, height: height, format: format)
        result.bytes.withUnsafeMutableBytes { destination in
            for index in 0..<count {
                let alpha = UInt16((coverage[index] * top).rounded())
                Image.store(SIMD4(color[0], color[1], color[2], alpha), into: destination, at: index, format: format)
            }
        }
        return result
    }

    /// The distinct colours (0…1 sRGB) of the two outermost rings, each the mean of the pixels that fall into one cell
    /// of a 16-level grid per channel; cells holding under 0.5% of the ring are noise and left out. Transparent
    /// pixels are no colour of the background's.
    private func borderPalette() -> [SIMD3<Double>] {
        let top = Double(format.maxValue)
        var cells: [Int: (sum: SIMD3<Double>, count: Int)] = [:]
        var total = 0
        func add(_ x: Int, _ y: Int) {
            let p = pixel(x: x, y: y)
            guard Double(p[3]) / top >= 0.5 else { return }
            let colour = SIMD3(Double(p[0]), Double(p[1]), Double(p[2])) / top
            let key = Int(colour.x * 15.99) << 8 | Int(colour.y * 15.99) << 4 | Int(colour.z * 15.99)
            cells[key, default: (.zero, 0)].sum += colour
            cells[key, default: (.zero, 0)].count += 1
            total += 1
        }
        for ring in 0..<2 {
            for x in ring..<(width - ring) { add(x, ring); add(x, height - 1 - ring) }
            for y in (ring + 1)..<(height - 1 - ring) { add(ring, y); add(width - 1 - ring, y) }
        }
        return cells.values.filter { Double($0.count) >= Double(total) * 0.005 }.map { $0.sum / Double($0.count) }
    }

    /// Clears the connected regions (4-neighbour, of pixels at least half covered) smaller than `minimum` pixels, with
    /// the faint edge pixels around them.
    private func dropSpecks(_ coverage: inout [Double], smallerThan minimum: Int) {
        let (width, height) = (self.width, self.height)
        var seen = [Bool](repeating: false, count: width * height)
        var stack: [Int] = []
        var members: [Int] = []
        for start in 0..<coverage.count where coverage[start] >= 0.5 && !seen[start] {
            members.removeAll(keepingCapacity: true)
            stack.append(start)
            seen[start] = true
            while let index = stack.popLast() {
                members.append(index)
                let x = index % width
                func visit(_ next: Int) {
                    if !seen[next] && coverage[next] >= 0.5 { seen[next] = true; stack.append(next) }
                }
                if x > 0 { visit(index - 1) }
                if x < width - 1 { visit(index + 1) }
                if index >= width { visit(index - width) }
                if index + width < coverage.count { visit(index + width) }
            }
            guard members.count < minimum else { continue }
            for index in members {
                let (x, y) = (index % width, index / width)
                // The speck and the one-pixel fringe of anti-aliasing around it.
                for ny in max(0, y - 1)...min(height - 1, y + 1) {
                    for nx in max(0, x - 1)...min(width - 1, x + 1) where coverage[ny * width + nx] < 0.5 || ny * width + nx == index {
                        coverage[ny * width + nx] = 0
                    }
                }
            }
        }
    }
}
