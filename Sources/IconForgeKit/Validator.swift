import Foundation
import PNGCodec
import Raster

/// The findings for one file (or one set's Contents.json).
public struct FileReport: Sendable, Equatable {
    /// The file's path.
    public var path: String
    /// The role its rules came from.
    public var role: AssetRole
    /// Everything found, errors first.
    public var findings: [Finding]

    /// Number of findings of a severity.
    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }
}

/// What `iconforge validate` found, file by file, in path order.
public struct ValidationReport: Sendable, Equatable {
    /// Every file checked, with or without findings.
    public var files: [FileReport]

    /// Errors in all files.
    public var errors: Int { files.reduce(0) { $0 + $1.count(.error) } }
    /// Warnings in all files.
    public var warnings: Int { files.reduce(0) { $0 + $1.count(.warning) } }
}

/// A path `validate` or `fix` cannot work on at all (exit status 2).
public enum ValidationInputError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(String)
    case noPNGs(String)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file or folder"
        case .noPNGs(let path): "\(path): no PNG files or asset sets to check"
        }
    }
}

/// Checks icon and launch-image files the way App Store review and Xcode will: files, folders,
/// `.appiconset`/`.launchimage`/`.imageset` sets and whole `.xcassets` catalogs.
public struct Validator: Sendable {
    /// Roles and expected sizes for loose files, by file name.
    public var presets: [Preset]
    /// The role of loose files no catalog or preset describes.
    public var role: AssetRole?
    /// Decoder limits.
    public var limits: PNGLimits

    /// A validator; roles come from catalogs first, then `presets`, then `role`.
    public init(presets: [Preset] = [], role: AssetRole? = nil, limits: PNGLimits = .default) {
        self.presets = presets
        self.role = role
        self.limits = limits
    }

    /// Everything to check under `paths`, and the set-level findings, without decoding anything.
    func targets(_ paths: [String]) throws(ValidationInputError) -> (targets: [ValidationTarget], findings: [SetFinding]) {
        var targets: [ValidationTarget] = [], findings: [SetFinding] = []
        // Files named one by one are often many of one set (a shell glob): its Contents.json is read once,
        // and its targets found by file name. (Reading it per file was a third of validating 1,000 icons.)
        var sets: [String: [String: ValidationTarget]] = [:]
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { throw .notFound(path) }
            let before = targets.count + findings.count
            if isFolder.boolValue {
                walk(path, into: &targets, &findings)
            } else if CatalogReader.setKinds.contains(((path as NSString).deletingLastPathComponent as NSString).pathExtension) {
                // A file inside a set: its role and size come from the set, the set's own checks are not run.
                let folder = (path as NSString).deletingLastPathComponent
                let set = sets[folder] ?? Dictionary(CatalogReader.read(set: folder).targets.map { (($0.path as NSString).lastPathComponent, $0) },
                                                     uniquingKeysWith: { first, _ in first })
                sets[folder] = set
                var target = set[(path as NSString).lastPathComponent] ?? loose(path)
                target.path = path
                targets.append(target)
            } else {
                targets.append(loose(path))
            }
            if targets.count + findings.count == before { throw .noPNGs(path) }
        }
        return (targets, findings)
    }

    private func walk(_ folder: String, into targets: inout [ValidationTarget], _ findings: inout [SetFinding]) {
        if CatalogReader.setKinds.contains((folder as NSString).pathExtension) {
            let set = CatalogReader.read(set: folder)
            targets += set.targets
            findings += set.findings
            return
        }
        let items = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        for item in items {
            let path = (folder as NSString).appendingPathComponent(item)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                walk(path, into: &targets, &findings)
            } else if item.lowercased().hasSuffix(".png") || item.hasPrefix("iTunesArtwork") {
                targets.append(loose(path))
            }
        }
    }

    /// A file outside any set: its role from a preset entry with its name, or from --role.
    private func loose(_ path: String) -> ValidationTarget {
        let name = (path as NSString).lastPathComponent
        for preset in presets {
            if let spec = preset.outputs.first(where: { $0.filename == name }) {
                let role: AssetRole = spec.role == .template ? .template : spec.keepsAlpha ? .variant
                    : (spec.role == .launch ? .launch : .app)
                var label = spec.idiom.rawValue
                if let points = spec.points { label += " \(PointSize.format(points.width))pt" }
                if let scale = spec.scale { label += " @\(scale)" }
                return ValidationTarget(path: path, role: role, expectations: spec.pixels.map { [($0, label)] } ?? [],
                                        scale: spec.scale?.rawValue)
            }
        }
        return ValidationTarget(path: path, role: role ?? .unknown)
    }

    /// Checks everything under `paths`: each file decoded once, files in parallel.
    public func validate(_ paths: [String], parallelism: Parallelism = .allCores) throws(ValidationInputError) -> ValidationReport {
        let (targets, setFindings) = try targets(paths)
        let slots = Locked([FileReport?](repeating: nil, count: targets.count))
        let limits = self.limits
        parallelism.forEach(targets.count) { index in
            let report = Validator.check(targets[index], limits: limits)
            slots.withLock { $0[index] = report }
        }
        var reports = slots.value.map { $0! }
        var bySet: [String: [Finding]] = [:]
        for item in setFindings { bySet[item.path, default: []].append(item.finding) }
        reports += bySet.map { FileReport(path: $0.key, role: .unknown, findings: $0.value) }
        for index in reports.indices { reports[index].findings.sort { $0.severity > $1.severity } }
        return ValidationReport(files: reports.sorted { $0.path < $1.path })
    }

    static func check(_ target: ValidationTarget, limits: PNGLimits) -> FileReport {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(target.path) } catch {
            return FileReport(path: target.path, role: target.role,
                              findings: [Finding(.decode, .error, error.description, fix: "check the file's permissions")])
        }
        do {
            let decoded = try PNG.decode(bytes, limits: limits)
            return FileReport(path: target.path, role: target.role, findings: ImageChecks.check(target, info: decoded.info, image: decoded.image))
        } catch {
            let fix = error == .appleCgBI ? "" : "re-export the file from the design tool"
            return FileReport(path: target.path, role: target.role, findings: [Finding(.decode, .error, error.description, fix: fix)])
        }
    }
}
