import ArgumentParser
import Foundation
import IconForgeKit

/// `iconforge inspect`: header facts, pixel format and opacity of PNG files.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a PNG's header facts, colour chunks, pixel format and whether any pixel is translucent; a JPEG's or SVG's facts; an .icns or .ico file's images; an Icon Composer .icon's groups, layers and assets.")

    @Argument(help: ArgumentHelp("PNG, JPEG or SVG files, .icns or .ico files, or .icon bundles, to inspect.", valueName: "file"))
    var files: [String]

    @Flag(help: "Print a JSON array, one object per file (failures as {\"path\", \"error\"}).")
    var json = false

    @OptionGroup var decode: DecodeOptions

    func run() throws {
        var failed = false
        var reports: [InspectionOutput] = []
        for path in files {
            do {
                let kind = FileKind.claimed(by: path)
                if IconComposerBundle.isBundle(path) {
                    let inspection = try IconComposerInspection.inspect(path)
                    if json { reports.append(.iconComposer(inspection)) } else { print(inspection.text) }
                } else if kind == .icns {
                    let inspection = try IcnsInspection.inspect(path)
                    if json { reports.append(.icns(inspection)) } else { print(inspection.text) }
                } else if path.lowercased().hasSuffix(".ico") {
                    let inspection = try IcoInspection.inspect(path)
                    if json { reports.append(.ico(inspection)) } else { print(inspection.text) }
                } else if kind == .jpeg || kind == .svg || kind == .webp {
                    let facts = try SourceFacts.inspect(path, limits: decode.limits)
                    if json { reports.append(.source(facts)) } else { print(facts.text) }
                } else {
                    let inspection = try Inspection.inspect(path, limits: decode.limits)
                    if json { reports.append(.inspected(inspection)) } else { print(inspection.text) }
                }
            } catch {
                failed = true
                Terminal.standardError(error.description)
                if json { reports.append(.failed(path: path, error: error.description)) }
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(reports), as: UTF8.self))
        }
        if failed { throw ExitCode(1) }
    }
}

/// One element of `inspect --json`: a report, or the reason there is none.
private enum InspectionOutput: Encodable {
    case inspected(Inspection)
    case source(SourceFacts)
    case iconComposer(IconComposerInspection)
    case icns(IcnsInspection)
    case ico(IcoInspection)
    case failed(path: String, error: String)

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .inspected(let inspection): try inspection.encode(to: encoder)
        case .source(let facts): try facts.encode(to: encoder)
        case .iconComposer(let inspection): try inspection.encode(to: encoder)
        case .icns(let inspection): try inspection.encode(to: encoder)
        case .ico(let inspection): try inspection.encode(to: encoder)
        case .failed(let path, let error):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(path, forKey: .path)
            try container.encode(error, forKey: .error)
        }
    }

    private enum Key: String, CodingKey { case path, error }
}
