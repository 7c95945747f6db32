import Raster

/// What a GIF's blocks say, read without decoding its pixels: the logical screen size, the frames, and whether the
/// stream holds every block it starts. No GIF library is on the systems IconForge builds on, and what Xcode
/// checks of a GIF in an icon set is that ImageIO reads it at its slot's size: a header, a complete frame.
struct GIFStructure: Equatable {
    /// The logical screen: the image's size.
    var width: Int
    var height: Int
    /// Image descriptors read completely.
    var frames: Int
    /// True when the trailer (`;`) ends the stream; decoders accept a stream that stops after a complete frame.
    var hasTrailer: Bool

    /// The most frames read: an icon has one; an animation of thousands is still read in bounded time.
    static let maxFrames = 10_000

    /// The logical screen's size from the header alone (its first 10 bytes); nil when `bytes` are not a GIF's.
    static func screenSize(_ bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 10, hasSignature(bytes) else { return nil }
        return PixelSize(width: Int(bytes[6]) | Int(bytes[7]) << 8, height: Int(bytes[8]) | Int(bytes[9]) << 8)
    }

    /// True when `bytes` start with a GIF's signature and version (87a or 89a).
    private static func hasSignature(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8))
    }

    /// Reads the blocks of `bytes`; the error says what is wrong and at which byte.
    static func read(_ bytes: [UInt8]) throws(GIFError) -> GIFStructure {
        guard hasSignature(bytes) else { throw .notGIF }
        guard bytes.count >= 13 else { throw .truncated("inside its header", at: bytes.count) }
        func le16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        var structure = GIFStructure(width: le16(6), height: le16(8), frames: 0, hasTrailer: false)
        guard structure.width > 0, structure.height > 0 else { throw .malformed("its logical screen is \(structure.width)x\(structure.height)", at: 6) }
        var offset = 13
        if bytes[10] & 0x80 != 0 { offset += 3 << (Int(bytes[10] & 0x07) + 1) }
        guard offset <= bytes.count else { throw .truncated("inside its global colour table", at: bytes.count) }

        /// Skips data sub-blocks (a length byte, that many bytes) to the zero-length one that ends them.
        func skipSubBlocks(_ what: String) throws(GIFError) {
            while true {
                guard offset < bytes.count else { throw .truncated("inside \(what)", at: bytes.count) }
                let length = Int(bytes[offset])
                offset += 1
                if length == 0 { return }
                guard offset + length <= bytes.count else { throw .truncated("inside \(what)", at: bytes.count) }
                offset += length
            }
        }

        while offset < bytes.count {
            let introducer = bytes[offset]
            switch introducer {
            case 0x3B:
                structure.hasTrailer = true
                return try structure.complete()
            case 0x21: // extension: label, then sub-blocks
                guard offset + 2 <= bytes.count else { throw .truncated("inside an extension", at: bytes.count) }
                offset += 2
                try skipSubBlocks("an extension")
            case 0x2C: // image descriptor, optional local colour table, LZW minimum code size, image data
                guard offset + 10 <= bytes.count else { throw .truncated("inside frame \(structure.frames + 1)'s descriptor", at: bytes.count) }
                let (width, height, flags) = (le16(offset + 5), le16(offset + 7), bytes[offset + 9])
                guard width > 0, height > 0 else { throw .malformed("frame \(structure.frames + 1) is \(width)x\(height)", at: offset) }
                offset += 10
                if flags & 0x80 != 0 { offset += 3 << (Int(flags & 0x07) + 1) }
                guard offset < bytes.count else { throw .truncated("before frame \(structure.frames + 1)'s image data", at: bytes.count) }
                let codeSize = bytes[offset]
                guard (2...8).contains(codeSize) else {
                    throw .malformed("frame \(structure.frames + 1) has an LZW minimum code size of \(codeSize) (2 to 8)", at: offset)
                }
                offset += 1
                try skipSubBlocks("frame \(structure.frames + 1)'s image data")
                structure.frames += 1
                guard structure.frames < maxFrames else { return try structure.complete() }
            default:
                // Decoders stop at an unknown block; what was read before it is what they show.
                if structure.frames > 0 { return structure }
                throw .malformed("has a block of unknown type 0x\(String(introducer, radix: 16, uppercase: true))", at: offset)
            }
        }
        return try structure.complete()
    }

    /// The structure, once it holds a frame.
    private func complete() throws(GIFError) -> GIFStructure {
        guard frames > 0 else { throw .noFrame }
        return self
    }
}

/// Why a GIF does not read.
enum GIFError: Error, Equatable, CustomStringConvertible {
    case notGIF
    case truncated(String, at: Int)
    case malformed(String, at: Int)
    case noFrame

    var description: String {
        switch self {
        case .notGIF: "is not a GIF (it does not start with GIF87a or GIF89a)"
        case .truncated(let place, let at): "is a truncated GIF: it ends \(place), at byte \(at)"
        case .malformed(let what, let at): "is a malformed GIF: \(what) (byte \(at))"
        case .noFrame: "is a GIF with no image in it"
        }
    }
}
