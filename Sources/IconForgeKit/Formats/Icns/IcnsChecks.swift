import Foundation
import PNGCodec

/// `validate`'s rules for an `.icns` file: it is one (not a PNG renamed), every element reads and decodes at
/// its type's size, no PNG sits in the 16/32 px types macOS 26 draws as noise, and the 512 pt @2x image the Mac
/// App Store requires is there — unless the file is not the app icon: the fallback actool writes beside
/// Assets.car for an Icon Composer icon, an icon inside an Xcode project bundle (Xcode 3's TemplateIcon.icns), or an
/// app extension's icon.
enum IcnsChecks {
    /// The image types Xcode 26's actool writes into `AppIcon.icns` for an app whose icon is a `.icon`: 16, 32,
    /// 128 and 256 px for Finder's small sizes on older macOS; the icon itself is in Assets.car, which the Mac
    /// App Store reads, so no ic10 is missing.
    static let actoolFallbackTypes: Set<String> = ["ic04", "ic07", "ic11", "ic13"]

    /// True for a file of exactly actool's fallback image types (other, non-image elements aside).
    static func isActoolFallback(_ elements: [Icns.Element]) -> Bool {
        Set(elements.map(\.type).filter { Icns.pixels(of: $0) != nil }) == actoolFallbackTypes
    }

    /// True for the icon an app extension's Info.plist beside it names (`CFBundleIconFile`): NetNewsWire's Safari share
    /// extension has shipped on the Mac App Store since 2020 with 16 to 256 px only. The store's 512 pt @2x rule is the
    /// app's icon's, and the share menu draws an extension's at 16 to 32 pt.
    static func isExtensionIcon(_ path: String) -> Bool {
        guard let info = BundleInfo.owning(path.parentFolder) else { return false }
        return info.isExtension && info.namesIcon((path as NSString).lastPathComponent)
    }

    /// `path` (for where the file is) may be just the name. `isAppIcon` false checks the elements alone (a file that is
    /// not a hand-kept app icon: an .icns in an asset catalog's slot, whose set holds the store's sizes).
    static func check(name: String, path: String? = nil, bytes: [UInt8], kind: FileKind?, limits: PNGLimits, isAppIcon: Bool = true) -> [Finding] {
        guard kind == .icns else {
            let what = kind.map { "\($0) data" } ?? "not an icon file"
            return [Finding(.icns, .error, "\(name) is \(what) named .icns; the Mac App Store refuses it (\"missing 512pt@2x\")",
                            fix: "run 'iconforge generate MASTER --preset macos' for a real .icns")]
        }
        let elements: [Icns.Element]
        do { elements = try Icns.read(bytes) } catch {
            return [Finding(.icns, .error, "\(name) \(error)", fix: "re-create it with 'iconforge generate --preset macos' or iconutil")]
        }
        var findings: [Finding] = []
        for element in elements where Icns.pixels(of: element.type) != nil {
            if ["icp4", "icp5"].contains(element.type), element.data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                findings.append(Finding(.icns, .error, "\(name): \(element.type) holds PNG data, which macOS 26 draws as noise",
                                        fix: "use ic04/ic05 with ARGB data for 16 and 32 px ('iconforge generate --preset macos' does)"))
                continue
            }
            guard Icns.imageTypes.contains(where: { $0.type == element.type }) else { continue }
            do { _ = try Icns.decode(element, limits: limits) } catch {
                findings.append(Finding(.icns, .error, "\(name): \(error)", fix: "re-create the file"))
            }
        }
        // Xcode never checks an icon inside a project bundle, and the Mac App Store reads a .icon app's icon from Assets.car.
        let inProject = (path ?? name).split(separator: "/").contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }
        if isAppIcon, !elements.contains(where: { $0.type == "ic10" }), !inProject, !isActoolFallback(elements), !isExtensionIcon(path ?? name) {
            // A warning, not an error: an app built by Xcode takes its icon from the asset catalog, so a hand-kept .icns
            // is an Electron, Tauri, Qt or Java app's, most of which never go to the Mac App Store (MarkText's has none).
            findings.append(Finding(.icns, .warning, "\(name) has no ic10 (512 pt @2x, 1024 px) image: Retina screens draw the 512 px one "
                                    + "scaled up at 512 pt, and the Mac App Store refuses an app whose icon lacks it",
                                    fix: "add a 1024 px image ('iconforge generate MASTER --preset macos')"))
        }
        return findings
    }
}
