/// Alternate app icons (`--alternate NAME=FILE`): the app-icon sets of the chosen presets, made from another
/// master under another name, and the build setting and Info.plist entries that make them available.
package enum AlternateIcons {
    /// A named alternate icon and its master.
    package struct Icon: Sendable, Equatable {
        package var name: String
        package var master: String

        /// Parses "NAME=FILE"; nil when either side is empty or the name is not a plain name.
        package init?(parsing text: String) {
            guard let equals = text.firstIndex(of: "=") else { return nil }
            let (name, master) = (String(text[..<equals]), String(text[text.index(after: equals)...]))
            guard !name.isEmpty, !master.isEmpty, !name.contains("/") else { return nil }
            self.name = name
            self.master = master
        }
    }

    /// The outputs of `presets` that are app icons (an `.appiconset` or an Icon Composer `.icon`), as one preset;
    /// nil when there are none.
    package static func preset(from presets: [Preset]) -> Preset? {
        let outputs = presets.flatMap(\.outputs).filter { ["appiconset", "icon"].contains($0.setKind ?? "") }
        return outputs.isEmpty ? nil : Preset(name: "alternate", summary: "app icons of the chosen presets", outputs: outputs)
    }

    /// What to add to the project so the alternates ship: Xcode's build setting (which makes actool add them to
    /// Info.plist), and the Info.plist entries for projects that write it by hand.
    package static func snippet(names: [String]) -> String {
        var text = "Alternate app icons: add to the target's build settings\n"
        text += "  ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \(names.joined(separator: " "))\n"
        text += "or, without that setting, to Info.plist (and to CFBundleIcons~ipad for iPad):\n"
        text += "  <key>CFBundleIcons</key>\n  <dict>\n    <key>CFBundleAlternateIcons</key>\n    <dict>\n"
        for name in names {
            text += "      <key>\(name)</key>\n      <dict>\n        <key>CFBundleIconName</key>\n        <string>\(name)</string>\n      </dict>\n"
        }
        text += "    </dict>\n  </dict>\n"
        return text
    }
}
