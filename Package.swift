// swift-tools-version: 6.0
// IconForge: one master (PNG, SVG or JPEG) in, every icon and launch image out, checked the way App Store review does.
import PackageDescription

// libpng is found through pkg-config; the C target also names the libraries itself because a
// module map's `link` line only applies where Swift imports that module.
let package = Package(
    name: "IconForge",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "IconForge", targets: ["IconForgeKit", "PNGCodec", "JPEGCodec", "WebPCodec", "JPEG2000Codec", "SVGCodec", "Raster"]),
        .executable(name: "iconforge", targets: ["iconforge"]),
        .plugin(name: "IconForgePlugin", targets: ["IconForgePlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev", "zlib1g-dev"]), .brew(["libpng"])]
        ),
        .target(
            name: "CPNG",
            dependencies: ["CLibPNG"],
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate")]
        ),
        // librsvg (Debian librsvg2-2, Homebrew librsvg), opened at run time the first time an SVG is read: csvg.c says
        // why it is not linked and why it needs no headers.
        .target(name: "CSVG", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]
        ),
        .target(name: "CJPEG", dependencies: ["CTurboJPEG"], linkerSettings: [.linkedLibrary("turbojpeg")]),
        .systemLibrary(
            name: "CLibWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),
        .target(name: "CWebP", dependencies: ["CLibWebP"], linkerSettings: [.linkedLibrary("webp")]),
        // OpenJPEG, for the JPEG 2000 elements macOS reads in .icns files.
        .systemLibrary(
            name: "COpenJPEG",
            pkgConfig: "libopenjp2",
            providers: [.apt(["libopenjp2-7-dev"]), .brew(["openjpeg"])]
        ),
        .target(name: "CJPEG2000", dependencies: ["COpenJPEG"], linkerSettings: [.linkedLibrary("openjp2")]),
        .target(name: "Raster"),
        .target(name: "JPEGCodec", dependencies: ["CJPEG", "Raster"]),
        .target(name: "WebPCodec", dependencies: ["CWebP", "Raster"]),
        .target(name: "JPEG2000Codec", dependencies: ["CJPEG2000", "Raster"]),
        .target(name: "SVGCodec", dependencies: ["CSVG", "Raster"]),
        .target(name: "PNGCodec", dependencies: ["CPNG", "Raster"]),
        .target(name: "IconForgeKit", dependencies: ["PNGCodec", "JPEGCodec", "WebPCodec", "JPEG2000Codec", "SVGCodec", "Raster", .product(name: "Yams", package: "Yams")]),
        .executableTarget(
            name: "iconforge",
            dependencies: ["IconForgeKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // `swift package --allow-writing-to-package-directory iconforge generate …` in a package that depends on IconForge.
        // No dependency on the executable: that would build it and every module under it a second time, for the
        // host, in every build and test of this package; the plugin asks for a release build of it when it runs.
        .plugin(
            name: "IconForgePlugin",
            capability: .command(
                intent: .custom(verb: "iconforge", description: "Generate, validate or fix app icons and launch images with IconForge"),
                permissions: [.writeToPackageDirectory(reason: "IconForge writes the icons and asset catalogs you ask for")]
            )
        ),
        // The throughput measurements (iconforge-bench) are a package of their own, Benchmarks/Package.swift.
        .target(name: "TestSupport", dependencies: ["Raster"], path: "Tests/TestSupport"),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "TestSupport"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "Raster", "TestSupport"]),
        .testTarget(name: "JPEGCodecTests", dependencies: ["JPEGCodec", "Raster", "TestSupport"]),
        .testTarget(name: "SVGCodecTests", dependencies: ["SVGCodec", "Raster", "TestSupport"]),
        .testTarget(name: "IconForgeKitTests", dependencies: ["IconForgeKit", "PNGCodec", "SVGCodec", "Raster", "TestSupport"]),
        .testTarget(name: "iconforgeTests", dependencies: ["iconforge", "PNGCodec", "Raster", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
