import Foundation
import PNGCodec
import Raster

/// Android's status-bar notification icon (`drawable-<density>/ic_stat_<name>.png`, 24 dp): since Android 5 the
/// system draws only its alpha, tinted white (or the notification's colour), so it is a white silhouette on
/// transparency. Made from the same analysis as the themed icon's monochrome layer: a logo's coverage, a full-bleed
/// picture's separated glyph, or a designed glyph (`--monochrome FILE`); `validate` flags one with colour or without
/// transparency (the status bar shows it as a white square).
enum AndroidNotificationIcon {
    /// The working canvas: four times xxxhdpi's 96 px, every density reduced from it.
    static let canvas = 384
    /// The live area of the 24 dp canvas: 20 dp (Material's 2 dp padding around the glyph).
    static let liveArea = canvas * 20 / 24

    /// The silhouette on the working canvas; nil when no glyph stands out (a full-bleed picture whose glyph cannot be
    /// separated), for which any icon would be a white square.
    static func make(master: Image, designed: Image?, canvas: Int = canvas, parallelism: Parallelism = .serial) -> Image? {
        let liveArea = canvas * 20 / 24
        let source = designed ?? master
        // Analysed at 1024 px at most, in 16 bits (as the adaptive icon's layers are).
        let long = max(source.width, source.height), side = min(long, 1024)
        let size = PixelSize(width: max(1, source.width * side / long), height: max(1, source.height * side / long))
        let work = Resampler.resize(source, to: size, options: ResizeOptions(fit: .stretch, outputFormat: .rgba16), parallelism: parallelism)
        let white = SIMD4<UInt16>(65535, 65535, 65535, 0)
        let glyph: Image
        if designed == nil, !work.hasTransparentEdges {
            guard let separated = work.separatedGlyph(color: white) else { return nil }
            glyph = separated
        } else {
            glyph = work.coverage(color: white)
        }
        guard let box = glyph.contentBox(threshold: 0.05) else { return nil }
        let content = glyph.cropped(x: box.x, y: box.y, size: box.size)
        let scale = Double(liveArea) / Double(max(box.size.width, box.size.height))
        let fitted = PixelSize(width: max(1, Int((Double(box.size.width) * scale).rounded())), height: max(1, Int((Double(box.size.height) * scale).rounded())))
        let resized = Resampler.resize(content, to: fitted, options: ResizeOptions(fit: .stretch, outputFormat: .rgba16), parallelism: parallelism)
        var result = Canvas(width: canvas, height: canvas)
        result.draw(resized, x: (canvas - fitted.width) / 2, y: (canvas - fitted.height) / 2)
        return result.image(format: .rgba16, parallelism: parallelism)
    }

    /// True for a notification icon by Android's naming convention: `drawable*/ic_stat_*.png`.
    static func isNotificationIcon(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent, folder = (path.parentFolder as NSString).lastPathComponent
        return folder.hasPrefix("drawable") && name.hasPrefix("ic_stat_") && name.lowercased().hasSuffix(".png")
    }

    /// The share of pixels at or above which an icon is a square to the status bar: its alpha is all that is drawn.
    static let opaqueShare = 0.9

    /// `validate`'s rules: a notification icon whose pixels have colour (the system draws them white) or that has
    /// no transparency (drawn as a white square) is an error.
    static func findings(_ path: String, limits: PNGLimits) -> [Finding] {
        let name = (path as NSString).lastPathComponent
        let image: Image
        do { image = try PNG.decode(try FileIO.read(path), limits: limits).image } catch {
            return [Finding(.decode, .error, "\(name) is not a PNG Android reads (\(error))", fix: "re-export it as a PNG")]
        }
        let top = Double(image.format.maxValue)
        var opaque = 0, coloured = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                guard Double(pixel[3]) >= top / 2 else { continue }
                if Double(pixel[3]) >= top * 0.98 { opaque += 1 }
                let channels = [pixel[0], pixel[1], pixel[2]]
                if Double(channels.max()! - channels.min()!) > top * 0.12 { coloured += 1 }
            }
        }
        let count = image.width * image.height
        var result: [Finding] = []
        // 24 dp at the folder's density: another size is drawn scaled (blurred), as lint's IconDipSize says.
        let folder = (path.parentFolder as NSString).lastPathComponent
        if let density = AndroidResourceChecks.densities.first(where: { folder.split(separator: "-").contains(Substring($0.name)) }) {
            let side = density.legacy / 2 // 24 dp is half the 48 dp launcher icon
            if image.width != side || image.height != side {
                result.append(Finding(.notificationIcon, .warning, "\(name) is \(image.size) but should be \(side)x\(side) (24 dp at \(density.name)); Android scales it",
                                      fix: "run 'iconforge generate MASTER --preset android-notification'"))
            }
        }
        if Double(opaque) >= Double(count) * opaqueShare {
            result.append(Finding(.notificationIcon, .error, "\(name) has no transparency (\(percent(opaque, of: count)) of its pixels are opaque): "
                                  + "the status bar draws only alpha, so it shows as a white square",
                                  fix: "make it a white glyph on transparency ('iconforge generate MASTER --preset android-notification')"))
        }
        if coloured > 0 {
            result.append(Finding(.notificationIcon, .error, "\(name) has colour (\(percent(coloured, of: count)) of its pixels): Android draws "
                                  + "notification icons from alpha alone, in white, so the colours are lost",
                                  fix: "make it white on transparency ('iconforge generate MASTER --preset android-notification')"))
        }
        return result
    }

    private static func percent(_ part: Int, of whole: Int) -> String {
        let value = 100 * Double(part) / Double(max(whole, 1))
        return value < 1 ? "under 1%" : "\(Int(value.rounded()))%"
    }
}

extension Image {
    /// The smallest rectangle holding every pixel whose alpha is above `threshold` (0…1); nil when none is.
    func contentBox(threshold: Double) -> (x: Int, y: Int, size: PixelSize)? {
        let limit = UInt16((threshold * Double(format.maxValue)).rounded())
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        for y in 0..<height {
            for x in 0..<width where pixel(x: x, y: y)[3] > limit {
                minX = Swift.min(minX, x); maxX = Swift.max(maxX, x)
                minY = Swift.min(minY, y); maxY = Swift.max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, PixelSize(width: maxX - minX + 1, height: maxY - minY + 1))
    }
}
