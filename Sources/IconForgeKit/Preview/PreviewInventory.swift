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
        /// True when the adaptive icon has a monochrome layer that is a vector drawable (so `monochrome` is nil).
        var monochromeIsVector = false
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
    var home: [Appearance: Picture] = [:]
    /// App-icon files of 120 px or less: the sizes users see in Settings, Spotlight and notifications.
    var small: [Picture] = []
    var mac: Picture?
    var watch: Picture?
    /// tvOS: the App Icon's layers drawn together, then the Top Shelf images.
    var tv: [Picture] = []
    /// visionOS: the App Icon's layers drawn together.
    var vision: Picture?
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
        home.isEmpty && small.isEmpty && mac == nil && watch == nil && tv.isEmpty && vision == nil && android == nil && maskable == nil && touchIcon == nil
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
        if let brand = found.brandAssets.sorted().first { inventory.readBrandAssets(brand, limits: limits) }
        if let stack = found.visionStacks.sorted().first {
            inventory.vision = readStack(stack, label: (stack as NSString).lastPathComponent, limits: limits)
        }
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
        /// tvOS's `.brandassets` and visionOS's `.solidimagestack` folders.
        var brandAssets: [String] = [], visionStacks: [String] = []
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
        case "brandassets": found.brandAssets.append(path); return
        case "solidimagestack": found.visionStacks.append(path); return
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
}
