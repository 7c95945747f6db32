// swift-tools-version: 6.0
// IconForge: one master PNG in, every iOS icon and launch image out, checked the way App Store review does.
import PackageDescription

// libpng is found through pkg-config; the C target also names the libraries itself because a
// module map's `link` line only applies where Swift imports that module.
let package = Package(
    name: "IconForge",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "IconForge", targets: ["IconForgeKit", "PNGCodec", "Raster"]),
        .executable(name: "iconforge", targets: ["iconforge"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]
        ),
        .target(name: "Raster"),
        .target(name: "Deflate"),
        .target(name: "PNGCodec", dependencies: ["CPNG", "Deflate", "Raster"]),
        .target(name: "IconForgeKit", dependencies: ["PNGCodec", "Raster"]),
        .executableTarget(
            name: "iconforge",
            dependencies: ["IconForgeKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Throughput measurements, run by Benchmarks/*.sh in release mode; never part of the tests.
        .executableTarget(name: "iconforge-bench", dependencies: ["IconForgeKit", "PNGCodec", "Raster"],
                          path: "Benchmarks/Sources/iconforge-bench"),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "TestSupport"]),
        .testTarget(name: "DeflateTests", dependencies: ["Deflate", "TestSupport"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "Raster", "TestSupport"]),
        .testTarget(name: "IconForgeKitTests", dependencies: ["IconForgeKit", "PNGCodec", "Raster", "TestSupport"]),
        .testTarget(name: "iconforgeTests", dependencies: ["iconforge", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
