import Foundation
import Raster

/// What `iconforge inspect favicon.ico` reports: each image's pixels, how it is stored, and whether any pixel is
/// translucent — what a browser or Windows picks from.
public struct IcoInspection: Sendable, Encodable {
    /// One image of the file.
    public struct Entry: Sendable, Encodable {
        /// "48x48".
        public var pixels: String
        /// The size the directory gives, when it is not the picture's ("256x256" for a 512 px PNG: one byte says 256 at most).
        public var directory: String?
        /// "png" or "bmp".
        public var data: String
        /// True when any pixel is not fully opaque.
        public var translucent: Bool
    }

    package var path: String
    /// The images, in directory order.
    public var entries: [Entry]

    /// The file inspected.
    public var url: URL { URL(fileURLWithPath: path) }

    /// Reads the `.ico` at `url` (a file URL) and decodes every image in it.
    public static func inspect(_ url: URL) throws(IconForgeError) -> IcoInspection { try inspect(url.path) }

    /// Reads the file and decodes every image in it.
    package static func inspect(_ path: String) throws(IconForgeError) -> IcoInspection {
        let bytes = try FileIO.readInput(path)
        let entries: [Ico.Entry]
        do { entries = try Ico.read(bytes) } catch { throw .ico(path: path, error) }
        return IcoInspection(path: path, entries: entries.map {
            Entry(pixels: "\($0.image.size)", directory: $0.image.size == $0.size ? nil : "\($0.size)", data: $0.isPNG ? "png" : "bmp",
                  translucent: !$0.image.isOpaque)
        })
    }

    /// A paragraph for people.
    public var text: String {
        (["\(path): ico, \(entries.count) image\(entries.count == 1 ? "" : "s")"] + entries.map { entry in
            "  \(entry.pixels): \(entry.data.uppercased())\(entry.directory.map { " (the directory says \($0))" } ?? "")"
                + (entry.translucent ? ", translucent" : ", opaque")
        }).joined(separator: "\n")
    }
}
