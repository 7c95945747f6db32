import Foundation

/// A Windows resource script (`.rc`, or CMake's `.rc.in` template of one), as far as icons go: the `.ico` files its
/// `ICON` statements embed in the executable (Zeal's `src/app/versioninfo.rc.in`: `IDI_ICON1 ICON DISCARDABLE
/// "resources/zeal.ico"`). Windows draws an embedded icon by picking the entry of the size it needs (LoadImage,
/// the shell's icon extraction), whatever their order, and a Qt app's windows take the same resource.
enum ResourceScript {
    /// The extensions of a resource script and of its templates.
    static let suffixes = [".rc", ".rc.in", ".rc.cmake"]

    /// The `.ico` files the script's `ICON` statements name, resolved against its folder (paths as written, `\\`
    /// and `/` alike); statements whose file is in quotes or bare.
    static func icons(inScript text: String, folder: String) -> [String] {
        var result: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let at = words.firstIndex(where: { $0.uppercased() == "ICON" }), at > 0, let file = words.last(where: { $0.lowercased().hasSuffix(".ico\"") || $0.lowercased().hasSuffix(".ico") }) else { continue }
            let relative = file.trimmingCharacters(in: CharacterSet(charactersIn: "\"")).replacingOccurrences(of: "\\\\", with: "/").replacingOccurrences(of: "\\", with: "/")
            let path = relative.hasPrefix("/") ? relative : (folder as NSString).appendingPathComponent(relative)
            result.append(URL(fileURLWithPath: path).standardizedFileURL.path)
        }
        return result
    }

    /// True when a resource script in the `.ico`'s folder or the two above it (Zeal's src/app/ above
    /// src/app/resources/zeal.ico) embeds it.
    static func embeds(_ ico: String) -> Bool {
        let target = FileIO.realPath(URL(fileURLWithPath: ico).standardizedFileURL.path)
        return anyScript(near: target, suffixes: suffixes) { text, folder in icons(inScript: text, folder: folder).contains { FileIO.realPath($0) == target } }
    }

    /// True when a script whose name ends in one of `suffixes`, in `file`'s folder or the two above it, makes `test` hold
    /// (given its text and its folder): how Windows build scripts near an `.ico` are looked for (this, `InnoSetupScript`).
    static func anyScript(near file: String, suffixes: [String], _ test: (String, String) -> Bool) -> Bool {
        FileIO.nearest(from: file.parentFolder, levels: 2) { folder -> Bool? in
            for item in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            where suffixes.contains(where: { item.lowercased().hasSuffix($0) }) {
                guard let bytes = try? FileIO.readDocument((folder as NSString).appendingPathComponent(item)) else { continue }
                if test(text(bytes), folder) { return true }
            }
            return nil
        } ?? false
    }

    /// A script's text: Visual Studio saves resource scripts as UTF-16 (little-endian, with its byte order mark).
    static func text(_ bytes: [UInt8]) -> String {
        guard bytes.starts(with: [0xFF, 0xFE]) else { return String(decoding: bytes, as: UTF8.self) }
        let units = stride(from: 2, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
        return String(decoding: units, as: UTF16.self)
    }
}
