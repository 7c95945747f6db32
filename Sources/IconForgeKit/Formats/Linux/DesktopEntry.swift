import Foundation

/// A freedesktop.org desktop entry (`APP-ID.desktop`): the launcher a Linux desktop lists, whose `Icon=` key names the
/// app's icon — a theme icon name looked up in hicolor (no extension), or an absolute path. Read, written new, and
/// updated in place (only its `Icon=` line changes; every other byte stays).
package struct DesktopEntry: Sendable, Equatable {
    /// The file's text.
    package var text: String

    /// An entry read from its text.
    package init(text: String) { self.text = text }

    /// The value of `key` in the `[Desktop Entry]` group (the unlocalised one); nil when it has none.
    package func value(_ key: String) -> String? {
        var inMain = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") { inMain = trimmed == "[Desktop Entry]"; continue }
            guard inMain, let equals = trimmed.firstIndex(of: "=") else { continue }
            if trimmed[..<equals].trimmingCharacters(in: .whitespaces) == key {
                return trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// True when the text has a `[Desktop Entry]` group.
    package var hasMainGroup: Bool { text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "[Desktop Entry]" } }

    /// The entry with `Icon=` set to `icon`: the existing line replaced, or one added after the group's header.
    package func settingIcon(_ icon: String) -> DesktopEntry {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var inMain = false, header: Int?
        for index in lines.indices {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") {
                inMain = trimmed == "[Desktop Entry]"
                if inMain { header = index }
                continue
            }
            if inMain, let equals = trimmed.firstIndex(of: "="), trimmed[..<equals].trimmingCharacters(in: .whitespaces) == "Icon" {
                lines[index] = "Icon=" + icon
                return DesktopEntry(text: lines.joined(separator: "\n"))
            }
        }
        guard let header else { return self }
        lines.insert("Icon=" + icon, at: header + 1)
        return DesktopEntry(text: lines.joined(separator: "\n"))
    }

    /// A new application entry for `appID`: its last component is the name shown and the command run (check `Exec=`).
    package static func new(appID: String) -> DesktopEntry {
        let name = appID.split(separator: ".").last.map(String.init) ?? appID
        return DesktopEntry(text: """
            [Desktop Entry]
            Type=Application
            Name=\(name)
            Exec=\(name.lowercased())
            Icon=\(appID)
            Terminal=false

            """)
    }

    /// True for a reverse-DNS name of at least three parts (`org.example.App`), as Flatpak and AppStream want.
    package static func isReverseDNS(_ appID: String) -> Bool {
        let parts = appID.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 3 && parts.allSatisfy { part in
            !part.isEmpty && !part.first!.isNumber && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        }
    }

    /// True when `appID` can name an icon file: not empty, no slash, not hidden, no control characters.
    package static func isUsableName(_ appID: String) -> Bool {
        // Template placeholders (meson's @APP_ID@, ${APP_ID}) are not names.
        !appID.isEmpty && !appID.contains("/") && !appID.hasPrefix(".") && !appID.contains(where: { "@${}".contains($0) })
            && appID.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\u{7F}" }
            && appID.utf8.count <= 200
    }

    /// The name the Linux outputs take in `folder` when no `--app-id` is given: the icon its one `.desktop` file names,
    /// else the one app icon name its hicolor tree holds, else "app".
    package static func defaultAppID(in folder: String) -> (id: String, adopted: Bool) {
        if let entry = existingEntry(near: folder), let bytes = try? FileIO.readDocument(entry.path),
           let icon = DesktopEntry(text: String(decoding: bytes, as: UTF8.self)).value("Icon"), isUsableName(icon) {
            return (icon, true)
        }
        let names = iconNames(in: folder)
        if names.count == 1, let name = names.first, isUsableName(name) { return (name, true) }
        // An entry whose Icon= its build fills in (Kooha's Icon=@icon@, meson's application_id): the icon named as the
        // entry is (io.github.seadve.Kooha.desktop.in.in, beside io.github.seadve.Kooha.Devel.svg and .Source.svg).
        if let entry = existingEntry(near: folder) {
            var name = (entry.path as NSString).lastPathComponent
            while name.hasSuffix(".in") { name = String(name.dropLast(3)) }
            name = (name as NSString).deletingPathExtension
            if names.contains(name), isUsableName(name) { return (name, true) }
        }
        // A folder meson installs from, renaming the file to the app id (rnote's icons/scalable/apps: rnote.svg and its
        // development build's rnote-devel.svg, Icon=@APP_ID@): the one name each other extends.
        let meson = HicolorTheme.mesonIcons(in: folder)
        if let base = meson.first(where: { base in meson.allSatisfy { $0 == base || $0.hasPrefix(base + "-") || $0.hasPrefix(base + ".") } }),
           isUsableName(base) { return (base, true) }
        return ("app", false)
    }

    /// The app icon names `folder` holds: in its hicolor tree, and named as Extra CMake Modules name them (Zeal's
    /// `assets/freedesktop/128-apps-zeal.png`).
    static func iconNames(in folder: String) -> Set<String> {
        Set(HicolorTheme.appIcons(in: (folder as NSString).appendingPathComponent(HicolorTheme.folderName)).map(\.name))
            .union(HicolorTheme.ecmIcons(in: folder).map(\.name)).union(HicolorTheme.mesonIcons(in: folder))
    }

    /// True for a desktop entry's file name, or a build's template of one (meson's `APP.desktop.in`).
    static func isEntryName(_ name: String) -> Bool {
        name.hasSuffix(".desktop") || name.hasSuffix(".desktop.in") || name.hasSuffix(".desktop.in.in")
    }

    /// The app's one desktop entry: in `folder` (`APP.desktop`, or meson's `APP.desktop.in` template), else — for a
    /// GNOME-style `data/icons` folder, or the `linux/` of a run into a plain folder — beside it (or, for a package tree's
    /// `share/icons`, in `share/applications`), else beside the `meson.build`
    /// above that installs `folder`'s SVGs, else the project's entry elsewhere that names one of the icons of `folder`'s hicolor tree. Those two are outside the folder written (`inFolder` false: read for the app's
    /// id, never written).
    static func existingEntry(near folder: String) -> (path: String, inFolder: Bool)? {
        let here = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(isEntryName).sorted()
        if here.count == 1 { return ((folder as NSString).appendingPathComponent(here[0]), true) }
        guard here.isEmpty else { return nil }
        // A GNOME-style data/icons, or the linux/ a run into a plain folder writes the linux preset to (LosslessCut's
        // root holds no.mifi.losslesscut.desktop, for its Flathub build): the entry beside it is the app's.
        if ["icons", "linux"].contains((folder as NSString).lastPathComponent) {
            let parent = folder.parentFolder
            let beside = ((try? FileManager.default.contentsOfDirectory(atPath: parent.isEmpty ? "." : parent)) ?? []).filter(isEntryName).sorted()
            if beside.count == 1 { return ((parent as NSString).appendingPathComponent(beside[0]), false) }
            // A package's tree as installed (Tiny RDM's build/linux/tiny-rdm_0.0.0_amd64/usr/share/icons, which its
            // release packs into a .deb): the entry is in share/applications beside share/icons.
            let applications = (parent as NSString).appendingPathComponent("applications")
            let entries = ((try? FileManager.default.contentsOfDirectory(atPath: applications)) ?? []).filter(isEntryName).sorted()
            if beside.isEmpty, (parent as NSString).lastPathComponent == "share", entries.count == 1 {
                return ((applications as NSString).appendingPathComponent(entries[0]), false)
            }
        }
        // A folder a meson.build above installs (rnote's crates/rnote-ui/data/icons/scalable/apps): the entry beside it.
        if let meson = HicolorTheme.mesonBuild(installing: folder), meson != folder {
            let beside = ((try? FileManager.default.contentsOfDirectory(atPath: meson)) ?? []).filter(isEntryName).sorted()
            if beside.count == 1 { return ((meson as NSString).appendingPathComponent(beside[0]), false) }
        }
        return projectEntry(naming: folder).map { ($0, false) }
    }

    /// The project's desktop entry whose `Icon=` names an app icon of `folder`'s hicolor tree, when the entries that
    /// name one name the same: Flameshot's tree in `data/img` holds both `flameshot` and `org.flameshot.Flameshot`, and
    /// `data/desktopEntry/package/org.flameshot.Flameshot.desktop` says which one the app is. The project is the
    /// folder holding `.git` or `iconforge.yml` above `folder`, searched six folders deep (2,000 folders at most),
    /// build output, dependencies and version control left out.
    static func projectEntry(naming folder: String) -> String? {
        let names = iconNames(in: folder)
        // The project's root is looked for from the absolute path: a relative one (data/img, given --out .) ends at "".
        guard !names.isEmpty, let root = Backup.projectRoot(containing: URL(fileURLWithPath: folder).standardizedFileURL.path) else { return nil }
        let manager = FileManager.default, scope = FolderScope(root)
        var queue: [(path: String, depth: Int)] = [(root, 0)], next = 0, found: [(path: String, icon: String)] = []
        while next < queue.count, next < 2_000 {
            let (current, depth) = queue[next]
            next += 1
            for name in ((try? manager.contentsOfDirectory(atPath: current)) ?? []).sorted() where !name.hasPrefix(".") && !ProjectLayout.skipped.contains(name) {
                let path = (current as NSString).appendingPathComponent(name)
                guard scope.contains(path) else { continue }
                if FileIO.isFolder(path) {
                    if depth < 6 { queue.append((path, depth + 1)) }
                } else if isEntryName(name), let bytes = try? FileIO.readDocument(path),
                          let icon = DesktopEntry(text: String(decoding: bytes, as: UTF8.self)).value("Icon"), names.contains(icon) {
                    found.append((path, icon))
                }
            }
        }
        return Set(found.map(\.icon)).count == 1 ? found.first?.path : nil
    }

    /// After the `linux` preset's PNGs: the SVG master copied to `hicolor/scalable/apps/APP-ID.svg`, and the desktop
    /// entry — `APP-ID.desktop` written new, or the folder's one existing entry with its `Icon=` set to the app id.
    static func write(appID: String, adopted: Bool, source: String, folder: String,
                      writer: OutputWriter) throws(IconForgeError) -> (files: [GeneratedFile], notes: [String]) {
        var files: [GeneratedFile] = [], notes: [String] = []
        let header = (try? FileIO.readPrefix(source, upTo: 4096)) ?? []
        // In a folder of Extra CMake Modules icons, the scalable one is sc-apps-APP-ID.svg beside the PNGs.
        let scalable = HicolorTheme.scalablePath(appID: appID, folder: folder)
        if FileKind.detect(header) == .svg {
            // The master may be that very file (Cartridges' data/icons/hicolor/scalable/apps/APP-ID.svg, the app's own
            // SVG given as the master): it already is the scalable icon and stays as it is — refused only after the PNGs
            // were written, it failed the run and left them behind.
            if let count = try writer.writeCopy(ofMaster: source, to: (folder as NSString).appendingPathComponent(scalable)) {
                files.append(GeneratedFile(path: scalable, role: .linux, pixels: nil, bytes: count))
            }
        } else if HicolorTheme.mesonIcons(in: folder).contains(appID)
                    || (HicolorTheme.mesonInstallsTreeSVGs(in: folder) && FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(scalable))) {
            notes.append("left \(scalable): its meson.build installs it as the app's only icon (hicolor/scalable), which a PNG master "
                         + "cannot redraw, and PNGs beside it would be installed by nothing — give an SVG master")
        } else if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(scalable)) {
            notes.append("kept \(scalable): a PNG master makes no scalable icon, and desktops may draw that one instead of the new PNGs — "
                         + "replace it with an SVG master (or remove it)")
        }
        let manager = FileManager.default
        let existing = existingEntry(near: folder)
        if let existing, !existing.inFolder {
            // data/APP.desktop beside data/icons, or the project's entry elsewhere: outside the folder written, so it
            // is said, not changed.
            let name = (existing.path as NSString).lastPathComponent
            let icon = (try? FileIO.readDocument(existing.path)).flatMap { DesktopEntry(text: String(decoding: $0, as: UTF8.self)).value("Icon") }
            // A placeholder its build fills in (Icon=@icon@) is the build's to get right.
            if icon != appID, icon.map(isUsableName) ?? true { notes.append("\(name), outside this folder, says Icon=\(icon ?? "(none)"): set it to \(appID)") }
            return (files, notes)
        }
        let name = existing.map { ($0.path as NSString).lastPathComponent } ?? appID + ".desktop"
        let path = (folder as NSString).appendingPathComponent(name)
        var entry = DesktopEntry.new(appID: appID)
        if manager.fileExists(atPath: path) {
            let bytes: [UInt8]
            do { bytes = try FileIO.readDocument(path) } catch { throw .file(error) }
            let existing = DesktopEntry(text: String(decoding: bytes, as: UTF8.self))
            guard existing.hasMainGroup else {
                throw .update(path: path, .noDesktopEntryGroup)
            }
            if let icon = existing.value("Icon"), icon != appID, !isUsableName(icon) {
                // A template's placeholder (Icon=@APP_ID@) is the build's to fill in.
                notes.append("\(name) names its icon Icon=\(icon), which its build fills in: make it \(appID)")
                return (files, notes)
            }
            entry = existing.settingIcon(appID)
            if existing.value("Icon") != appID { notes.append("set Icon=\(appID) in \(name)") }
        } else {
            notes.append("wrote \(name) (check its Name= and Exec=)")
        }
        try writer.write(Array(entry.text.utf8), to: path)
        files.append(GeneratedFile(path: name, role: .linux, pixels: nil, bytes: entry.text.utf8.count))
        if !adopted, appID == "app" {
            notes.append("named the Linux icons 'app': give --app-id (reverse-DNS, e.g. org.example.App) — Flatpak and desktops look the icon up by the app's id")
        } else if !isReverseDNS(appID) {
            notes.append("\(appID) is not reverse-DNS (org.example.App): Flatpak and AppStream require that form for the icon's name")
        }
        return (files, notes)
    }
}
