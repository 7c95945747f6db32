import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// `--preset windows`: the app's `.ico` and the MSIX/AppX visual assets, written at exact sizes from a logo on
/// transparency and from a full-bleed picture, into a plain folder and into the layouts Tauri and Visual Studio keep.
@Suite("Windows preset")
struct WindowsPresetTests {
    static let logo = Fixtures.testImages.appendingPathComponent("glyph-master.png").path
    static let fullBleed = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

    private func generate(_ source: String, into folder: URL, _ configure: (inout GenerateOptions) -> Void = { _ in }) throws -> GenerationReport {
        var options = GenerateOptions(presets: [try PresetCatalog.preset("windows")])
        configure(&options)
        return try Generator(options: options).run(source: source, outputFolder: folder.path, parallelism: .serial)
    }

    private func image(_ url: URL) throws -> Image { try PNG.decode(try Fixtures.bytes(at: url)).image }

    @Test("every logo at every scale, the app-list icon at every target size and altform, each at its exact size", arguments: [logo, fullBleed])
    func exactSizes(master: String) throws {
        let folder = try Fixtures.temporaryFolder()
        let report = try generate(master, into: folder)
        let assets = folder.appendingPathComponent("Assets")
        for logo in WindowsVisualAssets.logos {
            for scale in WindowsVisualAssets.scales {
                let file = assets.appendingPathComponent("\(logo.name).scale-\(scale).png")
                #expect(try image(file).size == logo.pixels(atScale: scale), "\(file.lastPathComponent)")
            }
        }
        for size in WindowsVisualAssets.targetSizes {
            for suffix in ["", "_altform-unplated", "_altform-lightunplated"] {
                let file = assets.appendingPathComponent("Square44x44Logo.targetsize-\(size)\(suffix).png")
                #expect(try image(file).size == PixelSize(width: size, height: size), "\(file.lastPathComponent)")
            }
        }
        // Visual Studio's rounding: 71 at 125% is 89 (88.75), 310x150 at 125% is 388x188.
        #expect(WindowsVisualAssets.logos.first { $0.name == "SmallTile" }?.pixels(atScale: 125) == PixelSize(width: 89, height: 89))
        #expect(WindowsVisualAssets.logos.first { $0.name == "Wide310x150Logo" }?.pixels(atScale: 125) == PixelSize(width: 388, height: 188))
        #expect(report.files.contains { $0.path == "app.ico" })
        #expect(report.files.contains { $0.path == WindowsVisualAssets.snippetName })
        let validated = try Validator().validate([folder.path])
        #expect(validated.errors == 0 && validated.warnings == 0, "\(validated.files.flatMap(\.findings).map(\.line))")
    }

    @Test("app.ico: 256, 64, 48, 40, 32, 24, 20 and 16, largest first, PNG only at 256")
    func icoEntries() throws {
        let folder = try Fixtures.temporaryFolder()
        _ = try generate(Self.logo, into: folder)
        let entries = try Ico.read(try Fixtures.bytes(at: folder.appendingPathComponent("app.ico")))
        #expect(entries.map(\.size.width) == [256, 64, 48, 40, 32, 24, 20, 16])
        #expect(entries.map(\.isPNG) == [true, false, false, false, false, false, false, false])
        // A logo keeps its transparency in the .ico: Windows draws it on whatever is behind.
        #expect(entries.last?.image.pixel(x: 0, y: 0)[3] == 0)
    }

    @Test("the wide tile and splash screen: a logo centred at the tile's height on --background, a full-bleed master continued sideways, nothing cropped")
    func wideTiles() throws {
        let folder = try Fixtures.temporaryFolder()
        _ = try generate(Self.logo, into: folder) { $0.background = RGBColor(red: 0x11, green: 0x22, blue: 0x33) }
        let wide = try image(folder.appendingPathComponent("Assets/Wide310x150Logo.scale-100.png")).converted(to: .rgba8)
        #expect(wide.size == PixelSize(width: 310, height: 150))
        // The sides beyond the centred 150 px square are the background colour; the centre is the logo's.
        let side = wide.pixel(x: 5, y: 75)
        #expect(side[0] == 0x11 && side[1] == 0x22 && side[2] == 0x33 && side[3] == 255)
        let square = try image(folder.appendingPathComponent("Assets/Square150x150Logo.scale-100.png")).converted(to: .rgba8)
        #expect(wide.pixel(x: 155, y: 75)[0] == square.pixel(x: 75, y: 75)[0])
        let snippet = try String(contentsOf: folder.appendingPathComponent(WindowsVisualAssets.snippetName), encoding: .utf8)
        #expect(snippet.contains("BackgroundColor=\"#112233\""))
        #expect(snippet.contains("Square44x44Logo=\"Assets\\Square44x44Logo.png\""))
        #expect(snippet.contains("<uap:SplashScreen Image=\"Assets\\SplashScreen.png\" BackgroundColor=\"#112233\" />"))
        #expect(snippet.contains("Square71x71Logo=\"Assets\\SmallTile.png\""))

        let full = try Fixtures.temporaryFolder()
        _ = try generate(Self.fullBleed, into: full)
        // A full-bleed master's sides continue it (its edge pixel, row by row, beside the square; softened further out):
        // a gradient runs on, where its mean edge colour left a seam.
        let splash = try image(full.appendingPathComponent("Assets/SplashScreen.scale-100.png")).converted(to: .rgba8)
        #expect(splash.size == PixelSize(width: 620, height: 300) && splash.isOpaque)
        for y in stride(from: 0, to: 300, by: 13) {
            #expect(splash.pixel(x: 159, y: y) == splash.pixel(x: 160, y: y), "row \(y)")
            #expect(splash.pixel(x: 460, y: y) == splash.pixel(x: 459, y: y), "row \(y)")
        }
        #expect(splash.pixel(x: 3, y: 10) != splash.pixel(x: 3, y: 290))
    }

    @Test("Tauri's flat src-tauri/icons: its unqualified logos re-rendered in place at their sizes, its icon.ico replaced, no Assets/ beside them")
    func tauriLayout() throws {
        let folder = try Fixtures.temporaryFolder()
        let existing: [(String, Int)] = [("Square30x30Logo.png", 30), ("Square44x44Logo.png", 44), ("Square150x150Logo.png", 150), ("StoreLogo.png", 50)]
        for (name, side) in existing {
            try Data(try PNG.encode(Image(width: side, height: side, fill: SIMD4(200, 0, 0, 255)))).write(to: folder.appendingPathComponent(name))
        }
        try Data(try Ico.encode([Image(width: 32, height: 32, fill: SIMD4(0, 0, 200, 255))])).write(to: folder.appendingPathComponent("icon.ico"))
        let report = try generate(Self.logo, into: folder)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Assets").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("app.ico").path))
        for (name, side) in existing {
            let written = try image(folder.appendingPathComponent(name))
            #expect(written.size == PixelSize(width: side, height: side))
            #expect(written.converted(to: .rgba8).pixel(x: 0, y: 0)[0] != 200, "\(name) was not re-rendered")
        }
        #expect(try Ico.read(try Fixtures.bytes(at: folder.appendingPathComponent("icon.ico"))).count == 8)
        // Nothing is added beside them (Tauri's bundler names its files itself), and no manifest snippet is written.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
                == (existing.map(\.0) + ["icon.ico"]).sorted())
        #expect(report.files.contains { $0.path == "icon.ico" })
    }

    @Test("into a Visual Studio project (a Package.appxmanifest beside Assets/): the template's logos replaced, and the project validates clean")
    func visualStudioProject() throws {
        let folder = try Fixtures.temporaryFolder()
        try Data(AppxAssetChecksTests.manifest.utf8).write(to: folder.appendingPathComponent("Package.appxmanifest"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        try Data(try PNG.encode(AppxAssetChecksTests.placeholder(side: 50))).write(to: folder.appendingPathComponent("Assets/StoreLogo.png"))
        #expect(try Validator().validate([folder.path]).errors > 0)
        _ = try generate(Self.logo, into: folder)
        // The template's StoreLogo.png (not IconForge's) went to the backup; MRT then finds the scale-N variants.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Assets/StoreLogo.png").path))
        let report = try Validator().validate([folder.path])
        #expect(report.errors == 0 && report.warnings == 0, "\(report.files.flatMap(\.findings).map(\.line))")
    }

    @Test("into a Windows Application Packaging Project (ModernFlyouts.Package: a .wapproj whose entry point is ..\\ModernFlyouts\\ModernFlyouts.csproj, its Content items listing Assets one by one): no app.ico in the packaging project, which builds no exe — a note names the entry point's <ApplicationIcon> — and a note lists the written images the .wapproj does not package")
    func packagingProject() throws {
        let root = try Fixtures.temporaryFolder()
        let folder = root.appendingPathComponent("App.Package")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        try Data(AppxAssetChecksTests.manifest.utf8).write(to: folder.appendingPathComponent("Package.appxmanifest"))
        let project = """
            <Project ToolsVersion="15.0">
              <PropertyGroup>
                <EntryPointProjectUniqueName>..\\App\\App.csproj</EntryPointProjectUniqueName>
              </PropertyGroup>
              <ItemGroup>
                <Content Include="Assets\\StoreLogo.scale-100.png" />
                <Content Include="Assets\\Square44x44Logo.targetsize-16.png" />
              </ItemGroup>
            </Project>

            """
        try Data(project.utf8).write(to: folder.appendingPathComponent("App.Package.wapproj"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App/Assets"), withIntermediateDirectories: true)
        try Data("<Project><PropertyGroup><ApplicationIcon>Assets\\Logo.ico</ApplicationIcon></PropertyGroup></Project>".utf8)
            .write(to: root.appendingPathComponent("App/App.csproj"))
        let report = try generate(Self.logo, into: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.lowercased().hasSuffix(".ico") }.isEmpty)
        #expect(report.notes.contains { $0.contains("App.Package.wapproj packages ..\\App\\App.csproj") && $0.contains("..\\App\\Assets\\Logo.ico") }, "\(report.notes)")
        let content = report.notes.first { $0.contains("App.Package.wapproj lists its images one by one") && $0.contains("<Content Include>") }
        #expect(content != nil, "\(report.notes)")
        #expect(content.map { !$0.contains("StoreLogo.scale-100.png") && !$0.contains("Square44x44Logo.targetsize-16.png") } ?? false)
        #expect(String(decoding: try Fixtures.bytes(at: folder.appendingPathComponent("App.Package.wapproj")), as: UTF8.self) == project)
    }

    @Test("into a UWP app's project (Screenbox's Screenbox/: Package.appxmanifest, Assets/, Screenbox.csproj naming no <ApplicationIcon>): the tiles go to Assets/ and no app.ico is written beside the project, where no build would read it — a note says to add <ApplicationIcon> for one; a project that names one gets it rewritten")
    func packagedProjectWithoutApplicationIcon() throws {
        let folder = try Fixtures.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        try Data(AppxAssetChecksTests.manifest.utf8).write(to: folder.appendingPathComponent("Package.appxmanifest"))
        let project = "<Project ToolsVersion=\"15.0\"><PropertyGroup><OutputType>AppContainerExe</OutputType></PropertyGroup></Project>\n"
        try Data(project.utf8).write(to: folder.appendingPathComponent("Screenbox.csproj"))
        let report = try generate(Self.logo, into: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.lowercased().hasSuffix(".ico") }.isEmpty)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Assets/Square44x44Logo.scale-200.png").path))
        #expect(report.notes.contains { $0.contains("Screenbox.csproj names no <ApplicationIcon>") }, "\(report.notes)")
        // Named by the project, the .ico is the one written.
        try Data("<Project><PropertyGroup><ApplicationIcon>Assets\\App.ico</ApplicationIcon></PropertyGroup></Project>\n".utf8)
            .write(to: folder.appendingPathComponent("Screenbox.csproj"))
        try Data(try Ico.encode([Image(width: 32, height: 32, fill: SIMD4(0, 0, 200, 255))])).write(to: folder.appendingPathComponent("Assets/App.ico"))
        let named = try generate(Self.logo, into: folder)
        #expect(try Ico.read(try Fixtures.bytes(at: folder.appendingPathComponent("Assets/App.ico"))).count == 8)
        #expect(!named.notes.contains { $0.contains("<ApplicationIcon>") }, "\(named.notes)")
    }

    @Test("into a project with a build's labelled copies of its tiles (Notepads' Square44x44Logo.scale-125-dev.png, its Debug builds' icons): they are left as they are, the unlabelled tiles written, and the project validates clean")
    func buildLabelledCopies() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(AppxAssetChecksTests.manifest.utf8).write(to: folder.appendingPathComponent("Package.appxmanifest"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        let labelled = ["Square44x44Logo.scale-125-dev.png": 55, "Square44x44Logo.targetsize-24_altform-unplated-dev.png": 24, "StoreLogo.scale-100-dev.png": 50]
        for (name, side) in labelled {
            try Data(try PNG.encode(Image(width: side, height: side, format: .rgba8, fill: SIMD4(9, 200, 9, 255)))).write(to: folder.appendingPathComponent("Assets/" + name))
        }
        let before = try labelled.keys.map { try Fixtures.bytes(at: folder.appendingPathComponent("Assets/" + $0)) }
        let report = try generate(Self.logo, into: folder)
        #expect(!report.files.contains { $0.path.contains("-dev") }, "\(report.files.map(\.path))")
        #expect(try labelled.keys.map { try Fixtures.bytes(at: folder.appendingPathComponent("Assets/" + $0)) } == before)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Assets/Square44x44Logo.scale-125.png").path))
        let after = try Validator().validate([folder.path])
        #expect(after.errors == 0 && after.warnings == 0, "\(after.files.flatMap(\.findings).map(\.line))")
    }

    @Test("into a project whose manifest names its own logos (QuickLook's Assets\\LargeTile.png, Assets\\storelogo.png) and whose variants put their qualifiers in another order or case: those files are rendered where they are, no second candidate of the same qualifiers (makepri refuses it) and no name differing only in case (one file on Windows) is added; a rerun changes nothing")
    func projectNames() throws {
        let folder = try Fixtures.temporaryFolder()
        let manifest = AppxAssetChecksTests.manifest.replacingOccurrences(of: "Assets\\StoreLogo.png", with: "Assets\\storelogo.png")
            .replacingOccurrences(of: "<uap:DefaultTile ", with: "<uap:DefaultTile Square310x310Logo=\"Assets\\LargeTile.png\" ")
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("AppxManifest.xml"))
        let assets = folder.appendingPathComponent("Assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        let red = { (side: Int) in try PNG.encode(Image(width: side, height: side, fill: SIMD4(200, 0, 0, 255))) }
        for (name, side) in [("storelogo.scale-100.png", 50), ("LargeTile.scale-200.png", 620), ("Square44x44Logo.altform-unplated_targetsize-16.png", 16)] {
            try Data(try red(side)).write(to: assets.appendingPathComponent(name))
        }
        _ = try generate(Self.logo, into: folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: assets.path).sorted()
        #expect(Set(files.map { $0.lowercased() }).count == files.count, "names differing only in case: \(files)")
        let keys = files.compactMap(WindowsVisualAssets.QualifiedName.init).map { $0.base.lowercased() + "|" + Set($0.qualifiers).sorted().joined(separator: "_") }
        #expect(Set(keys).count == keys.count, "two candidates of the same qualifiers: \(files)")
        #expect(!files.contains { $0.hasPrefix("Square310x310Logo") } && files.contains("LargeTile.scale-400.png"), "\(files)")
        #expect(!files.contains("Square44x44Logo.targetsize-16_altform-unplated.png") && !files.contains("StoreLogo.scale-100.png"), "\(files)")
        for (name, side) in [("storelogo.scale-100.png", 50), ("LargeTile.scale-200.png", 620), ("Square44x44Logo.altform-unplated_targetsize-16.png", 16)] {
            let image = try image(assets.appendingPathComponent(name)).converted(to: .rgba8)
            #expect(image.size == PixelSize(width: side, height: side) && image.pixel(x: side / 2, y: side / 2) != SIMD4(200, 0, 0, 255), "\(name)")
        }
        let written = try Fixtures.snapshot(folder)
        _ = try generate(Self.logo, into: folder)
        #expect(try Fixtures.snapshot(folder) == written)
    }

    @Test("into a project whose manifest names its logos in a folder of their own (Files' Assets\\AppTiles\\Dev, one per release channel): the tiles are rendered there under the manifest's names, a variant the project keeps for the light theme is rendered where it is, and nothing is added to Assets/")
    func manifestTileFolder() throws {
        let folder = try Fixtures.temporaryFolder()
        let manifest = AppxAssetChecksTests.manifest.replacingOccurrences(of: "Assets\\", with: "Assets\\AppTiles\\Dev\\")
            .replacingOccurrences(of: "<uap:DefaultTile ", with: "<uap:DefaultTile Square71x71Logo=\"Assets\\AppTiles\\Dev\\Small71x71Logo.png\" ")
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.appxmanifest"))
        let dev = folder.appendingPathComponent("Assets/AppTiles/Dev")
        try FileManager.default.createDirectory(at: dev, withIntermediateDirectories: true)
        let red = { (side: Int) in try PNG.encode(Image(width: side, height: side, fill: SIMD4(200, 0, 0, 255))) }
        let existing = [("Square150x150Logo.scale-200.png", 300), ("Small71x71Logo.scale-100.png", 71),
                        ("Square44x44Logo.targetsize-16_altform-lightunplated_theme-light.png", 16)]
        for (name, side) in existing { try Data(try red(side)).write(to: dev.appendingPathComponent(name)) }
        _ = try generate(Self.logo, into: folder)
        let top = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Assets").path)
        #expect(top == ["AppTiles"], "\(top)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dev.path)
        #expect(files.contains("Small71x71Logo.scale-400.png") && !files.contains { $0.hasPrefix("SmallTile") }, "\(files)")
        #expect(!files.contains("Square44x44Logo.targetsize-16_altform-lightunplated.png"), "\(files)")
        for (name, side) in existing {
            let image = try image(dev.appendingPathComponent(name)).converted(to: .rgba8)
            #expect(image.size == PixelSize(width: side, height: side) && image.pixel(x: side / 2, y: side / 2) != SIMD4(200, 0, 0, 255), "\(name)")
        }
        let report = try Validator().validate([folder.path])
        #expect(report.errors == 0, "\(report.files.flatMap(\.findings).map(\.line))")
    }

    @Test("a .NET project's <ApplicationIcon> is the .ico written, not a new app.ico beside an installer's SetupIcon.ico")
    func applicationIcon() throws {
        let folder = try Fixtures.temporaryFolder()
        try Data(AppxAssetChecksTests.manifest.utf8).write(to: folder.appendingPathComponent("Package.appxmanifest"))
        try Data("<Project><PropertyGroup><ApplicationIcon>Assets\\AppIcon.ico</ApplicationIcon></PropertyGroup></Project>".utf8)
            .write(to: folder.appendingPathComponent("App.csproj"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        let old = try Ico.encode([Image(width: 32, height: 32, fill: SIMD4(0, 0, 200, 255))])
        for name in ["AppIcon.ico", "SetupIcon.ico"] { try Data(old).write(to: folder.appendingPathComponent("Assets/" + name)) }
        _ = try generate(Self.logo, into: folder)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("app.ico").path))
        #expect(try Ico.read(try Fixtures.bytes(at: folder.appendingPathComponent("Assets/AppIcon.ico"))).count == 8)
        #expect(try Fixtures.bytes(at: folder.appendingPathComponent("Assets/SetupIcon.ico")) == old)
    }

    @Test("an Avalonia app's project folder with no package manifest (SourceGit's src/: SourceGit.csproj, <ApplicationIcon>App.ico</ApplicationIcon>, an exe and no MSIX): App.ico is rewritten in place and nothing else is written — no Assets/ tiles, no VisualElements snippet, no app.ico")
    func dotNetProjectWithoutPackage() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<Project Sdk=\"Microsoft.NET.Sdk\">\n  <PropertyGroup>\n    <OutputType>WinExe</OutputType>\n    <ApplicationIcon>App.ico</ApplicationIcon>\n  </PropertyGroup>\n  <ItemGroup>\n    <AvaloniaResource Include=\"App.ico\" />\n  </ItemGroup>\n</Project>\n".utf8)
            .write(to: folder.appendingPathComponent("SourceGit.csproj"))
        try Data(try Ico.encode([Image(width: 256, height: 256, fill: SIMD4(0, 0, 200, 255))])).write(to: folder.appendingPathComponent("App.ico"))
        _ = try generate(Self.logo, into: folder)
        #expect(try Ico.read(try Fixtures.bytes(at: folder.appendingPathComponent("App.ico"))).count == 8)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(written == ["App.ico", "SourceGit.csproj"], "\(written)")
    }

    @Test("SourceGit's layout at the root (src/SourceGit.csproj naming App.ico, build/resources/ of packaging files): init and the root's windows route find src/, and generate --preset windows --out . rewrites src/App.ico alone; a second .NET app beside it leaves the choice to --out")
    func dotNetProjectAtRoot() throws {
        let csproj = "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><OutputType>WinExe</OutputType><ApplicationIcon>App.ico</ApplicationIcon></PropertyGroup></Project>\n"
        let root = try Fixtures.tree([".git/HEAD": "ref: refs/heads/main\n", "src/SourceGit.csproj": csproj, "build/resources/app/App.plist": "<plist/>\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(try Ico.encode([Image(width: 256, height: 256, fill: SIMD4(0, 0, 200, 255))])).write(to: root.appendingPathComponent("src/App.ico"))
        #expect(ProjectLayout(root: root.path).windowsFolder == "src")
        let routes = try ProjectLayout.routes(presets: ["windows"], out: root.path)
        #expect(routes.map(\.folder) == [root.appendingPathComponent("src").path])
        _ = try generate(Self.logo, into: root.appendingPathComponent("src"))
        #expect(try Ico.read(try Fixtures.bytes(at: root.appendingPathComponent("src/App.ico"))).count == 8)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("src").path).filter { !$0.hasPrefix(".") }.sorted() == ["App.ico", "SourceGit.csproj"])
        try FileManager.default.createDirectory(at: root.appendingPathComponent("tools"), withIntermediateDirectories: true)
        try Data(csproj.utf8).write(to: root.appendingPathComponent("tools/Tool.csproj"))
        try Data(try Ico.encode([Image(width: 32, height: 32, fill: SIMD4(0, 0, 200, 255))])).write(to: root.appendingPathComponent("tools/App.ico"))
        #expect(ProjectLayout(root: root.path).windowsFolder == nil)
    }

    @Test("an Electron app building an AppX: into build/, icon.ico (electron-builder's name) and the tiles in build/appx/")
    func electron() throws {
        let root = try Fixtures.temporaryFolder()
        try Data(#"{"name":"app","devDependencies":{"electron":"^33.0.0","electron-builder":"^25.0.0"},"build":{"win":{"target":"appx"}}}"#.utf8).write(to: root.appendingPathComponent("package.json"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("build"), withIntermediateDirectories: true)
        let routes = try ProjectLayout.routes(presets: ["windows"], out: root.path)
        #expect(routes.map(\.folder) == [root.appendingPathComponent("build").path])
        _ = try generate(Self.logo, into: root.appendingPathComponent("build"))
        #expect(try Ico.read(try Fixtures.bytes(at: root.appendingPathComponent("build/icon.ico"))).count == 8)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("build/appx/StoreLogo.scale-200.png").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("build/app.ico").path))
    }

    @Test("an Electron app's build/appx (Super Productivity's): the 310 px tile is LargeTile, the name electron-builder's AppX manifest gives Square310x310Logo, redrawn where it is")
    func electronLargeTile() throws {
        let root = try Fixtures.temporaryFolder()
        try Data(#"{"name":"app","devDependencies":{"electron":"^33.0.0","electron-builder":"^25.0.0"}}"#.utf8).write(to: root.appendingPathComponent("package.json"))
        let appx = root.appendingPathComponent("build/appx")
        try FileManager.default.createDirectory(at: appx, withIntermediateDirectories: true)
        let old = try PNG.encode(Image(width: 310, height: 310, fill: SIMD4(200, 0, 0, 255)))
        try Data(old).write(to: appx.appendingPathComponent("LargeTile.scale-100.png"))
        _ = try generate(Self.logo, into: root.appendingPathComponent("build"))
        let tile = appx.appendingPathComponent("LargeTile.scale-100.png")
        #expect(try Fixtures.bytes(at: tile) != old)
        #expect(try image(tile).width == 310 && image(appx.appendingPathComponent("LargeTile.scale-400.png")).width == 1240)
        #expect(!FileManager.default.fileExists(atPath: appx.appendingPathComponent("Square310x310Logo.scale-100.png").path))
        #expect(FileManager.default.fileExists(atPath: appx.appendingPathComponent("SmallTile.scale-100.png").path))
    }

    @Test("an Electron app's build/ gets no Package.appxmanifest snippet: electron-builder writes the AppX manifest itself, so the snippet would be a file no build reads")
    func electronNoManifestSnippet() throws {
        let root = try Fixtures.temporaryFolder()
        try Data(#"{"name":"app","devDependencies":{"electron":"^33.0.0","electron-builder":"^25.0.0"},"build":{"win":{"target":["nsis","appx"]}}}"#.utf8).write(to: root.appendingPathComponent("package.json"))
        let build = root.appendingPathComponent("build")
        try FileManager.default.createDirectory(at: build.appendingPathComponent("appx"), withIntermediateDirectories: true)
        let report = try generate(Self.logo, into: build)
        #expect(FileManager.default.fileExists(atPath: build.appendingPathComponent("appx/Square150x150Logo.scale-100.png").path))
        #expect(!FileManager.default.fileExists(atPath: build.appendingPathComponent(WindowsVisualAssets.snippetName).path))
        #expect(!report.files.contains { $0.url.relativePath == WindowsVisualAssets.snippetName })
        // A Visual Studio project's Assets/ still gets it, to paste into its Package.appxmanifest.
        let plain = try Fixtures.temporaryFolder()
        _ = try generate(Self.logo, into: plain)
        #expect(FileManager.default.fileExists(atPath: plain.appendingPathComponent(WindowsVisualAssets.snippetName).path))
    }

    @Test("a Flutter app (mangayomi's): the windows preset goes to windows/runner/resources, whose app_icon.ico (Runner.rc's) is rewritten in place; no tiles, no app.ico beside it")
    func flutterRunner() throws {
        let root = try Fixtures.temporaryFolder()
        let resources = root.appendingPathComponent("windows/runner/resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        try Data("name: app\nflutter:\n  uses-material-design: true\n".utf8).write(to: root.appendingPathComponent("pubspec.yaml"))
        try Data(try Ico.encode([Image(width: 48, height: 48, fill: SIMD4(0, 0, 200, 255))])).write(to: resources.appendingPathComponent("app_icon.ico"))
        #expect(try ProjectLayout.routes(presets: ["windows"], out: root.path).map(\.folder) == [resources.path])
        _ = try generate(Self.logo, into: resources)
        #expect(try FileManager.default.contentsOfDirectory(atPath: resources.path).filter { !$0.hasPrefix(".") } == ["app_icon.ico"])
        #expect(try Ico.read(try Fixtures.bytes(at: resources.appendingPathComponent("app_icon.ico"))).count == 8)
    }

    @Test("the routes: a plain folder gets windows/ and linux/ beside Apple's; a Tauri project its src-tauri/icons")
    func routes() throws {
        let plain = try Fixtures.temporaryFolder()
        let routes = try ProjectLayout.routes(presets: ["ios", "windows", "linux"], out: plain.path)
        #expect(routes.map(\.folder) == [plain.path, plain.appendingPathComponent("windows").path, plain.appendingPathComponent("linux").path])
        let tauri = try Fixtures.temporaryFolder()
        try FileManager.default.createDirectory(at: tauri.appendingPathComponent("src-tauri/icons"), withIntermediateDirectories: true)
        #expect(ProjectLayout(root: tauri.path).windowsFolder == "src-tauri/icons")
        #expect(try ProjectLayout.routes(presets: ["windows"], out: tauri.path).map(\.folder) == [tauri.appendingPathComponent("src-tauri/icons").path])
    }
}
