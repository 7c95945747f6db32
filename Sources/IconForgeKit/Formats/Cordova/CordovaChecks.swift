import Foundation
import Raster

/// `validate`'s rules for a Cordova app's config.xml: every file an `<icon>` names exists (`cordova prepare` stops on
/// one that does not: "Source path does not exist"), at the size prepare puts it in — checked as that slot's icon —
/// and iOS's icons include the 1024 px App Store icon, without which the app keeps the Cordova template's.
enum CordovaChecks {
    static let reference = "Cordova config.xml: icon (cordova prepare copies each into platforms/)"

    /// The findings (against config.xml) and the icons to check as files, each once, with every size it is named at.
    static func check(_ config: CordovaConfig, scope: FolderScope?) -> (findings: [SetFinding], targets: [ValidationTarget]) {
        var findings: [SetFinding] = [], targets: [ValidationTarget] = [], index: [String: Int] = [:]
        let name = (config.file as NSString).lastPathComponent
        for icon in config.icons {
            let file = config.file(of: icon)
            if let scope, !scope.contains(file) { continue }
            let described = "<icon \(icon.attribute)=\"\(icon.path)\">" + (icon.platform.map { " (\($0)\(icon.density.map { ", \($0)" } ?? ""))" } ?? "")
            guard FileManager.default.fileExists(atPath: file) else {
                findings.append(SetFinding(path: config.file, finding: Finding(.missingFile, .error,
                    "\(name) line \(icon.line): \(described) names a file that does not exist: cordova prepare stops (\"Source path does not exist\")",
                    fix: "add the image, or point the element at the file", reference: reference)))
                continue
            }
            let expected = config.expectedPixels(of: icon).map { pixels in
                (pixels, "\(icon.platform == "ios" ? "iOS" : "Android") \(icon.density.map { "\($0) " } ?? "")\(icon.attribute == "src" ? "icon" : "adaptive \(icon.attribute)") in \(name)")
            }
            if let at = index[file] {
                if let expected { targets[at].expectations.append(expected) }
                continue
            }
            index[file] = targets.count
            // iOS's icons become the app's icon set; Android's are checked for their size alone.
            targets.append(ValidationTarget(path: file, role: icon.platform == "ios" ? .app : .unknown, expectations: expected.map { [$0] } ?? [],
                                            appStoreIcon: icon.platform == "ios" && expected?.0 == PixelSize(width: 1024, height: 1024)))
        }
        let ios = config.icons.filter { $0.platform == "ios" }
        if !ios.isEmpty, !ios.contains(where: { config.expectedPixels(of: $0) == PixelSize(width: 1024, height: 1024) }) {
            findings.append(SetFinding(path: config.file, finding: Finding(.missingSize, .warning,
                "\(name) gives iOS no 1024x1024 icon: the App Store icon stays the one the Cordova iOS template ships",
                fix: "add <icon src=\"…\" width=\"1024\" height=\"1024\"/> to <platform name=\"ios\">", reference: reference)))
        }
        return (findings, targets)
    }
}
