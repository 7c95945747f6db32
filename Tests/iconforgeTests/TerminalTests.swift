import Foundation
import Testing
import TestSupport

@Suite("Terminal: standard output and standard error in one pipe")
struct TerminalTests {
    @Test("with both sent to one pipe (a CI log), each warning is a line of its own, after what was printed before it")
    func warningsOnTheirOwnLines() throws {
        let executable = try #require(CommandRunner.executable)
        let folder = try Fixtures.temporaryFolder()
        let process = Process()
        process.executableURL = executable
        // A glyph on transparency (a warning first), and enough listed files to fill standard output's buffer before
        // the Windows 400% tiles' enlargement warnings.
        process.arguments = ["generate", Fixtures.testImages.appendingPathComponent("glyph-master.png").path,
                             "--preset", "ios,android,web,macos,windows", "--out", folder.appendingPathComponent("Icons").path, "--verbose"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = output.split(separator: "\n")
        #expect(output.utf8.count > 8192 && lines.filter { $0.hasPrefix("warning: ") }.count >= 2, "\(output.utf8.count) bytes")
        for line in lines where line.contains("warning: ") {
            #expect(line.hasPrefix("warning: "), "a warning inside a line: \(line)")
        }
    }
}
