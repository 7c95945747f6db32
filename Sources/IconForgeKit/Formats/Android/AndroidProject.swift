import Foundation
import Raster

/// The Android project around a `res/` folder, read once for the launcher-icon checks and for `generate`: every `res/`
/// root a build of that module can see (its source sets and flavours `src/<set>/res`, and the other modules of the
/// Gradle project, whose resources a library dependency brings in), what they define, and the module's `minSdk`.
struct AndroidProject {
    /// The `res/` folder checked or written.
    let res: String
    /// Every `res/` root of the project, `res` first.
    let resourceRoots: [String]
    /// The roots of `res`'s own module (its source sets: main, flavours, build types), `res` first: the ones whose files
    /// override each other in a build. Other modules' resources never override the module's own.
    let moduleRoots: [String]
    /// The module's minimum API level, from its `build.gradle(.kts)` or manifest; nil when neither says.
    let minSdk: Int?
    /// True when the module's Gradle file depends on a library from outside the project (`implementation(libs.x)`,
    /// `implementation "group:name:1.0"`): its resources join the build too, so a name this tree does not define may be
    /// one of them (Fossify's apps take `@color/color_primary` from Fossify Commons).
    let hasExternalDependencies: Bool
    /// What the module's main manifest (`manifestPath`) gives its `<application>` as `android:icon` and
    /// `android:roundIcon` (`@mipmap/ic_launcher`); nil when it names none or there is no manifest.
    let manifestIcon: String?, manifestRoundIcon: String?
    /// The `android:icon` of each `<activity-alias>` of the module's main manifest (wikimedia's @mipmap/launcher_yir25, an
    /// icon the user can switch to), in order, each once.
    let manifestAliasIcons: [String]
    /// The manifest's TV banner (`android:banner` of `<application>`, else of an activity), and whether an activity is in
    /// the TV launcher (`LEANBACK_LAUNCHER`).
    let manifestBanner: String?, isTVApp: Bool
    /// True when the module is an Android library (its Gradle file applies `com.android.library`).
    let isLibrary: Bool

    /// The most `res/` roots gathered (a real project has a handful).
    static let maxRoots = 64

    init(res: String) {
        self.res = res
        let manager = FileManager.default
        // app/src/main/res → app; a bare res/ → its parent.
        let module = AndroidProject.module(of: res)
        var project = module
        for candidate in [module, module.parentFolder] {
            if ["settings.gradle", "settings.gradle.kts"].contains(where: { manager.fileExists(atPath: (candidate as NSString).appendingPathComponent($0)) }) {
                project = candidate
                break
            }
        }
        let scope = FolderScope(project)
        var roots = [res]
        func sourceSets(of module: String) {
            let src = (module as NSString).appendingPathComponent("src")
            for set in ((try? manager.contentsOfDirectory(atPath: src)) ?? []).sorted() where !set.hasPrefix(".") {
                let root = (src as NSString).appendingPathComponent(set + "/res")
                var isFolder: ObjCBool = false
                if manager.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue, scope.contains(root),
                   !roots.contains(where: { FolderScope.resolve($0) == FolderScope.resolve(root) }), roots.count < AndroidProject.maxRoots {
                    roots.append(root)
                }
            }
        }
        sourceSets(of: module)
        // The folders the module's Gradle file adds to a source set's resources (Breezy Weather's flavours take
        // `res.directories += "src/res_breezy"`): merged with main's as src/<set>/res are.
        for folder in AndroidProject.gradleResourceFolders(module: module) where roots.count < AndroidProject.maxRoots {
            let root = (module as NSString).appendingPathComponent(folder)
            var isFolder: ObjCBool = false
            if manager.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue, scope.contains(root),
               !roots.contains(where: { FolderScope.resolve($0) == FolderScope.resolve(root) }) {
                roots.append(root)
            }
        }
        moduleRoots = roots
        if project != module {
            for name in ((try? manager.contentsOfDirectory(atPath: project)) ?? []).sorted() where !name.hasPrefix(".") && !["build", "node_modules"].contains(name) {
                sourceSets(of: (project as NSString).appendingPathComponent(name))
            }
        }
        resourceRoots = roots
        minSdk = AndroidProject.readMinSdk(module: module)
        (manifestIcon, manifestRoundIcon) = AndroidProject.readManifestIcons(module: module)
        manifestAliasIcons = AndroidProject.readAliasIcons(module: module)
        (manifestBanner, isTVApp) = AndroidProject.readManifestTV(module: module)
        isLibrary = AndroidProject.isLibrary(module: module)
        hasExternalDependencies = AndroidProject.gradleFiles(module: module).contains { text in
            text.range(of: #"(?m)^\s*(implementation|api)\s*\(?\s*(libs\.|platform\(|["'][^"':]+:[^"']+)"#, options: .regularExpression) != nil
        }
    }

    /// The module a `res/` root belongs to: `lib/src/main/res` → `lib`; a bare `res/` → its parent.
    static func module(of res: String) -> String {
        let sourceSet = res.parentFolder
        // A resource folder straight in src/ (src/res_breezy, which the Gradle file adds to a source set) is the module's too.
        if (sourceSet as NSString).lastPathComponent == "src" { return sourceSet.parentFolder }
        return (sourceSet.parentFolder as NSString).lastPathComponent == "src" ? sourceSet.parentFolder.parentFolder : sourceSet
    }

    /// The folders, relative to the module, that its Gradle files add to a source set's resources, in the forms the
    /// Android Gradle plugin takes: `res.directories += "src/res_x"`, `res.srcDir("x")`, `res.srcDirs("x", "y")`,
    /// `res.srcDirs = ['x']`, `res.setSrcDirs(listOf("x"))`. Paths outside the module (`../`) and interpolated ones are
    /// left out.
    static func gradleResourceFolders(module: String) -> [String] {
        var folders: [String] = []
        for gradle in gradleFiles(module: module) {
            for line in gradle.split(whereSeparator: \.isNewline) where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                guard let call = line.range(of: #"\bres\.(directories|srcDirs?|setSrcDirs)\b"#, options: .regularExpression) else { continue }
                for match in line[call.upperBound...].matches(of: /["']([^"'$]+)["']/) {
                    let folder = String(match.1).trimmingCharacters(in: .whitespaces)
                    guard !folder.isEmpty, !folder.hasPrefix("/"), !folder.hasPrefix(".."), !folders.contains(folder) else { continue }
                    folders.append(folder)
                }
            }
        }
        return folders
    }

    /// True when the module's Gradle file applies the Android library plugin (`com.android.library`, the version
    /// catalog's `android.library` alias, the old `android-library`).
    static func isLibrary(module: String) -> Bool {
        gradleFiles(module: module).contains { gradle in
            let text = withoutComments(gradle)
            // Also the Android-KMP library plugin (Confetti's shared/: com.android.kotlin.multiplatform.library, or its catalog alias).
            return ["com.android.library", "plugins.android.library", "'android-library'", "\"android-library\"", "com.android.kotlin.multiplatform.library",
                    "plugins.android.kotlin.multiplatform.library", "androidKotlinMultiplatformLibrary"].contains { text.contains($0) }
        }
    }

    /// True when the module's Gradle file applies the Android application plugin (as an id, or from a version catalog).
    static func isApplication(module: String) -> Bool {
        gradleFiles(module: module).contains { text in
            text.contains("android.application") || text.contains("androidApplication") // the id, or a catalog's alias
        }
    }

    /// The text of the module's Gradle files that exist, `build.gradle.kts` first, then `build.gradle`: the one place
    /// they are read.
    static func gradleFiles(module: String) -> [String] {
        ["build.gradle.kts", "build.gradle"].compactMap { name in
            (try? FileIO.readDocument((module as NSString).appendingPathComponent(name))).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The names of a module's main source set: `main`, and a Kotlin Multiplatform module's Android one, `androidMain`
    /// (Compose Multiplatform's `composeApp/src/androidMain/res` and its `AndroidManifest.xml`), which the Android
    /// plugin reads as main.
    static let mainSourceSets = ["main", "androidMain"]

    /// The source set whose `res/` `res` is (`main` for `app/src/main/res`, `debug` for `app/src/debug/res`); nil for a
    /// `res/` in no source set.
    static func sourceSet(of res: String) -> String? {
        let components = (res as NSString).pathComponents
        guard components.count >= 3, components[components.count - 1] == "res", components[components.count - 3] == "src" else { return nil }
        return components[components.count - 2]
    }

    /// True when `res` is a main source set's `res/` (`app/src/main/res`, `composeApp/src/androidMain/res`).
    static func isMainResources(_ res: String) -> Bool { sourceSet(of: res).map(mainSourceSets.contains) ?? false }

    /// The module's main manifest: `src/main/AndroidManifest.xml`, or `src/androidMain/AndroidManifest.xml` when only
    /// that one exists (a Kotlin Multiplatform module).
    static func manifestPath(module: String) -> String {
        let paths = mainSourceSets.map { (module as NSString).appendingPathComponent("src/\($0)/AndroidManifest.xml") }
        return paths.first { FileManager.default.fileExists(atPath: $0) } ?? paths[0]
    }

    /// The text of the module's main manifest (`manifestPath`), nil when it cannot be read: the one place it is read.
    static func manifestText(module: String) -> String? {
        (try? FileIO.readDocument(manifestPath(module: module))).map { String(decoding: $0, as: UTF8.self) }
    }

    /// True when the module's main manifest declares a watch (`<uses-feature android:name="android.hardware.type.watch">`).
    static func isWatchApp(module: String) -> Bool {
        guard let text = manifestText(module: module) else { return false }
        return withoutComments(text).contains("\"android.hardware.type.watch\"")
    }

    /// `android:icon` and `android:roundIcon` of the `<application>` element of the module's main manifest.
    static func readManifestIcons(module: String) -> (String?, String?) {
        guard let manifest = manifestText(module: module) else { return (nil, nil) }
        let text = withoutComments(manifest)
        guard let open = text.range(of: "<application"), let close = text.range(of: ">", range: open.upperBound..<text.endIndex) else { return (nil, nil) }
        let tag = text[open.upperBound..<close.lowerBound]
        func attribute(_ name: String) -> String? {
            guard let start = tag.range(of: "android:\(name)=\""), let end = tag[start.upperBound...].firstIndex(of: "\"") else { return nil }
            return String(tag[start.upperBound..<end])
        }
        return (attribute("icon").flatMap { substitutingPlaceholders($0, module: module) }, attribute("roundIcon").flatMap { substitutingPlaceholders($0, module: module) })
    }

    /// `android:icon` of every `<activity-alias>` of the module's main manifest, each once (at most 32).
    static func readAliasIcons(module: String) -> [String] {
        guard let manifest = manifestText(module: module) else { return [] }
        let text = withoutComments(manifest)
        var icons: [String] = []
        for match in text.matches(of: /<activity-alias\b[^>]*>/).prefix(32) {
            guard let icon = text[match.range].firstMatch(of: /android:icon="([^"]+)"/),
                  let value = substitutingPlaceholders(String(icon.1), module: module), !icons.contains(value) else { continue }
            icons.append(value)
        }
        return icons
    }

    /// `value` with its manifest placeholders (`@mipmap/${iconName}`) given the value the module's Gradle file sets last
    /// (`manifestPlaceholders = [iconName: "ic_launcher"]` of the release build type, after debug's); nil when one is not
    /// set there (only a build knows it: nothing to check).
    static func substitutingPlaceholders(_ value: String, module: String) -> String? {
        guard value.contains("${") else { return value }
        let gradle = gradleFiles(module: module).first ?? ""
        var result = value
        while let open = result.range(of: "${"), let close = result[open.upperBound...].firstIndex(of: "}") {
            let key = NSRegularExpression.escapedPattern(for: String(result[open.upperBound..<close]))
            // `key: "v"` (Groovy map), `"key" to "v"` (Kotlin), `manifestPlaceholders["key"] = "v"`, `key = "v"`.
            let pattern = #"(?:\b"# + key + #"\s*[:=]|["']"# + key + #"["']\s*(?:to|\]\s*=)|\b"# + key + #"\s*to)\s*["']([A-Za-z0-9_]+)["']"#
            guard let expression = try? NSRegularExpression(pattern: pattern),
                  let match = expression.matches(in: gradle, range: NSRange(gradle.startIndex..., in: gradle)).last,
                  let range = Range(match.range(at: 1), in: gradle) else { return nil }
            result.replaceSubrange(open.lowerBound...close, with: gradle[range])
        }
        return result
    }

    /// The style the module's main manifest gives its launcher activity (the one with the `LAUNCHER` category), else its
    /// `<application>`: the theme the splash screen is drawn from. Nil without one.
    static func readLaunchTheme(module: String) -> String? {
        guard let manifest = manifestText(module: module) else { return nil }
        let text = withoutComments(manifest)
        func theme(ofTagAt open: String.Index) -> String? {
            guard let close = text[open...].firstIndex(of: ">") else { return nil }
            let tag = text[open..<close]
            guard let start = tag.range(of: "android:theme=\"@style/"), let end = tag[start.upperBound...].firstIndex(of: "\"") else { return nil }
            return String(tag[start.upperBound..<end])
        }
        if let launcher = text.range(of: "android.intent.category.LAUNCHER\""),
           let activity = text.range(of: "<activity", options: .backwards, range: text.startIndex..<launcher.lowerBound),
           let own = theme(ofTagAt: activity.lowerBound) {
            return own
        }
        return text.range(of: "<application").flatMap { theme(ofTagAt: $0.lowerBound) }
    }

    /// The first `android:banner` of the module's main manifest (the `<application>`'s or an activity's), and whether it
    /// names the `LEANBACK_LAUNCHER` category.
    static func readManifestTV(module: String) -> (String?, Bool) {
        guard let manifest = manifestText(module: module) else { return (nil, false) }
        let text = withoutComments(manifest)
        var banner: String?
        if let start = text.range(of: "android:banner=\""), let end = text[start.upperBound...].firstIndex(of: "\"") {
            banner = String(text[start.upperBound..<end])
        }
        return (banner, text.contains("android.intent.category.LEANBACK_LAUNCHER"))
    }

    /// The module's minimum API level as its Gradle file gives it: `minSdk = 26`, `minSdkVersion 26`, `minSdk(26)`,
    /// `minSdk { version = release(29) }`, from the version catalog (`libs.versions.minSdk.get()` with `minSdk = "29"` in
    /// `gradle/libs.versions.toml`), the root project's `ext` (`rootProject.ext.minSdkVersion`) or a Gradle property
    /// (`projectMinSdk.toInt()` with `projectMinSdk=26` in gradle.properties); else the manifest's `android:minSdkVersion`.
    static func readMinSdk(module: String) -> Int? {
        func text(_ path: String) -> String? { (try? FileIO.readDocument(path)).map { String(decoding: $0, as: UTF8.self) } }
        func captures(_ pattern: String, in text: String) -> [String] {
            guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
            return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            }
        }
        func firstCapture(_ pattern: String, in text: String) -> String? { captures(pattern, in: text).first }
        // The folders above the module, nearest first: where the root build file and the version catalog are.
        var above: [String] = []
        var folder = URL(fileURLWithPath: module).standardizedFileURL.path
        for _ in 0..<4 {
            folder = folder.parentFolder
            if folder.isEmpty || folder == "/" { break }
            above.append(folder)
        }
        // What a name stands for: a number, a version catalog's entry (`libs.versions.minSdk.get()`), or a root build
        // file's property (`rootProject.ext.minSdkVersion`).
        func value(of given: String) -> Int? {
            // `projectMinSdk.toInt()` (Kotlin) and `.toInteger()` (Groovy) only convert a property's text.
            var name = given
            for conversion in [".toInt", ".toInteger"] where name.hasSuffix(conversion) { name.removeLast(conversion.count) }
            if let number = Int(name) { return number }
            if let range = name.range(of: "libs.versions.") {
                var key = String(name[range.upperBound...])
                if key.hasSuffix(".get") { key.removeLast(4) }
                for root in [module] + above {
                    guard let catalog = text((root as NSString).appendingPathComponent("gradle/libs.versions.toml")) else { continue }
                    for candidate in [key, key.replacingOccurrences(of: ".", with: "-"), key.replacingOccurrences(of: ".", with: "_")] {
                        let pattern = "(?m)^\\s*" + NSRegularExpression.escapedPattern(for: candidate) + #"\s*=\s*"?([0-9]+)"#
                        if let found = firstCapture(pattern, in: catalog) { return Int(found) }
                    }
                }
                return nil
            }
            if name.hasPrefix("rootProject."), let key = name.split(separator: ".").last.map(String.init) {
                for root in above {
                    for file in ["build.gradle", "build.gradle.kts", "variables.gradle"] {
                        guard let build = text((root as NSString).appendingPathComponent(file)) else { continue }
                        if let found = firstCapture(NSRegularExpression.escapedPattern(for: key) + #"\s*=\s*([0-9]+)"#, in: build) { return Int(found) }
                    }
                }
            }
            // A Gradle property (`val projectMinSdk: String by project` in Kotlin, a bare name in Groovy), set in a
            // gradle.properties of the module or a folder above it (FlorisBoard's `projectMinSdk=26`).
            if !name.contains(".") {
                let pattern = "(?m)^\\s*" + NSRegularExpression.escapedPattern(for: name) + #"\s*[=:]\s*([0-9]+)\s*$"#
                for root in [module] + above {
                    guard let properties = text((root as NSString).appendingPathComponent("gradle.properties")) else { continue }
                    if let found = firstCapture(pattern, in: properties) { return Int(found) }
                }
            }
            return nil
        }
        for gradle in gradleFiles(module: module) {
            // What minSdk is set to: `minSdk { version = release(E) }`, `minSdk = E`, `minSdkVersion E`, `minSdk(E)`.
            // The first that resolves counts (a comment's "minSdk is…" does not).
            let given = captures(#"minSdk\s*\{[^}]*release\(\s*([A-Za-z0-9_.]+)"#, in: gradle)
                + captures(#"minSdk(?:Version)?\s*(?:=|\()?\s*([A-Za-z0-9_.]+)"#, in: gradle)
            if let number = given.lazy.compactMap(value).first { return number }
        }
        if let text = manifestText(module: module) {
            if let match = text.range(of: #"android:minSdkVersion="[0-9]+""#, options: .regularExpression) { return Int(text[match].filter(\.isNumber)) }
        }
        return nil
    }

    /// One adaptive icon definition of a `res/` folder: `ic_launcher.xml` or `ic_launcher_round.xml` in plain `mipmap/`
    /// or a `mipmap-anydpi*` folder (`-anydpi` and plain `mipmap/` at minSdk 26 and up, `-v26`, `-v33` for themed icons).
    struct AdaptiveIconFile {
        /// The folder it is in (`mipmap-anydpi-v26`).
        var folder: String
        /// `ic_launcher.xml` or `ic_launcher_round.xml`.
        var name: String
        var path: String
        var text: String
    }

    /// The adaptive icon definitions of `res`, folder by folder in name order, each file once however often `names`
    /// gives it (Fossify's manifest names @mipmap/ic_launcher as its icon and its round icon: checked twice, every
    /// finding came out twice); one that is there but cannot be read is handed to `unreadable` (a pipe, a 5 MB file)
    /// and left out.
    static func adaptiveIconFiles(in res: String, names: [String] = ["ic_launcher.xml", "ic_launcher_round.xml"],
                                  unreadable: (String, FileError) -> Void = { _, _ in }) -> [AdaptiveIconFile] {
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: res)) ?? []).filter { $0 == "mipmap" || $0.hasPrefix("mipmap-anydpi") }.sorted()
        var seen = Set<String>()
        let names = names.filter { seen.insert($0).inserted }
        var files: [AdaptiveIconFile] = []
        for folder in folders {
            for name in names {
                let path = (res as NSString).appendingPathComponent(folder + "/" + name)
                do { files.append(AdaptiveIconFile(folder: folder, name: name, path: path, text: String(decoding: try FileIO.readDocument(path), as: UTF8.self))) } catch {
                    if case .notFound = error { continue }
                    unreadable(path, error)
                }
            }
        }
        return files
    }

    /// The devices whose reading of a launcher icon's definition a caller asks for.
    enum DefinitionReader {
        /// Android 8 to 12, the widest range of devices: `-v26` before the unversioned folders (a minSdk 26 app's).
        case adaptive
        /// Android 13 and later, the only ones that draw a `<monochrome>` layer: they read `-v33` before `-v26`.
        case themed

        var apiLevel: Int { self == .adaptive ? 26 : 33 }
    }

    /// The adaptive icon definitions of `names` (given launcher first) in `res`, in the order `reader`'s devices resolve
    /// them: the folders a device of that API level reads, the highest `-vN` first, then `mipmap-anydpi/`, then plain
    /// `mipmap/`; after them the folders only later devices read (an icon defined in `-v33/` alone), lowest first; files
    /// that hold no `<adaptive-icon>` (a bitmap alias) are left out. Generate, validate and preview all pick the
    /// definition they read from this one order, so they cannot disagree on which file is the app's icon.
    static func adaptiveIconDefinitions(in res: String, names: [String], for reader: DefinitionReader) -> [AdaptiveIconFile] {
        // A folder's rank: its API level when a device of `reader`'s level reads it, else after every one it reads.
        func rank(_ folder: String) -> (Int, Int) {
            if folder == "mipmap" { return (0, 0) }
            guard folder.hasPrefix("mipmap-anydpi") else { return (2, 0) }
            let rest = folder.dropFirst("mipmap-anydpi".count)
            guard !rest.isEmpty else { return (0, -1) }
            guard rest.hasPrefix("-v"), let level = Int(rest.dropFirst(2)) else { return (2, 0) }
            return level <= reader.apiLevel ? (0, -level - 1) : (1, level)
        }
        let order = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return adaptiveIconFiles(in: res, names: names).filter { $0.text.contains("<adaptive-icon") }.sorted {
            let (a, b) = (rank($0.folder), rank($1.folder))
            if a != b { return a < b }
            if $0.folder != $1.folder { return $0.folder < $1.folder }
            return order[$0.name, default: 0] < order[$1.name, default: 0]
        }
    }

    /// True when a file resource `type/name` (any qualifier, any extension) exists in any root.
    func fileResourceExists(type: String, name: String) -> Bool { !roots(definingFile: type, name: name).isEmpty }

    /// The project's application modules (their folders) other than this one: those applying the application plugin and
    /// not a library's, found from the resource roots of the Gradle project. What their manifests name is what the
    /// app shows, and a library's resources are merged into theirs.
    var otherApplicationModules: [String] {
        Set(resourceRoots.filter { !moduleRoots.contains($0) }.map(AndroidProject.module(of:))).filter { module in
            AndroidProject.isApplication(module: module) && !AndroidProject.isLibrary(module: module)
        }.sorted()
    }

    /// The files of resource `type/name` in the module's own source sets (`res` and its flavours' and build types'),
    /// every qualifier, `res`'s first: what a build of some variant of the module takes that resource from.
    func moduleFiles(type: String, name: String) -> [String] {
        let manager = FileManager.default
        var files: [String] = []
        for root in moduleRoots {
            for folder in ((try? manager.contentsOfDirectory(atPath: root)) ?? []).sorted() where folder == type || folder.hasPrefix(type + "-") {
                let path = (root as NSString).appendingPathComponent(folder)
                for file in ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted() where (file as NSString).deletingPathExtension == name {
                    files.append((path as NSString).appendingPathComponent(file))
                }
            }
        }
        return files
    }

    /// The `res/` roots that hold a file of resource `type/name` (`drawable-v24/ic_launcher_foreground.xml`).
    func roots(definingFile type: String, name: String) -> [String] {
        resourceRoots.filter { root in
            ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0 == type || $0.hasPrefix(type + "-") }.contains { folder in
                ((try? FileManager.default.contentsOfDirectory(atPath: (root as NSString).appendingPathComponent(folder))) ?? [])
                    .contains { ($0 as NSString).deletingPathExtension == name }
            }
        }
    }

    /// The value of the colour `name` (`<color name="NAME">`, `<item type="color">`) in a values file's text, written as
    /// `#RGB`, `#ARGB`, `#RRGGBB` or `#AARRGGBB`: the colour (alpha dropped) and whether it is opaque; nil for a reference
    /// (`@color/x`) or no definition outside a comment.
    static func colorValue(named name: String, in text: String) -> (color: RGBColor, opaque: Bool)? {
        let live = withoutComments(text)
        guard let start = live.range(of: "name=\"\(name)\"") else { return nil }
        let value = live[start.upperBound...].drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }.trimmingCharacters(in: .whitespacesAndNewlines)
        guard value.hasPrefix("#") else { return nil }
        var hex = String(value.dropFirst()), opaque = true
        if hex.count == 4 || hex.count == 8 {
            let alpha = hex.prefix(hex.count / 4)
            opaque = alpha.uppercased().allSatisfy { $0 == "F" }
            hex = String(hex.dropFirst(hex.count / 4))
        }
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        return RGBColor(hex: "#" + hex).map { ($0, opaque) }
    }

    /// The `values*/` files (any root) that define the value resource `type/name` (`<color name="x">`, or
    /// `<item type="color" name="x">`), each with its text.
    func valueDefinitions(type: String, name: String) -> [(path: String, text: String)] {
        var found: [(String, String)] = []
        for root in resourceRoots {
            for folder in ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted() where folder == "values" || folder.hasPrefix("values-") {
                let path = (root as NSString).appendingPathComponent(folder)
                for file in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() where file.hasSuffix(".xml") {
                    let full = (path as NSString).appendingPathComponent(file)
                    guard let bytes = try? FileIO.readDocument(full) else { continue }
                    let text = String(decoding: bytes, as: UTF8.self)
                    // A definition commented out defines nothing.
                    let live = AndroidProject.withoutComments(text)
                    if live.contains("<\(type) name=\"\(name)\"") || (live.contains("name=\"\(name)\"") && live.contains("type=\"\(type)\"")) {
                        found.append((full, text))
                    }
                }
            }
        }
        return found
    }

    /// The first XML file in a `drawable*` or `mipmap*` folder of any root, other than `excluding`, whose text (comments left
    /// out) names `reference` (`@mipmap/ic_launcher_background`) as an attribute's value; nil when none does.
    func xmlNaming(_ reference: String, excluding: Set<String>) -> String? {
        let manager = FileManager.default
        let excluded = Set(excluding.map(FolderScope.resolve))
        for root in resourceRoots {
            for folder in ((try? manager.contentsOfDirectory(atPath: root)) ?? []).sorted() where folder.hasPrefix("drawable") || folder.hasPrefix("mipmap") {
                let path = (root as NSString).appendingPathComponent(folder)
                for file in ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted() where file.hasSuffix(".xml") {
                    let full = (path as NSString).appendingPathComponent(file)
                    guard !excluded.contains(FolderScope.resolve(full)), let bytes = try? FileIO.readDocument(full) else { continue }
                    if AndroidProject.withoutComments(String(decoding: bytes, as: UTF8.self)).contains("\"\(reference)\"") { return full }
                }
            }
        }
        return nil
    }

    /// `text` with every `<!-- … -->` comment blanked out (same length, so positions still match the text).
    static func withoutComments(_ text: String) -> String {
        var result = Array(text.utf8)
        var index = 0
        let open = Array("<!--".utf8), close = Array("-->".utf8)
        while index + open.count <= result.count {
            guard result[index..<index + open.count].elementsEqual(open) else { index += 1; continue }
            var end = index + open.count
            while end + close.count <= result.count, !result[end..<end + close.count].elementsEqual(close) { end += 1 }
            end = min(result.count, end + close.count)
            for position in index..<end where result[position] != 0x0A { result[position] = 0x20 }
            index = end
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// True when `@type/name` resolves: a framework reference (`@android:…`), a file resource, a value resource, or a
    /// colour state list in `color/`.
    func resolves(type: String, name: String) -> Bool {
        if type.hasPrefix("android:") { return true }
        if fileResourceExists(type: type, name: name) { return true }
        return ["color", "dimen", "integer"].contains(type) && !valueDefinitions(type: type, name: name).isEmpty
    }
}
