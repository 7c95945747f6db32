import Foundation
import PNGCodec
import Raster
import SVGCodec

/// Draws an Icon Composer icon as one flat square picture, so a `.icon` can be the master of every other
/// preset (classic iOS sets for older systems, Android, web). Composited in linear light: the fill, then
/// the groups back to front, each group's layers back to front, placed by their positions, with their
/// opacities, layer fills and normal blending. Liquid Glass itself — glass, specular highlights, shadows,
/// translucency, blur — and the other blend modes are Apple's renderer's and are not drawn.
package enum IconComposerFlattener {
    /// What a flattened icon leaves out, said once per run.
    package static let limitation = "Liquid Glass effects (glass, specular, shadow, translucency, blur) and blend modes other "
        + "than normal are drawn only by Apple's renderer; the flattened icon is the layers' artwork on the fill"

    /// The approximations of the system fills (Apple does not publish them), sRGB-encoded, top to bottom.
    static let systemLight: [SIMD4<Float>] = [SIMD4(1, 1, 1, 1), SIMD4(0.906, 0.910, 0.929, 1)]
    static let systemDark: [SIMD4<Float>] = [SIMD4(0.227, 0.227, 0.235, 1), SIMD4(0.110, 0.110, 0.118, 1)]

    /// The icon drawn at `pixels` × `pixels` (1024 is one pixel per point) for `appearance`; tinted comes out
    /// in greyscale, the luminance the system tints.
    package static func flatten(_ bundle: IconComposerBundle, appearance: Appearance, pixels: Int,
                               limits: PNGLimits) throws(IconForgeError) -> Image {
        if let refusal = limits.refusal(width: pixels, height: pixels) {
            throw .overLimit(path: bundle.path, .drawing(refusal: refusal))
        }
        let document = bundle.document
        var canvas = Canvas(width: pixels, height: pixels)
        let fill = document.fill.value(for: appearance) ?? .automatic
        if let paint = try paint(for: fill, appearance: appearance, canvas: true, bundle: bundle) { canvas.fill(paint) }
        var sources = Layers(bundle: bundle, limits: limits)
        // Groups and layers are listed front to back: draw them in reverse.
        for group in document.groups.reversed() where group.hidden.value(for: appearance) != true {
            // Source-over is associative: an opaque group draws straight onto the canvas; only a translucent
            // one needs a canvas of its own, faded as a whole.
            let opacity = Float(group.opacity.value(for: appearance) ?? 1)
            if opacity < 1 {
                var own = Canvas(width: pixels, height: pixels)
                try draw(group, appearance: appearance, onto: &own, sources: &sources)
                canvas.draw(own, opacity: opacity)
            } else {
                try draw(group, appearance: appearance, onto: &canvas, sources: &sources)
            }
        }
        let image = canvas.image(format: .rgba16)
        return appearance == .tinted ? image.luminance() : image
    }

    /// Draws a group's visible layers, back to front, placed by the layer's position within the group's.
    private static func draw(_ group: IconComposerGroup, appearance: Appearance, onto canvas: inout Canvas,
                             sources: inout Layers) throws(IconForgeError) {
        let bundle = sources.bundle
        for layer in group.layers.reversed() where layer.hidden.value(for: appearance) != true {
            guard let placed = try place(layer, of: group, appearance: appearance, side: canvas.width, sources: &sources) else { continue }
            let layerPaint = try layer.fill.value(for: appearance).flatMap { fill throws(IconForgeError) in
                try paint(for: fill, appearance: appearance, canvas: false, bundle: bundle)
            }
            canvas.draw(placed.image, x: placed.x, y: placed.y, opacity: Float(layer.opacity.value(for: appearance) ?? 1), paint: layerPaint)
        }
    }

    /// A layer's image at the size, and its top-left corner at the place, that its own and its group's positions give
    /// on a canvas of `side` pixels; nil for a layer with no image in `appearance`.
    static func place(_ layer: IconComposerLayer, of group: IconComposerGroup, appearance: Appearance, side: Int,
                      sources: inout Layers) throws(IconForgeError) -> (image: Image, x: Int, y: Int)? {
        guard let name = layer.imageName.value(for: appearance) else { return nil }
        let perPoint = Double(side) / IconComposerDocument.canvasPoints
        let groupPosition = group.position.value(for: appearance) ?? IconComposerPosition()
        let position = layer.position.value(for: appearance) ?? IconComposerPosition()
        let natural = try sources.naturalSize(name)
        let scale = position.scale * groupPosition.scale * perPoint
        let size = PixelSize(width: max(1, Int((natural.width * scale).rounded())), height: max(1, Int((natural.height * scale).rounded())))
        if let refusal = sources.limits.refusal(width: size.width, height: size.height) {
            throw .overLimit(path: sources.bundle.assetPath(name), .placedLayer(refusal: refusal))
        }
        let centre = (x: Double(side) / 2 + (position.translation.x * groupPosition.scale + groupPosition.translation.x) * perPoint,
                      y: Double(side) / 2 + (position.translation.y * groupPosition.scale + groupPosition.translation.y) * perPoint)
        let image = try sources.image(name, size: size)
        return (image, Int((centre.x - Double(size.width) / 2).rounded()), Int((centre.y - Double(size.height) / 2).rounded()))
    }

    /// The paint a fill stands for; nil for none (and, on a layer, for automatic: the layer's own colours).
    static func paint(for fill: IconComposerFill, appearance: Appearance, canvas: Bool,
                      bundle: IconComposerBundle) throws(IconForgeError) -> Canvas.Paint? {
        func colour(_ text: String) throws(IconForgeError) -> SIMD4<Float> {
            do { return try IconComposerColor(parsing: text).encodedSRGB } catch { throw .iconComposer(path: bundle.path, error) }
        }
        switch fill {
        case .none: return nil
        case .automatic:
            guard canvas else { return nil }
            return .gradient(appearance == .light ? systemLight : systemDark)
        case .systemLight: return .gradient(systemLight)
        case .systemDark: return .gradient(systemDark)
        case .solid(let text): return .solid(try colour(text))
        case .automaticGradient(let text, _):
            // The system lightens the top of the colour; a fifth of the way to white is close to what it shows.
            let base = try colour(text)
            return .gradient([base + (SIMD4(1, 1, 1, base[3]) - base) * 0.2, base])
        case .linearGradient(let texts, _):
            var colours: [SIMD4<Float>] = []
            for text in texts { colours.append(try colour(text)) }
            return .gradient(colours)
        }
    }

    /// The layers' files, each read once however many layers use it.
    struct Layers {
        let bundle: IconComposerBundle
        let limits: PNGLimits
        var rasters: [String: Image] = [:]
        var vectors: [String: (bytes: [UInt8], info: SVGInfo)] = [:]

        init(bundle: IconComposerBundle, limits: PNGLimits) {
            self.bundle = bundle
            self.limits = limits
        }

        /// The layer's own size in points: a bitmap's pixels (Icon Composer places one pixel per point), an
        /// SVG's width and height (else its view box, else the canvas).
        mutating func naturalSize(_ name: String) throws(IconForgeError) -> (width: Double, height: Double) {
            try load(name)
            if let image = rasters[name] { return (Double(image.width), Double(image.height)) }
            let info = vectors[name]!.info
            return info.size ?? info.viewBox ?? (IconComposerDocument.canvasPoints, IconComposerDocument.canvasPoints)
        }

        /// The layer drawn or resampled (in linear light) to `size`.
        mutating func image(_ name: String, size: PixelSize) throws(IconForgeError) -> Image {
            try load(name)
            if let image = rasters[name] {
                return image.size == size ? image : Resampler.resize(image, to: size, options: ResizeOptions(outputFormat: .rgba16))
            }
            let path = bundle.assetPath(name)
            do { return try SVG.render(vectors[name]!.bytes, path: path, size: size, maxBytes: limits.maxDecodedBytes) } catch {
                throw .svg(path: path, error)
            }
        }

        /// The SVG without the `filter` references to filters holding an `feDropShadow`: librsvg 2.54 drops an
        /// element whose filter has one (the layer comes out empty), and Apple's renderer draws shadows of its own.
        static func withoutDropShadows(_ bytes: [UInt8]) -> [UInt8] {
            var text = String(decoding: bytes, as: UTF8.self)
            guard text.contains("feDropShadow") else { return bytes }
            var ids: [String] = []
            var rest = text[...]
            while let open = rest.range(of: "<filter"), let close = rest.range(of: "</filter>", range: open.upperBound..<rest.endIndex) {
                let element = rest[open.lowerBound..<close.upperBound]
                if element.contains("feDropShadow"), let id = element.firstMatch(of: /\bid\s*=\s*["']([^"']+)["']/) { ids.append(String(id.1)) }
                rest = rest[close.upperBound...]
            }
            for id in ids {
                for quote in ["\"", "'"] { text = text.replacingOccurrences(of: " filter=\(quote)url(#\(id))\(quote)", with: "") }
            }
            return Array(text.utf8)
        }

        private mutating func load(_ name: String) throws(IconForgeError) {
            guard rasters[name] == nil, vectors[name] == nil else { return }
            let path = bundle.assetPath(name)
            guard !name.contains("/"), bundle.assets.contains(name) else {
                throw .iconComposer(path: bundle.path, .missingAsset(name))
            }
            let bytes = try FileIO.readInput(path)
            if FileKind.detect(bytes) == .svg {
                let drawable = Layers.withoutDropShadows(bytes)
                do { vectors[name] = (drawable, try SVG.info(drawable, path: path)) } catch { throw .svg(path: path, error) }
            } else {
                rasters[name] = try SourceImage.read(path, limits: limits).image
            }
        }
    }
}
