import Foundation
import PNGCodec
import Raster

/// Where the tinted app-icon variant comes from.
public enum TintedSource: Sendable, Equatable {
    /// The master's luminance, in greyscale.
    case auto
    /// A designed variant.
    case file(String)
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
    func outputs() -> [IconSpec] {
        var result: [IconSpec] = []
        var seen = Set<String>()
        for preset in options.presets {
            for var spec in preset.outputs {
                if spec.appearance == .dark && options.darkSource == nil { continue }
                if spec.appearance == .tinted && options.tintedSource == nil { continue }
                spec.set = spec.set.map(rename)
                let key = [spec.set ?? "", spec.filename ?? "", AssetSet.slot(CatalogEntry.fields(for: spec, background: .white))]
                    .joined(separator: "|")
                if seen.insert(key).inserted { result.append(spec) }
            }
        }
        return result
    }

    private func rename(_ set: String) -> String {
        let kind = (set as NSString).pathExtension, base = (set as NSString).deletingPathExtension
        if kind == "appiconset", base == "AppIcon", let name = options.appIconName { return name + ".appiconset" }
        if kind == "launchimage" || (kind == "imageset" && base == "LaunchImage"), base == "LaunchImage",
           let name = options.launchImageName { return name + "." + kind }
        return set
    }

    /// The files (not colour sets) to render, one per path.
    func fileJobs(_ outputs: [IconSpec]) -> [FileJob] {
        var jobs: [FileJob] = []
        var seen = Set<String>()
        for spec in outputs {
            guard let filename = spec.filename else { continue }
            let path = spec.set.map { $0 + "/" + filename } ?? filename
            if seen.insert(path).inserted { jobs.append(FileJob(spec: spec, path: path)) }
        }
        return jobs
    }

    /// What would be written, without reading the source's pixels (for --dry-run).
    public func plan(outputFolder: String) -> [GeneratedFile] {
        let outputs = outputs()
        var files = fileJobs(outputs).map { GeneratedFile(path: $0.path, role: $0.spec.role, pixels: $0.spec.pixels, bytes: 0) }
        for set in Set(outputs.compactMap(\.set)).sorted() {
            files.append(GeneratedFile(path: set + "/Contents.json", role: outputs.first { $0.set == set }!.role, pixels: nil, bytes: 0))
        }
        return files
    }

    /// Generates every output of the presets from `source` into `outputFolder`.
    public func run(source: String, outputFolder: String, parallelism: Parallelism = .allCores,
                    progress: (@Sendable (Int, Int) -> Void)? = nil) throws(IconForgeError) -> GenerationReport {
        let clock = ContinuousClock(), start = clock.now
        let outputs = outputs()
        let jobs = fileJobs(outputs)
        // Every output size against the memory limit before the master is decoded or anything allocated.
        for job in jobs {
            if let pixels = job.spec.pixels, let refusal = options.limits.refusal(width: pixels.width, height: pixels.height) {
                throw .invalidRequest(path: (outputFolder as NSString).appendingPathComponent(job.path), reason: "cannot make \(refusal)")
            }
        }
        var warnings: [String] = []
        let masters = try Masters.load(source: source, options: options, jobs: jobs, warnings: &warnings, parallelism: parallelism)

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

        try write(outputs: outputs, jobs: jobs, bytes: bytesByPath, into: outputFolder)
        var files = jobs.map { GeneratedFile(path: $0.path, role: $0.spec.role, pixels: $0.spec.pixels, bytes: bytesByPath[$0.path]!.count) }
        try verify(jobs, in: outputFolder)
        files += try writeSnippets(outputs: outputs, jobs: jobs, into: outputFolder)
        return GenerationReport(source: source, outputFolder: outputFolder, files: files, warnings: warnings,
                                seconds: (clock.now - start).seconds)
    }

    /// The jobs to render (indices into `jobs`, one per distinct `Renderer.Key`), and for every job the
    /// index into that list of the render that makes its bytes.
    private func distinctRenders(_ jobs: [FileJob]) -> (renders: [Int], renderOf: [Int]) {
        var renders: [Int] = [], renderOf: [Int] = [], firstByKey: [Renderer.Key: Int] = [:]
        for (index, job) in jobs.enumerated() {
            let key = Renderer.key(for: job.spec)
            if let render = firstByKey[key] { renderOf.append(render); continue }
            firstByKey[key] = renders.count
            renderOf.append(renders.count)
            renders.append(index)
        }
        return (renders, renderOf)
    }

    private func write(outputs: [IconSpec], jobs: [FileJob], bytes: [String: [UInt8]], into folder: String) throws(IconForgeError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch { throw .file(.writeFailed(path: folder, reason: error.localizedDescription)) }
        FileIO.removeStaleTemporaries(in: folder)
        if folder.hasSuffix(".xcassets") || folder.hasSuffix(".xcassets/") {
            let root = (folder as NSString).appendingPathComponent("Contents.json")
            try FileIO.writeOutput(Array(ContentsJSON.object(["info": ContentsJSON.info]).rendered.utf8), to: root)
        }
        let background = options.launchBackground ?? options.background
        for name in uniqueSets(outputs) {
            let specs = outputs.filter { $0.set == name }
            var set = AssetSet(name: name, files: [:], entries: specs.map { CatalogEntry.fields(for: $0, background: background) })
            for job in jobs where job.spec.set == name { set.files[job.spec.filename!] = bytes[job.path] }
            if specs.contains(where: { $0.role == .template }) {
                set.properties = ["template-rendering-intent": .string("template")]
            }
            try set.write(into: folder)
        }
        for job in jobs where job.spec.set == nil {
            try FileIO.writeOutput(bytes[job.path]!, to: (folder as NSString).appendingPathComponent(job.path))
        }
    }

    private func uniqueSets(_ outputs: [IconSpec]) -> [String] {
        var seen = Set<String>()
        return outputs.compactMap(\.set).filter { seen.insert($0).inserted }
    }

    /// Reads every written file back and checks what its role requires. A failure here is a bug.
    private func verify(_ jobs: [FileJob], in folder: String) throws(IconForgeError) {
        for job in jobs {
            let path = (folder as NSString).appendingPathComponent(job.path)
            let info: PNGInfo
            do { info = try PNG.info(try FileIO.read(path)) } catch {
                throw .invalidRequest(path: path, reason: "internal check failed: the written file does not read back (\(error))")
            }
            var problems: [String] = []
            if let pixels = job.spec.pixels, info.width != pixels.width || info.height != pixels.height {
                problems.append("is \(info.width)x\(info.height), not \(pixels)")
            }
            if info.bitDepth != 8 { problems.append("has \(info.bitDepth)-bit channels") }
            if info.isInterlaced { problems.append("is interlaced") }
            let expected: PNGColorType = job.spec.keepsAlpha ? .rgba : .rgb
            if info.colorType != expected || info.hasTransparencyChunk { problems.append("is \(info.colorType), not \(expected)") }
            if !problems.isEmpty {
                throw .invalidRequest(path: path, reason: "internal check failed: " + problems.joined(separator: ", ") + " — please report this bug")
            }
        }
    }

    /// The HTML link tags of a web-clip preset, and the Info.plist snippet of a launch screen.
    private func writeSnippets(outputs: [IconSpec], jobs: [FileJob], into folder: String) throws(IconForgeError) -> [GeneratedFile] {
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
            try FileIO.writeOutput(Array(html.utf8), to: (folder as NSString).appendingPathComponent("apple-touch-icon.html"))
            written.append(GeneratedFile(path: "apple-touch-icon.html", role: .webClip, pixels: nil, bytes: html.utf8.count))
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
            try FileIO.writeOutput(Array(plist.utf8), to: (folder as NSString).appendingPathComponent("UILaunchScreen.plist"))
            written.append(GeneratedFile(path: "UILaunchScreen.plist", role: .launchLogo, pixels: nil, bytes: plist.utf8.count))
        }
        return written
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
