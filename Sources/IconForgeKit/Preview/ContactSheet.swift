import Foundation
import PNGCodec
import Raster
import SVGCodec

/// One picture a person can judge a set of icons by: sections of labelled tiles on an opaque sheet. The
/// chrome — sheet, wallpapers, labels — is an SVG drawn by librsvg (text needs a font renderer, which the
/// package has only there); the tiles' pixels are then composited over it in linear light at whole-pixel
/// positions and never rescaled here, so what a tile shows is exactly the picture it was given.
struct ContactSheet {
    /// What is behind a tile's picture: the sheet, or the kind of screen it is shown on.
    enum Backdrop: String {
        case plain, lightWallpaper, darkWallpaper, tintedWallpaper, desktop, launcher, themed
    }

    /// A picture with its caption lines; `finding` is the most severe finding about its file.
    struct Tile {
        var image: Image?
        /// The file the picture shows, as the sheet names it.
        var file: String?
        /// The space the picture is centred in (its own size, or more to line tiles up).
        var area: PixelSize
        var backdrop: Backdrop = .plain
        var caption: [String]
        var finding: (severity: Severity, text: String)? = nil
    }

    /// A titled row (wrapping) of tiles with notes under the title.
    struct Section {
        var title: String
        var notes: [String] = []
        var tiles: [Tile]
    }

    var title: String
    var subtitle: String
    var sections: [Section]
    /// Every finding, listed at the end (the tiles show only each file's first).
    var findings: [(severity: Severity, text: String)] = []

    static let width = 1200
    static let maximumHeight = 16000
    private static let margin = 28, gap = 16, padding = 14, lineHeight = 17, minimumTileWidth = 168, listedFindings = 60

    /// Where everything goes: each tile's frame, and the sheet's height.
    private struct Layout {
        var frames: [[(x: Int, y: Int, width: Int, height: Int)]] = []
        var sectionTops: [Int] = []
        var findingsTop = 0
        var height = 0
    }

    private func layout() -> Layout {
        var result = Layout()
        var y = Self.margin + 56
        for section in sections {
            result.sectionTops.append(y)
            y += 28 + section.notes.count * Self.lineHeight
            var x = Self.margin, rowHeight = 0
            var frames: [(x: Int, y: Int, width: Int, height: Int)] = []
            for tile in section.tiles {
                let width = max(tile.area.width + 2 * Self.padding, Self.minimumTileWidth)
                let height = tile.area.height + 2 * Self.padding + 6 + (tile.caption.count + (tile.finding == nil ? 0 : 1)) * Self.lineHeight
                if x + width > Self.width - Self.margin, x > Self.margin {
                    x = Self.margin
                    y += rowHeight + Self.gap
                    rowHeight = 0
                }
                frames.append((x, y, width, height))
                x += width + Self.gap
                rowHeight = max(rowHeight, height)
            }
            result.frames.append(frames)
            y += rowHeight + Self.gap * 2
        }
        result.findingsTop = y
        if !findings.isEmpty { y += 28 + (min(findings.count, Self.listedFindings) + (findings.count > Self.listedFindings ? 1 : 0)) * Self.lineHeight }
        result.height = min(y + Self.margin, Self.maximumHeight)
        return result
    }

    /// Where a tile's picture was drawn, in sheet pixels.
    struct Placement {
        var section: String
        var tile: Tile
        var x: Int, y: Int
    }

    /// The sheet as opaque 8-bit pixels, and where each tile's picture is on it.
    func render(limits: PNGLimits) throws(SVGError) -> (image: Image, placements: [Placement]) {
        let layout = layout()
        let chrome = try SVG.render(Array(svg(layout).utf8), path: nil, size: PixelSize(width: Self.width, height: layout.height),
                                    maxBytes: limits.maxDecodedBytes)
        var canvas = Canvas(width: Self.width, height: layout.height)
        canvas.draw(chrome, x: 0, y: 0)
        var placements: [Placement] = []
        for (section, frames) in zip(sections, layout.frames) {
            for (tile, frame) in zip(section.tiles, frames) {
                let areaX = frame.x + (frame.width - tile.area.width) / 2
                let (x, y) = (areaX + (tile.area.width - (tile.image?.width ?? tile.area.width)) / 2,
                              frame.y + Self.padding + (tile.area.height - (tile.image?.height ?? tile.area.height)) / 2)
                guard y < layout.height else { continue }
                if let image = tile.image { canvas.draw(image, x: x, y: y) }
                placements.append(Placement(section: section.title, tile: tile, x: x, y: y))
            }
        }
        return (canvas.image(format: .rgba8).flattened(over: .white), placements)
    }

    /// The chrome as an SVG document of the sheet's size.
    private func svg(_ layout: Layout) -> String {
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.width)" height="\(layout.height)" viewBox="0 0 \(Self.width) \(layout.height)" \
            font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
            <defs>\(Self.gradients)</defs>
            <rect width="100%" height="100%" fill="#F2F2F7"/>

            """
        func text(_ value: String, x: Int, y: Int, size: Int = 12, weight: String = "normal", color: String = "#1C1C1E", width: Int) {
            out += "<text x=\"\(x)\" y=\"\(y)\" font-size=\"\(size)\" font-weight=\"\(weight)\" fill=\"\(color)\">"
                + XMLText.escaped(Self.truncated(value, toPixels: width, fontSize: size)) + "</text>\n"
        }
        let fullWidth = Self.width - 2 * Self.margin
        text(title, x: Self.margin, y: Self.margin + 20, size: 22, weight: "bold", width: fullWidth)
        text(subtitle, x: Self.margin, y: Self.margin + 44, size: 13, color: "#48484A", width: fullWidth)
        for (index, (section, frames)) in zip(sections, layout.frames).enumerated() {
            let top = layout.sectionTops[index]
            guard top < layout.height else { break }
            text(section.title, x: Self.margin, y: top + 18, size: 16, weight: "bold", width: fullWidth)
            for (line, note) in section.notes.enumerated() {
                text(note, x: Self.margin, y: top + 36 + line * Self.lineHeight, color: "#6C6C70", width: fullWidth)
            }
            for (tile, frame) in zip(section.tiles, frames) {
                let boxHeight = tile.area.height + 2 * Self.padding
                out += "<rect x=\"\(frame.x)\" y=\"\(frame.y)\" width=\"\(frame.width)\" height=\"\(boxHeight)\" rx=\"12\" "
                    + Self.fill(tile.backdrop) + "/>\n"
                var lineY = frame.y + boxHeight + 6 + 12
                if tile.image == nil {
                    text("not drawn", x: frame.x + Self.padding, y: frame.y + boxHeight / 2 + 4, color: "#8E8E93", width: frame.width - 2 * Self.padding)
                }
                for line in tile.caption {
                    text(line, x: frame.x + 2, y: lineY, color: "#3A3A3C", width: frame.width - 4)
                    lineY += Self.lineHeight
                }
                if let finding = tile.finding {
                    text((finding.severity == .error ? "✗ " : "⚠ ") + finding.text, x: frame.x + 2, y: lineY,
                         weight: "bold", color: Self.color(finding.severity), width: frame.width - 4)
                }
            }
        }
        if !findings.isEmpty, layout.findingsTop < layout.height {
            text("Findings", x: Self.margin, y: layout.findingsTop + 18, size: 16, weight: "bold", width: fullWidth)
            for (line, finding) in findings.prefix(Self.listedFindings).enumerated() {
                text((finding.severity == .error ? "✗ " : "⚠ ") + finding.text, x: Self.margin, y: layout.findingsTop + 40 + line * Self.lineHeight,
                     color: Self.color(finding.severity), width: fullWidth)
            }
            if findings.count > Self.listedFindings {
                text("… and \(findings.count - Self.listedFindings) more: run 'iconforge validate' for all of them", x: Self.margin,
                     y: layout.findingsTop + 40 + Self.listedFindings * Self.lineHeight, color: "#6C6C70", width: fullWidth)
            }
        }
        return out + "</svg>\n"
    }

    private static let gradients = """
        <linearGradient id="lightWallpaper" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8EC5FC"/><stop offset="1" stop-color="#E0C3FC"/></linearGradient>\
        <linearGradient id="darkWallpaper" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2C2C54"/><stop offset="1" stop-color="#0B0B12"/></linearGradient>\
        <linearGradient id="tintedWallpaper" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3B2A12"/><stop offset="1" stop-color="#0E0A05"/></linearGradient>\
        <linearGradient id="desktop" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4B79A1"/><stop offset="1" stop-color="#283E51"/></linearGradient>
        """

    private static func fill(_ backdrop: Backdrop) -> String {
        switch backdrop {
        case .plain: "fill=\"#FFFFFF\" stroke=\"#D1D1D6\""
        case .launcher: "fill=\"#DDE3EA\""
        case .themed: "fill=\"#E8EEF7\""
        case .lightWallpaper, .darkWallpaper, .tintedWallpaper, .desktop: "fill=\"url(#\(backdrop.rawValue))\""
        }
    }

    private static func color(_ severity: Severity) -> String { severity == .error ? "#C41E3A" : "#B25F00" }

    /// Cut to what fits in `pixels` at about 0.62 em a character (DejaVu Sans' average), with an ellipsis.
    static func truncated(_ text: String, toPixels pixels: Int, fontSize: Int) -> String {
        let fits = max(4, Int(Double(pixels) / (Double(fontSize) * 0.62)))
        return text.count <= fits ? text : String(text.prefix(fits - 1)) + "…"
    }
}
