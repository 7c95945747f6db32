import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// A module whose Gradle file adds resource folders of its own to its source sets (Breezy Weather's flavours take
/// `res.directories += "src/res_breezy"`, which holds the launcher icon): AAPT2 merges them with main's, so validate
/// resolves across them, and generate says that the icon there, not main's, is the one the app shows.
@Suite("Android: resource folders a Gradle file adds")
struct AndroidGradleResourceTests {
    static let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path

    /// Breezy Weather's shape: the launcher icon only in src/res_brand, its background colour in main.
    private func project(gradleLine: String) throws -> URL {
        let adaptive = #"<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android"><background android:drawable="@color/ic_launcher_background"/><foreground android:drawable="@drawable/ic_launcher_foreground"/><monochrome android:drawable="@drawable/ic_launcher_foreground"/></adaptive-icon>"#
        let root = try AndroidProjectTests.tree([
            "settings.gradle.kts": "include(\":app\")\n",
            "app/build.gradle.kts": """
                plugins { id("com.android.application") }
                android {
                    defaultConfig { minSdk = 26 }
                    productFlavors { create("basic") { dimension = "default" } }
                    sourceSets {
                        getByName("basic") {
                            \(gradleLine)
                        }
                    }
                }
                """,
            "app/src/main/AndroidManifest.xml": #"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application android:icon="@mipmap/ic_launcher" android:roundIcon="@mipmap/ic_launcher_round"/></manifest>"#,
            "app/src/main/res/values/ic_launcher_background.xml": #"<resources><color name="ic_launcher_background">#FFFFFF</color></resources>"#,
            "app/src/res_brand/mipmap-anydpi-v26/ic_launcher.xml": adaptive,
            "app/src/res_brand/mipmap-anydpi-v26/ic_launcher_round.xml": adaptive,
            "app/src/res_brand/drawable/ic_launcher_foreground.xml": AndroidSweepTests.vector,
        ])
        let image = try PNG.decode(Fixtures.bytes("app-icon-master.png")).image
        for (density, side) in [("mdpi", 48), ("hdpi", 72), ("xhdpi", 96), ("xxhdpi", 144), ("xxxhdpi", 192)] {
            for name in ["ic_launcher", "ic_launcher_round"] {
                let url = root.appendingPathComponent("app/src/res_brand/mipmap-\(density)/\(name).png")
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileIO.writeAtomically(try PNG.encode(Resampler.resize(image, to: PixelSize(width: side, height: side))), to: url.path)
            }
        }
        return root
    }

    @Test("validate resolves an adaptive icon in src/res_brand against main's colour when the Gradle file adds that folder (res.directories +=, res.srcDirs): no error")
    func layersResolveAcrossGradleFolders() throws {
        for line in [#"res.directories += "src/res_brand""#, #"res.srcDirs("src/res_brand")"#, #"res.srcDirs += ['src/res_brand']"#] {
            let root = try project(gradleLine: line)
            defer { try? FileManager.default.removeItem(at: root) }
            let errors = try Validator().validate([root.path]).files.flatMap(\.findings).filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(line): \(errors.map(\.message))")
        }
    }

    @Test("generate into main, whose icon src/res_brand overrides in every flavour: the warning says so and names the run that reaches it (--out, as no --variant names that folder); a commented-out line adds no folder")
    func generateSaysTheGradleFolderOverrides() throws {
        let root = try project(gradleLine: #"res.directories += "src/res_brand""#)
        defer { try? FileManager.default.removeItem(at: root) }
        let options = GenerateOptions(presets: try PresetCatalog.presets("android"))
        let report = try Generator(options: options).run(source: Self.master, outputFolder: root.path)
        #expect(report.warnings.contains { $0.contains("res_brand has its own adaptive icon") && $0.contains("--out app/src/res_brand") && !$0.contains("--variant") },
                "\(report.warnings)")
        // Commented out, the line adds nothing: no build takes the folder, and nothing is said of it.
        let unused = try project(gradleLine: #"// res.directories += "src/res_brand""#)
        defer { try? FileManager.default.removeItem(at: unused) }
        #expect(try !Generator(options: options).run(source: Self.master, outputFolder: unused.path).warnings.contains { $0.contains("res_brand") })
    }
}
