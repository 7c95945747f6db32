import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

@Suite("validate: .ico files")
struct IcoChecksTests {
    private func square(_ side: Int) -> Image { Image(width: side, height: side, format: .rgba8, fill: SIMD4(200, 40, 40, 255)) }

    /// The findings validate gives a folder holding `favicon.ico` with these bytes.
    private func findings(_ bytes: [UInt8]) throws -> [Finding] {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileIO.writeAtomically(bytes, to: folder.appendingPathComponent("favicon.ico").path)
        let report = try Validator().validate([folder.path])
        #expect(report.files.map { ($0.path as NSString).lastPathComponent } == ["favicon.ico"], "the .ico is checked")
        return report.files.flatMap(\.findings)
    }

    @Test("16, 32 and 48 px (what generate writes), and any set reaching 48 (Create React App's 16, 24, 32, 64), are clean")
    func clean() throws {
        #expect(try findings(Ico.encode([square(16), square(32), square(48)])).isEmpty)
        #expect(try findings(Ico.encode([square(16), square(24), square(32), square(64)])).isEmpty)
    }

    @Test("only 16 px, or nothing of 48 px, is a warning saying what is scaled")
    func small() throws {
        let sixteen = try findings(Ico.encode([square(16)]))
        #expect(sixteen.count == 1 && sixteen[0].severity == .warning && sixteen[0].message.contains("holds only 16x16: high-density tabs"))
        let thirtyTwo = try findings(Ico.encode([square(16), square(32)]))
        #expect(thirtyTwo.count == 1 && thirtyTwo[0].message.contains("holds only 16x16, 32x32: Windows shortcuts"))
    }

    @Test("a tray icon (Hiddify's tray_icon.ico: 128, 64, 48, 32, 16) is drawn at 16–32 px: no 256 or 24 asked for; without 16 or 32, a warning")
    func trayIcon() throws {
        let folder = try Fixtures.temporaryFolder()
        try FileIO.writeAtomically(try Ico.encode([128, 64, 48, 32, 16].map(square)), to: folder.appendingPathComponent("tray_icon.ico").path)
        try FileIO.writeAtomically(try Ico.encode([square(48)]), to: folder.appendingPathComponent("TrayConnected.ico").path)
        try FileIO.writeAtomically(try Ico.encode([128, 64, 48, 32, 16].map(square)), to: folder.appendingPathComponent("app.ico").path)
        let report = try Validator().validate([folder.path], parallelism: .serial)
        func found(_ name: String) -> [Finding] { report.files.first { $0.path.hasSuffix("/" + name) }?.findings ?? [] }
        #expect(found("tray_icon.ico").isEmpty, "\(found("tray_icon.ico").map(\.line))")
        #expect(found("TrayConnected.ico").map(\.severity) == [.warning] && found("TrayConnected.ico").first?.message.contains("without 16x16 or 32x32") == true)
        // The same entries as an app icon still lack what Explorer's large views and 150% taskbars draw.
        #expect(found("app.ico").contains { $0.message.contains("no 256x256") } && found("app.ico").contains { $0.message.contains("no 24x24") })
    }

    @Test("an entry that is not square (a 32x31 beside 16 and 48) is one warning naming it, beside the size rules; square entries give none")
    func nonSquareEntry() throws {
        let odd = Image(width: 32, height: 31, format: .rgba8, fill: SIMD4(200, 40, 40, 255))
        let found = try findings(Ico.encode([square(16), odd, square(48)]))
        #expect(found.count == 1 && found[0].severity == .warning && found[0].message.contains("not square (32x31)")
                && found[0].message.contains("stretched"), "\(found.map(\.line))")
        let app = try Fixtures.temporaryFolder()
        try FileIO.writeAtomically(try Ico.encode([256, 48, 32, 24, 16].map(square) + [odd]), to: app.appendingPathComponent("app.ico").path)
        let report = try Validator().validate([app.path])
        #expect(report.files.flatMap(\.findings).map(\.message).filter { $0.contains("not square") }.count == 1)
    }

    @Test("PNG data named .ico is a warning; anything else, or a damaged directory, an error")
    func notIco() throws {
        let png = try findings(PNG.encode(square(48)))
        #expect(png.count == 1 && png[0].severity == .warning && png[0].message.contains("holds PNG data"))
        let text = try findings(Array("<html></html>".utf8))
        #expect(text.count == 1 && text[0].severity == .error && text[0].message.contains("is not an .ico file"))
        let whole = try Ico.encode([square(16), square(32), square(48)])
        let cut = try findings(Array(whole.prefix(whole.count / 2)))
        #expect(cut.count == 1 && cut[0].severity == .error && cut[0].message.hasPrefix("favicon.ico entry"), "\(cut)")
    }
}
