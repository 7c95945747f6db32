import Foundation
import PNGCodec

/// Where a project keeps each platform's icons, found as `init` and `generate --out .` find them: asset catalogs (each
/// with the presets its app-icon set is laid out for), the Android module with `app/src/main/res`, the web folder, and
/// a likely master. Build output, dependencies and version control are not searched, nor links out of the project.
package struct ProjectLayout: Sendable {
    /// Asset catalogs (paths relative to the root), each with the presets its app-icon set is laid out for (empty: none found in it).
    package var catalogs: [(path: String, presets: [String])] = []
    /// The catalogs of app extensions (beside an Info.plist that declares `NSExtension`: a widget's, a share or action
    /// extension's), relative to the root: they hold the extension's icon, never the app's.
    package var extensionCatalogs: Set<String> = []
    /// Where Android's outputs go, relative to the root: the folder holding `app/src/main/res` ("" for the root itself),
    /// or, for an application module of another name, its `src/main/res`.
    package var androidRoot: String?
    /// True when the Android app's manifest names a TV banner with pictures of its own (`android:banner`, Home
    /// Assistant's `@mipmap/ic_banner`, TV Bro's `@drawable/banner`): init's job makes it with `android-tv`.
    package var androidTVBanner = false
    /// The website's folder, relative to the root ("" for the root itself).
    package var webFolder: String?
    /// Where a Windows app keeps its icon and visual assets, relative to the root: the folder of its `Package.appxmanifest`,
    /// Tauri's `src-tauri/icons`, electron-builder's `build`, or a Wails app's `build/windows`.
    package var windowsFolder: String?
    /// Tauri's `src-tauri/icons`, relative to the root: its bundler takes every desktop platform's icon from there, so
    /// macOS's `.icns` and Linux's PNGs go there too (where no asset catalog or icon theme is theirs).
    package var tauriIcons: String?
    /// Where a Tauri app's Linux builds take their PNGs from, relative to the root: the folder of the first PNG its
    /// Linux list names, else `tauriIcons`.
    package var tauriLinux: String?
    /// The folder a Tauri app's configuration lists its icons in when it does not exist (EcoPaste's `src-tauri/icons`,
    /// made by `tauri icon` in its build), relative to the root: nothing is routed there, but a run is told where it is.
    package var tauriIconsMissing: String?
    /// Where a desktop packager takes the macOS `.icns` from, relative to the root: Tauri's `src-tauri/icons`, or the
    /// folder of the file electron-builder's `mac.icon` names.
    package var icnsFolder: String?
    /// A native Mac app's folder holding the `.icns` its Xcode project copies into the app (AltTab's resources/icons/app,
    /// `XcodeProject.bundledIcns`), relative to the root, where no catalog holds the Mac's icon: `icnsFolder` too.
    package var bundledIcnsFolder: String?
    /// Where a Linux desktop app keeps its icon theme: the folder holding its `hicolor/` tree, electron-builder's
    /// Linux icon folder (`build/icons`, PNGs named by size), or the folder of its icons named as Extra CMake Modules
    /// install them (Zeal's `assets/freedesktop/128-apps-zeal.png`).
    package var linuxFolder: String?
    /// A browser extension's folder (the one whose `manifest.json` has `manifest_version`), relative to the root ("" for
    /// the root itself).
    package var extensionFolder: String?
    /// The `res/` folders of the project's other application modules that hold launcher pictures (Wear OS samples'
    /// `Wearable/` beside their phone `Application/`), relative to the root: a run from the root writes one app's
    /// icon, and is told of these.
    package var otherAndroidApps: [String] = []
    /// A snap's project, relative to the root ("" for the root itself): the folder snapcraft runs in, whose
    /// `snap/snapcraft.yaml` (or `build-aux/snap/`, or a `snapcraft.yaml` at its top) names the store icon.
    package var snapRoot: String?
    /// Icon Composer bundles outside any catalog (Xcode 26's `AppIcon.icon` beside `Assets.xcassets`), relative to the root.
    package var iconBundles: [String] = []
    /// A file that looks like the master (an SVG, or a square PNG of 1024 px or more named icon or logo).
    package var master: String?
    /// Every file that looks like a master, in the order found, with its rank: where the project holds several apps,
    /// each job takes the one named for its app (`master(for:)`).
    var masterCandidates: [(path: String, rank: MasterRank)] = []
    /// .NET MAUI apps (their `.csproj`, relative to the root) and the `<MauiIcon>` each names: Resizetizer makes every
    /// platform's icon from it at build time, so no folder of theirs is a run's to write into.
    package var mauiApps: [(project: String, icon: String?)] = []
    /// An Expo app at the root: its configuration file's name, and the presets whose images it names (`ios-single` or
    /// the layout of a committed catalog, `android`, `web`). A run of them into the root writes those images, where
    /// prebuild reads them, and a committed `ios/` or `android/` too.
    package var expoApp: (config: String, presets: [String])?

    /// Folders never searched: build output, dependencies, version control.
    package static let skipped: Set<String> = [".git", ".build", "build", "node_modules", "Pods", "DerivedData", ".gradle", "Carthage"]
    /// The Kotlin source sets of a browser target, whose `resources/` is the site (`jsMain`, `wasmJsMain`, and the
    /// `webMain` Kotlin 2.2 shares between them).
    static let kotlinWebSourceSets: Set<String> = ["jsMain", "wasmJsMain", "webMain"]

    /// Searches `root` (at most four folders deep).
    package init(root: String) {
        var queue: [(String, Int)] = [("", 0)]
        let manager = FileManager.default
        // Links out of the project are not followed: init describes this project only.
        let scope = FolderScope(root)
        var androidIsApplication = false
        // A folder of SVGs meson installs into hicolor (HicolorTheme.mesonIcons), the Linux folder where there is no other.
        var mesonIcons: String?
        // Every module's src/main/res found, and the application module's.
        var androidResFolders: [String] = [], applicationRes: String?, applicationModules: [String] = []
        // Kotlin Multiplatform browser targets' resources/ folders holding a page.
        var kotlinWebFolders: [String] = []
        // Folders holding icons named as Extra CMake Modules name them.
        var ecmFolders: [String] = []
        // Folders of .NET projects naming an <ApplicationIcon> they hold (SourceGit's src/, an Avalonia app's).
        var dotNetFolders: [String] = []
        // Folders holding an .icns (outside catalogs), for a native Mac app's bundled icon.
        var icnsFolders: [String] = []
        // How the master found so far ranks (`MasterRank`): a better one found later replaces it.
        var masterRank = MasterRank.none
        // The root itself may be the website (its index.html or manifest at the top).
        if ([WebPage.fileName] + WebManifest.conventionalNames).contains(where: { manager.fileExists(atPath: (root as NSString).appendingPathComponent($0)) }) {
            // A Vite project's index.html is a source: what the site serves at "/" (and ships) is public/.
            webFolder = FileIO.isFolder((root as NSString).appendingPathComponent("public")) && WebApp.isViteProject(root) ? "public" : ""
        }
        // An Angular workspace's application: its build serves public/ (Angular 17's template) or the page's folder
        // (src/) at the site's root.
        if webFolder == nil, let angular = AngularWorkspace.read(root: root) { webFolder = angular.applications[0].servedFolder }
        // electron-builder's icons: where its configuration names them, else its resources folder (`build/`, which
        // the search skips as build output).
        // (A root whose package.json only mentions electron, with no icon configured and no resources folder — Logseq's,
        // whose scripts run the app in resources/ — leaves the search to find the app in a folder.)
        let rootElectron = ElectronBuilder.read(root: root)
        let rootIsElectron = rootElectron.map { $0.namesIcons || FileIO.isFolder((root as NSString).appendingPathComponent($0.buildResources)) } ?? false
        if let electron = rootElectron {
            let resources = FileIO.isFolder((root as NSString).appendingPathComponent(electron.buildResources)) ? electron.buildResources : nil
            windowsFolder = electron.windowsIcon.map { $0.parentFolder } ?? resources
            // Without a configured .icns, electron-builder looks for icon.icns in the resources folder.
            icnsFolder = electron.macIcon.map { $0.parentFolder } ?? resources
            // Its icons/ still to be made is the Linux folder only where the project has no other (a hicolor tree).
            linuxFolder = electron.hasLinuxIcons ? electron.linuxFolder : nil
        }
        // A Wails app's build/windows (in build/, which the search skips as output): icon.ico, which its exe embeds.
        let wailsWindows = WailsProject.windowsFolder(root: root)
        windowsFolder = windowsFolder ?? wailsWindows
        // Its build/appicon.png (1024 px) is the master the build makes its icons from.
        if wailsWindows != nil,
           let rank = Self.masterRank(name: WailsProject.appIcon.fileName, path: (root as NSString).appendingPathComponent(WailsProject.appIcon)) {
            masterCandidates.append((WailsProject.appIcon, rank))
            (master, masterRank) = (WailsProject.appIcon, rank)
        }
        // A Compose Multiplatform desktop app's icons (Suwayomi-JUI's resources/icon.ico, .icns and .png, which its desktop
        // module's nativeDistributions names as iconFile): each platform's folder is the one its file is in.
        if let compose = ComposeDesktop.read(root: root) {
            let folder = { (icon: String?) in
                icon.flatMap { manager.fileExists(atPath: (root as NSString).appendingPathComponent($0)) ? $0.parentFolder : nil }
            }
            windowsFolder = windowsFolder ?? folder(compose.windowsIcon)
            icnsFolder = icnsFolder ?? folder(compose.macIcon)
            linuxFolder = linuxFolder ?? folder(compose.linuxIcon)
        }
        if ExtensionManifest.existing(in: root) != nil { extensionFolder = "" }
        if SnapcraftProject.read(root: root) != nil { snapRoot = "" }
        // A Tauri app's icons: the folder its configuration lists them in (gg's Tauri.toml at the root names res/icons).
        func tauri(app relative: String) {
            guard tauriIcons == nil, let icons = TauriIcons.iconFolder(app: relative.isEmpty ? root : (root as NSString).appendingPathComponent(relative)) else { return }
            let path = relative.isEmpty ? icons : (relative as NSString).appendingPathComponent(icons)
            guard FileIO.isFolder((root as NSString).appendingPathComponent(path)) else {
                tauriIconsMissing = tauriIconsMissing ?? path
                return
            }
            tauriIcons = path
            // Each platform's builds take the icons their own list names (pot's icons_mac/ in tauri.macos.conf.json;
            // Pake's png/ in tauri.windows.conf.json and tauri.linux.conf.json), else the main list's folder.
            let app = relative.isEmpty ? root : (root as NSString).appendingPathComponent(relative)
            func folder(_ platform: String, _ ext: String) -> String? {
                TauriIcons.platformFolder(app: app, platform: platform, ext: ext).map { relative.isEmpty ? $0 : (relative as NSString).appendingPathComponent($0) }
                    .flatMap { FileIO.isFolder((root as NSString).appendingPathComponent($0)) ? $0 : nil }
            }
            windowsFolder = windowsFolder ?? folder("windows", "ico") ?? path
            icnsFolder = icnsFolder ?? folder("macos", "icns") ?? path
            tauriLinux = folder("linux", "png") ?? path
        }
        tauri(app: "")
        while !queue.isEmpty {
            let (relative, depth) = queue.removeFirst()
            let folder = relative.isEmpty ? root : (root as NSString).appendingPathComponent(relative)
            for name in ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted() where !name.hasPrefix(".") && !Self.skipped.contains(name) {
                let path = relative.isEmpty ? name : (relative as NSString).appendingPathComponent(name)
                let full = (root as NSString).appendingPathComponent(path)
                guard scope.contains(full) else { continue }
                var isFolder: ObjCBool = false
                _ = manager.fileExists(atPath: full, isDirectory: &isFolder)
                if isFolder.boolValue {
                    if name.hasSuffix(".xcassets") {
                        catalogs.append((path, Self.iconPresets(inCatalog: full)))
                        if BundleInfo.owning(catalogOf: full)?.isExtension == true { extensionCatalogs.insert(path) }
                        continue
                    }
                    if name.hasSuffix(".icon") {
                        if IconComposerBundle.isBundle(full) { iconBundles.append(path) }
                        continue
                    }
                    // The app module (the one applying the Android application plugin) before a library's; a module
                    // named app is given as the project folder above it, any other as its res/ folder.
                    func android(res path: String) {
                        let module = path.parentFolder.parentFolder.parentFolder
                        let relative = (module as NSString).lastPathComponent == "app" ? module.parentFolder : path
                        let application = AndroidProject.isApplication(module: (root as NSString).appendingPathComponent(module))
                        androidResFolders.append(path)
                        if application { applicationModules.append(path) }
                        if androidRoot == nil || (!androidIsApplication && application) {
                            androidRoot = relative
                            androidIsApplication = application
                            if application { applicationRes = path }
                        }
                    }
                    if name == "res", AndroidProject.isMainResources(path) {
                        android(res: path)
                        continue
                    }
                    // A Flutter or React Native app in a folder of the repository (Butterfly's app/, IO's apps/main-app in a
                    // monorepo): its android/app/src/main/res is deeper than the search goes.
                    if name == "android", depth >= 1, Self.isAppFolder(full: folder),
                       FileIO.isFolder((full as NSString).appendingPathComponent("app/src/main/res")) {
                        android(res: (path as NSString).appendingPathComponent("app/src/main/res"))
                    }
                    // A Flutter app's Windows runner: its icon is windows/runner/resources/app_icon.ico (Runner.rc's), no tiles.
                    if name == "windows", manager.fileExists(atPath: (folder as NSString).appendingPathComponent("pubspec.yaml")),
                       FileIO.isFolder((full as NSString).appendingPathComponent(WindowsVisualAssets.flutterResources)) {
                        windowsFolder = windowsFolder ?? (path as NSString).appendingPathComponent(WindowsVisualAssets.flutterResources)
                    }
                    // A browser extension's static/ (Tridactyl's src/static, beside its manifest.json: its pages and logos,
                    // copied into the add-on) is the extension's, not a website's.
                    if ["public", "static", "web"].contains(name), depth <= 1, ExtensionManifest.existing(in: folder) == nil { webFolder = webFolder ?? path }
                    // A Kotlin Multiplatform app's browser target (Compose Multiplatform's webApp, KotlinConf's
                    // app/webApp/src/webMain/resources): the Kotlin/JS and Wasm plugins serve and ship that folder as the
                    // site's root, its index.html linking the manifest.
                    if name == "resources", Self.kotlinWebSourceSets.contains((path.parentFolder as NSString).lastPathComponent),
                       (path.parentFolder.parentFolder as NSString).lastPathComponent == "src",
                       manager.fileExists(atPath: (full as NSString).appendingPathComponent(WebPage.fileName)) {
                        kotlinWebFolders.append(path)
                    }
                    if depth <= 2 { tauri(app: path) }
                    // An Electron app in a folder of the repository (Logseq's resources/, its package.json and
                    // electron-builder.yml naming icons/logseq.ico, .icns and .png): its configured icons, where they are.
                    if depth <= 1, !rootIsElectron, let electron = ElectronBuilder.read(root: full), electron.namesIcons {
                        let inApp = { (relative: String) in relative.isEmpty ? path : (path as NSString).appendingPathComponent(relative) }
                        windowsFolder = windowsFolder ?? electron.windowsIcon.map { inApp($0.parentFolder) }
                        icnsFolder = icnsFolder ?? electron.macIcon.map { inApp($0.parentFolder) }
                        linuxFolder = linuxFolder ?? (electron.hasLinuxIcons ? electron.linuxFolder.map(inApp) : nil)
                    }
                    if name == "icons", path.parentFolder.hasSuffix("src-tauri") {
                        windowsFolder = windowsFolder ?? path
                        tauriIcons = tauriIcons ?? path
                        tauriLinux = tauriLinux ?? path
                        icnsFolder = icnsFolder ?? path
                    }
                    if name == HicolorTheme.folderName, HicolorTheme.holdsAppIcons(full) { linuxFolder = linuxFolder ?? path.parentFolder }
                    // A GNOME app's data/icons whose meson.build installs its SVGs into hicolor (Kooha's io.github.seadve.Kooha.svg).
                    if name == "icons", mesonIcons == nil, !HicolorTheme.mesonIcons(in: full).isEmpty { mesonIcons = path }
                    // A MAUI app's Platforms/Windows, whose manifest names only the logos Resizetizer writes into the package
                    // (eShop's ClientApp, MoneyFox): tiles written there would be packaged by nothing.
                    if AppxAssetChecks.manifest(in: full) != nil, MauiProject.makesLogos(ofManifestIn: full) == nil,
                       windowsFolder == nil || windowsFolder == "build" { windowsFolder = path }
                    if DotNetProject.applicationIcon(in: full) != nil { dotNetFolders.append(path) }
                    if extensionFolder == nil, depth <= 2, ExtensionManifest.existing(in: full) != nil { extensionFolder = path }
                    // A snap recipe in an app's folder (a repository whose desktop app is desktop/, its snap/snapcraft.yaml there).
                    if snapRoot == nil, depth <= 2, name == "snap", let snap = SnapcraftProject(recipe: (full as NSString).appendingPathComponent("snapcraft.yaml")) {
                        snapRoot = FileIO.relativePath(snap.root, to: root) ?? ""
                    }
                    if depth < 4 { queue.append((path, depth + 1)) }
                } else {
                    // A meson.build installing a folder's SVGs into hicolor by their path from it (rnote's
                    // crates/rnote-ui/data/meson.build: 'icons/scalable/apps/' + app_name + '.svg'), deeper than the search goes.
                    if name == "meson.build", mesonIcons == nil, let bytes = try? FileIO.readDocument(full) {
                        mesonIcons = HicolorTheme.mesonAppFolders(String(decoding: bytes, as: UTF8.self))
                            .map { relative.isEmpty ? $0 : (relative as NSString).appendingPathComponent($0) }
                            .first { scope.contains((root as NSString).appendingPathComponent($0)) && !HicolorTheme.mesonIcons(in: (root as NSString).appendingPathComponent($0)).isEmpty }
                    }
                    // Icons named as Extra CMake Modules install them (Zeal's assets/freedesktop/128-apps-zeal.png).
                    if HicolorTheme.ecmIconName(ofFile: name) != nil, !ecmFolders.contains(relative) { ecmFolders.append(relative) }
                    if name.lowercased().hasSuffix(".icns"), !icnsFolders.contains(relative) { icnsFolders.append(relative) }
                    if name.lowercased().hasSuffix(".csproj"), let bytes = try? FileIO.readDocument(full),
                       let maui = MauiProject(root: folder, text: String(decoding: bytes, as: UTF8.self)) { mauiApps.append((path, maui.iconFile)) }
                    if let rank = Self.masterRank(name: name, path: full) {
                        masterCandidates.append((path, rank))
                        if master == nil || masterRank < rank { (master, masterRank) = (path, rank) }
                    }
                }
            }
        }
        // Without a hicolor tree, the folder of the app's Extra CMake Modules icons (Zeal's assets/freedesktop, which
        // ecm_install_icons installs into hicolor): of several, the one holding a desktop entry.
        if linuxFolder == nil, tauriIcons == nil {
            let withEntry = ecmFolders.filter { folder in
                ((try? manager.contentsOfDirectory(atPath: folder.isEmpty ? root : (root as NSString).appendingPathComponent(folder))) ?? []).contains(where: DesktopEntry.isEntryName)
            }
            linuxFolder = ecmFolders.count == 1 ? ecmFolders[0] : withEntry.count == 1 ? withEntry[0] : nil
        }
        if linuxFolder == nil, tauriIcons == nil { linuxFolder = mesonIcons }
        // A native Mac app without a catalog of Mac icons, whose Xcode project copies an .icns into the app (AltTab's
        // resources/icons/app/app.icns, its Info.plist's CFBundleIconFile): that file is the Mac's icon. A run at the
        // root wrote AppIcon.appiconset and AppIcon.icns there, which no build reads, and left it as it was.
        if icnsFolder == nil, !catalogs.contains(where: { $0.presets.contains { $0.hasPrefix("macos") } }) {
            let bundled = icnsFolders.filter { XcodeProject.bundledIcns(in: $0.isEmpty ? root : (root as NSString).appendingPathComponent($0)) != nil }
            if bundled.count == 1 { (icnsFolder, bundledIcnsFolder) = (bundled[0], bundled[0]) }
        }
        // Without a package, a packager's icons or an installer's, the one .NET app whose project names its .ico (an
        // Avalonia, WPF or WinForms exe): its <ApplicationIcon> is the app's Windows icon.
        if windowsFolder == nil, dotNetFolders.count == 1 { windowsFolder = dotNetFolders[0] }
        // An Electron app at the root with no Linux icons yet: the resources folder's icons/, made by the run.
        if linuxFolder == nil, tauriIcons == nil, let electron = rootElectron, rootIsElectron { linuxFolder = electron.linuxFolder }
        // Of several browser targets (KotlinConf's adminApp beside its webApp), the one with a web manifest is the app's.
        let installable = kotlinWebFolders.first { folder in
            WebManifest.conventionalNames.contains { manager.fileExists(atPath: ((root as NSString).appendingPathComponent(folder) as NSString).appendingPathComponent($0)) }
        }
        webFolder = webFolder ?? installable ?? kotlinWebFolders.first
        // The launcher icon the application module's manifest names, defined by none of its source sets but by one
        // library module's (AntennaPod's @mipmap/ic_launcher in ui/common, with a debug build's layers beside it):
        // written into the app module, the new icon would override the library's in every build (an app's resources
        // win over its libraries'), its debug icon included, and leave the library's files dead. It goes there instead.
        otherAndroidApps = applicationModules.filter { res in
            res != applicationRes && ((try? manager.contentsOfDirectory(atPath: (root as NSString).appendingPathComponent(res))) ?? []).contains { folder in
                folder.hasPrefix("mipmap-") && !(((try? manager.contentsOfDirectory(atPath: NSString.path(withComponents: [root, res, folder]))) ?? []).isEmpty)
            }
        }
        if let applicationRes {
            androidTVBanner = !AndroidTVBanner.manifestBannerFiles(res: (root as NSString).appendingPathComponent(applicationRes)).isEmpty
        }
        if androidIsApplication, let applicationRes, let library = Self.launcherLibrary(root: root, appRes: applicationRes, candidates: androidResFolders) {
            androidRoot = library
        }
        if let expo = ExpoProject.read(root: root) {
            let used = Set(expo.images.filter(expo.uses).flatMap(\.platforms)).intersection(expo.platforms)
            // The iOS preset of a committed catalog keeps its layout (a run of another would switch the set's layout).
            let ios = iconCatalogs.flatMap { $0.presets }.first { $0.hasPrefix("ios") } ?? "ios-single"
            let presets = [used.contains("ios") ? ios : nil, used.contains("android") ? "android" : nil,
                           used.contains("web") && (expo.images.contains { $0.use == .favicon } || webFolder != nil) ? "web" : nil].compactMap { $0 }
            if !presets.isEmpty { expoApp = ((expo.config.jsonFile ?? expo.config.codeFile ?? "").fileName, presets) }
        }
    }

    /// True when `full` is a Flutter app's folder (its `pubspec.yaml`) or a React Native app's (a `package.json` naming
    /// `react-native`), whose `android/` holds the app's Gradle project.
    static func isAppFolder(full: String) -> Bool {
        if FileManager.default.fileExists(atPath: (full as NSString).appendingPathComponent("pubspec.yaml")) { return true }
        guard let bytes = try? FileIO.readDocument((full as NSString).appendingPathComponent("package.json")) else { return false }
        return String(decoding: bytes, as: UTF8.self).contains("\"react-native\"")
    }

    /// The `src/main/res` (of `candidates`, relative to `root`) of the one library module defining the launcher icon
    /// that the application module of `appRes` names and none of its own source sets defines; nil otherwise.
    static func launcherLibrary(root: String, appRes: String, candidates: [String]) -> String? {
        let full = { (path: String) in (root as NSString).appendingPathComponent(path) }
        let app = AndroidProject(res: full(appRes))
        guard let icon = app.manifestIcon, icon.hasPrefix("@"), !icon.hasPrefix("@android:"),
              case let parts = icon.dropFirst().split(separator: "/").map(String.init), parts.count == 2 else { return nil }
        let (type, name) = (parts[0], parts[1])
        guard app.moduleFiles(type: type, name: name).isEmpty,
              !app.valueDefinitions(type: type, name: name).contains(where: { found in app.moduleRoots.contains { found.path.hasPrefix($0 + "/") } })
        else { return nil }
        let appModule = AndroidProject.module(of: full(appRes))
        let libraries = candidates.filter { res in
            let module = AndroidProject.module(of: full(res))
            guard module != appModule, AndroidProject.isLibrary(module: module) else { return false }
            let library = AndroidProject(res: full(res))
            // Only where a run would write the icon under that name: Tasks.org's @mipmap/ic_launcher_blue, in its KMP
            // library's androidMain/res, would get an ic_launcher beside it that nothing shows (and no word of it); in the
            // app module the run says the manifest names another icon.
            return library.moduleFiles(type: type, name: name).contains { $0.hasPrefix(full(res) + "/") }
                && AndroidResources.launcherName(library, main: full(res)) == name
        }
        return libraries.count == 1 ? libraries[0] : nil
    }

    /// The folders under `root` holding a `hicolor/` tree, relative to it, at most `maxDepth` folders down: the search
    /// `init` makes stops at four, and a packaging tree (a Debian package's usr/share/icons, a Flatpak's
    /// share/icons) is often deeper. Bounded by the folders it lists; skips what `init` skips (build output,
    /// dependencies, version control, hidden folders), links leaving the project, and the inside of each tree found.
    static func hicolorFolders(root: String, maxDepth: Int = 10, maxFolders: Int = 20_000) -> [String] {
        let manager = FileManager.default, scope = FolderScope(root)
        var queue: [(String, Int)] = [("", 0)], next = 0, found: [String] = []
        while next < queue.count, next < maxFolders {
            let (relative, depth) = queue[next]
            next += 1
            let folder = relative.isEmpty ? root : (root as NSString).appendingPathComponent(relative)
            for name in ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted() where !name.hasPrefix(".") && !skipped.contains(name) {
                let path = relative.isEmpty ? name : (relative as NSString).appendingPathComponent(name)
                let full = (root as NSString).appendingPathComponent(path)
                guard FileIO.isFolder(full), scope.contains(full) else { continue }
                if name == HicolorTheme.folderName {
                    if HicolorTheme.holdsAppIcons(full) { found.append(relative.isEmpty ? "." : relative) }
                } else if depth < maxDepth, queue.count < maxFolders {
                    queue.append((path, depth + 1))
                }
            }
        }
        return found
    }

    /// The catalog's app-icon set (AppIcon, else the first), a full path.
    static func iconSet(inCatalog catalog: String) -> String? {
        let sets = ((try? FileManager.default.contentsOfDirectory(atPath: catalog)) ?? []).filter { $0.hasSuffix(".appiconset") }.sorted()
        return (sets.first(where: { $0 == "AppIcon.appiconset" }) ?? sets.first).map { (catalog as NSString).appendingPathComponent($0) }
    }

    /// The presets that keep the catalog's app-icon set in its layout.
    static func iconPresets(inCatalog catalog: String) -> [String] {
        iconSet(inCatalog: catalog).map(PresetCatalog.matchingPresets(iconSet:)) ?? []
    }

    /// True when the catalog's app-icon set names an image. Xcode's widget-extension template keeps an empty one, which
    /// no target builds an icon from.
    static func iconSetNamesImage(inCatalog catalog: String) -> Bool {
        guard let set = iconSet(inCatalog: catalog), case .success(let contents) = AssetSetContents.read(set: set) else { return false }
        return contents.entries.contains { $0["filename"] is String }
    }

    /// The catalogs of the project's apps: those of no app extension (Mastodon's OpenInActionExtension and widget, BookPlayer's
    /// and NetNewsWire's widgets keep catalogs with an icon set of their own), or every one where all are an extension's.
    package var appCatalogs: [(path: String, presets: [String])] {
        let apps = catalogs.filter { !extensionCatalogs.contains($0.path) }
        return apps.isEmpty ? catalogs : apps
    }

    /// The catalogs to write into: the apps' with an app-icon set; else the first app's, for a new single-size set.
    package var iconCatalogs: [(path: String, presets: [String])] {
        let withIcons = appCatalogs.filter { !$0.presets.isEmpty }
        if !withIcons.isEmpty { return withIcons }
        return appCatalogs.first.map { [($0.path, ["ios-single"])] } ?? []
    }

    /// How a candidate master ranks: a file named as the icon itself (`icon.png`, `logo.svg`, `app-icon.png`), then any
    /// other that is not one platform's layer or one build's variant of it, then those (Expo's `adaptive-icon.png` and
    /// Folo's `icon-dev.png`, met before its `icon.png` in name order); else the first found, the shallowest (a UI drawing
    /// deep in the sources named `search-icon.svg` is no master).
    struct MasterRank: Comparable {
        var level: Int
        static let none = MasterRank(level: -1)
        static func < (a: MasterRank, b: MasterRank) -> Bool { a.level < b.level }
    }

    /// Names of the icon itself, without extension.
    static let masterNames: Set<String> = ["icon", "logo", "app-icon", "app_icon", "appicon", "app-logo", "applogo", "master", "icon-master"]
    /// Words of a name, or of its folder's, that make it the icon of another product the repository ships (a Messages
    /// extension, a sticker pack), not the app's; so does a name of Xcode's Messages slots (`messages-app-store`).
    static let otherProductWords: Set<String> = ["imessage", "sticker", "stickers"]
    /// Words of a name that make it one platform's layer or one build's variant of the icon, not the icon itself. Icon
    /// Composer names its exports for their appearance in one word (ByteSized's AppIcon-iOS-ClearDark-1024x1024@1x.png
    /// beside its -Default- export): those of the clear and tinted looks are variants too.
    static let layerWords: Set<String> = ["adaptive", "foreground", "background", "monochrome", "splash", "notification", "maskable", "favicon",
                                          "tinted", "dark", "round", "dev", "debug", "staging", "beta", "nightly", "preview", "qa", "test",
                                          "cleardark", "clearlight", "tinteddark", "tintedlight"]

    /// The rank of a file that looks like the master (an SVG, or a square PNG of 1024 px or more, named icon or logo),
    /// nil for any other.
    static func masterRank(name: String, path: String) -> MasterRank? {
        let lower = name.lowercased()
        guard lower.contains("icon") || lower.contains("logo") else { return nil }
        let stem = (lower as NSString).deletingPathExtension
        let words = stem.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        // An iMessage app's or sticker pack's icon (Rainbow's `ios/Rainbow Stickers/icon-messages-app-store-1024x1024.png`,
        // 4:3 art on transparency) is another product's picture, never the app's master.
        let folderWords = (path.parentFolder as NSString).lastPathComponent.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard !(words + folderWords).contains(where: Self.otherProductWords.contains), !stem.contains("messages-app") else { return nil }
        let rank = MasterRank(level: masterNames.contains(stem) ? 2 : words.contains(where: layerWords.contains) ? 0 : 1)
        if lower.hasSuffix(".svg") { return rank }
        guard lower.hasSuffix(".png"), let size = PNGHeader.size(of: path), size.width == size.height, size.width >= 1024 else { return nil }
        return rank
    }

    /// True when the search found any platform's folder, or a .NET MAUI app (whose build makes every platform's icon:
    /// a run from its root is refused and told so, rather than writing a plain folder of icons into it).
    /// (A hicolor tree at the top does not make a project: a plain folder a run wrote the linux preset into has one. One
    /// deeper, as in GNOME apps' data/icons/hicolor, does.)
    package var isProject: Bool {
        !catalogs.isEmpty || androidRoot != nil || webFolder != nil || windowsFolder != nil || extensionFolder != nil || linuxFolder.map { !$0.isEmpty } == true
            || !mauiApps.isEmpty || snapRoot != nil || bundledIcnsFolder != nil
    }

    /// The routes of one variant of the app (a flavour, an environment, a white-label brand): each platform's files
    /// where that platform keeps a variant — Android in the module's `src/NAME/res` source set (beside `src/main`, which
    /// the flavour's resources override), web, Windows and Linux in a `NAME/` folder of their own; Apple's stay in the
    /// catalog (the set is named `AppIcon-NAME` by the caller: `appleIconName(variant:)`).
    package static func variantRoutes(presets names: [String], out: String, variant: String) throws(IconForgeError) -> [(presets: [String], folder: String)] {
        guard !variant.isEmpty, variant.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw .projectLayout(path: variant, .variantName)
        }
        var result: [(presets: [String], folder: String)] = []
        for route in try routes(presets: names, out: out) {
            let platform = (try? PresetCatalog.presets(route.presets[0]))?.first?.platform ?? .apple
            let folder: String
            switch platform {
            case .apple: folder = route.folder
            case .android: folder = androidVariantFolder(route.folder, variant: variant)
            case .web, .windows, .linux, .snap, .browserExtension: folder = (route.folder as NSString).appendingPathComponent(variant)
            }
            if let index = result.firstIndex(where: { $0.folder == folder }) { result[index].presets += route.presets } else { result.append((route.presets, folder)) }
        }
        return result
    }

    /// What a run is told of a Tauri app whose configuration lists its icons in `folder`, which is not there.
    static func tauriIconsMissingNote(_ folder: String) -> String {
        "a Tauri app whose configuration lists its icons in \(folder), which does not exist (made by its build?)"
    }

    /// The app-icon set's name for a variant: `AppIcon-NAME` (what `ASSETCATALOG_COMPILER_APPICON_NAME` then names).
    package static func appleIconName(variant: String, base: String = "AppIcon") -> String { base + "-" + variant }

    /// `src/main/res` → `src/NAME/res`; a module (or a project with an app/ module) → its `src/NAME/res`; else `NAME/`.
    static func androidVariantFolder(_ folder: String, variant: String) -> String {
        let parts = folder.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.count >= 3, parts[parts.count - 1] == "res", parts[parts.count - 3] == "src" {
            return (parts.dropLast(2) + [variant, "res"]).joined(separator: "/")
        }
        for module in ["app", ""] {
            let base = module.isEmpty ? folder : (folder as NSString).appendingPathComponent(module)
            if FileIO.isFolder((base as NSString).appendingPathComponent("src/main/res")) {
                return NSString.path(withComponents: [base, "src", variant, "res"])
            }
        }
        return (folder as NSString).appendingPathComponent(variant)
    }

    /// The built-in preset of a snap's icon, which a Linux preset brings along into a snap's project.
    static let snapPreset = "snap"

    /// The subfolder a plain folder gives each platform when a run writes several into it ("" for Apple's: the folder itself).
    static func plainFolder(_ platform: Preset.Platform) -> String {
        switch platform {
        case .android: "android"
        case .web: "web"
        case .windows: "windows"
        case .linux: "linux"
        case .snap: ""
        case .browserExtension: "extension"
        case .apple: ""
        }
    }

    /// True when every platform folder found is one a plain folder's run puts there (`web/`, `linux/`…), and there is no
    /// catalog, Android module or .NET MAUI app: the folder is what IconForge wrote into a plain folder, not a project.
    var isPlainFolderOutput: Bool {
        guard catalogs.isEmpty, androidRoot == nil, mauiApps.isEmpty, snapRoot == nil, bundledIcnsFolder == nil else { return false }
        let found: [(String?, Preset.Platform)] = [(webFolder, .web), (windowsFolder, .windows), (linuxFolder, .linux), (extensionFolder, .browserExtension)]
        return found.allSatisfy { folder, platform in folder == nil || folder == Self.plainFolder(platform) }
    }

    /// Where each preset (by the name or path given to `--preset`) goes when a run is given `out`:
    /// - into a catalog, a `res/` folder, an `.icon`, or a desktop packager's icon folder (Tauri's `src-tauri/icons`,
    ///   electron-builder's): all of them there, as given;
    /// - into a project's root (one where a catalog, an Android module or a web folder is found): Apple presets into the
    ///   catalog laid out for them (a macOS preset into the catalog whose icon set is the Mac's, as in a Flutter app),
    ///   Android into the module, web into the web folder — throwing, naming the presets whose platform it lacks;
    /// - into a plain folder, presets of several platforms: Apple's into it, Android's into `android/`, web's into `web/`,
    ///   so that one folder does not become a heap.
    /// - into an Expo app's folder (its app.json names images): iOS's, Android's and the web's into the folder itself,
    ///   where the run writes those images (`ExpoIcons.routes`), and into a committed ios/ catalog or android/ as above.
    /// - into a Cordova app's folder (its config.xml): Android's and iOS's into the folder itself, where the run re-renders
    ///   the icons config.xml names in place (`CordovaIcons.routes`); refused for a platform it names no icon for.
    ///
    /// `found` is given the layout the routes were read from, where `out` was searched as a project (a caller that says
    /// more of the project, as generate does of its other Android apps, needs no second search).
    package static func routes(presets names: [String], out: String,
                               found: ((ProjectLayout) -> Void)? = nil) throws(IconForgeError) -> [(presets: [String], folder: String)] {
        var platforms: [(name: String, platform: Preset.Platform, writesIconBundle: Bool)] = []
        for name in names {
            let presets: [Preset]
            do { presets = try PresetCatalog.presets(name) } catch { throw .projectLayout(path: name, .preset(error)) }
            let writesIconBundle = presets.contains { $0.outputs.contains { $0.set.map { ($0 as NSString).pathExtension == "icon" } ?? false } }
            platforms.append((name, presets.first?.platform ?? .apple, writesIconBundle))
        }
        let last = (out as NSString).lastPathComponent
        if ["xcassets", "icon"].contains((out as NSString).pathExtension) || last == "res" || TauriIcons.isIconFolder(out)
            || ElectronBuilder.isIconFolder(out) || ComposeDesktop.isIconFolder(out) { return [(names, out)] }
        var routes: [(presets: [String], folder: String)] = []
        func add(_ name: String, _ relative: String) {
            let folder = relative.isEmpty ? out : out == "." ? relative : (out as NSString).appendingPathComponent(relative)
            if let index = routes.firstIndex(where: { $0.folder == folder }) { routes[index].presets.append(name) } else { routes.append(([name], folder)) }
        }
        let layout = ProjectLayout(root: out)
        found?(layout)
        let severalPlatforms = Set(platforms.map(\.platform)).count > 1
        if let expo = ExpoProject.read(root: out) { return try ExpoIcons.routes(expo, presets: platforms.map { ($0.name, $0.platform) }, layout: layout, out: out) }
        // A Cordova app's root: its config.xml's icons are written in place; what it names none of is refused, not heaped there.
        if let cordova = CordovaConfig.read(root: out),
           let routes = try CordovaIcons.routes(cordova, presets: platforms.map { ($0.name, $0.platform) }, out: out, others: { (rest) throws(IconForgeError) in
               try Self.routes(presets: rest, out: out) }) {
            return routes
        }
        // An Electron app whose configuration names icons its build makes (YouTube Music's assets/generated/icons/…, not
        // in git) is no plain folder, even with a web/ of its own: windows/, linux/ and AppIcon.* heaped at its root
        // would be used by nothing.
        let desktop = platforms.filter { $0.platform == .windows || $0.platform == .linux || $0.name == "macos" }.map(\.name)
        if !desktop.isEmpty, !layout.isProject || layout.isPlainFolderOutput, let electron = ElectronBuilder.read(root: out), !electron.missingIcons.isEmpty {
            throw .projectLayout(path: out, .noFolder(presets: desktop, found: ["an Electron app whose electron-builder configuration names "
                + electron.missingIcons.joined(separator: ", ") + ", which do not exist (made by its build?)"]))
        }
        // A Tauri app's own folder (src-tauri, its configuration in it) whose listed icons its build makes (BongoCat's
        // src-tauri/icons, made by `tauri icon` in its build script and ignored by git): windows/, linux/ and AppIcon.*
        // beside the configuration would be used by nothing, as at the project's root.
        if !desktop.isEmpty, !layout.isProject || layout.isPlainFolderOutput, layout.tauriIcons == nil, let icons = layout.tauriIconsMissing {
            throw .projectLayout(path: out, .noFolder(presets: desktop, found: [Self.tauriIconsMissingNote(out == "." ? icons : (out as NSString).appendingPathComponent(icons))]))
        }
        // A folder holding only what an earlier run of several platforms wrote into it (web/, linux/…) is still a plain
        // folder: the rerun goes where the first run went, rather than asking for the folders it never had.
        guard layout.isProject, !layout.isPlainFolderOutput else {
            guard severalPlatforms || layout.isProject else { return [(names, out)] }
            for (name, platform, _) in platforms {
                // One platform goes into its folder only where the earlier run made one (a rerun of web alone into web/).
                let folder = plainFolder(platform)
                add(name, severalPlatforms || FileIO.isFolder((out as NSString).appendingPathComponent(folder)) ? folder : "")
            }
            return routes
        }
        var missing: [String] = []
        // A hicolor tree deeper than the search goes (Butterfly's app/linux/debian/usr/share/icons/hicolor, seven
        // folders down), looked for only when a Linux preset has no folder: one is taken, several are named.
        var deepLinux: String?, deepTrees: [String] = []
        if platforms.contains(where: { $0.platform == .linux }), layout.linuxFolder == nil, layout.tauriIcons == nil {
            deepTrees = hicolorFolders(root: out)
            if deepTrees.count == 1 { deepLinux = deepTrees[0] }
        }
        for (name, platform, writesIconBundle) in platforms {
            let family = name.hasPrefix("mac") ? "macos" : name.hasPrefix("watch") ? "watch" : "ios"
            // Several catalogs whose app icon is this family's (Rocket.Chat's Official.xcassets and Experimental.xcassets,
            // one per app target): which one a target builds with is the Xcode project's business, and writing into the
            // first would leave the other app with its old icon, unsaid.
            var families = layout.appCatalogs.filter { $0.presets.contains { $0.hasPrefix(family) } }
            // An extension's catalog whose set is Xcode's empty template (Spotube's ios/HomePlayerWidget, a widget,
            // beside ios/Runner's filled AppIcon) is no second app: the one filled set is the app's.
            if families.count > 1 {
                let filled = families.filter { iconSetNamesImage(inCatalog: (out as NSString).appendingPathComponent($0.path)) }
                if filled.count == 1 { families = filled }
            }
            let packagerIcns = family == "macos" && layout.icnsFolder != nil
            if platform == .apple, !(writesIconBundle && !layout.iconBundles.isEmpty), !packagerIcns, families.count > 1 {
                throw .projectLayout(path: out, .severalFolders(presets: [name], folders: families.map(\.path)))
            }
            let relative: String? = switch platform {
            case .android: layout.androidRoot
            case .web: layout.webFolder
            case .windows: layout.windowsFolder
            case .linux: layout.linuxFolder ?? layout.tauriLinux ?? deepLinux
            case .snap: layout.snapRoot
            case .browserExtension: layout.extensionFolder
            // An Icon Composer preset updates the project's own .icon where it has one (Xcode 26 takes it from the
            // target's folder), rather than adding a second inside the catalog.
            case .apple where writesIconBundle && !layout.iconBundles.isEmpty: layout.iconBundles[0].parentFolder
            // A desktop packager's .icns (the one a Tauri app's bundle.icon lists) is the Mac app's icon: a catalog of Mac
            // icons elsewhere in the project is another app's (openai-translator's src-safari, the Safari extension's host).
            case .apple where packagerIcns: layout.icnsFolder
            case .apple: families.first?.path
                ?? (family == "macos" ? layout.icnsFolder : nil)
                ?? (layout.appCatalogs.count == 1 ? layout.appCatalogs.first : layout.appCatalogs.first { $0.presets.isEmpty })?.path
            }
            // A snap's store icon is the Linux app's icon too: a Linux preset refreshes it (snap's own preset), and in a
            // project whose only Linux packaging is the snap, that is all it writes.
            if platform == .linux, let snap = layout.snapRoot, !platforms.contains(where: { $0.platform == .snap }) {
                if !routes.contains(where: { $0.presets.contains(Self.snapPreset) }) { add(Self.snapPreset, snap) }
                if relative == nil { continue }
            }
            if let relative { add(name, relative) } else { missing.append(name) }
        }
        if !missing.isEmpty {
            let found = layout.catalogs.map { "asset catalog \($0.path)" }
                + [layout.androidRoot.map { "Android project \($0.isEmpty ? "." : $0)" }, layout.webFolder.map { "web folder \($0.isEmpty ? "." : $0)" },
                   layout.windowsFolder.map { "Windows assets \($0)" }, layout.linuxFolder.map { "Linux icons in \($0.isEmpty ? "." : $0)" },
                   layout.extensionFolder.map { "browser extension \($0.isEmpty ? "." : $0)" },
                   layout.snapRoot.map { "snap \($0.isEmpty ? "." : $0)" },
                   layout.tauriIcons == nil ? layout.tauriIconsMissing.map(Self.tauriIconsMissingNote) : nil].compactMap { $0 }
                + (deepTrees.count > 1 ? ["hicolor themes in \(deepTrees.joined(separator: ", ")) (several: give --out the one the app installs)"] : [])
                + layout.mauiNotes
            throw .projectLayout(path: out, .noFolder(presets: missing, found: found))
        }
        return routes
    }
}

/// `iconforge init`'s starter iconforge.yml, from what a project holds.
extension ProjectLayout {
    /// What was found, in one line ("found asset catalog …, Android project ., master icon.svg").
    package var summary: String {
        let parts = [expoApp.map { "Expo app \($0.config) (\($0.presets.joined(separator: ", ")))" }].compactMap { $0 }
            + iconCatalogs.map { "asset catalog \($0.path) (\($0.presets.joined(separator: ", ")))" } + [androidRoot.map { "Android project \($0.isEmpty ? "." : $0)" }].compactMap { $0 }
            + (expoApp == nil ? otherAndroidApps.map { "Android app \($0)" } : []) + [
                     webFolder.map { "web folder \($0.isEmpty ? "." : $0)" }, extensionFolder.map { "browser extension \($0.isEmpty ? "." : $0)" },
                     desktopPresets.isEmpty ? nil : "desktop icons (\(desktopPresets.joined(separator: ", ")))"].compactMap { $0 }
            + mauiNotes + masterSummary
        return parts.isEmpty ? "nothing recognised; edit the placeholders" : "found " + parts.joined(separator: ", ")
    }

    /// The master, or the masters when the jobs' apps each have theirs (`master(for:)`), as the summary names them.
    private var masterSummary: [String] {
        let outs = iconCatalogs.map(\.path) + [androidRoot].compactMap { $0 } + otherAndroidApps + [webFolder, extensionFolder].compactMap { $0 }
        var masters: [String] = []
        for chosen in outs.compactMap(master(for:)) + [master].compactMap({ $0 }) where !masters.contains(chosen) { masters.append(chosen) }
        guard masters.count > 1 else { return master.map { ["master \($0)"] } ?? [] }
        return ["masters " + masters.joined(separator: ", ")]
    }

    /// What is said of each .NET MAUI app found: its build makes its icons, from its `<MauiIcon>`.
    var mauiNotes: [String] {
        mauiApps.map { app in
            ".NET MAUI app \(app.project) (its build makes every platform's icon from "
                + (app.icon.map { "<MauiIcon> \($0)" } ?? "its <MauiIcon>") + "; no job writes them)"
        }
    }

    /// The desktop presets the project has a place for: `windows` (an MSIX package's assets, a desktop packager's
    /// `.ico`), `macos` (a packager's `.icns`, where no catalog holds the Mac's icon), `linux` (a hicolor tree, a
    /// packager's PNGs), `snap` (a snap's recipe, where there is no other Linux folder).
    var desktopPresets: [String] {
        let macCatalog = iconCatalogs.contains { $0.presets.contains { $0.hasPrefix("macos") } }
        return [windowsFolder != nil ? "windows" : nil, icnsFolder != nil && !macCatalog ? "macos" : nil,
                (linuxFolder ?? tauriLinux) != nil ? "linux" : nil,
                // (A linux preset brings the snap's icon along; a project whose only Linux packaging is a snap is named so.)
                snapRoot != nil && (linuxFolder ?? tauriLinux) == nil ? Self.snapPreset : nil].compactMap { $0 }
    }

    /// Words of a job's folder that name no app: the platforms' and build tools' own folders.
    static let folderWords: Set<String> = ["app", "apps", "src", "main", "res", "resources", "assets", "xcassets", "ios", "android", "macos",
                                           "windows", "linux", "public", "static", "www", "images", "icons", "platforms", "mipmap"]

    /// The master for a job writing into `out`: of several candidates, the best-ranked one whose name holds a word of
    /// `out`'s folders that names an app (OSS-DocumentScanner's `graphics/documentscanner-icon.svg` for
    /// `App_Resources/documentscanner/iOS/Assets.xcassets`, its `cardwallet-icon.svg` for the other app's); else the
    /// project's one master. Two apps' jobs never get one app's icon because it was found first.
    func master(for out: String) -> String? {
        let words = Set(out.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.count >= 3 && !Self.folderWords.contains($0) })
        guard !words.isEmpty else { return master }
        let named = masterCandidates.filter { candidate in
            let stem = ((candidate.path as NSString).lastPathComponent.lowercased() as NSString).deletingPathExtension
            return stem.split { !$0.isLetter && !$0.isNumber }.contains { words.contains(String($0)) }
        }
        return named.max { $0.rank < $1.rank }?.path ?? master
    }

    /// The starter file: one job per platform found (iOS when nothing is), with the options worth knowing commented.
    package func starter() -> String {
        var text = """
            # iconforge.yml: run 'iconforge generate' with no arguments to make every icon below.
            # Paths are relative to this file. Any 'generate' option can be given by its long name
            # (see 'iconforge generate --help'); 'iconforge presets' lists the presets. Add 'preview: true'
            # to a job for a contact sheet of its outputs; 'iconforge watch' reruns jobs when their files change.
            jobs:

            """
        func job(_ presets: String, _ out: String, _ extra: [String] = []) {
            let chosen = master(for: out)
            text += "  - master: \(chosen ?? "design/icon.svg")\(chosen == nil ? "   # your master: SVG, PNG (1024 or larger), JPEG or Icon Composer .icon" : "")\n"
            text += "    presets: [\(presets)]\n    out: \(out)\n"
            for line in extra { text += "    \(line)\n" }
        }
        // An Expo app: one job from its root, which writes the images its configuration names (where prebuild makes the
        // native icons from them) and a committed catalog or android/ too; a job of a catalog at the root would make a
        // catalog nothing reads (obytes' template: only app.config.ts).
        if let expoApp { job(expoApp.presets.joined(separator: ", "), ".") }
        for catalog in iconCatalogs where expoApp == nil {
            // The appearance variants are ios-single's; the other layouts keep their slots.
            let variants = catalog.presets.contains("ios-single") ? ["# dark: design/icon-dark.svg     # Xcode 16 appearance variants", "# tinted: auto"]
                : catalog.presets.contains("ios") ? ["# presets: [ios-single] switches to Xcode 16's single size (with dark and tinted variants)"] : []
            let alternate = catalog.presets.contains { $0.hasPrefix("ios") } ? ["# alternate: {Holiday: design/holiday.png}"] : []
            job(catalog.presets.joined(separator: ", "), catalog.path, variants + alternate)
        }
        // A TV app's banner, which the TV launcher shows in its row of apps, is redrawn with the icon (in place, at each density).
        if let androidRoot, expoApp == nil { job(androidTVBanner ? "android, android-tv" : "android", androidRoot.isEmpty ? "." : androidRoot, ["# android-background: \"#FFFFFF\"", "# monochrome: design/glyph.svg"]) }
        // The project's other apps (Wear OS samples' Wearable/ beside Application/): a job each, into its own res/, since
        // a run from the root writes one app's icon; each takes the master named for it, when there is one.
        for res in otherAndroidApps where expoApp == nil { job("android", res) }
        // A site at the root (its index.html there, no Vite public/) is ".": an empty out: reads as no folder at all.
        if let webFolder, expoApp == nil { job("web", webFolder.isEmpty ? "." : webFolder) }
        if let extensionFolder { job("browser-extension", extensionFolder.isEmpty ? "." : extensionFolder) }
        // Windows packages, icon themes and desktop packagers' icons: one job from the root, which routes each preset
        // to its folder (a Tauri app's src-tauri/icons, an MSIX package's Assets, a hicolor tree).
        if !desktopPresets.isEmpty { job(desktopPresets.joined(separator: ", "), ".", ["# app-id: org.example.App     # the Linux icons' name"]) }
        for note in mauiNotes { text += "  # \(note)\n" }
        if catalogs.isEmpty && androidRoot == nil && webFolder == nil && extensionFolder == nil && desktopPresets.isEmpty && expoApp == nil {
            job("ios-single", "Assets.xcassets", ["# presets can be several: [ios-single, android, web, macos]"])
        }
        return text
    }
}

/// Why a project's layout cannot route a request. The description follows the path concerned (the variant's name, the
/// preset's, the project's root).
public enum ProjectLayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A variant's name that is not a plain name (letters, digits, - and _).
    case variantName
    /// A preset that cannot be read.
    case preset(PresetError)
    /// A project's root with no folder for `presets`' platforms; `found` is what the project has.
    case noFolder(presets: [String], found: [String])
    /// A project's root with several folders for `presets` (asset catalogs with an app icon of theirs, one per target).
    case severalFolders(presets: [String], folders: [String])

    public var description: String {
        switch self {
        case .variantName: "a variant's name is a plain name such as dev or staging"
        case .preset(let error): "\(error)"
        case .noFolder(let presets, let found):
            "has no folder for \(presets.joined(separator: ", ")) (found: \(found.joined(separator: ", "))); "
                + "give --out that folder for those presets, or generate them in a run of their own"
        case .severalFolders(let presets, let folders):
            "has several asset catalogs with an app icon for \(presets.joined(separator: ", ")) (\(folders.joined(separator: ", ")), "
                + "one per app target): give --out the one to write into, or run once for each"
        }
    }
}
