import Foundation
import PNGCodec
import Raster

// Android's pictures, read through the one Android project model validate and generate use.
extension PreviewInventory {
    /// What a launcher shows of `res`, read through the one Android project model that `validate` and `generate` use:
    /// the adaptive icon wherever it is defined (`mipmap-anydpi-v26/`, or `mipmap-anydpi/` at minSdk 26), its layers and
    /// background colour in any `res/` root of the project (a flavour's, a library module's).
    static func readAndroid(_ res: String, limits: PNGLimits) -> AndroidIcon {
        var icon = AndroidIcon()
        let project = AndroidProject(res: res)
        // The launcher icon the manifest names (wikimedia's @mipmap/launcher) when the module has it, else ic_launcher.
        let launcher = AndroidResources.launcherName(project, main: res), round = AndroidResources.roundName(project, launcher: launcher) ?? launcher + "_round"
        icon.legacy = highestDensity(launcher, type: "mipmap", project: project, bitmapsOnly: true).map { picture($0, label: label($0, res), limits: limits) }
        icon.round = highestDensity(round, type: "mipmap", project: project, bitmapsOnly: true).map { picture($0, label: label($0, res), limits: limits) }
        // The definition a device since Android 8 reads: -v26 first, then the unversioned ones of a minSdk 26 app.
        guard let adaptive = AndroidProject.adaptiveIconDefinitions(in: res, names: [launcher + ".xml"], for: .adaptive).first else { return icon }
        // A layer drawn through <inset> (@capacitor/assets) is that layer's picture, said to be inset.
        let insets = Dictionary(AdaptiveIconXML.insetLayers(in: adaptive.text), uniquingKeysWith: { first, _ in first })
        for (element, type, name) in AdaptiveIconXML.layerReferences(in: adaptive.text) {
            if type == "color" {
                if element == "background" { icon.backgroundColor = color(named: name, project: project) }
                continue
            }
            guard let path = highestDensity(name, type: type, project: project, bitmapsOnly: false) else { continue }
            guard !path.hasSuffix(".xml") else {
                icon.notes.append("<\(element)> is the vector drawable \(label(path, res)): not drawn")
                if element == "monochrome" { icon.monochromeIsVector = true }
                continue
            }
            var layer = picture(path, label: label(path, res), limits: limits)
            if let inset = insets[name] {
                // Drawn as Android draws it: the picture reduced into the layer less its margins.
                if let image = layer.image {
                    let inner = PixelSize(width: max(1, Int((Double(image.width) * (1 - 2 * inset)).rounded())),
                                          height: max(1, Int((Double(image.height) * (1 - 2 * inset)).rounded())))
                    var canvas = Canvas(width: image.width, height: image.height)
                    canvas.draw(Resampler.resize(image, to: inner, options: ResizeOptions(fit: .fill)),
                                x: (image.width - inner.width) / 2, y: (image.height - inner.height) / 2)
                    layer.image = canvas.image(format: .rgba8)
                }
                icon.notes.append("<\(element)> \(label(path, res)) is drawn inset by \(String(format: "%g", (inset * 1000).rounded() / 10))%")
            }
            switch element {
            case "foreground": icon.foreground = layer
            case "background": icon.background = layer
            case "monochrome": icon.monochrome = layer
            default: break
            }
        }
        return icon
    }

    /// The densest notification and splash screen icons (see `AndroidResourceChecks.specialDrawables`) and the TV banner.
    mutating func readAndroidExtras(_ res: String, limits: PNGLimits) {
        let densities = ["xxxhdpi", "xxhdpi", "xhdpi", "hdpi", "mdpi"]
        func rank(_ path: String) -> Int {
            let folder = (path.parentFolder as NSString).lastPathComponent
            return densities.firstIndex { folder.hasSuffix("-" + $0) || folder.contains("-" + $0 + "-") } ?? densities.count
        }
        let special = AndroidResourceChecks.specialDrawables(res: res)
        func densest(_ kind: AndroidResourceChecks.SpecialDrawable, night: Bool = false) -> String? {
            special.filter { $0.value == kind && (($0.key.parentFolder as NSString).lastPathComponent.contains("-night")) == night }.keys
                .min { (rank($0), $0) < (rank($1), $1) }
        }
        notificationIcon = densest(.notification).map { Self.picture($0, label: Self.label($0, res), limits: limits) }
        splashIcon = densest(.splash).map { Self.picture($0, label: Self.label($0, res), limits: limits) }
        splashNightIcon = densest(.splash, night: true).map { Self.picture($0, label: Self.label($0, res), limits: limits) }
        let project = AndroidProject(res: res)
        // The banner the manifest names (Jellyfin's @mipmap/app_banner) is the one the TV shows; else IconForge's own.
        let named: String? = project.manifestBanner.flatMap { banner in
            let parts = banner.dropFirst().split(separator: "/", maxSplits: 1).map(String.init)
            guard banner.hasPrefix("@"), parts.count == 2, ["drawable", "mipmap"].contains(parts[0]) else { return nil }
            return Self.highestDensity(parts[1], type: parts[0], project: project, bitmapsOnly: true)
        }
        if let banner = named ?? Self.highestDensity("banner", type: "drawable", project: project, bitmapsOnly: true)
            ?? Self.highestDensity("banner", type: "mipmap", project: project, bitmapsOnly: true) {
            tvBanner = Self.picture(banner, label: Self.label(banner, res), limits: limits)
        }
    }

    static func label(_ path: String, _ res: String) -> String {
        (path.parentFolder as NSString).lastPathComponent + "/" + (path as NSString).lastPathComponent
    }

    /// The file of resource `name` in its densest folder (`mipmap-xxxhdpi` before `mipmap-xxhdpi` … before `mipmap`),
    /// in the project's `res/` roots in order (the one previewed first).
    static func highestDensity(_ name: String, type: String, project: AndroidProject, bitmapsOnly: Bool) -> String? {
        // A resource name is one plain name (`@mipmap/../../x` names nothing AAPT2 would build), and a file reached
        // through a link that leaves its res/ is not opened.
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }), !name.hasPrefix(".") else { return nil }
        let manager = FileManager.default
        for res in project.resourceRoots {
            let scope = FolderScope(res)
            for qualifier in ["-xxxhdpi", "-xxhdpi", "-xhdpi", "-hdpi", "-mdpi", "-anydpi-v26", "-anydpi", "-nodpi", ""] {
                for ext in bitmapsOnly ? ["png", "webp", "jpg"] : ["png", "webp", "jpg", "xml"] {
                    let path = (res as NSString).appendingPathComponent("\(type)\(qualifier)/\(name).\(ext)")
                    if manager.fileExists(atPath: path), !(qualifier.hasPrefix("-anydpi") && ext != "xml") { return scope.contains(path) ? path : nil }
                }
            }
        }
        return nil
    }

    /// The value of the colour resource `name` (`<color name="NAME">#…</color>`, `<item type="color">`) where the project
    /// defines it, as an opaque colour.
    static func color(named name: String, project: AndroidProject) -> RGBColor? {
        for definition in project.valueDefinitions(type: "color", name: name) {
            // #AARRGGBB drops the alpha; #RGB is expanded.
            if let value = AndroidProject.colorValue(named: name, in: definition.text) { return value.color }
        }
        return nil
    }
}
