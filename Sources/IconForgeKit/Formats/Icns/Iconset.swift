import Raster

/// An `.iconset` folder, the input of `iconutil --convert icns`: PNGs named for the point size and scale they are
/// (`icon_16x16.png`, `icon_16x16@2x.png`, … `icon_512x512@2x.png`). iconutil refuses the whole set ("Invalid
/// Iconset") when one of them is not the size its name gives, so `validate` holds each to it.
enum Iconset {
    /// The folder extension.
    static let folderExtension = "iconset"
    /// The point sizes iconutil reads, each at 1x and 2x.
    static let points = [16, 32, 128, 256, 512]

    /// The size the file `name` must be in an `.iconset`, with the slot it names (`icon_32x32@2x.png` is 64x64), or
    /// nil for a name iconutil does not read.
    static func expected(fileName name: String) -> (pixels: PixelSize, slot: String)? {
        guard name.hasPrefix("icon_"), name.hasSuffix(".png") else { return nil }
        var stem = name.dropFirst(5).dropLast(4)
        let scale = stem.hasSuffix("@2x") ? 2 : 1
        if scale == 2 { stem = stem.dropLast(3) }
        let sides = stem.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, sides[0] == sides[1], let side = Int(sides[0]), points.contains(side) else { return nil }
        return (PixelSize(width: side * scale, height: side * scale), "\(side)x\(side) pt @\(scale)x in an .iconset")
    }
}
