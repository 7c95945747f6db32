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
        .executableTarget(name: "FuzzContentsJSON", dependencies: [.product(name: "IconForge", package: "IconForge")],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(name: "FuzzPNG", dependencies: [.product(name: "IconForge", package: "IconForge")],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ],
    swiftLanguageModes: [.v6]
)
