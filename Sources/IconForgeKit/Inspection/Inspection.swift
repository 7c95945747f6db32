import Foundation
import PNGCodec
import Raster

/// What `iconforge inspect` reports about one PNG: header facts, colour chunks and opacity.
/// The JSON shape is stable: every key is always present, absent values are `null`.
public struct Inspection: Sendable, Equatable, Encodable {
    /// The path as given.
    package var path: String
    /// The file's size in bytes.
    public var fileBytes: Int
    /// Header facts and colour chunks.
    public var info: PNGInfo
    /// The decoded pixel format (`rgba8` or `rgba16`).
    public var pixelFormat: Image.PixelFormat
    /// How many pixels have alpha below full opacity.
    public var translucentPixels: Int
    /// The first such pixel in reading order.
    public var firstTranslucentPixel: (x: Int, y: Int)?

    /// True when every pixel is fully opaque.
    public var isOpaque: Bool { translucentPixels == 0 }

    /// The file inspected.
    public var url: URL { URL(fileURLWithPath: path) }

    /// Reads, decodes and describes the PNG at `url` (a file URL).
    public static func inspect(_ url: URL, limits: PNGLimits = .default) throws(IconForgeError) -> Inspection {
        try inspect(url.path, limits: limits)
    }

    /// Reads, decodes and describes the file at `path`.
    package static func inspect(_ path: String, limits: PNGLimits = .default) throws(IconForgeError) -> Inspection {
        let (fileBytes, decoded) = try FileIO.readPNG(path, limits: limits)
        let translucency = decoded.image.translucency()
        return Inspection(path: path, fileBytes: fileBytes, info: decoded.info, pixelFormat: decoded.image.format,
                          translucentPixels: translucency.count, firstTranslucentPixel: translucency.first)
    }

    /// One paragraph for people, e.g. "icon.png: 1024x1024 RGB 8-bit, non-interlaced; opaque".
    public var text: String {
        var line = "\(path): \(info.summary), \(fileBytes) bytes; decoded as \(pixelFormat.rawValue); "
        if let first = firstTranslucentPixel {
            line += "\(translucentPixels) pixel\(translucentPixels == 1 ? " is" : "s are") not fully opaque (first at \(first.x),\(first.y))"
        } else {
            line += info.canBeTranslucent
                ? "has an alpha channel but every pixel is opaque" : "opaque"
        }
        var chunks: [String] = []
        if let gamma = info.gamma { chunks.append("gAMA \(gamma)") } else if info.hasGamma { chunks.append("gAMA (invalid)") }
        if let intent = info.srgbIntent {
            chunks.append("sRGB (\(["perceptual", "relative colorimetric", "saturation", "absolute colorimetric"][min(intent, 3)]))")
        } else if info.hasSRGB { chunks.append("sRGB (invalid)") }
        if info.hasICCProfile { chunks.append("iCCP \"\(info.iccProfileName ?? "?")\"") }
        if info.hasChromaticities { chunks.append("cHRM") }
        if info.hasTransparencyChunk { chunks.append("tRNS") }
        if !chunks.isEmpty { line += "\n  colour chunks: " + chunks.joined(separator: ", ") }
        if let warning = info.warning { line += "\n  libpng warning: \(warning)" }
        return line
    }

    private enum Key: String, CodingKey {
        case path, fileBytes, width, height, bitDepth, colorType, interlaced, pixelFormat, opaque, translucentPixels,
             firstTranslucentPixel, hasTRNS, hasGAMA, gamma, hasSRGB, srgbIntent, hasICCP, iccProfileName, hasCHRM, warning
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(path, forKey: .path)
        try container.encode(fileBytes, forKey: .fileBytes)
        try container.encode(info.width, forKey: .width)
        try container.encode(info.height, forKey: .height)
        try container.encode(info.bitDepth, forKey: .bitDepth)
        try container.encode(info.colorType.description, forKey: .colorType)
        try container.encode(info.isInterlaced, forKey: .interlaced)
        try container.encode(pixelFormat.rawValue, forKey: .pixelFormat)
        try container.encode(isOpaque, forKey: .opaque)
        try container.encode(translucentPixels, forKey: .translucentPixels)
        try container.encode(firstTranslucentPixel.map { [$0.x, $0.y] }, forKey: .firstTranslucentPixel)
        try container.encode(info.hasTransparencyChunk, forKey: .hasTRNS)
        try container.encode(info.hasGamma, forKey: .hasGAMA)
        try container.encode(info.gamma, forKey: .gamma)
        try container.encode(info.hasSRGB, forKey: .hasSRGB)
        try container.encode(info.srgbIntent, forKey: .srgbIntent)
        try container.encode(info.hasICCProfile, forKey: .hasICCP)
        try container.encode(info.iccProfileName, forKey: .iccProfileName)
        try container.encode(info.hasChromaticities, forKey: .hasCHRM)
        try container.encode(info.warning, forKey: .warning)
    }

    public static func == (lhs: Inspection, rhs: Inspection) -> Bool {
        lhs.path == rhs.path && lhs.fileBytes == rhs.fileBytes && lhs.info == rhs.info && lhs.pixelFormat == rhs.pixelFormat
            && lhs.translucentPixels == rhs.translucentPixels
            && lhs.firstTranslucentPixel?.x == rhs.firstTranslucentPixel?.x
            && lhs.firstTranslucentPixel?.y == rhs.firstTranslucentPixel?.y
    }
}
