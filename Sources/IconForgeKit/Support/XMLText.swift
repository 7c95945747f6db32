/// Text as XML character data or an attribute value, for the XML IconForge writes (JUnit reports, the preview
/// sheet's SVG). XML 1.0 cannot hold control characters other than tab, newline and return, even escaped: a file
/// name with one would make the whole document unreadable, so they become U+FFFD.
enum XMLText {
    static func escaped(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                ? "\u{FFFD}" : scalar
        }))
        .replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
