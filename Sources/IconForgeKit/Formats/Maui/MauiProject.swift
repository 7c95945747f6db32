import Foundation

/// A .NET MAUI app: a `.csproj` with `<UseMaui>true</UseMaui>` (or a `<MauiIcon>`), whose icons are made at build
/// time by Resizetizer from one `<MauiIcon Include="Resources\AppIcon\appicon.svg">` and one `<MauiSplashScreen>`.
/// Read for `validate`: the logos its `Platforms/Windows/Package.appxmanifest` names are Resizetizer's output, written
/// into the package, not files of the project — `appiconLogo.png`, `appiconMediumTile.png`, `splashSplashScreen.png`
/// (GeneratePackageAppxManifest names them so, and fills in `$placeholder$`). dotnet-podcasts' manifest names all
/// seven and its tree has none of them.
struct MauiProject: Sendable, Equatable {
    /// The `.csproj`'s folder.
    var root: String
    /// The app icon's and splash screen's output names (the file name without extension), lower-cased.
    var iconName: String?
    var splashName: String?
    /// The `<MauiIcon>`'s `Include` as written, with `/` separators (`Resources/AppIcon/appicon.svg`).
    var iconFile: String?

    /// What Resizetizer adds to the icon's name for each Windows logo (DpiPath.Windows).
    static let iconSuffixes = ["logo", "storelogo", "mediumtile", "widetile", "smalltile", "largetile"]

    /// The MAUI project whose platform folder `folder` is: the `.csproj` in it or in one of its two parents
    /// (`Platforms/Windows` is two folders below the project).
    static func near(_ folder: String) -> MauiProject? {
        FileIO.nearest(from: folder, levels: 2) { candidate in
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: candidate)) ?? []).sorted()
            for name in files where name.lowercased().hasSuffix(".csproj") {
                guard let bytes = try? FileIO.readDocument((candidate as NSString).appendingPathComponent(name)) else { continue }
                if let project = MauiProject(root: candidate, text: String(decoding: bytes, as: UTF8.self)) { return project }
            }
            return nil
        }
    }

    /// Nil when the project file is not a MAUI app's.
    init?(root: String, text: String) {
        let usesMaui = text.range(of: #"<UseMaui>\s*true\s*</UseMaui>"#, options: [.regularExpression, .caseInsensitive]) != nil
        guard usesMaui || text.contains("<MauiIcon") else { return nil }
        self.root = root
        iconFile = Self.include(of: "MauiIcon", in: text)
        iconName = iconFile.flatMap(Self.outputName)
        splashName = Self.include(of: "MauiSplashScreen", in: text).flatMap(Self.outputName)
    }

    /// The `Include` of the first `<ITEM Include="…">`, with `/` separators.
    private static func include(of item: String, in text: String) -> String? {
        guard let tag = text.range(of: "<\(item) ", options: .caseInsensitive),
              let end = text.range(of: ">", range: tag.upperBound..<text.endIndex),
              let include = text.range(of: #"Include\s*=\s*"[^"]*""#, options: .regularExpression, range: tag.upperBound..<end.lowerBound)
        else { return nil }
        let value = text[include].split(separator: "\"", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? ""
        return value.isEmpty ? nil : value.replacingOccurrences(of: "\\", with: "/")
    }

    /// A file's name without extension, lower-cased: Resizetizer's output name for it.
    private static func outputName(_ path: String) -> String? {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
        return name.isEmpty ? nil : name
    }

    /// The MAUI app whose `Platforms/Windows` is `folder` when every logo its `Package.appxmanifest` names is one
    /// Resizetizer writes into the package (eShop's ClientApp names none, `<uap:VisualElements/>`; MoneyFox's names
    /// `$placeholder$.png`): nothing of the project's own is there for a Windows run to write, and what one writes there
    /// is packaged by nothing. Nil for any other folder, or a manifest naming a file of the project's.
    static func makesLogos(ofManifestIn folder: String) -> MauiProject? {
        guard let manifest = AppxAssetChecks.manifest(in: folder), let maui = near(folder),
              let bytes = try? FileIO.readDocument(manifest) else { return nil }
        let references = AppxManifest(text: String(decoding: bytes, as: UTF8.self)).references
        return references.allSatisfy { reference in
            WindowsVisualAssets.QualifiedName((reference.relativePath as NSString).lastPathComponent).map { maui.generates(logo: $0.base) } ?? false
        } ? maui : nil
    }

    /// True for a logo base name (`appiconMediumTile`, `$placeholder$`) that Resizetizer writes into the package.
    func generates(logo base: String) -> Bool {
        let lower = base.lowercased()
        if lower.contains("$placeholder$") { return true }
        if let iconName, Self.iconSuffixes.contains(where: { lower == iconName + $0 }) { return true }
        if let splashName, lower == splashName + "splashscreen" { return true }
        return false
    }
}
