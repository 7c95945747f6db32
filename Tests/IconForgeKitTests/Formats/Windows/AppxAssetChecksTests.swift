import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// `validate` on a packaged Windows app (a Package.appxmanifest and its Assets/) and on a Windows `.ico`, with trees
/// laid out as Visual Studio's template and real UWP apps keep them.
@Suite("AppX visual assets")
struct AppxAssetChecksTests {
    /// Visual Studio's UWP template manifest, trimmed to what names images.
    static let manifest = """
        <?xml version="1.0" encoding="utf-8"?>
        <Package xmlns="http://schemas.microsoft.com/appx/manifest/foundation/windows10" xmlns:uap="http://schemas.microsoft.com/appx/manifest/uap/windows10">
          <Properties>
            <DisplayName>App</DisplayName>
            <Logo>Assets\\StoreLogo.png</Logo>
          </Properties>
          <Applications>
            <Application Id="App" Executable="$targetnametoken$.exe" EntryPoint="App.App">
              <uap:VisualElements DisplayName="App" Square150x150Logo="Assets\\Square150x150Logo.png" Square44x44Logo="Assets\\Square44x44Logo.png"
                Description="App" BackgroundColor="transparent">
                <uap:DefaultTile Wide310x150Logo="Assets\\Wide310x150Logo.png"/>
                <uap:SplashScreen Image="Assets\\SplashScreen.png" />
              </uap:VisualElements>
            </Application>
          </Applications>
        </Package>
        """

    /// A picture drawn as Visual Studio's template logos are: a grey box with both diagonals, on transparency.
    static func placeholder(side: Int, height: Int? = nil) -> Image {
        let height = height ?? side
        var image = Image(width: side, height: height, format: .rgba8)
        let grey = SIMD4<UInt16>(191, 191, 191, 255)
        let (left, top, right, bottom) = (side / 5, height / 5, side - 1 - side / 5, height - 1 - height / 5)
        for x in left...right { image.setPixel(x: x, y: top, grey); image.setPixel(x: x, y: bottom, grey) }
        for y in top...bottom { image.setPixel(x: left, y: y, grey); image.setPixel(x: right, y: y, grey) }
        for step in 0...400 {
            let t = Double(step) / 400
            let y = top + Int((t * Double(bottom - top)).rounded())
            image.setPixel(x: left + Int((t * Double(right - left)).rounded()), y: y, grey)
            image.setPixel(x: right - Int((t * Double(right - left)).rounded()), y: y, grey)
        }
        return image
    }

    private func write(_ image: Image, _ path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try PNG.encode(image)).write(to: url)
    }

    private func logo(_ width: Int, _ height: Int? = nil) -> Image {
        var image = Image(width: width, height: height ?? width, format: .rgba8, fill: SIMD4(0, 120, 215, 255))
        image.setPixel(x: width / 2, y: (height ?? width) / 2, SIMD4(255, 255, 255, 255))
        return image
    }

    /// A well-made project: every logo at scale-100 and 200, the app-list icon at its essential target sizes, unplated too.
    private func wellMade() throws -> URL {
        let folder = try Fixtures.temporaryFolder()
        try Data(Self.manifest.utf8).write(to: folder.appendingPathComponent("Package.appxmanifest"))
        let logos: [(String, Int, Int)] = [("StoreLogo", 50, 50), ("Square150x150Logo", 150, 150), ("Square44x44Logo", 44, 44),
                                           ("Wide310x150Logo", 310, 150), ("SplashScreen", 620, 300)]
        for (name, width, height) in logos {
            for scale in [100, 200] { try write(logo(width * scale / 100, height * scale / 100), "Assets/\(name).scale-\(scale).png", in: folder) }
        }
        for size in [16, 24, 32, 48, 256] {
            try write(logo(size), "Assets/Square44x44Logo.targetsize-\(size).png", in: folder)
            try write(logo(size), "Assets/Square44x44Logo.altform-unplated_targetsize-\(size).png", in: folder)
        }
        return folder
    }

    private func findings(_ folder: URL) throws -> [Finding] { try Validator().validate([folder.path]).files.flatMap(\.findings) }

    @Test("a well-made project is clean, its qualifiers in either order")
    func wellMadeIsClean() throws {
        let lines = try findings(try wellMade()).map(\.line)
        #expect(lines.isEmpty, "\(lines)")
    }

    @Test("a logo the manifest names with neither the file nor a variant is an error: the package does not build")
    func missingLogo() throws {
        let folder = try wellMade()
        for scale in [100, 200] { try FileManager.default.removeItem(at: folder.appendingPathComponent("Assets/Wide310x150Logo.scale-\(scale).png")) }
        let errors = try findings(folder).filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.rule == .appxAssets && errors.first?.message.contains("Wide310x150Logo.png") == true)
    }

    @Test("a logo in a folder that is not here (electron-windows-store's app/resources/…, laid out when packaging) is a warning, not checked")
    func packagedLayout() throws {
        let folder = try wellMade()
        let manifest = Self.manifest.replacingOccurrences(of: "Assets\\Wide310x150Logo.png", with: "app\\resources\\app\\images\\icons\\512x512.png")
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.appxmanifest"))
        let found = try findings(folder)
        #expect(found.map(\.severity) == [.warning] && found.first?.message.contains("not checked") == true, "\(found.map(\.line))")
    }

    @Test("a picture whose name's last dotted part is no qualifier (QuickLook's Square44x44Logo.altform-unplated_targetsize-256.setup.png, an installer's) is another resource, as MakePri reads it: not checked as a variant of the logo")
    func lastPartIsNoQualifier() throws {
        let folder = try wellMade()
        try write(logo(256), "Assets/Square44x44Logo.altform-unplated_targetsize-256.setup.png", in: folder)
        try write(logo(256), "Assets/Square44x44Logo.altform-unplated_targetsize-256.uninst.png", in: folder)
        let lines = try findings(folder).map(\.line)
        #expect(lines.isEmpty, "\(lines)")
        let name = try #require(WindowsVisualAssets.QualifiedName("Square44x44Logo.altform-unplated_targetsize-256.setup.png"))
        #expect(name.base == "Square44x44Logo.altform-unplated_targetsize-256.setup" && name.qualifiers.isEmpty)
        let qualified = try #require(WindowsVisualAssets.QualifiedName("My.App.targetsize-24_altform-unplated.png"))
        #expect(qualified.base == "My.App" && qualified.targetSize == 24 && qualified.qualifiers == ["targetsize-24", "altform-unplated"])
    }

    @Test("a build's labelled copies after the qualifiers (Notepads' Square44x44Logo.scale-125-dev.png, which its .csproj packs without -dev in Debug builds) are checked at the size their qualifiers ask, not at scale-100; they stand in for no variant the package lacks")
    func buildLabel() throws {
        let folder = try wellMade()
        try write(logo(55), "Assets/Square44x44Logo.scale-125-dev.png", in: folder)
        try write(logo(300), "Assets/Square150x150Logo.scale-200-dev.png", in: folder)
        try write(logo(300), "Assets/Square150x150Logo.scale-200_altform-colorful_theme-light-dev.png", in: folder)
        try write(logo(16), "Assets/Square44x44Logo.targetsize-16_altform-unplated-dev.png", in: folder)
        try write(logo(64), "Assets/Square44x44Logo.targetsize-64-dev.png", in: folder)
        try write(logo(24), "Assets/Square44x44Logo.targetsize-24-dev.png", in: folder)
        for name in ["targetsize-24", "altform-unplated_targetsize-24"] {
            try FileManager.default.removeItem(at: folder.appendingPathComponent("Assets/Square44x44Logo.\(name).png"))
        }
        let found = try findings(folder)
        // The -dev 24 px icon is the Debug build's: the package without the label still lacks its targetsize-24.
        #expect(found.map(\.message) == ["Square44x44Logo has no targetsize-24 variant: the taskbar, Start and Explorer scale another size, blurred"], "\(found.map(\.line))")
        // One of the wrong size is held to its own scale.
        try write(logo(44), "Assets/Square44x44Logo.scale-150-dev.png", in: folder)
        #expect(try findings(folder).filter { $0.severity == .error }.map(\.message)
            == ["Square44x44Logo.scale-150-dev.png is 44x44 but Square44x44Logo at scale-150 is 66x66: Windows stretches it and the Windows App Certification Kit rejects it"])
        let name = try #require(WindowsVisualAssets.QualifiedName("LargeTile.scale-400_altform-colorful_theme-light-dev.png"))
        #expect(name.base == "LargeTile" && name.scale == 400 && name.label == "dev")
        #expect(WindowsVisualAssets.QualifiedName("Square44x44Logo.altform-unplated_targetsize-16.png")?.label == nil)
    }

    @Test("a variant at the wrong size for its scale or target size is an error naming the expected size")
    func wrongSize() throws {
        let folder = try wellMade()
        try write(logo(100), "Assets/Square150x150Logo.scale-200.png", in: folder)
        try write(logo(30), "Assets/Square44x44Logo.targetsize-32.png", in: folder)
        let errors = try findings(folder).filter { $0.severity == .error }.map(\.message)
        #expect(errors.count == 2)
        #expect(errors.contains { $0.contains("Square150x150Logo.scale-200.png is 100x100") && $0.contains("300x300") })
        #expect(errors.contains { $0.contains("targetsize-32") && $0.contains("32x32") })
    }

    @Test("the app-list icon without taskbar target sizes, or none unplated, and a tile without a 200% variant are warnings")
    func missingVariants() throws {
        let folder = try wellMade()
        for size in [24, 48] {
            try FileManager.default.removeItem(at: folder.appendingPathComponent("Assets/Square44x44Logo.targetsize-\(size).png"))
            try FileManager.default.removeItem(at: folder.appendingPathComponent("Assets/Square44x44Logo.altform-unplated_targetsize-\(size).png"))
        }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Assets/StoreLogo.scale-200.png"))
        let warnings = try findings(folder).filter { $0.severity == .warning }.map(\.message)
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.contains { $0.contains("targetsize-24, 48") })
        #expect(warnings.contains { $0.contains("StoreLogo has no scale-200") })
        for size in [16, 32, 256] { try FileManager.default.removeItem(at: folder.appendingPathComponent("Assets/Square44x44Logo.altform-unplated_targetsize-\(size).png")) }
        #expect(try findings(folder).contains { $0.message.contains("no _altform-unplated") })
    }

    @Test("Visual Studio's placeholder tiles (a grey boxed X) are errors, as Store certification rejects them; a real logo in grey is not one")
    func placeholder() throws {
        let folder = try wellMade()
        try write(Self.placeholder(side: 50), "Assets/StoreLogo.scale-100.png", in: folder)
        try write(Self.placeholder(side: 620, height: 300), "Assets/SplashScreen.scale-100.png", in: folder)
        let errors = try findings(folder).filter { $0.severity == .error }
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.message.contains("placeholder") && $0.message.contains("10.1.1.11") })
        // A grey disc is a logo, not the template's X.
        var disc = Image(width: 100, height: 100, format: .rgba8)
        for y in 0..<100 { for x in 0..<100 where (x - 50) * (x - 50) + (y - 50) * (y - 50) < 1600 { disc.setPixel(x: x, y: y, SIMD4(191, 191, 191, 255)) } }
        try write(disc, "Assets/StoreLogo.scale-200.png", in: folder)
        try write(logo(50), "Assets/StoreLogo.scale-100.png", in: folder)
        #expect(try findings(folder).filter { $0.severity == .error }.count == 1)
    }

    @Test("variants in qualifier folders (Assets/scale-200/Logo.png) count, and Visual Studio's .backup copies are ignored")
    func qualifierFolders() throws {
        let folder = try wellMade()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Assets/StoreLogo.scale-200.png"))
        try write(logo(100), "Assets/scale-200/StoreLogo.png", in: folder)
        try write(Self.placeholder(side: 50), "Assets/StoreLogo.backup.png", in: folder)
        let lines = try findings(folder).map(\.line)
        #expect(lines.isEmpty, "\(lines)")
        try write(logo(90), "Assets/scale-200/StoreLogo.png", in: folder)
        #expect(try findings(folder).contains { $0.message.contains("StoreLogo.png is 90x90") })
    }

    @Test("a Windows .ico: no 256 entry, missing shell sizes and a small first entry are warnings; largest-first with every size is clean")
    func windowsIco() throws {
        let folder = try Fixtures.temporaryFolder()
        let icon = folder.appendingPathComponent("icon.ico")
        try Data(try Ico.encode([16, 32, 48].map { logo($0) })).write(to: icon)
        let messages = try findings(folder).filter { $0.rule == .windowsIcon }.map(\.message)
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.contains { $0.contains("no 256x256") } && messages.contains { $0.contains("no 24x24") } && messages.contains { $0.contains("first entry is 16x16") })
        // Tauri's order (32 first) is fine.
        try Data(try Ico.encode([32, 16, 24, 48, 64, 256].map { logo($0) })).write(to: icon)
        #expect(try findings(folder).isEmpty)
        // A site's favicon.ico follows the web's rules: 16, 32, 48 is complete.
        try FileManager.default.removeItem(at: icon)
        try Data(try Ico.encode([48, 32, 16].map { logo($0) })).write(to: folder.appendingPathComponent("favicon.ico"))
        #expect(try findings(folder).isEmpty)
    }

    @Test("a .NET MAUI app's Platforms/Windows manifest (dotnet-podcasts'): the logos Resizetizer makes from the MauiIcon and MauiSplashScreen at build time, and the template's $placeholder$, are not looked for; another logo still is")
    func mauiResizetizerLogos() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("""
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <UseMaui>true</UseMaui>
              </PropertyGroup>
              <ItemGroup>
                <MauiIcon Include="Resources\\appicon.svg" ForegroundFile="Resources\\appiconfg.svg" Color="#C00CC0" />
                <MauiSplashScreen Include="Resources\\splash.svg" Color="#C00CC0" BaseSize="128,128" />
              </ItemGroup>
            </Project>
            """.utf8).write(to: folder.appendingPathComponent("Podcasts.csproj"))
        let windows = folder.appendingPathComponent("Platforms/Windows")
        try FileManager.default.createDirectory(at: windows, withIntermediateDirectories: true)
        let manifest = """
            <Package xmlns="http://schemas.microsoft.com/appx/manifest/foundation/windows10" xmlns:uap="http://schemas.microsoft.com/appx/manifest/uap/windows10">
              <Properties><Logo>appiconStoreLogo.png</Logo></Properties>
              <Applications><Application Id="App">
                <uap:VisualElements Square150x150Logo="appiconMediumTile.png" Square44x44Logo="$placeholder$.png">
                  <uap:DefaultTile Wide310x150Logo="appiconWideTile.png" Square71x71Logo="appiconSmallTile.png" Square310x310Logo="appiconLargeTile.png"/>
                  <uap:SplashScreen Image="splashSplashScreen.png" />
                </uap:VisualElements>
              </Application></Applications>
            </Package>
            """
        try Data(manifest.utf8).write(to: windows.appendingPathComponent("Package.appxmanifest"))
        let generated = try findings(folder).map(\.message)
        #expect(generated.isEmpty, "\(generated)")
        // A logo Resizetizer does not make is the project's own, and is still looked for.
        try Data(manifest.replacingOccurrences(of: "appiconLargeTile.png", with: "LargeTile.png").utf8)
            .write(to: windows.appendingPathComponent("Package.appxmanifest"))
        #expect(try findings(folder).map(\.message).contains { $0.contains("names LargeTile.png (Square310x310Logo), but there is neither") })
        // Without the project file, the same manifest's logos are missing: the package does not build.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Podcasts.csproj"))
        #expect(try findings(folder).filter { $0.severity == .error }.count == 7)
    }
}
