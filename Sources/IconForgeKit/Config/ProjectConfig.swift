import Foundation
import Yams

/// `iconforge.yml`: the project's icon jobs, so `iconforge generate` runs with no arguments. Each job names a
/// `master`, its `presets` (a list or one comma-separated string), an `out` folder and any other `generate` option
/// by its long name; paths are relative to the file's folder. Reading it turns each job into the `generate`
/// arguments it stands for; errors name the file, line and column.
public struct ProjectConfig: Sendable {
    /// One job: the arguments of one `iconforge generate` run.
    public struct Job: Sendable, Equatable {
        /// The line of the job in the file, for messages.
        public var line: Int
        public var arguments: [String]
        /// The files the job reads — its master and every file an option names — resolved against the file's folder:
        /// what `watch --config` follows.
        public var inputs: [String] = []
    }

    /// The default file name, looked for in the current folder.
    public static let fileName = "iconforge.yml"

    public var path: String
    public var jobs: [Job]

    /// How each option is written: a value, a path (resolved against the file's folder), a flag, a repeatable
    /// NAME=FILE or LAYER=FILE map.
    enum Kind { case value, path, pathUnlessAuto, pathUnlessColour, flag, namedPaths }

    /// `generate`'s options by long name.
    static let options: [String: Kind] = [
        "filter": .value, "background": .value, "fit": .value, "gravity": .value, "app-icon-name": .value, "launch-image-name": .value, "app-id": .value,
        "badge": .value, "badge-style": .value, "badge-position": .value, "badge-color": .value, "badge-text-color": .value,
        "badge-version": .value, "badge-build": .value,
        "dark": .path, "tinted": .pathUnlessAuto, "appearance": .value, "launch-background": .value, "web-background": .value, "launch-logo": .path,
        "launch-logo-scale": .value, "compression": .value, "mac-shape": .value, "android-foreground": .path,
        "android-background": .pathUnlessColour, "splash-icon-background": .value, "banner-text": .value, "monochrome": .pathUnlessAuto, "alternate": .namedPaths, "layer": .namedPaths,
        "allow-upscale": .flag, "no-linear": .flag, "dry-run": .flag, "preview": .flag, "update-html": .flag, "hash-names": .flag, "replace-layout": .flag, "max-memory": .value, "max-pixels": .value,
    ]

    /// Reads and checks the file.
    public static func load(_ path: String) throws(ConfigError) -> ProjectConfig {
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
        let folder = path.parentFolder
        var jobs: [Job] = []
        for (key, value) in top {
            guard key.string == "jobs" else { throw unknown(key, path: path, known: ["jobs"]) }
            guard let list = value.sequence else { throw invalid(value, path: path, "jobs must be a list of jobs") }
            for job in list { jobs += try Self.job(job, folder: folder, path: path) }
        }
        guard !jobs.isEmpty else { throw .invalid(path: path, line: 1, column: 1, reason: "has no jobs (a 'jobs' list of master, presets, out)") }
        return ProjectConfig(path: path, jobs: jobs)
    }

    private static func job(_ node: Node, folder: String, path: String) throws(ConfigError) -> [Job] {
        guard let mapping = node.mapping else { throw invalid(node, path: path, "a job must be a mapping of master, presets, out and options") }
        func resolve(_ value: String) -> String {
            value.hasPrefix("/") || folder.isEmpty ? value : (folder as NSString).appendingPathComponent(value)
        }
        func scalar(_ node: Node, _ key: String) throws(ConfigError) -> String {
            guard let text = node.scalar?.string else { throw invalid(node, path: path, "\(key) must be a single value") }
            return text
        }
        var master: String?, presets: String?, out: String?, arguments: [String] = [], inputs: [String] = []
        var variants: [(name: String, master: String?, arguments: [String], inputs: [String], line: Int)] = []
        // An option's value as command-line arguments (and the files it names, which are the job's inputs).
        func option(_ keyNode: Node, _ value: Node, known: [String]) throws(ConfigError) -> (arguments: [String], inputs: [String]) {
            let key = keyNode.string ?? ""
            guard let kind = options[key] else { throw unknown(keyNode, path: path, known: known + options.keys.sorted()) }
            switch kind {
            case .flag:
                guard let flag = value.bool else { throw invalid(value, path: path, "\(key) must be true or false") }
                return (flag ? ["--" + key] : [], [])
            case .namedPaths:
                // A map (front: art/front.png) or a list of NAME=FILE strings.
                var pairs: [(String, String)] = []
                if let map = value.mapping {
                    for (name, file) in map { pairs.append((try scalar(name, key), try scalar(file, key))) }
                } else if let list = value.sequence {
                    for item in list {
                        let text = try scalar(item, key)
                        guard let equals = text.firstIndex(of: "=") else { throw invalid(item, path: path, "\(key) entries are NAME=FILE") }
                        pairs.append((String(text[..<equals]), String(text[text.index(after: equals)...])))
                    }
                } else { throw invalid(value, path: path, "\(key) must be a map of NAME: FILE") }
                return (pairs.flatMap { ["--" + key, $0.0 + "=" + resolve($0.1)] }, pairs.map { resolve($0.1) })
            default:
                let text = try scalar(value, key)
                let isPath = kind == .path || (kind == .pathUnlessAuto && text != "auto") || (kind == .pathUnlessColour && !text.hasPrefix("#"))
                return (["--" + key, isPath ? resolve(text) : text], isPath ? [resolve(text)] : [])
            }
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "master": master = resolve(try scalar(value, key))
            case "out": out = resolve(try scalar(value, key))
            case "presets", "preset":
                if let list = value.sequence {
                    var names: [String] = []
                    for item in list { names.append(try scalar(item, key)) }
                    presets = names.joined(separator: ",")
                } else { presets = try scalar(value, key) }
            case "variants":
                // Each variant: a name, optionally its own master, and options that override the job's (a badge).
                guard let list = value.sequence else { throw invalid(value, path: path, "variants must be a list of mappings with a name") }
                for item in list {
                    guard let entries = item.mapping else { throw invalid(item, path: path, "a variant must be a mapping with a name") }
                    var name: String?, variantMaster: String?, variantArguments: [String] = [], variantInputs: [String] = []
                    for (variantKey, variantValue) in entries {
                        switch variantKey.string ?? "" {
                        case "name": name = try scalar(variantValue, "name")
                        case "master": variantMaster = resolve(try scalar(variantValue, "master"))
                        default:
                            let (extra, files) = try option(variantKey, variantValue, known: ["name", "master"])
                            variantArguments += extra
                            variantInputs += files
                        }
                    }
                    guard let name else { throw invalid(item, path: path, "a variant needs a name") }
                    guard !variants.contains(where: { $0.name == name }) else { throw invalid(item, path: path, "two variants are named \(name)") }
                    variants.append((name, variantMaster, variantArguments, variantInputs, item.mark?.line ?? 0))
                }
            default:
                let (extra, files) = try option(keyNode, value, known: ["master", "presets", "out", "variants"])
                arguments += extra
                inputs += files
            }
        }
        guard let master else { throw invalid(node, path: path, "a job needs a master") }
        guard let presets else { throw invalid(node, path: path, "a job needs presets") }
        guard let out else { throw invalid(node, path: path, "a job needs out") }
        guard !variants.isEmpty else {
            return [Job(line: (node.mark?.line ?? 0), arguments: [master, "--preset", presets, "--out", out] + arguments, inputs: [master] + inputs)]
        }
        // The variant's options come after the job's: where both give one, the variant's is the one used.
        return variants.map { variant in
            let source = variant.master ?? master
            return Job(line: variant.line, arguments: [source, "--preset", presets, "--out", out] + arguments + variant.arguments + ["--variant", variant.name],
                       inputs: [source] + inputs + variant.inputs)
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
