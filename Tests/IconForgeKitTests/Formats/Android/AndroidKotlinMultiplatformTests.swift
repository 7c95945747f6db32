import Foundation
import IconForgeKit
import Raster
import TestSupport
import Testing

/// A Kotlin Multiplatform app (Compose Multiplatform's template): its Android resources and manifest live in the
/// `androidMain` source set (`composeApp/src/androidMain/res`, `…/AndroidManifest.xml`), which the Android plugin reads
/// as main.
@Suite("Android: a Kotlin Multiplatform module's androidMain source set")
struct AndroidKotlinMultiplatformTests {
    static let adaptive = #"<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android"><background android:drawable="@color/ic_launcher_background"/><foreground android:drawable="@mipmap/ic_launcher_foreground"/></adaptive-icon>"#

    /// The template's shape: `settings.gradle.kts`, `composeApp/` applying the application plugin, its manifest naming a
    /// launcher and a round icon, and an adaptive launcher icon (no round one) in `androidMain/res`.
    static func project() throws -> URL {
        try Fixtures.tree([
            "settings.gradle.kts": "rootProject.name = \"Demo\"\ninclude(\":composeApp\")\n",
            "composeApp/build.gradle.kts": "plugins { alias(libs.plugins.kotlinMultiplatform); alias(libs.plugins.androidApplication) }\n"
                + "android { namespace = \"com.example.demo\"; defaultConfig { minSdk = 26 } }\n",
            "composeApp/src/androidMain/AndroidManifest.xml": #"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:icon="@mipmap/ic_launcher" android:roundIcon="@mipmap/ic_launcher_round"/></manifest>"#,
            "composeApp/src/androidMain/res/mipmap-anydpi-v26/ic_launcher.xml": adaptive,
            "composeApp/src/androidMain/res/values/ic_launcher_background.xml": #"<resources><color name="ic_launcher_background">#FFFFFF</color></resources>"#,
            "composeApp/src/androidMain/res/drawable/placeholder.xml": #"<shape xmlns:android="http://schemas.android.com/apk/res/android"/>"#,
            "composeApp/src/commonMain/kotlin/App.kt": "fun app() {}\n",
        ])
    }

    @Test("generate at the project's root writes into composeApp/src/androidMain/res, not a res/ of its own at the root")
    func routedToAndroidMain() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(ProjectLayout(root: root.path).androidRoot == "composeApp/src/androidMain/res")
        let routes = try ProjectLayout.routes(presets: ["android"], out: root.path).map(\.folder)
        #expect(routes == [root.appendingPathComponent("composeApp/src/androidMain/res").path], "\(routes)")
    }

    @Test("an app whose launcher icon (Tasks.org's @mipmap/ic_launcher_blue) a KMP library's androidMain defines: generate stays in the app module, where it can say the manifest names another icon")
    func launcherOfAnotherNameInLibrary() throws {
        let root = try Fixtures.tree([
            "settings.gradle.kts": "include(\":app\", \":kmp\")\n",
            "app/build.gradle.kts": "plugins { alias(libs.plugins.android.application) }\n",
            "app/src/main/AndroidManifest.xml": #"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:icon="@mipmap/ic_launcher_blue"/></manifest>"#,
            "app/src/main/res/values/strings.xml": "<resources/>",
            "kmp/build.gradle.kts": "plugins { alias(libs.plugins.kotlin.multiplatform); alias(libs.plugins.android.library) }\n",
            "kmp/src/androidMain/res/mipmap-anydpi-v26/ic_launcher_blue.xml": Self.adaptive,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(ProjectLayout(root: root.path).androidRoot == "", "the app module, given as the project above app/")
        // Named ic_launcher, as a library's own manifest would give it, the icon would go there.
        try FileManager.default.moveItem(at: root.appendingPathComponent("kmp/src/androidMain/res/mipmap-anydpi-v26/ic_launcher_blue.xml"),
                                         to: root.appendingPathComponent("kmp/src/androidMain/res/mipmap-anydpi-v26/ic_launcher.xml"))
        try Data(#"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:icon="@mipmap/ic_launcher"/></manifest>"#.utf8)
            .write(to: root.appendingPathComponent("app/src/main/AndroidManifest.xml"))
        #expect(ProjectLayout(root: root.path).androidRoot == "kmp/src/androidMain/res")
    }

    @Test("a launcher icon in a library applying the Android-KMP library plugin (Confetti's shared/, com.android.kotlin.multiplatform.library): generate at the root writes there, nothing into the app module", arguments: [
        "id(\"com.android.kotlin.multiplatform.library\")", "alias(libs.plugins.android.kotlin.multiplatform.library)", "alias(libs.plugins.androidKotlinMultiplatformLibrary)"])
    func launcherInKotlinMultiplatformLibrary(plugin: String) throws {
        let root = try Fixtures.tree([
            "settings.gradle.kts": "include(\":androidApp\", \":shared\")\n",
            "androidApp/build.gradle.kts": "plugins { id(\"com.android.application\") }\n",
            "androidApp/src/main/AndroidManifest.xml": #"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:icon="@mipmap/ic_launcher"/></manifest>"#,
            "androidApp/src/main/res/values/strings.xml": "<resources/>",
            "shared/build.gradle.kts": "plugins {\n    kotlin(\"multiplatform\")\n    \(plugin)\n}\nkotlin { android { androidResources { enable = true } } }\n",
            "shared/src/androidMain/res/mipmap-anydpi-v26/ic_launcher.xml": Self.adaptive,
            "shared/src/androidMain/res/values/ic_launcher_background.xml": #"<resources><color name="ic_launcher_background">#FFFFFF</color></resources>"#,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(ProjectLayout(root: root.path).androidRoot == "shared/src/androidMain/res")
        let routes = try ProjectLayout.routes(presets: ["android"], out: root.path).map(\.folder)
        #expect(routes == [root.appendingPathComponent("shared/src/androidMain/res").path], "\(routes)")
        var options = GenerateOptions(presets: try PresetCatalog.presets("android"))
        options.androidBackground = .color(RGBColor(red: 0, green: 0, blue: 0))
        for folder in routes {
            _ = try Generator(options: options).run(source: Fixtures.testImages.appendingPathComponent("app-icon-master.png").path, outputFolder: folder)
        }
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("shared/src/androidMain/res/mipmap-xxhdpi/ic_launcher.png").path))
        let app = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("androidApp/src/main/res").path)
        #expect(app == ["values"], "\(app)")
    }

    @Test("validate reads androidMain's manifest as the module's: a round icon it names that nothing defines is found")
    func manifestInAndroidMain() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let res = root.appendingPathComponent("composeApp/src/androidMain/res")
        let messages = try Validator().validate([res.path]).files.flatMap(\.findings).map(\.message)
        // Read as an overlay of a missing src/main (as before), androidMain was never checked against its manifest.
        #expect(messages.contains { $0.contains("android:roundIcon is @mipmap/ic_launcher_round") }, "\(messages)")
        #expect(messages.contains { $0.contains("ic_launcher_foreground") }, "the foreground the adaptive icon names is missing: \(messages)")
    }
}
