import Foundation
import IconForgeKit
import SVGCodec
import TestSupport
import Testing

/// Files of other formats built byte by byte, as Scripts/make-test-images.py builds its own (tiny_webp, tiny_gif).
enum OtherFormats {
    /// A lossless WebP of one colour: five prefix codes of one symbol each, so every pixel takes no bits.
    static func webp(width: Int, height: Int, rgba: [UInt8] = [40, 120, 200, 255]) -> [UInt8] {
        var value: UInt64 = 0, count = 0
        var data: [UInt8] = []
        func put(_ bits: Int, _ n: Int) {
            value |= UInt64(bits) << UInt64(count)
            count += n
            while count >= 8 { data.append(UInt8(value & 0xFF)); value >>= 8; count -= 8 }
        }
        put(0x2F, 8); put(width - 1, 14); put(height - 1, 14); put(rgba[3] == 255 ? 0 : 1, 1); put(0, 3)
        put(0, 3) // no transform, no colour cache, no meta prefix codes
        for symbol in [rgba[1], rgba[0], rgba[2], rgba[3], 0] { put(1, 1); put(0, 1); put(1, 1); put(Int(symbol), 8) }
        if count > 0 { data.append(UInt8(value & 0xFF)) }
        let padded = data + (data.count % 2 == 1 ? [0] : [])
        let chunk = Array("VP8L".utf8) + le32(data.count) + padded
        return Array("RIFF".utf8) + le32(4 + chunk.count) + Array("WEBP".utf8) + chunk
    }

    /// A one-frame GIF89a (global table of two colours; LZW codes clear, 0, end).
    static func gif(width: Int, height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + le16(width) + le16(height) + [0x80, 0, 0, 0x28, 0x78, 0xC8, 0xFF, 0xFF, 0xFF]
            + [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [0] + [0x02, 0x02, 0x44, 0x01, 0x00] + [0x3B]
    }

    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16) }
}

@Suite("validate: files in icon sets that are not PNG are decoded")
struct NonPNGFilesTests {
    /// An app-icon set whose one 1024 pt iOS slot holds `bytes` as `name`; the findings about that file.
    private func findings(_ bytes: [UInt8], name: String) throws -> [Finding] {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = folder.appendingPathComponent("Assets.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let contents = """
            {"images" : [{"filename" : "\(name)", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024"}],
             "info" : {"author" : "xcode", "version" : 1}}
            """
        try Data(contents.utf8).write(to: set.appendingPathComponent("Contents.json"))
        try Data(bytes).write(to: set.appendingPathComponent(name))
        let report = try Validator().validate([folder.appendingPathComponent("Assets.xcassets").path], parallelism: .serial)
        return report.files.filter { $0.path.hasSuffix("/" + name) }.flatMap(\.findings)
    }

    @Test("a truncated file named .png that starts with GIF89a is an error naming the file and the reason")
    func truncatedGIF() throws {
        let gif = OtherFormats.gif(width: 1024, height: 1024)
        let found = try findings(Array(gif.prefix(gif.count - 4)), name: "icon.png")
        #expect(found.contains { $0.rule == .decode && $0.severity == .error && $0.message.contains("icon.png is a truncated GIF") },
                "\(found.map(\.line))")
        #expect(found.contains { $0.rule == .fileType && $0.severity == .warning })
    }

    @Test("a Git LFS pointer where a PNG should be (YARC Launcher's public/ in a checkout without LFS) is said to be one, its fix 'git lfs pull', not a re-export")
    func lfsPointer() throws {
        let found = try findings(Array("version https://git-lfs.github.com/spec/v1\noid sha256:6a180e83\nsize 5092\n".utf8), name: "icon.png")
        #expect(found.contains { $0.rule == .decode && $0.severity == .error && $0.message.contains("Git LFS pointer") && $0.fix.contains("git lfs pull") },
                "\(found.map(\.line))")
    }

    @Test("a whole GIF or WebP at the slot's size is read: only the not-PNG warning")
    func whole() throws {
        for (bytes, name) in [(OtherFormats.gif(width: 1024, height: 1024), "icon.gif"), (OtherFormats.webp(width: 1024, height: 1024), "icon.webp")] {
            let found = try findings(bytes, name: name)
            #expect(found.map(\.rule) == [.fileType], "\(name): \(found.map(\.line))")
        }
    }

    @Test("a truncated or corrupt WebP is an error; a WebP of the wrong size is a size error")
    func webp() throws {
        let good = OtherFormats.webp(width: 1024, height: 1024)
        let cut = try findings(Array(good.prefix(good.count - 6)), name: "icon.webp")
        #expect(cut.contains { $0.rule == .decode && $0.severity == .error && $0.message.hasPrefix("icon.webp does not decode as WebP") },
                "\(cut.map(\.line))")
        var corrupt = good
        corrupt[20] = 0x00 // the VP8L signature byte
        #expect(try findings(corrupt, name: "icon.webp").contains { $0.rule == .decode && $0.severity == .error })
        let small = try findings(OtherFormats.webp(width: 512, height: 512), name: "icon.webp")
        #expect(small.contains { $0.rule == .size && $0.message.contains("512x512") }, "\(small.map(\.line))")
    }

    /// An SVG whose group has a drop shadow librsvg 2.54 does not draw, and a text label.
    static let shadowedSVG = Array("""
        <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 100 100">
          <filter id="shadow"><feDropShadow dx="0" dy="4" stdDeviation="2"/></filter>
          <rect width="100" height="100" fill="#1E88E5"/>
          <g id="art" filter="url(#shadow)"><rect x="20" y="20" width="60" height="60" fill="#E53935"/></g>
          <text x="10" y="95">v2</text>
        </svg>
        """.utf8)

    @Test("an SVG in a set: what librsvg drops and its text are warnings naming the element and line")
    func svgInSet() throws {
        let found = try findings(Self.shadowedSVG, name: "icon.svg")
        #expect(found.allSatisfy { $0.severity == .warning }, "\(found.map(\.line))")
        #expect(found.contains { $0.rule == .svgText && $0.message == "icon.svg: <text> (line 5) is text: it is drawn with the fonts of the machine that draws it, or not at all where they are missing" })
        if !SVG.drawsDropShadow {
            #expect(found.contains { $0.rule == .svgFilter && $0.message.hasPrefix("icon.svg: <g id=\"art\"> (line 4) uses filter 'shadow', whose feDropShadow") })
        }
    }

    @Test("generate from such an SVG master says so in its report")
    func svgAtGeneration() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let master = folder.appendingPathComponent("icon.svg")
        try Data(Self.shadowedSVG).write(to: master)
        let report = try Generator(options: GenerateOptions(presets: [try PresetCatalog.preset("web")]))
            .run(source: master.path, outputFolder: folder.appendingPathComponent("out").path, parallelism: .serial)
        #expect(report.warnings.contains { $0.hasSuffix("icon.svg: <text> (line 5) is text: it is drawn with the fonts of the machine that draws it, or not at all where they are missing") },
                "\(report.warnings)")
        #expect(report.warnings.contains { $0.contains("<g id=\"art\"> (line 4) uses filter 'shadow'") } == !SVG.drawsDropShadow, "\(report.warnings)")
    }

    @Test("inspect reads a WebP (an Android launcher picture) for its size, compression and alpha; a broken one is one line naming it")
    func inspectWebP() throws {
        let folder = try Fixtures.temporaryFolder()
        let path = folder.appendingPathComponent("ic_launcher.webp").path
        try Data(OtherFormats.webp(width: 48, height: 48)).write(to: URL(fileURLWithPath: path))
        let facts = try SourceFacts.inspect(path, limits: .default)
        #expect(facts.kind == .webp && facts.width == 48 && facts.height == 48 && facts.facts["compression"] == "lossless (VP8L)")
        try Data(OtherFormats.webp(width: 48, height: 48).prefix(20)).write(to: URL(fileURLWithPath: path))
        #expect(throws: IconForgeError.self) { try SourceFacts.inspect(path, limits: .default) }
    }
}

