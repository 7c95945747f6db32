import Foundation

/// An Inno Setup script (`.iss`, or meson's `.iss.in` template): whether it uses an `.ico` — as `SetupIconFile`, the
/// installer's icon, which the compiler embeds as a Win32 icon resource, or as a file it installs for its shortcuts'
/// `IconFilename`. Windows takes both by size, never by the entries' order. The script's paths are relative to where it
/// is compiled (Cartridges' `..\..\..\build-aux\windows\icon.ico`, from meson's build folder), so an `.ico` is matched
/// by its file name.
package enum InnoSetupScript {
    /// The extensions of a script and of its template.
    static let suffixes = [".iss", ".iss.in"]

    /// The `.ico` file names the script's `SetupIconFile=`, `IconFilename:` and `Source:` entries give, lowercased.
    package static func iconNames(inScript text: String) -> Set<String> {
        var names = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) where !line.trimmingCharacters(in: .whitespaces).hasPrefix(";") {
            for key in ["setupiconfile=", "iconfilename:", "source:"] {
                guard let range = line.lowercased().range(of: key) else { continue }
                let rest = line.lowercased()[range.upperBound...].trimmingCharacters(in: .whitespaces)
                // A value runs to the end of the line (SetupIconFile=…) or to its closing quote ("…"; a doubled quote is one).
                let value = rest.hasPrefix("\"") ? String(rest.dropFirst().prefix { $0 != "\"" }) : String(rest.prefix { $0 != ";" })
                let name = value.replacingOccurrences(of: "\\", with: "/").split(separator: "/").last.map(String.init) ?? ""
                if name.hasSuffix(".ico") { names.insert(name.trimmingCharacters(in: .whitespaces)) }
            }
        }
        return names
    }

    /// True when a script in the `.ico`'s folder or the two above it names it.
    static func uses(_ ico: String) -> Bool {
        let name = (ico as NSString).lastPathComponent.lowercased()
        return ResourceScript.anyScript(near: URL(fileURLWithPath: ico).standardizedFileURL.path, suffixes: suffixes) { text, _ in
            iconNames(inScript: text).contains(name)
        }
    }
}
