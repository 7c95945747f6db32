import Foundation
import Raster

/// One master in, every output of the chosen presets out: decoded once, every file resampled straight
/// from the master, alpha policy applied per role, written set by set with atomic renames, then checked.
package struct Generator: Sendable {
    /// The options every source is generated with.
    package var options: GenerateOptions
    /// The batch whose runs save their write ledgers together when it ends (nil: each run saves its own).
    var ledgerSession: LedgerSession?

    /// A generator with these options.
    package init(options: GenerateOptions) { self.options = options }

    /// The outputs to render, one per file, with every catalog entry that names the file.
    struct FileJob: Sendable {
        var spec: IconSpec
        var path: String
    }

    /// What would be written, without reading the source's pixels (for --dry-run): every file under the name
    /// it would get (a set's existing slots keep theirs), and the files that would move to a backup.
    package func plan(outputFolder: String) -> GenerationPlan {
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
            plan.movePaths += merge.leaving.sorted().map { set + "/" + $0 }
        }
        for job in jobs where job.spec.set == nil {
            plan.files.append(GeneratedFile(path: loosePath(job.path, in: outputFolder), role: job.spec.role, pixels: job.spec.pixels, bytes: 0))
        }
        plan.files = plan.files.placed(in: outputFolder)
        plan.folder = outputFolder
        return plan
    }

    /// Generates every output of the presets from `source` into `outputFolder`.
    package func run(source: String, outputFolder: String, parallelism: Parallelism = .allCores,
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
        if let own = forExpo(in: outputFolder) {
            return try own.generate(source: source, outputFolder: outputFolder, parallelism: parallelism, progress: progress)
        }
        if let kept = keepingLayout(in: outputFolder) {
            var report = try kept.generator.generate(source: source, outputFolder: outputFolder, parallelism: parallelism, progress: progress)
            report.notes.insert(kept.note, at: 0)
            return report
        }
        let clock = ContinuousClock(), start = clock.now
        // plan → render → write the pictures into their sets and containers → each platform's other files.
        var run = try render(try prepare(source: source, folder: outputFolder), parallelism: parallelism, progress: progress)
        try writePictures(&run)
        // An Expo app's folder has no catalog, res/ or manifest of its own: prebuild makes them from its configuration;
        // nor has a Cordova app's: prepare copies the files config.xml names.
        let steps: [any PlatformStep] = run.plan.expo != nil ? [ExpoStep()] : run.plan.cordova != nil ? [CordovaStep()] : Generator.platformSteps
        for step in steps { try step.finish(&run, by: self) }
        let kept = run.writer.finish()
        return GenerationReport(sourcePath: source, outputFolderPath: outputFolder, files: (run.written.map { $0.file } + run.files).placed(in: outputFolder),
                                warnings: run.warnings,
                                notes: run.notes + run.layers.notes + run.platformNotes + kept, seconds: (clock.now - start).seconds)
    }

    /// This generator for a run into an Expo app's folder (or its committed android/) whose configuration gives the
    /// adaptive icon's `backgroundColor`: the layers are drawn for that colour (prebuild puts it behind the foreground)
    /// unless `--android-background` says otherwise; nil when there is nothing to change.
    func forExpo(in folder: String) -> Generator? {
        guard options.androidBackground == nil, options.presets.contains(where: { $0.platform == .android }),
              // The app's folder, or its committed android/ (prebuild's output kept in git), drawn on the same colour.
              let project = ExpoProject.read(root: folder) ?? (folder.fileName == "android" ? ExpoProject.read(root: folder.parentFolder.isEmpty ? "." : folder.parentFolder) : nil),
              let value = project.config.values[ExpoStep.backgroundKey], let colour = ExpoIcons.color(value) else { return nil }
        var own = self
        own.options.androidBackground = .color(colour)
        return own
    }

    /// The steps that write a platform's files besides its pictures, in the order they run (the web's last: it names
    /// files the others wrote).
    static let platformSteps: [any PlatformStep] = [
        AndroidLayersStep(), WindowsAssetsStep(), DesktopEntryStep(), SnapIconStep(), ExtensionManifestStep(), NotificationVectorStep(),
        AndroidSnippetsStep(), WebManifestStep(),
    ]
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

extension IconSpec {
    /// The container file an entry goes into (an `.ico`, an `.icns`), relative to the output folder.
    var containerFile: String? { container == nil ? nil : filename.map { name in folder.map { $0 + "/" + name } ?? name } }
}
