import Foundation
import Yams

/// `iconforge.yml`: the project's icon jobs, so `iconforge generate` runs with no arguments. Each job names a
/// `master`, its `presets` (a list or one comma-separated string), an `out` folder and any other `generate` option
/// by its long name (`GenerateOption.all`); paths are relative to the file's folder. Reading it fills each job's
/// `GenerateSettings` from the same table the command's flags are described by; errors name the file, line and column.
public struct ProjectConfig: Sendable {
    /// One job: one `iconforge generate` run.
    public struct Job: Sendable {
        /// The line of the job in the file, for messages.
        public var line: Int
        /// The master (a file URL), resolved against the file's folder.
        public var master: URL {
            get { URL(givenPath: masterPath) }
            set { masterPath = newValue.givenPath }
        }
        /// The master's path as the file names it, resolved against the file's folder.
        package var masterPath: String
        /// The presets, comma-separated.
        public var presets: String
        /// The output folder (a file URL), resolved against the file's folder.
        public var out: URL {
            get { URL(givenPath: outPath) }
            set { outPath = newValue.givenPath }
        }
        /// The output folder's path as the file names it, resolved against the file's folder.
        package var outPath: String
        /// Every other option (a variant's name among them).
        public var settings: GenerateSettings
        /// The files the job reads — its master and every file an option names — resolved against the file's folder:
        /// what `watch --config` follows.
        package var inputs: [String] = []

        /// The request the job makes, the badge's placeholders filled from `environment`.
        package func request(environment: [String: String]) throws(RequestError) -> GenerateRequest {
            try settings.request(sources: [masterPath], presets: presets, out: outPath, environment: environment)
        }
    }

    /// The default file name, looked for in the current folder.
    public static let fileName = "iconforge.yml"

    package var path: String
    /// The jobs, in the file's order.
    public var jobs: [Job]

    /// The project file's location.
    public var url: URL { URL(givenPath: path) }

    /// Reads and checks the project file at `url` (a file URL).
    public static func load(_ url: URL) throws(ConfigError) -> ProjectConfig { try load(url.path) }

    /// Reads and checks the file.
    package static func load(_ path: String) throws(ConfigError) -> ProjectConfig {
        let bytes: [UInt8]
        do { bytes = try FileIO.readDocument(path) } catch { throw .unreadable(path: path, reason: "\(error)") }
        let text = String(decoding: bytes, as: UTF8.self)
        // YAML forbids tabs in indentation; say so plainly rather than as a scanner error.
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let tab = line.prefix(while: { $0 == " " || $0 == "\t" }).firstIndex(of: "\t") {
                throw .invalid(path: path, line: index + 1, column: line.distance(from: line.startIndex, to: tab) + 1,
                               reason: "tab character in indentation (YAML indents with spaces)")
            }
        }
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch let error as YamlError {
            throw Self.describe(error, path: path)
        } catch { throw .invalid(path: path, line: 1, column: 1, reason: "\(error)") }
        guard let root, let top = root.mapping else {
            throw .invalid(path: path, line: root?.mark?.line ?? 1, column: root?.mark?.column ?? 1, reason: "must be a mapping with a 'jobs' list")
        }
        var jobs: [Job] = []
        for (key, value) in top {
            guard key.string == "jobs" else { throw unknown(key, path: path, known: ["jobs"]) }
            guard let list = value.sequence else { throw invalid(value, path: path, "jobs must be a list of jobs") }
            for job in list { jobs += try JobReader(path: path).jobs(job) }
        }
        guard !jobs.isEmpty else { throw .invalid(path: path, line: 1, column: 1, reason: "has no jobs (a 'jobs' list of master, presets, out)") }
        return ProjectConfig(path: path, jobs: jobs)
    }

    /// Reads one job (and its variants) into settings, option by option through `GenerateOption.all`.
    private struct JobReader {
        var path: String
        var folder: String { path.parentFolder }

        func resolve(_ value: String) -> String {
            value.hasPrefix("/") || folder.isEmpty ? value : (folder as NSString).appendingPathComponent(value)
        }

        func scalar(_ node: Node, _ key: String) throws(ConfigError) -> String {
            guard let text = node.scalar?.string else { throw ProjectConfig.invalid(node, path: path, "\(key) must be a single value") }
            return text
        }

        /// Stores one option's value in `settings` and adds the files it names to `inputs`; `values` remembers the
        /// node each option came from, for a later check's message.
        func option(_ keyNode: Node, _ value: Node, known: [String], into settings: inout GenerateSettings, inputs: inout [String],
                    values: inout [String: Node]) throws(ConfigError) {
            let key = keyNode.string ?? ""
            guard let option = GenerateOption.named(key) else {
                throw ProjectConfig.unknown(keyNode, path: path, known: known + GenerateOption.all.map(\.name).sorted())
            }
            var given: [(GenerateOption.Given, Node)] = []
            switch option.kind {
            case .flag:
                guard let flag = value.bool else { throw ProjectConfig.invalid(value, path: path, "\(key) must be true or false") }
                given = [(.flag(flag), value)]
            case .namedFiles:
                // A map (front: art/front.png) or a list of NAME=FILE strings.
                if let map = value.mapping {
                    for (name, file) in map { given.append((.namedFile(name: try scalar(name, key), file: resolve(try scalar(file, key))), name)) }
                } else if let list = value.sequence {
                    for item in list {
                        let text = try scalar(item, key)
                        guard let equals = text.firstIndex(of: "=") else { throw ProjectConfig.invalid(item, path: path, "\(key) entries are NAME=FILE") }
                        given.append((.namedFile(name: String(text[..<equals]), file: resolve(String(text[text.index(after: equals)...]))), item))
                    }
                } else { throw ProjectConfig.invalid(value, path: path, "\(key) must be a map of NAME: FILE") }
                for case (.namedFile(_, let file), _) in given { inputs.append(file) }
            default:
                let text = try scalar(value, key)
                let isPath = option.namesFile(text)
                given = [(.text(isPath ? resolve(text) : text), value)]
                if isPath { inputs.append(resolve(text)) }
            }
            for (one, node) in given {
                do { try settings.set(key, one) } catch { throw ProjectConfig.invalid(node, path: path, error.reason) }
            }
            values[key] = value
        }

        /// The settings' own check, its complaint placed at the value it is about.
        func validate(_ settings: GenerateSettings, values: [String: Node], job: Node) throws(ConfigError) {
            do { try settings.validate() } catch { throw ProjectConfig.invalid(values[error.option] ?? job, path: path, error.reason) }
        }

        func jobs(_ node: Node) throws(ConfigError) -> [Job] {
            guard let mapping = node.mapping else { throw ProjectConfig.invalid(node, path: path, "a job must be a mapping of master, presets, out and options") }
            var master: String?, presets: String?, out: String?, settings = GenerateSettings(), inputs: [String] = [], values: [String: Node] = [:]
            var variants: [(name: String, master: String?, entries: [(Node, Node)], line: Int)] = []
            for (keyNode, value) in mapping {
                let key = keyNode.string ?? ""
                switch key {
                case "master": master = resolve(try scalar(value, key))
                case "out":
                    // `out:` with nothing after it is no folder: resolved from the file's own folder it would be "", which
                    // every write then fails on with a message naming no file.
                    let text = try scalar(value, key)
                    guard !text.isEmpty else { throw ProjectConfig.invalid(value, path: path, "out is empty: give the folder to write into ('.' for this file's folder)") }
                    out = resolve(text)
                case "presets", "preset":
                    if let list = value.sequence {
                        var names: [String] = []
                        for item in list { names.append(try scalar(item, key)) }
                        presets = names.joined(separator: ",")
                    } else { presets = try scalar(value, key) }
                case "variants":
                    // Each variant: a name, optionally its own master, and options that override the job's (a badge).
                    guard let list = value.sequence else { throw ProjectConfig.invalid(value, path: path, "variants must be a list of mappings with a name") }
                    for item in list {
                        guard let entries = item.mapping else { throw ProjectConfig.invalid(item, path: path, "a variant must be a mapping with a name") }
                        var name: String?, variantMaster: String?, options: [(Node, Node)] = []
                        for (variantKey, variantValue) in entries {
                            switch variantKey.string ?? "" {
                            case "name": name = try scalar(variantValue, "name")
                            case "master": variantMaster = resolve(try scalar(variantValue, "master"))
                            default: options.append((variantKey, variantValue)) // set over the job's once all of the job is read
                            }
                        }
                        guard let name else { throw ProjectConfig.invalid(item, path: path, "a variant needs a name") }
                        guard !variants.contains(where: { $0.name == name }) else { throw ProjectConfig.invalid(item, path: path, "two variants are named \(name)") }
                        variants.append((name, variantMaster, options, item.mark?.line ?? 0))
                    }
                default:
                    try option(keyNode, value, known: ["master", "presets", "out", "variants"], into: &settings, inputs: &inputs, values: &values)
                }
            }
            guard let master else { throw ProjectConfig.invalid(node, path: path, "a job needs a master") }
            guard let presets else { throw ProjectConfig.invalid(node, path: path, "a job needs presets") }
            guard let out else { throw ProjectConfig.invalid(node, path: path, "a job needs out") }
            guard !variants.isEmpty else {
                try validate(settings, values: values, job: node)
                return [Job(line: node.mark?.line ?? 0, masterPath: master, presets: presets, outPath: out, settings: settings, inputs: [master] + inputs)]
            }
            // A variant's options are set over the job's: where both give one, the variant's is the one used.
            var result: [Job] = []
            for variant in variants {
                var own = settings, ownInputs = inputs, ownValues = values
                for (keyNode, value) in variant.entries {
                    try option(keyNode, value, known: ["name", "master"], into: &own, inputs: &ownInputs, values: &ownValues)
                }
                own.variant = variant.name
                try validate(own, values: ownValues, job: node)
                let source = variant.master ?? master
                result.append(Job(line: variant.line, masterPath: source, presets: presets, outPath: out, settings: own, inputs: [source] + ownInputs))
            }
            return result
        }
    }

    private static func unknown(_ node: Node, path: String, known: [String]) -> ConfigError {
        invalid(node, path: path, "unknown key '\(node.string ?? "?")' (known: \(known.joined(separator: ", ")))")
    }

    private static func invalid(_ node: Node, path: String, _ reason: String) -> ConfigError {
        .invalid(path: path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, reason: reason)
    }

    private static func describe(_ error: YamlError, path: String) -> ConfigError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
            return .invalid(path: path, line: mark.line, column: mark.column, reason: [context?.text, problem].compactMap { $0 }.joined(separator: " "))
        default:
            return .invalid(path: path, line: 1, column: 1, reason: "\(error)")
        }
    }
}

/// Why `iconforge.yml` cannot be used; the description is `file:line:column: reason`.
public enum ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid(path: String, line: Int, column: Int, reason: String)

    public var description: String {
        switch self {
        case .unreadable(_, let reason): reason
        case .invalid(let path, let line, let column, let reason): "\(path):\(line):\(column): \(reason)"
        }
    }
}
