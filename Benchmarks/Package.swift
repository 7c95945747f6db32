// swift-tools-version: 6.0
// Throughput measurements (iconforge-bench), run by Benchmarks/resize.sh in release mode. A package of its own,
// depending on IconForge by path, so `swift build` and `swift test` of IconForge never compile it; its own
// build folder is Benchmarks/.build.
import PackageDescription

let package = Package(
    name: "IconForgeBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "IconForge", path: "..")],
    targets: [
        .executableTarget(name: "iconforge-bench", dependencies: [.product(name: "IconForge", package: "IconForge")]),
    ],
    swiftLanguageModes: [.v6]
)
