import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// `--badge`: the text resolved from flags and CI environments, and the badge drawn by generate on the icons that take one.
@Suite("Badges in generate")
struct BadgeTextTests {
    @Test("{version} and {build} come from the flags, else IconForge's variables, else CI's; a missing one is a usage error")
    func placeholders() throws {
        #expect(try BadgeText.resolve("beta {build}", build: "7", environment: ["BUILD_NUMBER": "9"]) == "beta 7")
        #expect(try BadgeText.resolve("{version}.{build}", environment: ["ICONFORGE_VERSION": "1.4", "GITHUB_RUN_NUMBER": "312"]) == "1.4.312")
        #expect(throws: IconForgeError.badge(.unfilled(template: "{version}", placeholder: "{version}", variables: BadgeText.versionVariables))) {
            try BadgeText.resolve("{version}", environment: [:])
        }
        #expect(throws: IconForgeError.badge(.undrawable(text: "β", characters: ["Β"]))) { try BadgeText.resolve("β", environment: [:]) }
        #expect(throws: IconForgeError.badge(.undrawable(text: "  ", characters: []))) { try BadgeText.resolve("  ", environment: [:]) }
        #expect(throws: IconForgeError.badge(.empty)) { try BadgeText.resolve("", environment: [:]) }
        #expect(IconForgeError.badge(.unfilled(template: "beta {build}", placeholder: "{build}", variables: ["ICONFORGE_BUILD", "BUILD_NUMBER"])).description
                == "--badge: beta {build} uses {build}, but neither --badge-build nor ICONFORGE_BUILD, BUILD_NUMBER gives it")
    }

    @Test("generate draws it on app icons, Android's foreground and legacy icons and web icons; launch images, adaptive backgrounds and monochrome layers are left alone")
    func whereDrawn() throws {
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let plain = try Fixtures.temporaryFolder(), badged = try Fixtures.temporaryFolder()
        var options = GenerateOptions(presets: try PresetCatalog.presets("ios,android,web"))
        _ = try Generator(options: options).run(source: master, outputFolder: plain.path, parallelism: .serial)
        options.badge = Badge(text: "BETA")
        _ = try Generator(options: options).run(source: master, outputFolder: badged.path, parallelism: .serial)
        func same(_ path: String) throws -> Bool {
            try PNG.decode(try Fixtures.bytes(at: plain.appendingPathComponent(path))).image
                == PNG.decode(try Fixtures.bytes(at: badged.appendingPathComponent(path))).image
        }
        for changed in ["AppIcon.appiconset/Icon-1024.png", "AppIcon.appiconset/Icon-60@3x.png", "mipmap-xxxhdpi/ic_launcher_foreground.png",
                        "mipmap-xxxhdpi/ic_launcher.png", "mipmap-xxxhdpi/ic_launcher_round.png", "icon-512.png",
                        "icon-maskable-512.png", "apple-touch-icon.png"] {
            #expect(try !same(changed), "\(changed) has no badge")
        }
        for unchanged in ["mipmap-xxxhdpi/ic_launcher_monochrome.png", "AppIcon.appiconset/Icon-20@1x.png", "favicon-16x16.png"] {
            #expect(try same(unchanged), "\(unchanged) has a badge")
        }
    }
    @Test("into an Icon Composer .icon the badge is a group of its own in front, its layer image apart from the art's")
    func iconComposerGroup() throws {
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let folder = try Fixtures.temporaryFolder()
        var options = GenerateOptions(presets: [try PresetCatalog.preset("icon-composer")])
        options.badge = Badge(text: "BETA")
        _ = try Generator(options: options).run(source: master, outputFolder: folder.path, parallelism: .serial)
        let bundle = folder.appendingPathComponent("AppIcon.icon")
        let document = try IconComposerBundle.read(bundle.path).document
        #expect(document.groups.count == 2)
        #expect(document.groups.first?.name == "Badge")
        #expect(document.groups.first?.layers.first?.imageName.allValues == ["badge.png"])
        let badge = try PNG.decode(try Fixtures.bytes(at: bundle.appendingPathComponent("Assets/badge.png"))).image
        #expect(badge.width == 1024 && badge.pixel(x: 512, y: 100)[3] == 0 && badge.pixel(x: 512, y: 820)[3] == 255)
        // The art's layer is the master, without the badge; a rerun adds no second group.
        _ = try Generator(options: options).run(source: master, outputFolder: folder.path, parallelism: .serial)
        #expect(try IconComposerBundle.read(bundle.path).document.groups.count == 2)
    }
}
