import Foundation
import Raster

/// `validate`'s rules for a web app manifest: every icon exists at its stated size, 192 and 512 are there
/// (browsers require them to install the app), and a maskable icon is there (else Android crops the icon).
enum WebManifestChecks {
    /// The names a manifest goes by.
    static let names: Set<String> = ["manifest.webmanifest", "manifest.json", "site.webmanifest"]

    static func check(manifest path: String, scope: FolderScope? = nil) -> (findings: [SetFinding], files: [String]) {
        let scope = scope ?? FolderScope(path.parentFolder)
        var findings: [SetFinding] = []
        func report(_ finding: Finding) { findings.append(SetFinding(path: path, finding: finding)) }
        let name = (path as NSString).lastPathComponent
        guard scope.contains(path) else {
            report(Finding(.webManifest, .error, "\(name) is a link that leaves \(scope.folder); not opened", fix: "replace the link with the file"))
            return (findings, [path])
        }
        guard let bytes = try? FileIO.readDocument(path), let root = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            report(Finding(.webManifest, .error, "\(name) is not a JSON object", fix: "fix the JSON"))
            return (findings, [path])
        }
        // Not an app manifest (a package.json…) unless it says how the app starts or shows: one that does and lists no
        // icons is one Chrome will not install (gotify's), checked as if its list were empty.
        guard root["icons"] != nil || root["start_url"] != nil || root["display"] != nil else { return ([], [path]) }
        let icons = (root["icons"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        let folder = path.parentFolder
        let site = WebApp(manifest: path, scope: scope)
        var sizes = Set<String>(), maskable = false
        for (index, icon) in icons.enumerated() {
            guard let src = icon["src"] as? String else {
                report(Finding(.webManifest, .error, "\(name): icons[\(index)] has no src", fix: "add the icon's path"))
                continue
            }
            let declared = (icon["sizes"] as? String ?? "").split(separator: " ").map(String.init)
            let purposes = ((icon["purpose"] as? String) ?? "any").lowercased().split(separator: " ").map(String.init)
            // Chrome's installability counts "any" icons only; a maskable one is cropped, never shown whole.
            if purposes.contains("any") { sizes.formUnion(declared) }
            if purposes.contains("maskable") { maskable = true }
            if purposes.contains("any"), purposes.contains("maskable") {
                report(Finding(.webManifest, .warning, "\(name): icons[\(index)] \(src) is \"any maskable\": one picture cannot serve both — "
                               + "shown whole it has the safe zone's wide margins, cropped it loses what is outside them (Chrome warns about it)",
                               fix: "give two icons, one \"any\" and one \"maskable\" ('iconforge generate --preset web' does)"))
            }
            // Remote URLs are not checked; every local path form is (relative, from the site's root, behind a template prefix).
            guard let file = site.resolve(src, base: folder) else { continue }
            guard scope.contains(file) else {
                report(Finding(.webManifest, .error, "\(name): icons[\(index)] names \(src), outside \(scope.folder); not read",
                               fix: "keep the icons inside the web folder"))
                continue
            }
            guard let data = try? FileIO.read(file) else {
                report(Finding(.webManifest, .error, "\(name): icons[\(index)] names \(src), which does not exist", fix: "add the file, or fix src"))
                continue
            }
            let size = FileKind.pixelSize(data)
            if let size, !declared.isEmpty, !declared.contains(size.description), !declared.contains("any") {
                report(Finding(.webManifest, .error, "\(name): icons[\(index)] \(src) is \(size) but says \(declared.joined(separator: " "))",
                               fix: "export it at the stated size, or correct sizes"))
            }
        }
        for required in ["192x192", "512x512"] where !sizes.contains(required) {
            report(Finding(.webManifest, .error, "\(name) has no \(required) icon; browsers require 192 and 512 to install the app",
                           fix: "run 'iconforge generate MASTER --preset web'"))
        }
        if !maskable {
            report(Finding(.webManifest, .warning, "\(name) has no maskable icon: Android crops the \"any\" icon into its shape",
                           fix: "add one with purpose \"maskable\" ('iconforge generate --preset web' does)"))
        }
        return (findings, [path])
    }
}
