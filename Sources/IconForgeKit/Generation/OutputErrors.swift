/// Why an output folder cannot take a run's files where it is. The description follows the folder's path.
public enum OutputFolderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder is an asset set or bundle (`.appiconset`, …), where a set would nest; `holder` is the folder to give.
    case assetSet(holder: String)
    /// The folder is inside an asset catalog, where `looseFile` and the presets' other loose files would sit among its sets.
    case insideCatalog(looseFile: String)
    /// A set's place is taken by something that is not a folder.
    case notAFolder

    public var description: String {
        switch self {
        case .assetSet(let holder): "is an asset set or bundle; give the folder that holds it (\(holder)) and IconForge writes the set inside it"
        case .insideCatalog(let looseFile):
            "is inside an asset catalog, where \(looseFile) and the other loose files of the presets would sit among its sets; give the catalog or a folder outside it"
        case .notAFolder: "exists and is not a folder; move it away to generate this set"
        }
    }
}

/// A file a run wrote that does not read back as it should: a bug in IconForge, not in the input. The description
/// follows the file's path.
public enum WriteCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A container (`.icns`, `.ico`) one of whose entries does not decode: why.
    case containerUnreadable(String)
    /// A PNG whose header does not read: why.
    case unreadable(String)
    /// A PNG that reads but is not what its role needs (its size, bit depth, interlacing, colour type).
    case mismatched([String])

    public var description: String {
        switch self {
        case .containerUnreadable(let reason): "internal check failed: the written file does not read back (\(reason)) — please report this bug"
        case .unreadable(let reason): "internal check failed: the written file does not read back (\(reason))"
        case .mismatched(let problems): "internal check failed: " + problems.joined(separator: ", ") + " — please report this bug"
        }
    }
}
