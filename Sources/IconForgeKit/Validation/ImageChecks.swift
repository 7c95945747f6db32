import Foundation
import PNGCodec
import Raster

/// The per-file rules: format rules for every PNG, and the rules each role adds. Header rules read only
/// `PNGInfo`; pixel rules read the image decoded once.
enum ImageChecks {
    static func check(_ target: ValidationTarget, info: PNGInfo, image: Image) -> [Finding] {
        let name = (target.path as NSString).lastPathComponent
        var findings: [Finding] = []
        if info.isInterlaced, interlacingMatters(target) {
            // Xcode and iOS read interlaced PNGs; only the icon and launch roles' own format rules forbid them.
            let icon = target.role.requiresOpaque
            findings.append(Finding(.interlaced, icon ? .error : .warning,
                                    "is Adam7-interlaced; Apple asks for non-interlaced PNGs" + (icon ? "" : " (slower to decode, larger)"),
                                    fix: "run 'iconforge fix', or re-export with interlacing off"))
        }
        if info.hasTrailingData {
            findings.append(Finding(.trailingData, .warning,
                                    "holds more compressed data after the image than the image needs (it was not read)",
                                    fix: "re-export the file, or run 'iconforge convert' on it"))
        }
        // A template image's colours are never drawn (its alpha is the glyph, in the tint colour): no profile misleads.
        if colourIsUnmanaged(target), target.role != .template { findings += colourProfile(info) }
        findings += size(name: name, target: target, info: info)
        let translucency = info.canBeTranslucent ? image.translucency() : (count: 0, first: nil)
        switch target.role {
        case .app, .launch:
            // An icon only iOS 6's slots name is in no app Xcode still builds (actool leaves it out with a notice): its
            // pixels are nobody's, so an opaque icon's rules say nothing of it. Its size is still the slot's.
            if target.beforeIOS7 { break }
            findings += bitDepth(info, opaque: translucency.count == 0, role: target.role)
            if let first = translucency.first {
                findings.append(transparency(target, count: translucency.count, first: first))
            }
            if target.role == .app {
                findings += corners(image)
                findings += margin(image)
            }
        case .template:
            if translucency.count == 0 {
                findings.append(Finding(.templateAlpha, .error,
                                        "has no transparency, so as a template image it shows as a solid block; its shape must come from alpha alone",
                                        fix: "export the glyph on a transparent background"))
            }
            // Only bar icons have a size rule: template images also serve as 44 pt widget buttons and the like.
            let scale = target.scale ?? scaleFromName(name)
            let points = (Double(info.width) / Double(scale), Double(info.height) / Double(scale))
            if target.barIcon, points.0 > 48 || points.1 > 32 {
                findings.append(Finding(.templateSize, .warning,
                                        "is \(info.width)x\(info.height) px at @\(scale)x, \(PointSize.format(points.0))x\(PointSize.format(points.1)) pt; tab-bar glyphs should be at most 48x32 pt",
                                        fix: "export it at about 25 pt (tab bar) or 22 pt (toolbar) per scale"))
            }
        default: // a variant, a file nothing describes
            break
        }
        return findings
    }

    /// Translucent pixels in an opaque role. An error where Apple refuses or the device shows it broken: the
    /// App Store icon (ITMS-90717), the primary set's light icons (iOS draws the pixels over black) and
    /// launch images. Alternate and extension icons ship with such pixels (alpha 254 in alternate icons,
    /// transparent action-extension glyphs): a warning there.
    private static func transparency(_ target: ValidationTarget, count: Int, first: (x: Int, y: Int)) -> Finding {
        let pixels = "\(count) pixel\(count == 1 ? " is" : "s are") not fully opaque (first at \(first.x),\(first.y))"
        let fix = "run 'iconforge fix --background #RRGGBB' to composite over a colour, or export without transparency"
        if target.role == .launch {
            return Finding(.transparency, .error, pixels + "; launch images must be opaque", fix: fix, reference: "HIG, Launch screens")
        }
        if target.appStoreIcon && target.primary {
            return Finding(.transparency, .error, pixels + "; the App Store icon must be opaque", fix: fix,
                           reference: "ITMS-90717: Invalid App Store Icon")
        }
        if target.primary {
            return Finding(.transparency, .error, pixels + "; app icons must be opaque (iOS shows these pixels over black)", fix: fix,
                           reference: "QA1686")
        }
        return Finding(.transparency, .warning, pixels + "; an alternate or extension icon: iOS shows these pixels over black", fix: fix,
                       reference: "QA1686")
    }

    private static func size(name: String, target: ValidationTarget, info: PNGInfo) -> [Finding] {
        var findings: [Finding] = []
        for (pixels, label) in target.expectations where pixels.width != info.width || pixels.height != info.height {
            findings.append(Finding(.size, .error, "\(name) is \(info.width)x\(info.height) but should be \(pixels) (\(label))",
                                    fix: "export it at \(pixels), or run 'iconforge generate' for the set"))
        }
        if let (pixels, label) = target.bounds, info.width > pixels.width || info.height > pixels.height {
            findings.append(Finding(.size, .warning, "\(name) is \(info.width)x\(info.height), larger than \(pixels) (\(label)): what lies outside is cut off",
                                    fix: "export it at \(pixels) or smaller, or run 'iconforge generate' for the set"))
        }
        if target.role == .app, target.expectations.isEmpty, info.width != info.height {
            findings.append(Finding(.size, .error, "\(name) is \(info.width)x\(info.height); app icons are square",
                                    fix: "crop or pad the artwork to a square"))
        }
        return findings
    }

    /// Pixel formats Apple takes (actool converts them; shipped apps use all of them) but that are poor
    /// practice for opaque roles: warnings. Translucency itself is the transparency rule's.
    private static func bitDepth(_ info: PNGInfo, opaque: Bool, role: Role) -> [Finding] {
        var problems: [String] = []
        if info.bitDepth == 16 { problems.append("has 16 bits per channel") }
        switch info.colorType {
        case .palette: problems.append("is a palette (indexed-colour) PNG")
        case .grayscale: problems.append("is greyscale")
        case .grayscaleAlpha: problems.append("is greyscale with an alpha channel")
        case .rgba: problems.append("has an alpha channel (RGBA)" + (opaque ? " although every pixel is opaque" : ""))
        case .rgb: break
        }
        if info.hasTransparencyChunk { problems.append("has a tRNS transparency chunk") }
        guard !problems.isEmpty else { return [] }
        let what = role == .app ? "app icons" : "launch images"
        return [Finding(.bitDepth, .warning, problems.joined(separator: ", ") + "; \(what) are best stored as opaque 24-bit RGB",
                        fix: "run 'iconforge fix', or export as 24-bit RGB without alpha")]
    }

    /// True where a profile other than sRGB or Display P3 misleads: Apple's assets (the HIG asks for those two),
    /// Windows and Linux desktop icons (their shells draw the values as sRGB). Browsers and Android (8+) colour-manage
    /// what they show, so a web page's pictures, manifest and Android icons and a file nothing describes outside a
    /// catalog look as their profile says.
    /// Interlacing is Apple's rule (its HIG asks for de-interlaced PNGs; App Store icons refuse them). Android's AAPT2
    /// re-encodes PNGs, and browsers, Windows, Linux desktops and Electron read interlaced ones as they read any other:
    /// Buttercup's tray PNGs in an Electron app were told Apple's rule. A file of no role counts inside an asset
    /// catalog or `.iconset` only.
    private static func interlacingMatters(_ target: ValidationTarget) -> Bool {
        switch target.role {
        case .web, .android, .androidNotification, .androidBanner, .androidSplash, .browserExtension, .windows, .linux, .snap: false
        case .unknown: target.path.split(separator: "/").contains { $0.hasSuffix(".xcassets") || $0.hasSuffix(".iconset") }
        default: true
        }
    }

    private static func colourIsUnmanaged(_ target: ValidationTarget) -> Bool {
        switch target.role {
        case .web, .android, .androidNotification, .androidBanner, .androidSplash, .browserExtension: false
        case .unknown: target.path.split(separator: "/").contains { $0.hasSuffix(".xcassets") }
        default: true
        }
    }

    /// Colour information decoders may apply. sRGB (by chunk, by profile, or by cHRM stating its primaries),
    /// Display P3 (the wide gamut iOS and Xcode catalogs support natively) and a grey profile of sRGB's tone (the
    /// one a grey PNG can carry: "Generic Gray Gamma 2.2", which macOS writes into grey images) are silent; any other profile,
    /// gamma or primaries shift colours in some decoders.
    private static func colourProfile(_ info: PNGInfo) -> [Finding] {
        if info.hasICCProfile {
            let description = info.iccProfile.flatMap(ICCProfile.description(of:)) ?? info.iccProfileName ?? "unnamed"
            let names = (description + " " + (info.iccProfileName ?? "")).lowercased()
            let standard = info.iccProfile.map { ICCProfile.hasStandardPrimaries($0) || ICCProfile.isStandardGrey($0) } ?? false
            if !names.contains("srgb") && !names.contains("p3") && !standard {
                return [Finding(.colorProfile, .warning, "embeds the ICC profile '\(description)', which is not sRGB or Display P3; colours will not look as designed",
                                fix: "convert the artwork to sRGB (or Display P3) and export with that profile")]
            }
            return []
        }
        if info.hasSRGB { return [] }
        var findings: [Finding] = []
        if let gamma = info.gamma, abs(gamma - 0.45455) > 0.01 {
            findings.append(Finding(.colorProfile, .warning, "has a gAMA chunk of \(gamma) and no sRGB chunk; decoders that honour it show it lighter or darker",
                                    fix: "re-export as sRGB without gamma information"))
        }
        if info.hasChromaticities && !info.chromaticitiesAreSRGB {
            findings.append(Finding(.colorProfile, .warning, "has a cHRM chunk with primaries other than sRGB's and no sRGB chunk; decoders that honour it shift its colours",
                                    fix: "re-export as sRGB without chromaticity information"))
        }
        return findings
    }

    /// Pre-rounded artwork: transparent corners, or four corners of one flat colour unlike the edges near them.
    private static func corners(_ image: Image) -> [Finding] {
        let (w, h) = (image.width, image.height)
        guard w >= 16, h >= 16 else { return [] }
        let top = UInt16(image.format.maxValue)
        func pixel(_ x: Int, _ y: Int) -> SIMD4<Int> { SIMD4<Int>(truncatingIfNeeded: image.pixel(x: x, y: y)) &* 255 / Int(top) }
        func distance(_ a: SIMD4<Int>, _ b: SIMD4<Int>) -> Int { (0..<3).map { abs(a[$0] - b[$0]) }.max()! }
        let corners = [pixel(1, 1), pixel(w - 2, 1), pixel(1, h - 2), pixel(w - 2, h - 2)]
        let edges = [pixel(w / 2, 0), pixel(0, h / 2), pixel(w - 1, h / 2), pixel(w / 2, h - 1)]
        if corners.allSatisfy({ $0[3] < 128 }) && edges.allSatisfy({ $0[3] >= 128 }) {
            return [Finding(.roundedCorners, .warning, "its corners are transparent: the artwork is pre-rounded; iOS rounds icons itself",
                            fix: "export the artwork with square corners, filling the whole square")]
        }
        let (dx, dy) = (Int(Double(w) * 0.3), Int(Double(h) * 0.3))
        let nearby = [[pixel(dx, 1), pixel(1, dy)], [pixel(w - 1 - dx, 1), pixel(w - 2, dy)],
                      [pixel(dx, h - 2), pixel(1, h - 1 - dy)], [pixel(w - 1 - dx, h - 2), pixel(w - 2, h - 1 - dy)]]
        let flat = corners.allSatisfy { $0[3] == 255 && distance($0, corners[0]) <= 6 }
        let unlikeEdges = zip(corners, nearby).allSatisfy { corner, samples in samples.allSatisfy { distance(corner, $0) > 48 } }
        guard flat && unlikeEdges else { return [] }
        return [Finding(.roundedCorners, .warning, "its corners are a flat colour unlike the edges next to them: the artwork looks pre-rounded; iOS rounds icons itself",
                        fix: "export the artwork with square corners, filling the whole square")]
    }

    /// A transparent margin on every side: iOS fills it with black, and the artwork floats on a black square. An
    /// opaque white or black margin is not one: it is the icon's background (a logo on white, as Google's apps and
    /// Ionic's starter draw theirs), which the system masks like any other.
    private static func margin(_ image: Image) -> [Finding] {
        let (w, h) = (image.width, image.height)
        guard w >= 16, h >= 16 else { return [] }
        let top = Int(image.format.maxValue)
        func pixel(_ x: Int, _ y: Int) -> SIMD4<Int> { SIMD4<Int>(truncatingIfNeeded: image.pixel(x: x, y: y)) &* 255 / top }
        guard pixel(0, 0)[3] == 0 else { return [] }
        func matches(_ p: SIMD4<Int>) -> Bool { p[3] == 0 }
        // How many lines in from each side are all margin, looking at most a quarter of the way in.
        func depth(_ lines: Int, _ length: Int, _ at: (Int, Int) -> SIMD4<Int>) -> Int {
            var count = 0
            while count < lines / 4, (0..<length).allSatisfy({ matches(at(count, $0)) }) { count += 1 }
            return count
        }
        let sides = [depth(h, w) { line, i in pixel(i, line) }, depth(w, h) { line, i in pixel(w - 1 - line, i) },
                     depth(h, w) { line, i in pixel(i, h - 1 - line) }, depth(w, h) { line, i in pixel(line, i) }]
        let minimum = max(1, Int(Double(min(w, h)) * 0.02))
        guard sides.allSatisfy({ $0 >= minimum }) else { return [] }
        return [Finding(.notFilling, .warning,
                        "leaves a transparent margin on every side (top \(sides[0]), right \(sides[1]), bottom \(sides[2]), left \(sides[3]) px); it will look like it floats on a black square",
                        fix: "scale the artwork to fill the whole square; iOS adds the rounded mask")]
    }

    private static func scaleFromName(_ name: String) -> Int {
        name.contains("@3x") ? 3 : name.contains("@2x") ? 2 : 1
    }
}
