import Raster

/// What a JPEG's markers say beyond the pixels: the frame type, EXIF orientation and the ICC profile.
/// Read from the bytes with bounds checked at every step; anything malformed is simply not found.
struct JPEGMarkers {
    var isProgressive = false
    var orientation = Orientation.up
    var iccProfile: [UInt8]?
    /// The size its first start-of-frame marker gives.
    var frameSize: PixelSize?

    init(_ bytes: [UInt8]) {
        var position = 2
        var iccChunks: [Int: [UInt8]] = [:]
        while position + 4 <= bytes.count, bytes[position] == 0xFF {
            let marker = bytes[position + 1]
            if marker == 0xFF { position += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { position += 2; continue }
            if marker == 0xDA || marker == 0xD9 { break } // the image data: no more metadata before it
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            guard length >= 2, position + 2 + length <= bytes.count else { break }
            let body = Array(bytes[(position + 4)..<(position + 2 + length)])
            switch marker {
            // A start of frame: SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC). Its body: precision, height, width.
            case 0xC0...0xCF where ![0xC4, 0xC8, 0xCC].contains(marker):
                if [0xC2, 0xC6, 0xCA, 0xCE].contains(marker) { isProgressive = true }
                if frameSize == nil, body.count >= 5 {
                    frameSize = PixelSize(width: Int(body[3]) << 8 | Int(body[4]), height: Int(body[1]) << 8 | Int(body[2]))
                }
            case 0xE1 where body.starts(with: Array("Exif\0\0".utf8)):
                orientation = JPEGMarkers.orientation(tiff: Array(body.dropFirst(6))) ?? .up
            case 0xE2 where body.starts(with: Array("ICC_PROFILE\0".utf8)) && body.count > 14:
                iccChunks[Int(body[12])] = Array(body.dropFirst(14))
            default: break
            }
            position += 2 + length
        }
        if !iccChunks.isEmpty { iccProfile = iccChunks.keys.sorted().flatMap { iccChunks[$0]! } }
    }

    /// The Orientation tag (0x0112) of IFD0 in an EXIF TIFF block.
    static func orientation(tiff: [UInt8]) -> Orientation? {
        guard tiff.count >= 8 else { return nil }
        let little = tiff[0] == 0x49
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard let ifd = u32(4), let count = u16(ifd), count < 1000 else { return nil }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112, let value = u16(entry + 8) { return Orientation(rawValue: value) }
        }
        return nil
    }
}
