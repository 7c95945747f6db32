import Foundation
import Raster

/// Android TV's launcher banner (`drawable-xhdpi/banner.png`, 320x180 px): without `android:banner` the app does not
/// appear in the TV launcher's row of apps. The logo is centred on the background; the manifest lines go into a snippet.
enum AndroidTVBanner {
    /// The snippet of `AndroidManifest.xml` lines, written beside `res/`.
    static let snippetName = "AndroidManifest-tv.xml"
    /// The share of the banner's width and height the logo may take.
    static let logoWidth = 0.8, logoHeight = 0.66

    /// The banner at `size`: a logo on transparency (trimmed to its content) on `background`; a full-bleed picture on
    /// its own edge colour, so that it continues into the banner.
    static func make(master: Image, placement: MaskPlacement, size: PixelSize, background: RGBColor, filter: Filter, text: String? = nil) -> Image {
        var logo = master
        if !placement.isFullBleed, let box = master.contentBox(threshold: 0.05) { logo = master.cropped(x: box.x, y: box.y, size: box.size) }
        let colour = placement.background(fallback: background)
        let layout = text.flatMap { textLayout($0, size: size) }
        // With the app's name the logo takes the left of the banner, the name beside it (Google's banners: logo and name).
        let (boxWidth, boxHeight) = layout == nil ? (logoWidth, logoHeight) : (textLogoWidth, textLogoHeight)
        let scale = min(Double(size.width) * boxWidth / Double(logo.width), Double(size.height) * boxHeight / Double(logo.height))
        let fitted = PixelSize(width: max(1, Int((Double(logo.width) * scale).rounded())), height: max(1, Int((Double(logo.height) * scale).rounded())))
        let resized = Resampler.resize(logo, to: fitted, options: ResizeOptions(filter: filter, fit: .stretch, outputFormat: .rgba16))
        var canvas = Canvas(width: size.width, height: size.height)
        canvas.fill(.solid(colour))
        guard let text, let layout else {
            canvas.draw(resized, x: (size.width - fitted.width) / 2, y: (size.height - fitted.height) / 2)
            return canvas.image(format: .rgba16)
        }
        // Logo, gap and name centred together.
        let gap = Double(size.height) * textGap
        let start = ((Double(size.width) - Double(fitted.width) - gap - layout.width) / 2).rounded()
        canvas.draw(resized, x: Int(start), y: (size.height - fitted.height) / 2)
        // Dark text on a light background, white on a dark one.
        let light = 0.2126 * Double(colour.red) + 0.7152 * Double(colour.green) + 0.0722 * Double(colour.blue) > 150
        let ink = light ? RGBColor(red: 32, green: 33, blue: 36) : RGBColor(red: 255, green: 255, blue: 255)
        let inkHeight = layout.cap * (StrokeFont.capHeight + StrokeFont.strokeWidth) / StrokeFont.capHeight
        return StrokeFont.drawn(text, on: canvas.image(format: .rgba8), x: start + Double(fitted.width) + gap, y: (Double(size.height) - inkHeight) / 2,
                                capHeight: layout.cap, color: ink)
    }

    /// With the app's name: the logo's share of the width and height, and the gap beside it as a share of the height.
    static let textLogoWidth = 0.3, textLogoHeight = 0.56, textGap = 0.08
    /// The largest cap height of the name (a share of the banner's height), and the smallest legible on a TV across a room.
    static let largestCap = 0.16, smallestCap = 9.0

    /// The name's cap height and width beside a logo of the widest share, or nil when it would be too small to read.
    static func textLayout(_ text: String, size: PixelSize) -> (cap: Double, width: Double)? {
        let margin = Double(size.height) * 0.1
        let room = Double(size.width) - 2 * margin - Double(size.width) * textLogoWidth - Double(size.height) * textGap
        let natural = StrokeFont.inkWidth(text, capHeight: 1)
        guard !text.isEmpty, natural > 0 else { return nil }
        let cap = min(Double(size.height) * largestCap, room / natural)
        return cap < smallestCap ? nil : (cap, natural * cap)
    }

    /// The density folders a banner bitmap may be in, and its scale there: 160x90 dp (320x180 px at xhdpi); `nodpi`'s
    /// is never scaled, so it is drawn at xhdpi's pixels.
    static let densityScales: [(name: String, scale: Double)] = [("ldpi", 0.75), ("mdpi", 1), ("hdpi", 1.5), ("xhdpi", 2), ("xxhdpi", 3),
                                                                 ("xxxhdpi", 4), ("nodpi", 2)]

    /// The PNGs of the banner the module's manifest already names (Jellyfin's `android:banner="@mipmap/app_banner"`, one
    /// in each density folder) that a run into `res` refreshes in place, each at 160x90 dp for its density: paths relative
    /// to `res`. Empty when the manifest names no banner, names the launcher icon as its banner, or names one with no PNG
    /// in `res` (a vector, a layer list): the run then writes its own `drawable-xhdpi/banner.png` and the manifest lines.
    static func manifestBannerFiles(res: String) -> [(path: String, pixels: PixelSize)] {
        let project = AndroidProject(res: res)
        guard let banner = project.manifestBanner, banner.hasPrefix("@"), ![project.manifestIcon, project.manifestRoundIcon].contains(banner) else { return [] }
        let parts = banner.dropFirst().split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, ["drawable", "mipmap"].contains(parts[0]) else { return [] }
        return densityScales.compactMap { density in
            let path = "\(parts[0])-\(density.name)/\(parts[1]).png"
            guard FileManager.default.fileExists(atPath: (res as NSString).appendingPathComponent(path)) else { return nil }
            return (path, PixelSize(width: Int((160 * density.scale).rounded()), height: Int((90 * density.scale).rounded())))
        }
    }

    /// The lines for `AndroidManifest.xml`.
    static func snippet(drawable: String) -> String {
        """
        <!-- Android TV: merge into AndroidManifest.xml. Generated by iconforge. -->
        <uses-feature android:name="android.software.leanback" android:required="false" />
        <uses-feature android:name="android.hardware.touchscreen" android:required="false" />
        <application android:banner="@drawable/\(drawable)">
            <!-- in the launch activity's intent filter, beside its LAUNCHER category: -->
            <intent-filter>
                <action android:name="android.intent.action.MAIN" />
                <category android:name="android.intent.category.LEANBACK_LAUNCHER" />
            </intent-filter>
        </application>

        """
    }
}
