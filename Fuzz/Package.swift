// swift-tools-version: 6.0
// libFuzzer targets for IconForge's readers of files others wrote. Built and run by Scripts/fuzz.sh with
// -sanitize=fuzzer (and address), in its own scratch folder; never part of the build or the tests.
import PackageDescription

let package = Package(
    name: "IconForgeFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "IconForge", path: "..")],
    targets: [
        // libFuzzer supplies main(): the targets are compiled as libraries that export LLVMFuzzerTestOneInput.
        .executableTarget(name: "FuzzContentsJSON", dependencies: ["FuzzSupport", .product(name: "IconForge", package: "IconForge")],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzSupport", .product(name: "IconForge", package: "IconForge")],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // The newer readers: each writes the fuzzed bytes where IconForge looks for them and runs the public entry points.
        .target(name: "FuzzSupport", dependencies: [.product(name: "IconForge", package: "IconForge")]),
        .executableTarget(name: "FuzzIconJSON", dependencies: ["FuzzSupport", .product(name: "IconForge", package: "IconForge")],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(name: "FuzzWebManifest", dependencies: ["FuzzSupport", .product(name: "IconForge", package: "IconForge")],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(name: "FuzzAndroidXML", dependencies: ["FuzzSupport", .product(name: "IconForge", package: "IconForge")],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(name: "FuzzIco", dependencies: ["FuzzSupport", .product(name: "IconForge", package: "IconForge")],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(name: "FuzzIcns", dependencies: ["FuzzSupport", .product(name: "IconForge", package: "IconForge")],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ],
    swiftLanguageModes: [.v6]
)
