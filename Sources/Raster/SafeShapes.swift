/// What placing a master into a launcher's or browser's mask needs to know about it: whether it is a logo on
/// transparency or a full-bleed picture, how far from the centre its content reaches, and how to let a full-bleed
/// picture run past its edges without a seam.
extension Image {
    /// True when most of the border is transparent: a logo or glyph on transparency, which is scaled into a mask's safe
    /// circle on a background colour, rather than a full-bleed picture.
    package var hasTransparentEdges: Bool {
        let ring = border()
        return ring.coverage < ring.count / 2
    }

    /// The colour a picture continues into beyond its edges: the border pixels' colour weighted by their coverage, or
    /// `fallback` when the border is mostly transparent (a logo on transparency: its transparent pixels' colour — black,
    /// usually — is no colour of the picture's; Android's adaptive background and the maskable canvas were black). The
    /// mean is of sRGB-encoded values, over the outermost ring: what a full-bleed icon's edges fade into when inset.
    package func edgeColor(fallback: RGBColor) -> RGBColor {
        let ring = border()
        guard ring.coverage >= ring.count / 2 else { return fallback }
        let mean = ring.colour / ring.coverage * 255
        return RGBColor(red: UInt8(mean.x.rounded().clamped(to: 0...255)), green: UInt8(mean.y.rounded().clamped(to: 0...255)),
                        blue: UInt8(mean.z.rounded().clamped(to: 0...255)))
    }

    /// The share (0…1) of the visible pixels (alpha at least half) whose colour is within `tolerance` (of 255) of
    /// `colour` on every channel, over a grid of at most about 512 x 512 samples; nil when nothing is visible. A logo
    /// drawn all in its background's colour (a white logo for white) disappears when composited onto it.
    package func visibleShare(near colour: RGBColor, tolerance: Int = 24) -> Double? {
        let step = max(1, max(width, height) / 512), top = Int(format.maxValue)
        let target = SIMD3(Int(colour.red), Int(colour.green), Int(colour.blue))
        var visible = 0, near = 0
        for y in stride(from: 0, to: height, by: step) {
            for x in stride(from: 0, to: width, by: step) {
                let p = pixel(x: x, y: y)
                guard Int(p[3]) * 2 >= top else { continue }
                visible += 1
                let rgb = SIMD3(Int(p[0]), Int(p[1]), Int(p[2])) &* 255 / top
                if abs(rgb.x - target.x) <= tolerance, abs(rgb.y - target.y) <= tolerance, abs(rgb.z - target.z) <= tolerance { near += 1 }
            }
        }
        return visible == 0 ? nil : Double(near) / Double(visible)
    }

    /// The outermost ring of pixels: its colour summed weighted by alpha (0…1 channels), its summed alpha, its pixel count.
    private func border() -> (colour: SIMD3<Double>, coverage: Double, count: Double) {
        let top = Double(format.maxValue)
        var colour = SIMD3<Double>.zero, coverage = 0.0, count = 0.0
        func add(_ x: Int, _ y: Int) {
            let p = pixel(x: x, y: y), alpha = Double(p[3]) / top
            colour += SIMD3(Double(p[0]), Double(p[1]), Double(p[2])) / top * alpha
            coverage += alpha
            count += 1
        }
        for x in 0..<width { add(x, 0); add(x, height - 1) }
        for y in 1..<max(1, height - 1) { add(0, y); add(width - 1, y) }
        return (colour, coverage, count)
    }

    /// The distance in pixels from the image's centre to the farthest pixel centre whose alpha is above `threshold`
    /// (0…1; a faint shadow or anti-aliasing below it does not count); nil when no pixel is.
    package func contentRadius(threshold: Double = 0.05) -> Double? {
        let limit = UInt16((threshold * Double(format.maxValue)).rounded())
        let (centreX, centreY) = (Double(width) / 2, Double(height) / 2)
        var farthest = -1.0
        bytes.withUnsafeBytes { raw in
            for y in 0..<height {
                // The farthest pixel of a row is its first or last one with content: scanned in from both ends.
                var first = -1, last = -1
                for x in 0..<width where Image.load(from: raw, at: y * width + x, format: format)[3] > limit { first = x; break }
                guard first >= 0 else { continue }
                for x in stride(from: width - 1, through: first, by: -1) where Image.load(from: raw, at: y * width + x, format: format)[3] > limit {
                    last = x
                    break
                }
                let dy = Double(y) + 0.5 - centreY
                for x in [first, last] {
                    let dx = Double(x) + 0.5 - centreX
                    farthest = max(farthest, (dx * dx + dy * dy).squareRoot())
                }
            }
        }
        return farthest < 0 ? nil : farthest
    }

    /// A `side`×`side` image with this one at (`x`, `y`) and every pixel outside it the nearest pixel of its edge: a
    /// full-bleed picture carried past its border so that a layer larger than it (Android's 108 dp) has no seam.
    package func edgeExtended(toSide side: Int, x originX: Int, y originY: Int) -> Image {
        var result = Image(uninitializedWidth: side, height: side, format: format)
        let (width, height, format) = (self.width, self.height, self.format), pixelBytes = format.bytesPerPixel
        // Each row: its first pixel repeated, the part of the source row that lands, its last pixel repeated.
        let (left, right) = (min(max(originX, 0), side), min(max(originX + width, 0), side))
        bytes.withUnsafeBytes { source in
            result.bytes.withUnsafeMutableBytes { destination in
                for y in 0..<side {
                    let sourceY = min(max(y - originY, 0), height - 1), row = y * side
                    for x in 0..<left { Image.store(Image.load(from: source, at: sourceY * width, format: format), into: destination, at: row + x, format: format) }
                    if left < right {
                        (destination.baseAddress! + (row + left) * pixelBytes)
                            .copyMemory(from: source.baseAddress! + (sourceY * width + left - originX) * pixelBytes, byteCount: (right - left) * pixelBytes)
                    }
                    for x in max(right, left)..<side {
                        let sourceX = min(max(x - originX, 0), width - 1)
                        Image.store(Image.load(from: source, at: sourceY * width + sourceX, format: format), into: destination, at: row + x, format: format)
                    }
                }
            }
        }
        return result
    }

    /// The image centred on one `target` pixels wide and as tall, its sides continuing it: each row's edge pixel carried
    /// outwards and softened the further it goes (a vertical box blur of the edge column whose radius is half the
    /// distance from the edge), averaged in linear light with premultiplied alpha. A gradient runs on without a seam, a
    /// detailed edge fades into soft bands rather than streaks, and a flat edge stays exactly flat. For the wide tiles
    /// and tvOS back layers made from a square full-bleed master, whose sides were its mean edge colour: a seam beside
    /// any gradient.
    package func sideExtended(toWidth target: Int) -> Image {
        precondition(target >= width && width > 0 && height > 0, "the image must fit")
        var result = Image(uninitializedWidth: target, height: height, format: format)
        let (width, height, format) = (self.width, self.height, self.format), pixelBytes = format.bytesPerPixel
        let left = (target - width) / 2, right = target - width - left
        let decode = TransferFunction.decodeTable(for: format, linearLight: true), top = Float(format.maxValue)
        bytes.withUnsafeBytes { source in
            // Running sums of an edge column, premultiplied linear light: a window's mean is two lookups.
            func sums(column x: Int) -> [SIMD4<Double>] {
                var running = SIMD4<Double>(), result = [running]
                result.reserveCapacity(height + 1)
                for y in 0..<height {
                    let p = Image.load(from: source, at: y * width + x, format: format)
                    let alpha = Double(p[3]) / Double(top)
                    running += SIMD4(Double(decode[Int(p[0])]) * alpha, Double(decode[Int(p[1])]) * alpha, Double(decode[Int(p[2])]) * alpha, alpha)
                    result.append(running)
                }
                return result
            }
            let (leftSums, rightSums) = (sums(column: 0), sums(column: width - 1))
            result.bytes.withUnsafeMutableBytes { destination in
                for y in 0..<height {
                    (destination.baseAddress! + (y * target + left) * pixelBytes)
                        .copyMemory(from: source.baseAddress! + y * width * pixelBytes, byteCount: width * pixelBytes)
                }
                EncodeTables.with(linearLight: true) { tables in
                    let tables = tables!
                    func fill(distance: Int, x: Int, sums: [SIMD4<Double>]) {
                        let radius = distance / 2
                        for y in 0..<height {
                            let (low, high) = (max(0, y - radius), min(height - 1, y + radius))
                            let mean = (sums[high + 1] - sums[low]) / Double(high - low + 1)
                            var pixel = SIMD4<UInt16>(0, 0, 0, UInt16((Float(mean[3]) * top).rounded()))
                            if mean[3] > 0 {
                                for channel in 0..<3 {
                                    let linear = Float(mean[channel] / mean[3])
                                    pixel[channel] = format == .rgba8 ? UInt16(TransferFunction.encodeTo8Bit(linear, table: tables.to8Bit))
                                        : UInt16((TransferFunction.encode(linear, table: tables.toUnit) * top).rounded())
                                }
                            }
                            Image.store(pixel, into: destination, at: y * target + x, format: format)
                        }
                    }
                    for distance in stride(from: 1, through: max(left, right), by: 1) {
                        if distance <= left { fill(distance: distance, x: left - distance, sums: leftSums) }
                        if distance <= right { fill(distance: distance, x: left + width - 1 + distance, sums: rightSums) }
                    }
                }
            }
        }
        return result
    }

    /// The image on a `side`×`side` one of `background` (in the format's range), its top-left corner at (x, y).
    package func padded(toSide side: Int, x originX: Int, y originY: Int, background: SIMD4<UInt16>) -> Image {
        precondition(originX >= 0 && originY >= 0 && originX + width <= side && originY + height <= side, "the image must fit")
        var result = Image(width: side, height: side, format: format, fill: background)
        let pixelBytes = format.bytesPerPixel, rowBytes = width * pixelBytes
        bytes.withUnsafeBytes { source in
            result.bytes.withUnsafeMutableBytes { destination in
                for y in 0..<height {
                    (destination.baseAddress! + ((originY + y) * side + originX) * pixelBytes)
                        .copyMemory(from: source.baseAddress! + y * rowBytes, byteCount: rowBytes)
                }
            }
        }
        return result
    }
}
