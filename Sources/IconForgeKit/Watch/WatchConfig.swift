import Foundation
import Raster

/// `watch IN_DIR --config FILE`: the options a running daemon takes up again on SIGHUP, as a JSON object
/// (`{"preset": "ios,ios-legacy", "background": "#RRGGBB"}`). The one reader of that file.
package struct WatchConfig: Sendable, Equatable {
    /// The presets, comma-separated; nil keeps the command line's.
    package var preset: String?
    /// The background colour; nil keeps the command line's.
    package var background: RGBColor?

    package init(preset: String? = nil, background: RGBColor? = nil) {
        self.preset = preset
        self.background = background
    }

    /// Why the file cannot be used.
    package enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case unreadable(FileError)
        case notAnObject
        case background(String)

        package var description: String {
            switch self {
            case .unreadable(let error): "\(error)"
            case .notAnObject: "is not a JSON object of options"
            case .background(let text): "its background '\(text)' is not a #RRGGBB colour"
            }
        }
    }

    /// Reads and checks the file at `path`.
    package static func read(_ path: String) throws(Problem) -> WatchConfig {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch { throw .unreadable(error) }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else { throw .notAnObject }
        var config = WatchConfig(preset: object["preset"] as? String)
        if let text = object["background"] as? String {
            guard let colour = RGBColor(hex: text) else { throw .background(text) }
            config.background = colour
        } else if object["background"] != nil {
            throw .background("\(object["background"]!)")
        }
        return config
    }
}
