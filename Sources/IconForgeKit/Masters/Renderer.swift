import PNGCodec
import Raster

/// Renders one output file from the prepared masters: resample straight from the master, apply the
/// role's alpha policy, encode.
struct Renderer: Sendable {
    let options: GenerateOptions
    let masters: Masters

    /// What decides an output's bytes: jobs with equal keys render to the same file.
    struct Key: Hashable {
        /// Launch, launch logo and template images each render their own way; every other role alike.
        var kind: Role?
        var appearance: Appearance?
        var keepsAlpha: Bool
        var pixels: PixelSize
        var visionLayer: VisionLayer?
        var androidLayer: AndroidLayer?
        var webPurpose: WebPurpose?
        var circular: Bool
        /// Web outputs are composited over `--web-background`, others over `--background`.
        var web: Bool
        /// Where a `--badge` goes on it (nil: none).
        var badgeArea: Badge.SafeArea?

        /// The key as text, equal exactly when the keys are (a set's `contentKeys`). Spelled out field by field:
        /// interpolating the struct itself goes through reflection, 3% of an icon set's time.
        var text: String {
            let badge = badgeArea.map { "\($0.centerX),\($0.centerY),\($0.radius),\($0.isCircle)" } ?? "-"
            return [kind?.rawValue ?? "-", appearance?.rawValue ?? "-", keepsAlpha ? "alpha" : "opaque", "\(pixels.width)x\(pixels.height)",
                    visionLayer?.rawValue ?? "-", androidLayer?.rawValue ?? "-", webPurpose?.rawValue ?? "-",
                    circular ? "circular" : "square", web ? "web" : "app", badge].joined(separator: "|")
        }
    }

    static func key(for spec: IconSpec, badged: Bool) -> Key {
        let kind: Role? = [.launch, .launchLogo, .template, .mac, .androidNotification, .androidSplash, .androidBanner, .tv, .tvLayer].contains(spec.role) ? spec.role : nil
        return Key(kind: kind, appearance: spec.appearance, keepsAlpha: spec.keepsAlpha, pixels: spec.pixels!, visionLayer: spec.visionLayer,
                   androidLayer: spec.androidLayer, webPurpose: spec.webPurpose, circular: spec.isCircular, web: spec.isWeb,
                   badgeArea: badged ? badgeArea(for: spec) : nil)
    }

    /// Where a badge may go on an output: the circle every mask of its platform shows, in its pixels; nil for outputs
    /// that take none (launch images, templates, adaptive backgrounds and monochrome layers, Icon Composer layers,
    /// visionOS layers, Windows' wide tiles).
    static func badgeArea(for spec: IconSpec) -> Badge.SafeArea? {
        guard let size = spec.pixels, size.width == size.height, spec.visionLayer == nil else { return nil }
        let circle = { (fraction: Double) in Badge.SafeArea.inscribed(width: size.width, height: size.height, fraction: fraction) }
        let square = { (fraction: Double) in Badge.SafeArea.inscribed(width: size.width, height: size.height, fraction: fraction, circle: false) }
        switch spec.androidLayer {
        case .foreground?: return circle(66.0 / 108.0) // the adaptive icon's safe zone
        case .legacy?, .round?: return circle(0.92)    // Android's legacy icons leave a margin; the round one is a disc
        case .play?: return square(1)
        case .some: return nil                              // background, monochrome
        case nil: break
        }
        if spec.webPurpose == .maskable { return circle(0.8) }
        if spec.isCircular { return circle(1) }
        switch spec.role {
        case .mac: return square(824.0 / 1024.0)             // the macOS icon shape inside its canvas
        case .app, .marketing, .spotlight, .settings, .notification, .webClip, .artwork, .web, .windows, .linux, .snap, .android: return square(1)
        default: return nil
        }
    }

    /// The badge drawn on an image rendered for `spec`, when there is one for it.
    private func finish(for spec: IconSpec) -> ((Image) -> Image)? {
        guard let badge = options.badge, let area = Self.badgeArea(for: spec) else { return nil }
        return { image in badge.drawn(on: image, safe: area) ?? image }
    }

    /// `parallelism` spreads the output's resize over cores (the one output that is most of a run's work); every
    /// other step of one output runs on the calling thread.
    func render(_ job: Generator.FileJob, source: String, parallelism: Parallelism = .serial) throws(IconForgeError) -> [UInt8] {
        let spec = job.spec, size = spec.pixels!
        let finish = finish(for: spec)
        let matte = spec.keepsAlpha ? nil : spec.isWeb ? options.webBackground ?? options.background : options.background
        var encoding = options.compression.encodeOptions(for: spec.role)
        encoding.colorType = spec.keepsAlpha ? .rgba : .rgb
        // Opaque outputs are opaque by construction: the resampler composites them over the background
        // (the matte) as it stores them, and logo-mode launch images are drawn on an opaque canvas.
        switch spec.role {
        case .launch:
            if options.launchBackground != nil || masters.logo != nil {
                return try encode(.image(logoOnBackground(size: size)), size: size, options: encoding, path: job.path, finish: finish)
            } else if let copy = copyOfMaster(size: size, fit: .fill, matte: matte) {
                return try encode(copy, size: size, options: encoding, path: job.path, finish: finish)
            } else {
                return try resized(masters.master, to: size, fit: .fill, matte: matte, encoding: encoding, path: job.path, finish: finish)
            }
        case .launchLogo:
            return try resized(masters.logo ?? masters.master, to: size, fit: .fit, matte: matte, encoding: encoding, path: job.path, finish: finish)
        case .windows where size.width != size.height:
            // A wide tile or splash screen: the square master at the tile's height, centred, its sides `--background`
            // behind a logo, or a full-bleed picture continued (`continuedSideways`), so that the tile continues the square
            // ones. (Cropping a square icon to 2:1 would cut half of it away.) A non-square master follows --fit.
            let square = masters.master.size.width == masters.master.size.height
            if let continued = continuedSideways(size: size) {
                return try encode(.image(continued), size: size, options: encoding, path: job.path, finish: finish)
            }
            let fit: FitMode = square ? .fit : (options.fit ?? .fill)
            return try resized(masters.master, to: size, fit: fit, matte: masters.wideTileBackground(options), encoding: encoding, path: job.path,
                               finish: finish)
        case .androidNotification, .androidSplash:
            // Drawn on their own canvases (see Masters): reduced from them.
            let own = spec.role == .androidNotification ? masters.notification : spec.appearance == .dark ? masters.splashDark : masters.splash
            return try resized(own ?? masters.master, to: size, fit: .stretch, encoding: encoding, path: job.path)
        case .androidBanner:
            let banner = AndroidTVBanner.make(master: masters.master.base, placement: masters.bannerPlacement ?? MaskPlacement(masters.master.base),
                                              size: size, background: options.background, filter: options.filter, text: options.bannerText)
            return try encode(.image(banner), size: size, options: encoding, path: job.path)
        case .tv where spec.visionLayer == nil:
            // A Top Shelf image: the master inside `topShelfBox`, centred, on the colour it lies on (as a wide Windows tile).
            let box = Self.topShelfBox(size), master = masters.master
            let scale = min(Double(box.width) / Double(master.size.width), Double(box.height) / Double(master.size.height))
            let fitted = PixelSize(width: max(1, Int((Double(master.size.width) * scale).rounded())),
                                   height: max(1, Int((Double(master.size.height) * scale).rounded())))
            return try encode(.image(centred(master, at: fitted, on: masters.wideTileBackground(options), size: size)),
                              size: size, options: encoding, path: job.path)
        case .tv:
            // The back layer: the picture given for it (--layer back=FILE) filling it; else a full-bleed master continued
            // sideways (the upper layer holds the master itself, at the layer's height); else a logo's background colour.
            if let given = masters.visionLayers[VisionLayer.back.rawValue] {
                return try resized(given, to: size, fit: options.fit ?? .fill, matte: matte, encoding: encoding, path: job.path)
            }
            if let continued = continuedSideways(size: size) {
                return try encode(.image(continued), size: size, options: encoding, path: job.path)
            }
            return try encode(.image(Image(width: size.width, height: size.height, fill: masters.wideTileBackground(options).opaquePixel)),
                              size: size, options: encoding, path: job.path)
        case .tvLayer:
            // An upper layer: the picture given for it, else the master, at the icon's height and centred, clear around.
            let picture = spec.visionLayer.flatMap { masters.visionLayers[$0.rawValue] } ?? masters.master
            return try resized(picture, to: size, fit: .fit, encoding: encoding, path: job.path)
        case .template:
            let fit = masters.master.size.width == masters.master.size.height ? FitMode.stretch : .fit
            return try resized(masters.master, to: size, fit: fit, encoding: encoding, path: job.path, finish: finish)
        default:
            // The picture this output is made from: a variant, a visionOS layer, the macOS shape, or the master.
            let own: ImagePyramid? = switch spec.appearance {
            case .dark?: masters.dark
            case .tinted?: masters.tinted
            case nil, .light?:
                spec.visionLayer.flatMap { masters.visionLayers[$0.rawValue] } ?? spec.androidLayer.flatMap { masters.android[$0] }
                    ?? (spec.webPurpose == .maskable ? masters.maskable : nil) ?? (spec.webPurpose == .monochrome ? masters.webMonochrome : nil)
                    ?? (spec.role == .mac ? masters.mac : nil)
                    ?? (spec.isCircular ? masters.circular : nil)
            }
            let variant = own ?? masters.master
            // Same shape: stretch is exact. A master of another shape (or a non-square slot, such as the Messages
            // icons' 4:3) follows --fit, cropping by default.
            let sameShape = variant.size.width * size.height == variant.size.height * size.width
            let fit = sameShape ? FitMode.stretch : (options.fit ?? .fill)
            if own == nil, let copy = copyOfMaster(size: size, fit: fit, matte: matte) {
                return try encode(copy, size: size, options: encoding, path: job.path, finish: finish)
            }
            return try resized(variant, to: size, fit: fit, matte: matte, encoding: encoding, path: job.path, finish: finish,
                               parallelism: parallelism)
        }
    }

    /// Where a Top Shelf image shows the master: two thirds of its height, centred — a banner's logo with room around
    /// it, which a 1024 px master fills at 2x (960 px) without enlarging.
    static func topShelfBox(_ size: PixelSize) -> PixelSize {
        PixelSize(width: size.width, height: size.height * 2 / 3)
    }

    /// Pixels to encode: an image of their own, or a rectangle of the master's pixels as they are.
    private enum Pixels {
        case image(Image)
        case masterRegion(x: Int, y: Int)
    }

    /// `finish` (a badge) draws on the pixels before they are encoded.
    private func encode(_ pixels: Pixels, size: PixelSize, options: PNGEncodeOptions, path: String,
                        finish: ((Image) -> Image)? = nil) throws(IconForgeError) -> [UInt8] {
        do {
            switch (pixels, finish) {
            case (.image(let image), nil): return try PNG.encode(image, options: options)
            case (.image(let image), let finish?): return try PNG.encode(finish(image), options: options)
            case (.masterRegion(let x, let y), nil): return try PNG.encode(masters.master.base, x: x, y: y, size: size, options: options)
            case (.masterRegion(let x, let y), let finish?):
                return try PNG.encode(finish(masters.master.base.cropped(x: x, y: y, size: size)), options: options)
            }
        } catch { throw .encode(path: path, error) }
    }

    /// The output as a plain copy of the master's pixels, when its placement is one to one (the master's
    /// own size, or an unscaled whole-pixel crop such as the iPad Pro launch images of a 2732² master):
    /// an interpolating filter would give the same pixels. Encoded straight from the master unless
    /// a translucent master must be flattened first.
    private func copyOfMaster(size: PixelSize, fit: FitMode, matte: RGBColor?) -> Pixels? {
        let placement = Placement(source: masters.master.size, output: size, fit: fit, gravity: options.gravity)
        guard options.filter.interpolates, let origin = placement.pixelCopyOrigin(output: size) else { return nil }
        guard let matte, !masters.masterIsOpaque else { return .masterRegion(x: origin.x, y: origin.y) } // PNG.encode rounds 16 bits to 8
        return .image(masters.master.base.cropped(x: origin.x, y: origin.y, size: size).flattened(over: matte))
    }

    /// The resized output, encoded. When the encoding weighs no alternative filters (launch images), the
    /// encoder reads the rows as the resampler makes them and the image never exists whole; weighing
    /// filters samples rows from all through the image, so that needs the image.
    private func resized(_ source: ImagePyramid, to size: PixelSize, fit: FitMode, matte: RGBColor? = nil,
                         encoding: PNGEncodeOptions, path: String, finish: ((Image) -> Image)? = nil,
                         parallelism: Parallelism = .serial) throws(IconForgeError) -> [UInt8] {
        let resize = ResizeOptions(filter: options.filter, fit: fit, gravity: options.gravity, matte: matte)
        guard encoding.alternativeFilters.isEmpty, finish == nil, parallelism.width == 1 else {
            return try encode(.image(Resampler.resize(source, to: size, options: resize, parallelism: parallelism)), size: size,
                              options: encoding, path: path, finish: finish)
        }
        let result = Resampler.withRows(source, to: size, options: resize) { rows in
            Result { () throws(PNGError) -> [UInt8] in try PNG.encode(size: size, options: encoding) { rows.write(into: $0) } }
        }
        do { return try result.get() } catch { throw .encode(path: path, error) }
    }

    /// A square full-bleed master at the height of a wider output, centred, its sides continuing it (`sideExtended`): a
    /// gradient runs on without the seam its mean edge colour left. Opaque (on the edge colour where the master is
    /// not). Nil for a logo, which lies on `--background`, and for a master that is not square.
    private func continuedSideways(size: PixelSize) -> Image? {
        let master = masters.master
        guard !masters.isLogo, master.size.width == master.size.height, size.width > size.height else { return nil }
        let square = Resampler.resize(master, to: PixelSize(width: size.height, height: size.height),
                                      options: ResizeOptions(filter: options.filter, matte: masters.wideTileBackground(options)))
        return square.sideExtended(toWidth: size.width)
    }

    /// A launch image in logo mode: the logo, `launchLogoScale` of the short side wide, centred on the colour.
    private func logoOnBackground(size: PixelSize) -> Image {
        let logo = masters.logo ?? masters.master
        let (logoWidth, logoHeight) = (Double(logo.size.width), Double(logo.size.height))
        let width = max(1, Int((options.launchLogoScale * Double(min(size.width, size.height))).rounded()))
        let height = max(1, Int((Double(width) * logoHeight / logoWidth).rounded()))
        return centred(logo, at: PixelSize(width: width, height: height), on: options.launchBackground ?? options.background, size: size)
    }

    /// `picture` reduced to `fitted` and drawn in the middle of an opaque canvas of `size` in `colour`: a launch image's
    /// logo, a Top Shelf image's master.
    private func centred(_ picture: ImagePyramid, at fitted: PixelSize, on colour: RGBColor, size: PixelSize) -> Image {
        let resized = Resampler.resize(picture, to: fitted, options: ResizeOptions(filter: options.filter))
        return Image(width: size.width, height: size.height, fill: colour.opaquePixel)
            .drawing(resized, atX: (size.width - fitted.width) / 2, y: (size.height - fitted.height) / 2)
    }
}
