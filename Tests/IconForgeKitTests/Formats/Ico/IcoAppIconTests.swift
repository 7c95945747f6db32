import Foundation
import IconForgeKit
import Raster
import TestSupport
import Testing

/// Which `.ico` is an app's icon (the one that needs 256 and 48 px entries), and what its first entry means for the
/// Tauri version a project builds with.
@Suite("validate: which .ico is the app's icon")
struct IcoAppIconTests {
    private func square(_ side: Int) -> Image { Image(width: side, height: side, format: .rgba8, fill: SIMD4(40, 120, 200, 255)) }

    private func write(_ text: String, _ path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func ico(_ sides: [Int], _ path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileIO.writeAtomically(try Ico.encode(sides.map(square)), to: url.path)
    }

    private func findings(_ folder: URL) throws -> [String: [String]] {
        let report = try Validator().validate([folder.path], parallelism: .serial)
        var byName: [String: [String]] = [:]
        for file in report.files where file.path.hasSuffix(".ico") { byName[(file.path as NSString).lastPathComponent] = file.findings.map(\.message) }
        return byName
    }

    @Test("a Tauri app (Pake's): the first .ico tauri.windows.conf.json's bundle.icon lists is the app icon; its *_32.ico tray icon and other apps' .ico files are not asked for 256 or 48; the first-entry warning names the Tauri version the Cargo.toml gives, and is not given from 2.12")
    func tauriAppIcon() throws {
        let project = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        try write(#"{"productName": "Weekly", "app": {"trayIcon": {"iconPath": "png/weekly_512.png"}}}"#, "src-tauri/tauri.conf.json", in: project)
        try write(#"{"bundle": {"icon": ["png/weekly_256.ico", "png/weekly_32.ico"], "resources": ["png/weekly_32.ico"]}}"#,
                  "src-tauri/tauri.windows.conf.json", in: project)
        try write("[package]\nname = \"pake\"\n\n[dependencies]\ntauri-build = { version = \"2.5.5\" }\ntauri = { version = \"2.10.2\", features = [] }\n",
                  "src-tauri/Cargo.toml", in: project)
        try ico([16, 24, 32, 48, 256], "src-tauri/png/weekly_256.ico", in: project)
        try ico([16, 24, 32], "src-tauri/png/weekly_32.ico", in: project)
        try ico([16, 24, 32, 48, 256], "src-tauri/png/grok_256.ico", in: project)
        try ico([16, 32], "src-tauri/png/grok_32.ico", in: project)
        var found = try findings(project)
        #expect(found["weekly_256.ico"] == ["weekly_256.ico's first entry is 16x16 (of 16, 24, 32, 48, 256): Tauri 2.10 (before 2.12) makes its window and taskbar icon from the first entry, scaled up"],
                "\(found)")
        #expect(found["grok_256.ico"] == [], "\(found)")
        // A tray icon is one entry to Tauri (Image::from_path takes the first): 16, 24, 32 gives the tray the 16.
        let trayMessage = "is a notification-area icon without 32x32 in the entry Tauri loads: Tauri takes its first entry alone, 16x16, and hands the tray its pixels, which Windows scales up at 200% (32 px), blurred"
        #expect(found["weekly_32.ico"] == ["weekly_32.ico " + trayMessage] && found["grok_32.ico"] == ["grok_32.ico " + trayMessage], "\(found)")
        // From Tauri 2.12 the window icon is the executable's icon resource: the order does not matter.
        try write("[dependencies]\ntauri = \"2.12.0\"\n", "src-tauri/Cargo.toml", in: project)
        found = try findings(project)
        #expect(found["weekly_256.ico"] == [], "\(found)")
        // Without a version to read, the warning says which versions it applies to; package.json's CLI is read too.
        try FileManager.default.removeItem(at: project.appendingPathComponent("src-tauri/Cargo.toml"))
        #expect(try findings(project)["weekly_256.ico"]?.first?.hasSuffix(": Tauri before 2.12 makes its window and taskbar icon from the first entry, scaled up") == true)
        try write(#"{"devDependencies": {"@tauri-apps/cli": "^2.11.0"}}"#, "package.json", in: project)
        #expect(try findings(project)["weekly_256.ico"]?.first?.contains("Tauri 2.11 (before 2.12)") == true)
        // A tray icon missing the 32 the tray draws at 200% is still told.
        try ico([16], "src-tauri/png/weekly_32.ico", in: project)
        #expect(try findings(project)["weekly_32.ico"]?.first?.contains("notification-area icon without 32x32") == true)
    }

    @Test("a Tauri app's tray icon of one 256 px entry (EcoPaste's assets/tray.ico, loaded by its code): Tauri hands the tray its first entry's pixels, so no 16 or 32 px entries are asked for")
    func tauriTrayIconOfOneLargeEntry() throws {
        let project = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        try write(#"{"productName": "Paste", "bundle": {"icon": ["icons/icon.ico"], "resources": ["assets/tray.ico"]}}"#, "src-tauri/tauri.conf.json", in: project)
        try ico([256, 48, 32, 16], "src-tauri/icons/icon.ico", in: project)
        try ico([256], "src-tauri/assets/tray.ico", in: project)
        #expect(try findings(project)["tray.ico"] == [])
        try write("[dependencies]\ntauri = { version = \"2.1.0\" }\n", "src-tauri/Cargo.toml", in: project)
        #expect(try findings(project)["tray.ico"] == [])
        // Outside a Tauri app the shell picks the tray's entry by size: the 16 and 32 are asked for.
        let plain = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: plain) }
        try ico([256], "tray.ico", in: plain)
        #expect(try findings(plain)["tray.ico"]?.first?.contains("notification-area icon without 16x16 or 32x32") == true)
    }

    @Test("outside Tauri: a tray-named (*_32.ico, *notification*) or 16–32 px only .ico is a notification-area icon; an app's icon with repeated sizes (EarTrumpet's 4, 8 and 32-bit 16–48) lists each size once, in order")
    func trayAndRepeats() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ico([16, 32], "status_32.ico", in: folder)
        try ico([16, 32, 48], "NotificationIcon.ico", in: folder)
        try ico([16, 20, 24, 32], "small.ico", in: folder)
        try ico([16, 24, 32, 48, 16, 24, 32, 48, 256, 16], "Icon-Dark.ico", in: folder)
        let found = try findings(folder)
        #expect(found["status_32.ico"] == [] && found["NotificationIcon.ico"] == [] && found["small.ico"] == [], "\(found)")
        #expect(found["Icon-Dark.ico"] == ["Icon-Dark.ico's first entry is 16x16 (of 16, 24, 32, 48, 256): window-icon loaders that take the first entry (winit, Tk, Java; Tauri before 2.12) show it scaled up"],
                "\(found)")
    }

    @Test("an Electron app's .ico files (MarkText's icon.ico and its document icon md.ico; FreeTube's _icons/icon.ico, named by a configuration IconForge does not read): Electron loads an .ico by the size it asks for, never its first entry, so a 16 px first entry is not reported; missing sizes still are")
    func electronIcons() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(#"{"name": "editor", "devDependencies": {"electron": "^30.0.0"}}"#, "package.json", in: folder)
        try write("""
            fileAssociations:
              - ext: md
                name: Markdown
                icon: "../resources/icons/md.icns"
            win:
              icon: "resources/icons/icon.ico"
            """, "electron-builder.yml", in: folder)
        try ico([16, 24, 32, 48, 256], "resources/icons/md.ico", in: folder)
        try ico([16, 24, 32, 48, 256], "resources/icons/icon.ico", in: folder)
        // As FreeTube's _icons/icon.ico, which _scripts/ebuilder.config.mjs (a script) names.
        try ico([16, 24, 32, 48, 64, 96, 128, 256], "_icons/app.ico", in: folder)
        let found = try findings(folder)
        #expect(found["md.ico"] == [] && found["icon.ico"] == [] && found["app.ico"] == [], "\(found)")
        try ico([16, 32, 256], "resources/icons/md.ico", in: folder)
        #expect(try findings(folder)["md.ico"] == ["md.ico has no 24x24, 48x48 entries: Windows scales another size for the title bar, taskbar or Explorer"])
        // Outside an Electron app the same file is still told about its first entry.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("package.json"))
        let outside = try findings(folder)
        #expect(outside["icon.ico"]?.contains { $0.contains("first entry is 16x16") } == true && outside["app.ico"]?.isEmpty == false, "\(outside)")
    }

    @Test("a Godot game's .ico (Pixelorama's assets/graphics/icons/icon.ico, 8 px first, named by project.godot's windows_native_icon): Godot takes its window icons by size and its export embeds the .ico whole, so the first entry is not reported; missing sizes still are")
    func godotIcon() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("""
            config_version=5

            [application]

            config/name="Pixelorama"
            config/windows_native_icon="res://assets/graphics/icons/icon.ico"
            """, "project.godot", in: folder)
        try ico([8, 16, 24, 32, 48, 64, 96, 128, 256], "assets/graphics/icons/icon.ico", in: folder)
        try ico([32, 48, 256], "assets/graphics/icons/pxo.ico", in: folder)
        let found = try findings(folder)
        #expect(found["icon.ico"] == [], "\(found)")
        #expect(found["pxo.ico"] == ["pxo.ico has no 16x16, 24x24 entries: Windows scales another size for the title bar, taskbar or Explorer"], "\(found)")
        // Outside a Godot project the same file is still told about its first entry.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("project.godot"))
        #expect(try findings(folder)["icon.ico"]?.contains { $0.contains("first entry is 8x8") } == true)
    }
    @Test("an .ico a Windows resource script embeds (Zeal's src/app/versioninfo.rc.in: IDI_ICON1 ICON DISCARDABLE \"resources/zeal.ico\", 16 px first; a UTF-16 .rc as Visual Studio saves it): Windows and a Qt app's windows take the resource's entries by size, so the first entry is not reported; missing sizes still are")
    func resourceScriptIcon() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("#include <winver.h>\nIDI_ICON1 ICON DISCARDABLE \"resources/zeal.ico\"\nVS_VERSION_INFO VERSIONINFO\n", "src/app/versioninfo.rc.in", in: folder)
        try ico([16, 24, 32, 48, 64, 128, 256], "src/app/resources/zeal.ico", in: folder)
        try ico([16, 32, 48, 256], "src/tool/res/tool.ico", in: folder)
        let script = "1 ICON \"res\\\\tool.ico\"\r\n"
        try Data([0xFF, 0xFE] + script.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: folder.appendingPathComponent("src/tool/tool.rc"))
        let found = try findings(folder)
        #expect(found["zeal.ico"] == [], "\(found)")
        #expect(found["tool.ico"] == ["tool.ico has no 24x24 entry: Windows scales another size for the title bar, taskbar or Explorer"], "\(found)")
        // Without the script the same file is still told about its first entry.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("src/app/versioninfo.rc.in"))
        #expect(try findings(folder)["zeal.ico"]?.contains { $0.contains("first entry is 16x16") } == true)
    }

    @Test("a .NET app's .ico files (EarTrumpet, WPF: EarTrumpet/EarTrumpet.csproj names Assets\\Icon-Light.ico as its <ApplicationIcon>, its windows and tray load Icon-Light.ico and Icon-Dark.ico through WPF and new Icon(stream, size); 16 px first): the compiler embeds the icon as a Win32 resource and WPF and WinForms take entries by size, so the first entry is not reported; missing sizes still are; without the project it is")
    func dotNetAppIcon() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("<Project Sdk=\"Microsoft.NET.Sdk\">\n  <PropertyGroup>\n    <UseWPF>true</UseWPF>\n    <ApplicationIcon>Assets\\Icon-Light.ico</ApplicationIcon>\n  </PropertyGroup>\n</Project>\n",
                  "EarTrumpet/EarTrumpet.csproj", in: folder)
        try ico([16, 24, 32, 48, 64, 72, 96, 128, 256], "EarTrumpet/Assets/Icon-Light.ico", in: folder)
        try ico([16, 32, 48, 256], "EarTrumpet/Assets/Icon-Dark.ico", in: folder)
        let found = try findings(folder)
        #expect(found["Icon-Light.ico"] == [], "\(found)")
        #expect(found["Icon-Dark.ico"] == ["Icon-Dark.ico has no 24x24 entry: Windows scales another size for the title bar, taskbar or Explorer"], "\(found)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("EarTrumpet/EarTrumpet.csproj"))
        #expect(try findings(folder)["Icon-Light.ico"]?.contains { $0.contains("first entry is 16x16") } == true)
    }

    @Test("an Inno Setup installer's .ico (Cartridges' build-aux/windows/icon.ico, its Cartridges.iss.in's SetupIconFile=..\\..\\..\\build-aux\\windows\\icon.ico and its shortcuts' IconFilename; 16 px first): the installer embeds it as a Win32 resource and the shell takes shortcuts' icons by size, so the first entry is not reported; a script naming another .ico, or a commented line, changes nothing")
    func innoSetupIcon() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ico([16, 24, 32, 48, 256], "build-aux/windows/icon.ico", in: folder)
        try write("; A comment naming icon.ico\n[Setup]\nAppName=C\nOutputDir=.\n", "build-aux/windows/Cartridges.iss.in", in: folder)
        #expect(try findings(folder)["icon.ico"]?.contains { $0.contains("first entry is 16x16") } == true)
        try write("[Setup]\nAppName=C\nSetupIconFile=..\\..\\..\\build-aux\\windows\\icon.ico\n[Icons]\nName: \"{autoprograms}\\C\"; Filename: \"{app}\\bin\\c.exe\"; IconFilename: \"{app}\\icon.ico\"\n",
                  "build-aux/windows/Cartridges.iss.in", in: folder)
        #expect(try findings(folder)["icon.ico"] == [])
        #expect(InnoSetupScript.iconNames(inScript: "SetupIconFile=..\\setup.ico\nSource: \"art\\App.ICO\"; DestDir: \"{app}\"\n") == ["setup.ico", "app.ico"])
    }

    @Test("a Flutter app's .ico files (Kazumi's windows/runner/resources/app_icon.ico and the tray icon in its assets/, 16 px first): the runner loads its resource with LoadIcon and plugins load files with LoadImage, both by size, so the first entry is not reported; missing sizes still are")
    func flutterIcons() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("name: kazumi\ndependencies:\n  flutter:\n    sdk: flutter\nflutter:\n  assets:\n    - assets/images/\n    - assets/images/logo/\n", "pubspec.yaml", in: folder)
        try ico([16, 32, 48, 64, 128, 256], "windows/runner/resources/app_icon.ico", in: folder)
        try ico([16, 32, 48, 64, 128, 256], "assets/images/logo/logo_lanczos.ico", in: folder)
        let found = try findings(folder)
        for name in ["app_icon.ico", "logo_lanczos.ico"] {
            #expect(found[name] == ["\(name) has no 24x24 entry: Windows scales another size for the title bar, taskbar or Explorer"], "\(found)")
        }
        // A pubspec.yaml without a flutter: section (a Dart package) is no Flutter app.
        try write("name: tool\ndependencies:\n  args: ^2.0.0\n", "pubspec.yaml", in: folder)
        #expect(try findings(folder)["app_icon.ico"]?.contains { $0.contains("first entry is 16x16") } == true)
    }

    @Test("a Flutter app's .ico that no build uses (Hiddify's assets/images/source/hiddify.ico: not in windows/, not among the assets pubspec.yaml lists, whose assets/images/ entry takes that folder's files, not its subfolders') is drawn nowhere: no windows-icon findings; listed, it has them")
    func flutterUnusedIcon() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pubspec = "name: hiddify\ndependencies:\n  flutter:\n    sdk: flutter\nflutter:\n  uses-material-design: true\n  assets:\n    - assets/images/\n    - assets/images/tray_icon.ico\n"
        try write(pubspec + "  fonts:\n    - family: Shabnam\n      fonts:\n        - asset: assets/fonts/Shabnam.ttf\n", "pubspec.yaml", in: folder)
        try ico([256], "assets/images/source/hiddify.ico", in: folder)
        try ico([256], "windows/runner/resources/app_icon.ico", in: folder)
        try ico([256], "assets/images/app.ico", in: folder)
        let found = try findings(folder)
        #expect(found["hiddify.ico"] == [], "\(found)")
        let missing = "has no 16x16, 24x24, 32x32, 48x48 entries: Windows scales another size for the title bar, taskbar or Explorer"
        #expect(found["app_icon.ico"] == ["app_icon.ico " + missing], "\(found)")
        #expect(found["app.ico"] == ["app.ico " + missing], "\(found)")
        // Listed (its folder, or the file itself in the mapping form), it is bundled, and checked.
        try write(pubspec + "    - path: assets/images/source/\n      flavors:\n        - full\n", "pubspec.yaml", in: folder)
        #expect(try findings(folder)["hiddify.ico"] == ["hiddify.ico " + missing])
    }
}
