import Foundation
import Raster
/// An Android project's side of a run besides its pictures: the splash theme, the TV banner's lines, the notification vector.
extension Generator {
    /// The snippets of Android's other resources, beside `res/`: the TV banner's manifest lines, the splash screen's
    /// theme items.
    func writeAndroidSnippets(outputs: [IconSpec], masters: Masters, into folder: String, android: String,
                              writer: OutputWriter) throws(IconForgeError) -> (files: [GeneratedFile], notes: [String]) {
        let place = { (name: String) in android.isEmpty ? self.loosePath(name, in: folder) : (android.parentFolder as NSString).appendingPathComponent(name) }
        var texts: [(name: String, text: String, role: Role)] = []
        var files: [GeneratedFile] = [], notes: [String] = []
        let res = android.isEmpty ? folder : (folder as NSString).appendingPathComponent(android)
        if let banner = outputs.first(where: { $0.role == .androidBanner }), let file = banner.filename {
            // The manifest's own banner, refreshed in place, needs no lines: it names it already.
            if case let adopted = AndroidTVBanner.manifestBannerFiles(res: res), !adopted.isEmpty, let named = AndroidProject(res: res).manifestBanner {
                notes.append("drew the TV banner the manifest names, \(named), in its \(adopted.count == 1 ? "folder" : "\(adopted.count) density folders"): no manifest lines to add")
            } else {
                texts.append((AndroidTVBanner.snippetName, AndroidTVBanner.snippet(drawable: (file as NSString).deletingPathExtension), .androidBanner))
            }
        }
        if let splash = outputs.first(where: { $0.role == .androidSplash }), let file = splash.filename, let colour = masters.splashBackground {
            let night = outputs.contains { $0.role == .androidSplash && $0.appearance == .dark && $0.filename != nil } ? masters.splashDarkBackground : nil
            let drawable = (file as NSString).deletingPathExtension
            let items = { (background: RGBColor) in
                AndroidSplashScreen.items(drawable: drawable, background: background, iconBackground: self.options.splashIconBackground)
            }
            // Into the project's launch theme when it has one (the original goes to the backup); else the snippet.
            let launchTheme = AndroidProject.readLaunchTheme(module: AndroidProject.module(of: res))
            let merged = try mergeSplashTheme(items(colour), into: (res as NSString).appendingPathComponent(AndroidSplashScreen.themesFile), style: launchTheme,
                                              onlyStyle: true, root: folder, writer: writer)
            var nightMerged = false
            if let merged {
                files.append(merged.file)
                notes.append("merged the splash screen items into \(merged.file.path)'s \(merged.style)")
                // A night theme of the same name replaces the light one in dark mode: it needs the items too, or the
                // dark splash screen shows none of them.
                if let nightFile = try mergeSplashTheme(items(night ?? colour), into: (res as NSString).appendingPathComponent(AndroidSplashScreen.nightThemesFile),
                                                        style: merged.style, onlyStyle: false, root: folder, writer: writer) {
                    files.append(nightFile.file)
                    notes.append("merged the splash screen items into \(nightFile.file.path)'s \(nightFile.style)")
                    nightMerged = true
                }
            }
            if merged == nil || (night != nil && !nightMerged) {
                texts.append((AndroidSplashScreen.snippetName, AndroidSplashScreen.snippet(drawable: drawable, background: colour,
                                                                                           iconBackground: options.splashIconBackground,
                                                                                           night: nightMerged ? nil : night, lightMerged: merged != nil), .androidSplash))
            }
        }
        for (name, text, role) in texts {
            let path = place(name)
            try writer.write(Array(text.utf8), to: (folder as NSString).appendingPathComponent(path))
            files.append(GeneratedFile(path: path, role: role, pixels: nil, bytes: text.utf8.count))
        }
        return (files, notes)
    }

    /// The notification icon as a vector drawable beside its PNGs (see `NotificationVector`), from an SVG `--monochrome`
    /// or an SVG master that is a logo on transparency (a full-bleed picture's silhouette is a separated glyph, which only
    /// the PNGs have); nil, with a note, when that SVG is more than filled paths.
    func writeNotificationVector(jobs: [FileJob], source: String, masters: Masters, into folder: String, writer: OutputWriter,
                                         notes: inout [String]) throws(IconForgeError) -> GeneratedFile? {
        guard masters.notification != nil, let png = jobs.first(where: { $0.spec.role == .androidNotification }), let name = png.spec.filename else { return nil }
        let isSVG = { (path: String) in (try? FileIO.readPrefix(path, upTo: 64 << 10)).map { FileKind.detect($0) == .svg } ?? false }
        let svg: String
        if let path = options.monochrome?.filePath { guard isSVG(path) else { return nil }; svg = path } else {
            guard isSVG(source), masters.isLogo else { return nil }
            svg = source
        }
        guard let xml = NotificationVector.drawable(svg: try FileIO.readInput(svg)) else {
            notes.append("\(svg) is more than filled paths (strokes, gradients, masks, transforms or text): the notification icon is PNGs only, "
                         + "no vector drawable")
            return nil
        }
        let densityFolder = loosePath(png.path, in: folder).parentFolder
        let path = ((densityFolder.parentFolder.isEmpty ? "" : densityFolder.parentFolder + "/") + NotificationVector.folder + "/")
            + (name as NSString).deletingPathExtension + ".xml"
        try writer.write(Array(xml.utf8), to: (folder as NSString).appendingPathComponent(path))
        return GeneratedFile(path: path, role: .androidNotification, pixels: nil, bytes: xml.utf8.count)
    }

    /// The splash screen's items merged into the theme file at `path` (see `AndroidSplashScreen.merging`); nil when there
    /// is no such file or no launch theme in it, or when it may not be written (a link): the snippet then carries them.
    func mergeSplashTheme(_ items: [(name: String, value: String)], into path: String, style: String?, onlyStyle: Bool, root: String,
                                  writer: OutputWriter) throws(IconForgeError) -> (file: GeneratedFile, style: String)? {
        guard FileManager.default.fileExists(atPath: path), (try? writer.checkTarget(path)) != nil,
              let bytes = try? FileIO.readDocument(path),
              let merged = AndroidSplashScreen.merging(items, into: String(decoding: bytes, as: UTF8.self), style: style, onlyStyle: onlyStyle) else { return nil }
        let data = Array(merged.text.utf8)
        try writer.write(data, to: path)
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path, full = URL(fileURLWithPath: path).standardizedFileURL.path
        let relative = full.hasPrefix(rootPath + "/") ? String(full.dropFirst(rootPath.count + 1)) : full
        return (GeneratedFile(path: relative, role: .androidSplash, pixels: nil, bytes: data.count), merged.style)
    }
}

/// The adaptive icon's XML and colour resources beside the layers, merged into the project's own; the Play listing
/// icon that fastlane uploads follows the new Play icon.
struct AndroidLayersStep: PlatformStep {
    func finish(_ run: inout GenerationRun, by generator: Generator) throws(IconForgeError) {
        guard run.outputs.contains(where: { $0.androidLayer != nil }), let icon = run.masters.adaptive else { return }
        let folder = run.folder, options = generator.options
        let android = run.plan.androidResources
        let res = (folder as NSString).appendingPathComponent(android)
        var colour: RGBColor? = icon.backgroundColor
        if case .file? = options.androidBackground { colour = nil }
        let names = Set(run.outputs.compactMap { $0.androidLayer != nil && $0.folder != nil ? ($0.filename! as NSString).deletingPathExtension : nil })
        // IconForge's own monochrome under the name the plan gave its pictures (the manifest's launcher_monochrome).
        let own = run.outputs.first { $0.androidLayer == .monochrome && $0.folder != nil && $0.filename != nil }.map { spec in
            "@" + String((spec.folder! as NSString).lastPathComponent.prefix { $0 != "-" }) + "/" + (spec.filename! as NSString).deletingPathExtension
        }
        let monochrome = run.plan.keptMonochrome ?? own
        let (files, notes, warnings) = try AndroidResources.write(res: res, root: folder, backgroundColor: colour, monochrome: monochrome,
                                                                  monochromeIsDesigned: run.plan.keptMonochrome != nil, imageNames: names, writer: run.writer)
        run.warnings += warnings
        if let kept = run.plan.keptMonochrome {
            run.platformNotes.append("kept your designed monochrome layer \(kept) for themed icons; --monochrome FILE replaces it")
        }
        run.files += files.map { path in
            GeneratedFile(path: path, role: .android, pixels: nil,
                          bytes: (try? FileIO.read((folder as NSString).appendingPathComponent(path)))?.count ?? 0)
        }
        run.platformNotes += notes
        // Given a project or a module (not its res/), the Play listing icon fastlane uploads follows the new Play icon.
        if !android.isEmpty {
            // Its own writer: the run's keeps backups beside the module's res/, which these files are not under.
            run.platformNotes += try FastlanePlayIcons.update(root: folder, afterAndroidInto: folder, inputs: [run.source] + options.inputFiles)
        }
    }
}

/// The notification icon's vector drawable beside its PNGs, when an SVG can give one.
struct NotificationVectorStep: PlatformStep {
    func finish(_ run: inout GenerationRun, by generator: Generator) throws(IconForgeError) {
        if let vector = try generator.writeNotificationVector(jobs: run.rendered, source: run.source, masters: run.masters, into: run.folder,
                                                              writer: run.writer, notes: &run.platformNotes) {
            run.files.append(vector)
        }
    }
}

/// The splash screen's theme items (merged into the launch theme, or a snippet) and the TV banner's manifest lines.
struct AndroidSnippetsStep: PlatformStep {
    func finish(_ run: inout GenerationRun, by generator: Generator) throws(IconForgeError) {
        let snippets = try generator.writeAndroidSnippets(outputs: run.outputs, masters: run.masters, into: run.folder,
                                                          android: run.plan.androidResources, writer: run.writer)
        run.files += snippets.files
        run.platformNotes += snippets.notes
    }
}
