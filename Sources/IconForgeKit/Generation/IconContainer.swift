import PNGCodec
import Raster

/// A file that holds several renders of one icon, one per entry (an `.icns`, an `.ico`): made from its entries' PNG
/// renders and read back whole before a run ends. A new container is its format's folder (writer, reader, checks),
/// a case here and its conformance; presets then name it in `"container"`.
protocol IconContainer {
    /// The container file holding these renders, by entry (an `.icns` type, an `.ico` size).
    static func file(pngs: [String: [UInt8]]) throws(PNGError) -> [UInt8]
    /// Reads every entry of a written file back; throws when one does not decode.
    static func readBack(_ bytes: [UInt8]) throws
    /// What is wrong with a preset output's `entry` of this container at `pixels` (the field and why), or nil.
    static func problem(entry: String?, pixels: PixelSize?) -> (field: String, reason: String)?
}

/// The containers presets can write into.
package enum ContainerKind: String, Sendable, CaseIterable {
    case icns, ico

    /// Its writer and reader.
    var format: any IconContainer.Type {
        switch self {
        case .icns: Icns.self
        case .ico: Ico.self
        }
    }
}

extension Icns: IconContainer {
    static func readBack(_ bytes: [UInt8]) throws {
        for element in try read(bytes) { _ = try decode(element) }
    }

    static func problem(entry: String?, pixels: PixelSize?) -> (field: String, reason: String)? {
        guard let entry, let type = imageTypes.first(where: { $0.type == entry }) else {
            return ("entry", "must be an .icns image type: \(imageTypes.map(\.type).joined(separator: ", "))")
        }
        guard pixels == PixelSize(width: type.pixels, height: type.pixels) else { return ("pixels", "\(type.type) holds \(type.pixels)x\(type.pixels) images") }
        return nil
    }
}

extension Ico: IconContainer {
    static func readBack(_ bytes: [UInt8]) throws { _ = try read(bytes) }

    static func problem(entry: String?, pixels: PixelSize?) -> (field: String, reason: String)? {
        guard let pixels, pixels.width == pixels.height, pixels.width <= 256, entry == pixels.description else {
            return ("entry", "an .ico entry is named by its square size up to 256, e.g. \"32x32\", and matches \"pixels\"")
        }
        return nil
    }
}
