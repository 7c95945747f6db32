import Foundation
import IconForgeKit
import TestSupport
import Testing

/// An Expo app's configuration, read as Expo reads it: app.json (JSON5) under `expo`, and the plain literals of a code config.
@Suite("Expo: the app config")
struct ExpoConfigTests {
    static func project(_ files: [String: String]) throws -> URL { try Fixtures.tree(files) }

    @Test("app.json under expo: image keys, ios.icon's appearances, a plugin's options and its imageWidth, read by dotted key")
    func appJSON() throws {
        let root = try Self.project(["app.json": """
            {
              // create-expo-app's shape, with a comment and a trailing comma (@expo/json-file reads JSON5)
              "expo": {
                "icon": "./assets/images/icon.png",
                "ios": { "icon": { "light": "./assets/ios-light.png", "dark": "./assets/ios-dark.png" } },
                "android": { "adaptiveIcon": { "foregroundImage": "./assets/fg.png", "backgroundColor": "#E6F4FE", "monochromeImage": "./assets/mono.png" } },
                "web": { "favicon": "./assets/favicon.png" },
                "plugins": ["expo-router", ["expo-splash-screen", { "image": "./assets/splash-icon.png", "imageWidth": 200, "dark": { "image": "./assets/splash-dark.png" } }]],
              }
            }
            """])
        let config = try #require(ExpoConfig.read(root: root.path))
        #expect(config.values["icon"] == "./assets/images/icon.png")
        #expect(config.values["ios.icon.dark"] == "./assets/ios-dark.png")
        #expect(config.values["android.adaptiveIcon.backgroundColor"] == "#E6F4FE")
        #expect(config.values["plugins.expo-splash-screen.dark.image"] == "./assets/splash-dark.png")
        #expect(config.values["plugins.expo-splash-screen.imageWidth"] == "200")
        #expect(config.jsonWrapsInExpo && config.codeFile == nil)
        let project = try #require(ExpoProject.read(root: root.path))
        #expect(project.splashImageWidth == 200)
        #expect(project.iosIcons.map(\.key) == ["ios.icon.light", "ios.icon.dark"])
        #expect(project.androidLauncher?.key == "android.adaptiveIcon.foregroundImage")
    }

    @Test("A React Native CLI app's app.json (name, displayName) is no Expo config; package.json depending on expo makes it one")
    func bareAppJSON() throws {
        let plain = try Self.project(["app.json": #"{"name": "App", "displayName": "App"}"#])
        #expect(ExpoConfig.read(root: plain.path) == nil)
        let expo = try Self.project(["app.json": #"{"name": "App", "icon": "./icon.png"}"#, "package.json": #"{"dependencies": {"expo": "~54.0.0"}}"#])
        let config = try #require(ExpoConfig.read(root: expo.path))
        #expect(!config.jsonWrapsInExpo && config.values["icon"] == "./icon.png")
    }

    @Test("app.config.ts: its string literals over app.json's; a conditional, a variable or a template with ${} stays unknown")
    func codeConfig() throws {
        let root = try Self.project([
            "app.json": #"{"expo": {"icon": "./assets/icon.png", "web": {"favicon": "./assets/favicon.png"}}}"#,
            "app.config.ts": """
                import { ExpoConfig, ConfigContext } from "expo/config";
                const IS_DEV = process.env.APP_VARIANT === "development";
                const shared = { icon: "./assets/not-the-config.png" };
                export default ({ config }: ConfigContext): ExpoConfig => ({
                  ...config,
                  icon: IS_DEV ? "./assets/icon-dev.png" : "./assets/icon.png",
                  android: {
                    adaptiveIcon: { foregroundImage: './assets/adaptive-icon.png', backgroundColor: `${brand}` },
                    package: "com.example.app",
                  },
                  plugins: [
                    "expo-router",
                    ["expo-splash-screen", { image: "./assets/splash-icon.png", imageWidth: 180 }],
                    ["expo-notifications", { icon: "./assets/notification.png", color: "#ffffff" }],
                  ],
                  platforms: ["ios", "android"],
                });
                """,
        ])
        let config = try #require(ExpoConfig.read(root: root.path))
        #expect(config.values["icon"] == "./assets/icon.png")          // app.json's: the code's is a conditional
        #expect(!config.codeKeys.contains("icon"))
        #expect(config.values["android.adaptiveIcon.foregroundImage"] == "./assets/adaptive-icon.png")
        #expect(config.values["android.adaptiveIcon.backgroundColor"] == nil)
        #expect(config.values["plugins.expo-splash-screen.image"] == "./assets/splash-icon.png")
        #expect(config.values["plugins.expo-splash-screen.imageWidth"] == "180")
        #expect(config.values["plugins.expo-notifications.icon"] == "./assets/notification.png")
        #expect(config.values["web.favicon"] == "./assets/favicon.png")
        #expect(config.platforms == ["ios", "android"])
        #expect(config.codeKeys.contains("android.adaptiveIcon.foregroundImage"))
    }

    @Test("Papillon's app.config.ts: export default { expo: {…} } with values from package.json beside the literals")
    func exportedExpoObject() throws {
        let root = try Self.project(["app.config.ts": """
            import PackageJSON from "./package.json" with { type: 'json' };
            export default {
              expo: {
                name: "Papillon",
                version: PackageJSON.version,
                icon: "./assets/images/icon.png",
                splash: { image: "./assets/images/splash.png", resizeMode: "cover", backgroundColor: "#003A21" },
                ios: { icon: "./assets/app.icon", supportsTablet: true },
                android: { adaptiveIcon: { foregroundImage: "./assets/images/adaptive-icon.png", monochromeImage: "./assets/images/monochrome-icon.png" } },
              },
            };
            """])
        let project = try #require(ExpoProject.read(root: root.path))
        #expect(project.config.values["splash.resizeMode"] == "cover")
        #expect(project.images.first { $0.key == "ios.icon" }?.use == .iconComposer)
        #expect(project.images.map(\.key).contains("android.adaptiveIcon.monochromeImage"))
    }

    @Test("const config: ExpoConfig = {…}; export default config — the exported variable's object is the config, another's is not")
    func exportedVariable() throws {
        let root = try Self.project(["app.config.js": """
            const other = { icon: "./wrong.png" };
            const config = { icon: "./assets/icon.png", web: { favicon: "./assets/favicon.png" } };
            module.exports = config;
            """])
        let config = try #require(ExpoConfig.read(root: root.path))
        #expect(config.values["icon"] == "./assets/icon.png")
        #expect(config.values["web.favicon"] == "./assets/favicon.png")
    }
}
