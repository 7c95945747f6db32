import Foundation
import PNGCodec
import WebPCodec
import Raster

/// Checks icon and launch-image files the way App Store review and Xcode will: files, folders,
/// `.appiconset`/`.launchimage`/`.imageset` sets and whole `.xcassets` catalogs. Severities follow what
/// Apple does (calibrated on shipped apps' catalogs): an error only where App Store Connect, actool or
/// the device refuses or visibly breaks the asset; a warning for what Apple takes but is poor practice.
public struct Validator: Sendable {
    /// Roles and expected sizes for loose files, by file name.
    public var presets: [Preset]
    /// The role of loose files no catalog or preset describes.
    public var role: Role?
    /// Decoder limits.
    public var limits: PNGLimits
    /// The name of the app's primary icon set (Xcode's ASSETCATALOG_COMPILER_APPICON_NAME): the set App
    /// Store Connect checks. Other `.appiconset`s are alternate or extension icons.
    public var appIconName: String
    /// Bytes of decoded images held at once across the files checked in parallel (320 MiB by default: see `MemoryBudget`).
    package var memoryBudget: Int

    /// A validator; roles come from catalogs first, then `presets`, then `role`.
    public init(presets: [Preset] = [], role: Role? = nil, limits: PNGLimits = .default, appIconName: String = "AppIcon",
                memoryBudget: Int = 320 << 20) {
        self.presets = presets
        self.role = role
        self.limits = limits
        self.appIconName = appIconName
        self.memoryBudget = memoryBudget
    }

    /// What a walk found: the files to check, the sets' own findings, and what had nothing to check.
    struct Walk {
        var targets: [ValidationTarget] = []
        var findings: [SetFinding] = []
        /// Every real folder and file already taken, so links (even a folder linking to itself) count once.
        var visited = Set<String>()
        /// Folder kinds seen that have no rules (colour sets, data sets…), by kind.
        var unchecked: [String: Int] = [:]
        /// Files checked during the walk itself (an Icon Composer bundle's), reported even when clean.
        var checked: [String] = []
        /// The folder being walked: a link inside it that leaves it is reported, never followed.
        var scope: FolderScope?
        /// Android notification and splash screen icons found in the resource folders of a folder walked, by path.
        var androidDrawables: [String: AndroidResourceChecks.SpecialDrawable] = [:]
    }

    /// Everything to check under `paths`, the set-level findings and notes, decoding nothing but the layers
    /// of Icon Composer bundles (checked whole here: they are few and small).
    func walk(_ paths: [String], parallelism: Parallelism = .serial) throws(ValidationInputError) -> (walk: Walk, notes: [String]) {
        var walk = Walk(), notes: [String] = []
        // Files named one by one are often many of one set (a shell glob): its Contents.json is read once,
        // and its targets found by file name. (Reading it per file was a third of validating 1,000 icons.) The sets
        // are read on every core before the walk, which then only looks them up.
        let setFolders = Array(Set(paths.map(\.parentFolder).filter { CatalogReader.setKinds.contains(($0 as NSString).pathExtension) }))
        let read = Locked([String: [String: ValidationTarget]]())
        parallelism.forEach(setFolders.count) { index in
            let folder = setFolders[index]
            let set = Dictionary(CatalogReader.read(set: folder, appIconName: appIconName, setChecks: false).targets
                .map { ($0.path.fileName, $0) }, uniquingKeysWith: { first, _ in first })
            read.withLock { $0[folder] = set }
        }
        let sets = read.value
        // What each path is, and its real path (a system call for every component), looked up on every core too.
        let facts = Locked([(exists: Bool, isFolder: Bool, real: String)?](repeating: nil, count: paths.count))
        parallelism.forEach(paths.count) { index in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: paths[index], isDirectory: &isFolder)
            let fact = (exists, isFolder.boolValue, exists ? FileIO.realPath(paths[index]) : paths[index])
            facts.withLock { $0[index] = fact }
        }
        for (path, fact) in zip(paths, facts.value.map { $0! }) {
            guard fact.exists else { throw .notFound(path) }
            let isFolder = fact.isFolder, real = fact.real
            let before = walk.targets.count + walk.findings.count + walk.checked.count
            let seenBefore = walk.visited.contains(real)
            walk.unchecked = [:]
            if isFolder {
                walk.scope = FolderScope(path)
                visit(path, into: &walk)
                walk.scope = nil
            } else if walk.visited.insert(real).inserted {
                if let set = sets[path.parentFolder] {
                    // A file inside a set (read above): its role and size come from the set, the set's own checks are not run.
                    var target = set[path.fileName] ?? loose(path)
                    target.path = path
                    walk.targets.append(target)
                } else if path.hasSuffix(".desktop") {
                    walk.findings += DesktopEntryChecks.check(entry: path, root: path.parentFolder, scope: nil).map { SetFinding(path: path, finding: $0) }
                    walk.checked.append(path)
                } else if ["snapcraft.yaml", ".snapcraft.yaml"].contains(path.fileName), let snap = SnapcraftProject(recipe: path) {
                    let (findings, files) = SnapcraftChecks.check(snap, scope: nil)
                    walk.findings += findings
                    walk.checked += files
                } else if WindowsVisualAssets.manifestNames.contains((path as NSString).lastPathComponent) {
                    let (findings, files) = AppxAssetChecks.check(manifest: path, scope: nil, limits: limits)
                    walk.findings += findings
                    walk.checked += files
                } else if WebManifestChecks.names.contains(path.fileName) || path.lowercased().hasSuffix(".webmanifest") {
                    let scope = FolderScope(path.parentFolder)
                    let (findings, files) = ExtensionManifestChecks.check(manifest: path, scope: scope) ?? WebManifestChecks.check(manifest: path, scope: scope)
                    walk.findings += findings
                    walk.checked += files
                } else if let res = Validator.androidResources(holding: path) {
                    // An adaptive icon or drawable named alone (`git diff --name-only | xargs iconforge validate`): its
                    // res/ folder is checked as a whole, as the build reads it, and what is said of this file reported.
                    let findings = AndroidResourceChecks.check(res: res, limits: limits).findings.filter { FileIO.realPath($0.path) == real }
                    walk.findings += findings
                    if findings.isEmpty { walk.checked.append(path) }
                } else if Validator.documentExtensions.contains(path.fileExtension.lowercased()) {
                    // Text beside the icons (a layout, a config): nothing validate reads as an image.
                    walk.unchecked["document", default: 0] += 1
                } else {
                    walk.targets.append(loose(path))
                }
            }
            if walk.targets.count + walk.findings.count + walk.checked.count == before && !seenBefore {
                let held = walk.unchecked.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\($0.value == 1 ? "" : "s")" }
                notes.append("\(path): nothing to check" + (held.isEmpty ? "" : ": " + held.joined(separator: ", ")))
            }
        }
        return (walk, notes)
    }

    /// Extensions of text files that are never images: named alone, they are noted, not decoded.
    static let documentExtensions: Set<String> = ["xml", "json", "plist", "txt", "md", "html", "htm", "js", "ts", "css", "yml", "yaml", "gradle", "kts", "toml", "strings"]

    /// The Android `res/` folder a resource file lies in (`res/mipmap-anydpi-v26/ic_launcher.xml`), or nil.
    static func androidResources(holding file: String) -> String? {
        let folder = file.parentFolder, res = folder.parentFolder
        guard Validator.androidResourceFolders.contains(where: { (folder as NSString).lastPathComponent.hasPrefix($0) }),
              AndroidResourceChecks.isResourceFolder(res) else { return nil }
        return res
    }

    /// The resource folders of an Android `res/` folder, checked as a whole rather than file by file.
    static let androidResourceFolders = ["mipmap", "drawable", "values", "layout", "xml", "raw", "font", "menu", "color", "anim"]

    /// True for a folder named like an asset set, found inside the folder validated, with no Contents.json and no
    /// `.xcassets` around it: no set actool compiles (it reads sets only inside a catalog), but pictures a script copies
    /// into one (Mattermost's `assets/base/release/splash_screen/ios/SplashIcon.imageset`, which its Fastfile copies
    /// with `cp -R` over the set of that name in `Images.xcassets`, whose Contents.json stays). Its files are checked
    /// as the loose files they are. A set named itself, or one inside a catalog, keeps its missing Contents.json error.
    static func isLooseSetSource(_ folder: String, scope: FolderScope?) -> Bool {
        guard let scope, FolderScope.resolve(scope.folder) != FolderScope.resolve(folder),
              !FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("Contents.json")) else { return false }
        return !URL(fileURLWithPath: folder).standardizedFileURL.path.split(separator: "/").dropLast().contains { $0.hasSuffix(".xcassets") }
    }

    /// False for a file of no role a JavaScript project serves as it is (`WebApp.isStaticFile`): a browser decodes it by
    /// its bytes, so a name that says another format is no defect.
    static func nameMatters(_ target: ValidationTarget) -> Bool { !(target.role == .unknown && WebApp.isStaticFile(target.path)) }

    /// Names for the catalog folders that hold nothing `validate` checks.
    private static let uncheckedKinds = ["colorset": "colour set", "dataset": "data set", "symbolset": "symbol set",
                                         "stickerpack": "sticker pack", "cubetextureset": "texture set", "textureset": "texture set",
                                         "arresourcegroup": "AR resource group", "complicationset": "complication set",
                                         "spriteatlas": "sprite atlas"]

    private func visit(_ folder: String, into walk: inout Walk) {
        guard walk.visited.insert(FileIO.realPath(folder)).inserted else { return }
        let kind = (folder as NSString).pathExtension
        if CatalogReader.setKinds.contains(kind), !Validator.isLooseSetSource(folder, scope: walk.scope) {
            let set = CatalogReader.read(set: folder, appIconName: appIconName)
            for target in set.targets { walk.visited.insert(FileIO.realPath(target.path)) }
            // A set's file that is a link out of the folder validated is reported, never opened.
            let scope = walk.scope ?? FolderScope(folder)
            for target in set.targets where !scope.contains(target.path) {
                walk.findings.append(SetFinding(path: target.path, finding: Finding(.missingFile, .warning,
                    "\((target.path as NSString).lastPathComponent) is a link that leaves \(scope.folder); not read", fix: "put the image itself in the set")))
            }
            walk.targets += set.targets.filter { scope.contains($0.path) }
            walk.findings += set.findings
            return
        }
        // tvOS's brand assets and its stacks (visionOS's too) are checked as wholes, then walked: their layers' sets are
        // checked as any set is, against the sizes the brand assets list.
        if kind == BrandAssets.kind { walk.findings += BrandAssets.check(folder) }
        if ImageStack.kinds.contains(kind) { walk.findings += ImageStack.check(folder) }
        if let name = Validator.uncheckedKinds[kind] { walk.unchecked[name, default: 0] += 1; return }
        // An Expo app: the images its app.json names, by what prebuild makes of each; they are not checked again as loose files.
        if let expo = ExpoProject.read(root: folder) {
            let (findings, files) = ExpoChecks.check(expo, scope: walk.scope, limits: limits)
            walk.findings += findings
            walk.checked += files
            for file in files { walk.visited.insert(FileIO.realPath(file)) }
        }
        // A Cordova app: the icons its config.xml names, each at the size cordova prepare copies it in; not again as loose files.
        if let cordova = CordovaConfig.read(root: folder), walk.visited.insert(FileIO.realPath(cordova.file)).inserted {
            let (findings, targets) = CordovaChecks.check(cordova, scope: walk.scope)
            walk.findings += findings
            walk.checked.append(cordova.file)
            for target in targets where walk.visited.insert(FileIO.realPath(target.path)).inserted { walk.targets.append(target) }
        }
        // An Android res/ folder: its launcher icons are checked as a whole; its resource folders are not walked
        // file by file (what else sits beside them, such as a web app's files, still is).
        let androidResources = AndroidResourceChecks.isResourceFolder(folder)
        if androidResources {
            let (findings, files) = AndroidResourceChecks.check(res: folder, limits: limits)
            walk.findings += findings
            walk.checked += files
        }
        // A packaged Windows app's manifest and a hicolor theme: checked as wholes; their images are not checked again one by one.
        if let manifest = AppxAssetChecks.manifest(in: folder), walk.visited.insert(FileIO.realPath(manifest)).inserted {
            let (findings, files) = AppxAssetChecks.check(manifest: manifest, scope: walk.scope, limits: limits)
            walk.findings += findings
            walk.checked += files
            for file in files { walk.visited.insert(FileIO.realPath(file)) }
        }
        // A snap's recipe (snap/snapcraft.yaml, or one at the folder's top, hidden or not): the icon it gives the snap.
        for name in ["snapcraft.yaml", ".snapcraft.yaml"] {
            let recipe = (folder as NSString).appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: recipe), walk.visited.insert(FileIO.realPath(recipe)).inserted,
                  let snap = SnapcraftProject(recipe: recipe) else { continue }
            let (findings, files) = SnapcraftChecks.check(snap, scope: walk.scope)
            walk.findings += findings
            walk.checked += files
        }
        if (folder as NSString).lastPathComponent == HicolorTheme.folderName {
            let (findings, files) = HicolorTheme.check(theme: folder, scope: walk.scope)
            walk.findings += findings
            walk.checked += files
            for file in files { walk.visited.insert(FileIO.realPath(file)) }
        }
        if kind == "icon" || IconComposerBundle.isBundle(folder) && FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("Assets")) {
            let (findings, files) = IconComposerChecks.check(bundle: folder, limits: limits)
            walk.findings += findings
            walk.checked += files
            return
        }
        let items = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        // Drawable folders outside a launcher icon's res/ (a library's, or a folder generate wrote into): their
        // notification and splash screen icons are found here, checked when the walk reaches them.
        if !androidResources, items.contains(where: { $0.hasPrefix("drawable") }) {
            walk.androidDrawables.merge(AndroidResourceChecks.specialDrawables(res: folder)) { first, _ in first }
        }
        for item in items where !(androidResources && Validator.androidResourceFolders.contains(where: { item.hasPrefix($0) })) {
            let path = (folder as NSString).appendingPathComponent(item)
            if let scope = walk.scope, !scope.contains(path) {
                walk.findings.append(SetFinding(path: path, finding: Finding(.missingFile, .warning,
                    "\(item) is a link that leaves \(scope.folder); not followed or checked", fix: "validate the folder it points to itself")))
                continue
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                visit(path, into: &walk)
            } else if WebManifestChecks.names.contains(item) || item.lowercased().hasSuffix(".webmanifest") {
                if walk.visited.insert(FileIO.realPath(path)).inserted {
                    // A browser extension's manifest.json has rules of its own; a web app's the web's.
                    let (findings, files) = ExtensionManifestChecks.check(manifest: path, scope: walk.scope)
                        ?? WebManifestChecks.check(manifest: path, scope: walk.scope)
                    walk.findings += findings
                    walk.checked += files
                }
            } else if WebApp.viteConfigNames.contains(item) || (folder as NSString).lastPathComponent == "app" && WebApp.nextManifestRouteNames.contains(item) {
                // A PWA plugin's or Next.js route's manifest exists only in the built site: its icons are checked from the code's list.
                if walk.visited.insert(FileIO.realPath(path)).inserted, let (findings, files) = WebManifestChecks.check(pluginConfig: path, scope: walk.scope) {
                    walk.findings += findings
                    walk.checked += files
                }
            } else if item.hasSuffix(".desktop") {
                if walk.visited.insert(FileIO.realPath(path)).inserted {
                    walk.findings += DesktopEntryChecks.check(entry: path, root: walk.scope?.folder ?? folder, scope: walk.scope)
                        .map { SetFinding(path: path, finding: $0) }
                    walk.checked.append(path)
                }
            } else if [".png", ".icns", ".ico"].contains(where: item.lowercased().hasSuffix) || item.hasPrefix("iTunesArtwork") {
                guard walk.visited.insert(FileIO.realPath(path)).inserted else { continue }
                if let drawable = walk.androidDrawables[path] {
                    // A notification or splash screen icon: Android's rules for it, not an app icon's.
                    walk.findings += drawable.findings(path, limits: limits).map { SetFinding(path: path, finding: $0) }
                    walk.checked.append(path)
                } else if AndroidResourceChecks.isFastlanePlayIcon(path) {
                    // fastlane's Play Store listing icon: the Play Console's rules, not an app icon's.
                    walk.findings += AndroidResourceChecks.playIconFindings(path, limits: limits).map { SetFinding(path: path, finding: $0) }
                    walk.checked.append(path)
                } else {
                    walk.targets.append(loose(path))
                }
            }
        }
    }

    /// A file outside any set: its role from a preset entry with its name, or from --role.
    private func loose(_ path: String) -> ValidationTarget {
        let name = (path as NSString).lastPathComponent
        for preset in presets {
            if let spec = preset.outputs.first(where: { $0.filename == name }) {
                let role = spec.role.validationRole(keepsAlpha: spec.keepsAlpha)
                var label = spec.idiom.rawValue
                if let points = spec.points { label += " \(PointSize.format(points.width))pt" }
                if let scale = spec.scale { label += " @\(scale)" }
                return ValidationTarget(path: path, role: role, expectations: spec.pixels.map { [($0, label)] } ?? [],
                                        scale: spec.scale?.rawValue, appStoreIcon: spec.role == .marketing,
                                        barIcon: spec.role == .template)
            }
        }
        // A Mac icon in iconutil's input: the size its name gives (iconutil refuses the whole set otherwise), with
        // the alpha a Mac icon keeps.
        if (path.parentFolder as NSString).pathExtension == Iconset.folderExtension, let slot = Iconset.expected(fileName: name) {
            return ValidationTarget(path: path, role: role ?? .variant, expectations: [(slot.pixels, slot.slot)])
        }
        return ValidationTarget(path: path, role: role ?? .unknown)
    }

    /// Checks everything at and under `urls` (file URLs of files, asset catalogs, projects, folders): each file decoded
    /// once, files in parallel within the memory budget.
    public func validate(_ urls: [URL], parallelism: Parallelism = .allCores) throws(ValidationInputError) -> ValidationReport {
        try validate(urls.map(\.path), parallelism: parallelism)
    }

    /// Checks everything under `paths`: each file decoded once, files in parallel within the memory budget.
    package func validate(_ paths: [String], parallelism: Parallelism = .allCores) throws(ValidationInputError) -> ValidationReport {
        let (walk, notes) = try walk(paths, parallelism: parallelism)
        let targets = walk.targets
        let slots = Locked([FileReport?](repeating: nil, count: targets.count))
        let (limits, budget) = (self.limits, MemoryBudget(bytes: memoryBudget))
        parallelism.forEach(targets.count) { index in
            let report = Validator.check(targets[index], limits: limits, budget: budget)
            slots.withLock { $0[index] = report }
        }
        var reports = slots.value.map { $0! }
        var bySet: [String: [Finding]] = [:]
        for item in walk.findings { bySet[item.path, default: []].append(item.finding) }
        reports += bySet.map { FileReport(path: $0.key, role: .unknown, findings: $0.value) }
        reports += Set(walk.checked).subtracting(bySet.keys).map { FileReport(path: $0, role: .unknown, findings: []) }
        for index in reports.indices { reports[index].findings.sort { $0.severity > $1.severity } }
        return ValidationReport(files: reports.sorted { $0.path < $1.path }, notes: notes)
    }

    /// A file that could not be read: a link to nothing is said as such (a screenshot folder's `2.png -> ../gone.png`),
    /// not as a permission problem.
    static func unreadable(_ path: String, _ error: some CustomStringConvertible) -> Finding {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path), !FileManager.default.fileExists(atPath: path) {
            return Finding(.decode, .error, "\(path.fileName) is a link to \(target), which does not exist",
                           fix: "restore the file it names, or replace the link with the file")
        }
        return Finding(.decode, .error, error.description, fix: "check the file's permissions")
    }

    static func check(_ target: ValidationTarget, limits: PNGLimits, budget: MemoryBudget = MemoryBudget()) -> FileReport {
        let name = target.path.fileName
        func report(_ findings: [Finding]) -> FileReport { FileReport(path: target.path, role: target.role, findings: findings) }
        let claimed = FileKind.claimed(by: name)
        if name.lowercased().hasSuffix(".ico") {
            do { return report(IcoChecks.check(name: name, path: target.path, bytes: try FileIO.read(target.path), limits: limits)) } catch {
                return report([unreadable(target.path, error)])
            }
        }
        if claimed != .icns, let large = decodeLargePNG(target, limits: limits, budget: budget) { return report(large) }
        let bytes: [UInt8]
        do { bytes = try FileIO.read(target.path) } catch {
            return report([unreadable(target.path, error)])
        }
        let kind = FileKind.detect(bytes)
        // An .icns under another format's name (BlueWallet's icon_32x32.png in a Mac slot of its app icon set, which actool
        // reads through ImageIO) is a misnamed file whose elements must decode; the store's rules are the catalog's, not its.
        if kind == .icns, let claimed, claimed != .icns {
            return report((Validator.nameMatters(target) ? [misnamed(name, holds: .icns, claimed: claimed)] : [])
                          + IcnsChecks.check(name: name, path: target.path, bytes: bytes, kind: kind, limits: limits, isAppIcon: false))
        }
        if claimed == .icns || kind == .icns { return report(IcnsChecks.check(name: name, path: target.path, bytes: bytes, kind: kind, limits: limits)) }
        var findings: [Finding] = []
        if let kind, let claimed, kind != claimed, Validator.nameMatters(target) {
            findings.append(misnamed(name, holds: kind, claimed: claimed))
        }
        guard kind == .png || (kind == nil && claimed == .png) else {
            // Formats Xcode reads other than PNG: checked for what applies (present, a known format, a size that
            // fits its slot); WebP and GIF are read through, as undecodable ones break the build.
            guard let kind else {
                return report([Finding(.decode, .error, "\(name) is not an image format Xcode reads (\(FileSignature.describe(bytes)))",
                                       fix: "re-export it as PNG, JPEG, PDF or SVG")])
            }
            if target.role != .unknown && target.role != .template && kind != .png && (claimed == nil || claimed == kind) {
                findings.append(Finding(.fileType, .warning, "\(name) is \(kind); Xcode converts it, but icons and launch images should be PNG",
                                        fix: "export it as PNG", reference: "HIG, App icons: PNG"))
            }
            var size = FileKind.pixelSize(bytes, kind: kind)
            // What ImageIO would refuse is an error, as actool's: WebP decoded, a GIF's blocks read to its end.
            switch kind {
            case .webp:
                do {
                    let info = try WebP.info(bytes, maxBytes: limits.maxDecodedBytes)
                    let decoded = try budget.withReservation(info.width * info.height * 4) { () throws(WebPError) in
                        try WebP.decode(bytes, maxBytes: limits.maxDecodedBytes)
                    }
                    size = decoded.image.size
                } catch {
                    return report(findings + [Finding(.decode, .error, "\(name) does not decode as WebP: \(error)",
                                                      fix: "re-export the file from the design tool")])
                }
            case .svg:
                findings += SVGChecks.undrawable(name: name, bytes: bytes)
            case .gif:
                do { _ = try GIFStructure.read(bytes) } catch {
                    return report(findings + [Finding(.decode, .error, "\(name) \(error)", fix: "re-export the file from the design tool")])
                }
            default:
                break
            }
            if let size {
                for (pixels, label) in target.expectations where pixels != size {
                    findings.append(Finding(.size, .error, "\(name) is \(size) but should be \(pixels) (\(label))",
                                            fix: "export it at \(pixels), or run 'iconforge generate' for the set"))
                }
                if let (pixels, label) = target.bounds, size.width > pixels.width || size.height > pixels.height {
                    findings.append(Finding(.size, .warning, "\(name) is \(size), larger than \(pixels) (\(label)): what lies outside is cut off",
                                            fix: "export it at \(pixels) or smaller, or run 'iconforge generate' for the set"))
                }
            }
            return report(findings)
        }
        do {
            // The memory to reserve, from the IHDR alone when it is within the limits: `PNG.decode` reads the
            // chunks again itself (reading them twice was a tenth of a small icon's check). Anything else is
            // `PNG.info`'s to refuse, before any reservation.
            let cost: Int
            if let size = PNGHeader.size(bytes), bytes.count > 24,
               limits.refusal(width: size.width, height: size.height, sixteenBit: bytes[24] == 16) == nil {
                cost = PNGLimits.decodedBytes(width: size.width, height: size.height, sixteenBit: bytes[24] == 16)
            } else {
                let info = try PNG.info(bytes, limits: limits)
                cost = PNGLimits.decodedBytes(width: info.width, height: info.height, sixteenBit: info.is16Bit)
            }
            let decoded = try budget.withReservation(cost) { () throws(PNGError) -> DecodedPNG in try PNG.decode(bytes, limits: limits) }
            return report(findings + ImageChecks.check(target, info: decoded.info, image: decoded.image))
        } catch {
            return report(findings + [decodeFinding(error)])
        }
    }

    /// The checks of a PNG large enough to be decoded as it is read (`FileIO.decodeLargePNG`), so that only its
    /// pixels are held; nil for any other file.
    private static func decodeLargePNG(_ target: ValidationTarget, limits: PNGLimits, budget: MemoryBudget) -> [Finding]? {
        let name = target.path.fileName
        var findings: [Finding] = []
        if let claimed = FileKind.claimed(by: name), claimed != .png, nameMatters(target) { findings.append(misnamed(name, holds: .png, claimed: claimed)) }
        do {
            guard let decoded = try FileIO.decodeLargePNG(target.path, limits: limits, budget: budget) else { return nil }
            return findings + ImageChecks.check(target, info: decoded.png.info, image: decoded.png.image)
        } catch .decode(_, let error) {
            return findings + [decodeFinding(error)]
        } catch {
            return [unreadable(target.path, error)]
        }
    }

    /// A file whose name claims one format and whose bytes are another.
    private static func misnamed(_ name: String, holds kind: FileKind, claimed: FileKind) -> Finding {
        Finding(.fileType, .warning, "\(name) is named .\((name as NSString).pathExtension) but holds \(kind) data",
                fix: "rename it to .\(kind.extensions.sorted().first!), or re-export it as \(claimed)")
    }

    private static func decodeFinding(_ error: PNGError) -> Finding {
        let fix = error == .appleCgBI ? "" : error == .notPNG(detail: FileSignature.lfsPointer) ? "run 'git lfs pull' (in CI, check out with LFS)"
            : "re-export the file from the design tool"
        return Finding(.decode, .error, error.description, fix: fix)
    }
}
