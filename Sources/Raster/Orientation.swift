/// How a camera-made picture must be turned to stand upright: EXIF's Orientation tag (1…8).
package enum Orientation: Int, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// True when applying it swaps width and height.
    package var swapsSides: Bool { rawValue >= 5 }
}

extension Image {
    /// The image turned upright as `orientation` says (EXIF: 6 is rotated 90° clockwise to display, and so on).
    package func oriented(_ orientation: Orientation) -> Image {
        if orientation == .up { return self }
        let (w, h) = (width, height)
        let (outWidth, outHeight) = orientation.swapsSides ? (h, w) : (w, h)
        let pixel = format.bytesPerPixel
        var result = Image(uninitializedWidth: outWidth, height: outHeight, format: format)
        result.bytes.withUnsafeMutableBytes { target in
            bytes.withUnsafeBytes { source in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        // The source pixel that lands on (x, y) of the upright image.
                        let (sx, sy): (Int, Int) = switch orientation {
                        case .up: (x, y)
                        case .upMirrored: (w - 1 - x, y)
                        case .down: (w - 1 - x, h - 1 - y)
                        case .downMirrored: (x, h - 1 - y)
                        case .leftMirrored: (y, x)
                        case .right: (y, h - 1 - x)
                        case .rightMirrored: (w - 1 - y, h - 1 - x)
                        case .left: (w - 1 - y, x)
                        }
                        (target.baseAddress! + (y * outWidth + x) * pixel).copyMemory(from: source.baseAddress! + (sy * w + sx) * pixel,
                                                                                      byteCount: pixel)
                    }
                }
            }
        }
        return result
    }
}
