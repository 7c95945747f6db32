import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory iconforge generate …`: runs IconForge from a Swift
/// package (or, from Xcode's project navigator, an Xcode project) without installing it. Every argument goes
/// to `iconforge` as it is, run in the package's (or project's) folder, so relative paths mean what they
/// say there.
///
/// The plugin asks SwiftPM for a release build of the `iconforge` product instead of declaring the
/// executable as its dependency: a dependency makes SwiftPM build the tool, and every module under it, a
/// second time for the host in every `swift build` and `swift test` of a package that has the plugin
/// (IconForge's own tests included), and builds it in debug with `swift package`, where a generate job takes
/// 65 times longer than in release. The release build goes into the package's own build folder, so
/// `swift build -c release` and `swift run -c release iconforge` reuse it and the next plugin run builds nothing.
@main
struct IconForgePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // SwiftPM says nothing while it builds; standard output stays iconforge's (JSON, JUnit reports).
        FileHandle.standardError.write(Data("Building iconforge (release; minutes the first time, then nothing to do)…\n".utf8))
        let result = try packageManager.build(.product("iconforge"), parameters: .init(configuration: .release))
        guard result.succeeded else {
            Diagnostics.error("could not build iconforge (release):\n\(result.logText)")
            throw IconForgePluginError.buildFailed
        }
        guard let tool = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == "iconforge" })
        else { throw IconForgePluginError.noExecutable }
        try run(tool: tool.url, in: context.package.directoryURL, arguments: arguments)
    }

    func run(tool: URL, in folder: URL, arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments.isEmpty ? ["--help"] : arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("iconforge \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
            throw IconForgePluginError.failed(process.terminationStatus)
        }
    }
}

extension IconForgePlugin {
    /// An installed `iconforge`: on the search path, or where Homebrew and `make install PREFIX=$HOME/.local` put
    /// it (Xcode runs plugins with a short PATH).
    func installedTool() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init)
            + ["/opt/homebrew/bin", "/usr/local/bin", NSHomeDirectory() + "/.local/bin"]
        return folders.lazy.map { URL(fileURLWithPath: $0).appendingPathComponent("iconforge") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// What went wrong; iconforge or the build has said the rest on standard error.
enum IconForgePluginError: Error, CustomStringConvertible {
    case buildFailed
    case noExecutable
    case notInstalled
    case failed(Int32)

    var description: String {
        switch self {
        case .buildFailed: "the release build of iconforge failed"
        case .noExecutable: "the release build of iconforge produced no executable named iconforge"
        case .notInstalled: "no iconforge installed (brew install iconforge, or make install): an Xcode project has no package to build it in"
        case .failed(let status): "iconforge exited with status \(status)"
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project there is no package to build the tool in: the plugin runs an installed `iconforge`
/// (`brew install iconforge`, `make install`, a release tarball).
extension IconForgePlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        guard let tool = installedTool() else { throw IconForgePluginError.notInstalled }
        try run(tool: tool, in: context.xcodeProject.directoryURL, arguments: arguments)
    }
}
#endif
