import Foundation
import Raster

/// Why a master cannot make what a request asks of it. The description follows the master's path.
public enum MasterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The master is not square, an output needs a square icon, and no `--fit` says how to make one: the master's
    /// size and the first such output's path.
    case notSquare(size: PixelSize, output: String)
    /// The master is smaller than an output it must fill, and `--allow-upscale` was not given: the master's size,
    /// the output most enlarged, its size, and by what factor.
    case tooSmall(Enlargement)
    /// A file given to a reader of JPEG and SVG facts that is neither.
    case notJPEGOrSVG

    /// A master enlarged to fill an output: what `tooSmall` refuses, and what `--allow-upscale` warns of.
    public struct Enlargement: Sendable, Equatable, CustomStringConvertible {
        /// The master's size.
        public var size: PixelSize
        /// The output's path in its folder, and its size.
        public var output: String
        /// The output's pixel size.
        public var pixels: PixelSize
        /// Output pixels per master pixel along the axis that must be covered.
        public var factor: Double

        package init(size: PixelSize, output: String, pixels: PixelSize, factor: Double) {
            (self.size, self.output, self.pixels, self.factor) = (size, output, pixels, factor)
        }

        public var description: String {
            "is \(size), too small for \(output) (\(pixels)): it would be enlarged " + String(format: "%.2f", factor) + "x"
        }
    }

    public var description: String {
        switch self {
        case .notSquare(let size, let output): "is \(size), but app icons are square (\(output)); crop the master, or pass --fit fill (crop) or --fit fit (pad)"
        case .tooSmall(let enlargement): "\(enlargement); use a larger master, or pass --allow-upscale"
        case .notJPEGOrSVG: "is neither a JPEG nor an SVG"
        }
    }
}
