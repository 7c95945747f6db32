import Foundation

/// What an app's or app extension's `Info.plist` says of its icons: the extension point it declares
/// (`NSExtension` › `NSExtensionPointIdentifier`, present only in an extension's) and the icon file it names
/// (`CFBundleIconFile`). The one reader of a target's `Info.plist`, XML or binary.
package struct BundleInfo: Sendable, Equatable {
    /// The file read.
    package var path: String
    /// True when the plist has an `NSExtension` dictionary: the bundle is an app extension (a widget, a share or
    /// action extension…), whose icon App Store Connect does not check and which no app target builds.
    package var isExtension: Bool
    /// `NSExtensionPointIdentifier` (`com.apple.widgetkit-extension`, `com.apple.ui-services`…), when given.
    package var extensionPoint: String?
    /// `CFBundleIconFile` (a Mac bundle's `.icns`, with or without its extension).
    package var iconFile: String?

    /// An Action extension's (`com.apple.ui-services` with a UI, `com.apple.services` without): iOS draws its icon
    /// in the share sheet as a template, from its alpha alone (WWDC 2015, App Extension Best Practices: "uses custom
    /// template icon"), so a glyph on transparency is what it should be (Mastodon's "Open in Mastodon").
    package var isActionExtension: Bool { ["com.apple.ui-services", "com.apple.services"].contains(extensionPoint ?? "") }

    /// True when `CFBundleIconFile` names the file `name` (`icon` or `icon.icns` for `icon.icns`).
    package func namesIcon(_ name: String) -> Bool {
        guard let iconFile, !iconFile.isEmpty else { return false }
        return iconFile == name || iconFile + ".icns" == name
    }

    /// The `Info.plist` at `path`, or nil when there is none or it is not a property list of a dictionary.
    package static func read(_ path: String) -> BundleInfo? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 4 << 20,
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else { return nil }
        let extensionInfo = plist["NSExtension"] as? [String: Any]
        return BundleInfo(path: path, isExtension: extensionInfo != nil,
                          extensionPoint: extensionInfo?["NSExtensionPointIdentifier"] as? String, iconFile: plist["CFBundleIconFile"] as? String)
    }

    /// The `Info.plist` of the target whose files `folder` holds: the one in `folder`, else in the folder above it (an
    /// extension keeps its catalog beside its `Info.plist`, as Xcode's templates make it, or one folder down, in
    /// `Resources/`). Nil when neither holds one.
    package static func owning(_ folder: String) -> BundleInfo? {
        let folder = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL.path
        for candidate in [folder, folder.parentFolder] where candidate != "/" {
            let path = (candidate as NSString).appendingPathComponent("Info.plist")
            if FileManager.default.fileExists(atPath: path) { return read(path) }
        }
        return nil
    }

    /// The `Info.plist` of the target an asset catalog (`.xcassets`, or a set or file inside one) belongs to.
    package static func owning(catalogOf path: String) -> BundleInfo? {
        var catalog = path
        while !catalog.isEmpty, catalog != "/", (catalog as NSString).pathExtension != "xcassets" { catalog = catalog.parentFolder }
        guard (catalog as NSString).pathExtension == "xcassets" else { return nil }
        return owning(catalog.parentFolder)
    }
}
