import CPNG
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A decoded PNG: its pixels as RGBA and what its header and colour chunks said.
public struct DecodedPNG: Sendable, Equatable {
    /// What the file said about itself.
    public var info: PNGInfo
    /// The pixels as RGBA, 16 bits a channel for 16-bit sources and 8 otherwise.
    public var image: Image
}

/// A PNG file read piece by piece as the decoder needs it (see `PNG.decode(_:limits:verifiesChecksum:parallelism:)`).
package struct PNGFileSource {
    /// The file's first bytes: at least every chunk before the image data.
    package var head: [UInt8]
    /// The whole file's size in bytes.
    package var size: Int
    /// Reads bytes of the file from an offset into a buffer and returns how many it read (fewer: the file ends there).
    package var read: (_ offset: Int, _ buffer: UnsafeMutableRawBufferPointer) -> Int

    package init(head: [UInt8], size: Int, read: @escaping (_ offset: Int, _ buffer: UnsafeMutableRawBufferPointer) -> Int) {
        self.head = head
        self.size = size
        self.read = read
    }
}

/// The PNG codec: libpng, reached only through this file. Nothing else in IconForge sees a C type.
public enum PNG {
    /// The most bytes of an ICC profile that `info` hands back (the header of a profile and its tags fit).
    package static let iccProfileCapacity = 256 * 1024

    /// The libpng and zlib versions IconForge runs with, and the libdeflate it was built with.
    public static var libraryVersions: (libpng: String, zlib: String, libdeflate: String) {
        (String(cString: cpng_libpng_version()), String(cString: cpng_zlib_version()), String(cString: cpng_libdeflate_version()))
    }

    /// Reads the header and colour chunks only; no pixel memory is allocated.
    public static func info(_ bytes: [UInt8], limits: PNGLimits = .default) throws(PNGError) -> PNGInfo {
        // Too short for a signature: say so here, where an empty array has no base address to pass.
        if bytes.count < 8 { throw .notPNG(detail: FileSignature.describe(bytes)) }
        var cLimits = limits.cValue
        var raw = cpng_info()
        // Not zero-filled: libpng copies in only the profile's bytes, and only those are read back. Zeroing
        // 256 KB for every file (most have no profile) was 2% of validating 1,000 icons.
        var icc = [UInt8](unsafeUninitializedCapacity: iccProfileCapacity) { _, count in count = iccProfileCapacity }
        let (status, message) = withMessageBuffer { message, capacity in
            bytes.withUnsafeBufferPointer { data in
                icc.withUnsafeMutableBufferPointer { profile in
                    cpng_read_info(data.baseAddress!, data.count, &cLimits, &raw,
                                   profile.baseAddress, profile.count, message, capacity)
                }
            }
        }
        try check(status, message, bytes)
        guard let colorType = PNGColorType(rawValue: Int(raw.color_type)) else {
            throw .corrupt("unknown colour type \(raw.color_type)")
        }
        let iccLength = Int(raw.iccp_length)
        let warning = string(from: raw.warning)
        return PNGInfo(
            width: Int(raw.width), height: Int(raw.height), bitDepth: Int(raw.bit_depth), colorType: colorType,
            isInterlaced: raw.interlace_method != 0,
            hasTransparencyChunk: raw.has_trns != 0, hasGamma: raw.has_gama != 0, hasSRGB: raw.has_srgb != 0,
            hasICCProfile: raw.has_iccp != 0, hasChromaticities: raw.has_chrm != 0,
            chromaticities: raw.has_chrm != 0 && raw.chrm.0 != 0
                ? withUnsafeBytes(of: raw.chrm) { Array($0.bindMemory(to: UInt32.self)).map { Double($0) / 100_000 } } : nil,
            hasTrailingData: raw.trailing_data != 0,
            gamma: raw.gama == 0 ? nil : Double(raw.gama) / 100_000,
            srgbIntent: raw.srgb_intent < 0 ? nil : Int(raw.srgb_intent),
            iccProfileName: iccLength > 0 ? string(from: raw.iccp_name) : nil,
            iccProfile: iccLength > 0 ? Array(icc.prefix(min(iccLength, iccProfileCapacity))) : nil,
            warning: warning.isEmpty ? nil : warning)
    }

    /// Decodes any PNG libpng accepts (every colour type, bit depth and interlace) to RGBA.
    /// The limits are checked against the header before the pixel buffer is allocated.
    ///
    /// `verifiesChecksum: false` skips the Adler-32 of the inflated data, as browsers do: every chunk's
    /// CRC still catches a damaged file, and what goes unchecked is only a stream whose encoder wrote a
    /// wrong checksum. The checksum was a fifth of decoding a 2732² launch master, time no output can
    /// start in; `generate` reads masters this way, `validate` and `inspect` check everything.
    ///
    /// With more than one worker in `parallelism`, a second one maps the pixel buffer's memory in while
    /// the first decodes into it: for a 2732² master that is 30 MB, 15 ms of page faults the decoding
    /// would otherwise take one by one, before any output can start.
    public static func decode(_ bytes: [UInt8], limits: PNGLimits = .default, verifiesChecksum: Bool = true,
                              parallelism: Parallelism = .serial) throws(PNGError) -> DecodedPNG {
        let info = try info(bytes, limits: limits)
        let (status, message, image) = decodePixels(info, limits: limits, parallelism: parallelism) { pixels, count, limits, message, capacity in
            bytes.withUnsafeBufferPointer { data in
                cpng_decode_rgba(data.baseAddress!, data.count, limits, pixels, count, verifiesChecksum ? 1 : 0, nil, message, capacity)
            }
        }
        try check(status, message, bytes)
        return DecodedPNG(info: info, image: image)
    }

    /// `decode` for a file that is read as the decoder needs it instead of being held whole beside its pixels:
    /// an incompressible 8192² master is a 256 MB file for 256 MB of pixels. `file.head` must hold every chunk
    /// before the image data (`info` reads it); the rest is read through `file.read`.
    package static func decode(_ file: PNGFileSource, limits: PNGLimits = .default, verifiesChecksum: Bool = true,
                              parallelism: Parallelism = .serial) throws(PNGError) -> DecodedPNG {
        let info = try info(file.head, limits: limits)
        let (status, message, image) = decodePixels(info, limits: limits, parallelism: parallelism) { pixels, count, limits, message, capacity in
            // The reader is the C callback's context; it lives on this stack for the whole call.
            let supply: cpng_byte_source = { context, offset, buffer, wanted in
                let read = context!.assumingMemoryBound(to: ((Int, UnsafeMutableRawBufferPointer) -> Int).self)
                guard offset <= UInt64(Int.max) else { return 0 }
                return max(0, read.pointee(Int(offset), UnsafeMutableRawBufferPointer(start: buffer, count: wanted)))
            }
            var read = file.read
            return file.head.withUnsafeBufferPointer { head in
                withUnsafeMutablePointer(to: &read) { context in
                    cpng_decode_rgba_from(head.baseAddress!, head.count, UInt64(file.size), supply, UnsafeMutableRawPointer(context),
                                          limits, pixels, count, verifiesChecksum ? 1 : 0, nil, message, capacity)
                }
            }
        }
        try check(status, message, file.head)
        return DecodedPNG(info: info, image: image)
    }

    /// Allocates the pixels `info` describes and runs `call` (a decoder writing into them); with more than one
    /// worker in `parallelism`, a second one maps the buffer's memory in meanwhile.
    private static func decodePixels(_ info: PNGInfo, limits: PNGLimits, parallelism: Parallelism,
                                     _ call: (UnsafeMutablePointer<UInt8>, Int, UnsafePointer<cpng_limits>, UnsafeMutablePointer<CChar>, Int) -> cpng_status)
                                     -> (cpng_status, String, Image) {
        let format: Image.PixelFormat = info.is16Bit ? .rgba16 : .rgba8
        let byteCount = info.width * info.height * format.bytesPerPixel
        var cLimits = limits.cValue
        // libpng writes every byte, so the buffer is not zero-filled first (that alone was 10% of a decode).
        var pixels = [UInt8](hugePagesCount: byteCount) { _ in }
        let (status, message) = withMessageBuffer { message, capacity in
            pixels.withUnsafeMutableBufferPointer { out in
                withUnsafePointer(to: &cLimits) { limits in
                    guard parallelism.width > 1, out.count >= 4 << 20 else {
                        return call(out.baseAddress!, out.count, limits, message, capacity)
                    }
                    let (start, count) = (out.baseAddress!, out.count)
                    return withoutActuallyEscaping(call) { call in
                        let work = DecodeCall(pixels: start, count: count, run: { call(start, count, limits, message, capacity) })
                        let result = UnsafeMutablePointer<cpng_status>.allocate(capacity: 1)
                        defer { result.deallocate() }
                        let shared = DecodeResult(status: result)
                        parallelism.forEach(2) { task in
                            if task == 0 { shared.status.pointee = work.run() } else { prefault(work.pixels, count: work.count) }
                        }
                        return result.pointee
                    }
                }
            }
        }
        return (status, message, Image(width: info.width, height: info.height, format: format, bytes: pixels))
    }

    /// Encodes an image as an 8-bit, non-interlaced PNG (16-bit images are rounded to 8 bits first).
    public static func encode(_ image: Image, options: PNGEncodeOptions = PNGEncodeOptions()) throws(PNGError) -> [UInt8] {
        try encode(image, x: 0, y: 0, size: image.size, options: options)
    }

    /// Encodes the `size` pixels of `image` whose top-left corner is at (x, y), which must lie inside it:
    /// what encoding `image.cropped(x:y:size:)` gives, without the copy (two 22 MB copies for the iPad Pro
    /// launch images of a 2732² master).
    package static func encode(_ image: Image, x: Int, y: Int, size: PixelSize,
                              options: PNGEncodeOptions = PNGEncodeOptions()) throws(PNGError) -> [UInt8] {
        precondition(x >= 0 && y >= 0 && x + size.width <= image.width && y + size.height <= image.height, "region outside the image")
        guard image.format == .rgba8 else { return try encode(image.cropped(x: x, y: y, size: size).converted(to: .rgba8), options: options) }
        let region = Region(image: image, x: x, y: y, size: size)
        var options = options
        if !options.alternativeFilters.isEmpty {
            options.filters = try bestFilters(for: region, options: options)
        }
        return try encodeRGBA8(region, options: options)
    }

    /// Where the pixels to encode are: a rectangle of an 8-bit image.
    private struct Region {
        let image: Image
        let x: Int, y: Int, size: PixelSize
    }

    /// Rows per sampled band, and bands per image, when weighing filter sets: 64 rows in all, about 6% of
    /// a 1024-pixel icon per candidate.
    static let sampleBand = 16, sampleBands = 4

    /// Images shorter than this are not sampled and keep `options.filters`: the 64 sampled rows, compressed
    /// once per candidate, are most of a small icon's own encode (71% more work at 180 px), and on the
    /// benchmark's icon sets the small icons compress best filtered anyway (the same bytes, 6% less batch time).
    static let sampleMinimumHeight = 512

    /// The filter set among `options.filters` and `options.alternativeFilters` that compresses bands of
    /// rows sampled evenly through `image` into the fewest bytes (the first on a tie). Images too short to
    /// sample keep `options.filters`.
    private static func bestFilters(for region: Region, options: PNGEncodeOptions) throws(PNGError) -> PNGEncodeOptions.Filters {
        let (band, bands) = (sampleBand, sampleBands)
        guard region.size.height >= sampleMinimumHeight else { return options.filters }
        let rowBytes = region.size.width * 4, imageRowBytes = region.image.width * 4
        var sample: [UInt8] = []
        sample.reserveCapacity(rowBytes * band * bands)
        for index in 0..<bands {
            let first = (region.size.height - band) * (2 * index + 1) / (2 * bands)
            for row in (region.y + first)..<(region.y + first + band) {
                let start = row * imageRowBytes + region.x * 4
                sample += region.image.bytes[start..<(start + rowBytes)]
            }
        }
        let sampled = Image(width: region.size.width, height: band * bands, format: .rgba8, bytes: sample)
        var best = options.filters, fewest = Int.max
        for filters in [options.filters] + options.alternativeFilters {
            var trial = options
            trial.filters = filters
            let size = try encodeRGBA8(Region(image: sampled, x: 0, y: 0, size: sampled.size), options: trial).count
            if size < fewest { (best, fewest) = (filters, size) }
        }
        return best
    }

    /// Encodes rows made one at a time, top to bottom: `nextRow` writes the next row of `size.width`
    /// 8-bit RGBA pixels to the pointer it is given. The image never needs to exist whole (the resampler
    /// can make the rows as they are compressed). `options.alternativeFilters` are not weighed: that
    /// samples rows from all through the image.
    package static func encode(size: PixelSize, options: PNGEncodeOptions = PNGEncodeOptions(),
                              rows nextRow: (UnsafeMutablePointer<UInt8>) -> Void) throws(PNGError) -> [UInt8] {
        let result = withoutActuallyEscaping(nextRow) { nextRow in
            Result { () throws(PNGError) -> [UInt8] in
                var stream = RowFilters.Stream(source: .rows(nextRow), width: size.width, keepAlpha: options.colorType == .rgba,
                                               filters: options.filters)
                defer { stream.deallocate() }
                return try encode(&stream, height: size.height, options: options)
            }
        }
        return try result.get()
    }

    private static func encodeRGBA8(_ region: Region, options: PNGEncodeOptions) throws(PNGError) -> [UInt8] {
        let result = region.image.bytes.withUnsafeBufferPointer { pixels in
            Result { () throws(PNGError) -> [UInt8] in
                let first = pixels.baseAddress! + (region.y * region.image.width + region.x) * 4
                var stream = RowFilters.Stream(source: .pixels(first, rowPixels: region.image.width), width: region.size.width,
                                               keepAlpha: options.colorType == .rgba, filters: options.filters)
                defer { stream.deallocate() }
                return try encode(&stream, height: region.size.height, options: options)
            }
        }
        return try result.get()
    }

    private static func encode(_ stream: inout RowFilters.Stream, height: Int, options: PNGEncodeOptions) throws(PNGError) -> [UInt8] {
        // libdeflate compresses a whole buffer of filtered rows at once; zlib streams them. An image beyond
        // `streamedEncodeBytes` (none of an icon set's, which stop at 2732²) goes through zlib so that it is never
        // held three times over: pixels, filtered rows and compressed output (an 8192² one would take 860 MB).
        let rawBytes = (stream.width * (options.colorType == .rgba ? 4 : 3) + 1) * height
        if options.compressor == .libdeflate && rawBytes <= streamedEncodeBytes {
            return try encodeLibdeflate(&stream, height: height, options: options)
        }
        let keepAlpha: Int32 = options.colorType == .rgba ? 1 : 0
        let (width, height) = (UInt32(stream.width), UInt32(height))
        // zlib asks for filtered rows a strip at a time; the stream is the C callback's context.
        let supply: cpng_row_source = { context, buffer, wanted, checksum in
            let stream = context!.assumingMemoryBound(to: RowFilters.Stream.self)
            stream.pointee.write(into: buffer!, count: wanted)
            checksum!.pointee = stream.pointee.checksum.value
            return wanted
        }
        return try withOutput(capacity: cpng_encode_bound(width, height, keepAlpha)) { out, capacity, written, message, messageCapacity in
            withUnsafeMutablePointer(to: &stream) { context in
                cpng_encode_filtered(supply, UnsafeMutableRawPointer(context), width, height,
                                     keepAlpha, Int32(min(max(options.compressionLevel, 0), 9)), options.strategy.rawValue,
                                     options.writesSRGBChunk ? 1 : 0, out, capacity, written, message, messageCapacity)
            }
        }
    }

    /// The most bytes of filtered rows compressed by libdeflate in one buffer (see `encode(_:height:options:)`).
    static let streamedEncodeBytes = 64 << 20

    /// The rows compressed by libdeflate, which compresses a whole buffer at once (no streaming): the filtered
    /// rows are made into one buffer first. CPNG wraps the stream in zlib's header and checksum and in chunks.
    private static func encodeLibdeflate(_ stream: inout RowFilters.Stream, height: Int, options: PNGEncodeOptions) throws(PNGError) -> [UInt8] {
        let keepAlpha = options.colorType == .rgba
        let total = (stream.width * (keepAlpha ? 4 : 3) + 1) * height
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: total)
        defer { filtered.deallocate() }
        HugePages.advise(filtered, byteCount: total)
        stream.write(into: filtered, count: total)
        let level = Int32(min(max(options.compressionLevel, 1), 12))
        let deflated = try withOutput(capacity: cpng_deflate_bound(total)) { out, capacity, written, message, messageCapacity in
            cpng_deflate(filtered, total, level, out, capacity, written, message, messageCapacity)
        }
        let checksum = stream.checksum.value, width = UInt32(stream.width)
        return try withOutput(capacity: cpng_write_bound(deflated.count)) { out, capacity, written, message, messageCapacity in
            deflated.withUnsafeBufferPointer { deflated in
                cpng_write_png(width, UInt32(height), keepAlpha ? 1 : 0, options.writesSRGBChunk ? 1 : 0,
                               deflated.baseAddress, deflated.count, checksum, out, capacity, written, message, messageCapacity)
            }
        }
    }

    /// A file written by `body` into a buffer of `capacity` bytes: it is handed the buffer, its capacity, where to
    /// say how much it wrote, and a message buffer; a status other than CPNG_OK is an encoding failure.
    private static func withOutput(capacity: Int, _ body: (UnsafeMutablePointer<UInt8>, Int, UnsafeMutablePointer<Int>,
                                                          UnsafeMutablePointer<CChar>, Int) -> cpng_status) throws(PNGError) -> [UInt8] {
        var written = 0
        var output = [UInt8](hugePagesCount: capacity) { _ in } // only the written prefix is kept
        let (status, message) = withMessageBuffer { message, messageCapacity in
            output.withUnsafeMutableBufferPointer { out in body(out.baseAddress!, out.count, &written, message, messageCapacity) }
        }
        guard status == CPNG_OK else { throw .encodingFailed(message) }
        output.removeLast(output.count - written)
        return output
    }

    // MARK: - Decoding on two workers

    /// One decoder call, handed to the worker that makes it (the memory it points into outlives the call).
    private struct DecodeCall: @unchecked Sendable {
        let pixels: UnsafeMutablePointer<UInt8>
        let count: Int
        let run: () -> cpng_status
    }

    private struct DecodeResult: @unchecked Sendable {
        let status: UnsafeMutablePointer<cpng_status>
    }

    /// Maps in the pages of `count` bytes at `start` without writing them (Linux's MADV_POPULATE_WRITE,
    /// 5.14 and later; elsewhere, or where the kernel refuses, the decoder's own writes fault them in).
    /// The decoder writes the same memory meanwhile: nothing here reads or writes a byte of it.
    private static func prefault(_ start: UnsafeMutablePointer<UInt8>, count: Int) {
        #if canImport(Glibc)
        let populateWrite: Int32 = 23
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let first = (Int(bitPattern: start) + page - 1) / page * page, end = (Int(bitPattern: start) + count) / page * page
        guard end > first, let base = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(base, end - first, populateWrite)
        #endif
    }

    // MARK: - Bridging

    private static func withMessageBuffer(_ body: (UnsafeMutablePointer<CChar>, Int) -> cpng_status) -> (cpng_status, String) {
        var buffer = [CChar](repeating: 0, count: 256)
        let status = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        let message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return (status, message)
    }

    private static func string<T>(from tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }

    private static func check(_ status: cpng_status, _ message: String, _ bytes: [UInt8]) throws(PNGError) {
        switch status {
        case CPNG_OK: return
        case CPNG_E_SIGNATURE: throw .notPNG(detail: FileSignature.describe(bytes))
        case CPNG_E_CGBI: throw .appleCgBI
        case CPNG_E_LIMIT: throw .tooLarge(message)
        case CPNG_E_TRUNCATED: throw .truncated(message)
        case CPNG_E_NOMEM: throw .outOfMemory
        default: throw .corrupt(message.isEmpty ? "libpng could not read the data" : message)
        }
    }
}

extension PNGLimits {
    fileprivate var cValue: cpng_limits {
        cpng_limits(max_width: UInt32(clamping: maxWidth), max_height: UInt32(clamping: maxHeight),
                    max_pixels: UInt64(clamping: maxPixels), max_decoded_bytes: UInt64(clamping: maxDecodedBytes), chunk_cache_max: UInt32(clamping: maxCachedChunks),
                    chunk_malloc_max: UInt64(clamping: maxChunkBytes))
    }
}
