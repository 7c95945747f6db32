/// Why a file of the user's that a run updates in place — a web or extension manifest, the site's page, a `.desktop`
/// entry, a visionOS stack's Contents.json — cannot be updated, and what to do. The description follows its path.
public enum UpdateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A manifest that is not a JSON object; `replacement` is the file IconForge writes instead once it is moved
    /// away (a snippet to paste), or nil when it writes a new manifest.
    case notAJSONObject(replacement: String?)
    /// A manifest whose `member` (e.g. "action.default_icon") cannot be set in the file's own text: the icons are in `snippet`.
    case notEditableInPlace(member: String, snippet: String)
    /// A manifest that cannot be serialized: why.
    case unwritable(String)
    /// A site folder with no page for `--update-html` to update.
    case noPage
    /// A page without `</head>`, where the link tags would go.
    case noHead
    /// A `.desktop` file without a `[Desktop Entry]` group, where `Icon=` would go.
    case noDesktopEntryGroup
    /// A layered icon's stack or a tvOS brand assets folder whose Contents.json is not JSON.
    case invalidContentsJSON

    public var description: String {
        switch self {
        case .notAJSONObject(nil): "is not a JSON object; fix it, or move it away to have IconForge write a new one"
        case .notAJSONObject(let replacement?): "is not a JSON object; fix it, or move it away to have IconForge write \(replacement) instead"
        case .notEditableInPlace(let member, let snippet): "could not be edited in place (\(member)); add the icons from \(snippet) by hand"
        case .unwritable(let reason): "cannot be written: \(reason)"
        case .noPage: "has no index.html (nor, for Vite, one beside it) for --update-html to update"
        case .noHead: "has no </head>: IconForge does not guess where the <link> tags go; add them from icons.html"
        case .noDesktopEntryGroup: "has no [Desktop Entry] group; IconForge does not guess where Icon= goes"
        case .invalidContentsJSON: "is not valid JSON; fix or move it to generate the visionOS icon"
        }
    }
}
