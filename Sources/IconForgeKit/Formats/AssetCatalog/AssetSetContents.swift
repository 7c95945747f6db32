import Foundation

/// An asset set's `Contents.json` as read: the one reader of that file. Validate (`CatalogReader`), preview and
/// generate's merge (`AssetSet.merge`) all read a set through it, so they agree about what the set holds.
struct AssetSetContents {
    /// Why a set's `Contents.json` could not be read.
    enum Problem: Error {
        /// There is none.
        case missing
        /// It could not be read (a link out of the folder, a pipe, too large).
        case unreadable(FileError)
        /// It is not a JSON object.
        case invalid
    }

    /// The file's top-level object.
    var object: [String: Any]

    /// The file's name inside a set.
    static let fileName = "Contents.json"

    /// The `images` entries, objects only, in the file's order.
    var entries: [[String: Any]] { (object["images"] as? [Any] ?? []).compactMap { $0 as? [String: Any] } }

    /// The set's `properties`.
    var properties: [String: Any] { object["properties"] as? [String: Any] ?? [:] }

    /// A template image set (`template-rendering-intent: template`), drawn by the system in the tint colour.
    var isTemplate: Bool { properties["template-rendering-intent"] as? String == "template" }

    /// The whole file as the ordered model a merge rewrites.
    var json: ContentsJSON? { ContentsJSON(any: object) }

    /// Reads the `Contents.json` of the set at `folder`.
    static func read(set folder: String) -> Result<AssetSetContents, Problem> {
        let bytes: [UInt8]
        do { bytes = try FileIO.readDocument((folder as NSString).appendingPathComponent(fileName)) } catch {
            if case .notFound = error { return .failure(.missing) }
            return .failure(.unreadable(error))
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else { return .failure(.invalid) }
        return .success(AssetSetContents(object: object))
    }
}
