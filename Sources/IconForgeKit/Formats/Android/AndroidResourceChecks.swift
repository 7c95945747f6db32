import Foundation
import PNGCodec
import Raster

/// `validate`'s rules for an Android `res/` folder's launcher icons: every density's `ic_launcher` at its exact
/// size (48 dp; a TV app's may have Android TV's 80 dp), the adaptive layers at 108 dp, every reference of the adaptive icon XML resolving, a monochrome layer
/// for themed icons, and the Play Store icon beside `res/`.
enum AndroidResourceChecks {
    /// Density folders and their sizes in pixels: the 48 dp launcher icon and the 108 dp adaptive layers.
    static let densities: [(name: String, legacy: Int, layer: Int)] = [
        ("mdpi", 48, 108), ("hdpi", 72, 162), ("xhdpi", 96, 216), ("xxhdpi", 144, 324), ("xxxhdpi", 192, 432),
    ]

    /// True for a folder that holds launcher icons: it has `mipmap-*` folders, or the unqualified `mipmap/` alone (Mihon's
    /// adaptive icon at minSdk 26).
    static func isResourceFolder(_ path: String) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).contains { $0.hasPrefix("mipmap-") || $0 == "mipmap" }
    }

    /// The API level a resource folder's `-vNN` qualifier gives it (`mipmap-anydpi-v26` → 26); 0 without one.
    static func apiLevel(ofFolder folder: String) -> Int {
        folder.split(separator: "-").dropFirst().lazy.compactMap { part in part.first == "v" ? Int(part.dropFirst()) : nil }.first ?? 0
    }

    /// The launcher icon a `res/` folder no manifest speaks for holds under another name than `ic_launcher`: with no
    /// `ic_launcher` in it, the one picture every density folder has (mangayomi's `android/tv_res`, copied over main's
    /// by its TV build, holds flutter_launcher_icons' `launcher_icon`); nil otherwise.
    static func heldLauncher(res: String) -> String? {
        let manager = FileManager.default
        let folders = densities.map { "mipmap-" + $0.name }.filter { manager.fileExists(atPath: (res as NSString).appendingPathComponent($0)) }
        guard !folders.isEmpty else { return nil }
        let held = folders.map { folder in
            Set(((try? manager.contentsOfDirectory(atPath: (res as NSString).appendingPathComponent(folder))) ?? [])
                .filter { ["png", "webp", "jpg"].contains(($0 as NSString).pathExtension.lowercased()) }.map { ($0 as NSString).deletingPathExtension })
        }
        guard !held.contains(where: { $0.contains("ic_launcher") }) else { return nil }
        let common = held.dropFirst().reduce(held[0]) { $0.intersection($1) }
            .filter { name in !["_round", "_foreground", "_background", "_monochrome"].contains { name.hasSuffix($0) } }
        return common.count == 1 ? common.first : nil
    }

    static func check(res: String, limits: PNGLimits) -> (findings: [SetFinding], files: [String]) {
        var findings: [SetFinding] = [], files: [String] = []
        let manager = FileManager.default
        func report(_ path: String, _ finding: Finding) { findings.append(SetFinding(path: path, finding: finding)) }
        let project = AndroidProject(res: res)
        func find(_ folder: String, _ base: String) -> String? {
            for ext in ["png", "webp", "jpg"] {
                let path = (res as NSString).appendingPathComponent("\(folder)/\(base).\(ext)")
                if manager.fileExists(atPath: path) { return path }
            }
            return nil
        }
        /// `inset`: the fraction of each side a layer drawn through `<inset android:inset="16.7%">` leaves out.
        func checkSize(_ path: String, _ pixels: Int, _ label: String, layer: Bool, inset: Double? = nil) {
            files.append(path)
            guard let bytes = try? FileIO.read(path) else { return }
            let size = FileKind.pixelSize(bytes)
            guard let size else {
                report(path, Finding(.decode, .error, "\((path as NSString).lastPathComponent) is not an image Android reads", fix: "re-export it as PNG"))
                return
            }
            // A layer drawn inset (Ionic's, cordova-res's and @capacitor/assets' adaptive icons) fills the 108 dp less its
            // margins; a square picture of that size or larger (those tools write the full 108 dp) is scaled down whole into
            // it, which neither lint nor a launcher minds. A smaller one is scaled up, soft.
            let pixels = inset.map { Int((Double(pixels) * (1 - 2 * $0)).rounded()) } ?? pixels
            guard size != PixelSize(width: pixels, height: pixels) else { return }
            if inset != nil, size.width == size.height, size.width > pixels { return }
            // A TV app's launcher icon at the size Android TV's icon guidelines give it, 80 dp (Jellyfin's 80x80 at mdpi to
            // 320x320 at xxxhdpi; Google TV's review asks for at least 160x160 at xhdpi): right, not a 48 dp icon too large.
            if !layer, inset == nil, project.isTVApp, size == PixelSize(width: pixels * 5 / 3, height: pixels * 5 / 3) { return }
            // A launcher icon a few pixels off its density's size, square or not (Mattermost's 72x73), is drawn scaled
            // (lint's IconDipSize warns); so is an inset layer of another size, blurred or sharpened but never cropped.
            // A launcher icon far off its size is blurred; a layer is scaled to the icon's bounds (below).
            let near = !layer && abs(size.width - pixels) * 10 <= pixels && abs(size.height - pixels) * 10 <= pixels
            // A square layer larger than 108 dp is scaled down to the icon's bounds whole (flutter_launcher_icons writes
            // 240 dp ones): bytes spent, nothing cropped or blurred. A smaller one is blurred.
            let oversized = layer && size.width == size.height && size.width > pixels
            // A smaller square one is scaled up to the same bounds (flutter_server_box's 48 dp monochrome layers): soft,
            // never cropped; AAPT2 and lint take it. A layer that is not square is stretched: an error.
            let undersized = layer && size.width == size.height && size.width < pixels
            let insetLabel = inset.map { ", drawn inset by \(String(format: "%g", ($0 * 1000).rounded() / 10))%," } ?? ""
            let scaling = oversized ? ": Android scales it down whole"
                : undersized ? ": Android scales it up \(String(format: "%.2g", Double(pixels) / Double(size.width)))×, soft" : ""
            report(path, Finding(.size, near || inset != nil || oversized || undersized ? .warning : .error,
                                 "\(label)\(insetLabel) is \(size) but should be \(pixels)x\(pixels)" + scaling,
                                 fix: "run 'iconforge generate MASTER --preset android'", reference: "Android: launcher icon sizes per density"))
        }
        // The launcher icon the manifest names (Tasks.org's @mipmap/ic_launcher_blue) is the one the app shows, and the
        // one checked, when the module has it; else Android Studio's ic_launcher.
        func named(_ reference: String?, _ fallback: String) -> String {
            guard let reference, reference.hasPrefix("@mipmap/") else { return fallback }
            let name = String(reference.dropFirst("@mipmap/".count))
            return project.moduleFiles(type: "mipmap", name: name).isEmpty ? fallback : name
        }
        let launcher = named(project.manifestIcon, project.manifestIcon == nil ? heldLauncher(res: res) ?? "ic_launcher" : "ic_launcher")
        let round = named(project.manifestRoundIcon, "ic_launcher_round")
        // The adaptive icon definitions, read once; one that cannot be read is reported with the others below.
        var unreadable: [(path: String, error: FileError)] = []
        let definitions = AndroidProject.adaptiveIconFiles(in: res, names: [launcher + ".xml", round + ".xml"]) { unreadable.append(($0, $1)) }
        // An <adaptive-icon> in a folder that applies below API 26 (mipmap-anydpi/, mipmap/, drawable/, a density folder) while
        // the module's minSdk is lower: AAPT2 stops the build. Read from each XML's first 4 KB.
        if let minSdk = project.minSdk, minSdk < 26 {
            let folders = ((try? manager.contentsOfDirectory(atPath: res)) ?? []).filter { folder in
                ["mipmap", "drawable"].contains(String(folder.prefix { $0 != "-" })) && apiLevel(ofFolder: folder) < 26
            }.sorted()
            for folder in folders {
                let path = (res as NSString).appendingPathComponent(folder)
                for file in ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted() where file.hasSuffix(".xml") {
                    let full = (path as NSString).appendingPathComponent(file)
                    guard let head = try? FileIO.readPrefix(full, upTo: 4096),
                          AndroidProject.withoutComments(String(decoding: head, as: UTF8.self)).contains("<adaptive-icon") else { continue }
                    let type = String(folder.prefix { $0 != "-" })
                    if !files.contains(full) { files.append(full) }
                    report(full, Finding(.adaptiveIcon, .error, "\(folder)/\(file) is an <adaptive-icon> in a folder that applies below API 26, and the module's "
                                         + "minSdk is \(minSdk): AAPT2 stops the build (\"<adaptive-icon> elements require a sdk version of at least 26\")",
                                         fix: "move it to \(type)-anydpi-v26/ (older devices then need a picture of that name in the density folders), or raise minSdk to 26"))
                }
            }
        }
        // The mipmap layers an adaptive icon draws through <inset>, and by how much.
        var insets: [String: Double] = [:]
        for definition in definitions {
            for (name, fraction) in AdaptiveIconXML.insetLayers(in: definition.text) where insets[name] == nil { insets[name] = fraction }
        }
        // The layers' pictures, under the names the adaptive icons give them (the manifest's @mipmap/app_icon draws
        // @mipmap/app_icon_foreground); Android Studio's when there is no adaptive icon.
        var layers: [(String, String)] = []
        for definition in definitions where definition.text.contains("<adaptive-icon") {
            for (element, type, name) in AdaptiveIconXML.references(in: definition.text) where ["foreground", "background", "monochrome", "inset"].contains(element)
                && ["mipmap", "drawable"].contains(type) && !layers.contains(where: { $0 == (type, name) }) {
                layers.append((type, name))
            }
        }
        if !definitions.contains(where: { $0.text.contains("<adaptive-icon") }) {
            layers = ["foreground", "background", "monochrome"].map { ("mipmap", "\(launcher)_\($0)") }
        }
        let unversioned = definitions.contains { ["mipmap-anydpi", "mipmap"].contains($0.folder) && $0.name == launcher + ".xml" && $0.text.contains("<adaptive-icon") }
        // A source set other than main (a build type's or flavour's overlay: src/debug/res with one foreground) holds only
        // what it overrides: the rest comes from main, so nothing is missing from it.
        let overlay = AndroidProject.sourceSet(of: URL(fileURLWithPath: res).standardizedFileURL.path).map { !AndroidProject.mainSourceSets.contains($0) } ?? false
        // With the adaptive icon in mipmap-anydpi (which AAPT2 accepts only at minSdk 26 and up), or minSdk 26 and up
        // in the Gradle file, every device draws the adaptive icon: density PNGs are not needed (Android Studio's own
        // template writes none).
        let pngsNeeded = !(unversioned || overlay || (project.minSdk ?? 0) >= 26)
        // Whether a launcher icon has a picture in mipmap-nodpi, looked up once per name (not once per density).
        var nodpiPicture: [String: Bool] = [:]
        func hasNodpiPicture(_ name: String) -> Bool {
            if let known = nodpiPicture[name] { return known }
            let found = project.moduleFiles(type: "mipmap-nodpi", name: name).contains { !$0.hasSuffix(".xml") }
            nodpiPicture[name] = found
            return found
        }
        /// A launcher icon's density pictures: each at its size, none missing where the PNGs are needed.
        func checkDensity(_ density: (name: String, legacy: Int, layer: Int), _ name: String, needed: Bool) {
            let folder = "mipmap-" + density.name
            if let path = find(folder, name) {
                checkSize(path, density.legacy, "\(folder)/\(name)", layer: false)
            } else if needed, !project.moduleFiles(type: folder, name: name).contains(where: { !$0.hasSuffix(".xml") }),
                      !hasNodpiPicture(name) {
                // Density PNGs every flavour holds (KeePassDX's src/free/res and src/libre/res, main having only the
                // adaptive icon) are in every build: not missing from main.
                // A picture in mipmap-nodpi (SmartTube's 320 px app_icon, its only one) is every density's: the launcher
                // draws it scaled to the icon's size, so no density lacks the icon.
                // With no density picture at all (nowinandroid's catalog app: mipmap-anydpi-v26 only, minSdk 23), there is
                // nothing to scale: Android 7.1 and older find no icon of that name.
                let none = !densities.contains { find("mipmap-" + $0.name, name) != nil }
                    && !project.moduleFiles(type: "mipmap", name: name).contains { !$0.hasSuffix(".xml") }
                let consequence = none ? "no density has one, so Android 7.1 and older (below API 26) have no \(name) to draw"
                    : "devices of that density scale another one"
                report((res as NSString).appendingPathComponent(folder), Finding(.missingSize, .error, "\(folder)/\(name) is missing "
                    + "(\(density.legacy)x\(density.legacy)); \(consequence)", fix: "run 'iconforge generate MASTER --preset android'",
                    reference: "Android: launcher icon sizes per density"))
            }
        }
        // The icons of the manifest's activity aliases (wikimedia's @mipmap/launcher_yir25, which the user can switch to) are
        // launcher icons too (lint's IconDipSize and IconDensities): those the module defines, other than the two above.
        let aliases = project.manifestAliasIcons.compactMap { icon -> (name: String, needed: Bool)? in
            guard icon.hasPrefix("@mipmap/") else { return nil }
            let name = String(icon.dropFirst("@mipmap/".count))
            guard name != launcher, name != round, !project.moduleFiles(type: "mipmap", name: name).isEmpty else { return nil }
            let adaptiveEverywhere = AndroidProject.adaptiveIconFiles(in: res, names: [name + ".xml"])
                .contains { ["mipmap-anydpi", "mipmap"].contains($0.folder) && $0.text.contains("<adaptive-icon") }
            return (name, !(adaptiveEverywhere || overlay || (project.minSdk ?? 0) >= 26))
        }
        for density in densities {
            let folder = "mipmap-" + density.name
            checkDensity(density, launcher, needed: pngsNeeded)
            for alias in aliases { checkDensity(density, alias.name, needed: alias.needed) }
            if let path = find(folder, round) { checkSize(path, density.legacy, "\(folder)/\(round)", layer: false) }
            for (type, layer) in layers {
                let folder = type + "-" + density.name
                if let path = find(folder, layer) { checkSize(path, density.layer, "\(folder)/\(layer) (108 dp)", layer: true, inset: insets[layer]) }
            }
        }
        // Every reference of every adaptive icon resolves (in any res/ root of the project, or the framework's); a
        // monochrome layer in any of them that applies on API 33 counts for all.
        for (path, error) in unreadable {
            report(path, Finding(.adaptiveIcon, .error, "\(error)", fix: "replace it with a real adaptive icon definition"))
        }
        files += definitions.map(\.path)
        // A background drawn through <inset> (@capacitor/assets: `<background><inset android:inset="16.7%"/></background>`)
        // covers the 72 dp the mask shows at rest and nothing beyond: when the launcher moves or scales the layers
        // (parallax, the opening animation) its edges show. Said once per background layer.
        var insetBackgrounds = Set<String>()
        for definition in definitions where definition.text.contains("<adaptive-icon") {
            let text = AndroidProject.withoutComments(definition.text)
            guard let open = text.range(of: "<background"), let close = text.range(of: "</background>", range: open.upperBound..<text.endIndex),
                  text[open.upperBound..<close.lowerBound].contains("<inset"),
                  let layer = AdaptiveIconXML.layerReferences(in: definition.text).first(where: { $0.0 == "background" }),
                  insetBackgrounds.insert("\(layer.1)/\(layer.2)").inserted else { continue }
            report(definition.path, Finding(.adaptiveIcon, .warning, "\(definition.name): the background @\(layer.1)/\(layer.2) is drawn through <inset>, so it "
                                            + "covers only the 72 dp shown at rest, not the full 108 dp layer: its edges show when the launcher moves or "
                                            + "scales the layers (parallax, the opening animation)",
                                            fix: "name a full-bleed 108 dp background (or a colour) in <background android:drawable> itself ('iconforge generate MASTER --preset android')"))
        }
        // The manifest may name a drawable (PeopleInSpace's Wear OS app names a vector drawable):
        // that is the icon shown, adaptive when one of its definitions is an <adaptive-icon>, and the one the warning names.
        let drawableIcon = project.manifestIcon.flatMap { $0.hasPrefix("@drawable/") ? String($0.dropFirst("@drawable/".count)) : nil }
        let drawableFiles = drawableIcon.map { project.moduleFiles(type: "drawable", name: $0) } ?? []
        if let drawableIcon, !drawableFiles.isEmpty, !overlay {
            let adaptive = drawableFiles.contains { file in
                file.hasSuffix(".xml") && ((try? FileIO.readPrefix(file, upTo: 4096)).map { String(decoding: $0, as: UTF8.self).contains("<adaptive-icon") } ?? false)
            }
            if !adaptive {
                report(res, Finding(.adaptiveIcon, .warning, "the launcher icon the manifest names, @drawable/\(drawableIcon), is no adaptive icon: Android 8 "
                                    + "and later show it shrunk inside a white shape", fix: "run 'iconforge generate MASTER --preset android' and name "
                                    + "@mipmap/ic_launcher in the manifest"))
            }
        } else if definitions.isEmpty, !overlay, !manager.fileExists(atPath: (res as NSString).appendingPathComponent("mipmap-anydpi-v26")) {
            report(res, Finding(.adaptiveIcon, .warning, "no mipmap-anydpi-v26/\(launcher).xml: Android 8 and later show the legacy "
                                + "icon shrunk inside a white shape", fix: "run 'iconforge generate MASTER --preset android'"))
        }
        // The module's other adaptive icons (Aegis's ic_launcher_debug, an activity alias's) fail the build as surely when
        // one of their layers is gone.
        let iconFolders = ((try? manager.contentsOfDirectory(atPath: res)) ?? []).filter { $0 == "mipmap" || $0.hasPrefix("mipmap-anydpi") }
        let otherNames = Set(iconFolders.flatMap { folder in
            ((try? manager.contentsOfDirectory(atPath: (res as NSString).appendingPathComponent(folder))) ?? []).filter { $0.hasSuffix(".xml") }
        }).subtracting([launcher + ".xml", round + ".xml"]).sorted().prefix(AdaptiveIconXML.maxReferences * 4)
        let others = AndroidProject.adaptiveIconFiles(in: res, names: Array(otherNames)).filter { $0.text.contains("<adaptive-icon") }
        files += others.map(\.path)
        for definition in definitions + others where definition.text.contains("<adaptive-icon") {
            // Another icon's name from an outside library (Fossify's @color/md_amber_700 from Fossify Commons) is only a build's to tell.
            for (element, type, resource) in AdaptiveIconXML.references(in: definition.text) where !project.resolves(type: type, name: resource)
                && !(project.hasExternalDependencies && !definitions.contains(where: { $0.path == definition.path })) {
                // With a library from outside the project in the build, the name may be one of its resources: AAPT2
                // resolves it there, and only a build can tell.
                if project.hasExternalDependencies {
                    report(definition.path, Finding(.adaptiveIcon, .warning, "\(definition.name): <\(element)> names @\(type)/\(resource), which no resource of "
                                                    + "this project defines; the build fails unless one of the module's dependencies does",
                                                    fix: "check that a dependency defines it, or add the resource"))
                } else {
                    report(definition.path, Finding(.adaptiveIcon, .error, "\(definition.name): <\(element)> names @\(type)/\(resource), which no resource defines",
                                                    fix: "add the resource, or run 'iconforge generate MASTER --preset android'"))
                }
            }
        }
        let launchers = definitions.filter { $0.name == launcher + ".xml" && $0.text.contains("<adaptive-icon") }
        // A Wear OS app's launcher draws no themed icons.
        if let first = launchers.first, !launchers.contains(where: { $0.text.contains("<monochrome") }), !AndroidProject.isWatchApp(module: AndroidProject.module(of: res)) {
            report(first.path, Finding(.adaptiveIcon, .warning, "\(launcher).xml has no <monochrome> layer: with themed icons on, Android 13 to 16 QPR1 "
                                       + "shows it unthemed among themed ones (only Android 16 QPR2 makes one itself)", fix: "add one ('iconforge generate --preset android --monochrome FILE|auto')"))
        }
        // Notification and splash screen icons in the drawable folders (which the walk does not enter).
        for (path, kind) in specialDrawables(res: res).sorted(by: { $0.key < $1.key }) {
            files.append(path)
            for finding in kind.findings(path, limits: limits) { report(path, finding) }
        }
        // The Play Store listing icon, as Android Studio places it beside res/.
        let play = (res.parentFolder as NSString).appendingPathComponent("ic_launcher-playstore.png")
        if manager.fileExists(atPath: play) {
            files.append(play)
            for finding in playIconFindings(play, limits: limits) { report(play, finding) }
        }
        // The resources the module's manifest names for the launcher and the TV launcher exist (checked once, from main).
        if !overlay {
            let manifest = AndroidProject.manifestPath(module: AndroidProject.module(of: res))
            for finding in manifestFindings(project) { report(manifest, finding) }
        }
        // A library module's launcher icon that an application module of the project defines too is never the one the
        // app shows (the app's resources override its libraries'): what is wrong with it breaks nothing — unless another
        // application module names that icon and defines none of its own (Confetti's androidApp shows shared/'s, while
        // its wearApp has its own).
        let defining = project.roots(definingFile: "mipmap", name: "ic_launcher").filter { !project.moduleRoots.contains($0) }.map(AndroidProject.module(of:))
        let applications = project.otherApplicationModules
        let relying = applications.contains { module in
            !defining.contains(module) && AndroidProject.readManifestIcons(module: module).0 == "@mipmap/ic_launcher"
        }
        if project.isLibrary, !relying, let app = project.roots(definingFile: "mipmap", name: "ic_launcher").first(where: { root in
            !project.moduleRoots.contains(root) && !AndroidProject.isLibrary(module: AndroidProject.module(of: root))
        }) {
            let name = (AndroidProject.module(of: app) as NSString).lastPathComponent
            findings = findings.map { found in
                var found = found
                guard found.finding.rule != .playIcon else { return found }
                found.finding.severity = .warning
                found.finding.message += " (a library's launcher icon: the application module \(name) defines the one the app shows)"
                return found
            }
        } else if project.isLibrary, project.manifestIcon == nil, project.manifestRoundIcon == nil {
            // A library whose manifest names no icon, in a project whose application modules name others (SmartTube's
            // leanbackassistant keeps an ic_launcher; its app names @mipmap/app_icon): no launcher draws it, so what is
            // wrong with it breaks nothing.
            let apps = applications.map { AndroidProject.readManifestIcons(module: $0) }
            let icons = Set(apps.flatMap { [$0.0, $0.1].compactMap { $0 } })
            if !icons.isEmpty, !icons.contains("@mipmap/" + launcher) {
                findings = findings.map { found in
                    var found = found
                    guard found.finding.rule != .playIcon, found.finding.severity == .error else { return found }
                    found.finding.severity = .warning
                    found.finding.message += " (a library's \(launcher), which no application module's manifest names as its icon)"
                    return found
                }
            }
        }
        return (findings, files)
    }

    /// The manifest's `android:icon`, `android:roundIcon` and `android:banner` each name a resource some root defines (an
    /// icon nothing defines fails the build; with an outside library in the build it may be the library's: a warning);
    /// the banner's bitmap is 320x180 in an xhdpi folder; a TV app (`LEANBACK_LAUNCHER`) names a banner.
    static func manifestFindings(_ project: AndroidProject) -> [Finding] {
        var findings: [Finding] = []
        let named = [("icon", project.manifestIcon, ValidationRule.manifestIcon), ("roundIcon", project.manifestRoundIcon, .manifestIcon),
                     ("banner", project.manifestBanner, .tvBanner)]
        for (attribute, value, rule) in named {
            guard let value, value.hasPrefix("@"), !value.hasPrefix("@android:"), !value.hasPrefix("@null") else { continue }
            let parts = value.dropFirst().split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].contains(":") else { continue }
            let (type, name) = (parts[0], parts[1])
            guard project.resolves(type: type, name: name) else {
                let severity: Severity = project.hasExternalDependencies ? .warning : .error
                let why = project.hasExternalDependencies ? "the build fails unless one of the module's dependencies does" : "the build fails (AAPT2: resource not found)"
                findings.append(Finding(rule, severity, "the manifest's android:\(attribute) is \(value), which no resource of this project defines: \(why)",
                                        fix: rule == .tvBanner ? "run 'iconforge generate MASTER --preset android-tv'" : "add the icon, or name the one the app has"))
                continue
            }
            guard rule == .tvBanner else { continue }
            // The launcher icon named as the banner too (LibreTube's android:banner="@mipmap/ic_launcher") is a choice,
            // not a wrong-sized banner file: AAPT2 and lint accept it and the TV shows it, only not filling its 16:9
            // frame. Its PNG is the launcher's and must stay square, so the fix is a banner of its own, not that file.
            if [project.manifestIcon, project.manifestRoundIcon].contains(value) {
                findings.append(Finding(.tvBanner, .warning, "the manifest's android:banner is \(value), the app's launcher icon: it is square, "
                                        + "and Android TV's row of apps draws the banner in a 16:9 frame (320x180 dp) it does not fill",
                                        fix: "give the TV a banner of its own: 'iconforge generate MASTER --preset android-tv' writes "
                                        + "drawable-xhdpi/banner.png; then set android:banner=\"@drawable/banner\""))
                continue
            }
            let bitmaps = project.moduleFiles(type: type, name: name).filter { ["png", "webp", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased()) }
            guard !bitmaps.isEmpty else { continue } // a vector or layer list draws at any size
            let qualified = { (qualifier: String) in bitmaps.first { ($0.parentFolder as NSString).lastPathComponent.split(separator: "-").contains(Substring(qualifier)) } }
            // A bitmap in drawable-nodpi (Aves' banner.png) is never scaled for the screen's density: its pixels are the
            // banner's, checked as an xhdpi one is.
            let xhdpi = qualified("xhdpi") ?? qualified("nodpi")
            guard let xhdpi else {
                findings.append(Finding(.tvBanner, .warning, "the banner \(value) has no bitmap in an xhdpi folder: Android TV scales another density's "
                                        + "to 320x180 px", fix: "add \(type)-xhdpi/\(name).png at 320x180 ('iconforge generate MASTER --preset android-tv')"))
                continue
            }
            guard let bytes = try? FileIO.read(xhdpi), let size = FileKind.pixelSize(bytes) else { continue }
            if size != PixelSize(width: 320, height: 180) {
                // 16:9 at another size is scaled; another shape is stretched or cropped in the launcher's row.
                let ratio: Double = Double(size.width) / Double(max(size.height, 1))
                let wide = abs(ratio - 16.0 / 9) < 0.04
                let folder: String = (xhdpi.parentFolder as NSString).lastPathComponent
                let file: String = (xhdpi as NSString).lastPathComponent
                let consequence: String = wide ? ": Android TV scales it" : ", 16:9: the launcher's row distorts it"
                let message: String = "\(folder)/\(file), the TV banner, is \(size) but should be 320x180" + consequence
                findings.append(Finding(.tvBanner, wide ? .warning : .error, message, fix: "run 'iconforge generate MASTER --preset android-tv'"))
            }
        }
        // A library's TV activity (SmartTube's leanbackassistant) is merged into the application's manifest and takes the
        // banner its <application> names: where an application module of the project names one, none is missing.
        let appNamesBanner = project.isLibrary && project.otherApplicationModules.contains { AndroidProject.readManifestTV(module: $0).0 != nil }
        if project.isTVApp, project.manifestBanner == nil, !appNamesBanner {
            findings.append(Finding(.tvBanner, .warning, "the manifest puts an activity in the TV launcher (LEANBACK_LAUNCHER) but names no android:banner: "
                                    + "Android TV's row of apps shows a 320x180 banner", fix: "run 'iconforge generate MASTER --preset android-tv' and add android:banner"))
        }
        return findings
    }

    /// A drawable with rules of its own.
    enum SpecialDrawable: Sendable {
        /// `ic_stat_*`: a status-bar notification icon.
        case notification
        /// The `windowSplashScreenAnimatedIcon` a theme names.
        case splash

        func findings(_ path: String, limits: PNGLimits) -> [Finding] {
            switch self {
            case .notification: AndroidNotificationIcon.findings(path, limits: limits)
            case .splash: AndroidSplashScreen.findings(path, limits: limits)
            }
        }
    }

    /// The PNG notification icons (`drawable*/ic_stat_*.png`) and splash screen icons (the drawables a `values*` theme
    /// names as `windowSplashScreenAnimatedIcon`, or IconForge's own beside its snippet) in the drawable folders of `res`.
    static func specialDrawables(res: String) -> [String: SpecialDrawable] {
        let manager = FileManager.default
        let folders = ((try? manager.contentsOfDirectory(atPath: res)) ?? []).filter { $0.hasPrefix("drawable") }
        guard !folders.isEmpty else { return [:] }
        var splash = AndroidSplashScreen.iconNames(res: res)
        let snippet = AndroidSplashScreen.snippetName
        if [res, res.parentFolder].contains(where: { manager.fileExists(atPath: ($0 as NSString).appendingPathComponent(snippet)) }) {
            splash.insert(AndroidSplashScreen.drawableName)
        }
        // A splash icon that is also a vector or adaptive drawable is drawn from that on Android 12: its PNGs are fallbacks.
        splash = splash.filter { name in !folders.contains { manager.fileExists(atPath: (res as NSString).appendingPathComponent("\($0)/\(name).xml")) } }
        var result: [String: SpecialDrawable] = [:]
        for folder in folders {
            let path = (res as NSString).appendingPathComponent(folder)
            for file in ((try? manager.contentsOfDirectory(atPath: path)) ?? []) where file.lowercased().hasSuffix(".png") {
                let full = (path as NSString).appendingPathComponent(file), base = (file as NSString).deletingPathExtension
                if splash.contains(base) { result[full] = .splash } else if AndroidNotificationIcon.isNotificationIcon(full) {
                    result[full] = .notification
                }
            }
        }
        return result
    }

    /// The Play Store icon's rules (Android Studio's `ic_launcher-playstore.png`, fastlane's
    /// `metadata/android/<locale>/images/icon.png`): a 512x512 32-bit PNG of at most 1024 KB. fastlane metadata with no
    /// `supply` configuration beside it (no `Appfile`, `Fastfile` or `Supplyfile` in its `fastlane/`) is F-Droid's or
    /// IzzyOnDroid's listing, which take other sizes and scale them: there, a warning.
    static func playIconFindings(_ path: String, limits: PNGLimits) -> [Finding] {
        guard let bytes = try? FileIO.read(path) else { return [] }
        let info = try? PNG.info(bytes, limits: limits)
        guard info?.width != 512 || info?.height != 512 || bytes.count > 1 << 20 || info?.colorType != .rgba else { return [] }
        let what = (info.map { "\($0.width)x\($0.height) \($0.colorType)" } ?? "not a PNG") + ", \(bytes.count) bytes"
        if isFastlanePlayIcon(path), !hasSupplyConfiguration(path) {
            return [Finding(.playIcon, .warning, "\((path as NSString).lastPathComponent) is not what Google Play takes, a 512x512 32-bit PNG of at most 1024 KB (it is "
                            + what + "); no fastlane supply configuration uploads it there, and F-Droid scales what it is given",
                            fix: "run 'iconforge generate MASTER --preset android' before publishing it on Google Play")]
        }
        return [Finding(.playIcon, .error, "\((path as NSString).lastPathComponent) must be a 512x512 32-bit PNG of at most 1024 KB (it is \(what))",
                        fix: "run 'iconforge generate MASTER --preset android'")]
    }

    /// True when the `fastlane/` folder of a fastlane listing icon configures uploads (`Appfile`, `Fastfile`, `Supplyfile`).
    static func hasSupplyConfiguration(_ icon: String) -> Bool {
        // fastlane/metadata/android/<locale>/images/icon.png: five folders up is fastlane/.
        var fastlane = URL(fileURLWithPath: icon).standardizedFileURL.path
        for _ in 0..<5 { fastlane = fastlane.parentFolder }
        return ["Appfile", "Fastfile", "Supplyfile"].contains { FileManager.default.fileExists(atPath: (fastlane as NSString).appendingPathComponent($0)) }
    }

    /// True for fastlane's Play Store icon: `fastlane/metadata/android/<locale>/images/icon.png`.
    static func isFastlanePlayIcon(_ path: String) -> Bool {
        let parts = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        guard parts.count >= 6, parts.last == "icon.png", parts[parts.count - 2] == "images" else { return false }
        return parts[parts.count - 6] == "fastlane" && parts[parts.count - 5] == "metadata" && parts[parts.count - 4] == "android"
    }
}
