import Foundation
import Raster

/// How each platform shows an icon, drawn from an inventory as the sheet's sections: masks, backdrops, sizes
/// and magnification. Sizes are the ones a person meets — 180 px is a 60 pt icon on a @3x iPhone, 192 px a
/// 48 dp launcher icon at xxxhdpi.
struct PreviewSections {
    let inventory: PreviewInventory
    /// The most severe finding per file path.
    let findings: [String: (Severity, String)]
    let tint: RGBColor
    /// A file's path as the sheet names it (relative to the source).
    let display: (String) -> String

    /// The iPhone home-screen icon: 60 pt at @3x.
    static let homePixels = 180
    /// Android's launcher icon at xxxhdpi: 48 dp.
    static let launcherPixels = 192

    var sections: [ContactSheet.Section] {
        [home, variants, small, android, androidExtras, mac, watch, tv, vision, windows, linux, web, browserExtension, launch].compactMap { $0 }
            + (inventory.notes.isEmpty ? [] : [ContactSheet.Section(title: "Notes", notes: inventory.notes, tiles: [])])
    }

    private func tile(_ picture: PreviewInventory.Picture, image: Image?, area: PixelSize, backdrop: ContactSheet.Backdrop = .plain,
                      caption: [String]) -> ContactSheet.Tile {
        // A label's " · " parts go on lines of their own: tiles are narrow.
        ContactSheet.Tile(image: picture.image == nil ? nil : image, file: display(picture.path), area: area, backdrop: backdrop,
                          caption: caption.flatMap { $0.components(separatedBy: " · ") } + (picture.problem.map { [$0] } ?? []),
                          finding: findings[picture.path])
    }

    /// `image` reduced (or enlarged) so its longer side is `side`, aspect kept.
    static func scaled(_ image: Image, longSide side: Int) -> Image {
        let size = image.width >= image.height
            ? PixelSize(width: side, height: max(1, Int((Double(side) * Double(image.height) / Double(image.width)).rounded())))
            : PixelSize(width: max(1, Int((Double(side) * Double(image.width) / Double(image.height)).rounded())), height: side)
        return size == image.size ? image : Resampler.resize(image, to: size)
    }

    /// A square picture at `side` under a mask, over `matte` inside the mask (icons are opaque there).
    static func masked(_ image: Image, side: Int, mask: [Float], matte: RGBColor?) -> Image {
        var square = Resampler.resize(image, to: PixelSize(width: side, height: side), options: ResizeOptions(fit: .fill))
        if let matte { square = square.flattened(over: matte) }
        return square.masked(by: mask)
    }

    /// The image at 1:1 (centred vertically), a 12 px gap, then magnified `factor` times in unsmoothed blocks.
    static func besideMagnified(_ image: Image, factor: Int) -> Image {
        let large = image.magnified(by: factor)
        return Image(width: image.width + 12 + large.width, height: max(image.height, large.height))
            .drawing(image, atX: 0, y: (max(image.height, large.height) - image.height) / 2).drawing(large, atX: image.width + 12, y: 0)
    }

    // MARK: Sections

    private var home: ContactSheet.Section? {
        guard let light = inventory.home[.light] ?? inventory.home.values.first else { return nil }
        let side = Self.homePixels, area = PixelSize(width: 232, height: 232)
        let mask = IconShape.superellipse(side: side)
        var notes = ["60 pt at @3x (180 px) under the iOS mask, as an iPhone home screen shows it."]
        var tiles: [ContactSheet.Tile] = []
        tiles.append(tile(light, image: light.image.map { Self.masked($0, side: side, mask: mask, matte: .white) }, area: area,
                          backdrop: .lightWallpaper, caption: ["Light", light.label]))
        let dark = inventory.home[.dark] ?? light
        if inventory.home[.dark] == nil { notes.append("No dark variant: iOS 18 shows the light icon in dark mode.") }
        tiles.append(tile(dark, image: dark.image.map { Self.masked($0, side: side, mask: mask, matte: RGBColor(red: 0x1C, green: 0x1C, blue: 0x1E)) },
                          area: area, backdrop: .darkWallpaper, caption: ["Dark", dark.label]))
        let tinted = inventory.home[.tinted] ?? light
        if inventory.home[.tinted] == nil { notes.append("No tinted variant: iOS 18 tints the light icon's luminance.") }
        tiles.append(tile(tinted, image: tinted.image.map {
            Self.masked($0.luminance(), side: side, mask: mask, matte: .black).multiplied(by: tint)
        }, area: area, backdrop: .tintedWallpaper, caption: ["Tinted (approximation)", tinted.label]))
        return ContactSheet.Section(title: "iOS home screen", notes: notes, tiles: tiles)
    }

    /// The app's variants (flavours, environments) beside one another, as the home screen shows each.
    private var variants: ContactSheet.Section? {
        guard !inventory.variants.isEmpty else { return nil }
        let side = Self.homePixels, mask = IconShape.superellipse(side: side)
        var app = inventory.home[.light]
        if let set = inventory.homeSet, let label = app?.label { app?.label = set + " · " + label }
        let tiles = ([app].compactMap { $0 } + inventory.variants).map { picture in
            tile(picture, image: picture.image.map { Self.masked($0, side: side, mask: mask, matte: .white) }, area: PixelSize(width: 232, height: 232),
                 backdrop: .lightWallpaper, caption: [picture.label])
        }
        return ContactSheet.Section(title: "Variants", notes: ["The app icon and each AppIcon-NAME set, side by side on the home screen."], tiles: tiles)
    }

    private var small: ContactSheet.Section? {
        guard !inventory.small.isEmpty else { return nil }
        let tiles = inventory.small.map { picture -> ContactSheet.Tile in
            guard let image = picture.image else { return tile(picture, image: nil, area: PixelSize(width: 60, height: 60), caption: [picture.label]) }
            // Up to 60 px, magnified to about 120 px: each file pixel a block, nothing smoothed. Larger ones show enough at 1:1.
            guard image.width <= 60 else { return tile(picture, image: image, area: image.size, caption: [picture.label, "1:1"]) }
            let factor = max(2, min(8, 120 / max(image.width, 1)))
            let pair = Self.besideMagnified(image, factor: factor)
            return tile(picture, image: pair, area: pair.size, caption: [picture.label, "1:1 and ×\(factor)"])
        }
        return ContactSheet.Section(title: "Small sizes", notes: ["Each file at 1:1 beside it magnified, pixels unsmoothed: what Settings, Spotlight and notifications show."],
                                    tiles: tiles)
    }

    private var android: ContactSheet.Section? {
        guard let icon = inventory.android else { return nil }
        var tiles: [ContactSheet.Tile] = [], notes = icon.notes
        let side = Self.launcherPixels, area = PixelSize(width: 220, height: 220)
        if let foreground = icon.foreground, let front = foreground.image {
            // The layers at 108 dp, of which launchers show the central 72 dp through their mask.
            var full = Canvas(width: front.width, height: front.height)
            if let color = icon.backgroundColor { full.fill(.solid(color)) }
            if let back = icon.background?.image {
                full.draw(Resampler.resize(back, to: front.size, options: ResizeOptions(fit: .fill)), x: 0, y: 0)
            }
            full.draw(front, x: 0, y: 0)
            let layers = full.image(format: .rgba8)
            let inset = front.width / 6, visible = front.width - 2 * inset
            let view = layers.cropped(x: inset, y: inset, size: PixelSize(width: visible, height: visible))
            for (name, exponent) in [("circle", 2.0), ("squircle", 4.0)] {
                tiles.append(tile(foreground, image: Self.masked(view, side: side, mask: IconShape.superellipse(side: side, exponent: exponent), matte: nil),
                                  area: area, backdrop: .launcher, caption: ["Adaptive, \(name) mask", foreground.label]))
            }
            if let monochrome = icon.monochrome, let glyph = monochrome.image {
                // Themed icons (Android 13+): the glyph's alpha in the wallpaper's tones, a dark tone on a pale one in
                // light mode and the reverse in dark mode, under each shape Android 16's launcher offers.
                let glyphInset = glyph.width / 6
                let visibleGlyph = PixelSize(width: glyph.width - 2 * glyphInset, height: glyph.height - 2 * glyphInset)
                let themedSide = 150, themedArea = PixelSize(width: 176, height: 176)
                for (palette, back, ink, backdrop) in [("light", RGBColor(red: 0xD6, green: 0xE3, blue: 0xFF), RGBColor(red: 0x1F, green: 0x37, blue: 0x60), ContactSheet.Backdrop.themed),
                                                       ("dark", RGBColor(red: 0x1F, green: 0x2A, blue: 0x3C), RGBColor(red: 0xC4, green: 0xD7, blue: 0xF8), .darkWallpaper)] {
                    var themed = Canvas(width: glyph.width, height: glyph.height)
                    themed.fill(.solid(back))
                    themed.draw(glyph, x: 0, y: 0, paint: .solid(ink))
                    let view = themed.image(format: .rgba8).cropped(x: glyphInset, y: glyphInset, size: visibleGlyph)
                    for shape in IconShape.LauncherShape.allCases {
                        tiles.append(tile(monochrome, image: Self.masked(view, side: themedSide, mask: shape.mask(side: themedSide), matte: nil),
                                          area: themedArea, backdrop: backdrop, caption: ["Themed, \(palette), \(shape.rawValue)", monochrome.label]))
                    }
                }
            } else if !icon.monochromeIsVector {
                notes.append("No monochrome layer: with themed icons on, Android 13 to 16 QPR1 shows this icon unthemed (only Android 16 QPR2 makes one itself).")
            }
        } else if icon.foreground == nil, icon.legacy != nil, notes.isEmpty {
            notes.append("No adaptive icon (mipmap-anydpi-v26/ic_launcher.xml): Android 8+ shows the legacy icon inside a white shape.")
        } else if let foreground = icon.foreground {
            tiles.append(tile(foreground, image: nil, area: area, backdrop: .launcher, caption: ["Adaptive foreground", foreground.label]))
        }
        for (picture, name) in [(icon.legacy, "Legacy ic_launcher"), (icon.round, "Legacy round")] {
            guard let picture else { continue }
            tiles.append(tile(picture, image: picture.image, area: PixelSize(width: max(side, picture.image?.width ?? 0), height: max(side, picture.image?.height ?? 0)),
                              backdrop: .launcher, caption: [name + " · 1:1", picture.label]))
        }
        guard !tiles.isEmpty || !notes.isEmpty else { return nil }
        return ContactSheet.Section(title: "Android launcher (48 dp at xxxhdpi: 192 px)", notes: notes, tiles: tiles)
    }

    /// Android's notification icon as the system draws it (its alpha, in one colour), the splash screen icon on a phone in
    /// light and dark mode (the centre circle of two thirds only), the TV banner at 1:1.
    private var androidExtras: ContactSheet.Section? {
        var tiles: [ContactSheet.Tile] = [], notes: [String] = []
        if let icon = inventory.notificationIcon {
            notes.append("The notification icon as Android draws it: its alpha alone, white in the status bar, grey in a light notification shade.")
            let inks: [(String, RGBColor, ContactSheet.Backdrop)] = [("Status bar", .white, .darkWallpaper),
                                                                      ("Light shade", RGBColor(red: 0x44, green: 0x47, blue: 0x46), .plain)]
            for (name, ink, backdrop) in inks {
                let image = icon.image.map { glyph -> Image in
                    var canvas = Canvas(width: glyph.width, height: glyph.height)
                    canvas.draw(glyph, x: 0, y: 0, paint: .solid(ink))
                    return Self.besideMagnified(canvas.image(format: .rgba8), factor: max(1, min(4, 96 / max(glyph.width, 1))))
                }
                tiles.append(tile(icon, image: image, area: image?.size ?? PixelSize(width: 96, height: 96), backdrop: backdrop, caption: [name, icon.label]))
            }
        }
        if let splash = inventory.splashIcon {
            notes.append("The splash screen icon on a 360 dp wide phone: only the centre circle of two thirds shows (Android 12+).")
            for (name, colour, backdrop) in [("Light", RGBColor.white, ContactSheet.Backdrop.lightWallpaper),
                                             ("Dark", RGBColor(red: 0x1C, green: 0x1B, blue: 0x1F), .darkWallpaper)] {
                // Dark mode shows the drawable-night icon where there is one.
                let picture = name == "Dark" ? inventory.splashNightIcon ?? splash : splash
                let image = picture.image.map { Self.phone($0, background: colour) }
                tiles.append(tile(picture, image: image, area: PixelSize(width: 200, height: 380), backdrop: backdrop, caption: ["Splash, \(name.lowercased())", picture.label]))
            }
        }
        if let banner = inventory.tvBanner {
            let image = banner.image.map { Self.scaled($0, longSide: 320) }
            tiles.append(tile(banner, image: image, area: PixelSize(width: 340, height: 200), backdrop: .darkWallpaper, caption: ["TV launcher banner · 320 px wide", banner.label]))
        }
        return tiles.isEmpty ? nil : ContactSheet.Section(title: "Android notification, splash screen and TV", notes: notes, tiles: tiles)
    }

    /// A phone 180 px wide (360 dp) showing `icon` (a 288 dp canvas) through the splash screen's 192 dp circle on `background`.
    static func phone(_ icon: Image, background: RGBColor) -> Image {
        let (width, height, border) = (180, 360, 4)
        let side = 144, circle = 96 // 288 dp and 192 dp at 0.5 px a dp
        let scaled = Resampler.resize(icon, to: PixelSize(width: side, height: side), options: ResizeOptions(fit: .fill))
        let shown = scaled.cropped(x: (side - circle) / 2, y: (side - circle) / 2, size: PixelSize(width: circle, height: circle))
            .masked(by: IconShape.circle(side: circle))
        let screen = Image(width: width - 2 * border, height: height - 2 * border,
                           fill: background.opaquePixel)
        return Image(width: width, height: height, fill: SIMD4(0x20, 0x20, 0x20, 255)).drawing(screen, atX: border, y: border)
            .drawing(shown, atX: (width - circle) / 2, y: (height - circle) / 2)
    }

    /// A browser extension's toolbar icons at 1:1 on Chrome's light and dark toolbars, beside them magnified.
    private var browserExtension: ContactSheet.Section? {
        guard !inventory.extensionIcons.isEmpty else { return nil }
        var tiles: [ContactSheet.Tile] = []
        for icon in inventory.extensionIcons {
            for (name, colour) in [("light", RGBColor(red: 0xF1, green: 0xF3, blue: 0xF4)), ("dark", RGBColor(red: 0x35, green: 0x36, blue: 0x3A))] {
                let image = icon.image.map { picture -> Image in
                    let pad = 8
                    let bar = Image(width: picture.width + 2 * pad, height: picture.height + 2 * pad,
                                    fill: colour.opaquePixel).drawing(picture, atX: pad, y: pad)
                    return Self.besideMagnified(bar, factor: max(2, 96 / max(bar.width, 1)))
                }
                tiles.append(tile(icon, image: image, area: image?.size ?? PixelSize(width: 64, height: 64), caption: ["Toolbar, \(name)", icon.label, "1:1 and magnified"]))
            }
        }
        return ContactSheet.Section(title: "Browser extension", notes: ["The toolbar button's icons as Chrome draws them: 16 px at 1x, 32 px at 2x."], tiles: tiles)
    }

    private var mac: ContactSheet.Section? {
        guard let mac = inventory.mac else { return nil }
        let image = mac.image.map { Self.scaled($0, longSide: 256) }
        return ContactSheet.Section(title: "macOS", notes: ["128 pt at @2x (256 px) on a desktop: the shape and shadow are the file's own."],
                                    tiles: [tile(mac, image: image, area: PixelSize(width: 296, height: 296), backdrop: .desktop, caption: [mac.label])])
    }

    private var watch: ContactSheet.Section? {
        guard let watch = inventory.watch else { return nil }
        let side = 196
        let image = watch.image.map { Self.masked($0, side: side, mask: IconShape.circle(side: side), matte: .black) }
        return ContactSheet.Section(title: "watchOS", notes: ["Under the watch's circular mask (196 px: the 49 mm app launcher at @2x)."],
                                    tiles: [tile(watch, image: image, area: PixelSize(width: 232, height: 232), backdrop: .darkWallpaper, caption: [watch.label])])
    }

    /// tvOS's home screen draws the App Icon at 400x240 with rounded corners (its focus effect's parallax is not drawn);
    /// the Top Shelf images as thumbnails.
    private var tv: ContactSheet.Section? {
        guard !inventory.tv.isEmpty else { return nil }
        let tiles = inventory.tv.enumerated().map { index, picture -> ContactSheet.Tile in
            guard index == 0, picture.path.fileExtension == "imagestack" else {
                let image = picture.image.map { Self.scaled($0, longSide: 400) }
                return tile(picture, image: image, area: image?.size ?? PixelSize(width: 400, height: 150), backdrop: .darkWallpaper, caption: [picture.label])
            }
            let size = PixelSize(width: 400, height: 240)
            let image = picture.image.map { image in
                Resampler.resize(image, to: size, options: ResizeOptions(fit: .fill)).masked(by: IconShape.roundedRectangle(size: size, radius: 20))
            }
            return tile(picture, image: image, area: PixelSize(width: 440, height: 280), backdrop: .darkWallpaper, caption: ["Home screen, at rest (400x240)", picture.label])
        }
        return ContactSheet.Section(title: "tvOS", notes: ["The App Icon's layers drawn together at rest, with rounded corners (the focus effect's parallax and shine are not drawn); the Top Shelf images, 400 px wide."],
                                    tiles: tiles)
    }

    /// visionOS draws the App Icon's layers in a circle.
    private var vision: ContactSheet.Section? {
        guard let vision = inventory.vision else { return nil }
        let side = 216
        let image = vision.image.map { Self.masked($0, side: side, mask: IconShape.circle(side: side), matte: nil) }
        return ContactSheet.Section(title: "visionOS", notes: ["The App Icon's layers drawn together in the circle visionOS shows (the depth effect is not drawn)."],
                                    tiles: [tile(vision, image: image, area: PixelSize(width: 252, height: 252), backdrop: .lightWallpaper, caption: [vision.label])])
    }

    private var web: ContactSheet.Section? {
        var tiles: [ContactSheet.Tile] = []
        if let maskable = inventory.maskable {
            // The maskable safe zone: a circle of 80% of the icon's width, the tightest crop browsers make.
            let image = maskable.image.map { image -> Image in
                let inset = image.width / 10
                let zone = image.cropped(x: inset, y: inset, size: PixelSize(width: image.width - 2 * inset, height: image.height - 2 * inset))
                return Self.masked(zone, side: Self.launcherPixels, mask: IconShape.circle(side: Self.launcherPixels), matte: nil)
            }
            tiles.append(tile(maskable, image: image, area: PixelSize(width: 220, height: 220), backdrop: .launcher,
                              caption: ["Maskable, safe-zone circle", maskable.label]))
        }
        if let touch = inventory.touchIcon {
            let image = touch.image.map { Self.masked($0, side: Self.homePixels, mask: IconShape.superellipse(side: Self.homePixels), matte: .white) }
            tiles.append(tile(touch, image: image, area: PixelSize(width: 232, height: 232), backdrop: .lightWallpaper,
                              caption: ["Added to an iPhone home screen", touch.label]))
        }
        for favicon in inventory.favicons {
            let image = favicon.image.map { Self.besideMagnified($0, factor: max(2, 64 / max($0.width, 1))) }
            tiles.append(tile(favicon, image: image, area: image?.size ?? PixelSize(width: 64, height: 64), caption: [favicon.label, "1:1 and magnified"]))
        }
        return tiles.isEmpty ? nil : ContactSheet.Section(title: "Web", tiles: tiles)
    }

    /// Windows 10's default Start accent and Windows 11's dark and light taskbars.
    static let startAccent = RGBColor(red: 0x00, green: 0x63, blue: 0xB1)
    static let darkTaskbar = RGBColor(red: 0x20, green: 0x20, blue: 0x20)
    static let lightTaskbar = RGBColor(red: 0xEE, green: 0xEE, blue: 0xEE)

    private var windows: ContactSheet.Section? {
        guard let icon = inventory.windows else { return nil }
        var tiles: [ContactSheet.Tile] = []
        if let tile = icon.tile {
            // The medium tile at 100% (150 px): the asset drawn over the accent colour, as a plated tile shows it.
            let image = tile.image.map { Resampler.resize($0, to: PixelSize(width: 150, height: 150), options: ResizeOptions(fit: .fit)).flattened(over: Self.startAccent) }
            tiles.append(self.tile(tile, image: image, area: PixelSize(width: 180, height: 180), backdrop: .desktop, caption: ["Start, medium tile (150 px)", tile.label]))
        }
        if let start = icon.startUnplated {
            // Windows 11's Start menu draws the app-list icon with no plate, on its own light surface.
            let image = start.image.map { Self.scaled($0, longSide: 48).flattened(over: Self.lightTaskbar) }
            tiles.append(tile(start, image: image, area: PixelSize(width: 96, height: 96), caption: ["Start menu, unplated (48 px)", start.label]))
        }
        if let taskbar = icon.taskbar {
            for (name, colour) in [("dark", Self.darkTaskbar), ("light", Self.lightTaskbar)] {
                let image = taskbar.image.map { image -> Image in
                    let small = image.width == 24 ? image : Self.scaled(image, longSide: 24)
                    return Self.besideMagnified(small.flattened(over: colour), factor: 4)
                }
                tiles.append(tile(taskbar, image: image, area: image?.size ?? PixelSize(width: 24, height: 24),
                                  caption: ["Taskbar, \(name) (24 px) · 1:1 and ×4", taskbar.label]))
            }
        }
        for entry in icon.ico {
            let image = entry.image.map { $0.width <= 48 ? Self.besideMagnified($0, factor: max(2, 96 / max($0.width, 1))) : $0 }
            tiles.append(tile(entry, image: image, area: image?.size ?? PixelSize(width: 64, height: 64), backdrop: .desktop, caption: [entry.label]))
        }
        return tiles.isEmpty ? nil : ContactSheet.Section(title: "Windows",
            notes: ["The Start tile plated in the default accent and the app-list icon unplated, the taskbar icon on Windows 11's dark and light taskbars, the .ico's largest and smallest entries (the shell picks by size; some loaders take the first)."],
            tiles: tiles)
    }

    private var linux: ContactSheet.Section? {
        guard !inventory.linux.isEmpty else { return nil }
        let tiles = inventory.linux.map { picture -> ContactSheet.Tile in
            guard let image = picture.image, image.width <= 64 else {
                let image = picture.image.map { Self.scaled($0, longSide: min(256, $0.width)) }
                return tile(picture, image: image, area: image?.size ?? PixelSize(width: 128, height: 128), backdrop: .desktop, caption: [picture.label])
            }
            let pair = Self.besideMagnified(image.flattened(over: Self.darkTaskbar), factor: 2)
            return tile(picture, image: pair, area: pair.size, caption: ["On a dark panel · 1:1 and ×2", picture.label])
        }
        return ContactSheet.Section(title: "Linux (hicolor)", notes: ["The 48 px icon docks and panels ask for, and the largest the app menu scales down."], tiles: tiles)
    }

    private var launch: ContactSheet.Section? {
        guard !inventory.launch.isEmpty else { return nil }
        let tiles = inventory.launch.map { picture -> ContactSheet.Tile in
            let image = picture.image.map { Self.scaled($0, longSide: 200) }
            let size = picture.image.map { " · \($0.width)×\($0.height)" } ?? ""
            return tile(picture, image: image, area: image?.size ?? PixelSize(width: 120, height: 200), caption: [picture.label + size])
        }
        return ContactSheet.Section(title: "Launch images", notes: ["Thumbnails, 200 px on the longer side."], tiles: tiles)
    }
}
