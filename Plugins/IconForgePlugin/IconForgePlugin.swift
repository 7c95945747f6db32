import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory iconforge generate …`: runs IconForge from a Swift
/// package (or, from Xcode's project navigator, an Xcode project) without installing it. Every argument goes
/// to `iconforge` as it is, run in the package's (or project's) folder, so relative paths mean what they
/// say there.
@main
struct IconForgePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try run(tool: try context.tool(named: "iconforge").url, in: context.package.directoryURL, arguments: arguments)
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

/// The run failed; iconforge has said why on standard error.
enum IconForgePluginError: Error, CustomStringConvertible {
    case failed(Int32)

    var description: String {
        switch self {
        case .failed(let status): "iconforge exited with status \(status)"
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension IconForgePlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try run(tool: try context.tool(named: "iconforge").url, in: context.xcodeProject.directoryURL, arguments: arguments)
    }
}
#endif
