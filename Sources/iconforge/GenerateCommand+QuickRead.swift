import IconForgeKit
import PNGCodec

/// The common `generate` command line read with the library's table of options alone. ArgumentParser reads a
/// command by reflection over every option's declaration, and the type lookups that costs are a tenth of an icon set
/// (measured with perf: 9 ms of 65). A line this reader does not take whole — help, `--name=value`, grouped or other
/// short flags, `--`, an option outside the table, a repeated one, a value it refuses, no source — goes to
/// ArgumentParser as before, which reads it and words every error; so both readers agree on what they both take.
extension GenerateCommand {
    /// A command line read: what `run()` would be given.
    struct QuickLine {
        var sources: [String] = []
        var preset: String?
        var out: String?
        var settings = GenerateSettings()
        var verbosity = Reporter.Verbosity.normal

        /// Runs it as `run()` runs the same flags.
        func run() throws {
            guard let preset, let out else { preconditionFailure("read without --preset and --out") }
            let reporter = Reporter(interactive: Terminal.isInteractive, verbosity: verbosity)
            do { try settings.generate(sources: sources, presets: preset, out: out, reporter: reporter) } catch { throw error.exitCode }
        }
    }

    /// The line after `generate`, or nil when ArgumentParser should read it.
    static func quickRead(_ arguments: [String]) -> QuickLine? {
        guard !arguments.contains("help") else { return nil } // the root's `help` word, as IconForgeCommand.parse routes it
        var line = QuickLine()
        // The limits as DecodeOptions sets them, through the same rows, so that a limit means the same either way.
        guard (try? line.settings.set("max-pixels", .text(String(PNGLimits.default.maxPixels)))) != nil,
              (try? line.settings.set("max-memory", .text(String(PNGLimits.defaultMaxDecodedBytes >> 20)))) != nil else { return nil }
        var seen = Set<String>()
        var (quiet, verbose) = (false, false)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else { line.sources.append(argument); continue }
            let name: String
            switch argument {
            case "-o": name = "out"
            case "-q": name = "quiet"
            case "-v": name = "verbose"
            default:
                guard argument.hasPrefix("--"), !argument.contains("="), argument.count > 2 else { return nil }
                name = String(argument.dropFirst(2))
            }
            let option = GenerateOption.named(name)
            guard option?.kind == .namedFiles || seen.insert(name).inserted else { return nil }
            switch name {
            case "quiet": quiet = true
            case "verbose": verbose = true
            default:
                guard option != nil || name == "preset" || name == "out" else { return nil }
                if option?.kind == .flag {
                    guard (try? line.settings.set(name, .flag(true))) != nil else { return nil }
                    continue
                }
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                let value = arguments[index]
                index += 1
                switch name {
                case "preset": line.preset = value
                case "out": line.out = value
                default: guard (try? line.settings.set(name, .text(value))) != nil else { return nil }
                }
            }
        }
        // validate()'s checks failing: ArgumentParser's path says what is wrong.
        guard !line.sources.isEmpty, line.preset != nil, line.out != nil, (try? line.settings.validate()) != nil else { return nil }
        line.verbosity = quiet ? .quiet : verbose ? .verbose : .normal
        return line
    }
}
