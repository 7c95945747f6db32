/// How an image is fitted into an output of another shape.
public enum FitMode: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Scale to cover the output, then crop what overflows (aspect-fill).
    case fill
    /// Scale to fit inside the output and pad the rest (aspect-fit).
    case fit
    /// Scale each axis on its own to the output (distorts when the aspects differ).
    case stretch

    public var description: String { rawValue }
}

/// Which part of the image is kept when cropping (`fill`) or where it sits when padding (`fit`).
public enum Gravity: String, Sendable, CaseIterable, CustomStringConvertible {
    case center, top, bottom, left, right
    case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"

    public var description: String { rawValue }

    /// Position as fractions of the free space: 0 = left/top, 0.5 = centre, 1 = right/bottom.
    package var fractions: (x: Double, y: Double) {
        switch self {
        case .center: (0.5, 0.5)
        case .top: (0.5, 0)
        case .bottom: (0.5, 1)
        case .left: (0, 0.5)
        case .right: (1, 0.5)
        case .topLeft: (0, 0)
        case .topRight: (1, 0)
        case .bottomLeft: (0, 1)
        case .bottomRight: (1, 1)
        }
    }
}

/// Where a resize reads and writes: the exact source rectangle (fractional, in source pixels) that maps
/// onto the destination rectangle (whole pixels) of the output. Crops are resampled from precisely this
/// rectangle rather than by resizing everything and cutting at a whole pixel, so a centred crop stays centred.
package struct Placement: Sendable, Equatable {
    /// Left edge of the source rectangle, in source pixels.
    package var sourceX: Double
    /// Top edge of the source rectangle.
    package var sourceY: Double
    /// Width of the source rectangle.
    package var sourceWidth: Double
    /// Height of the source rectangle.
    package var sourceHeight: Double
    /// Left edge of the destination rectangle in the output.
    package var destinationX: Int
    /// Top edge of the destination rectangle.
    package var destinationY: Int
    /// Width of the destination rectangle.
    package var destinationWidth: Int
    /// Height of the destination rectangle.
    package var destinationHeight: Int

    /// Where in the source an `output`-sized result would be copied from, pixel for pixel, when this
    /// placement neither scales nor shifts by a fraction of a pixel and fills the whole output: an
    /// interpolating filter would return exactly those pixels, so there is nothing to filter.
    package func pixelCopyOrigin(output: PixelSize) -> (x: Int, y: Int)? {
        guard destinationX == 0, destinationY == 0, destinationWidth == output.width, destinationHeight == output.height,
              sourceWidth == Double(output.width), sourceHeight == Double(output.height),
              sourceX == sourceX.rounded(), sourceY == sourceY.rounded() else { return nil }
        return (Int(sourceX), Int(sourceY))
    }

    /// The placement of a `source`-sized image in an `output`-sized one.
    package init(source: PixelSize, output: PixelSize, fit: FitMode, gravity: Gravity = .center) {
        let (sw, sh) = (Double(source.width), Double(source.height))
        let (ow, oh) = (Double(output.width), Double(output.height))
        let (gx, gy) = gravity.fractions
        (sourceX, sourceY, sourceWidth, sourceHeight) = (0, 0, sw, sh)
        (destinationX, destinationY, destinationWidth, destinationHeight) = (0, 0, output.width, output.height)
        switch fit {
        case .stretch:
            break
        case .fill:
            let scale = max(ow / sw, oh / sh)
            sourceWidth = min(sw, ow / scale)
            sourceHeight = min(sh, oh / scale)
            sourceX = (sw - sourceWidth) * gx
            sourceY = (sh - sourceHeight) * gy
        case .fit:
            let scale = min(ow / sw, oh / sh)
            destinationWidth = min(output.width, max(1, Int((sw * scale).rounded())))
            destinationHeight = min(output.height, max(1, Int((sh * scale).rounded())))
            destinationX = Int((Double(output.width - destinationWidth) * gx).rounded())
            destinationY = Int((Double(output.height - destinationHeight) * gy).rounded())
        }
    }
}
