import Foundation
import PNGCodec
import Raster

/// `validate`'s rules for the images an Expo app's configuration names, judged by what `expo prebuild`
/// (@expo/prebuild-config) makes of each and what the stores then see: every image is resized whole ("cover", so a
/// picture of another shape is cropped) — iOS's to one 1024 px icon, its light and tinted appearances flattened onto
/// white; Android's adaptive layers to 108 dp (432 px at xxxhdpi) of which launchers show the middle 72 dp and every
/// mask the 66 dp safe zone; the splash screen plugin's image to `imageWidth` dp.
enum ExpoChecks {
    static let reference = "Expo app config (app.json) and expo prebuild (@expo/prebuild-config): how each image is made into the app's icons"

    /// The findings on `project`'s images and the files checked. A file that leaves `scope` (through a link), a remote
    /// image, one outside the project, and an npm package's file that is not installed are not read.
    static func check(_ project: ExpoProject, scope: FolderScope?, limits: PNGLimits) -> (findings: [SetFinding], files: [String]) {
        var findings: [SetFinding] = [], files: [String] = []
        let config = project.config
        let iosIcons = project.iosIcons
        var seen = Set<String>()
        for image in project.images where project.uses(image) {
            let configName = (config.file(of: image.key) as NSString).lastPathComponent
            if image.path.lowercased().hasSuffix(".icon"), image.use != .iconComposer {
                // Prebuild's own warnings: a .icon is given as ios.icon's string, nowhere else.
                findings.append(SetFinding(path: config.file(of: image.key), finding: Finding(.fileType, .warning,
                    "\(configName): \(image.key) names \(image.path), an Icon Composer .icon: prebuild takes one only as the string value of ios.icon",
                    fix: "set \"ios\": {\"icon\": \"\(image.path)\"}", reference: reference)))
                continue
            }
            guard let file = project.file(image) else { continue }
            if let scope, !scope.contains(file) { continue }
            guard FileManager.default.fileExists(atPath: file) else {
                if image.isDependency { continue }
                findings.append(SetFinding(path: config.file(of: image.key), finding: Finding(.missingFile, .error,
                    "\(configName): \(image.key) names \(image.path), which does not exist: prebuild and the build stop on it",
                    fix: "add the image, or run 'iconforge generate MASTER --out .' to make it", reference: reference)))
                continue
            }
            if image.use == .iconComposer {
                if !FileIO.isFolder(file) {
                    findings.append(SetFinding(path: file, finding: Finding(.fileType, .error,
                        "\(image.path), ios.icon, is a file: an Icon Composer .icon is a folder (icon.json and Assets/)",
                        fix: "export the icon from Icon Composer", reference: reference)))
                }
                continue
            }
            guard seen.insert(FileIO.realPath(file)).inserted else { continue }
            files.append(file)
            let uses = project.images.filter { project.uses($0) && project.file($0).map(FileIO.realPath) == FileIO.realPath(file) }
            for finding in imageFindings(file, uses: uses, iosIcons: iosIcons, project: project, limits: limits) {
                findings.append(SetFinding(path: file, finding: finding))
            }
        }
        return (findings, files)
    }

    /// The rules for one file, for every use the configuration gives it.
    static func imageFindings(_ file: String, uses: [ExpoImage], iosIcons: [ExpoImage], project: ExpoProject, limits: PNGLimits) -> [Finding] {
        let name = (file as NSString).lastPathComponent
        let keys = uses.map(\.key).joined(separator: ", ")
        guard let bytes = try? FileIO.read(file) else {
            return [Finding(.decode, .error, "\(name) (\(keys)) cannot be read", fix: "check the file's permissions", reference: reference)]
        }
        let isSplash = uses.contains { if case .splash = $0.use { true } else { false } }
        if uses.allSatisfy({ $0.use == .favicon }) { return [] }
        let image: Image
        do { image = try PNG.decode(bytes, limits: limits).image } catch {
            if isSplash {
                return [Finding(.fileType, .error, "\(name) (\(keys)) is not a PNG: Expo supports only .png splash images, and a production build fails on another format",
                                fix: "export it as a PNG", reference: reference)]
            }
            if uses.contains(where: { $0.use == .notificationIcon }) { return AndroidNotificationIcon.findings(file, limits: limits) }
            let isJPEG = bytes.starts(with: [0xFF, 0xD8, 0xFF])
            return [Finding(.fileType, isJPEG ? .warning : .error, isJPEG
                ? "\(name) (\(keys)) is a JPEG: Expo's config schema asks for a .png (expo-doctor reports it); prebuild converts it"
                : "\(name) (\(keys)) is not a PNG prebuild reads (\(error))", fix: "export it as a PNG", reference: reference)]
        }
        var findings: [Finding] = []
        let square = image.width == image.height
        let forIOS = uses.first { use in iosIcons.contains(use) && use.use != .iosIcon(.dark) && use.use != .iosIcon(.tinted) }
        let iconUses = uses.filter { [.appIcon, .androidIcon, .adaptiveForeground, .adaptiveBackground, .monochrome].contains($0.use) || { if case .iosIcon = $0.use { true } else { false } }($0) }
        if let use = iconUses.first, !square {
            // Apple's icon must be square ("a 1023x1024 icon is not valid", Expo's guide); Android's are cropped to one.
            let ios = uses.contains { iosIcons.contains($0) }
            findings.append(Finding(.size, ios ? .error : .warning, "\(name) (\(use.key)) is \(image.size), not square: prebuild crops it to a square (\"cover\"), cutting off its "
                                    + (image.width > image.height ? "sides" : "top and bottom"), fix: "make it square (1024x1024)", reference: reference))
        }
        if uses.contains(where: { iosIcons.contains($0) }), max(image.width, image.height) < 1024 {
            findings.append(Finding(.size, .warning, "\(name) (iOS's icon) is \(image.size): prebuild scales it up to the 1024x1024 App Store icon, soft",
                                    fix: "give a 1024x1024 image ('iconforge generate MASTER --out .')", reference: reference))
        }
        if let forIOS, let transparent = transparentShare(image), transparent > 0 {
            findings.append(Finding(.transparency, .warning, "\(name) (\(forIOS.key), iOS's icon) has transparent pixels (\(percent(transparent))): "
                                    + "prebuild fills them with white in the icon it writes, so they show white on the home screen",
                                    fix: "make it opaque on the background you want ('iconforge generate MASTER --background COLOR --out .')", reference: reference))
        }
        let layers = uses.filter { $0.use == .adaptiveForeground || $0.use == .monochrome }.map(\.key).joined(separator: ", ")
        if !layers.isEmpty {
            if min(image.width, image.height) < 432 {
                findings.append(Finding(.size, .warning, "\(name) (\(layers)) is \(image.size): prebuild scales it up to the 432 px xxxhdpi layer, soft",
                                        fix: "give a 1024x1024 layer", reference: reference))
            }
            if square { findings += safeZone(image, name: name, key: layers) }
        }
        for use in uses {
            switch use.use {
            case .monochrome:
                if let transparent = transparentShare(image), transparent < 1 - AndroidNotificationIcon.opaqueShare {
                    findings.append(Finding(.adaptiveIcon, .warning, "\(name) (\(use.key)) has almost no transparency: Android draws a themed icon from the "
                                            + "monochrome layer's alpha alone, so it shows as a solid square", fix: "make it a glyph on transparency", reference: reference))
                }
            case .splash(_, let legacy) where !legacy:
                let needed = project.splashImageWidth * 4
                if image.width < needed {
                    findings.append(Finding(.splashScreen, .warning, "\(name) (\(use.key)) is \(image.width) px wide: the splash screen draws it \(project.splashImageWidth) dp wide, "
                                            + "\(needed) px at xxxhdpi, so it is scaled up, soft", fix: "give a 1024x1024 image", reference: reference))
                }
            case .notificationIcon:
                findings += AndroidNotificationIcon.findings(file, limits: limits)
            default: break
            }
        }
        return findings
    }

    /// The adaptive icon's rule for a layer, by the rule IconForge places artwork by: a logo on transparency inside the
    /// 66 dp safe circle of the 108 dp layer (61% of its side), which every launcher mask shows; a picture opaque to its
    /// edges on one flat colour (a whole icon given as the layer) with what differs from that colour inside the 66 dp
    /// safe square. A picture whose edges are not one colour has no subject that can be told from its background: not judged.
    static func safeZone(_ image: Image, name: String, key: String) -> [Finding] {
        let side = Double(image.width), limit = side * 33 / 108, tolerance = max(1, side / 200), centre = side / 2
        // How far the content reaches: from the centre (a logo against the safe circle) and along the axes (anything
        // past the 72 dp viewport's square is never shown).
        let reach: Double, box: (x: Int, y: Int, size: PixelSize)
        if image.hasTransparentEdges {
            guard let radius = image.contentRadius(threshold: 0.5), let found = image.contentBox(threshold: 0.5) else { return [] }
            (reach, box) = (radius, found)
        } else {
            let edge = image.edgeColor(fallback: .white)
            guard image.edgeIsFlat(edge), let found = image.differing(from: edge).contentBox(threshold: 0.5) else { return [] }
            box = found
            reach = [centre - Double(box.x), Double(box.x + box.size.width) - centre, centre - Double(box.y), Double(box.y + box.size.height) - centre].max()!
        }
        let square = [centre - Double(box.x), Double(box.x + box.size.width) - centre, centre - Double(box.y), Double(box.y + box.size.height) - centre].max()!
        guard reach > limit + tolerance else { return [] }
        let across = Int((2 * reach / side * 108).rounded())
        return [Finding(.adaptiveIcon, .warning, "\(name) (\(key)): the artwork reaches \(across) dp across the 108 dp layer, outside the 66 dp safe zone: "
                        + "launcher masks (a circle, a squircle) cut it off" + (square > side / 3 + tolerance ? ", and no launcher shows more than the middle 72 dp" : ""),
                        fix: "keep it inside the middle 61% ('iconforge generate MASTER --out .' places it)", reference: reference)]
    }

    /// The share of pixels not fully opaque, nil for an image with no alpha.
    static func transparentShare(_ image: Image) -> Double? {
        let top = UInt16(image.format.maxValue)
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y)[3] < top { count += 1 }
        }
        return Double(count) / Double(max(1, image.width * image.height))
    }

    private static func percent(_ share: Double) -> String {
        share < 0.01 ? "under 1%" : "\(Int((share * 100).rounded()))%"
    }
}

extension Image {
    /// True when nine in ten of the outermost ring's pixels are within a tenth of a channel of `colour`: a flat background.
    func edgeIsFlat(_ colour: RGBColor) -> Bool {
        let top = Double(format.maxValue)
        let base = SIMD3(Double(colour.red), Double(colour.green), Double(colour.blue)) / 255
        var close = 0, count = 0
        func visit(_ x: Int, _ y: Int) {
            let p = pixel(x: x, y: y)
            let rgb = SIMD3(Double(p[0]), Double(p[1]), Double(p[2])) / top
            let difference = rgb - base
            if max(abs(difference.x), abs(difference.y), abs(difference.z)) <= 0.1 { close += 1 }
            count += 1
        }
        for x in 0..<width { visit(x, 0); visit(x, height - 1) }
        for y in 1..<max(1, height - 1) { visit(0, y); visit(width - 1, y) }
        return close * 10 >= count * 9
    }
}
