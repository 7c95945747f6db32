import Foundation

/// One image an Expo app's configuration names, and what `expo prebuild` (@expo/prebuild-config) makes of it.
package struct ExpoImage: Sendable, Equatable {
    package enum Use: Sendable, Equatable {
        /// `icon`: iOS's icon unless `ios.icon` is given, Android's unless `android.icon` or an adaptive foreground is.
        case appIcon
        /// `ios.icon` (a PNG) or one appearance of it (`ios.icon.light`, `.dark`, `.tinted`). Prebuild writes one 1024 px
        /// universal icon per appearance, flattening the light and tinted ones onto white and keeping the dark one's alpha.
        case iosIcon(Appearance)
        /// `ios.icon` naming an Icon Composer `.icon` (SDK 54): copied into the Xcode project as it is.
        case iconComposer
        /// `android.icon`: the legacy square icon (48 dp), used when there is no adaptive foreground.
        case androidIcon
        /// `android.adaptiveIcon`'s layers: each resized whole ("cover") to the 108 dp layer.
        case adaptiveForeground, adaptiveBackground, monochrome
        /// `web.favicon`.
        case favicon
        /// A splash screen image: the `expo-splash-screen` plugin's logo (drawn `imageWidth` dp wide), or the older
        /// `splash.image`, which may be a full-screen picture.
        case splash(dark: Bool, legacy: Bool)
        /// The `expo-notifications` plugin's `icon` (or the older `notification.icon`): Android's status-bar icon.
        case notificationIcon
    }

    /// The dotted key, as the configuration spells it (`android.adaptiveIcon.foregroundImage`).
    package var key: String
    /// The path as written (`./assets/images/icon.png`): relative to the project's folder.
    package var path: String
    package var use: Use

    /// The path relative to the project's folder, without `./`; nil for a remote image or one outside the project.
    package var relativePath: String? {
        if path.contains("://") || path.hasPrefix("/") { return nil }
        let relative = ElectronBuilder.lexical(path)
        return relative.isEmpty || relative.hasPrefix("..") ? nil : relative
    }

    /// The platforms prebuild (or, for the favicon, the web export) makes something of this image for.
    package var platforms: Set<String> {
        switch use {
        case .appIcon: ["ios", "android", "web"]
        case .iosIcon, .iconComposer: ["ios"]
        case .androidIcon, .adaptiveForeground, .adaptiveBackground, .monochrome, .notificationIcon: ["android"]
        case .favicon: ["web"]
        case .splash: key.hasPrefix("ios.") || key.hasPrefix("plugins.expo-splash-screen.ios.") ? ["ios"]
            : key.hasPrefix("android.") || key.hasPrefix("plugins.expo-splash-screen.android.") ? ["android"] : ["ios", "android"]
        }
    }

    /// True for a file of an npm package (`./node_modules/@jellyfin/ux-ios/icon.png`): `npm install` puts it there.
    package var isDependency: Bool { relativePath?.split(separator: "/").first == "node_modules" }
}

/// An Expo app: its configuration and the images it names, in the order a run writes them when several keys name one
/// file (the app icon first: App Store review sees it).
package struct ExpoProject: Sendable, Equatable {
    /// The folder holding the configuration.
    package var root: String
    package var config: ExpoConfig
    package var images: [ExpoImage]

    /// The Expo app whose configuration is in `root`, nil when there is none or it names no image.
    package static func read(root: String) -> ExpoProject? {
        // A configuration that names no image (a bare app's app.json of name and displayName) gives IconForge nothing.
        guard let config = ExpoConfig.read(root: root), case let images = images(of: config.values), !images.isEmpty else { return nil }
        return ExpoProject(root: root, config: config, images: images)
    }

    /// The images `values` name. `ios.icon` as a string is a PNG or a `.icon`; as an object, its appearances.
    package static func images(of values: [String: String]) -> [ExpoImage] {
        var result: [ExpoImage] = []
        func add(_ key: String, _ use: ExpoImage.Use) {
            if let path = values[key], !path.isEmpty { result.append(ExpoImage(key: key, path: path, use: use)) }
        }
        add("icon", .appIcon)
        if let ios = values["ios.icon"] {
            add("ios.icon", ios.lowercased().hasSuffix(".icon") ? .iconComposer : .iosIcon(.light))
        }
        add("ios.icon.light", .iosIcon(.light))
        add("ios.icon.dark", .iosIcon(.dark))
        add("ios.icon.tinted", .iosIcon(.tinted))
        add("android.icon", .androidIcon)
        add("android.adaptiveIcon.foregroundImage", .adaptiveForeground)
        add("android.adaptiveIcon.monochromeImage", .monochrome)
        add("android.adaptiveIcon.backgroundImage", .adaptiveBackground)
        add("plugins.expo-notifications.icon", .notificationIcon)
        add("notification.icon", .notificationIcon)
        for prefix in ["plugins.expo-splash-screen", "plugins.expo-splash-screen.ios", "plugins.expo-splash-screen.android"] {
            add(prefix + ".image", .splash(dark: false, legacy: false))
            add(prefix + ".tabletImage", .splash(dark: false, legacy: false))
            add(prefix + ".dark.image", .splash(dark: true, legacy: false))
            add(prefix + ".dark.tabletImage", .splash(dark: true, legacy: false))
        }
        for prefix in ["splash", "ios.splash", "android.splash"] {
            add(prefix + ".image", .splash(dark: false, legacy: true))
            add(prefix + ".tabletImage", .splash(dark: false, legacy: true))
            add(prefix + ".dark.image", .splash(dark: true, legacy: true))
        }
        add("web.favicon", .favicon)
        return result
    }

    /// The full path of an image inside the project; nil for a remote one or one outside the project.
    package func file(_ image: ExpoImage) -> String? {
        image.relativePath.map { (root as NSString).appendingPathComponent($0) }
    }

    /// True when prebuild makes an adaptive icon (`android.adaptiveIcon` is there; its `isAdaptive`).
    package var isAdaptive: Bool { config.values.keys.contains { $0.hasPrefix("android.adaptiveIcon.") } }

    /// The images prebuild makes iOS's app icon from: `ios.icon` (a PNG or its appearances), else `icon`.
    package var iosIcons: [ExpoImage] {
        let own = images.filter { if case .iosIcon = $0.use { true } else { $0.use == .iconComposer } }
        return own.isEmpty ? images.filter { $0.use == .appIcon } : own
    }

    /// The image prebuild makes Android's launcher icon from: the adaptive foreground, else `android.icon`, else `icon`.
    package var androidLauncher: ExpoImage? {
        images.first { $0.use == .adaptiveForeground } ?? images.first { $0.use == .androidIcon } ?? images.first { $0.use == .appIcon }
    }

    /// The platforms the app is built for: `platforms`, else Expo's default (iOS and Android, and web with react-dom).
    package var platforms: Set<String> {
        if let listed = config.platforms { return Set(listed) }
        return ["ios", "android", "web"]
    }

    /// True when the app is built for a platform that uses `image` (Jellyfin's `platforms: ["ios"]` makes nothing of
    /// an Android key).
    package func uses(_ image: ExpoImage) -> Bool { !image.platforms.isDisjoint(with: platforms) }

    /// The width in dp the splash screen plugin draws its image at (`imageWidth`, 100 by default on Android, where the
    /// drawable is that width times the density).
    package var splashImageWidth: Int {
        (config.values["plugins.expo-splash-screen.android.imageWidth"] ?? config.values["plugins.expo-splash-screen.imageWidth"]).flatMap { Int($0) } ?? 100
    }
}
