import Foundation
import Raster

/// A file to check and what it is said to be: role, and the sizes the catalog entries (or preset) that
/// name it expect, with actool-style labels such as "iphone 60pt @3x".
struct ValidationTarget: Sendable {
    var path: String
    var role: Role
    var expectations: [(pixels: PixelSize, label: String)] = []
    /// The most a picture may be that actool centres inside its slot (a tvOS icon's upper layer): smaller is fine.
    var bounds: (pixels: PixelSize, label: String)?
    /// Display scale, for the template-size rule.
    var scale: Int?
    /// In the app's primary icon set (the one App Store Connect checks); false for alternate and extension
    /// icons, whose translucency iOS shows over black and App Store review does not refuse.
    var primary = true
    /// The App Store icon itself: the 1024 of `ios-marketing` or of a universal iOS set, "any" appearance.
    var appStoreIcon = false
    /// A tab-bar or toolbar glyph (from the bar-icons preset), the only template images with a size rule.
    var barIcon = false
    /// Named only by slots of iOS 6 and earlier (iPhone 57 pt, iPad 72 and 50 pt), which actool leaves out of every app
    /// targeting iOS 7 or later: no build Xcode still makes shows its pixels.
    var beforeIOS7 = false
}

/// Findings about a set as a whole, reported against its Contents.json.
struct SetFinding: Sendable {
    var path: String
    var finding: Finding
}

/// Reads an asset set (`.appiconset`, `.launchimage`, `.imageset`) the way actool does: which files its
/// Contents.json names, for which slots, and what is missing, duplicated, malformed or left over.
enum CatalogReader {
    static let setKinds: Set<String> = ["appiconset", "launchimage", "imageset", "stickersiconset"]

    /// With `setChecks` false, only the targets: the checks of the set as a whole (duplicate slots, files no entry
    /// names, missing sizes) are skipped, for files validated one by one, whose set is not checked (its duplicate-slot
    /// keys, rendered as JSON, were most of reading a set).
    static func read(set folder: String, appIconName: String = "AppIcon", setChecks: Bool = true) -> (targets: [ValidationTarget], findings: [SetFinding]) {
        let kind = (folder as NSString).pathExtension
        let contentsPath = (folder as NSString).appendingPathComponent("Contents.json")
        let name = (folder as NSString).lastPathComponent
        // An app extension's icon set (its catalog beside the extension's Info.plist) is never the app's: App Store Connect
        // checks the app's alone. An Action extension's icon is a template: iOS draws it from its alpha in the share sheet.
        let owner = kind == "appiconset" ? BundleInfo.owning(catalogOf: folder) : nil
        let primary = kind != "appiconset" || (name as NSString).deletingPathExtension == appIconName && !(owner?.isExtension ?? false)
        let actionGlyph = owner?.isActionExtension ?? false
        // A visionOS icon layer: Content.imageset inside Back.solidimagestacklayer (Front, Middle).
        let parent = folder.parentFolder
        let stackLayer = (parent as NSString).pathExtension == "solidimagestacklayer"
            ? ((parent as NSString).lastPathComponent as NSString).deletingPathExtension : nil
        // A tvOS layer's set or Top Shelf image: its size is its brand assets member's, at the entry's scale.
        let brandMember = BrandAssets.member(containing: folder)
        var findings: [SetFinding] = []
        func report(_ finding: Finding) { findings.append(SetFinding(path: contentsPath, finding: finding)) }

        let contents: AssetSetContents
        switch AssetSetContents.read(set: folder) {
        case .success(let read): contents = read
        case .failure(.missing):
            report(Finding(.missingFile, .error, "\(name) has no Contents.json", fix: "recreate the set in Xcode, or run 'iconforge generate'"))
            return ([], findings)
        case .failure(.unreadable(let error)):
            report(Finding(.decode, .error, "Contents.json: \(error)", fix: "restore it from version control, or recreate the set"))
            return ([], findings)
        case .failure(.invalid):
            report(Finding(.decode, .error, "Contents.json is not valid JSON", fix: "restore it from version control, or recreate the set"))
            return ([], findings)
        }
        let entries = contents.entries, isTemplate = contents.isTemplate
        let files = Set(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") && $0 != "Contents.json" })

        var targets: [String: ValidationTarget] = [:]
        var slots: [String: String] = [:]
        var order: [String] = []
        var wellFormed: [[String: Any]] = []
        for (index, entry) in entries.enumerated() {
            if let problem = malformation(entry) {
                report(Finding(.malformedEntry, .error, "Contents.json images[\(index)]: \(problem)",
                               fix: "correct the entry, or recreate the set in Xcode"))
                continue
            }
            wellFormed.append(entry)
            let label = Self.label(entry, kind: kind)
            guard let filename = entry["filename"] as? String else { continue } // an empty slot
            if setChecks {
                var slotFields = entry
                slotFields["filename"] = nil
                if slotFields["scale"] == nil, slotFields["idiom"] as? String == "tv" { slotFields["scale"] = SetMerge.tvSingleScale }
                let slot = ContentsJSON(any: slotFields)?.rendered ?? label
                if let other = slots[slot] {
                    report(Finding(.duplicateEntry, .error, "two entries fill the slot \(label) (\(other) and \(filename))",
                                   fix: "remove one of them in Xcode"))
                }
                slots[slot] = filename
            }
            guard files.contains(filename) else {
                report(Finding(.missingFile, .error, "Contents.json names \(filename) for \(label), but there is no such file",
                               fix: "add the file, or run 'iconforge generate' for this set"))
                continue
            }
            let path = (folder as NSString).appendingPathComponent(filename)
            // A file another slot names too is that slot's as well: only a file of iOS 6's slots alone is left out.
            let legacy = kind == "appiconset" && isBeforeIOS7(entry)
            if targets[filename] == nil {
                order.append(filename)
                targets[filename] = ValidationTarget(path: path, role: actionGlyph ? .template : role(entry, kind: kind, template: isTemplate, stackLayer: stackLayer),
                                                     primary: primary, beforeIOS7: legacy)
            } else if !legacy {
                targets[filename]!.beforeIOS7 = false
            }
            if let pixels = expectedPixels(entry, kind: kind) { targets[filename]!.expectations.append((pixels, label)) }
            if stackLayer != nil { targets[filename]!.expectations.append((PixelSize(width: 1024, height: 1024), "visionOS \(stackLayer!) layer")) }
            if let brandMember {
                // The back layer and Top Shelf images fill the member; actool centres a smaller upper layer (Swiftfin's
                // 216 px logo in its 400x240 icon, shipped so).
                let scale = Double(scale(entry) ?? 1)
                let pixels = PixelSize(width: Int((brandMember.member.size.width * scale).rounded()), height: Int((brandMember.member.size.height * scale).rounded()))
                if brandMember.upperLayer {
                    targets[filename]!.bounds = (pixels, "\(brandMember.label) at \(Int(scale))x")
                } else {
                    targets[filename]!.expectations.append((pixels, "\(brandMember.label) at \(Int(scale))x"))
                }
            }
            targets[filename]!.scale = scale(entry)
            if kind == "appiconset", isAppStoreIcon(entry) { targets[filename]!.appStoreIcon = true }
        }
        guard setChecks else { return (order.map { targets[$0]! }, findings) }
        // actool counts only the files it could assign to a slot: a note beside them (Flutter's template keeps a
        // README.md in LaunchImage.imageset) is no unassigned child, and Xcode builds it without a word.
        for file in files.sorted() where targets[file] == nil && !Self.isDocumentation(file) {
            report(Finding(.unreferencedFile, .warning, "\(file) is in \(name) but no Contents.json entry names it",
                           fix: "delete it, or assign it to a slot in Xcode"))
        }
        if !wellFormed.contains(where: { $0["filename"] != nil }) {
            // A stack's front and middle layers may be empty (Xcode's visionOS template has them so; Yattee's tvOS icon
            // ships an empty middle layer).
            guard !ImageStack.layerKinds.contains(parent.fileExtension) else { return (order.map { targets[$0]! }, findings) }
            // Extensions and templates carry placeholder sets that nothing uses; Xcode builds them without a word. One known
            // to be an app extension's (Xcode's widget template, beside the widget's Info.plist: Mastodon's, BookPlayer's) is
            // no defect at all: an extension's icon is never shown (a widget shows its app's), so "fill it" is no advice.
            if kind == "appiconset", owner?.isExtension == true { return (order.map { targets[$0]! }, findings) }
            if kind == "appiconset", let bundle = iconBundle(named: (name as NSString).deletingPathExtension, forSet: folder) {
                // Xcode 26's template keeps an empty AppIcon.appiconset, and an app that adopts Icon Composer adds
                // AppIcon.icon beside the catalog: actool takes the icon of that name from the .icon, so filling the
                // set would change nothing ("fill it" was the wrong advice on Rivulet's).
                report(Finding(.emptySet, .warning, "\(name) is empty, and \(bundle) beside the catalog has its name: Xcode 26 takes the app icon of that name from the .icon, so the set is unused",
                               fix: "delete the set"))
            } else if kind == "appiconset", let project = XcodeProject.bundling(iconNamed: (name as NSString).deletingPathExtension, at: folder) {
                // HealthTrends and ScoreKeeper keep AppIcon.icon beside their .xcodeproj, not beside the catalog, and the
                // project copies it into the app ("AppIcon.icon in Resources", ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon):
                // actool takes the icon from it as from one beside the catalog, so "fill it" would change nothing.
                report(Finding(.emptySet, .warning, "\(name) is empty, and \((name as NSString).deletingPathExtension).icon, which "
                               + "\((project.path as NSString).lastPathComponent) copies into the app, has its name: Xcode 26 takes the app icon "
                               + "of that name from the .icon, so the set is unused", fix: "delete the set"))
            } else if kind == "appiconset",
                      let project = XcodeProject.namingOthers(than: (name as NSString).deletingPathExtension, at: folder) {
                // Yattee's AppIcon.appiconset: every target's ASSETCATALOG_COMPILER_APPICON_NAME is Yattee2 (its .icon and
                // .brandassets), so actool never compiles the set; "fill it" would change nothing.
                report(Finding(.emptySet, .warning, "\(name) is empty, and \((project.path as NSString).lastPathComponent)'s build settings name "
                               + "\(project.appIconNames.sorted().joined(separator: ", ")) as the app icon (ASSETCATALOG_COMPILER_APPICON_NAME), not it: "
                               + "no build uses the set", fix: "delete the set"))
            } else {
                report(Finding(.emptySet, .warning, "\(name) is empty: no entry names an image",
                               fix: "fill it, or delete the set if nothing uses it"))
            }
        } else if kind == "appiconset" {
            let iPad = XcodeProject.owning(folder)?.buildsForIPad(appIcon: (name as NSString).deletingPathExtension) ?? true
            findings += missingSizes(wellFormed, contentsPath: contentsPath, primary: primary, iPad: iPad)
        }
        return (order.map { targets[$0]! }, findings)
    }

    /// The `.icon` of that name beside the catalog holding `set`, where Xcode 26 puts it in the catalog's target (the
    /// folder `generate` looks in too). One higher up may belong to another target (IceCubes' widget extension has an
    /// empty AppIcon set and the app's AppIcon.icon is at the project's root), so it is not looked for.
    private static func iconBundle(named name: String, forSet set: String) -> String? {
        var catalog = set.parentFolder
        while !catalog.isEmpty, catalog != "/", (catalog as NSString).pathExtension != "xcassets" { catalog = catalog.parentFolder }
        guard (catalog as NSString).pathExtension == "xcassets" else { return nil }
        let bundle = (catalog.parentFolder as NSString).appendingPathComponent(name + ".icon")
        return IconComposerBundle.isBundle(bundle) ? name + ".icon" : nil
    }

    /// Why an entry's values cannot be used, or nil: numbers from a file someone else wrote are range-checked
    /// before any arithmetic (a size of "1e19x1e19" once crashed the conversion to pixels).
    private static func malformation(_ entry: [String: Any]) -> String? {
        if let size = entry["size"] {
            guard let text = size as? String, PointSize(parsing: text) != nil else {
                return "size \(describe(size)) is not \"WxH\" in points between 0 and \(Int(PointSize.maximum))"
            }
        }
        if let value = entry["scale"] {
            guard let text = value as? String, let number = Int(text.dropLast()), text.hasSuffix("x"), (1...3).contains(number) else {
                return "scale \(describe(value)) is not \"1x\", \"2x\" or \"3x\""
            }
        }
        if let filename = entry["filename"], !(filename is String) || (filename as? String)?.contains("/") == true {
            return "filename \(describe(filename)) is not a plain file name"
        }
        return nil
    }

    private static func describe(_ value: Any) -> String {
        if let text = value as? String { return "\"\(text.prefix(40))\"" }
        return "\(String(describing: value).prefix(40))"
    }

    /// The role of a file, from its set's kind and its entry.
    private static func role(_ entry: [String: Any], kind: String, template: Bool, stackLayer: String?) -> Role {
        // visionOS: the back layer is opaque, the layers in front of it may be transparent.
        if let stackLayer { return stackLayer.lowercased() == "back" ? .app : .variant }
        // tvOS's layers and Top Shelf images: any PNG of the right size (Xcode's templates leave their alpha as it is).
        if (entry["idiom"] as? String)?.hasPrefix("tv") == true { return .variant }
        switch kind {
        case "stickersiconset": return .app
        case "appiconset":
            if entry["appearances"] != nil || (entry["idiom"] as? String) == "mac" { return .variant }
            return .app
        case "launchimage": return .launch
        default: return template ? .template : .unknown
        }
    }

    /// The App Store icon: `ios-marketing` 1024, or a universal iOS 1024 of the "any" (light) appearance.
    private static func isAppStoreIcon(_ entry: [String: Any]) -> Bool {
        guard entry["size"] as? String == "1024x1024", entry["appearances"] == nil else { return false }
        let idiom = entry["idiom"] as? String
        return idiom == "ios-marketing" || (idiom == "universal" && (entry["platform"] as? String ?? "ios") == "ios")
    }

    /// A slot actool compiles only for iOS before 7.0 ("57x57 app icons only apply to iPhone apps targeting releases of
    /// iOS prior to 7.0", and the same notice for iPad's 72 pt icon and 50 pt Spotlight icon): flutter_launcher_icons
    /// still fills them (FluffyChat's Icon-App-72x72@2x.png).
    private static func isBeforeIOS7(_ entry: [String: Any]) -> Bool {
        switch (entry["idiom"] as? String, entry["size"] as? String) {
        case ("iphone", "57x57"), ("ipad", "72x72"), ("ipad", "50x50"): true
        default: false
        }
    }

    private static func scale(_ entry: [String: Any]) -> Int? {
        (entry["scale"] as? String).flatMap { Int($0.dropLast()) }
    }

    /// The launch-images preset's slots, parsed once.
    private static let launchImageSlots = (try? PresetCatalog.preset("launch-images"))?.outputs ?? []

    /// Pixel size an entry asks for: size × scale for icons; the slot table for launch images.
    static func expectedPixels(_ entry: [String: Any], kind: String) -> PixelSize? {
        if kind == "launchimage" {
            guard (entry["extent"] as? String ?? "full-screen") == "full-screen" else { return nil }
            return launchImageSlots.first { spec in
                spec.set != nil && spec.idiom.rawValue == entry["idiom"] as? String && spec.orientation == entry["orientation"] as? String
                    && spec.subtype == entry["subtype"] as? String && spec.scale?.rawValue == scale(entry)
            }?.pixels
        }
        guard kind == "appiconset" || kind == "stickersiconset", let size = (entry["size"] as? String).flatMap(PointSize.init(parsing:)) else { return nil }
        let factor = Double(scale(entry) ?? 1)
        let width = size.width * factor, height = size.height * factor
        guard width == width.rounded(), height == height.rounded(), width <= PointSize.maximum * 3, height <= PointSize.maximum * 3 else { return nil }
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// "iphone 60pt @3x", "ipad 83.5pt @2x", "ios-marketing 1024pt @1x", "iphone portrait 2688h @3x".
    static func label(_ entry: [String: Any], kind: String) -> String {
        var parts = [entry["idiom"] as? String ?? "?"]
        if kind == "launchimage" {
            if let orientation = entry["orientation"] as? String { parts.append(orientation) }
            if let subtype = entry["subtype"] as? String { parts.append(subtype) }
        } else if let size = (entry["size"] as? String).flatMap(PointSize.init(parsing:)) {
            parts.append(size.width == size.height ? "\(PointSize.format(size.width))pt" : "\(size)pt")
        }
        if let scale = entry["scale"] as? String { parts.append("@" + scale) }
        if let appearance = (entry["appearances"] as? [[String: Any]])?.first?["value"] as? String { parts.append(appearance) }
        return parts.joined(separator: " ")
    }

    /// The platforms an app-icon set is for, from its idioms (and `platform` of universal entries).
    static func platforms(_ entries: [[String: Any]]) -> Set<String> {
        var platforms = Set<String>()
        for entry in entries {
            switch entry["idiom"] as? String {
            case "iphone", "ipad", "ios-marketing": platforms.insert("ios")
            case "watch", "watch-marketing": platforms.insert("watchos")
            case "mac": platforms.insert("macos")
            case "car": platforms.insert("carplay")
            case "tv": platforms.insert("tvos")
            case "universal": platforms.insert(entry["platform"] as? String ?? "ios")
            default: break
            }
        }
        return platforms
    }

    /// The slots each platform of the set requires (App Store Connect refuses the build without them).
    /// Alternate and extension icon sets get warnings: iOS falls back to the primary icon. The iPad slots only where the app
    /// builds for iPad (`iPad`): an iPhone-only app's set may keep the template's empty iPad slots, which nothing asks for.
    private static func missingSizes(_ entries: [[String: Any]], contentsPath: String, primary: Bool, iPad: Bool) -> [SetFinding] {
        func filled(_ idiom: String, _ size: String, _ scale: String?, platform: String? = nil) -> Bool {
            entries.contains { entry in
                entry["filename"] != nil && entry["appearances"] == nil && entry["idiom"] as? String == idiom
                    && entry["size"] as? String == size && (scale == nil || entry["scale"] as? String == scale)
                    && (platform == nil || (entry["platform"] as? String ?? "ios") == platform)
            }
        }
        func present(_ idiom: String) -> Bool { entries.contains { $0["idiom"] as? String == idiom } }
        // Only platforms the set has images for: Xcode's "all platforms" template leaves empty watch and
        // Mac slots in sets that ship on iOS alone.
        let platforms = platforms(entries.filter { $0["filename"] != nil })
        var missing: [(slot: String, message: String, reference: String)] = []
        if platforms.contains("ios") {
            let universalSized = entries.contains { $0["idiom"] as? String == "universal" && $0["scale"] != nil }
            if !filled("ios-marketing", "1024x1024", nil) && !filled("universal", "1024x1024", nil, platform: "ios") {
                missing.append(("a 1024x1024 App Store icon", "A 1024x1024 App Store icon is required for iOS apps", "ITMS-90704"))
            }
            if present("iphone") {
                for scale in ["2x", "3x"] where !filled("iphone", "60x60", scale) {
                    let pixels = scale == "2x" ? 120 : 180
                    missing.append(("iphone 60pt @\(scale)", "iPhone needs its 60pt @\(scale) app icon (\(pixels)x\(pixels))", "ITMS-90022"))
                }
            }
            if present("ipad"), iPad {
                if !filled("ipad", "76x76", "2x") { missing.append(("ipad 76pt @2x", "iPad needs its 76pt @2x app icon (152x152)", "ITMS-90023")) }
                if !filled("ipad", "83.5x83.5", "2x") {
                    missing.append(("ipad 83.5pt @2x", "iPad Pro needs its 83.5pt @2x app icon (167x167)", "ITMS-90023"))
                }
            }
            if universalSized {
                for (size, scale) in [("60x60", "2x"), ("60x60", "3x"), ("76x76", "2x"), ("83.5x83.5", "2x")] where !filled("universal", size, scale) {
                    missing.append(("universal \(size) @\(scale)", "the universal set lacks \(size) pt @\(scale)", "ITMS-90022, ITMS-90023"))
                }
            }
        }
        if platforms.contains("watchos"), !filled("watch-marketing", "1024x1024", nil), !filled("universal", "1024x1024", nil, platform: "watchos") {
            missing.append(("watch-marketing 1024pt", "A 1024x1024 App Store icon is required for watchOS apps", "ITMS-90704"))
        }
        if platforms.contains("macos"), !filled("mac", "512x512", "2x") {
            missing.append(("mac 512pt @2x", "A Mac app icon needs its 512pt @2x (1024x1024) image", "Mac App Store: missing 512pt@2x icon"))
        }
        return missing.map { slot, message, reference in
            SetFinding(path: contentsPath, finding: Finding(.missingSize, primary ? .error : .warning,
                                                            message + (primary ? "" : " (an alternate or extension icon set)"),
                                                            fix: "add it (\(slot)); 'iconforge generate' fills every slot of a preset",
                                                            reference: reference))
        }
    }
}

extension CatalogReader {
    /// Text kept beside a set's images (README.md, notes), which actool ignores.
    static func isDocumentation(_ file: String) -> Bool {
        ["md", "markdown", "txt", "rtf"].contains(file.fileExtension.lowercased())
    }
}
