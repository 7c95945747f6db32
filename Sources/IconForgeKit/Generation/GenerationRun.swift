import Foundation

/// What a run has decided before any pixel is read: the outputs, the files to render, and the writer every file goes
/// through. Made by `Generator.prepare`, which refuses a run that could not finish before it starts.
struct RunPlan {
    var source: String
    var folder: String
    /// Every output of the run, after renames and what the folder already names.
    var outputs: [IconSpec]
    /// The files to render, without those refused.
    var jobs: [Generator.FileJob]
    /// Loose files not written because they are inputs of the run, by job path.
    var refused: Set<String>
    /// The project's designed monochrome layer that the run keeps instead of making one.
    var keptMonochrome: String?
    /// The Android resource folder inside `folder` when it is a project or module (`app/src/main/res`), or "".
    var androidResources: String
    /// The one ownership rule every file of the run goes through.
    var writer: OutputWriter
    var warnings: [String]
    /// A run into an Expo app's folder: the images its configuration names are the outputs, and its step the only one.
    var expo: ExpoRun? = nil
    /// A run into a Cordova app's folder: the files its config.xml names are the outputs, and its step the only one.
    var cordova: CordovaRun? = nil
}

/// One run of `generate` on its way through its steps: plan → render → write the pictures → each platform's other
/// files. Each step reads what the ones before it left here and adds its own files, notes and warnings.
struct GenerationRun {
    var plan: RunPlan
    /// The decoded master and everything drawn from it once (pyramids, layers, the adaptive icon's analysis).
    var masters: Masters
    /// Icon Composer layers taken as they are rather than rendered.
    var layers: Generator.UnrenderedLayers
    /// The jobs that were rendered, under the names they were planned with.
    var rendered: [Generator.FileJob]
    /// The same jobs under the names they are written with (`--hash-names` renames manifest icons).
    var named: [Generator.FileJob]
    /// Encoded bytes by job path (final names).
    var bytes: [String: [UInt8]]
    /// Planned path → hashed path, for `--hash-names`.
    var renamed: [String: String] = [:]
    /// The pictures written, each with the output it was made for.
    var written: [Generator.Written] = []
    /// Every other file written: snippets, manifests, resource XML.
    var files: [GeneratedFile] = []
    /// What writing the pictures did besides writing them (layouts replaced, backups).
    var notes: [String] = []
    /// What the platform steps did besides writing files.
    var platformNotes: [String] = []

    var source: String { plan.source }
    var folder: String { plan.folder }
    var outputs: [IconSpec] { plan.outputs }
    var writer: OutputWriter { plan.writer }
    var warnings: [String] {
        get { plan.warnings }
        set { plan.warnings = newValue }
    }

    /// The outputs without those refused as inputs of the run.
    var writableOutputs: [IconSpec] { plan.outputs.filter { $0.outputPath.map { !plan.refused.contains($0) } ?? true } }
}

/// A platform's files that are not pictures — its manifest, resource XML, a snippet to paste — written once the run's
/// pictures are. A new platform is a preset, and a step when it has such files.
protocol PlatformStep: Sendable {
    /// Writes the platform's files when the run has its outputs; otherwise does nothing.
    func finish(_ run: inout GenerationRun, by generator: Generator) throws(IconForgeError)
}
