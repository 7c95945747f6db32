import Foundation
import Raster
/// The run's plan: which outputs the presets give in a folder (after renames, the layout a catalog keeps, the icons a
/// website or extension already names), and which of them are files to render.
extension Generator {
    /// The union of the presets' outputs after renames, without appearance variants that have no source.
    func outputs(in outputFolder: String? = nil) -> [IconSpec] {
        let androidRoot = outputFolder.map(Generator.androidResources) ?? ""
        var result: [IconSpec] = []
        var seen = Set<String>()
        // One appearance variant asked for: the other's slot is written empty, as Xcode 16 writes it.
        let anyVariant = options.darkSourcePath != nil || options.tintedSource != nil
        for preset in options.presets {
            for var spec in preset.outputs {
                let given = spec.appearance == .dark ? options.darkSourcePath != nil : spec.appearance == .tinted ? options.tintedSource != nil : true
                if !given {
                    guard anyVariant else { continue }
                    spec.filename = nil
                }
                spec.set = spec.set.map(rename)
                if spec.role == .linux { spec.filename = spec.filename?.replacingOccurrences(of: "{app-id}", with: appID(in: outputFolder).id) }
                if let layer = spec.androidLayer {
                    if layer == .monochrome, options.omitsMonochrome { continue }
                    // A colour background is a colour resource, not pictures.
                    if layer == .background, !{ if case .file? = options.androidBackground { true } else { false } }() { continue }
                    // In a project, resources go into app/src/main/res and the Play icon beside it.
                    if !androidRoot.isEmpty {
                        spec.folder = spec.folder.map { androidRoot + "/" + $0 } ?? androidRoot.parentFolder
                    }
                }
                // The web's monochrome icons are a designed glyph's (--monochrome FILE): no guessed silhouette in a manifest.
                if spec.webPurpose == .monochrome, !{ if case .file? = options.monochrome { true } else { false } }() { continue }
                if spec.role == .androidSplash, options.splashIconBackground != nil, let pixels = spec.pixels {
                    let (numerator, denominator) = AndroidSplashScreen.iconBackgroundScale
                    spec.pixels = PixelSize(width: pixels.width * numerator / denominator, height: pixels.height * numerator / denominator)
                }
                if spec.role.isAndroidResource, !androidRoot.isEmpty {
                    spec.folder = spec.folder.map { androidRoot + "/" + $0 } ?? androidRoot.parentFolder
                }
                // The TV banner the manifest already names (Jellyfin's @mipmap/app_banner, a PNG per density) is refreshed in
                // each of its density folders: a banner.png beside it would be drawn by nothing.
                if spec.role == .androidBanner, let outputFolder {
                    let res = androidRoot.isEmpty ? outputFolder : (outputFolder as NSString).appendingPathComponent(androidRoot)
                    let adopted = AndroidTVBanner.manifestBannerFiles(res: res)
                    if !adopted.isEmpty {
                        for file in adopted {
                            var banner = spec
                            banner.folder = androidRoot.isEmpty ? file.path.parentFolder : androidRoot + "/" + file.path.parentFolder
                            banner.filename = (file.path as NSString).lastPathComponent
                            banner.pixels = file.pixels
                            if seen.insert(banner.outputPath ?? "").inserted { result.append(banner) }
                        }
                        continue
                    }
                }
                if let layer = spec.visionLayer, let stack = spec.set {
                    // visionOS: front and middle layers are empty unless given (--layer); the back layer defaults to the
                    // master. tvOS draws its layers from the master (see `Role.tv`).
                    if stack.fileExtension == "solidimagestack", layer != .back, options.visionLayerPaths[layer.rawValue] == nil { spec.filename = nil }
                    spec.set = ImageStack.imageSet(stack: stack, layer: layer)
                }
                let key = [spec.set ?? "", spec.outputPath ?? "", SetMerge.slot(CatalogEntry.fields(for: spec, background: .white))]
                    .joined(separator: "|")
                if seen.insert(key).inserted { result.append(spec) }
            }
        }
        if let outputFolder, Generator.isCatalog(outputFolder), Generator.isInXcodeProject(catalog: outputFolder) {
            // Xcode's actool makes the app's AppIcon.icns from the catalog's set: a loose one beside a project's catalog
            // (a Flutter app's macos/Runner) is in no target and ships nowhere. One the project already has is refreshed.
            result.removeAll { spec in
                spec.container == .icns && spec.set == nil && spec.filename.map { name in
                    !FileManager.default.fileExists(atPath: (outputFolder.parentFolder as NSString).appendingPathComponent(name))
                } ?? false
            }
        }
        if let outputFolder, !Generator.isCatalog(outputFolder), (outputFolder as NSString).lastPathComponent != "res" {
            let desktop = XcodeProject.adoptingBundledIcns(SnapcraftProject.adopting(ComposeDesktop.adopting(ElectronBuilder.adopting(TauriIcons.adopting(WindowsVisualAssets.adopting(HicolorTheme.adoptingMesonIcons(
                HicolorTheme.adoptingECMNames(result, folder: outputFolder), folder: outputFolder), folder: outputFolder), folder: outputFolder), folder: outputFolder),
                folder: outputFolder), folder: outputFolder), folder: outputFolder)
            return adoptingExtensionIcons(adoptingWebsiteIcons(desktop, folder: outputFolder), folder: outputFolder)
        }
        return result
    }

    /// True when an Xcode project (`*.xcodeproj`) is beside the catalog's folder or in one of the three above it
    /// (Flutter's macos/Runner.xcodeproj beside macos/Runner/Assets.xcassets; NetNewsWire.xcodeproj and Stats.xcodeproj at
    /// the root, two above Mac/Resources/ and Stats/Supporting Files/): the catalog is compiled by actool.
    static func isInXcodeProject(catalog: String) -> Bool {
        FileIO.nearest(from: URL(fileURLWithPath: catalog).standardizedFileURL.path.parentFolder, levels: 3) { holdsXcodeProject($0) ? true : nil } ?? false
    }

    /// True when `folder` holds an `*.xcodeproj`.
    static func holdsXcodeProject(_ folder: String) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []).contains { $0.hasSuffix(".xcodeproj") }
    }

    /// The Linux outputs' name: `--app-id`, else the one the folder's desktop entry or hicolor icons already use, else "app".
    func appID(in folder: String?) -> (id: String, adopted: Bool) {
        if let given = options.appID { return (given, true) }
        return folder.map(DesktopEntry.defaultAppID) ?? ("app", false)
    }

    /// `template` rendered at `pixels` into `path` (relative to the output folder).
    static func spec(_ template: IconSpec, at path: String, pixels: Int) -> IconSpec {
        var spec = template
        spec.pixels = PixelSize(width: pixels, height: pixels)
        let folder = path.parentFolder
        spec.folder = folder.isEmpty ? nil : folder
        spec.filename = (path as NSString).lastPathComponent
        return spec
    }

    func rename(_ set: String) -> String {
        // tvOS's brand assets folder is what the build setting names as the app icon (`App Icon & Top Shelf Image`).
        if let slash = set.firstIndex(of: "/"), let name = options.appIconName, set[..<slash] == "App Icon & Top Shelf Image.\(BrandAssets.kind)" {
            return name + "." + BrandAssets.kind + set[slash...]
        }
        let kind = (set as NSString).pathExtension, base = (set as NSString).deletingPathExtension
        if ["appiconset", "icon", "solidimagestack"].contains(kind), base == "AppIcon", let name = options.appIconName { return name + "." + kind }
        if kind == "launchimage" || (kind == "imageset" && base == "LaunchImage"), base == "LaunchImage",
           let name = options.launchImageName { return name + "." + kind }
        return set
    }

    /// The files (not colour sets) to render, one per path.
    func fileJobs(_ outputs: [IconSpec]) -> [FileJob] {
        var jobs: [FileJob] = []
        var seen = Set<String>()
        for spec in outputs {
            guard let path = spec.outputPath else { continue }
            if seen.insert(path).inserted { jobs.append(FileJob(spec: spec, path: path)) }
        }
        return jobs
    }

    /// The outputs a run into `folder` writes, and the project's designed monochrome it keeps instead of making one: a
    /// designed monochrome (a vector, or PNGs IconForge did not write) stays for themed icons, the adaptive icon keeps
    /// referring to it, and no silhouette replaces it. In an Expo app's folder, the images its configuration names
    /// (`expo`, the run's plan of them); in a Cordova app's, the icons its config.xml names (`cordova`).
    func plannedOutputs(in folder: String) -> (outputs: [IconSpec], keptMonochrome: String?, expo: ExpoRun?, cordova: CordovaRun?) {
        if let expo = ExpoIcons.run(in: folder, options: options) { return (expo.outputs, nil, expo, nil) }
        if let cordova = CordovaIcons.run(in: folder, options: options) { return (cordova.outputs, nil, nil, cordova) }
        let kept = designedMonochrome(in: folder)
        let layers = keptLayers(in: folder)
        let planned = addingLowDensity(outputs(in: folder), in: folder, launcher: layers?.launcher ?? "ic_launcher")
        return (planned.filter { kept == nil || $0.androidLayer != .monochrome }.compactMap { spec in layers.map { $0.naming(spec) } ?? spec }, kept,nil, nil)
    }

    /// `outputs` with an ldpi copy (0.75×: 36 px icons, 81 px layers) of every mdpi launcher picture when the project's
    /// `res/mipmap-ldpi/` holds launcher files (`@capacitor/assets` writes them): left alone, ldpi devices would show the
    /// old artwork, or the old foreground on the new background.
    func addingLowDensity(_ outputs: [IconSpec], in folder: String, launcher: String) -> [IconSpec] {
        let android = Generator.androidResources(in: folder)
        let res = android.isEmpty ? folder : (folder as NSString).appendingPathComponent(android)
        guard (res as NSString).lastPathComponent == "res",
              ((try? FileManager.default.contentsOfDirectory(atPath: (res as NSString).appendingPathComponent("mipmap-ldpi"))) ?? [])
                .contains(where: { $0.hasPrefix(launcher) }) else { return outputs }
        var result: [IconSpec] = []
        for spec in outputs {
            result.append(spec)
            guard let layer = spec.androidLayer, [.legacy, .round, .foreground, .background, .monochrome].contains(layer),
                  let folder = spec.folder, (folder as NSString).lastPathComponent == "mipmap-mdpi", let pixels = spec.pixels else { continue }
            var low = spec
            low.folder = folder.parentFolder.isEmpty ? "mipmap-ldpi" : (folder.parentFolder as NSString).appendingPathComponent("mipmap-ldpi")
            low.pixels = PixelSize(width: pixels.width * 3 / 4, height: pixels.height * 3 / 4)
            result.append(low)
        }
        return result
    }

    /// The layer names of the module's main adaptive icon that a run into `folder` keeps (see `AndroidResources.keptLayers`).
    func keptLayers(in folder: String) -> AndroidResources.KeptLayers? {
        guard options.presets.contains(where: { $0.outputs.contains { $0.androidLayer == .foreground } }) else { return nil }
        let android = Generator.androidResources(in: folder)
        let res = android.isEmpty ? folder : (folder as NSString).appendingPathComponent(android)
        guard (res as NSString).lastPathComponent == "res" else { return nil }
        let colour = { if case .file? = options.androidBackground { false } else { true } }()
        return AndroidResources.keptLayers(res: res, backgroundIsColor: colour)
    }

    /// The project's own designed monochrome layer to keep (see `AndroidResources.designedMonochrome`), when the run
    /// writes Android's layers and was given no monochrome of its own.
    func designedMonochrome(in folder: String) -> String? {
        if case .file? = options.monochrome { return nil }
        guard !options.omitsMonochrome, options.presets.contains(where: { $0.outputs.contains { $0.androidLayer == .monochrome } }) else { return nil }
        let android = Generator.androidResources(in: folder)
        let res = android.isEmpty ? folder : (folder as NSString).appendingPathComponent(android)
        return AndroidResources.designedMonochrome(res: res, ledger: WriteLedger(given: res))
    }

    /// The iOS layouts a preset can give an app-icon set.
    static let iOSLayouts = ["ios", "ios-single", "ios-universal"]

    /// This generator with its iOS preset swapped for the layout the catalog's existing app-icon set has, and the note
    /// saying so; nil when there is nothing to keep (no set, the same layout, or `replacesLayout`).
    func keepingLayout(in folder: String) -> (generator: Generator, note: String)? {
        guard !options.replacesLayout, Generator.isCatalog(folder) else { return nil }
        let name = options.appIconName ?? "AppIcon"
        let set = (folder as NSString).appendingPathComponent(name + ".appiconset")
        let existing = PresetCatalog.matchingPresets(iconSet: set).filter(Generator.iOSLayouts.contains)
        guard existing.count == 1, let layout = existing.first,
              let index = options.presets.firstIndex(where: { Generator.iOSLayouts.contains($0.name) && $0.name != layout }),
              let replacement = try? PresetCatalog.presets(layout).first else { return nil }
        var own = self
        let asked = own.options.presets[index].name
        own.options.presets[index] = replacement
        let described = ["ios": "classic per-size", "ios-single": "single-size (Xcode 16)", "ios-universal": "all-sizes"][layout] ?? layout
        return (own, "kept \(name).appiconset's \(described) layout (preset \(layout) instead of \(asked)); --replace-layout switches it to \(asked)")
    }

    /// The jobs to render (indices into `jobs`, one per distinct `Renderer.Key`), and for every job the
    /// index into that list of the render that makes its bytes.
    func distinctRenders(_ jobs: [FileJob]) -> (renders: [Int], renderOf: [Int]) {
        var renders: [Int] = [], renderOf: [Int] = [], firstByKey: [Renderer.Key: Int] = [:]
        for (index, job) in jobs.enumerated() {
            let key = Renderer.key(for: job.spec, badged: options.badge != nil)
            if let render = firstByKey[key] { renderOf.append(render); continue }
            firstByKey[key] = renders.count
            renderOf.append(renders.count)
            renders.append(index)
        }
        return (renders, renderOf)
    }

    /// The run's plan, refused before any pixel is read when it could not finish: an asset set given as the folder, a
    /// file where the folder should be, an output beyond the memory limit, more pixels than a run writes, a manifest
    /// that cannot be updated. Loose outputs that are inputs of the run are refused one by one, with a warning.
    func prepare(source: String, folder outputFolder: String) throws(IconForgeError) -> RunPlan {
        // An asset set given as the output would get a set nested in it, which Xcode ignores.
        let given = (outputFolder as NSString).pathExtension
        if Backup.catalogKinds.contains(given), given != "xcassets" {
            throw .outputFolder(path: outputFolder, .assetSet(holder: outputFolder.parentFolder))
        }
        let (outputs, keptMonochrome, expo, cordova) = plannedOutputs(in: outputFolder)
        let allPlanned = fileJobs(outputs)
        var existing: ObjCBool = false
        if FileManager.default.fileExists(atPath: outputFolder, isDirectory: &existing), !existing.boolValue {
            throw .file(.writeFailed(path: outputFolder, reason: "is a file; --out names the folder the outputs go into"))
        }
        // A group folder inside a catalog takes sets; loose files there (web clips, iTunesArtwork) would sit in the catalog.
        if !Generator.isCatalog(outputFolder),
           URL(fileURLWithPath: outputFolder).standardizedFileURL.pathComponents.dropLast().contains(where: { ($0 as NSString).pathExtension == "xcassets" }),
           let loose = allPlanned.first(where: { $0.spec.set == nil && $0.spec.androidLayer == nil }) {
            throw .outputFolder(path: outputFolder, .insideCatalog(looseFile: loose.path))
        }
        // Every output size against the memory limit before the master is decoded or anything allocated.
        for job in allPlanned {
            if let pixels = job.spec.pixels, let refusal = options.limits.refusal(width: pixels.width, height: pixels.height) {
                throw .overLimit(path: (outputFolder as NSString).appendingPathComponent(job.path), .output(refusal: refusal))
            }
        }
        // A folder's manifest or page can name any number of icons: the run's total is bounded before any work.
        let manifestIcons = allPlanned.filter { $0.spec.webPurpose != nil }.count
        if manifestIcons > WebManifest.maxIcons {
            throw .overLimit(path: (outputFolder as NSString).appendingPathComponent(WebManifest.existingName(in: outputFolder) ?? WebManifest.fileName),
                             .manifestIcons(count: manifestIcons, limit: WebManifest.maxIcons))
        }
        let totalPixels = allPlanned.reduce(0) { $0 + ($1.spec.pixels?.area ?? 0) }
        if totalPixels > Generator.maxPixelsPerRun {
            throw .overLimit(path: outputFolder, .runPixels(files: allPlanned.count, megapixels: totalPixels / 1_000_000, limit: Generator.maxPixelsPerRun / 1_000_000))
        }
        var warnings: [String] = []
        // The one ownership rule for every file the run writes (see OutputWriter); an output that is one of the
        // run's inputs is left as it is, with a warning, and every output is checked before anything is decoded.
        let android = Generator.androidResources(in: outputFolder)
        let writer = OutputWriter(folder: outputFolder, inputs: [source] + options.inputFiles,
                                  backupGiven: android.isEmpty ? outputFolder : (outputFolder as NSString).appendingPathComponent(android),
                                  ledgerSession: ledgerSession)
        var refused = Set<String>()
        for job in allPlanned where job.spec.set == nil {
            let full = (outputFolder as NSString).appendingPathComponent(loosePath(job.path, in: outputFolder))
            do { try writer.checkTarget(full) } catch {
                guard case .wouldOverwriteSource = error else { throw .file(error) }
                refused.insert(job.path)
                warnings.append("\(full): not written: it is an input of this run (\(source)); IconForge never overwrites its inputs")
            }
        }
        let planned = allPlanned.filter { !refused.contains($0.path) }
        if outputs.contains(where: { $0.webPurpose != nil }), !Generator.isCatalog(outputFolder) {
            warnings += try checkWebsite(outputFolder)
        }
        return RunPlan(source: source, folder: outputFolder, outputs: outputs, jobs: planned, refused: refused, keptMonochrome: keptMonochrome,
                       androidResources: android, writer: writer, warnings: warnings, expo: expo, cordova: cordova)
    }
}
