import JPEG2000Codec
import JPEGCodec
import PNGCodec
import SVGCodec
import WebPCodec

/// IconForge's version and the system libraries it runs with, as `iconforge --version` prints them.
public enum IconForgeVersion {
    /// The release.
    public static let release = "0.2.0"

    /// "iconforge 0.2.0 (libpng 1.6.39, zlib 1.2.13, librsvg 2.54.7, libjpeg-turbo 2.1.5, libwebp 1.2.4, OpenJPEG 2.5.0)".
    public static var description: String {
        let png = PNG.libraryVersions
        return "iconforge \(release) (libpng \(png.libpng), zlib \(png.zlib), libdeflate \(png.libdeflate), librsvg \(SVG.libraryVersion), "
            + "libjpeg-turbo \(JPEG.libraryVersion), libwebp \(WebP.libraryVersion), OpenJPEG \(JPEG2000.libraryVersion))"
    }
}
