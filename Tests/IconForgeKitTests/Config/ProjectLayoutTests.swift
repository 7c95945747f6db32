import Foundation
import IconForgeKit
import TestSupport
import Testing

@Suite("ProjectLayout (what a project holds; iconforge init's starter file)")
struct ProjectLayoutTests {
    @Test("the starter names the catalog, the Android project, the web folder and the master it found, and reads as iconforge.yml")
    func starter() throws {
        let root = try Fixtures.flutterProject()
        defer { try? FileManager.default.removeItem(at: root) }
        let layout = ProjectLayout(root: root.path)
        #expect(layout.summary.hasPrefix("found asset catalog ios/Runner/Assets.xcassets"), "\(layout.summary)")
        let file = root.appendingPathComponent("iconforge.yml")
        try Data(layout.starter().utf8).write(to: file)
        let config = try ProjectConfig.load(file.path)
        #expect(config.jobs.map(\.presets).contains("android") && config.jobs.map(\.presets).contains("web"))
        #expect(config.jobs.map(\.outPath).contains(root.appendingPathComponent("ios/Runner/Assets.xcassets").path))

        let empty = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        let nothing = ProjectLayout(root: empty.path)
        #expect(nothing.summary == "nothing recognised; edit the placeholders")
        #expect(nothing.starter().contains("presets: [ios-single]\n    out: Assets.xcassets"))
    }

    @Test("a site whose page is at the project's root (Heroic's index.html, built by electron-vite, which is no Vite config): init's job writes out: . and the summary says web folder . — it wrote out: with nothing after it, and generate failed with ': cannot write', naming no file; an empty out: is refused at its line")
    func webFolderAtRoot() throws {
        let root = try Fixtures.tree(["index.html": "<html><head><title>H</title></head></html>\n",
                                      "manifest.json": #"{"name": "H", "icons": [{"src": "icon.png", "sizes": "512x512", "type": "image/png"}]}"#])
        defer { try? FileManager.default.removeItem(at: root) }
        let layout = ProjectLayout(root: root.path)
        #expect(layout.webFolder == "", "\(layout.summary)")
        #expect(layout.summary.contains("web folder ."), "\(layout.summary)")
        let starter = layout.starter()
        #expect(starter.contains("    presets: [web]\n    out: .\n"), "\(starter)")
        let file = root.appendingPathComponent("iconforge.yml")
        try Data(starter.utf8).write(to: file)
        #expect(try ProjectConfig.load(file.path).jobs.map { URL(fileURLWithPath: $0.outPath).standardizedFileURL.path } == [root.standardizedFileURL.path])
        // Written by hand, an empty out: is one line naming its place.
        try Data("jobs:\n  - master: icon.png\n    presets: [web]\n    out: \n".utf8).write(to: file)
        do {
            _ = try ProjectConfig.load(file.path)
            Issue.record("an empty out: was read")
        } catch {
            #expect("\(error)".contains("iconforge.yml:4:") && "\(error)".contains("out is empty"), "\(error)")
        }
    }

    @Test("the master is the app's own picture, not one platform's layer of it met first in name order (Folo's Expo assets: icon.png, not adaptive-icon.png or icon-dev.png); else the first found")
    func masterBeforeLayers() throws {
        let png = try Fixtures.bytes(at: Fixtures.testImages.appendingPathComponent("app-icon-master.png"))
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let assets = root.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        for name in ["adaptive-icon.png", "icon-dev.png", "icon-foreground.png", "icon.png", "splash-icon.png"] { try Data(png).write(to: assets.appendingPathComponent(name)) }
        #expect(ProjectLayout(root: root.path).master == "assets/icon.png")
        // With only layers, the first of them.
        try FileManager.default.removeItem(at: assets.appendingPathComponent("icon.png"))
        #expect(ProjectLayout(root: root.path).master == "assets/adaptive-icon.png")
    }

    @Test("an iMessage app's or sticker pack's icon (Rainbow's ios/Rainbow Stickers/icon-messages-app-store-1024x1024.png, the only 1024 px icon outside its catalog) is never taken for the app's master: init leaves the placeholder")
    func stickerIconIsNoMaster() throws {
        let png = try Fixtures.bytes(at: Fixtures.testImages.appendingPathComponent("app-icon-master.png"))
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Fixtures.write(png, "ios/Rainbow Stickers/icon-messages-app-store-1024x1024.png", in: root)
        try Fixtures.write(png, "ios/Stickers/logo.png", in: root)
        try Fixtures.write(png, "ios/Pack/imessage-icon.png", in: root)
        let layout = ProjectLayout(root: root.path)
        #expect(layout.master == nil, "\(layout.summary)")
        try Fixtures.write(png, "design/app-logo.png", in: root)
        #expect(ProjectLayout(root: root.path).master == "design/app-logo.png")
    }

    @Test("of Icon Composer's exports of one icon (ByteSized's Icons/AppIcon Exports), the master is the Default one, not the ClearDark one met first in name order")
    func masterAmongIconComposerExports() throws {
        let png = try Fixtures.bytes(at: Fixtures.testImages.appendingPathComponent("app-icon-master.png"))
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let exports = root.appendingPathComponent("Icons/AppIcon Exports")
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        for look in ["ClearDark", "ClearLight", "Dark", "Default", "TintedDark", "TintedLight"] {
            try Data(png).write(to: exports.appendingPathComponent("AppIcon-iOS-\(look)-1024x1024@1x.png"))
        }
        #expect(ProjectLayout(root: root.path).master == "Icons/AppIcon Exports/AppIcon-iOS-Default-1024x1024@1x.png")
    }

    @Test("an Expo app (obytes' template: only app.config.ts, icon, adaptive foreground, favicon, splash image) gets one job from its root with the presets its images serve, not a catalog at the root that prebuild never reads; with a committed catalog, that catalog's layout, and no job of its own")
    func expoAppJob() throws {
        let png = try Fixtures.bytes(at: Fixtures.testImages.appendingPathComponent("app-icon-master.png"))
        let code = """
            export default ({ config }) => ({
              ...config,
              icon: './assets/icon.png',
              android: { adaptiveIcon: { foregroundImage: './assets/adaptive-icon.png', backgroundColor: '#2E3C4B' } },
              web: { favicon: './assets/favicon.png', bundler: 'metro' },
              plugins: [['expo-splash-screen', { image: './assets/splash-icon.png', imageWidth: 150 }]],
            });

            """
        let root = try Fixtures.tree(["app.config.ts": code, "package.json": #"{"dependencies": {"expo": "~54.0.0"}}"#])
        defer { try? FileManager.default.removeItem(at: root) }
        let assets = root.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        for name in ["icon.png", "adaptive-icon.png", "splash-icon.png", "favicon.png"] { try Data(png).write(to: assets.appendingPathComponent(name)) }
        let layout = ProjectLayout(root: root.path)
        #expect(layout.summary == "found Expo app app.config.ts (ios-single, android, web), master assets/icon.png", "\(layout.summary)")
        let file = root.appendingPathComponent("iconforge.yml")
        try Data(layout.starter().utf8).write(to: file)
        let jobs = try ProjectConfig.load(file.path).jobs
        #expect(jobs.map(\.presets) == ["ios-single,android,web"], "\(layout.starter())")
        #expect(jobs.map { URL(fileURLWithPath: $0.outPath).standardizedFileURL.path } == [root.standardizedFileURL.path], "\(layout.starter())")
        // Prebuild's output kept in git: the catalog's layout is the job's iOS preset, and its catalog no job of its own.
        let set = #"{"images": [{"idiom": "iphone", "size": "60x60", "scale": "2x", "filename": "a.png"}], "info": {"version": 1, "author": "xcode"}}"#
        let catalog = root.appendingPathComponent("ios/App/Images.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try Data(set.utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        let committed = ProjectLayout(root: root.path).starter()
        #expect(committed.contains("presets: [ios, android, web]\n    out: .\n") && !committed.contains("out: ios/App/Images.xcassets"), "\(committed)")
    }

    @Test("a project of two Android apps (Wear OS samples' DataLayer: a phone Application/ and a watch Wearable/, both application modules with launcher pictures): init writes a job for each, the watch's into its own res/ with the master named for it, and the file loads as iconforge.yml")
    func jobPerAndroidApp() throws {
        let app = "apply plugin: 'com.android.application'\nandroid { defaultConfig { minSdkVersion 26 } }\n"
        let manifest = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application android:icon=\"@mipmap/ic_launcher\"/></manifest>\n"
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="green"/></svg>"#
        let root = try Fixtures.tree(["settings.gradle": "include ':Application', ':Wearable'\n",
                                      "Application/build.gradle": app, "Application/src/main/AndroidManifest.xml": manifest,
                                      "Application/src/main/res/mipmap-hdpi/ic_launcher.png": "old phone",
                                      "Wearable/build.gradle": app, "Wearable/src/main/AndroidManifest.xml": manifest,
                                      "Wearable/src/main/res/mipmap-hdpi/ic_launcher.png": "old watch",
                                      "art/icon.svg": svg, "art/wearable-icon.svg": svg])
        defer { try? FileManager.default.removeItem(at: root) }
        let layout = ProjectLayout(root: root.path)
        let starter = layout.starter()
        #expect(starter.contains("  - master: art/icon.svg\n    presets: [android]\n    out: Application/src/main/res\n"), "\(starter)")
        #expect(starter.contains("  - master: art/wearable-icon.svg\n    presets: [android]\n    out: Wearable/src/main/res\n"), "\(starter)")
        #expect(layout.summary.contains("Android project Application/src/main/res, Android app Wearable/src/main/res"), "\(layout.summary)")
        let file = root.appendingPathComponent("iconforge.yml")
        try Data(starter.utf8).write(to: file)
        let config = try ProjectConfig.load(file.path)
        #expect(config.jobs.map(\.outPath) == ["Application/src/main/res", "Wearable/src/main/res"].map { root.appendingPathComponent($0).path })
    }

    @Test("several apps in one repository (OSS-DocumentScanner's NativeScript App_Resources/documentscanner and App_Resources/cardwallet): each app's job takes the master named for it, not the one found first; a job whose folder names no app takes the project's master")
    func masterPerApp() throws {
        let set = #"{"images": [{"idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "icon.png"}], "info": {"version": 1, "author": "xcode"}}"#
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>"#
        let root = try Fixtures.tree([
            "App_Resources/cardwallet/iOS/Assets.xcassets/AppIcon.appiconset/Contents.json": set,
            "App_Resources/documentscanner/iOS/Assets.xcassets/AppIcon.appiconset/Contents.json": set,
            "graphics/cardwallet-icon.svg": svg,
            "graphics/documentscanner-icon.svg": svg,
            "graphics/documentscanner-icon-monochrome.svg": svg,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let layout = ProjectLayout(root: root.path)
        let starter = layout.starter()
        #expect(starter.contains("  - master: graphics/cardwallet-icon.svg\n    presets: [ios-single]\n    out: App_Resources/cardwallet/iOS/Assets.xcassets\n"), "\(starter)")
        #expect(starter.contains("  - master: graphics/documentscanner-icon.svg\n    presets: [ios-single]\n    out: App_Resources/documentscanner/iOS/Assets.xcassets\n"), "\(starter)")
        #expect(layout.summary.hasSuffix("masters graphics/cardwallet-icon.svg, graphics/documentscanner-icon.svg"), "\(layout.summary)")
        // One app: its catalog's folder names nothing, so the job takes the one master.
        let single = try Fixtures.tree(["ios/Runner/Assets.xcassets/AppIcon.appiconset/Contents.json": set, "design/icon.svg": svg, "design/other-logo.svg": svg])
        defer { try? FileManager.default.removeItem(at: single) }
        #expect(ProjectLayout(root: single.path).starter().contains("  - master: design/icon.svg\n"))
    }

    @Test("init in projects with no catalog, Android module or site (Privacy Badger's extension in src/, EarTrumpet's MSIX package, Cartridges' hicolor tree): the starter has a job for each platform found — browser-extension into the extension's folder, the desktop presets from the root — and no ios-single job writing an Assets.xcassets into them")
    func starterForExtensionsAndDesktops() throws {
        let extensionRoot = try Fixtures.tree(["src/manifest.json": #"{"manifest_version": 2, "name": "B", "icons": {"128": "icons/badger-128.png"}}"#,
                                               "src/icons/badger-128.png": "png"])
        let windowsRoot = try Fixtures.tree(["EarTrumpet.Package/Package.appxmanifest": "<Package><Applications><Application><uap:VisualElements Square44x44Logo=\"Assets\\Square44x44Logo.png\"/></Application></Applications></Package>\n",
                                             "EarTrumpet.Package/Assets/Square44x44Logo.scale-200.png": "png"])
        let linuxRoot = try Fixtures.tree(["data/icons/hicolor/scalable/apps/page.kramo.Cartridges.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
                                           "data/page.kramo.Cartridges.desktop.in": "[Desktop Entry]\nName=C\nIcon=@APP_ID@\n"])
        defer { for root in [extensionRoot, windowsRoot, linuxRoot] { try? FileManager.default.removeItem(at: root) } }
        for (root, presets, out) in [(extensionRoot, "browser-extension", "src"), (windowsRoot, "windows", "."), (linuxRoot, "linux", ".")] {
            let layout = ProjectLayout(root: root.path)
            let starter = layout.starter()
            #expect(starter.contains("presets: [\(presets)]\n    out: \(out)\n"), "\(starter)")
            #expect(!starter.contains("ios-single") && !starter.contains("Assets.xcassets"), "\(starter)")
            let file = root.appendingPathComponent("iconforge.yml")
            try Data(starter.utf8).write(to: file)
            #expect(try ProjectConfig.load(file.path).jobs.count == 1)
        }
    }

    @Test("a .NET MAUI app (eShop's ClientApp: <uap:VisualElements/>; MoneyFox's $placeholder$ logos) has no Windows assets folder: Resizetizer makes its tiles from <MauiIcon> at build time, so init writes no windows job into Platforms/Windows and a windows run from the root is refused, naming the MauiIcon; a MAUI app's manifest naming its own files keeps its folder")
    func mauiPlatformsWindowsIsNoAssetsFolder() throws {
        let csproj = ##"<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><UseMaui>true</UseMaui></PropertyGroup><ItemGroup><MauiIcon Include="Resources\AppIcon\appicon.svg" ForegroundFile="Resources\AppIcon\appiconfg.svg" Color="#edeafb" /></ItemGroup></Project>"##
        let empty = "<Package><Applications><Application Id=\"App\"><uap:VisualElements/></Application></Applications></Package>\n"
        let placeholders = "<Package><Properties><Logo>$placeholder$.png</Logo></Properties><Applications><Application><uap:VisualElements Square150x150Logo=\"$placeholder$.png\" Square44x44Logo=\"$placeholder$.png\"/></Application></Applications></Package>\n"
        for manifest in [empty, placeholders] {
            let root = try Fixtures.tree(["src/ClientApp/ClientApp.csproj": csproj, "src/ClientApp/Platforms/Windows/Package.appxmanifest": manifest,
                                          "src/ClientApp/Resources/AppIcon/appicon.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"])
            defer { try? FileManager.default.removeItem(at: root) }
            let layout = ProjectLayout(root: root.path)
            #expect(layout.windowsFolder == nil, "\(layout.summary)")
            #expect(layout.summary.contains(".NET MAUI app src/ClientApp/ClientApp.csproj (its build makes every platform's icon from <MauiIcon> Resources/AppIcon/appicon.svg; no job writes them)"), "\(layout.summary)")
            #expect(!layout.starter().contains("presets: [windows]"), "\(layout.starter())")
            #expect(throws: IconForgeError.self) { try ProjectLayout.routes(presets: ["windows"], out: root.path) }
        }
        // A MAUI app whose manifest names Assets of its own keeps them as the Windows folder.
        let own = try Fixtures.tree(["App/App.csproj": csproj, "App/Platforms/Windows/Package.appxmanifest": "<Package><Applications><Application><uap:VisualElements Square44x44Logo=\"Assets\\Square44x44Logo.png\"/></Application></Applications></Package>\n",
                                     "App/Platforms/Windows/Assets/Square44x44Logo.scale-200.png": "png"])
        defer { try? FileManager.default.removeItem(at: own) }
        #expect(ProjectLayout(root: own.path).windowsFolder == "App/Platforms/Windows")
    }

    @Test("Tridactyl's layout (src/manifest.json, an MV2 extension, beside src/static holding its pages and logos): src/static is the extension's, not a website: no web folder, so init has no web job and a web run from the root is refused rather than writing a manifest.webmanifest into the add-on")
    func extensionStaticIsNoWebsite() throws {
        let root = try Fixtures.tree(["src/manifest.json": #"{"manifest_version": 2, "name": "T", "icons": {"64": "static/logo/Tridactyl_64px.png"}}"#,
                                      "src/static/logo/Tridactyl_64px.png": "png", "src/static/newtab.template.html": "<html></html>\n",
                                      "package.json": #"{"name": "tridactyl"}"#])
        defer { try? FileManager.default.removeItem(at: root) }
        let layout = ProjectLayout(root: root.path)
        #expect(layout.extensionFolder == "src" && layout.webFolder == nil, "\(layout.summary)")
        #expect(!layout.starter().contains("presets: [web]"), "\(layout.starter())")
        #expect(throws: IconForgeError.self) { try ProjectLayout.routes(presets: ["web"], out: root.path) }
    }

    @Test("a Flutter app in a folder of the repository (Butterfly's app/): its android/app/src/main/res, deeper than the search goes, is found beside its catalog and web/")
    func flutterAppInSubfolder() throws {
        let repository = try Fixtures.temporaryFolder()
        let app = try Fixtures.flutterProject()
        try FileManager.default.moveItem(at: app, to: repository.appendingPathComponent("app"))
        try Data("name: notes\n".utf8).write(to: repository.appendingPathComponent("app/pubspec.yaml"))
        let layout = ProjectLayout(root: repository.path)
        #expect(layout.androidRoot == "app/android", "\(layout.summary)")
        #expect(layout.summary.contains("asset catalog app/ios/Runner/Assets.xcassets") && layout.summary.contains("web folder app/web"), "\(layout.summary)")
        let routes = try ProjectLayout.routes(presets: ["android", "web"], out: repository.path).map(\.folder)
        #expect(routes == [repository.appendingPathComponent("app/android").path, repository.appendingPathComponent("app/web").path], "\(routes)")
        // Without its pubspec.yaml, a folder named android that deep is not taken for an app.
        try FileManager.default.removeItem(at: repository.appendingPathComponent("app/pubspec.yaml"))
        #expect(ProjectLayout(root: repository.path).androidRoot == nil)
    }

    @Test("a TV app whose manifest names its banner (TV Bro's @drawable/banner, Home Assistant's @mipmap/ic_banner) gets init's Android job with android-tv, which redraws it; a banner with no picture of its own does not")
    func tvBannerJob() throws {
        let manifest = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application android:icon=\"@drawable/ic_launcher\">"
            + "<activity android:name=\".Main\" android:banner=\"@drawable/banner\"><intent-filter><action android:name=\"android.intent.action.MAIN\"/>"
            + "<category android:name=\"android.intent.category.LEANBACK_LAUNCHER\"/></intent-filter></activity></application></manifest>\n"
        let root = try Fixtures.tree(["app/build.gradle.kts": "plugins {\n    id(\"tvbro.android.application\")\n}\n",
                                      "app/src/main/AndroidManifest.xml": manifest,
                                      "app/src/main/res/drawable-xhdpi/ic_launcher.png": "icon",
                                      "app/src/main/res/drawable-xhdpi/banner.png": "banner"])
        let layout = ProjectLayout(root: root.path)
        #expect(layout.androidTVBanner && layout.starter().contains("presets: [android, android-tv]\n    out: .\n"), "\(layout.starter())")
        // The job's presets route from the root as the command's do: the banner is redrawn where the manifest names it.
        #expect(try ProjectLayout.routes(presets: ["android", "android-tv"], out: root.path).map(\.folder) == [root.path])
        // A vector banner (no PNG in res/): the preset would write a banner.png of its own beside it, so the job stays android's.
        try FileManager.default.removeItem(at: root.appendingPathComponent("app/src/main/res/drawable-xhdpi/banner.png"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("app/src/main/res/drawable"), withIntermediateDirectories: true)
        try Data("<vector/>".utf8).write(to: root.appendingPathComponent("app/src/main/res/drawable/banner.xml"))
        #expect(ProjectLayout(root: root.path).starter().contains("presets: [android]\n    out: .\n"))
    }

    @Test("a React Native app in a monorepo's apps/main-app (IO's): its android/app/src/main/res, deeper than the search goes, is found beside its catalog, and init writes a job for it")
    func reactNativeAppInMonorepo() throws {
        let app = "apps/main-app"
        let repository = try Fixtures.tree([
            "package.json": "{ \"name\": \"io\", \"private\": true, \"workspaces\": [\"apps/*\"] }\n",
            "\(app)/package.json": "{ \"name\": \"main-app\", \"dependencies\": { \"react\": \"19.0.0\", \"react-native\": \"0.79.0\" } }\n",
            "\(app)/ios/IO/Images.xcassets/Contents.json": "{\"info\":{\"author\":\"xcode\",\"version\":1}}\n",
            "\(app)/ios/IO/Images.xcassets/AppIcon.appiconset/Contents.json":
                #"{"images":[{"filename":"icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#,
            "\(app)/android/app/build.gradle": "apply plugin: \"com.android.application\"\n",
            "\(app)/android/app/src/main/AndroidManifest.xml":
                "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application android:icon=\"@mipmap/ic_launcher\"/></manifest>\n",
            "\(app)/android/app/src/main/res/mipmap-hdpi/ic_launcher.png": "old"])
        let layout = ProjectLayout(root: repository.path)
        #expect(layout.androidRoot == "\(app)/android", "\(layout.summary)")
        #expect(layout.starter().contains("out: \(app)/android"), "\(layout.starter())")
        // Without react-native in its package.json (a web app's folder), an android/ that deep is not taken for an app.
        try Data("{ \"name\": \"main-app\" }\n".utf8).write(to: repository.appendingPathComponent("\(app)/package.json"))
        #expect(ProjectLayout(root: repository.path).androidRoot == nil)
    }
}

@Suite("ProjectLayout: routes")
struct ProjectLayoutRouteTests {
    @Test("a rerun of several platforms into a plain folder goes where the first run went (its web/ and linux/ do not make it a project)")
    func plainFolderRerun() throws {
        let folder = try Fixtures.temporaryFolder()
        let presets = ["ios", "android", "web", "windows", "linux"]
        let first = try ProjectLayout.routes(presets: presets, out: folder.path).map(\.folder)
        #expect(first.map { ($0 as NSString).lastPathComponent } == [folder.lastPathComponent, "android", "web", "windows", "linux"])
        // What the first run leaves: a web folder with its manifest, a hicolor theme under linux/.
        for (file, text) in [("web/manifest.webmanifest", "{}"), ("linux/hicolor/48x48/apps/app.png", ""), ("windows/app.ico", "")] {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        #expect(try ProjectLayout.routes(presets: presets, out: folder.path).map(\.folder) == first)
        // One platform alone (as generate routes each in turn): into the folder the first run made, else the folder itself.
        #expect(try ProjectLayout.routes(presets: ["ios"], out: folder.path).map(\.folder) == [folder.path])
        #expect(try ProjectLayout.routes(presets: ["web"], out: folder.path).map(\.folder) == [folder.appendingPathComponent("web").path])
        // An Android module beside them makes it a project: platforms it lacks are named, not invented.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("app/src/main/res"), withIntermediateDirectories: true)
        #expect(throws: IconForgeError.self) { try ProjectLayout.routes(presets: presets, out: folder.path) }
    }

    @Test("Xcode 26's AppIcon.icon beside the catalog (Aidoku): --preset icon-composer updates it rather than adding one in the catalog; ios into the catalog says the .icon wins")
    func iconBundleBesideCatalog() throws {
        let project = try Fixtures.temporaryFolder()
        let shared = project.appendingPathComponent("Shared")
        let set = shared.appendingPathComponent("Assets.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        let bundle = shared.appendingPathComponent("AppIcon.icon")
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        try Data(#"{"groups":[],"supported-platforms":{"circles":["watchOS"],"squares":"shared"}}"#.utf8).write(to: bundle.appendingPathComponent("icon.json"))
        #expect(ProjectLayout(root: project.path).iconBundles == ["Shared/AppIcon.icon"])
        #expect(try ProjectLayout.routes(presets: ["icon-composer"], out: project.path).map(\.folder) == [shared.path])
        #expect(try ProjectLayout.routes(presets: ["ios"], out: project.path).map(\.folder) == [shared.appendingPathComponent("Assets.xcassets").path])
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("ios")))
            .run(source: master, outputFolder: shared.appendingPathComponent("Assets.xcassets").path)
        #expect(report.warnings.contains { $0.contains("AppIcon.icon has this set's name") }, "\(report.warnings)")
        // Without the .icon: no such warning.
        try FileManager.default.removeItem(at: bundle)
        let again = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("ios")))
            .run(source: master, outputFolder: shared.appendingPathComponent("Assets.xcassets").path)
        #expect(!again.warnings.contains { $0.contains("has this set's name") })
    }

    @Test("two app targets, each with a catalog holding an iOS app icon (Rocket.Chat's Official.xcassets and Experimental.xcassets): --out . names both and writes neither, rather than the first; the watch app's catalog beside them still takes watchos")
    func severalAppCatalogs() throws {
        let project = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        func catalog(_ path: String, _ entry: String) throws {
            let set = project.appendingPathComponent(path + "/AppIcon.appiconset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try Data(#"{"images":[\#(entry)],"info":{"author":"xcode","version":1}}"#.utf8).write(to: set.appendingPathComponent("Contents.json"))
        }
        let phone = #"{"idiom":"universal","platform":"ios","size":"1024x1024"}"#
        try catalog("ios/Official.xcassets", phone)
        try catalog("ios/Watch App/Assets.xcassets", #"{"idiom":"universal","platform":"watchos","size":"1024x1024"}"#)
        #expect(try ProjectLayout.routes(presets: ["ios-single"], out: project.path).map(\.folder)
            == [project.appendingPathComponent("ios/Official.xcassets").path])
        try catalog("ios/Experimental.xcassets", phone)
        #expect {
            _ = try ProjectLayout.routes(presets: ["ios-single"], out: project.path)
        } throws: { error in
            "\(error)".contains("several asset catalogs with an app icon for ios-single (ios/Experimental.xcassets, ios/Official.xcassets")
        }
        #expect(try ProjectLayout.routes(presets: ["watchos"], out: project.path).map(\.folder)
            == [project.appendingPathComponent("ios/Watch App/Assets.xcassets").path])
    }

    @Test("a widget extension's catalog with Xcode's empty AppIcon template (Spotube's ios/HomePlayerWidget) beside the app's filled set (ios/Runner): --out . writes into the app's, not 'several catalogs'; two filled sets still ask")
    func emptyExtensionSet() throws {
        let project = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        func catalog(_ path: String, filename: String?) throws {
            let set = project.appendingPathComponent(path + "/AppIcon.appiconset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            let name = filename.map { #""filename":"\#($0)","# } ?? ""
            try Data(#"{"images":[{\#(name)"idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#.utf8)
                .write(to: set.appendingPathComponent("Contents.json"))
        }
        try catalog("ios/HomePlayerWidget/Assets.xcassets", filename: nil)
        try catalog("ios/Runner/Assets.xcassets", filename: "icon.png")
        #expect(try ProjectLayout.routes(presets: ["ios"], out: project.path).map(\.folder)
            == [project.appendingPathComponent("ios/Runner/Assets.xcassets").path])
        try catalog("ios/HomePlayerWidget/Assets.xcassets", filename: "widget.png")
        #expect(throws: IconForgeError.self) { _ = try ProjectLayout.routes(presets: ["ios"], out: project.path) }
    }

    @Test("app extensions' catalogs (beside an Info.plist declaring NSExtension: Mastodon's action extension with its filled Icon set, NetNewsWire's widget with a full AppIcon set) hold no app's icon: --out . writes into the app's catalog rather than asking which")
    func extensionCatalogs() throws {
        let project = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        func catalog(_ path: String, set: String = "AppIcon") throws {
            let folder = project.appendingPathComponent(path + "/\(set).appiconset")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(#"{"images":[{"filename":"icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#.utf8)
                .write(to: folder.appendingPathComponent("Contents.json"))
        }
        func info(_ folder: String, point: String) throws {
            try Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>\#(point)</string></dict></dict></plist>"#.utf8)
                .write(to: project.appendingPathComponent(folder + "/Info.plist"))
        }
        try catalog("Mastodon/Resources/Assets.xcassets")
        try catalog("OpenInActionExtension/Media.xcassets", set: "Icon")
        try catalog("WidgetExtension/Assets.xcassets")
        // Without the extensions' Info.plists, three catalogs with an iOS icon: which one is the app's is not known.
        #expect(throws: IconForgeError.self) { _ = try ProjectLayout.routes(presets: ["ios"], out: project.path) }
        try info("OpenInActionExtension", point: "com.apple.services")
        try info("WidgetExtension", point: "com.apple.widgetkit-extension")
        #expect(ProjectLayout(root: project.path).extensionCatalogs == ["OpenInActionExtension/Media.xcassets", "WidgetExtension/Assets.xcassets"])
        #expect(try ProjectLayout.routes(presets: ["ios"], out: project.path).map(\.folder)
            == [project.appendingPathComponent("Mastodon/Resources/Assets.xcassets").path])
        #expect(ProjectLayout(root: project.path).iconCatalogs.map(\.path) == ["Mastodon/Resources/Assets.xcassets"])
    }

    @Test("an app whose icon is AppIcon.icon at the project's root (BookPlayer, beside BookPlayer.xcodeproj) and whose catalog has no icon set, beside a widget's empty template set: --preset ios goes into the app's catalog, not the widget's, and says the .icon wins")
    func rootIconBundleAndWidget() throws {
        let project = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        try FileManager.default.createDirectory(at: project.appendingPathComponent("BookPlayer.xcodeproj"), withIntermediateDirectories: true)
        let bundle = project.appendingPathComponent("AppIcon.icon")
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        try Data(#"{"groups":[],"supported-platforms":{"circles":["watchOS"],"squares":"shared"}}"#.utf8).write(to: bundle.appendingPathComponent("icon.json"))
        let app = project.appendingPathComponent("BookPlayer/Assets.xcassets/defaultArtwork.imageset")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(#"{"images":[{"idiom":"universal"}],"info":{"author":"xcode","version":1}}"#.utf8).write(to: app.appendingPathComponent("Contents.json"))
        let widget = project.appendingPathComponent("BookPlayerWidgets/Assets.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: widget, withIntermediateDirectories: true)
        try Data(#"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: widget.appendingPathComponent("Contents.json"))
        try Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict></dict></plist>"#.utf8)
            .write(to: project.appendingPathComponent("BookPlayerWidgets/Info.plist"))
        let catalog = project.appendingPathComponent("BookPlayer/Assets.xcassets").path
        #expect(try ProjectLayout.routes(presets: ["ios"], out: project.path).map(\.folder) == [catalog])
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("ios"))).run(source: master, outputFolder: catalog)
        #expect(report.warnings.contains { $0.contains("AppIcon.icon has this set's name") }, "\(report.warnings)")
        // Written into the widget's catalog itself (--out naming it), the root .icon is the app's, not the widget's: not said.
        let intoWidget = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("ios")))
            .run(source: master, outputFolder: widget.deletingLastPathComponent().path)
        #expect(!intoWidget.warnings.contains { $0.contains("has this set's name") }, "\(intoWidget.warnings)")
    }

    @Test("an Electron app in a folder of the repository (Logseq's resources/: package.json and electron-builder.yml naming icons/logseq.ico, icons/logseq_big_sur.icns, icons/logseq.png): windows, macos and linux go to resources/icons (one route), where the configuration names them")
    func electronAppInFolder() throws {
        let project = try Fixtures.tree([
            "package.json": #"{"name": "logseq", "scripts": {"electron-watch": "cd resources && electron ."}, "devDependencies": {"electron": "38.0.0"}}"#,
            "resources/package.json": #"{"name": "Logseq", "main": "electron.js", "devDependencies": {"electron": "38.0.0", "electron-builder": "26.0.0"}}"#,
            "resources/electron-builder.yml": "appId: com.logseq.logseq\nmac:\n  icon: icons/logseq_big_sur.icns\nwin:\n  icon: icons/logseq.ico\nlinux:\n  icon: icons/logseq.png\n",
            "resources/icons/logseq_big_sur.icns": "icns", "resources/icons/logseq.ico": "ico", "resources/icons/logseq.png": "png",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let icons = project.appendingPathComponent("resources/icons").path
        #expect(try ProjectLayout.routes(presets: ["windows", "macos", "linux"], out: project.path).map(\.folder) == [icons])
        // Without the configuration's icons there is nothing of the app's to refresh: the folder is a plain one.
        for name in ["logseq_big_sur.icns", "logseq.ico", "logseq.png"] { try FileManager.default.removeItem(atPath: (icons as NSString).appendingPathComponent(name)) }
        #expect(try !ProjectLayout.routes(presets: ["windows"], out: project.path).map(\.folder).contains(icons))
    }

    @Test("a widget extension's catalog with a filled AppIcon (Logseq's ios/App/shortcuts, its Info.plist declaring NSExtension) beside the app's (ios/App/App): --out . writes into the app's; two apps' catalogs still ask")
    func filledExtensionSet() throws {
        let project = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        func catalog(_ path: String) throws {
            let set = project.appendingPathComponent(path + "/AppIcon.appiconset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try Data(#"{"images":[{"filename":"LogseqLogo.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#.utf8)
                .write(to: set.appendingPathComponent("Contents.json"))
        }
        func plist(_ path: String, _ body: String) throws {
            try Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n" + body + "</dict>\n</plist>\n").utf8)
                .write(to: project.appendingPathComponent(path))
        }
        try catalog("ios/App/App/Assets.xcassets")
        try catalog("ios/App/shortcuts/Assets.xcassets")
        try plist("ios/App/App/Info.plist", "\t<key>CFBundleDisplayName</key>\n\t<string>Logseq</string>\n")
        // Without the extension's Info.plist, two filled sets are two apps: which one is the Xcode project's business.
        #expect(throws: IconForgeError.self) { _ = try ProjectLayout.routes(presets: ["ios-single"], out: project.path) }
        try plist("ios/App/shortcuts/Info.plist", "\t<key>NSExtension</key>\n\t<dict>\n\t\t<key>NSExtensionPointIdentifier</key>\n\t\t<string>com.apple.widgetkit-extension</string>\n\t</dict>\n")
        #expect(try ProjectLayout.routes(presets: ["ios-single"], out: project.path).map(\.folder)
            == [project.appendingPathComponent("ios/App/App/Assets.xcassets").path])
    }

    @Test("a Compose Multiplatform app's browser target (KotlinConf's app/webApp/src/webMain/resources, its index.html linking manifest.json) is the web folder; of two, the one with a manifest (not the adminApp's jsMain)")
    func kotlinMultiplatformWeb() throws {
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ text: String, _ path: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("<html><head><title>Admin</title></head></html>", "app/adminApp/src/jsMain/resources/index.html")
        #expect(ProjectLayout(root: root.path).webFolder == "app/adminApp/src/jsMain/resources")
        try write(#"<html><head><link rel="manifest" href="manifest.json"/></head></html>"#, "app/webApp/src/webMain/resources/index.html")
        try write(#"{"name": "KotlinConf", "icons": [{"src": "./images/KotlinConf-icon-512.png", "sizes": "512x512"}]}"#,
                  "app/webApp/src/webMain/resources/manifest.json")
        #expect(ProjectLayout(root: root.path).webFolder == "app/webApp/src/webMain/resources")
        // A JVM module's resources (a desktop app's, a backend's) are no site, page or not.
        let other = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: other) }
        let page = other.appendingPathComponent("backend/src/main/resources/index.html")
        try FileManager.default.createDirectory(at: page.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("<html></html>".utf8).write(to: page)
        #expect(ProjectLayout(root: other.path).webFolder == nil)
    }
}
