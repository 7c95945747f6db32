import JPEGCodec
import PNGCodec
import Raster

/// The decoded sources of one `generate` run, each with its pyramid of reductions: the master, and the
/// dark, tinted and logo variants when given. Loading also enforces the size rules.
struct Masters: Sendable {
    /// The master; its level 0 is the image as decoded, which outputs copied pixel for pixel use as it is.
    var master: ImagePyramid
    var masterIsOpaque: Bool
    var dark: ImagePyramid?
    var tinted: ImagePyramid?
    var logo: ImagePyramid?
    /// The master in the macOS icon shape, for `mac` outputs.
    var mac: ImagePyramid?
    /// visionOS layer images given with --layer, by layer name.
    var visionLayers: [String: ImagePyramid] = [:]
    /// Android's adaptive icon and its pictures by `android-layer`.
    var adaptive: AdaptiveIcon?
    var android: [AndroidLayer: ImagePyramid] = [:]
    /// The web manifest's maskable icon: the master inset to the safe zone's square on its edge colour.
    var maskable: ImagePyramid?
    /// watchOS's icons, which it shows in a circle: a logo on transparency scaled to stay inside it, on the background.
    var circular: ImagePyramid?
    /// True when the master is a logo on transparency (its border mostly transparent) rather than a full-bleed picture.
    var isLogo = false
    /// A full-bleed master's edge colour: what its Windows wide tiles and splash screens continue into.
    var edgeColor: RGBColor?

    /// The colour beside the master on a Windows wide tile or splash screen: `--background` for a logo, a full-bleed
    /// picture's own edge colour.
    func wideTileBackground(_ options: GenerateOptions) -> RGBColor { isLogo ? options.background : edgeColor ?? options.background }
    /// Android's notification icon: the master's silhouette in white on transparency; nil when it has none.
    var notification: ImagePyramid?
    /// Android 12's splash screen icon on its 288 dp canvas, and the window background around it.
    var splash: ImagePyramid?
    var splashBackground: RGBColor?
    /// The splash screen icon in dark mode (`drawable-night-*`), from `--dark`, and its window background.
    var splashDark: ImagePyramid?
    var splashDarkBackground: RGBColor?
    /// The web manifest's monochrome icon: the designed glyph (`--monochrome FILE`) in white on transparency.
    var webMonochrome: ImagePyramid?
    /// How the master is laid on Android TV's banner (a logo or a full-bleed picture).
    var bannerPlacement: MaskPlacement?

    /// What decoding `path` will hold, from its header alone (a drawing or a bundle: what drawing it at 2048² holds);
    /// 0 when it cannot be read, which the run then reports.
    static func decodedBytes(of path: String) -> Int {
        // The header only: reading whole masters here, several at once, held what the budget is there to bound.
        guard let bytes = try? FileIO.readPrefix(path, upTo: 1 << 20) else { return 0 }
        switch FileKind.detect(bytes) {
        case .png?:
            guard let info = try? PNG.info(bytes) else { return 0 }
            return PNGLimits.decodedBytes(width: info.width, height: info.height, sixteenBit: info.bitDepth == 16)
        case .jpeg?:
            guard let info = try? JPEG.info(bytes, maxBytes: bytes.count) else { return 0 }
            return info.width * info.height * 4
        default:
            return 2048 * 2048 * 4
        }
    }

    static func load(source: String, options: GenerateOptions, jobs: [Generator.FileJob], warnings: inout [String],
                     parallelism: Parallelism) throws(IconForgeError) -> Masters {
        // Masters are read without the zlib checksum (see `PNG.decode`): decoding is the one step no
        // output can overlap. A vector master is drawn at twice the largest output, whatever its own size:
        // the resampler then reduces it in linear light, as it does a bitmap master.
        let vector = vectorSize(jobs)
        let decoded = try SourceImage.read(source, limits: options.limits, vectorSize: vector, verifiesChecksum: false,
                                           appearance: options.appearance, parallelism: parallelism)
        warnings += decoded.warnings
        let image = decoded.image
        // Pyramid levels are built only as deep as the largest reduction any output needs.
        let largest = jobs.compactMap(\.spec.pixels).map { Double(max(image.width, image.height)) / Double(max($0.width, $0.height)) }.max() ?? 1
        let pyramid = { @Sendable (image: Image) in
            ImagePyramid(image, linearLight: options.linearLight, largestReduction: largest, parallelism: parallelism)
        }
        let logoMode = options.launchBackground != nil || options.launchLogoPath != nil
        let logoImage = try options.launchLogoPath.map { path throws(IconForgeError) in try decode(path, limits: options.limits, vectorSize: vector) }

        try checkShape(source: source, size: image.size, options: options, jobs: jobs)
        try checkUpscale(source: source, size: image.size, logo: logoMode ? (logoImage ?? image).size : nil,
                         options: options, jobs: jobs, warnings: &warnings)
        let translucent = decoded.canBeTranslucent ? image.translucency().count : 0
        if translucent > 0, jobs.contains(where: { !$0.spec.keepsAlpha }) {
            warnings.append("\(source): \(translucent) pixel\(translucent == 1 ? " is" : "s are") not opaque; "
                            + "opaque outputs (app icons, launch images) were composited over \(options.background)")
            // A logo drawn in the background's own colour (Kiwix's white logo on transparency, on the default white)
            // leaves those icons blank: the touch icon, the maskable one, Android's launcher and its adaptive layers.
            if let share = image.visibleShare(near: options.background), share >= 0.97 {
                warnings.append("\(source): what it draws is all about the colour of the background it is composited over (\(options.background)), "
                                + "so the opaque icons show next to nothing; give --background a colour it stands out on")
            }
        }
        if translucent == 0, options.launchLogoPath == nil, let job = jobs.first(where: { $0.spec.role == .template }) {
            warnings.append("\(source): has no transparency, so template icons such as \(job.path) are solid squares; "
                            + "template images take their shape from alpha alone — use a glyph on a transparent background")
        }
        var masters = Masters(master: pyramid(image), masterIsOpaque: translucent == 0)
        // The wide tiles' and tvOS's backgrounds (`wideTileBackground`) need to know what the master lies on.
        if jobs.contains(where: { [.windows, .androidNotification, .tv].contains($0.spec.role) }) {
            masters.isLogo = image.hasTransparentEdges
            if !masters.isLogo { masters.edgeColor = image.edgeColor(fallback: options.background) }
        }
        // An Icon Composer icon given as a variant is drawn in that appearance.
        if let path = options.darkSourcePath { masters.dark = pyramid(try decode(path, limits: options.limits, vectorSize: vector, appearance: .dark)) }
        switch options.tintedSource {
        case .auto?:
            // Made at the largest tinted output, not the master's size: a full-size copy of an 8192 px master and its
            // pyramid cost 400 MB for a 1024 px icon.
            let side = jobs.filter { $0.spec.appearance == .tinted }.compactMap(\.spec.pixels).map { max($0.width, $0.height) }.max() ?? 1024
            let long = max(image.width, image.height)
            let fitted = PixelSize(width: max(1, image.width * side / long), height: max(1, image.height * side / long))
            let tinted = long <= side ? image
                : Resampler.resize(masters.master, to: fitted, options: ResizeOptions(fit: .stretch, outputFormat: .rgba16), parallelism: parallelism)
            masters.tinted = pyramid(tinted.luminance())
        case .file(let url)?: masters.tinted = pyramid(try decode(url.givenPath, limits: options.limits, vectorSize: vector, appearance: .tinted))
        case nil: break
        }
        if let logoImage { masters.logo = pyramid(logoImage) }
        for (layer, path) in options.visionLayerPaths where jobs.contains(where: { $0.spec.visionLayer?.rawValue == layer }) {
            masters.visionLayers[layer] = pyramid(try decode(path, limits: options.limits, vectorSize: vector))
        }
        let androidLayers = Set(jobs.compactMap(\.spec.androidLayer))
        let largestSide = { (uses: (IconSpec) -> Bool) in jobs.filter { uses($0.spec) }.compactMap(\.spec.pixels).map { max($0.width, $0.height) }.max() }
        let maskableSide = largestSide { $0.webPurpose == .maskable }, circularSide = largestSide { $0.isCircular }
        // Logo or full bleed, and how far a logo reaches, decided once for Android's layers, the maskable icon and watchOS.
        let roles = Set(jobs.map(\.spec.role))
        let placement = androidLayers.isEmpty && maskableSide == nil && circularSide == nil && roles.isDisjoint(with: [.androidSplash, .androidBanner])
            ? nil : MaskPlacement(image)
        if let placement, !androidLayers.isEmpty {
            let load = { (path: String?) throws(IconForgeError) -> Image? in try path.map { p throws(IconForgeError) in try decode(p, limits: options.limits, vectorSize: .longSide(1024)) } }
            var backgroundFile: String?, backgroundColor: RGBColor?
            switch options.androidBackground {
            case .color(let colour)?: backgroundColor = colour
            case .file(let url)?: backgroundFile = url.givenPath
            case nil: break
            }
            var monochromeFile: String?
            if let path = options.monochrome?.filePath { monochromeFile = path }
            let icon = AdaptiveIcon.make(master: image, placement: placement, foreground: try load(options.androidForegroundPath), background: try load(backgroundFile),
                                         backgroundColor: backgroundColor ?? placement.background(fallback: options.background),
                                         monochrome: try load(monochromeFile), parallelism: parallelism)
            if !icon.monochromeHasShape, androidLayers.contains(.monochrome) {
                warnings.append("\(source): no glyph stands out from the master's background, so no monochrome layer was written for themed "
                                + "icons (with them on, Android 13 to 16 QPR1 shows the icon unthemed; only 16 QPR2 makes one); give --monochrome FILE (a glyph on transparency) or --android-foreground FILE")
            }
            masters.adaptive = icon
            // The layers' pyramids at once: each is small (768 px at most), and one after another they left a core idle.
            let pictures = androidLayers.sorted { $0.rawValue < $1.rawValue }.compactMap { layer in icon.image(for: layer).map { (layer, $0) } }
            let pyramids = Locked<[AndroidLayer: ImagePyramid]>([:])
            parallelism.forEach(pictures.count) { index in
                let built = pyramid(pictures[index].1)
                pyramids.withLock { $0[pictures[index].0] = built }
            }
            masters.android.merge(pyramids.value) { _, new in new }
        }
        // Derived masters are made at the largest output that uses them, never at the master's own size: memory
        // follows the outputs (an 8192 px master's maskable canvas took 2.7 GB, a 20000x1 one 12 GB).
        if let needed = maskableSide, let placement {
            // Browsers crop maskable icons to as little as the central 80% circle: a logo stays inside it (2% margin) on
            // the background colour.
            let side = min(max(image.width, image.height), needed)
            let placed = placement.placed(side: side, square: side * 4 / 5, safeRadius: Double(side) * 0.38,
                                          fill: placement.background(fallback: options.webBackground ?? options.background), parallelism: parallelism) { inner in
                Resampler.resize(masters.master, to: PixelSize(width: inner, height: inner), options: ResizeOptions(fit: .fill, outputFormat: .rgba16),
                                 parallelism: parallelism)
            }
            masters.maskable = pyramid(placed)
        }
        // watchOS crops every icon to a circle: a logo whose corners would leave it is scaled inside (2% margin). A
        // full-bleed picture is the designer's to fit (Apple's template is a circle in a square).
        if let needed = circularSide, let placement, !placement.isFullBleed {
            let side = min(max(image.width, image.height), needed)
            let placed = placement.placed(side: side, square: side, safeRadius: Double(side) * 0.48, fill: nil, parallelism: parallelism) { inner in
                Resampler.resize(masters.master, to: PixelSize(width: inner, height: inner), options: ResizeOptions(fit: .fill, outputFormat: .rgba16),
                                 parallelism: parallelism)
            }
            masters.circular = pyramid(placed)
        }
        if roles.contains(.androidNotification) {
            // The themed icon's analysis: a designed glyph (--monochrome FILE), a logo's coverage, a picture's separated glyph.
            var designed: Image?
            if let path = options.monochrome?.filePath { designed = try decode(path, limits: options.limits, vectorSize: .longSide(1024)) }
            masters.notification = AndroidNotificationIcon.make(master: image, designed: designed, parallelism: parallelism).map(pyramid)
            if masters.notification == nil {
                warnings.append("\(source): no glyph stands out from the master's background, so no notification icon was written (it would show "
                                + "as a white square); give --monochrome FILE (a glyph on transparency) or a logo on transparency as the master")
            }
        }
        if let placement, roles.contains(.androidSplash) {
            // The largest splash output's canvas: 288 dp at xxxhdpi, or 240 dp with an icon background.
            let canvas = largestSide { $0.role == .androidSplash } ?? AndroidSplashScreen.canvas
            masters.splash = pyramid(AndroidSplashScreen.make(master: image, placement: placement, canvas: canvas, parallelism: parallelism))
            var colour: RGBColor?
            if case .color(let given)? = options.androidBackground { colour = given }
            masters.splashBackground = colour ?? placement.background(fallback: options.background)
            if let dark = masters.dark?.base, jobs.contains(where: { $0.spec.role == .androidSplash && $0.spec.appearance == .dark }) {
                let darkPlacement = MaskPlacement(dark)
                masters.splashDark = pyramid(AndroidSplashScreen.make(master: dark, placement: darkPlacement, canvas: canvas, parallelism: parallelism))
                // A logo on transparency: the night window is dark unless --android-background says otherwise.
                masters.splashDarkBackground = colour ?? darkPlacement.background(fallback: RGBColor(red: 0, green: 0, blue: 0))
            }
        }
        if roles.contains(.androidBanner) {
            masters.bannerPlacement = placement
            if let text = options.bannerText, let banner = jobs.first(where: { $0.spec.role == .androidBanner })?.spec.pixels,
               AndroidTVBanner.textLayout(text, size: banner) == nil {
                warnings.append("--banner-text '\(text)' is too long to be legible on the \(banner) TV banner: the banner has the logo alone")
            }
        }
        if let side = largestSide({ $0.webPurpose == .monochrome }), let path = options.monochrome?.filePath {
            let glyph = try decode(path, limits: options.limits, vectorSize: .longSide(max(side, 1024)))
            masters.webMonochrome = AndroidNotificationIcon.make(master: glyph, designed: glyph, canvas: side, parallelism: parallelism).map(pyramid)
        }
        if let needed = largestSide({ $0.role == .mac }), options.macShape == .auto, image.width == image.height, image.hasOpaqueCorners {
            masters.mac = pyramid(image.macOSIconShape(side: min(image.width, needed), parallelism: parallelism))
        }
        return masters
    }

    static func decode(_ path: String, limits: PNGLimits, vectorSize: SourceImage.VectorSize,
                       appearance: Appearance = .light) throws(IconForgeError) -> Image {
        try SourceImage.read(path, limits: limits, vectorSize: vectorSize, verifiesChecksum: false, appearance: appearance).image
    }

    /// Twice the longest side of any output (2048 for an icon set): a linear-light reduction of that
    /// drawing is sharper and truer than librsvg's own coverage at the small sizes.
    static func vectorSize(_ jobs: [Generator.FileJob]) -> SourceImage.VectorSize {
        .longSide(2 * (jobs.compactMap(masterSide).max() ?? 512))
    }

    /// The longest side a square master is shown at in a job's output: the output's own, but a tvOS Top Shelf image
    /// shows it in its box and a tvOS layer at its height (drawn at the wide Top Shelf's 4640 px, an SVG needed 328 MiB).
    private static func masterSide(_ job: Generator.FileJob) -> Int? {
        guard let pixels = job.spec.pixels else { return nil }
        switch job.spec.role {
        case .tv where job.spec.visionLayer == nil:
            let box = Renderer.topShelfBox(pixels)
            return min(box.width, box.height)
        case .tvLayer: return min(pixels.width, pixels.height)
        default: return max(pixels.width, pixels.height)
        }
    }

    /// App icons are square: a non-square master needs an explicit --fit.
    private static func checkShape(source: String, size: PixelSize, options: GenerateOptions,
                                   jobs: [Generator.FileJob]) throws(IconForgeError) {
        guard size.width != size.height, options.fit == nil,
              let job = jobs.first(where: { $0.spec.role.isAppIcon || [.webClip, .artwork, .mac, .layer, .browserExtension, .androidSplash].contains($0.spec.role) })
        else { return }
        throw .master(path: source, .notSquare(size: size, output: job.path))
    }

    /// How far Windows' largest assets may be enlarged from the master with a warning: 1240 px from 1024.
    static let windowsUpscaleTolerance = 1.25

    /// A master smaller than an output it must fill is an error, or a warning with --allow-upscale.
    private static func checkUpscale(source: String, size: PixelSize, logo: PixelSize?, options: GenerateOptions,
                                     jobs: [Generator.FileJob], warnings: inout [String]) throws(IconForgeError) {
        var worst: (factor: Double, job: Generator.FileJob)?, tolerated: (factor: Double, job: Generator.FileJob)?
        for job in jobs {
            guard let pixels = job.spec.pixels else { continue }
            let (w, h) = (Double(pixels.width), Double(pixels.height))
            let (wide, tall) = (w / Double(size.width), h / Double(size.height))
            let factor: Double
            if [.androidNotification, .androidBanner].contains(job.spec.role) {
                continue // drawn far smaller than any master: 96 px at most, a banner's logo 119 px tall
            } else if job.spec.role == .tv {
                // A back layer is a colour (or a picture of its own); a Top Shelf image shows the master inside its box.
                let box = Renderer.topShelfBox(job.spec.pixels!)
                factor = job.spec.visionLayer == nil ? min(Double(box.width) / Double(size.width), Double(box.height) / Double(size.height)) : 0
            } else if job.spec.role == .tvLayer {
                factor = options.visionLayerPaths[job.spec.visionLayer?.rawValue ?? ""] == nil ? min(wide, tall) : 0
            } else if job.spec.role == .androidSplash {
                factor = max(wide, tall) * 192 / 288 // the master fills the 192 dp circle of the 288 dp canvas at most
            } else if job.spec.role == .launch, let logo {
                factor = options.launchLogoScale * min(w, h) / Double(logo.width)
            } else if job.spec.role == .launch || job.spec.role == .launchLogo {
                factor = job.spec.role == .launch ? max(wide, tall) : min(wide, tall) // cover, or fit inside
            } else if size.width != size.height, job.spec.role == .template || options.fit == .fit {
                factor = min(wide, tall)
            } else if job.spec.role == .windows, w != h, size.width == size.height {
                factor = tall // a wide tile shows the square master at its height
            } else {
                factor = max(wide, tall) // stretch or cover: every axis must be covered
            }
            // Windows' 400% assets (1240 px, a 2480x1200 splash screen) exceed the usual 1024 px master; only 4K tablets use
            // them, so a slight enlargement there is a warning rather than a refusal. So too where a web manifest lists them
            // (PWABuilder's windows11/LargeTile.scale-400.png): refusing them refused the whole site's icons.
            let windowsTile = job.spec.role == .windows || (job.spec.role == .web && (job.path.split(separator: "/").last ?? "").contains(".scale-400."))
            if windowsTile, factor <= windowsUpscaleTolerance {
                if factor > 1.0001, factor > (tolerated?.factor ?? 0) { tolerated = (factor, job) }
            } else if factor > 1.0001, factor > (worst?.factor ?? 0) {
                worst = (factor, job)
            }
        }
        func enlarged(_ item: (factor: Double, job: Generator.FileJob)) -> MasterError.Enlargement {
            MasterError.Enlargement(size: size, output: item.job.path, pixels: item.job.spec.pixels!, factor: item.factor)
        }
        if let tolerated, worst == nil {
            warnings.append("\(source): \(enlarged(tolerated)) (Windows' 400% assets; an SVG or a 1240 px master makes them sharp)")
        }
        guard let worst else { return }
        if options.allowUpscale {
            warnings.append("\(source): \(enlarged(worst)) (--allow-upscale)")
        } else {
            throw .master(path: source, .tooSmall(enlarged(worst)))
        }
    }
}
