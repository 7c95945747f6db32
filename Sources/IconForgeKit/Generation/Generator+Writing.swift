import Foundation
import PNGCodec
import Raster
/// Writing the renders: into asset sets (merged with what the set holds), as loose files, into containers; read back.
extension Generator {
    /// The most pixels one run writes, summed over its files: every preset together writes about 60 million.
    static let maxPixelsPerRun = 400_000_000

    /// A file written, and the output it was made for.
    typealias Written = (file: GeneratedFile, spec: IconSpec)

    /// True for an output folder that is an asset catalog: loose outputs never go inside one.
    static func isCatalog(_ folder: String) -> Bool {
        (folder as NSString).pathExtension == "xcassets" || folder.hasSuffix(".xcassets/")
    }

    /// Where a loose output (web clip, snippet, iPad Pro launch file) goes, relative to the output folder:
    /// beside a catalog rather than in it (Xcode would list it as an unknown file), beside an Android `res`
    /// folder rather than in it (it holds resource folders only), else in the folder.
    func loosePath(_ name: String, in folder: String) -> String {
        let resFolder = (folder as NSString).lastPathComponent == "res" && !name.contains("/")
        return Generator.isCatalog(folder) || resFolder ? "../" + name : name
    }

    /// The Android resource folder inside an output folder that is a project (`app/src/main/res`), or "".
    static func androidResources(in folder: String) -> String {
        // A project's root (app/src/main/res), or a module's own folder (src/main/res, or a Kotlin Multiplatform module's
        // src/androidMain/res): `-o app` and `-o composeApp` are the module.
        for candidate in ["app/src/main/res", "src/main/res", "src/androidMain/res"] {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(candidate), isDirectory: &isFolder), isFolder.boolValue {
                return candidate
            }
        }
        return ""
    }

    func assetSet(_ name: String, outputs: [IconSpec], files: [String: [UInt8]]) -> AssetSet {
        let background = options.launchBackground ?? options.background
        let specs = outputs.filter { $0.set == name }
        var set = AssetSet(name: name, files: files, entries: specs.map { CatalogEntry.fields(for: $0, background: background) })
        if specs.contains(where: { $0.role == .template }) {
            set.properties = ["template-rendering-intent": .string("template")]
        }
        for spec in specs where spec.filename != nil && spec.pixels != nil { set.contentKeys[spec.filename!] = Renderer.key(for: spec, badged: options.badge != nil).text }
        return set
    }

    func write(outputs: [IconSpec], jobs: [FileJob], bytes: [String: [UInt8]], layers: [String: IconComposerWriter.LayerImage],
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
            // Beside an Xcode project whose build settings name another icon (Yattee's Yattee2.icon), a new AppIcon.icon is in no build.
            if let unused = XcodeProject.unusedIconWarning((name as NSString).deletingPathExtension, at: (folder as NSString).appendingPathComponent(name)) {
                warnings.append(unused)
            }
        }
        // tvOS's brand assets new in this run: the folder's name is the app icon its build setting must name.
        let newBrandAssets = Set(outputs.compactMap { spec in spec.set.flatMap { BrandAssets.membership(ofSet: $0, spec: spec)?.folder } })
            .filter { !FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0)) }
        for name in uniqueSets(outputs) where (name as NSString).pathExtension != "icon" {
            var files: [String: [UInt8]] = [:]
            for job in jobs where job.spec.set == name { files[job.spec.filename!] = bytes[job.path] }
            // A set inside a folder structure (a layer's Content.imageset, a tvOS Top Shelf image) is written into its
            // parent, once the layer, stack and brand assets folders around it list it.
            var set = assetSet(name, outputs: outputs, files: files)
            let parent = (folder as NSString).appendingPathComponent(name.parentFolder)
            if name.contains("/") {
                set.name = (name as NSString).lastPathComponent
                if ImageStack.layerKinds.contains(parent.fileExtension) {
                    try ImageStack.prepare(layerFolder: parent, stackFolder: parent.parentFolder, writer: writer)
                }
                if let spec = outputs.first(where: { $0.set == name }), let membership = BrandAssets.membership(ofSet: name, spec: spec) {
                    try BrandAssets.prepare(folder: (folder as NSString).appendingPathComponent(membership.folder), member: membership.member, writer: writer)
                }
            }
            let isNew = !FileManager.default.fileExists(atPath: (parent as NSString).appendingPathComponent(set.name))
            let merge = try set.write(into: parent, now: now, writer: writer)
            if (name as NSString).pathExtension == "appiconset", Generator.isCatalog(folder) {
                let variants = variantWarning(name, isNew: isNew, in: folder)
                warnings += variants
                // A set the project's build settings do not name (Yattee's AppIcon.appiconset, where every target names
                // Yattee2) is in no build, whatever is written into it.
                if variants.isEmpty, let unused = XcodeProject.unusedIconWarning((name as NSString).deletingPathExtension,
                                                                                 at: (parent as NSString).appendingPathComponent(set.name)) {
                    warnings.append(unused)
                }
                // Xcode 26 builds every OS version's app icon from a .icon of the same name in the target, and its
                // fallback renders replace this set's PNGs (26.1 leaves no way around it).
                if let bundle = Self.iconBundle(named: (name as NSString).deletingPathExtension, forCatalog: folder) {
                    warnings.append("\(bundle) has this set's name: Xcode 26 builds the app icon of every OS version from it, so the PNGs written "
                                    + "into \(name) are not what the app shows — update the .icon (--preset icon-composer) or rename one of them")
                }
            } else if (name as NSString).pathExtension == "appiconset", !name.contains("/"),
                      let project = ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []).sorted().first(where: { $0.hasSuffix(".xcodeproj") }) {
                // AudioBookBinder's root (AudioBookBinder.xcodeproj, no asset catalog: its icon is AppIcon.icon): actool
                // compiles a set only inside an .xcassets, so one written loose beside the project ships in no build.
                warnings.append("\(name) is written beside \(project), in no asset catalog: actool compiles app icon sets only inside an "
                                + ".xcassets folder, so no build reads it — give --out the app's catalog (an .xcassets folder)")
            }
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
        // A new brand assets folder beside the one the project's tvOS target names (Yattee's Yattee2.brandassets) is in no build.
        for name in newBrandAssets.sorted() {
            if let unused = XcodeProject.unusedIconWarning((name as NSString).deletingPathExtension, at: (folder as NSString).appendingPathComponent(name)) {
                warnings.append(unused)
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

    /// The app icon sets inside the catalog's groups (folders without an extension), as paths from the catalog, sorted.
    static func groupedIconSets(in catalog: String) -> [String] {
        var found: [String] = [], queue: [(String, Int)] = []
        let manager = FileManager.default
        for item in ((try? manager.contentsOfDirectory(atPath: catalog)) ?? []) where (item as NSString).pathExtension.isEmpty && !item.hasPrefix(".") {
            queue.append((item, 1))
        }
        while let (group, depth) = queue.popLast() {
            let full = (catalog as NSString).appendingPathComponent(group)
            guard FileIO.isFolder(full) else { continue }
            for item in ((try? manager.contentsOfDirectory(atPath: full)) ?? []) where !item.hasPrefix(".") {
                let path = (group as NSString).appendingPathComponent(item)
                if item.hasSuffix(".appiconset") { found.append(path) } else if (item as NSString).pathExtension.isEmpty, depth < 4 { queue.append((path, depth + 1)) }
            }
        }
        return found.sorted()
    }

    /// The `.icon` of that name that an app's catalog's target may build its icon from: beside the catalog, or in a folder
    /// above it up to the one holding the Xcode project (BookPlayer keeps AppIcon.icon at its root, beside
    /// BookPlayer.xcodeproj, and its catalog in BookPlayer/). Nil for an app extension's catalog: a `.icon` above it is
    /// the app's (IceCubes' widget extension and its root AppIcon.icon).
    static func iconBundle(named name: String, forCatalog catalog: String) -> String? {
        guard BundleInfo.owning(catalogOf: catalog)?.isExtension != true else { return nil }
        var folder = catalog.parentFolder
        for _ in 0..<4 {
            let bundle = (folder as NSString).appendingPathComponent(name + ".icon")
            if IconComposerBundle.isBundle(bundle) { return bundle }
            guard !holdsXcodeProject(folder), !folder.isEmpty, folder != "/", folder != "." else { return nil }
            folder = folder.parentFolder
        }
        return nil
    }

    /// A new app icon set in a catalog whose app icon sets are per variant (Thunder's AppIcon-development and
    /// AppIcon-production, which its build configurations name): the set of the plain name is likely one no build uses.
    func variantWarning(_ name: String, isNew: Bool, in folder: String) -> [String] {
        guard isNew else { return [] }
        let prefix = (name as NSString).deletingPathExtension + "-"
        let variants = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".appiconset") }.map { String($0.dropFirst(prefix.count).dropLast(".appiconset".count)) }
        guard !variants.isEmpty else {
            // App icon sets kept in the catalog's groups (Swiftfin's AppIcons/Primary/AppIcon-primary-primary.appiconset, the
            // one its ASSETCATALOG_COMPILER_APPICON_NAME names, and its alternates beside it): the new set is likely unused.
            let grouped = Self.groupedIconSets(in: folder)
            guard !grouped.isEmpty else { return [] }
            let shown = grouped.prefix(3).joined(separator: ", ") + (grouped.count > 3 ? " and \(grouped.count - 3) more" : "")
            return ["\(name) is new in a catalog whose app icon sets are in its groups (\(shown)): the app's build settings name one of "
                    + "those (ASSETCATALOG_COMPILER_APPICON_NAME), so no build may show this one; point the setting at "
                    + "\((name as NSString).deletingPathExtension), or update the set it names"]
        }
        return ["\(name) is new beside \(variants.map { prefix + $0 + ".appiconset" }.joined(separator: ", ")): the app's build "
                + "configurations name those (ASSETCATALOG_COMPILER_APPICON_NAME), so no build may show this one; give them the new icon with "
                + variants.map { "--variant " + $0 }.joined(separator: ", ")]
    }

    /// Writes each container file (an `.icns`, an `.ico`) from its entries' renders: PNG entries as rendered, ARGB entries
    /// from the decoded render. Unchanged files are not rewritten.
    func writeContainers(_ jobs: [FileJob], bytes: [String: [UInt8]], into folder: String,
                                 writer: OutputWriter) throws(IconForgeError) -> [Written] {
        var files: [String] = []
        for job in jobs where !files.contains(job.spec.containerFile!) { files.append(job.spec.containerFile!) }
        var written: [Written] = []
        for file in files {
            let entries = jobs.filter { $0.spec.containerFile == file }
            let path = loosePath(file, in: folder), full = (folder as NSString).appendingPathComponent(path)
            let pngs = Dictionary(entries.map { ($0.spec.containerEntry!, bytes[$0.path]!) }, uniquingKeysWith: { first, _ in first })
            let format = entries[0].spec.container!.format
            let data: [UInt8]
            do { data = try format.file(pngs: pngs) } catch { throw .encode(path: full, error) }
            try writer.write(data, to: full)
            // The container is checked whole: every entry reads back at its size.
            do { try format.readBack(try FileIO.read(full)) } catch {
                throw .writeCheck(path: full, .containerUnreadable("\(error)"))
            }
            let largest = entries.compactMap(\.spec.pixels).max { $0.area < $1.area }
            written.append((GeneratedFile(path: path, role: entries[0].spec.role, pixels: largest, bytes: data.count), entries[0].spec))
        }
        return written
    }

    func uniqueSets(_ outputs: [IconSpec]) -> [String] {
        var seen = Set<String>()
        return outputs.compactMap(\.set).filter { seen.insert($0).inserted }
    }

    /// Reads every written file back and checks what its role requires. A failure here is a bug.
    func verify(_ files: [Written], in folder: String) throws(IconForgeError) {
        for (file, spec) in files {
            let path = (folder as NSString).appendingPathComponent(file.path)
            let info: PNGInfo
            do { info = try PNG.info(try FileIO.read(path)) } catch {
                throw .writeCheck(path: path, .unreadable("\(error)"))
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
                throw .writeCheck(path: path, .mismatched(problems))
            }
        }
    }

    /// The HTML link tags of a web-clip preset, and the Info.plist snippet of a launch screen.
    func writeSnippets(outputs: [IconSpec], jobs: [FileJob], into folder: String, writer: OutputWriter) throws(IconForgeError) -> [GeneratedFile] {
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

    /// The rendered pictures written into their sets, loose files and containers, read back and checked; then the
    /// snippets of the iOS presets (touch icon links, the launch screen's Info.plist lines).
    func writePictures(_ run: inout GenerationRun) throws(IconForgeError) {
        let (written, notes, warnings) = try write(outputs: run.outputs, jobs: run.named + run.layers.jobs, bytes: run.bytes, layers: run.layers.taken,
                                                   into: run.folder, masterIsOpaque: run.masters.masterIsOpaque, writer: run.writer)
        run.written = written
        run.notes = notes
        run.warnings += warnings
        try verify(written.filter { $0.file.path.hasSuffix(".png") && $0.spec.container == nil }, in: run.folder)
        run.files = try writeSnippets(outputs: run.outputs, jobs: run.named, into: run.folder, writer: run.writer)
    }
}
