/// The hot loops at the two ends of the pipeline: a row of stored pixels to premultiplied float RGBA,
/// and back. Tables are passed in as pointers so nothing here allocates, looks up a global or checks bounds.
enum PixelRows {
    /// Loads `count` pixels starting at pixel `index` of stored pixels in `format`.
    @inline(__always)
    static func load(from raw: UnsafeRawPointer, at index: Int, count: Int, format: Image.PixelFormat,
                     into destination: UnsafeMutablePointer<SIMD4<Float>>, table: UnsafePointer<Float>) {
        switch format {
        case .rgba8: load(raw.assumingMemoryBound(to: UInt8.self) + index &* 4, count: count, into: destination, table: table)
        case .rgba16: load(raw.assumingMemoryBound(to: UInt16.self) + index &* 4, count: count, into: destination, table: table)
        }
    }

    /// Stores `count` pixels starting at pixel `index` of stored pixels in `format`.
    @inline(__always)
    static func store(_ source: UnsafePointer<SIMD4<Float>>, count: Int, into raw: UnsafeMutableRawPointer, at index: Int,
                      format: Image.PixelFormat, tables: EncodeTables?, matte: SIMD4<Float>?) {
        switch format {
        case .rgba8:
            store(source, count: count, into: raw.assumingMemoryBound(to: UInt8.self) + index &* 4, tables: tables, matte: matte)
        case .rgba16:
            store(source, count: count, into: raw.assumingMemoryBound(to: UInt16.self) + index &* 4,
                  encodeTable: tables?.toUnit, matte: matte)
        }
    }

    /// Stores `count` copies of one pixel: converted once, then repeated (flat margins).
    @inline(__always)
    static func fill(_ value: SIMD4<Float>, count: Int, into raw: UnsafeMutableRawPointer, at index: Int,
                     format: Image.PixelFormat, tables: EncodeTables?, matte: SIMD4<Float>?) {
        var value = value
        store(&value, count: 1, into: raw, at: index, format: format, tables: tables, matte: matte)
        switch format {
        case .rgba8: repeatPixel(UInt32.self, count: count, in: raw + index &* 4)
        case .rgba16: repeatPixel(UInt64.self, count: count, in: raw + index &* 8)
        }
    }

    /// Stores `count` copies of a pixel given in the format's own range (padding).
    @inline(__always)
    static func fill(stored value: SIMD4<UInt16>, count: Int, into raw: UnsafeMutableRawPointer, at index: Int,
                     format: Image.PixelFormat) {
        guard count > 0 else { return }
        switch format {
        case .rgba8:
            let pixel = raw + index &* 4
            for channel in 0..<4 { pixel.storeBytes(of: UInt8(truncatingIfNeeded: value[channel]), toByteOffset: channel, as: UInt8.self) }
            repeatPixel(UInt32.self, count: count, in: pixel)
        case .rgba16:
            let pixel = raw + index &* 8
            for channel in 0..<4 { pixel.storeBytes(of: value[channel], toByteOffset: channel &* 2, as: UInt16.self) }
            repeatPixel(UInt64.self, count: count, in: pixel)
        }
    }

    /// Copies the pixel at `pixels` over the `count - 1` after it.
    @inline(__always)
    private static func repeatPixel<Pixel: FixedWidthInteger>(_: Pixel.Type, count: Int, in pixels: UnsafeMutableRawPointer) {
        let pixel = pixels.load(as: Pixel.self), size = MemoryLayout<Pixel>.size
        for x in 1..<max(count, 1) { pixels.storeBytes(of: pixel, toByteOffset: x &* size, as: Pixel.self) }
    }

    // The typed loops below stay separate per channel type: generic versions are not specialised
    // across the call and cost several times as much.

    /// 8-bit RGBA → premultiplied float RGBA, colour through `table` (linear light or plain 0…1).
    @inline(__always)
    static func load(_ source: UnsafePointer<UInt8>, count: Int, into destination: UnsafeMutablePointer<SIMD4<Float>>,
                     table: UnsafePointer<Float>) {
        for x in 0..<count {
            let pixel = source + x &* 4
            let alpha = Float(pixel[3]) * (1 / 255)
            destination[x] = SIMD4(table[Int(pixel[0])], table[Int(pixel[1])], table[Int(pixel[2])], 1) * alpha
        }
    }

    /// 16-bit RGBA → premultiplied float RGBA.
    @inline(__always)
    static func load(_ source: UnsafePointer<UInt16>, count: Int, into destination: UnsafeMutablePointer<SIMD4<Float>>,
                     table: UnsafePointer<Float>) {
        for x in 0..<count {
            let pixel = source + x &* 4
            let alpha = Float(pixel[3]) * (1 / 65535)
            destination[x] = SIMD4(table[Int(pixel[0])], table[Int(pixel[1])], table[Int(pixel[2])], 1) * alpha
        }
    }

    /// Premultiplied float RGBA → straight colour in 0…1, sRGB-encoded when `encodeTable` is given, alpha 0…1.
    /// Written lane by lane: the generic SIMD clamps and conversions are not specialised and cost 5×.
    @inline(__always)
    static func unpremultiply(_ value: SIMD4<Float>, encodeTable: UnsafePointer<Float>?) -> SIMD4<Float> {
        let alpha = unit(value[3])
        guard alpha >= 0.5 / 65535 else { return .zero }
        let inverse = 1 / alpha
        var red = unit(value[0] * inverse), green = unit(value[1] * inverse), blue = unit(value[2] * inverse)
        if let encodeTable {
            red = TransferFunction.encode(red, table: encodeTable)
            green = TransferFunction.encode(green, table: encodeTable)
            blue = TransferFunction.encode(blue, table: encodeTable)
        }
        return SIMD4(red, green, blue, alpha)
    }

    /// Clamps to 0…1 (NaN becomes 0).
    @inline(__always)
    static func unit(_ value: Float) -> Float { value > 0 ? (value < 1 ? value : 1) : 0 }

    /// Premultiplied float RGBA → 8-bit RGBA. A row whose every alpha rounds to opaque (most rows of most
    /// images) takes a loop with no division, no matte and no transparency test: half the cost.
    @inline(__always)
    static func store(_ source: UnsafePointer<SIMD4<Float>>, count: Int, into destination: UnsafeMutablePointer<UInt8>,
                      tables: EncodeTables?, matte: SIMD4<Float>?) {
        if isOpaque(source, count: count) {
            if let tables {
                storeOpaque(source, count, destination, tables.to8Bit)
            } else {
                storeOpaqueEncoded(source, count, destination)
            }
            return
        }
        // The matte and encoding choices are made once, outside the loop: tested per pixel they cost 20%.
        switch (tables, matte) {
        case (let tables?, let matte?): storeLoop(source, count, destination, tables, matte, encodes: true, mattes: true)
        case (let tables?, nil): storeLoop(source, count, destination, tables, .zero, encodes: true, mattes: false)
        case (nil, let matte?): storeLoop(source, count, destination, nil, matte, encodes: false, mattes: true)
        case (nil, nil): storeLoop(source, count, destination, nil, .zero, encodes: false, mattes: false)
        }
    }

    /// True when every alpha of the row is within 2^-16 of 1: leaving such colour undivided changes it by
    /// less than a 16-bit level.
    @inline(__always)
    static func isOpaque(_ source: UnsafePointer<SIMD4<Float>>, count: Int) -> Bool {
        // Scalar minimums, four chains: the generic `pointwiseMin` tests every lane for NaN and costs 5×.
        var low0: Float = 1, low1: Float = 1, low2: Float = 1, low3: Float = 1
        var x = 0
        while x &+ 3 < count {
            low0 = min(low0, source[x][3])
            low1 = min(low1, source[x &+ 1][3])
            low2 = min(low2, source[x &+ 2][3])
            low3 = min(low3, source[x &+ 3][3])
            x &+= 4
        }
        while x < count { low0 = min(low0, source[x][3]); x &+= 1 }
        return min(min(low0, low1), min(low2, low3)) >= 1 - 1.0 / 65536
    }

    /// Opaque linear-light pixels → 8-bit sRGB through the exact table.
    @inline(__always)
    private static func storeOpaque(_ source: UnsafePointer<SIMD4<Float>>, _ count: Int, _ destination: UnsafeMutablePointer<UInt8>,
                                    _ table: UnsafePointer<UInt32>) {
        let pixels = UnsafeMutableRawPointer(destination)
        for x in 0..<count {
            let value = source[x]
            let red = TransferFunction.encodeTo8Bit(value[0], table: table)
            let green = TransferFunction.encodeTo8Bit(value[1], table: table)
            let blue = TransferFunction.encodeTo8Bit(value[2], table: table)
            pixels.storeBytes(of: UInt32(littleEndian: red | green << 8 | blue << 16 | 0xFF00_0000), toByteOffset: x &* 4, as: UInt32.self)
        }
    }

    /// Opaque pixels whose colour is already encoded (`--no-linear`) → 8-bit.
    @inline(__always)
    private static func storeOpaqueEncoded(_ source: UnsafePointer<SIMD4<Float>>, _ count: Int, _ destination: UnsafeMutablePointer<UInt8>) {
        let magic = SIMD4<Float>(repeating: 12_582_912)
        let pixels = UnsafeMutableRawPointer(destination)
        for x in 0..<count {
            let value = source[x]
            let colour = SIMD4(unit(value[0]), unit(value[1]), unit(value[2]), 1)
            pixels.storeBytes(of: packed(colour * 255 + magic), toByteOffset: x &* 4, as: UInt32.self)
        }
    }

    /// Translucent rows. Branch-free per pixel but for the transparent test: channels are rounded by adding
    /// 1.5 × 2^23, which leaves the rounded integer in the low mantissa bits (checked `Int32(Float)`
    /// conversions cost more than the rest of the loop).
    @inline(__always)
    private static func storeLoop(_ source: UnsafePointer<SIMD4<Float>>, _ count: Int, _ destination: UnsafeMutablePointer<UInt8>,
                                  _ tables: EncodeTables?, _ matte: SIMD4<Float>, encodes: Bool, mattes: Bool) {
        let magic = SIMD4<Float>(repeating: 12_582_912)
        let pixels = UnsafeMutableRawPointer(destination)
        let transparent: UInt32 = mattes ? packed(matte * 255 + magic) : 0
        for x in 0..<count {
            let value = source[x]
            let alpha = min(max(value[3], 0), 1)
            guard alpha >= 0.5 / 255 else { // rounds to transparent: no colour to keep
                pixels.storeBytes(of: transparent, toByteOffset: x &* 4, as: UInt32.self)
                continue
            }
            let straight = value * (1 / alpha)
            if encodes && !mattes { // straight to levels through the exact table
                let table = tables.unsafelyUnwrapped.to8Bit
                let red = TransferFunction.encodeTo8Bit(straight[0], table: table)
                let green = TransferFunction.encodeTo8Bit(straight[1], table: table)
                let blue = TransferFunction.encodeTo8Bit(straight[2], table: table)
                let level = (alpha * 255 + 12_582_912).bitPattern & 0xFF
                pixels.storeBytes(of: UInt32(littleEndian: red | green << 8 | blue << 16 | level << 24), toByteOffset: x &* 4, as: UInt32.self)
                continue
            }
            var red = unit(straight[0]), green = unit(straight[1]), blue = unit(straight[2])
            if encodes {
                let table = tables.unsafelyUnwrapped.toUnit
                red = TransferFunction.encodeFor8Bit(red, table: table)
                green = TransferFunction.encodeFor8Bit(green, table: table)
                blue = TransferFunction.encodeFor8Bit(blue, table: table)
            }
            var colour = SIMD4(red, green, blue, alpha)
            if mattes { // source-over in encoded values, as `Image.flattened` does, but before rounding
                colour = colour * alpha + matte * (1 - alpha)
                colour[3] = 1
            }
            pixels.storeBytes(of: packed(colour * 255 + magic), toByteOffset: x &* 4, as: UInt32.self)
        }
    }

    /// Four channels, already offset by the rounding constant, as RGBA bytes in memory order.
    @inline(__always)
    static func packed(_ offset: SIMD4<Float>) -> UInt32 {
        let rounded = unsafeBitCast(offset, to: SIMD4<UInt32>.self)
        return UInt32(littleEndian: (rounded[0] & 0xFF) | (rounded[1] & 0xFF) << 8 | (rounded[2] & 0xFF) << 16 | (rounded[3] & 0xFF) << 24)
    }

    /// Premultiplied float RGBA → 16-bit RGBA.
    @inline(__always)
    static func store(_ source: UnsafePointer<SIMD4<Float>>, count: Int, into destination: UnsafeMutablePointer<UInt16>,
                      encodeTable: UnsafePointer<Float>?, matte: SIMD4<Float>?) {
        for x in 0..<count {
            var colour = unpremultiply(source[x], encodeTable: encodeTable)
            if let matte {
                colour = colour * colour[3] + matte * (1 - colour[3])
                colour[3] = 1
            }
            let scaled = colour * 65535 + 0.5
            let pixel = destination + x &* 4
            pixel[0] = UInt16(truncatingIfNeeded: Int32(scaled[0]))
            pixel[1] = UInt16(truncatingIfNeeded: Int32(scaled[1]))
            pixel[2] = UInt16(truncatingIfNeeded: Int32(scaled[2]))
            pixel[3] = UInt16(truncatingIfNeeded: Int32(scaled[3]))
        }
    }
}
