import Foundation
import TestSupport
import Testing

@Suite("iconforge")
struct IconForgeCommandTests {
    @Test("--version names IconForge's release and every system library it runs with")
    func version() throws {
        let result = try CommandRunner.run(["--version"])
        #expect(result.status == 0)
        let line = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.hasPrefix("iconforge 0.2.0 (libpng 1.6."), "\(line)")
        for library in ["zlib 1.", "librsvg 2.", "libjpeg-turbo ", "libwebp 1.", "OpenJPEG 2."] { #expect(line.contains(library), "\(line)") }
    }

    #if os(Linux)
    @Test("librsvg is loaded only where an SVG is read: a PNG master's run never maps it (LD_DEBUG=files lists what is)")
    func librsvgOnlyForSVG() throws {
        let folder = try Fixtures.temporaryFolder()
        let png = try CommandRunner.run(["generate", Fixtures.testImages.appendingPathComponent("app-icon-master.png").path,
                                         "--preset", "ios", "--out", folder.appendingPathComponent("png").path],
                                        environment: ["LD_DEBUG": "files"])
        #expect(png.status == 0, "\(png.standardError)")
        #expect(!png.standardError.contains("librsvg"), "a PNG master loaded librsvg")
        let svg = try CommandRunner.run(["generate", Fixtures.testImages.appendingPathComponent("sources/icon.svg").path,
                                         "--preset", "ios", "--out", folder.appendingPathComponent("svg").path],
                                        environment: ["LD_DEBUG": "files"])
        #expect(svg.status == 0)
        #expect(svg.standardError.contains("file=librsvg-2.so.2"), "an SVG master did not load librsvg")
    }
    #endif

    @Test("without librsvg an SVG master fails with one line naming the file and what to install; PNG work goes on")
    func missingLibrsvg() throws {
        let folder = try Fixtures.temporaryFolder()
        let missing = ["ICONFORGE_LIBRSVG": folder.appendingPathComponent("no-such-librsvg.so").path]
        let svgPath = Fixtures.testImages.appendingPathComponent("sources/icon.svg").path
        let svg = try CommandRunner.run(["generate", svgPath, "--preset", "ios", "--out", folder.appendingPathComponent("svg").path],
                                        environment: missing)
        #expect(svg.status == 1)
        let lines = svg.standardError.split(separator: "\n").filter { $0.contains("librsvg") }
        #expect(lines.count == 1 && lines[0].hasPrefix(svgPath) && lines[0].contains("ICONFORGE_LIBRSVG"), "\(svg.standardError)")
        let png = try CommandRunner.run(["generate", Fixtures.testImages.appendingPathComponent("app-icon-master.png").path,
                                         "--preset", "ios", "--out", folder.appendingPathComponent("png").path], environment: missing)
        #expect(png.status == 0, "\(png.standardError)")
        let version = try CommandRunner.run(["--version"], environment: missing)
        #expect(version.standardOutput.contains("librsvg not installed"), "\(version.standardOutput)")
    }

    @Test("a command's usage errors and help name it as `iconforge <command>`, though a well-formed command line is read by the command alone",
          arguments: [["generate", "x.png", "--bogus"], ["validate", "--role"], ["presets", "show"], ["generate", "--help"]])
    func usageNamesTheCommand(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        let text = result.standardError + result.standardOutput
        #expect(text.contains("iconforge \(arguments[0])"), "\(text)")
        #expect(result.status == (arguments.last == "--help" ? 0 : 2), "\(arguments): \(result.status)")
    }

    @Test("completion scripts (what make install writes) come from the command definitions", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) throws {
        let result = try CommandRunner.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        for word in ["generate", "validate", "fail-on", "max-memory"] { #expect(result.standardOutput.contains(word), "\(shell): \(word)") }
    }

    @Test("--fit's help lists what each command accepts: fill and fit where icons are made, stretch too for resize", arguments: ["generate", "watch", "preview", "resize"])
    func fitHelp(command: String) throws {
        // Help wraps lines: one space for every run of white space.
        let help = try CommandRunner.run([command, "--help"]).standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let fit = help.components(separatedBy: "--fit <").last ?? ""
        let values = fit.range(of: "(values: ").map { String(fit[$0.upperBound...].prefix { $0 != ")" && $0 != ";" }) }
        #expect(values == (command == "resize" ? "fill, fit, stretch" : "fill, fit"), "\(command): \(values ?? "none")")
    }

    @Test("-q: commands that print what they wrote print nothing, and still write it", arguments: ["resize", "convert", "init"])
    func quiet(command: String) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent(command == "init" ? "iconforge.yml" : "out.png").path
        let master = Fixtures.testImages.appendingPathComponent("app-icon-master.png").path
        let arguments: [String] = switch command {
        case "resize": ["resize", master, "--size", "64", "-o", out, "-q"]
        case "convert": ["convert", master, "-o", out, "-q"]
        default: ["init", "-o", out, "-q"]
        }
        let result = try CommandRunner.run(arguments, in: folder)
        #expect(result.status == 0 && result.standardOutput.isEmpty && result.standardError.isEmpty, "\(result.standardOutput)\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: out))
    }
}
