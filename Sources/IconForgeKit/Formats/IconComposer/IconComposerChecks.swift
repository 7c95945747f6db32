import Foundation
import JPEGCodec
import PNGCodec
import Raster
import SVGCodec

/// `validate`'s rules for an Icon Composer `.icon` bundle: errors for what Icon Composer or actool refuse (a
/// document that does not parse, more than four groups, a layer image that is missing or does not decode,
/// a colour string that does not parse), warnings for what they take but is likely a mistake.
enum IconComposerChecks {
    /// The platforms `supported-platforms` may name, by shape.
    static let platforms: [String: Set<String>] = ["circles": ["watchOS"], "squares": ["iOS", "macOS", "visionOS", "watchOS", "tvOS"]]

    /// Every finding for the bundle at `path`, each with the file it is about, and the files checked.
    static func check(bundle path: String, limits: PNGLimits) -> (findings: [SetFinding], files: [String]) {
        let documentPath = (path as NSString).appendingPathComponent(IconComposerBundle.documentName)
        var findings: [SetFinding] = []
        func report(_ file: String, _ finding: Finding) { findings.append(SetFinding(path: file, finding: finding)) }
        let bytes: [UInt8]
        do { bytes = try FileIO.readDocument(documentPath) } catch {
            report(documentPath, Finding(.iconDocument, .error, "\((path as NSString).lastPathComponent) has no readable icon.json (\(error))",
                                         fix: "restore icon.json, or re-save the icon from Icon Composer"))
            return (findings, [documentPath])
        }
        let json: ContentsJSON
        do { json = try ContentsJSON.parse(bytes) } catch {
            report(documentPath, Finding(.iconDocument, .error, "icon.json is \(error)", fix: "fix the JSON, or re-save the icon from Icon Composer"))
            return (findings, [documentPath])
        }
        for finding in checkRaw(json) { report(documentPath, finding) }
        let document: IconComposerDocument
        do { document = try IconComposerDocument(json: json) } catch {
            report(documentPath, Finding(.iconDocument, .error, "\(error)", fix: "re-save the icon from Icon Composer"))
            return (findings, [documentPath])
        }
        if document.groups.count > IconComposerDocument.maximumGroups {
            report(documentPath, Finding(.iconGroups, .error, "icon.json has \(document.groups.count) groups; Icon Composer and actool "
                                         + "allow at most \(IconComposerDocument.maximumGroups)",
                                         fix: "merge groups in Icon Composer until there are \(IconComposerDocument.maximumGroups) or fewer"))
        }
        let assetsFolder = (path as NSString).appendingPathComponent(IconComposerBundle.assetsFolder)
        let assets = Set(((try? FileManager.default.contentsOfDirectory(atPath: assetsFolder)) ?? []).filter { !$0.hasPrefix(".") })
        var referenced = Set<String>()
        // The largest scale each image is drawn at (its group's times its own): a bitmap is drawn one point per
        // pixel at scale 1, so only a scale above 1 enlarges it.
        var scales: [String: Double] = [:]
        for (group, layer) in document.layers {
            let groupScale = document.groups[group].position.allValues.map(\.scale).max() ?? 1
            let layerScale = layer.position.allValues.map(\.scale).max() ?? 1
            for name in layer.imageName.allValues { scales[name] = max(scales[name] ?? 0, groupScale * layerScale) }
            let label = "groups[\(group)] layer '\(layer.name ?? "unnamed")'"
            if layer.imageName.plain != nil, layer.imageName.entries != nil {
                report(documentPath, Finding(.iconSpecialization, .warning, "icon.json: \(label) has both image-name and "
                                             + "image-name-specializations; actool uses image-name and ignores the specialisations",
                                             fix: "remove image-name and keep its value as the specialisation without an appearance"))
            }
            for name in Set(layer.imageName.allValues) {
                referenced.insert(name)
                if name.contains("/") {
                    report(documentPath, Finding(.missingFile, .error, "icon.json: \(label) uses \"\(name)\", a path rather than a file name in "
                                                 + "Assets/; Icon Composer names only files inside the icon, and IconForge reads nothing else",
                                                 fix: "copy the image into Assets/ and pick it again in Icon Composer",
                                                 reference: ValidationRule.iconDocument.reference))
                    continue
                }
                guard assets.contains(name) else {
                    report(documentPath, Finding(.missingFile, .error, "icon.json: \(label) uses Assets/\(name), which does not exist",
                                                 fix: "add the file to Assets/, or pick the layer's image again in Icon Composer",
                                                 reference: ValidationRule.iconDocument.reference))
                    continue
                }
            }
        }
        var files = [documentPath]
        for name in assets.sorted() {
            let file = (assetsFolder as NSString).appendingPathComponent(name)
            files.append(file)
            guard referenced.contains(name) else {
                report(file, Finding(.unreferencedFile, .warning, "Assets/\(name) is in the icon but no layer uses it",
                                     fix: "delete it, or use it in a layer", reference: ValidationRule.iconDocument.reference))
                continue
            }
            for finding in checkLayerImage(file, scale: scales[name] ?? 1, limits: limits) { report(file, finding) }
        }
        return (findings, files)
    }

    /// Checks on the JSON as written, which hold even where the model cannot be built: colour strings,
    /// specialisation appearances, platforms.
    static func checkRaw(_ json: ContentsJSON) -> [Finding] {
        var findings: [Finding] = []
        func colour(_ value: ContentsJSON, at place: String) {
            guard let text = value.string else { return }
            do { _ = try IconComposerColor(parsing: text) } catch {
                findings.append(Finding(.iconColor, .error, "icon.json: \(place): \(error.description.replacingOccurrences(of: "icon.json: ", with: ""))",
                                        fix: "pick the colour again in Icon Composer"))
            }
        }
        func walk(_ value: ContentsJSON, place: String) {
            switch value {
            case .object(let fields):
                for (key, item) in fields.sorted(by: { $0.key < $1.key }) {
                    let here = place.isEmpty ? key : place + "." + key
                    switch key {
                    case "solid", "automatic-gradient": colour(item, at: here)
                    case "linear-gradient": for (index, stop) in (item.array ?? []).enumerated() { colour(stop, at: here + "[\(index)]") }
                    case "appearance":
                        if let name = item.string, !Appearance.specializationKeys.contains(name) {
                            findings.append(Finding(.iconSpecialization, .warning, "icon.json: \(here) is '\(name)', not an appearance Icon "
                                                    + "Composer knows (dark, tinted); the specialisation is never used",
                                                    fix: "use dark or tinted"))
                        }
                    case "supported-platforms" where place.isEmpty: platforms(item)
                    default: walk(item, place: here)
                    }
                }
            case .array(let items):
                for (index, item) in items.enumerated() { walk(item, place: place + "[\(index)]") }
            default: break
            }
        }
        func platforms(_ value: ContentsJSON) {
            guard let fields = value.fields else {
                findings.append(Finding(.iconPlatform, .warning, "icon.json: supported-platforms is not an object",
                                        fix: "choose the platforms again in Icon Composer"))
                return
            }
            for (shape, item) in fields.sorted(by: { $0.key < $1.key }) {
                guard let known = Self.platforms[shape] else {
                    findings.append(Finding(.iconPlatform, .warning, "icon.json: supported-platforms.\(shape) is not a shape Icon Composer "
                                            + "writes (circles, squares)", fix: "choose the platforms again in Icon Composer"))
                    continue
                }
                let names = item.string == "shared" ? [] : (item.array ?? [.null]).map { $0.string ?? "(not a string)" }
                for name in names where !known.contains(name) {
                    findings.append(Finding(.iconPlatform, .warning, "icon.json: supported-platforms.\(shape) names '\(name)', not a platform "
                                            + "(\(known.sorted().joined(separator: ", ")) or \"shared\")",
                                            fix: "choose the platforms again in Icon Composer"))
                }
            }
        }
        walk(json, place: "")
        return findings
    }

    /// The scale from which an enlarged bitmap layer is visibly soft: at twice its pixels and more.
    static let softScale = 2.0

    /// A layer image decodes, and is what Icon Composer expects: a PNG (or JPEG) not drawn enlarged so much that it is
    /// soft (`scale` is the largest it is drawn at; a small or non-square PNG at scale 1 is a glyph drawn one
    /// point per pixel, as Icon Composer places it), or an SVG without text (which Icon Composer flags, as fonts
    /// are not embedded).
    static func checkLayerImage(_ path: String, scale: Double = 1, limits: PNGLimits) -> [Finding] {
        let name = "Assets/" + (path as NSString).lastPathComponent
        let bundle = path.parentFolder.parentFolder
        guard FolderScope(bundle).contains(path) else {
            return [Finding(.decode, .error, "\(name) is a link that leaves the bundle; not read", fix: "put the image itself in Assets/")]
        }
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch {
            return [Finding(.decode, .error, "\(name): \(error)", fix: "check the file's permissions")]
        }
        switch FileKind.detect(bytes) {
        case let kind? where kind == .png || kind == .jpeg:
            // Icon Composer draws JPEG layers too (an opaque one, as a background: its export shows it).
            let image: Image
            do {
                image = kind == .png ? try PNG.decode(bytes, limits: limits).image
                                     : try JPEG.decode(bytes, maxBytes: limits.maxDecodedBytes).image
            } catch {
                return [Finding(.decode, .error, "\(name): \(error)", fix: "re-export the layer from the design tool")]
            }
            let (width, height) = (image.width, image.height)
            // A flat fill enlarged is still flat.
            guard scale >= softScale, !image.isSingleColour else { return [] }
            let drawn = "\(Int((Double(width) * scale).rounded()))x\(Int((Double(height) * scale).rounded()))"
            return [Finding(.iconLayer, .warning, "\(name) is \(width)x\(height) px drawn at scale \(PointSize.format(scale)), "
                            + "\(drawn) pt on the 1024 pt canvas: enlarged \(PointSize.format(scale))x, it is soft at 1024 px",
                            fix: "export the layer at the size it is drawn (scale 1), or as SVG")]
        case .svg?:
            do { _ = try SVG.info(bytes, path: path) } catch {
                return [Finding(.decode, .error, "\(name): \(error)", fix: "re-export the layer from the design tool")]
            }
            // Text is Icon Composer's own warning; a filter librsvg drops empties the layer when IconForge draws it.
            let filters = SVGChecks.undrawable(name: name, bytes: bytes).filter { $0.rule == .svgFilter }
            guard containsText(bytes) else { return filters }
            return [Finding(.svgText, .warning, "\(name) contains <text>; Icon Composer flags text in layers, and the font may not be there "
                            + "when the icon is built", fix: "convert the text to outlines in the design tool")] + filters
        case let kind:
            return [Finding(.decode, .error, "\(name) is \(kind.map { "\($0)" } ?? "not an image"); Icon Composer layers are PNG, JPEG or SVG",
                            fix: "export the layer as PNG or SVG")]
        }
    }

    /// True when an SVG has a `<text` element (any namespace prefix aside).
    static func containsText(_ bytes: [UInt8]) -> Bool {
        let pattern = Array("<text".utf8)
        guard bytes.count > pattern.count else { return false }
        for index in 0..<(bytes.count - pattern.count) where bytes[index] == pattern[0] {
            if Array(bytes[index..<index + pattern.count]) == pattern {
                let next = bytes[index + pattern.count]
                if next == 0x20 || next == 0x3E || next == 0x0A || next == 0x09 || next == 0x0D || next == 0x2F { return true }
            }
        }
        return false
    }
}
