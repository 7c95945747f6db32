import Foundation

/// A web app manifest as read: the one reader of its JSON. Generate (which icons it lists, what else it names, the
/// merge), validate (`WebManifestChecks`) and preview read a manifest through it, and resolve its `src` through the
/// site (`WebApp`), so they agree about which files it names.
struct WebManifestDocument {
    /// The file.
    let path: String
    /// Its top-level object.
    let object: [String: Any]
    /// True when it holds a server's placeholders (`${…}`, `{{…}}`, `{%…%}`), or a member whose whole value is one
    /// placeholder in single braces (Pinafore's `"name": "{intl.longAppName}"`, filled in from the locale by its build):
    /// a template the server or build fills in, served from where it says, not the file as served.
    var isServerTemplate = false

    /// `icons` as written, items that are not objects included (a merge keeps them as they are).
    var iconItems: [Any] { object["icons"] as? [Any] ?? [] }

    /// The `icons` entries that are objects, in the file's order.
    var icons: [[String: Any]] { iconItems.compactMap { $0 as? [String: Any] } }

    /// The top-level object of manifest text, or nil when it is not a JSON object.
    static func parse(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }

    /// The manifest at `path`; nil when it cannot be read or is not a JSON object.
    static func read(_ path: String) -> WebManifestDocument? {
        guard let bytes = try? FileIO.readDocument(path), let object = parse(bytes) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        return WebManifestDocument(path: path, object: object, isServerTemplate: ["${", "{{", "{%"].contains(where: text.contains) || holdsPlaceholder(object))
    }

    /// True when a member's whole value is one placeholder in single braces (`{intl.appName}`): no app is named so.
    static func holdsPlaceholder(_ object: [String: Any]) -> Bool {
        object.values.contains { value in (value as? String)?.range(of: #"^\{[A-Za-z_][A-Za-z0-9_.]*\}$"#, options: .regularExpression) != nil }
    }
}

extension WebApp {
    /// The site's manifest as read, when it has one inside `folder` that is a JSON object.
    func manifestDocument(inside folder: String) -> WebManifestDocument? {
        guard let manifest, FolderScope(folder).contains(manifest) else { return nil }
        return WebManifestDocument.read(manifest)
    }
}
