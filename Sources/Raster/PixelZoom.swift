/// Nearest-neighbour magnification, for showing small icons' pixels as a person inspects them: every pixel
/// becomes a `factor`×`factor` block, with no interpolation to hide what the file really holds.
extension Image {
    /// This image with each pixel repeated `factor` times in each direction (same format).
    package func magnified(by factor: Int) -> Image {
        precondition(factor >= 1, "the factor must be at least 1")
        guard factor > 1 else { return self }
        let pixelBytes = format.bytesPerPixel
        let (outWidth, outHeight) = (width * factor, height * factor)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * pixelBytes)
        let (width, height) = (self.width, self.height)
        bytes.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { destination in
                for y in 0..<height {
                    let firstRow = y &* factor &* outWidth &* pixelBytes
                    // Build one output row, then copy it to the block's other rows.
                    for x in 0..<width {
                        let from = (y &* width &+ x) &* pixelBytes
                        for copy in 0..<factor {
                            let to = firstRow &+ (x &* factor &+ copy) &* pixelBytes
                            for byte in 0..<pixelBytes { destination[to &+ byte] = source[from &+ byte] }
                        }
                    }
                    let rowBytes = outWidth &* pixelBytes
                    for repeat_ in 1..<factor {
                        let to = firstRow &+ repeat_ &* rowBytes
                        for byte in 0..<rowBytes { destination[to &+ byte] = destination[firstRow &+ byte] }
                    }
                }
            }
        }
        return Image(width: outWidth, height: outHeight, format: format, bytes: out)
    }
}
