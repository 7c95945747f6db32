/// A long run of paths at the end of `iconforge validate …` (a shell glob of a thousand icons), taken out before
/// ArgumentParser reads the rest. Its parser copies the whole array for every positional value it appends, so
/// 1,000 paths took 55 ms there, longer than checking the files themselves.
enum LongPathList {
    /// Below this many trailing paths ArgumentParser reads them all.
    static let threshold = 64

    /// Splits `arguments` (without the program name) into what ArgumentParser reads and the paths appended after it.
    /// Only the trailing run of arguments that are not options is split, and its first two stay with the rest:
    /// the first may be the value of the option before it (`--role app`), and the second keeps at least one path
    /// for ArgumentParser, which requires one. Every option of `validate` takes one value, so the rest are paths.
    static func split(_ arguments: [String]) -> (parsed: [String], paths: [String]) {
        guard arguments.first == "validate", !arguments.contains("--") else { return (arguments, []) }
        let start = (arguments.lastIndex { $0.hasPrefix("-") } ?? 0) + 1
        guard arguments.count - start > threshold + 2 else { return (arguments, []) }
        return (Array(arguments[..<(start + 2)]), Array(arguments[(start + 2)...]))
    }
}
