import Foundation
import PNGCodec
import Raster

/// What a preview sheet can show, found in a folder, an asset set or an Icon Composer `.icon`: each picture
/// with the file it came from and a label in the platform's words. Reading never fails as a whole — a
/// picture that cannot be read carries the reason instead of pixels.
struct PreviewInventory {
    /// One picture and where it came from.
    struct Picture {
        /// What it is, e.g. "Icon-60@3x.png · iphone 60pt @3x".
        var label: String
        /// The file it was read from (the key findings are matched by).
        var path: String
        /// The pixels, or nil when they could not be read.
        var image: Image?
        /// Why there are no pixels.
        var problem: String?
    }

    /// Android's launcher icon: the adaptive layers at their largest density, and the legacy icons.
    struct AndroidIcon {
        var foreground: Picture?
        /// A picture, or a colour resource.
        var background: Picture?
        var backgroundColor: RGBColor?
        var monochrome: Picture?
        var legacy: Picture?
        var round: Picture?
        /// What could not be drawn (a vector drawable layer).
        var notes: [String] = []
    }

    /// A Windows app's icons as the shell shows them.
    struct WindowsIcon {
        /// `Square150x150Logo` at its largest scale: the medium Start tile.
        var tile: Picture?
        /// `Square44x44Logo` at 24 px (unplated when there is one): the taskbar.
        var taskbar: Picture?
        /// `Square44x44Logo` unplated at 48 px (else its largest target size): Windows 11's Start menu, with no plate.
        var startUnplated: Picture?
        /// The `.ico`'s largest and smallest entries.
        var ico: [Picture] = []
    }

    /// The app icon as the home screen shows it, per appearance.
    var home: [IconAppearance: Picture] = [:]
    /// App-icon files of 120 px or less: the sizes users see in Settings, Spotlight and notifications.
    var small: [Picture] = []
    var mac: Picture?
    var watch: Picture?
    var android: AndroidIcon?
    /// Web: the maskable manifest icon, the Apple touch icon, favicons.
    var maskable: Picture?
    var touchIcon: Picture?
    var favicons: [Picture] = []
    var launch: [Picture] = []
    /// Windows: the Start tile, the taskbar icon and the app's `.ico` entries.
    var windows: WindowsIcon?
    /// Linux: the hicolor app icon at the panel's 48 px and at its largest.
    var linux: [Picture] = []
    /// Android's other resources, each its densest file: the notification icon, the splash screen icon, the TV banner.
    var notificationIcon: Picture?
    var splashIcon: Picture?
    /// The dark-mode splash screen icon (`drawable-night-*`), when there is one.
    var splashNightIcon: Picture?
    var tvBanner: Picture?
    /// A browser extension's toolbar icons, 16 and 32 px, as its manifest names them.
    var extensionIcons: [Picture] = []
    /// The app's variants (`AppIcon-dev.appiconset`, … as `generate --variant` names them): each one's light icon.
    var variants: [Picture] = []
    /// The set (or `.icon`) the home screen's icon came from.
    var homeSet: String?
    /// Things the sheet says once (other icon sets found, what was not drawn).
    var notes: [String] = []

    var isEmpty: Bool {
        home.isEmpty && small.isEmpty && mac == nil && watch == nil && android == nil && maskable == nil && touchIcon == nil
            && favicons.isEmpty && launch.isEmpty && windows == nil && linux.isEmpty && notificationIcon == nil && splashIcon == nil && tvBanner == nil
            && extensionIcons.isEmpty && variants.isEmpty
    }

    /// Folders never looked into (besides hidden ones: version control, IconForge's backups): dependencies and Xcode's build products.
    private static let skippedFolders: Set<String> = ["node_modules", "Pods", "DerivedData", "Carthage"]

    /// Everything previewable at `path` (a folder searched to a depth of 8, an asset set, a `.icon`).
    static func scan(_ path: String, appIconName: String, limits: PNGLimits) -> PreviewInventory {
        var found = Found()
        found.scope = FolderScope(path)
        collect(path, depth: 0, into: &found)
        var inventory = PreviewInventory()
        // The app's icon: the set or .icon named as the app's (an extension's empty placeholder set of that name
        // passed over), else the first set, else the first .icon.
        let named = { (path: String, ext: String) in (path as NSString).lastPathComponent == appIconName + ext }
        let candidates = found.iconSets.sorted().filter { named($0, ".appiconset") } + found.iconBundles.sorted().filter { named($0, ".icon") }
            + found.iconSets.sorted().filter { !named($0, ".appiconset") } + found.iconBundles.sorted().filter { !named($0, ".icon") }
        // Each candidate is read once: until one gives the home screen, whole; after, for a Mac or watch icon only
        // (a watch app's or Mac app's icon is often a set of its own: WatchIcon.appiconset). The set that gives the
        // home screen keeps its own Mac and watch icons; otherwise the first candidate's that has one.
        var shown: Set<String> = []
        for candidate in candidates {
            let homeFound = !inventory.home.isEmpty
            guard !homeFound || (candidate.hasSuffix(".appiconset") && (inventory.mac == nil || inventory.watch == nil)) else { continue }
            var attempt = PreviewInventory()
            if candidate.hasSuffix(".icon") { attempt.readIconComposer(candidate, limits: limits) } else {
                attempt.readIconSet(candidate, limits: limits, platformsOnly: homeFound)
            }
            if !homeFound, !attempt.home.isEmpty {
                let (mac, watch) = (inventory.mac, inventory.watch)
                inventory = attempt
                inventory.mac = inventory.mac ?? mac
                inventory.watch = inventory.watch ?? watch
                inventory.homeSet = (candidate as NSString).lastPathComponent
                shown.insert(candidate)
                continue
            }
            if inventory.mac == nil, attempt.mac != nil { inventory.mac = attempt.mac; shown.insert(candidate) }
            if inventory.watch == nil, attempt.watch != nil { inventory.watch = attempt.watch; shown.insert(candidate) }
        }
        // The app's variants, side by side: every other set named AppIcon-NAME.
        for candidate in candidates where !shown.contains(candidate) && (candidate as NSString).lastPathComponent.hasPrefix(appIconName + "-")
            && candidate.hasSuffix(".appiconset") {
            var attempt = PreviewInventory()
            attempt.readIconSet(candidate, limits: limits)
            guard let light = attempt.home[.light] else { continue }
            var picture = light
            picture.label = (candidate as NSString).lastPathComponent + " · " + light.label
            inventory.variants.append(picture)
            shown.insert(candidate)
        }
        let others = candidates.filter { !shown.contains($0) }.map { ($0 as NSString).lastPathComponent }
        if !others.isEmpty { inventory.notes.append("Also found, not shown (\(others.count)): " + others.joined(separator: ", ")) }
        if inventory.mac == nil, let icns = found.icnsFiles.sorted().first { inventory.mac = readIcns(icns, limits: limits) }
        for set in found.launchSets.sorted() { inventory.readLaunchSet(set, limits: limits) }
        if let res = found.resourceFolders.sorted().first { inventory.android = readAndroid(res, limits: limits) }
        for res in (found.resourceFolders + found.drawableRoots).sorted() where inventory.notificationIcon == nil && inventory.splashIcon == nil
            && inventory.tvBanner == nil {
            inventory.readAndroidExtras(res, limits: limits)
        }
        if let manifest = found.extensionManifests.sorted().first { inventory.readExtension(manifest, limits: limits) }
        // A web folder: the one with the manifest, else one with an Apple touch icon or favicons.
        if let manifest = found.manifests.sorted().first {
            inventory.readWeb(folder: manifest.parentFolder, manifest: manifest, limits: limits)
        } else if let folder = found.webFolders.sorted().first {
            inventory.readWeb(folder: folder, manifest: nil, limits: limits)
        }
        if !found.windowsAssetFolders.isEmpty || !found.icoFiles.isEmpty {
            inventory.windows = readWindows(assets: found.windowsAssetFolders.sorted().first, ico: found.icoFiles.sorted().first, limits: limits)
        }
        if let theme = found.hicolorThemes.sorted().first { inventory.linux = readHicolor(theme, limits: limits) }
        return inventory
    }

    /// Paths of the things a preview reads, gathered in one walk.
    private struct Found {
        var iconSets: [String] = [], launchSets: [String] = [], iconBundles: [String] = [], icnsFiles: [String] = []
        var resourceFolders: [String] = [], manifests: [String] = [], webFolders: [String] = []
        var windowsAssetFolders: Set<String> = [], icoFiles: [String] = [], hicolorThemes: [String] = []
        /// Folders with `drawable*` folders (an Android `res/` without launcher icons, or a folder generate wrote into).
        var drawableRoots: [String] = []
        /// Browser extensions' `manifest.json` files.
        var extensionManifests: [String] = []
        /// The folder named: links that leave it are not followed.
        var scope: FolderScope?
    }

    private static func collect(_ path: String, depth: Int, into found: inout Found) {
        let manager = FileManager.default
        if let scope = found.scope, !scope.contains(path) { return }
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { return }
        let name = (path as NSString).lastPathComponent
        guard isFolder.boolValue else {
            if name.lowercased().hasSuffix(".icns") { found.icnsFiles.append(path) }
            if name == ExtensionManifest.fileName, ExtensionManifest.read(path) != nil {
                found.extensionManifests.append(path)
            } else if WebManifestChecks.names.contains(name) {
                found.manifests.append(path)
            }
            if webIconNames.contains(name) { found.webFolders.append(path.parentFolder) }
            if name.lowercased().hasSuffix(".ico"), !name.lowercased().contains("favicon") { found.icoFiles.append(path) }
            if let asset = WindowsVisualAssets.QualifiedName(name), ["Square150x150Logo", "Square44x44Logo"].contains(asset.base) {
                found.windowsAssetFolders.insert(path.parentFolder)
            }
            return
        }
        if name == HicolorTheme.folderName { found.hicolorThemes.append(path); return }
        switch (name as NSString).pathExtension {
        case "appiconset": found.iconSets.append(path); return
        case "launchimage": found.launchSets.append(path); return
        case "icon" where IconComposerBundle.isBundle(path): found.iconBundles.append(path); return
        default: break
        }
        let children = ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted()
        if children.contains(where: { $0.hasPrefix("mipmap-") }) {
            found.resourceFolders.append(path)
        } else if children.contains(where: { $0.hasPrefix("drawable") }) {
            found.drawableRoots.append(path)
        }
        guard depth < 8 else { return }
        for child in children where !child.hasPrefix(".") && !skippedFolders.contains(child) {
            collect((path as NSString).appendingPathComponent(child), depth: depth + 1, into: &found)
        }
    }

    /// The longest side, in pixels, of a picture the sheet keeps.
    static let largestPicture = 1024

    /// A picture of `path`, decoded (PNG, JPEG, SVG), or the reason it is not.
    static func picture(_ path: String, label: String, limits: PNGLimits) -> Picture {
        do {
            var image = try SourceImage.read(path, limits: limits, vectorSize: .longSide(largestPicture)).image
            // No tile is larger: a larger picture is reduced as soon as it is read, so that the sheet does not
            // hold an 8192² icon (256 MB) for each tile it appears in.
            let longSide = max(image.width, image.height)
            if longSide > largestPicture {
                let scale = Double(largestPicture) / Double(longSide)
                let size = PixelSize(width: max(1, Int((Double(image.width) * scale).rounded())),
                                     height: max(1, Int((Double(image.height) * scale).rounded())))
                image = Resampler.resize(image, to: size, options: ResizeOptions(fit: .fill))
            }
            return Picture(label: label, path: path, image: image)
        } catch {
            // A format IconForge does not draw (WebP, PDF, HEIF) is named as such, not as a decoding failure.
            if let kind = (try? FileIO.read(path)).flatMap(FileKind.detect), !SourceImage.readableKinds.contains(kind) {
                return Picture(label: label, path: path, problem: "\(kind) is not drawn")
            }
            return Picture(label: label, path: path, problem: "\(error)")
        }
    }

    // MARK: Apple

    /// Reads an app-icon set's pictures: all of them, or with `platformsOnly` the Mac and watch icons alone.
    private mutating func readIconSet(_ folder: String, limits: PNGLimits, platformsOnly: Bool = false) {
        guard let bytes = try? FileIO.readDocument((folder as NSString).appendingPathComponent("Contents.json")),
              let root = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            notes.append("\((folder as NSString).lastPathComponent): no readable Contents.json")
            return
        }
        let entries = (root["images"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        struct Entry { var fields: [String: Any]; var filename: String; var pixels: Int }
        // The entry's pixel size as validate reads it (size × scale, range-checked); app icons are square.
        let usable = entries.compactMap { entry -> Entry? in
            guard let filename = entry["filename"] as? String, !filename.contains("/"),
                  let pixels = CatalogReader.expectedPixels(entry, kind: "appiconset"), pixels.width == pixels.height else { return nil }
            return Entry(fields: entry, filename: filename, pixels: pixels.width)
        }
        func path(_ entry: Entry) -> String { (folder as NSString).appendingPathComponent(entry.filename) }
        func label(_ entry: Entry) -> String { "\(entry.filename) · \(CatalogReader.label(entry.fields, kind: "appiconset"))" }
        func appearance(_ entry: Entry) -> String? {
            ((entry.fields["appearances"] as? [Any])?.first as? [String: Any])?["value"] as? String
        }
        let idiom = { (entry: Entry) in entry.fields["idiom"] as? String ?? "" }
        let iOS = usable.filter { ["iphone", "ipad", "ios-marketing"].contains(idiom($0))
            || (idiom($0) == "universal" && (($0.fields["platform"] as? String) ?? "ios") == "ios") }
        // The home-screen picture: the largest iOS icon of each appearance.
        for (value, slot) in [(nil, IconAppearance.light), ("dark", .dark), ("tinted", .tinted)] as [(String?, IconAppearance)] where !platformsOnly {
            if let best = iOS.filter({ appearance($0) == value }).max(by: { $0.pixels < $1.pixels }) {
                home[slot] = Self.picture(path(best), label: label(best), limits: limits)
            }
        }
        var seen: Set<String> = []
        for entry in iOS.filter({ !platformsOnly && $0.pixels <= 120 && appearance($0) == nil }).sorted(by: { ($0.pixels, $0.filename) < ($1.pixels, $1.filename) })
        where seen.insert(entry.filename).inserted {
            small.append(Self.picture(path(entry), label: "\(entry.filename) · \(entry.pixels)×\(entry.pixels)", limits: limits))
        }
        if let best = usable.filter({ idiom($0) == "mac" }).max(by: { $0.pixels < $1.pixels }) {
            mac = Self.picture(path(best), label: label(best), limits: limits)
        }
        let isWatch = { (entry: Entry) in ["watch", "watch-marketing"].contains(idiom(entry))
            || (idiom(entry) == "universal" && entry.fields["platform"] as? String == "watchos") }
        if let best = usable.filter(isWatch).max(by: { $0.pixels < $1.pixels }) {
            watch = Self.picture(path(best), label: label(best), limits: limits)
        }
    }

    private mutating func readIconComposer(_ bundle: String, limits: PNGLimits) {
        let name = (bundle as NSString).lastPathComponent
        do {
            let document = try IconComposerBundle.read(bundle)
            for appearance in [IconAppearance.light, .dark, .tinted] {
                let options = IconComposerRenderer.Options(appearance: IconComposerRenderer.Appearance(appearance), pixels: 360)
                let image = try IconComposerRenderer.render(document, options: options, limits: limits)
                home[appearance] = Picture(label: "\(name) · \(appearance.rawValue), rendered", path: bundle, image: image)
            }
            notes.append(IconComposerRenderer.approximation)
        } catch {
            home[.light] = Picture(label: name, path: bundle, problem: "\(error)")
        }
    }

    /// The largest element of a `.icns` file.
    private static func readIcns(_ path: String, limits: PNGLimits) -> Picture {
        let name = (path as NSString).lastPathComponent
        do {
            let elements = try Icns.read(try FileIO.read(path)).filter { Icns.pixels(of: $0.type) != nil }
            guard let largest = elements.max(by: { Icns.pixels(of: $0.type)! < Icns.pixels(of: $1.type)! }) else {
                return Picture(label: name, path: path, problem: "no image element")
            }
            return Picture(label: "\(name) · \(largest.type)", path: path, image: try Icns.decode(largest, limits: limits))
        } catch {
            return Picture(label: name, path: path, problem: "\(error)")
        }
    }

    private mutating func readLaunchSet(_ folder: String, limits: PNGLimits) {
        guard let bytes = try? FileIO.readDocument((folder as NSString).appendingPathComponent("Contents.json")),
              let root = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else { return }
        var seen: Set<String> = []
        for entry in (root["images"] as? [Any] ?? []).compactMap({ $0 as? [String: Any] }) {
            guard let filename = entry["filename"] as? String, !filename.contains("/"), seen.insert(filename).inserted else { continue }
            let path = (folder as NSString).appendingPathComponent(filename)
            launch.append(Self.picture(path, label: "\(filename) · \(CatalogReader.label(entry, kind: "launchimage"))", limits: limits))
        }
    }

    // MARK: Android

    /// What a launcher shows of `res`, read through the one Android project model that `validate` and `generate` use:
    /// the adaptive icon wherever it is defined (`mipmap-anydpi-v26/`, or `mipmap-anydpi/` at minSdk 26), its layers and
    /// background colour in any `res/` root of the project (a flavour's, a library module's).
    private static func readAndroid(_ res: String, limits: PNGLimits) -> AndroidIcon {
        var icon = AndroidIcon()
        let project = AndroidProject(res: res)
        icon.legacy = highestDensity("ic_launcher", type: "mipmap", project: project, bitmapsOnly: true).map { picture($0, label: label($0, res), limits: limits) }
        icon.round = highestDensity("ic_launcher_round", type: "mipmap", project: project, bitmapsOnly: true).map { picture($0, label: label($0, res), limits: limits) }
        // The definition a device since Android 8 reads: -v26 first, then the unversioned ones of a minSdk 26 app.
        let preference = ["mipmap-anydpi-v26", "mipmap-anydpi", "mipmap"]
        let definitions = AndroidProject.adaptiveIconFiles(in: res).filter { $0.name == "ic_launcher.xml" && $0.text.contains("<adaptive-icon") }
        guard let adaptive = definitions.min(by: { (preference.firstIndex(of: $0.folder) ?? preference.count, $0.folder) < (preference.firstIndex(of: $1.folder) ?? preference.count, $1.folder) })
        else { return icon }
        for (element, type, name) in AndroidResourceChecks.references(in: adaptive.text) {
            if type == "color" {
                if element == "background" { icon.backgroundColor = color(named: name, project: project) }
                continue
            }
            guard let path = highestDensity(name, type: type, project: project, bitmapsOnly: false) else { continue }
            guard !path.hasSuffix(".xml") else {
                icon.notes.append("<\(element)> is the vector drawable \(label(path, res)): not drawn")
                continue
            }
            let layer = picture(path, label: label(path, res), limits: limits)
            switch element {
            case "foreground": icon.foreground = layer
            case "background": icon.background = layer
            case "monochrome": icon.monochrome = layer
            default: break
            }
        }
        return icon
    }

    /// The densest notification and splash screen icons (see `AndroidResourceChecks.specialDrawables`) and the TV banner.
    private mutating func readAndroidExtras(_ res: String, limits: PNGLimits) {
        let densities = ["xxxhdpi", "xxhdpi", "xhdpi", "hdpi", "mdpi"]
        func rank(_ path: String) -> Int {
            let folder = (path.parentFolder as NSString).lastPathComponent
            return densities.firstIndex { folder.hasSuffix("-" + $0) || folder.contains("-" + $0 + "-") } ?? densities.count
        }
        let special = AndroidResourceChecks.specialDrawables(res: res)
        func densest(_ kind: AndroidResourceChecks.SpecialDrawable, night: Bool = false) -> String? {
            special.filter { $0.value == kind && (($0.key.parentFolder as NSString).lastPathComponent.contains("-night")) == night }.keys
                .min { (rank($0), $0) < (rank($1), $1) }
        }
        notificationIcon = densest(.notification).map { Self.picture($0, label: Self.label($0, res), limits: limits) }
        splashIcon = densest(.splash).map { Self.picture($0, label: Self.label($0, res), limits: limits) }
        splashNightIcon = densest(.splash, night: true).map { Self.picture($0, label: Self.label($0, res), limits: limits) }
        let project = AndroidProject(res: res)
        if let banner = Self.highestDensity("banner", type: "drawable", project: project, bitmapsOnly: true)
            ?? Self.highestDensity("banner", type: "mipmap", project: project, bitmapsOnly: true) {
            tvBanner = Self.picture(banner, label: Self.label(banner, res), limits: limits)
        }
    }

    private static func label(_ path: String, _ res: String) -> String {
        (path.parentFolder as NSString).lastPathComponent + "/" + (path as NSString).lastPathComponent
    }

    /// The file of resource `name` in its densest folder (`mipmap-xxxhdpi` before `mipmap-xxhdpi` … before `mipmap`),
    /// in the project's `res/` roots in order (the one previewed first).
    private static func highestDensity(_ name: String, type: String, project: AndroidProject, bitmapsOnly: Bool) -> String? {
        // A resource name is one plain name (`@mipmap/../../x` names nothing AAPT2 would build), and a file reached
        // through a link that leaves its res/ is not opened.
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }), !name.hasPrefix(".") else { return nil }
        let manager = FileManager.default
        for res in project.resourceRoots {
            let scope = FolderScope(res)
            for qualifier in ["-xxxhdpi", "-xxhdpi", "-xhdpi", "-hdpi", "-mdpi", "-anydpi-v26", "-anydpi", "-nodpi", ""] {
                for ext in bitmapsOnly ? ["png", "webp", "jpg"] : ["png", "webp", "jpg", "xml"] {
                    let path = (res as NSString).appendingPathComponent("\(type)\(qualifier)/\(name).\(ext)")
                    if manager.fileExists(atPath: path), !(qualifier.hasPrefix("-anydpi") && ext != "xml") { return scope.contains(path) ? path : nil }
                }
            }
        }
        return nil
    }

    /// The value of the colour resource `name` (`<color name="NAME">#…</color>`, `<item type="color">`) where the project
    /// defines it, as an opaque colour.
    private static func color(named name: String, project: AndroidProject) -> RGBColor? {
        for definition in project.valueDefinitions(type: "color", name: name) {
            let text = AndroidProject.withoutComments(definition.text)
            guard let start = text.range(of: "name=\"\(name)\"") else { continue }
            let value = text[start.upperBound...].drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }
                .trimmingCharacters(in: .whitespacesAndNewlines)
            // #AARRGGBB drops the alpha; #RGB is expanded.
            var hex = value.hasPrefix("#") ? String(value.dropFirst()) : value
            if hex.count == 8 { hex = String(hex.dropFirst(2)) }
            if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
            return RGBColor(hex: "#" + hex)
        }
        return nil
    }

    // MARK: Browser extensions

    /// The toolbar button's 16 and 32 px icons: its `default_icon` of that size, else `icons`'.
    private mutating func readExtension(_ manifest: String, limits: PNGLimits) {
        guard let root = ExtensionManifest.read(manifest) else { return }
        let folder = manifest.parentFolder, scope = FolderScope(folder)
        let declared = ExtensionManifest.declaredIcons(root)
        let buttons = ExtensionManifest.actionKeys(version: ExtensionManifest.version(root)).map { $0 + ".default_icon" }
        for size in ExtensionManifest.actionSizes {
            let candidates = declared.filter { $0.size == size }
            guard let icon = candidates.first(where: { buttons.contains($0.place) }) ?? candidates.first(where: { $0.place == "icons" }),
                  let file = ExtensionManifest.file(icon.path, in: folder) else { continue }
            let path = (folder as NSString).appendingPathComponent(file)
            guard scope.contains(path), FileManager.default.fileExists(atPath: path) else { continue }
            extensionIcons.append(Self.picture(path, label: "\(icon.path) · \(size) px", limits: limits))
        }
    }

    // MARK: Web

    /// Files that make a folder a website's icons.
    private static let webIconNames: Set<String> = ["apple-touch-icon.png", "favicon-16x16.png", "favicon-32x32.png"]

    private mutating func readWeb(folder: String, manifest: String?, limits: PNGLimits) {
        // Nothing outside the web folder is opened: not through `..`, not through a link that leaves it.
        let scope = FolderScope(folder)
        func local(_ source: String) -> String? {
            let clean = String(source.prefix { $0 != "?" && $0 != "#" })
            guard !clean.contains("://"), !clean.hasPrefix("data:"), !clean.split(separator: "/").contains("..") else { return nil }
            let path = (folder as NSString).appendingPathComponent(clean.hasPrefix("/") ? String(clean.dropFirst()) : clean)
            return scope.contains(path) ? path : nil
        }
        if let manifest, let bytes = try? FileIO.readDocument(manifest),
           let icons = ((try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any])?["icons"] as? [Any] {
            let maskables = icons.compactMap { $0 as? [String: Any] }.filter { ($0["purpose"] as? String ?? "").split(separator: " ").contains("maskable") }
            let widest = maskables.max { Self.manifestWidth($0) < Self.manifestWidth($1) }
            if let source = widest?["src"] as? String, let path = local(source) {
                maskable = Self.picture(path, label: "\(source) · maskable", limits: limits)
            }
        }
        // The icons the page links first (Flutter's touch icon is its manifest's Icon-192.png), then the usual names.
        let linked = WebPage.linkedIcons(in: folder)
        let touchName = linked.first(where: \.touchIcon)?.href ?? "apple-touch-icon.png"
        if let touch = local(touchName), FileManager.default.fileExists(atPath: touch) { touchIcon = Self.picture(touch, label: touchName, limits: limits) }
        var names = linked.filter { !$0.touchIcon }.sorted { $0.pixels < $1.pixels }.map(\.href)
        for name in ["favicon-16x16.png", "favicon-32x32.png"] where !names.contains(name) { names.append(name) }
        for name in names {
            if let path = local(name), FileManager.default.fileExists(atPath: path) { favicons.append(Self.picture(path, label: name, limits: limits)) }
        }
    }

    private static func manifestWidth(_ icon: [String: Any]) -> Int {
        (icon["sizes"] as? String ?? "").split(separator: " ").compactMap { PixelSize(parsing: String($0))?.width }.max() ?? 0
    }
}
