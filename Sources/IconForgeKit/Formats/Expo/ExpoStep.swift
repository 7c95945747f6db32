import Foundation
import Raster

/// An Expo app's configuration once its images are written: what was left as it is, said; and the one edit a run may
/// need, the adaptive icon's `android.adaptiveIcon.backgroundColor` when `--android-background COLOR` drew the
/// foreground for another colour than the configuration gives (prebuild fills the layer behind it with that key) —
/// set in app.json's own text, every other byte kept (`JSONText`). Keys the configuration lacks are not added (an
/// image key changes what prebuild builds), and a code configuration is not edited: the line to change is said.
struct ExpoStep: PlatformStep {
    static let backgroundKey = "android.adaptiveIcon.backgroundColor"

    func finish(_ run: inout GenerationRun, by generator: Generator) throws(IconForgeError) {
        guard let expo = run.plan.expo else { return }
        run.platformNotes += expo.notes
        let config = expo.project.config
        // One file as the foreground and the monochrome layer works while it is a glyph on transparency (themed icons
        // draw its alpha alone); a full-bleed master's foreground is opaque to its edges.
        let foreground = config.values["android.adaptiveIcon.foregroundImage"]
        if let foreground, foreground == config.values["android.adaptiveIcon.monochromeImage"],
           let layer = run.masters.adaptive?.foreground, !layer.hasTransparentEdges,
           run.written.contains(where: { $0.spec.androidLayer == .foreground }) {
            run.warnings.append("\(foreground): android.adaptiveIcon.monochromeImage names this file too, and the new foreground is opaque (a full-bleed master): "
                                + "themed icons draw its alpha alone, a solid square; give monochromeImage a file of its own (a glyph on transparency, or --monochrome FILE)")
        }
        guard case .color(let colour)? = generator.options.androidBackground, expo.project.isAdaptive,
              run.written.contains(where: { $0.spec.androidLayer == .foreground }) else { return }
        let given = config.values[Self.backgroundKey]
        // Expo's default is white.
        guard (given.flatMap(ExpoIcons.color) ?? .white) != colour else { return }
        guard let jsonFile = config.jsonFile, !config.codeKeys.contains(Self.backgroundKey) else {
            run.warnings.append("\(config.codeFile ?? ""): set \(Self.backgroundKey) to \"\(colour)\" (it is \(given.map { "\"\($0)\"" } ?? "not set")): "
                                + "the adaptive foreground was drawn for that background, and IconForge does not edit code")
            return
        }
        let path = (config.jsonWrapsInExpo ? ["expo"] : []) + Self.backgroundKey.split(separator: ".").map(String.init)
        let bytes: [UInt8]
        do { bytes = try FileIO.readDocument(jsonFile) } catch { throw .file(error) }
        guard let edited = JSONText.settingMember(path, to: colour.description, in: bytes) else {
            run.warnings.append("\(jsonFile): set \(Self.backgroundKey) to \"\(colour)\"; IconForge could not edit the file in place")
            return
        }
        try run.writer.write(edited, to: jsonFile)
        let name = (jsonFile as NSString).lastPathComponent
        run.files.append(GeneratedFile(path: name, role: .android, pixels: nil, bytes: edited.count))
        run.platformNotes.append("set \(Self.backgroundKey) in \(name) to \"\(colour)\" (was \(given.map { "\"\($0)\"" } ?? "Expo's default, white")): the colour --android-background gave")
    }
}
