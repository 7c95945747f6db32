import Foundation
import PNGCodec
import Raster

/// `validate`'s rules for a packaged Windows app's visual assets, read from its manifest: every logo the manifest names
/// resolves to files (the unqualified one or qualified variants), each at the size its scale or target size asks
/// for; the app-list icon has the taskbar's target sizes, unplated; the tiles have a 200% variant; and none is still
/// Visual Studio's template placeholder (the grey boxed X, which Store certification rejects: 10.1.1.11).
enum AppxAssetChecks {
    /// True for a folder holding a package manifest.
    static func manifest(in folder: String) -> String? {
        WindowsVisualAssets.manifestNames.map { (folder as NSString).appendingPathComponent($0) }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// A file that resolves a reference, with what its name or folder qualifies.
    private struct Candidate {
        var path: String
        var name: WindowsVisualAssets.QualifiedName
    }

    static func check(manifest: String, scope: FolderScope?, limits: PNGLimits) -> (findings: [SetFinding], checked: [String]) {
        let manifestName = (manifest as NSString).lastPathComponent
        guard let bytes = try? FileIO.readDocument(manifest) else {
            return ([SetFinding(path: manifest, finding: Finding(.appxAssets, .error, "\(manifestName) cannot be read", fix: "check the file's permissions"))], [])
        }
        let parsed = AppxManifest(text: String(decoding: bytes, as: UTF8.self))
        var findings: [SetFinding] = [], checked: [String] = [manifest]
        let root = manifest.parentFolder
        let maui = MauiProject.near(root)
        for reference in parsed.references {
            let file = (root as NSString).appendingPathComponent(reference.relativePath)
            guard scope?.contains(file) ?? FolderScope(root).contains(file) else {
                findings.append(SetFinding(path: manifest, finding: Finding(.appxAssets, .warning,
                    "\(manifestName): \(reference.path) (\(reference.attribute)) leaves \(root); not read", fix: "keep the assets inside the project")))
                continue
            }
            guard let base = WindowsVisualAssets.QualifiedName((file as NSString).lastPathComponent)?.base else { continue }
            let candidates = self.candidates(base: base, folder: file.parentFolder)
            // A MAUI app's logos are written into the package by Resizetizer from its MauiIcon at build time: there
            // is nothing in the project to check (dotnet-podcasts' appiconMediumTile.png).
            if candidates.isEmpty, let maui, maui.generates(logo: base) { continue }
            var isFolder: ObjCBool = false
            guard !candidates.isEmpty || FileManager.default.fileExists(atPath: file.parentFolder, isDirectory: &isFolder) && isFolder.boolValue else {
                // A path into a folder that is not here (electron-windows-store's app/resources/…) names the package's
                // layout, which a packaging step makes: it cannot be checked from this folder.
                findings.append(SetFinding(path: manifest, finding: Finding(.appxAssets, .warning,
                    "\(manifestName) names \(reference.path) (\(reference.attribute)) in a folder that is not in \(root): not checked",
                    fix: "if a packaging step lays the package out, validate its output folder")))
                continue
            }
            guard !candidates.isEmpty else {
                findings.append(SetFinding(path: manifest, finding: Finding(.appxAssets, .error,
                    "\(manifestName) names \(reference.path) (\(reference.attribute)), but there is neither that file nor a variant such as "
                    + "\(base).scale-200.png: the package does not build", fix: "add the images ('iconforge generate MASTER --preset windows -o \(root)')")))
                continue
            }
            let unit = AppxManifest.imageAttributes[reference.attribute]
            var scales = Set<Int>(), targets: [(size: Int, plated: Bool)] = []
            for candidate in candidates {
                checked.append(candidate.path)
                let label = (candidate.path as NSString).lastPathComponent
                // A build's labelled copy (Notepads' -dev files) is checked at its size, but stands in for nothing the
                // package built without that label lacks.
                if candidate.name.label == nil {
                    if let size = candidate.name.targetSize { targets.append((size, candidate.name.isPlated)) } else { scales.insert(candidate.name.scale ?? 100) }
                }
                guard let image = readImage(candidate.path, limits: limits) else {
                    findings.append(SetFinding(path: candidate.path, finding: Finding(.appxAssets, .error, "\(label) is not a PNG that can be read",
                                                                                  fix: "re-export it as PNG")))
                    continue
                }
                if let expected = expectedSize(candidate.name, unit: unit),
                   abs(image.width - expected.width) > 1 || abs(image.height - expected.height) > 1 {
                    let qualifier = candidate.name.targetSize.map { "targetsize-\($0)" } ?? "scale-\(candidate.name.scale ?? 100)"
                    findings.append(SetFinding(path: candidate.path, finding: Finding(.appxAssets, .error,
                        "\(label) is \(image.width)x\(image.height) but \(reference.attribute) at \(qualifier) is \(expected): Windows "
                        + "stretches it and the Windows App Certification Kit rejects it", fix: "export it at \(expected)")))
                }
                if isTemplatePlaceholder(image) {
                    findings.append(SetFinding(path: candidate.path, finding: Finding(.appxAssets, .error,
                        "\(label) is Visual Studio's placeholder (a grey boxed X), not the app's logo: Store certification rejects it (10.1.1.11)",
                        fix: "replace the assets ('iconforge generate MASTER --preset windows -o \(root)')")))
                }
            }
            if reference.attribute == "Square44x44Logo" {
                let missing = WindowsVisualAssets.essentialTargetSizes.filter { size in !targets.contains { $0.size == size } }
                if !missing.isEmpty {
                    findings.append(SetFinding(path: manifest, finding: Finding(.appxAssets, .warning,
                        "\(base) has no targetsize-\(missing.map(String.init).joined(separator: ", ")) variant\(missing.count == 1 ? "" : "s"): "
                        + "the taskbar, Start and Explorer scale another size, blurred", fix: "add \(base).targetsize-N.png for 16, 24, 32, 48 and 256")))
                }
                if !targets.isEmpty, !targets.contains(where: { !$0.plated }) {
                    findings.append(SetFinding(path: manifest, finding: Finding(.appxAssets, .warning,
                        "\(base) has no _altform-unplated target size: the taskbar draws the icon on a coloured plate",
                        fix: "add \(base).targetsize-N_altform-unplated.png (and _altform-lightunplated for light taskbars)")))
                }
            } else if reference.attribute != "BadgeLogo", (scales.max() ?? 0) < 200 {
                findings.append(SetFinding(path: manifest, finding: Finding(.appxAssets, .warning,
                    "\(base) has no scale-200 (or larger) variant: on 150–400% displays Windows enlarges the \(scales.max() ?? 100)% image, blurred",
                    fix: "add \(base).scale-200.png and .scale-400.png")))
            }
        }
        return (findings, checked)
    }

    /// The unqualified file and every qualified variant of `base` in `folder`, and in its qualifier folders (`scale-200/`).
    private static func candidates(base: String, folder: String) -> [Candidate] {
        let manager = FileManager.default
        var result: [Candidate] = []
        let wanted = base.lowercased()
        for item in ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted() where !item.hasPrefix(".") {
            let path = (folder as NSString).appendingPathComponent(item)
            if let name = WindowsVisualAssets.QualifiedName(item), name.base.lowercased() == wanted, !name.qualifiers.contains("backup") {
                result.append(Candidate(path: path, name: name))
            } else if item.hasPrefix("scale-") || item.hasPrefix("targetsize-") {
                for inner in ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted() {
                    guard var name = WindowsVisualAssets.QualifiedName(inner), name.base.lowercased() == wanted,
                          let qualified = WindowsVisualAssets.QualifiedName("x.\(item).png") else { continue }
                    name.scale = name.scale ?? qualified.scale
                    name.targetSize = name.targetSize ?? qualified.targetSize
                    result.append(Candidate(path: (path as NSString).appendingPathComponent(inner), name: name))
                }
            }
        }
        return result
    }

    /// The size a variant must have: its target size, or the logo's size at its scale.
    private static func expectedSize(_ name: WindowsVisualAssets.QualifiedName, unit: PixelSize?) -> PixelSize? {
        if let target = name.targetSize { return PixelSize(width: target, height: target) }
        guard let unit else { return nil }
        let percent = name.scale ?? 100
        return PixelSize(width: (unit.width * percent * 2 + 100) / 200, height: (unit.height * percent * 2 + 100) / 200)
    }

    /// A tile image decoded, when it is a PNG of tile size (the largest, a 400% splash screen, is 2480x1200).
    private static func readImage(_ path: String, limits: PNGLimits) -> Image? {
        guard let bytes = try? FileIO.read(path), let info = try? PNG.info(bytes, limits: limits),
              info.width <= 4096, info.height <= 4096, let decoded = try? PNG.decode(bytes, limits: limits) else { return nil }
        return decoded.image
    }

    /// Visual Studio's template logos: one flat grey, drawn as a box with both diagonals (an X) and nothing else.
    static func isTemplatePlaceholder(_ image: Image) -> Bool {
        let pixels = image.converted(to: .rgba8)
        let (width, height) = (pixels.width, pixels.height)
        guard width >= 16, height >= 16 else { return false }
        var minX = width, minY = height, maxX = -1, maxY = -1, drawn = 0
        var low = SIMD3<Int>(repeating: 255), high = SIMD3<Int>(repeating: 0)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixels.pixel(x: x, y: y)
                guard p[3] > 128 else { continue }
                drawn += 1
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                let colour = SIMD3(Int(p[0]), Int(p[1]), Int(p[2]))
                low = pointwiseMin(low, colour); high = pointwiseMax(high, colour)
                // Grey: the three channels agree.
                if abs(Int(p[0]) - Int(p[1])) > 8 || abs(Int(p[1]) - Int(p[2])) > 8 { return false }
            }
        }
        guard drawn > 0, (high &- low).max() <= 24, maxX - minX >= 8, maxY - minY >= 8 else { return false }
        let (boxWidth, boxHeight) = (Double(maxX - minX), Double(maxY - minY))
        func drawnNear(_ x: Double, _ y: Double) -> Bool {
            let (cx, cy) = (Int(x.rounded()), Int(y.rounded()))
            for dy in -2...2 {
                for dx in -2...2 where (0..<width).contains(cx + dx) && (0..<height).contains(cy + dy) && pixels.pixel(x: cx + dx, y: cy + dy)[3] > 128 {
                    return true
                }
            }
            return false
        }
        // Both diagonals of the box are drawn...
        var onDiagonals = 0
        for step in 1..<32 {
            let t = Double(step) / 32
            if drawnNear(Double(minX) + t * boxWidth, Double(minY) + t * boxHeight) { onDiagonals += 1 }
            if drawnNear(Double(maxX) - t * boxWidth, Double(minY) + t * boxHeight) { onDiagonals += 1 }
        }
        guard onDiagonals >= 56 else { return false }
        // ...and the middles of the four triangles between them are empty: no picture, only the X.
        let middles = [(0.5, 0.2), (0.5, 0.8), (0.2, 0.5), (0.8, 0.5)].map { (Double(minX) + $0.0 * boxWidth, Double(minY) + $0.1 * boxHeight) }
        return middles.allSatisfy { pixels.pixel(x: Int($0.0.rounded()), y: Int($0.1.rounded()))[3] <= 128 }
    }
}
