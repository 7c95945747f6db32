import Foundation
import JPEG2000Codec

/// What `iconforge inspect AppIcon.icns` reports: each element's type, size in bytes, what it holds and its pixels.
public struct IcnsInspection: Sendable, Encodable {
    /// One element of the file.
    public struct Element: Sendable, Encodable {
        /// The four-character element type (`ic10`, `TOC `, …).
        public var type: String
        /// The element's size in bytes, header included.
        public var bytes: Int
        /// "png", "argb", "jpeg2000", "rgb" (the classic run-length 24-bit images, `is32`…`it32`), "mask" (their 8-bit
        /// alpha, `s8mk`…`t8mk`), or "other" (a table of contents, a version, an older format).
        public var data: String
        /// "32x32" for an image that decoded; nil otherwise.
        public var pixels: String?
        /// Why an image did not decode.
        public var error: String?
    }

    package var path: String
    /// The elements, in file order.
    public var elements: [Element]
    /// What the file is when its elements say more than "an icon": actool's fallback for an Icon Composer app.
    public var note: String?

    /// The file inspected.
    public var url: URL { URL(fileURLWithPath: path) }

    /// Reads the `.icns` at `url` (a file URL) and decodes every image element.
    public static func inspect(_ url: URL) throws(IconForgeError) -> IcnsInspection { try inspect(url.path) }

    /// Reads the file and decodes every image element.
    package static func inspect(_ path: String) throws(IconForgeError) -> IcnsInspection {
        let bytes = try FileIO.readInput(path)
        let elements: [Icns.Element]
        do { elements = try Icns.read(bytes) } catch { throw .icns(path: path, error) }
        let note = IcnsChecks.isActoolFallback(elements)
            ? "the AppIcon.icns Xcode 26's actool writes for an app whose icon is a .icon (16–256 px for older macOS; the icon itself is in Assets.car)"
            : nil
        return IcnsInspection(path: path, elements: elements.map { element in
            let classic = classicTypes[element.type]
            let data = element.data.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? "png" : element.data.starts(with: Array("ARGB".utf8)) ? "argb"
                : JPEG2000.isJPEG2000(element.data) ? "jpeg2000" : classic?.kind ?? "other"
            var result = Element(type: element.type, bytes: element.data.count + 8, data: data)
            if let classic, data == classic.kind {
                // Not decoded: the size is the type's (Mac OS 8.5's formats, still read by every macOS).
                result.pixels = "\(classic.pixels)x\(classic.pixels)"
            } else if Icns.pixels(of: element.type) != nil, data != "other" {
                do throws(IcnsError) { result.pixels = "\(try Icns.decode(element).size)" } catch { result.error = error.description }
            }
            return result
        }, note: note)
    }

    /// The classic elements: run-length RGB images and their 8-bit masks, by type.
    static let classicTypes: [String: (kind: String, pixels: Int)] = [
        "is32": ("rgb", 16), "il32": ("rgb", 32), "ih32": ("rgb", 48), "it32": ("rgb", 128),
        "s8mk": ("mask", 16), "l8mk": ("mask", 32), "h8mk": ("mask", 48), "t8mk": ("mask", 128),
    ]

    /// A paragraph for people.
    public var text: String {
        (["\(path): icns, \(elements.count) element\(elements.count == 1 ? "" : "s")" + (note.map { ": \($0)" } ?? "")] + elements.map { element in
            "  \(element.type): \(element.data.uppercased())\(element.pixels.map { " \($0)" } ?? "")\(element.error.map { " — \($0)" } ?? ""), \(element.bytes) bytes"
        }).joined(separator: "\n")
    }
}
