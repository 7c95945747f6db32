import Foundation
import PNGCodec
import Raster
import SVGCodec

/// Where the tinted app-icon variant comes from.
public enum TintedSource: Sendable, Equatable {
    /// The master's luminance, in greyscale.
    case auto
    /// A designed variant.
    case file(String)
}

/// Where Android's adaptive background layer comes from.
public enum AndroidBackground: Sendable, Equatable {
    case color(RGBColor)
    case file(String)
}

/// What `generate` does to a master for macOS icons.
public enum MacShape: String, Sendable, CaseIterable {
    /// A full-bleed square gets Apple's shape and shadow; a master with transparent corners is used as it is.
    case auto
    /// The master is used as it is.
    case none
}

/// Everything `iconforge generate` can be told besides the sources and the output folder.
public struct GenerateOptions: Sendable {
    /// The presets whose outputs are made (their union).
    public var presets: [Preset]
    /// The resampling filter.
    public var filter: Filter = .lanczos3
    /// Resample in linear light.
    public var linearLight = true
    /// What translucent pixels of opaque outputs are composited over.
    public var background: RGBColor = .white
    /// How a non-square master becomes square icons; nil refuses non-square masters for icons.
    public var fit: FitMode?
    /// What `fill` keeps (icons and launch images).
    public var gravity: Gravity = .center
    /// Allow outputs larger than the master (a warning instead of an error).
    public var allowUpscale = false
    /// Renames every `AppIcon.appiconset` to this name.
    public var appIconName: String?
    /// Renames every `LaunchImage.launchimage` (and the launch-screen image set) to this name.
    public var launchImageName: String?
    /// A designed dark variant for `ios-single`.
    public var darkSource: String?
    /// The tinted variant for `ios-single`.
    public var tintedSource: TintedSource?
    /// The fill of a written `.icon` (`--background` given explicitly); nil leaves Icon Composer's own.
    public var iconBackground: RGBColor?
    /// Android: a designed foreground layer (108 dp canvas); without it the master fills the safe zone.
    public var androidForeground: String?
    /// Android: the background layer, a colour or a picture; without it the master's edge colour.
    public var androidBackground: AndroidBackground?
    /// Android 12+ splash screen: the icon background (`windowSplashScreenIconBackgroundColor`); the icon is then drawn on
    /// the 240 dp canvas inside its 160 dp circle instead of the 288 dp canvas's 192 dp circle.
    public var splashIconBackground: RGBColor?
    /// Android TV: the app's name beside the logo on the banner (capitals, digits and `.-_+`, drawn by IconForge's stroke
    /// font); nil for the logo alone.
    public var bannerText: String?
    /// The web's icons (the maskable icon's background for a logo, what the touch icon is composited over); without it
    /// `background`.
    public var webBackground: RGBColor?
    /// Android: the monochrome layer for themed icons; nil or `.auto` derives it from the foreground's coverage.
    public var monochrome: TintedSource?
    /// Android: write no monochrome layer (`--monochrome none`): the adaptive icon has none, and no
    /// `ic_launcher_monochrome` PNGs are made (themed icons then fall back to a system-made one).
    public var omitsMonochrome = false
    /// visionOS layer images by layer name (front, middle, back); the back layer defaults to the master.
    public var visionLayers: [String: String] = [:]
    /// Whether a full-bleed master is given the macOS icon shape for `mac` outputs.
    public var macShape: MacShape = .auto
    /// The appearance an Icon Composer master is drawn in (its dark and tinted variants are drawn in theirs).
    public var appearance: IconAppearance = .light
    /// Linux: the app's id (reverse-DNS, as Flatpak wants), which names its hicolor icons and `.desktop` file; nil takes
    /// the output folder's existing one, else "app".
    public var appID: String?
    /// A label drawn on every icon where it is legible (dev, staging, a version): see `Badge`.
    public var badge: Badge?
    /// Launch images from a logo on this colour instead of from the full-bleed master.
    public var launchBackground: RGBColor?
    /// The logo for logo-mode launch images (and the launch-screen image set).
    public var launchLogo: String?
    /// The logo's width as a fraction of the launch image's short side.
    public var launchLogoScale = 0.25
    /// How PNG files are compressed (per role, see `Compression.encodeOptions(for:)`).
    public var compression = Compression.default
    /// Decoder limits.
    public var limits = PNGLimits.default

    /// Options for these presets, everything else at its default.
    public init(presets: [Preset]) { self.presets = presets }

    /// Into a website: also insert or update the `<link>` tags of the icons and manifest in its page (`index.html`, or
    /// Vite's beside `public/`), keeping every other byte of it.
    public var updatesPage = false
    /// Into a website: give the manifest's icons content-hashed names (`icon-192.3f2a9c1b.png`) and name those in the
    /// manifest, because an installed web app's icon updates only when its URL changes (Chrome 144 and later). The
    /// previous run's hashed files go to the backup.
    public var hashesNames = false
    /// Switch an existing app-icon set to the layout of the iOS preset given. By default the set's layout is kept (an
    /// Xcode 16 single-size set stays single-size under `--preset ios`) and the run says so.
    public var replacesLayout = false
    /// Other inputs of the same command that no run may overwrite: every master of a batch, the alternates' masters.
    public var otherInputs: [String] = []

    /// Every file the options name as an input (variants, layers, logos): never an output of the run.
    var inputFiles: [String] {
        var files = [darkSource, androidForeground, launchLogo].compactMap { $0 } + otherInputs
        if case .file(let path)? = tintedSource { files.append(path) }
        if case .file(let path)? = androidBackground { files.append(path) }
        if case .file(let path)? = monochrome { files.append(path) }
        return files + visionLayers.values.sorted()
    }
}

/// One file `generate` wrote (or would write, in a dry run).
public struct GeneratedFile: Sendable, Equatable {
    /// Path relative to the output folder, e.g. "AppIcon.appiconset/Icon-60@3x.png".
    public var path: String
    /// Its role.
    public var role: Role
    /// Its size in pixels (nil for Contents.json and snippets).
    public var pixels: PixelSize?
    /// Bytes written (0 in a dry run).
    public var bytes: Int
}

/// What `generate` would do (a dry run): the files it would write, and the files it would move to a backup.
public struct GenerationPlan: Sendable {
    /// Files to be written, by their path relative to the output folder.
    public var files: [GeneratedFile] = []
    /// Files that would leave their set for `.iconforge-backup/`, relative to the output folder.
    public var moves: [String] = []
}

/// What `generate` did for one source.
public struct GenerationReport: Sendable {
    /// The source path.
    public var source: String
    /// The output folder.
    public var outputFolder: String
    /// Every file written, in order.
    public var files: [GeneratedFile]
    /// Things the user should know that did not stop the run.
    public var warnings: [String]
    /// What was done besides writing files, e.g. "moved 25 files of the replaced layout out of AppIcon.appiconset to …".
    public var notes: [String] = []
    /// Wall time in seconds.
    public var seconds: Double

    /// Total bytes written.
    public var totalBytes: Int { files.reduce(0) { $0 + $1.bytes } }
}

/// One master in, every output of the chosen presets out: decoded once, every file resampled straight
/// from the master, alpha policy applied per role, written set by set with atomic renames, then checked.
public struct Generator: Sendable {
    /// The options every source is generated with.
    public var options: GenerateOptions

    /// A generator with these options.
    public init(options: GenerateOptions) { self.options = options }

    /// The outputs to render, one per file, with every catalog entry that names the file.
    struct FileJob: Sendable {
        var spec: IconSpec
        var path: String
    }

    /// The union of the presets' outputs after renames, without appearance variants that have no source.
    func outputs(in outputFolder: String? = nil) -> [IconSpec] {
        let androidRoot = outputFolder.map(Generator.androidResources) ?? ""
        var result: [IconSpec] = []
        var seen = Set<String>()
        // One appearance variant asked for: the other's slot is written empty, as Xcode 16 writes it.
        let anyVariant = options.darkSource != nil || options.tintedSource != nil
        for preset in options.presets {
            for var spec in preset.outputs {
                let given = spec.appearance == .dark ? options.darkSource != nil : spec.appearance == .tinted ? options.tintedSource != nil : true
                if !given {
                    guard anyVariant else { continue }
                    spec.filename = nil
                }
                spec.set = spec.set.map(rename)
                if spec.role == .linux { spec.filename = spec.filename?.replacingOccurrences(of: "{app-id}", with: appID(in: outputFolder).id) }
                if let layer = spec.androidLayer {
                    if layer == "monochrome", options.omitsMonochrome { continue }
                    // A colour background is a colour resource, not pictures.
                    if layer == "background", !{ if case .file? = options.androidBackground { true } else { false } }() { continue }
                    // In a project, resources go into app/src/main/res and the Play icon beside it.
                    if !androidRoot.isEmpty {
                        spec.folder = spec.folder.map { androidRoot + "/" + $0 } ?? androidRoot.parentFolder
                    }
                }
                // The web's monochrome icons are a designed glyph's (--monochrome FILE): no guessed silhouette in a manifest.
                if spec.webPurpose == "monochrome", !{ if case .file? = options.monochrome { true } else { false } }() { continue }
                if spec.role == .androidSplash, options.splashIconBackground != nil, let pixels = spec.pixels {
                    let (numerator, denominator) = AndroidSplashScreen.iconBackgroundScale
                    spec.pixels = PixelSize(width: pixels.width * numerator / denominator, height: pixels.height * numerator / denominator)
                }
                if spec.role.isAndroidResource, !androidRoot.isEmpty {
                    spec.folder = spec.folder.map { androidRoot + "/" + $0 } ?? androidRoot.parentFolder
                }
                if let layer = spec.visionLayer, let stack = spec.set {
                    // Front and middle layers are empty unless given (--layer); the back layer defaults to the master.
                    if layer != "back", options.visionLayers[layer] == nil { spec.filename = nil }
                    spec.set = VisionStack.imageSet(stack: stack, layer: layer)
                }
                let key = [spec.set ?? "", spec.outputPath ?? "", SetMerge.slot(CatalogEntry.fields(for: spec, background: .white))]
                    .joined(separator: "|")
                if seen.insert(key).inserted { result.append(spec) }
            }
        }
        if let outputFolder, !Generator.isCatalog(outputFolder), (outputFolder as NSString).lastPathComponent != "res" {
            return adoptingExtensionIcons(adoptingWebsiteIcons(WindowsVisualAssets.adopting(result, folder: outputFolder), folder: outputFolder),
                                          folder: outputFolder)
        }
        return result
    }

    /// The Linux outputs' name: `--app-id`, else the one the folder's desktop entry or hicolor icons already use, else "app".
    func appID(in folder: String?) -> (id: String, adopted: Bool) {
        if let given = options.appID { return (given, true) }
        return folder.map(DesktopEntry.defaultAppID) ?? ("app", false)
    }

    /// Into a browser extension's folder, the icons its manifest declares (in `icons` and its toolbar button's
    /// `default_icon`) are rendered into those files at their declared sizes, and the preset's icons are added only for
    /// the sizes `icons` lacks: the extension keeps its own file names.
    private func adoptingExtensionIcons(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        guard let template = outputs.first(where: { $0.role == .browserExtension }) else { return outputs }
        let listed = ExtensionManifest.listedIcons(in: folder)
        let covered = Set(listed.filter(\.inIcons).map(\.pixels))
        var result = outputs.filter { spec in
            guard spec.role == .browserExtension, let pixels = spec.pixels else { return true }
            return !covered.contains(pixels.width)
        }
        var placed = Set(result.compactMap(\.outputPath))
        for icon in listed where placed.insert(icon.path).inserted { result.append(Self.spec(template, at: icon.path, pixels: icon.pixels)) }
        return result
    }

    /// Into a website's folder, the icons it already names — in its manifest, in its `index.html` — are rendered
    /// into those files at their sizes (a `git diff` shows new pixels, not new files beside stale ones), and the
    /// presets' own icons are added only where the site has none of that kind and size. Only with the web preset's
    /// manifest icons among the outputs: the site is then the preset's to update.
    private func adoptingWebsiteIcons(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        guard outputs.contains(where: { $0.webPurpose != nil }) else { return outputs }
        return adoptingPageIcons(adoptingManifestIcons(outputs, folder: folder), folder: folder)
    }

    /// Every icon the manifest lists with a purpose the presets write, rendered where it stands; the presets'
    /// manifest icons of a purpose and size it lists are dropped. A file listed several times is drawn once: at the
    /// largest size it is listed at, for "any" when any entry shows it whole (an entry of another purpose on it then
    /// takes the preset's own icon of that purpose). The icons the presets still add go beside the ones the manifest
    /// lists when those share one folder (an Angular app's `assets/icons/`), else at the root.
    private func adoptingManifestIcons(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        let templates = Dictionary(outputs.filter { $0.webPurpose != nil }.map { ($0.webPurpose!, $0) }, uniquingKeysWith: { first, _ in first })
        let listed = WebManifest.listedIcons(in: folder).filter { templates[$0.purpose] != nil }
        var files: [(src: String, pixels: Int, purpose: String)] = []
        for icon in listed {
            if let index = files.firstIndex(where: { $0.src == icon.src }) {
                files[index].pixels = max(files[index].pixels, icon.pixels)
                if icon.purpose == "any" { files[index].purpose = "any" }
            } else {
                files.append((icon.src, icon.pixels, icon.purpose))
            }
        }
        let drawnAs = Dictionary(files.map { ($0.src, $0.purpose) }, uniquingKeysWith: { first, _ in first })
        let covered = Set(listed.filter { drawnAs[$0.src] == $0.purpose }.map { "\($0.purpose) \($0.pixels)" })
        let shared = Set(files.map { $0.src.parentFolder })
        let besideListed = shared.count == 1 ? shared.first.flatMap { $0.isEmpty ? nil : $0 } : nil
        var result = outputs.compactMap { spec -> IconSpec? in
            guard let purpose = spec.webPurpose, let pixels = spec.pixels else { return spec }
            guard !covered.contains("\(purpose) \(pixels.width)") else { return nil }
            var moved = spec
            if let besideListed { moved.folder = besideListed }
            return moved
        }
        var placed = Set(result.compactMap(\.outputPath))
        for file in files where placed.insert(file.src).inserted { result.append(Self.spec(templates[file.purpose]!, at: file.src, pixels: file.pixels)) }
        return result
    }

    /// The page's `<link>` icons likewise (Flutter's favicon.png); a file already rendered for the manifest stays
    /// as that (Flutter links its manifest's Icon-192.png as the touch icon). The presets' favicon PNG of a size
    /// the page links, and their touch icon when the page links one, are dropped.
    private func adoptingPageIcons(_ outputs: [IconSpec], folder: String) -> [IconSpec] {
        let favicon = outputs.first(where: \.isFaviconPNG)
        let touch = outputs.first { $0.role == .webClip && $0.filename == "apple-touch-icon.png" }
        let links = WebPage.linkedIcons(in: folder)
        // The .ico the page links (Ionic's assets/icon/favicon.ico) is the one written, rather than a second at the root.
        var outputs = outputs
        if let ico = links.first(where: \.isIco) {
            let folderPart = ico.href.parentFolder
            for index in outputs.indices where outputs[index].container == "ico" {
                outputs[index].folder = folderPart.isEmpty ? nil : folderPart
                outputs[index].filename = (ico.href as NSString).lastPathComponent
            }
        }
        let linked = links.filter { !$0.isIco && ($0.touchIcon ? touch : favicon) != nil }
        guard !linked.isEmpty else { return outputs }
        let linkedFavicons = Set(linked.filter { !$0.touchIcon }.map(\.pixels))
        let linksTouchIcon = linked.contains(where: \.touchIcon)
        var result = outputs.filter { spec in
            guard let path = spec.outputPath, !linked.contains(where: { $0.href == path }) else { return true }
            if spec == touch { return !linksTouchIcon }
            return !(spec.isFaviconPNG && linkedFavicons.contains(spec.pixels?.width ?? 0))
        }
        var placed = Set(result.compactMap(\.outputPath))
        for icon in linked where placed.insert(icon.href).inserted {
            result.append(Self.spec(icon.touchIcon ? touch! : favicon!, at: icon.href, pixels: icon.pixels))
        }
        return result
    }

    /// `template` rendered at `pixels` into `path` (relative to the output folder).
    private static func spec(_ template: IconSpec, at path: String, pixels: Int) -> IconSpec {
        var spec = template
        spec.pixels = PixelSize(width: pixels, height: pixels)
        let folder = path.parentFolder
        spec.folder = folder.isEmpty ? nil : folder
        spec.filename = (path as NSString).lastPathComponent
        return spec
    }

    private func rename(_ set: String) -> String {
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

    /// What would be written, without reading the source's pixels (for --dry-run): every file under the name
    /// it would get (a set's existing slots keep theirs), and the files that would move to a backup.
    public func plan(outputFolder: String) -> GenerationPlan {
        if let kept = keepingLayout(in: outputFolder) { return kept.generator.plan(outputFolder: outputFolder) }
        let outputs = plannedOutputs(in: outputFolder).outputs
        let jobs = fileJobs(outputs)
        var plan = GenerationPlan()
        for set in uniqueSets(outputs) {
            let assets = assetSet(set, outputs: outputs, files: Dictionary(jobs.filter { $0.spec.set == set }.map { ($0.spec.filename!, []) },
                                                                           uniquingKeysWith: { first, _ in first }))
            let merge = assets.merge(into: outputFolder)
            for job in jobs where job.spec.set == set {
                for name in (merge.names[job.spec.filename!] ?? [job.spec.filename!]).sorted() {
                    plan.files.append(GeneratedFile(path: set + "/" + name, role: job.spec.role, pixels: job.spec.pixels, bytes: 0))
                }
            }
            if merge.contentsChanged {
                plan.files.append(GeneratedFile(path: set + "/Contents.json", role: outputs.first { $0.set == set }!.role, pixels: nil, bytes: 0))
            }
            plan.moves += merge.leaving.sorted().map { set + "/" + $0 }
        }
        for job in jobs where job.spec.set == nil {
            plan.files.append(GeneratedFile(path: loosePath(job.path, in: outputFolder), role: job.spec.role, pixels: job.spec.pixels, bytes: 0))
        }
        return plan
    }

    /// Generates every output of the presets from `source` into `outputFolder`.
    public func run(source: String, outputFolder: String, parallelism: Parallelism = .allCores,
                    progress: (@Sendable (Int, Int) -> Void)? = nil) throws(IconForgeError) -> GenerationReport {
        // Runs in parallel (a batch, watch's jobs) decode their masters a few at a time: three 8192² masters at once
        // held 843 MB. Small masters never wait for each other.
        let cost = Masters.decodedBytes(of: source)
        defer { if cost >= 64 << 20 { MemoryBudget.returnFreedMemory() } }
        return try MemoryBudget.masters.withReservation(cost) { () throws(IconForgeError) -> GenerationReport in
            try generate(source: source, outputFolder: outputFolder, parallelism: parallelism, progress: progress)
        }
    }

    private func generate(source: String, outputFolder: String, parallelism: Parallelism,
                          progress: (@Sendable (Int, Int) -> Void)?) throws(IconForgeError) -> GenerationReport {
        if let kept = keepingLayout(in: outputFolder) {
            var report = try kept.generator.generate(source: source, outputFolder: outputFolder, parallelism: parallelism, progress: progress)
            report.notes.insert(kept.note, at: 0)
            return report
        }
        let clock = ContinuousClock(), start = clock.now
        // An asset set given as the output would get a set nested in it, which Xcode ignores.
        let given = (outputFolder as NSString).pathExtension
        if Backup.catalogKinds.contains(given), given != "xcassets" {
            throw .invalidRequest(path: outputFolder, reason: "is an asset set or bundle; give the folder that holds it (\(outputFolder.parentFolder)) and IconForge writes the set inside it")
        }
        var (outputs, keptMonochrome) = plannedOutputs(in: outputFolder)
        let allPlanned = fileJobs(outputs)
        var existing: ObjCBool = false
        if FileManager.default.fileExists(atPath: outputFolder, isDirectory: &existing), !existing.boolValue {
            throw .file(.writeFailed(path: outputFolder, reason: "is a file; --out names the folder the outputs go into"))
        }
        // A group folder inside a catalog takes sets; loose files there (web clips, iTunesArtwork) would sit in the catalog.
        if !Generator.isCatalog(outputFolder),
           URL(fileURLWithPath: outputFolder).standardizedFileURL.pathComponents.dropLast().contains(where: { ($0 as NSString).pathExtension == "xcassets" }),
           let loose = allPlanned.first(where: { $0.spec.set == nil && $0.spec.androidLayer == nil }) {
            throw .invalidRequest(path: outputFolder, reason: "is inside an asset catalog, where \(loose.path) and the other loose files of the presets "
                                  + "would sit among its sets; give the catalog or a folder outside it")
        }
        // Every output size against the memory limit before the master is decoded or anything allocated.
        for job in allPlanned {
            if let pixels = job.spec.pixels, let refusal = options.limits.refusal(width: pixels.width, height: pixels.height) {
                throw .invalidRequest(path: (outputFolder as NSString).appendingPathComponent(job.path), reason: "cannot make \(refusal)")
            }
        }
        // A folder's manifest or page can name any number of icons: the run's total is bounded before any work.
        let manifestIcons = allPlanned.filter { $0.spec.webPurpose != nil }.count
        if manifestIcons > WebManifest.maxIcons {
            throw .invalidRequest(path: (outputFolder as NSString).appendingPathComponent(WebManifest.existingName(in: outputFolder) ?? WebManifest.fileName),
                                  reason: "lists \(manifestIcons) icons to render, more than the \(WebManifest.maxIcons) IconForge renders for a manifest")
        }
        let totalPixels = allPlanned.reduce(0) { $0 + ($1.spec.pixels?.area ?? 0) }
        if totalPixels > Generator.maxPixelsPerRun {
            throw .invalidRequest(path: outputFolder, reason: "the run would write \(allPlanned.count) files of \(totalPixels / 1_000_000) megapixels in all, "
                                  + "more than the \(Generator.maxPixelsPerRun / 1_000_000) IconForge writes in one run")
        }
        var warnings: [String] = []
        // The one ownership rule for every file the run writes (see OutputWriter); an output that is one of the
        // run's inputs is left as it is, with a warning, and every output is checked before anything is decoded.
        let android = Generator.androidResources(in: outputFolder)
        let writer = OutputWriter(folder: outputFolder, inputs: [source] + options.inputFiles,
                                  backupGiven: android.isEmpty ? outputFolder : (outputFolder as NSString).appendingPathComponent(android))
        var refused = Set<String>()
        for job in allPlanned where job.spec.set == nil {
            let full = (outputFolder as NSString).appendingPathComponent(loosePath(job.path, in: outputFolder))
            do { try writer.checkTarget(full) } catch {
                guard case .wouldOverwriteSource = error else { throw .file(error) }
                refused.insert(job.path)
                warnings.append("\(full): not written: it is an input of this run (\(source)); IconForge never overwrites its inputs")
            }
        }
        var planned = allPlanned.filter { !refused.contains($0.path) }
        if outputs.contains(where: { $0.webPurpose != nil }), !Generator.isCatalog(outputFolder) {
            // The manifest is checked before any work: a run that cannot update it writes nothing.
            let site = WebApp(outputFolder)
            if let outside = site.manifestOutside { throw .file(.leavesFolder(path: outside, folder: outputFolder)) }
            let page = (outputFolder as NSString).appendingPathComponent(WebPage.fileName)
            if site.page == nil, FileManager.default.fileExists(atPath: page) {
                warnings.append("\(FileError.leavesFolder(path: page, folder: outputFolder)): the page was not read for its manifest and icon links")
            }
            if let manifest = site.manifest {
                let bytes: [UInt8]
                do { bytes = try FileIO.readDocument(manifest) } catch { throw .file(error) }
                _ = try WebManifest.merged(existing: bytes, icons: [], site: site, manifest: manifest, path: manifest)
            }
            for src in WebManifest.iconsUnresolved(outputFolder) {
                warnings.append("\(outputFolder): the manifest's icon \(src) is a path from the root, and the page is a server's template: "
                                + "where the server serves \"/\" from is not this folder; not written — give the folder it serves")
            }
            for src in WebManifest.iconsOutside(outputFolder) {
                warnings.append("\(outputFolder): the manifest's icon \(src) is outside the folder (through a link, or by ..); not written — "
                                + "IconForge neither reads nor writes outside the folder it was given")
            }
        }
        let masters = try Masters.load(source: source, options: options, jobs: planned, warnings: &warnings, parallelism: parallelism)
        if masters.notification == nil, planned.contains(where: { $0.spec.role == .androidNotification }) {
            // No glyph to draw from alpha: no notification icon rather than a white square.
            planned.removeAll { $0.spec.role == .androidNotification }
            outputs.removeAll { $0.role == .androidNotification }
        }
        if let icon = masters.adaptive, !icon.monochromeHasShape {
            // No glyph to make a themed icon of: no monochrome layer rather than a blank tile (Android makes its own).
            planned.removeAll { $0.spec.androidLayer == "monochrome" }
            outputs.removeAll { $0.androidLayer == "monochrome" }
        }
        let layers = try iconComposerLayers(planned, source: source)
        warnings += layers.warnings
        let jobs = planned.filter { layers.taken[$0.path] == nil && !layers.skipped.contains($0.path) }

        // Render and encode every distinct file in parallel; each file's own resize runs on one core. Files
        // that would come out identical (Icon-20@2x and Icon-40@1x are both 40 px) are rendered once.
        let (renders, renderOf) = distinctRenders(jobs)
        let results = Locked([Result<[UInt8], IconForgeError>?](repeating: nil, count: renders.count))
        let done = Locked(0)
        let renderer = Renderer(options: options, masters: masters)
        // Largest first, so the most expensive file never starts last and runs alone on one core.
        let order = renders.indices.sorted { (jobs[renders[$0]].spec.pixels?.area ?? 0) > (jobs[renders[$1]].spec.pixels?.area ?? 0) }
        let filesPerRender = renderOf.reduce(into: [Int](repeating: 0, count: renders.count)) { $0[$1] += 1 }
        parallelism.forEach(renders.count) { position in
            let index = order[position], job = jobs[renders[index]]
            let result = Result { () throws(IconForgeError) -> [UInt8] in try renderer.render(job, source: source) }
            results.withLock { $0[index] = result }
            progress?(done.withLock { $0 += filesPerRender[index]; return $0 }, jobs.count)
        }
        var bytesByPath: [String: [UInt8]] = [:]
        for (job, render) in zip(jobs, renderOf) { bytesByPath[job.path] = try results.value[render]!.get() }

        for (path, image) in layers.taken { bytesByPath[path] = image.bytes }
        // --hash-names: each manifest icon takes the name of what it holds, known only now that it is rendered.
        var renamed: [String: String] = [:], named = jobs, hashNotes: [String] = []
        if options.hashesNames, !Generator.isCatalog(outputFolder) {
            // A file the page or the manifest's shortcuts also name keeps its name: renamed, they would name nothing.
            let elsewhere = WebManifest.referencedElsewhere(in: outputFolder)
            for index in named.indices where named[index].spec.webPurpose != nil && named[index].spec.set == nil {
                let old = named[index].path
                if elsewhere.contains(old) {
                    hashNotes.append("kept the name of \(old): the page or the manifest's shortcuts name it too (--hash-names)")
                    continue
                }
                guard let bytes = bytesByPath[old] else { continue }
                let hashed = WebManifest.hashedName(old, bytes: bytes)
                guard hashed != old else { continue }
                renamed[old] = hashed
                named[index].path = hashed
                named[index].spec.filename = (hashed as NSString).lastPathComponent
                bytesByPath[hashed] = bytes
                bytesByPath[old] = nil
            }
            for index in outputs.indices {
                if let path = outputs[index].outputPath, let hashed = renamed[path] { outputs[index].filename = (hashed as NSString).lastPathComponent }
            }
            for new in Set(renamed.values) {
                let full = (outputFolder as NSString).appendingPathComponent(loosePath(new, in: outputFolder))
                do { try writer.checkTarget(full) } catch { throw .file(error) }
            }
        }
        let (written, notes, setWarnings) = try write(outputs: outputs, jobs: named + layers.jobs, bytes: bytesByPath, layers: layers.taken,
                                                      into: outputFolder, masterIsOpaque: masters.masterIsOpaque, writer: writer)
        warnings += setWarnings
        try verify(written.filter { $0.file.path.hasSuffix(".png") && $0.spec.container == nil }, in: outputFolder)
        var snippets = try writeSnippets(outputs: outputs, jobs: named, into: outputFolder, writer: writer)
        var platformNotes: [String] = hashNotes
        if outputs.contains(where: { $0.androidLayer != nil }), let icon = masters.adaptive {
            let res = (outputFolder as NSString).appendingPathComponent(Generator.androidResources(in: outputFolder))
            var colour: RGBColor? = icon.backgroundColor
            if case .file? = options.androidBackground { colour = nil }
            let names = Set(outputs.compactMap { $0.androidLayer != nil && $0.folder != nil ? ($0.filename! as NSString).deletingPathExtension : nil })
            let monochrome = keptMonochrome ?? (outputs.contains { $0.androidLayer == "monochrome" } ? AndroidResources.monochromeReference : nil)
            let (files, notes, androidWarnings) = try AndroidResources.write(res: res, root: outputFolder, backgroundColor: colour, monochrome: monochrome,
                                                                             imageNames: names, writer: writer)
            warnings += androidWarnings
            if let keptMonochrome {
                platformNotes.append("kept your designed monochrome layer \(keptMonochrome) for themed icons; --monochrome FILE replaces it")
            }
            snippets += files.map { path in
                GeneratedFile(path: path, role: .android, pixels: nil,
                              bytes: (try? FileIO.read((outputFolder as NSString).appendingPathComponent(path)))?.count ?? 0)
            }
            platformNotes += notes
            // Given a project or a module (not its res/), the Play listing icon fastlane uploads follows the new Play icon.
            if !android.isEmpty {
                // Its own writer: the run's keeps backups beside the module's res/, which these files are not under.
                platformNotes += try FastlanePlayIcons.update(root: outputFolder, afterAndroidInto: outputFolder, inputs: [source] + options.inputFiles)
            }
        }
        if outputs.contains(where: { $0.role == .windows }) {
            platformNotes += try WindowsVisualAssets.retireUnqualified(outputs: outputs, folder: outputFolder, writer: writer)
            let background: RGBColor? = masters.isLogo ? options.background : nil
            if let snippet = try WindowsVisualAssets.writeSnippet(outputs: outputs, background: background, splashBackground: masters.wideTileBackground(options),
                                                                   into: outputFolder, writer: writer) {
                snippets.append(snippet)
            }
        }
        if outputs.contains(where: { $0.role == .linux }) {
            // The name the PNGs were given when planned (before they were written, so before they could be "adopted").
            let planned = outputs.first { $0.role == .linux }?.filename.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
            let id = planned ?? appID(in: outputFolder).id
            let adopted = options.appID != nil || id != "app"
            let (files, notes) = try DesktopEntry.write(appID: id, adopted: adopted, source: source, folder: outputFolder, writer: writer)
            snippets += files
            platformNotes += notes
        }
        if outputs.contains(where: { $0.role == .browserExtension }), !Generator.isCatalog(outputFolder) {
            snippets += try writeExtensionManifest(outputs: outputs.filter { $0.outputPath.map { !refused.contains($0) } ?? true },
                                                   into: outputFolder, writer: writer)
        }
        if let vector = try writeNotificationVector(jobs: jobs, source: source, masters: masters, into: outputFolder, writer: writer, notes: &platformNotes) {
            snippets.append(vector)
        }
        let androidSnippets = try writeAndroidSnippets(outputs: outputs, masters: masters, into: outputFolder, writer: writer)
        snippets += androidSnippets.files
        platformNotes += androidSnippets.notes
        if outputs.contains(where: { $0.webPurpose != nil }) {
            let web = try writeWebManifest(outputs: outputs.filter { $0.outputPath.map { !refused.contains($0) } ?? true },
                                           source: source, into: outputFolder, renamed: renamed, writer: writer, warnings: &warnings)
            snippets += web.files
            platformNotes += web.notes
            if options.hashesNames { try retireHashedIcons(renamed: renamed, written: Set(named.map(\.path)), folder: outputFolder, writer: writer) }
        }
        let files = written.map { $0.file } + snippets
        let kept = writer.finish()
        return GenerationReport(source: source, outputFolder: outputFolder, files: files, warnings: warnings,
                                notes: notes + layers.notes + platformNotes + kept, seconds: (clock.now - start).seconds)
    }

    /// The outputs a run into `folder` writes, and the project's designed monochrome it keeps instead of making one: a
    /// designed monochrome (a vector, or PNGs IconForge did not write) stays for themed icons, the adaptive icon keeps
    /// referring to it, and no silhouette replaces it.
    private func plannedOutputs(in folder: String) -> (outputs: [IconSpec], keptMonochrome: String?) {
        let kept = designedMonochrome(in: folder)
        return (outputs(in: folder).filter { kept == nil || $0.androidLayer != "monochrome" }, kept)
    }

    /// The project's own designed monochrome layer to keep (see `AndroidResources.designedMonochrome`), when the run
    /// writes Android's layers and was given no monochrome of its own.
    private func designedMonochrome(in folder: String) -> String? {
        if case .file? = options.monochrome { return nil }
        guard !options.omitsMonochrome, options.presets.contains(where: { $0.outputs.contains { $0.androidLayer == "monochrome" } }) else { return nil }
        let android = Generator.androidResources(in: folder)
        let res = android.isEmpty ? folder : (folder as NSString).appendingPathComponent(android)
        return AndroidResources.designedMonochrome(res: res, ledger: WriteLedger(given: res))
    }

    /// The iOS layouts a preset can give an app-icon set.
    static let iOSLayouts = ["ios", "ios-single", "ios-universal"]

    /// This generator with its iOS preset swapped for the layout the catalog's existing app-icon set has, and the note
    /// saying so; nil when there is nothing to keep (no set, the same layout, or `replacesLayout`).
    private func keepingLayout(in folder: String) -> (generator: Generator, note: String)? {
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

    /// The Icon Composer layers a run does not render, and what to say about them.
    struct UnrenderedLayers {
        /// Layer files taken as they are (an SVG source), by job path.
        var taken: [String: IconComposerWriter.LayerImage]
        /// The jobs of those files, written with the rendered ones.
        var jobs: [FileJob]
        /// Jobs written by no one (`--tinted auto`).
        var skipped: Set<String>
        var notes: [String]
        var warnings: [String]
    }

    /// Icon Composer layers that are not rendered: an SVG source is copied into the bundle as it is (Icon
    /// Composer draws vectors itself), and `--tinted auto` is left to Icon Composer, which derives the tinted
    /// appearance from the layers.
    private func iconComposerLayers(_ jobs: [FileJob], source: String) throws(IconForgeError) -> UnrenderedLayers {
        var taken: [String: IconComposerWriter.LayerImage] = [:], copied: [FileJob] = [], skipped = Set<String>()
        var notes: [String] = [], warnings: [String] = []
        for job in jobs where job.spec.setKind == "icon" {
            let path: String?
            switch job.spec.appearance {
            case nil: path = source
            case .dark?: path = options.darkSource
            case .tinted?:
                if case .file(let file)? = options.tintedSource { path = file } else {
                    path = nil
                    skipped.insert(job.path)
                    notes.append("\(job.spec.set!): no tinted image written for --tinted auto: Icon Composer derives the tinted appearance itself")
                }
            }
            guard let path, !IconComposerBundle.isBundle(path) else { continue }
            let bytes = try FileIO.readInput(path)
            if FileKind.detect(bytes) == .svg {
                let info: SVGInfo
                do { info = try SVG.info(bytes, path: path) } catch { throw .svg(path: path, error) }
                let points = info.size ?? info.viewBox ?? (IconComposerDocument.canvasPoints, IconComposerDocument.canvasPoints)
                let scale = IconComposerDocument.canvasPoints / max(points.width, points.height, 1)
                taken[job.path] = IconComposerWriter.LayerImage(bytes: bytes, fileExtension: "svg", canvasScale: (scale * 1000).rounded() / 1000)
                copied.append(job)
                if IconComposerChecks.containsText(bytes) {
                    warnings.append("\(path) contains <text>; Icon Composer flags text in layers, and the font may be missing when "
                                    + "the icon is built — convert the text to outlines")
                }
            }
        }
        return UnrenderedLayers(taken: taken, jobs: copied, skipped: skipped, notes: notes, warnings: warnings)
    }

    /// The jobs to render (indices into `jobs`, one per distinct `Renderer.Key`), and for every job the
    /// index into that list of the render that makes its bytes.
    private func distinctRenders(_ jobs: [FileJob]) -> (renders: [Int], renderOf: [Int]) {
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

    /// The most pixels one run writes, summed over its files: every preset together writes about 60 million.
    static let maxPixelsPerRun = 400_000_000

    /// A file written, and the output it was made for.
    private typealias Written = (file: GeneratedFile, spec: IconSpec)

    /// True for an output folder that is an asset catalog: loose outputs never go inside one.
    static func isCatalog(_ folder: String) -> Bool {
        (folder as NSString).pathExtension == "xcassets" || folder.hasSuffix(".xcassets/")
    }

    /// Where a loose output (web clip, snippet, iPad Pro launch file) goes, relative to the output folder:
    /// beside a catalog rather than in it (Xcode would list it as an unknown file), beside an Android `res`
    /// folder rather than in it (it holds resource folders only), else in the folder.
    private func loosePath(_ name: String, in folder: String) -> String {
        let resFolder = (folder as NSString).lastPathComponent == "res" && !name.contains("/")
        return Generator.isCatalog(folder) || resFolder ? "../" + name : name
    }

    /// The Android resource folder inside an output folder that is a project (`app/src/main/res`), or "".
    static func androidResources(in folder: String) -> String {
        // A project's root (app/src/main/res), or a module's own folder (src/main/res): `-o app` is the module.
        for candidate in ["app/src/main/res", "src/main/res"] {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(candidate), isDirectory: &isFolder), isFolder.boolValue {
                return candidate
            }
        }
        return ""
    }

    private func assetSet(_ name: String, outputs: [IconSpec], files: [String: [UInt8]]) -> AssetSet {
        let background = options.launchBackground ?? options.background
        let specs = outputs.filter { $0.set == name }
        var set = AssetSet(name: name, files: files, entries: specs.map { CatalogEntry.fields(for: $0, background: background) })
        if specs.contains(where: { $0.role == .template }) {
            set.properties = ["template-rendering-intent": .string("template")]
        }
        for spec in specs where spec.filename != nil && spec.pixels != nil { set.contentKeys[spec.filename!] = "\(Renderer.key(for: spec, badged: options.badge != nil))" }
        return set
    }

    private func write(outputs: [IconSpec], jobs: [FileJob], bytes: [String: [UInt8]], layers: [String: IconComposerWriter.LayerImage],
                       into folder: String, masterIsOpaque: Bool, writer: OutputWriter) throws(IconForgeError) -> (files: [Written], notes: [String], warnings: [String]) {
        do { try writer.scope.check(folder) } catch { throw .file(error) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch { throw .file(.writeFailed(path: folder, reason: error.localizedDescription)) }
        FileIO.removeStaleTemporaries(in: folder)
        // A catalog's own Contents.json is created when missing and otherwise never touched (it may hold
        // properties such as generate-swift-asset-symbol-extensions).
        let root = (folder as NSString).appendingPathComponent("Contents.json")
        if Generator.isCatalog(folder), !FileManager.default.fileExists(atPath: root) {
            try writer.write(Array(ContentsJSON.object(["info": ContentsJSON.info]).rendered.utf8), to: root)
        }
        var written: [Written] = [], notes: [String] = [], warnings: [String] = []
        let now = writer.now
        for name in uniqueSets(outputs) where (name as NSString).pathExtension == "icon" {
            let (files, setNotes) = try writeIconComposer(name, jobs: jobs.filter { $0.spec.set == name }, bytes: bytes, layers: layers,
                                                          into: folder, masterIsOpaque: masterIsOpaque, writer: writer)
            written += files
            notes += setNotes
        }
        for name in uniqueSets(outputs) where (name as NSString).pathExtension != "icon" {
            var files: [String: [UInt8]] = [:]
            for job in jobs where job.spec.set == name { files[job.spec.filename!] = bytes[job.path] }
            // A set inside a folder structure (a visionOS layer's Content.imageset) is written into its parent.
            var set = assetSet(name, outputs: outputs, files: files)
            let parent = (folder as NSString).appendingPathComponent(name.parentFolder)
            if name.contains("/") {
                set.name = (name as NSString).lastPathComponent
                try VisionStack.prepare(layerFolder: parent, stackFolder: parent.parentFolder, writer: writer)
            }
            let merge = try set.write(into: parent, now: now, writer: writer)
            for input in merge.keptInputs.sorted() {
                warnings.append("\(name)/\(input): not written: it is an input of this run; IconForge never overwrites or moves its inputs")
            }
            for job in jobs where job.spec.set == name {
                for final in (merge.names[job.spec.filename!] ?? [job.spec.filename!]).sorted() where !merge.keptInputs.contains(final) {
                    written.append((GeneratedFile(path: name + "/" + final, role: job.spec.role, pixels: job.spec.pixels,
                                                  bytes: bytes[job.path]!.count), job.spec))
                }
            }
            if !merge.leaving.isEmpty {
                let backup = Backup.path(for: (folder as NSString).appendingPathComponent(name), given: (folder as NSString).appendingPathComponent(name),
                                         stamp: Backup.timestamp(now))
                notes.append("moved \(merge.leaving.count) file\(merge.leaving.count == 1 ? "" : "s") of the replaced layout out of \(name) to \(backup)")
            }
        }
        for job in jobs where job.spec.set == nil && job.spec.container == nil {
            let path = loosePath(job.path, in: folder), full = (folder as NSString).appendingPathComponent(path)
            // A file that already holds these bytes is left alone, so reruns keep file times.
            try writer.write(bytes[job.path]!, to: full)
            written.append((GeneratedFile(path: path, role: job.spec.role, pixels: job.spec.pixels, bytes: bytes[job.path]!.count), job.spec))
        }
        written += try writeContainers(jobs.filter { $0.spec.container != nil }, bytes: bytes, into: folder, writer: writer)
        return (written, notes, warnings)
    }

    /// Writes each container file (an `.icns`, an `.ico`) from its entries' renders: PNG entries as rendered, ARGB entries
    /// from the decoded render. Unchanged files are not rewritten.
    private func writeContainers(_ jobs: [FileJob], bytes: [String: [UInt8]], into folder: String,
                                 writer: OutputWriter) throws(IconForgeError) -> [Written] {
        var files: [String] = []
        for job in jobs where !files.contains(job.spec.containerFile!) { files.append(job.spec.containerFile!) }
        var written: [Written] = []
        for file in files {
            let entries = jobs.filter { $0.spec.containerFile == file }
            let path = loosePath(file, in: folder), full = (folder as NSString).appendingPathComponent(path)
            let pngs = Dictionary(entries.map { ($0.spec.containerEntry!, bytes[$0.path]!) }, uniquingKeysWith: { first, _ in first })
            let isIco = entries[0].spec.container == "ico"
            let data: [UInt8]
            do { data = isIco ? try Ico.file(pngs: pngs) : try Icns.file(pngs: pngs) } catch { throw .encode(path: full, error) }
            try writer.write(data, to: full)
            // The container is checked whole: every entry reads back at its size.
            do {
                let back = try FileIO.read(full)
                if isIco { _ = try Ico.read(back) } else { for element in try Icns.read(back) { _ = try Icns.decode(element) } }
            } catch {
                throw .invalidRequest(path: full, reason: "internal check failed: the written file does not read back (\(error)) — please report this bug")
            }
            let largest = entries.compactMap(\.spec.pixels).max { $0.area < $1.area }
            written.append((GeneratedFile(path: path, role: entries[0].spec.role, pixels: largest, bytes: data.count), entries[0].spec))
        }
        return written
    }

    /// Writes one `.icon` bundle through `IconComposerWriter`; every layer file is listed, written or unchanged.
    private func writeIconComposer(_ name: String, jobs: [FileJob], bytes: [String: [UInt8]], layers: [String: IconComposerWriter.LayerImage],
                                   into folder: String, masterIsOpaque: Bool, writer: OutputWriter) throws(IconForgeError) -> (files: [Written], notes: [String]) {
        var images: [IconAppearance: IconComposerWriter.LayerImage] = [:]
        var specs: [IconAppearance: IconSpec] = [:]
        for job in jobs {
            guard let data = bytes[job.path] else { continue }
            let appearance: IconAppearance = job.spec.appearance == .dark ? .dark : job.spec.appearance == .tinted ? .tinted : .light
            images[appearance] = layers[job.path] ?? IconComposerWriter.LayerImage(bytes: data, fileExtension: "png")
            specs[appearance] = job.spec
        }
        var badge: IconComposerWriter.LayerImage?
        if let drawn = options.badge?.drawn(on: Image(width: 1024, height: 1024), safe: .inscribed(width: 1024, height: 1024, circle: false)) {
            do { badge = IconComposerWriter.LayerImage(bytes: try PNG.encode(drawn), fileExtension: "png") } catch {
                throw .encode(path: name + "/Assets/" + IconComposerWriter.badgeName + ".png", error)
            }
        }
        var writer = IconComposerWriter(path: (folder as NSString).appendingPathComponent(name), images: images,
                                        background: options.iconBackground, masterIsOpaque: masterIsOpaque, output: writer)
        writer.badge = badge
        let (_, notes) = try writer.write()
        var files: [Written] = []
        for appearance in IconAppearance.allCases {
            guard let image = images[appearance], let spec = specs[appearance] else { continue }
            let asset = IconComposerWriter.assetName(appearance, fileExtension: image.fileExtension)
            files.append((GeneratedFile(path: name + "/Assets/" + asset, role: spec.role, pixels: image.fileExtension == "png" ? spec.pixels : nil,
                                        bytes: image.bytes.count), spec))
        }
        if let spec = specs[.light] {
            let size = (try? FileIO.read((folder as NSString).appendingPathComponent(name + "/" + IconComposerBundle.documentName)))?.count ?? 0
            files.append((GeneratedFile(path: name + "/" + IconComposerBundle.documentName, role: spec.role, pixels: nil, bytes: size), spec))
        }
        return (files, notes)
    }

    private func uniqueSets(_ outputs: [IconSpec]) -> [String] {
        var seen = Set<String>()
        return outputs.compactMap(\.set).filter { seen.insert($0).inserted }
    }

    /// Reads every written file back and checks what its role requires. A failure here is a bug.
    private func verify(_ files: [Written], in folder: String) throws(IconForgeError) {
        for (file, spec) in files {
            let path = (folder as NSString).appendingPathComponent(file.path)
            let info: PNGInfo
            do { info = try PNG.info(try FileIO.read(path)) } catch {
                throw .invalidRequest(path: path, reason: "internal check failed: the written file does not read back (\(error))")
            }
            var problems: [String] = []
            if let pixels = spec.pixels, info.width != pixels.width || info.height != pixels.height {
                problems.append("is \(info.width)x\(info.height), not \(pixels)")
            }
            if info.bitDepth != 8 { problems.append("has \(info.bitDepth)-bit channels") }
            if info.isInterlaced { problems.append("is interlaced") }
            let expected: PNGColorType = spec.keepsAlpha ? .rgba : .rgb
            if info.colorType != expected || info.hasTransparencyChunk { problems.append("is \(info.colorType), not \(expected)") }
            if !problems.isEmpty {
                throw .invalidRequest(path: path, reason: "internal check failed: " + problems.joined(separator: ", ") + " — please report this bug")
            }
        }
    }

    /// The web app manifest (new, or merged into the folder's `manifest.webmanifest` or `manifest.json`) and
    /// the `<link>` tags of the web preset.
    /// After a --hash-names run, the files its icons were before: the one a listed icon was rendered from when it took a
    /// new name, and the earlier hashed versions of each icon IconForge wrote. Each goes to the backup, whoever wrote it
    /// (a cache or an old page may still name it); none is deleted.
    private func retireHashedIcons(renamed: [String: String], written: Set<String>, folder: String, writer: OutputWriter) throws(IconForgeError) {
        var retired = Set<String>()
        for (old, _) in renamed where !written.contains(old) && retired.insert(old).inserted {
            let full = (folder as NSString).appendingPathComponent(loosePath(old, in: folder))
            if FileManager.default.fileExists(atPath: full) { try writer.retire(full) }
        }
        for new in written where WebManifest.hashPart(of: new) != nil {
            let stem = WebManifest.unhashed(new)
            let base = stem.parentFolder, name = ((stem as NSString).lastPathComponent as NSString).deletingPathExtension
            let fullBase = (folder as NSString).appendingPathComponent(base.isEmpty ? "." : base)
            for item in ((try? FileManager.default.contentsOfDirectory(atPath: fullBase)) ?? []).sorted() {
                let relative = base.isEmpty ? item : base + "/" + item
                guard relative != new, !written.contains(relative), item.hasPrefix(name + "."), WebManifest.unhashed(relative) == stem,
                      retired.insert(relative).inserted else { continue }
                let full = (folder as NSString).appendingPathComponent(loosePath(relative, in: folder))
                // Only what IconForge wrote: a file of the user's that happens to share the stem stays where it is.
                if writer.hasRecord(at: full) { try writer.retire(full) }
            }
        }
    }

    private func writeWebManifest(outputs: [IconSpec], source: String, into folder: String, renamed: [String: String] = [:],
                                  writer: OutputWriter, warnings: inout [String]) throws(IconForgeError) -> (files: [GeneratedFile], notes: [String]) {
        var webNotes: [String] = []
        let icons = outputs.compactMap { spec -> WebManifest.Icon? in
            guard let purpose = spec.webPurpose, let path = spec.outputPath, let pixels = spec.pixels else { return nil }
            return WebManifest.Icon(src: path, sizes: pixels.description, purpose: purpose)
        }
        // The manifest the page links (Capacitor's assets/manifest.webmanifest), else the usual names, else a new one.
        let site = WebApp(folder)
        let manifestName = WebManifest.existingName(in: folder) ?? WebManifest.fileName
        let path = loosePath(manifestName, in: folder), full = (folder as NSString).appendingPathComponent(path)
        let icoSpecs = outputs.filter { $0.container == "ico" }.sorted { ($0.pixels?.width ?? 0) > ($1.pixels?.width ?? 0) }
        let icoSizes = icoSpecs.compactMap { $0.pixels?.description }.joined(separator: " ")
        let ico = icoSpecs.first?.containerFile
        var files: [GeneratedFile] = []
        // vite-plugin-pwa writes the manifest (and its <link>) at build time from its config: a manifest file here would
        // be a second one, so the icons are written and the entries to put in the config are said instead.
        let plugin = site.manifestPlugin
        if let plugin {
            let entries = icons.map { "{ src: '\($0.src)', sizes: '\($0.sizes)', type: 'image/png', purpose: '\($0.purpose)' }" }
            webNotes.append("\(plugin) makes the manifest (its PWA plugin): no manifest file written; its manifest.icons should list "
                            + entries.joined(separator: ", "))
        } else {
            do { try writer.checkTarget(full) } catch { throw .file(error) }
            let existing: [UInt8]?
            do { existing = try FileIO.readDocument(full) } catch { if case .notFound = error { existing = nil } else { throw .file(error) } }
            let data = try WebManifest.merged(existing: existing, icons: icons, ico: ico.map { ($0, icoSizes) }, renamed: renamed, site: site,
                                              manifest: full, path: full)
            try writer.write(data, to: full)
            files.append(GeneratedFile(path: path, role: .web, pixels: nil, bytes: data.count))
        }
        let favicons = outputs.filter { $0.filename?.hasPrefix("favicon-") == true && $0.container == nil }
            .sorted { ($0.pixels?.width ?? 0) > ($1.pixels?.width ?? 0) }.map { ($0.outputPath!, $0.pixels!.description) }
        let touch = outputs.first { $0.role == .webClip && $0.pixels?.width == 180 }?.outputPath
        // An SVG master is the site's icon.svg as it is: browsers draw it sharp at every size (a master that is already the
        // site's icon.svg stays as it is).
        var svg: String?
        if let head = try? FileIO.readPrefix(source, upTo: 64 << 10), FileKind.detect(head) == .svg {
            let svgPath = loosePath(WebManifest.svgName, in: folder), full = (folder as NSString).appendingPathComponent(svgPath)
            svg = svgPath
            var isMaster = false
            do { try writer.checkTarget(full) } catch {
                guard case .wouldOverwriteSource = error else { throw .file(error) }
                isMaster = true
            }
            if !isMaster {
                var master = try FileIO.readInput(source)
                // A dark SVG too: one icon.svg holding both, the dark one shown in dark mode.
                if let dark = options.darkSource, let head = try? FileIO.readPrefix(dark, upTo: 64 << 10), FileKind.detect(head) == .svg {
                    if let combined = DarkModeSVG.combined(light: master, dark: try FileIO.readInput(dark)) {
                        master = combined
                    } else {
                        warnings.append("\(dark): not combined into \(svgPath) for dark mode (one of the two SVGs has no <svg> root IconForge can nest, "
                                        + "or a DOCTYPE with its own entities); \(svgPath) is the light master alone")
                    }
                }
                try writer.write(master, to: full)
                files.append(GeneratedFile(path: svgPath, role: .web, pixels: nil, bytes: master.count))
            }
        }
        let html = WebManifest.html(favicons: favicons, ico: ico.map { ($0, icoSizes) }, svg: svg, touchIcon: touch, manifest: plugin == nil ? manifestName : nil)
        let htmlPath = loosePath("icons.html", in: folder)
        try writer.write(Array(html.utf8), to: (folder as NSString).appendingPathComponent(htmlPath))
        files.append(GeneratedFile(path: htmlPath, role: .web, pixels: nil, bytes: html.utf8.count))
        if options.updatesPage {
            guard let page = site.page, let bytes = try? FileIO.readDocument(page) else {
                throw .invalidRequest(path: folder, reason: "has no index.html (nor, for Vite, one beside it) for --update-html to update")
            }
            // Links are written from the page's folder: relative inside it, from the root for Vite's public/.
            let pageFolder = page.parentFolder
            let pageInSite = WebApp.relative(page, to: folder) != nil
            let href = { (path: String) in pageInSite ? WebManifest.reference(to: path, from: pageFolder, root: folder) : "/" + path }
            var wanted: [WebPage.WantedLink] = []
            if let ico { wanted.append(.init(rel: "icon", sizes: icoSizes, tag: "<link rel=\"icon\" href=\"\(href(ico))\" sizes=\"\(icoSizes)\">")) }
            if let svg { wanted.append(.init(rel: "icon", sizes: "any", tag: WebManifest.svgLink(href(svg)), type: "image/svg+xml")) }
            for (file, sizes) in favicons {
                wanted.append(.init(rel: "icon", sizes: sizes, tag: "<link rel=\"icon\" type=\"image/png\" sizes=\"\(sizes)\" href=\"\(href(file))\">"))
            }
            if let touch { wanted.append(.init(rel: "apple-touch-icon", sizes: nil, tag: "<link rel=\"apple-touch-icon\" href=\"\(href(touch))\">")) }
            if plugin == nil { wanted.append(.init(rel: "manifest", sizes: nil, tag: "<link rel=\"manifest\" href=\"\(href(manifestName))\">")) }
            guard let updated = WebPage.updating(bytes, with: wanted) else {
                throw .invalidRequest(path: page, reason: "has no </head>: IconForge does not guess where the <link> tags go; add them from icons.html")
            }
            if try writer.write(updated, to: page, allowingOutside: true) {
                files.append(GeneratedFile(path: WebApp.relative(page, to: folder) ?? "../" + WebPage.fileName, role: .web, pixels: nil, bytes: updated.count))
            }
        }
        return (files, webNotes)
    }

    /// The extension's `manifest.json` with the icons merged in (see `ExtensionManifest.merged`); without one, the
    /// `manifest-icons.json` snippet of the members to add. Sizes its `icons` declares keep their files (rendered where
    /// they stand); the others name the preset's.
    private func writeExtensionManifest(outputs: [IconSpec], into folder: String, writer: OutputWriter) throws(IconForgeError) -> [GeneratedFile] {
        let manifest = ExtensionManifest.existing(in: folder)
        let declared = manifest.flatMap(ExtensionManifest.read).map(ExtensionManifest.declaredIcons) ?? []
        var icons: [Int: String] = [:]
        for icon in declared where icon.place == "icons" {
            if let size = icon.size, ExtensionManifest.sizes.contains(size), icons[size] == nil { icons[size] = icon.path }
        }
        for spec in outputs where spec.role == .browserExtension {
            guard let pixels = spec.pixels, ExtensionManifest.sizes.contains(pixels.width), icons[pixels.width] == nil, let path = spec.outputPath else { continue }
            icons[pixels.width] = path
        }
        guard let manifest else {
            let data = ExtensionManifest.snippet(icons: icons)
            let path = loosePath(ExtensionManifest.snippetName, in: folder)
            try writer.write(data, to: (folder as NSString).appendingPathComponent(path))
            return [GeneratedFile(path: path, role: .browserExtension, pixels: nil, bytes: data.count)]
        }
        do { try writer.checkTarget(manifest) } catch { throw .file(error) }
        let existing: [UInt8]
        do { existing = try FileIO.readDocument(manifest) } catch { throw .file(error) }
        let data = try ExtensionManifest.merged(existing: existing, icons: icons, path: manifest)
        try writer.write(data, to: manifest)
        return [GeneratedFile(path: ExtensionManifest.fileName, role: .browserExtension, pixels: nil, bytes: data.count)]
    }

    /// The snippets of Android's other resources, beside `res/`: the TV banner's manifest lines, the splash screen's
    /// theme items.
    private func writeAndroidSnippets(outputs: [IconSpec], masters: Masters, into folder: String,
                                      writer: OutputWriter) throws(IconForgeError) -> (files: [GeneratedFile], notes: [String]) {
        let android = Generator.androidResources(in: folder)
        let place = { (name: String) in android.isEmpty ? self.loosePath(name, in: folder) : (android.parentFolder as NSString).appendingPathComponent(name) }
        var texts: [(name: String, text: String, role: Role)] = []
        if let banner = outputs.first(where: { $0.role == .androidBanner }), let file = banner.filename {
            texts.append((AndroidTVBanner.snippetName, AndroidTVBanner.snippet(drawable: (file as NSString).deletingPathExtension), .androidBanner))
        }
        var files: [GeneratedFile] = [], notes: [String] = []
        if let splash = outputs.first(where: { $0.role == .androidSplash }), let file = splash.filename, let colour = masters.splashBackground {
            let night = outputs.contains { $0.role == .androidSplash && $0.appearance == .dark && $0.filename != nil } ? masters.splashDarkBackground : nil
            let drawable = (file as NSString).deletingPathExtension
            let res = android.isEmpty ? folder : (folder as NSString).appendingPathComponent(android)
            let items = { (background: RGBColor) in
                AndroidSplashScreen.items(drawable: drawable, background: background, iconBackground: self.options.splashIconBackground)
            }
            // Into the project's launch theme when it has one (the original goes to the backup); else the snippet.
            let launchTheme = AndroidProject.readLaunchTheme(module: AndroidProject.module(of: res))
            let merged = try mergeSplashTheme(items(colour), into: (res as NSString).appendingPathComponent(AndroidSplashScreen.themesFile), style: launchTheme,
                                              onlyStyle: true, root: folder, writer: writer)
            var nightMerged = false
            if let merged {
                files.append(merged.file)
                notes.append("merged the splash screen items into \(merged.file.path)'s \(merged.style)")
                // A night theme of the same name replaces the light one in dark mode: it needs the items too, or the
                // dark splash screen shows none of them.
                if let nightFile = try mergeSplashTheme(items(night ?? colour), into: (res as NSString).appendingPathComponent(AndroidSplashScreen.nightThemesFile),
                                                        style: merged.style, onlyStyle: false, root: folder, writer: writer) {
                    files.append(nightFile.file)
                    notes.append("merged the splash screen items into \(nightFile.file.path)'s \(nightFile.style)")
                    nightMerged = true
                }
            }
            if merged == nil || (night != nil && !nightMerged) {
                texts.append((AndroidSplashScreen.snippetName, AndroidSplashScreen.snippet(drawable: drawable, background: colour,
                                                                                           iconBackground: options.splashIconBackground,
                                                                                           night: nightMerged ? nil : night, lightMerged: merged != nil), .androidSplash))
            }
        }
        for (name, text, role) in texts {
            let path = place(name)
            try writer.write(Array(text.utf8), to: (folder as NSString).appendingPathComponent(path))
            files.append(GeneratedFile(path: path, role: role, pixels: nil, bytes: text.utf8.count))
        }
        return (files, notes)
    }

    /// The notification icon as a vector drawable beside its PNGs (see `NotificationVector`), from an SVG `--monochrome`
    /// or an SVG master that is a logo on transparency (a full-bleed picture's silhouette is a separated glyph, which only
    /// the PNGs have); nil, with a note, when that SVG is more than filled paths.
    private func writeNotificationVector(jobs: [FileJob], source: String, masters: Masters, into folder: String, writer: OutputWriter,
                                         notes: inout [String]) throws(IconForgeError) -> GeneratedFile? {
        guard masters.notification != nil, let png = jobs.first(where: { $0.spec.role == .androidNotification }), let name = png.spec.filename else { return nil }
        let isSVG = { (path: String) in (try? FileIO.readPrefix(path, upTo: 64 << 10)).map { FileKind.detect($0) == .svg } ?? false }
        let svg: String
        if case .file(let path)? = options.monochrome { guard isSVG(path) else { return nil }; svg = path } else {
            guard isSVG(source), masters.isLogo else { return nil }
            svg = source
        }
        guard let xml = NotificationVector.drawable(svg: try FileIO.readInput(svg)) else {
            notes.append("\(svg) is more than filled paths (strokes, gradients, masks, transforms or text): the notification icon is PNGs only, "
                         + "no vector drawable")
            return nil
        }
        let densityFolder = loosePath(png.path, in: folder).parentFolder
        let path = ((densityFolder.parentFolder.isEmpty ? "" : densityFolder.parentFolder + "/") + NotificationVector.folder + "/")
            + (name as NSString).deletingPathExtension + ".xml"
        try writer.write(Array(xml.utf8), to: (folder as NSString).appendingPathComponent(path))
        return GeneratedFile(path: path, role: .androidNotification, pixels: nil, bytes: xml.utf8.count)
    }

    /// The splash screen's items merged into the theme file at `path` (see `AndroidSplashScreen.merging`); nil when there
    /// is no such file or no launch theme in it, or when it may not be written (a link): the snippet then carries them.
    private func mergeSplashTheme(_ items: [(name: String, value: String)], into path: String, style: String?, onlyStyle: Bool, root: String,
                                  writer: OutputWriter) throws(IconForgeError) -> (file: GeneratedFile, style: String)? {
        guard FileManager.default.fileExists(atPath: path), (try? writer.checkTarget(path)) != nil,
              let bytes = try? FileIO.readDocument(path),
              let merged = AndroidSplashScreen.merging(items, into: String(decoding: bytes, as: UTF8.self), style: style, onlyStyle: onlyStyle) else { return nil }
        let data = Array(merged.text.utf8)
        try writer.write(data, to: path)
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path, full = URL(fileURLWithPath: path).standardizedFileURL.path
        let relative = full.hasPrefix(rootPath + "/") ? String(full.dropFirst(rootPath.count + 1)) : full
        return (GeneratedFile(path: relative, role: .androidSplash, pixels: nil, bytes: data.count), merged.style)
    }

    /// The HTML link tags of a web-clip preset, and the Info.plist snippet of a launch screen.
    private func writeSnippets(outputs: [IconSpec], jobs: [FileJob], into folder: String, writer: OutputWriter) throws(IconForgeError) -> [GeneratedFile] {
        var written: [GeneratedFile] = []
        let clips = jobs.filter { $0.spec.role == .webClip && $0.spec.filename?.hasPrefix("apple-touch-icon-") == true && $0.spec.filename?.contains("precomposed") == false }
        if !clips.isEmpty {
            var html = "<!-- Apple touch icons: paste into <head>. Generated by iconforge. -->\n"
            for job in clips {
                html += "<link rel=\"apple-touch-icon\" sizes=\"\(job.spec.pixels!)\" href=\"\(job.path)\">\n"
            }
            if jobs.contains(where: { $0.spec.filename == "apple-touch-icon-precomposed.png" }) {
                html += "<link rel=\"apple-touch-icon-precomposed\" href=\"apple-touch-icon-precomposed.png\">\n"
            }
            let path = loosePath("apple-touch-icon.html", in: folder)
            try writer.write(Array(html.utf8), to: (folder as NSString).appendingPathComponent(path))
            written.append(GeneratedFile(path: path, role: .webClip, pixels: nil, bytes: html.utf8.count))
        }
        if let imageSet = outputs.first(where: { $0.role == .launchLogo })?.set,
           let colourSet = outputs.first(where: { $0.role == .launchBackground })?.set {
            let plist = """
                <!-- Paste into Info.plist. Generated by iconforge. -->
                <key>UILaunchScreen</key>
                <dict>
                    <key>UIColorName</key>
                    <string>\((colourSet as NSString).deletingPathExtension)</string>
                    <key>UIImageName</key>
                    <string>\((imageSet as NSString).deletingPathExtension)</string>
                </dict>

                """
            let path = loosePath("UILaunchScreen.plist", in: folder)
            try writer.write(Array(plist.utf8), to: (folder as NSString).appendingPathComponent(path))
            written.append(GeneratedFile(path: path, role: .launchLogo, pixels: nil, bytes: plist.utf8.count))
        }
        return written
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

extension IconSpec {
    /// The container file an entry goes into (an `.ico`, an `.icns`), relative to the output folder.
    var containerFile: String? { container == nil ? nil : filename.map { name in folder.map { $0 + "/" + name } ?? name } }
}

private extension IconSpec {
    /// A favicon PNG of the web preset (not an entry of `favicon.ico`, not a manifest icon).
    var isFaviconPNG: Bool { webPurpose == nil && container == nil && filename?.hasPrefix("favicon-") == true }
}
