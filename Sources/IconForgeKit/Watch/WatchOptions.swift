import Foundation

/// What `iconforge watch` does besides watching.
public struct WatchOptions: Sendable {
    /// The folder masters are dropped into.
    package var input: String
    /// Where `name.png` becomes `name/…` (or, validating, `name.validation.json`).
    package var output: String
    /// Presets and generate's options.
    public var generate: GenerateOptions
    /// Validate what lands instead of generating.
    public var validateOnly = false
    /// The role a master is checked in when validating (a master checked as an app icon: `.app`).
    public var validationRole: Role?
    /// Remove a source's outputs when the source is deleted.
    public var prune = false
    /// Seconds a file must stay unchanged before it is processed.
    public var settle = 0.3
    /// Sources processed at once.
    public var width = ProcessInfo.processInfo.activeProcessorCount
    /// How long a graceful stop waits for jobs in progress.
    public var shutdownTimeout = 30.0

    /// Options for watching `input` (a file URL of a folder) into `output` (a file URL of a folder).
    public init(input: URL, output: URL, generate: GenerateOptions) {
        self.init(input: input.path, output: output.path, generate: generate)
    }

    /// The same options, paths as strings (the command's form).
    package init(input: String, output: String, generate: GenerateOptions) {
        self.input = input
        self.output = output
        self.generate = generate
    }
}

/// The outcome of one job.
package struct JobResult: Sendable, Equatable {
    /// True when the outputs (or the report) were written and nothing failed.
    package var succeeded: Bool
    /// What was done, e.g. "21 files" or "2 errors, 0 warnings".
    package var result: String
    /// Why it failed.
    package var error: String?
    /// True when the job failed writing (a read-only or full output folder): retried with backoff, since
    /// the source will not change to trigger it.
    package var retryable = false
    /// Hash and stamp of the source as the job read it, taken before processing, so that a file replaced
    /// while its job ran is seen as new afterwards.
    package var processed: (hash: String, stamp: FileStamp)?

    package init(succeeded: Bool, result: String, error: String? = nil, processed: (hash: String, stamp: FileStamp)? = nil) {
        self.succeeded = succeeded
        self.result = result
        self.error = error
        self.processed = processed
    }

    package static func == (lhs: JobResult, rhs: JobResult) -> Bool {
        lhs.succeeded == rhs.succeeded && lhs.result == rhs.result && lhs.error == rhs.error
            && lhs.processed?.hash == rhs.processed?.hash && lhs.processed?.stamp == rhs.processed?.stamp
    }
}
