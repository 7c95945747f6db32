import Foundation
import CSVG
import Raster

/// Why an SVG could not be read or drawn; descriptions are meant for the user, after the file's path.
public enum SVGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not SVG, malformed, or refused by librsvg's parser limits (entity expansion, nesting, element count).
    case unreadable(String)
    /// Neither a viewBox nor a width and height.
    case noSize(String)
    /// Drawing failed.
    case renderFailed(String)
    /// The requested drawing would take more memory than the limit allows.
    case tooLarge(String)
    /// librsvg was stopped by a limit (time, processor time) or died (it aborted, crashed or ran out of memory).
    case stopped(String)
    /// librsvg is not installed (it is loaded the first time an SVG is read); the message says what to install.
    case unavailable(String)

    public var description: String {
        switch self {
        case .unreadable(let message), .noSize(let message), .renderFailed(let message), .stopped(let message),
             .unavailable(let message): message
        case .tooLarge(let message): "\(message) (raise --max-memory MIB if that is really meant)"
        }
    }
}

/// What an SVG says about its size.
public struct SVGInfo: Sendable, Equatable {
    /// The viewBox's width and height, when there is one.
    public var viewBox: (width: Double, height: Double)?
    /// The intrinsic size in CSS pixels (96 dpi), when width and height give one.
    public var size: (width: Double, height: Double)?

    /// Width ÷ height of the drawing: the viewBox's, else the intrinsic size's.
    public var aspectRatio: Double {
        if let viewBox { return viewBox.width / viewBox.height }
        if let size { return size.width / size.height }
        return 1
    }

    /// The pixel size of a drawing whose longer side is `longSide`, keeping the aspect ratio.
    public func pixelSize(longSide: Int) -> PixelSize {
        let ratio = aspectRatio
        return ratio >= 1 ? PixelSize(width: longSide, height: max(1, Int((Double(longSide) / ratio).rounded())))
            : PixelSize(width: max(1, Int((Double(longSide) * ratio).rounded())), height: longSide)
    }

    public static func == (lhs: SVGInfo, rhs: SVGInfo) -> Bool {
        lhs.viewBox?.width == rhs.viewBox?.width && lhs.viewBox?.height == rhs.viewBox?.height
            && lhs.size?.width == rhs.size?.width && lhs.size?.height == rhs.size?.height
    }
}

/// What one SVG may cost: librsvg runs in a child process (see csvg.h) that is stopped past these.
public struct SVGLimits: Sendable, Equatable {
    /// Wall-clock seconds before the drawing is stopped.
    public var wallSeconds: Double
    /// Processor seconds (RLIMIT_CPU).
    public var cpuSeconds: Int
    /// Memory the drawing may take beyond what the process already has (RLIMIT_AS, Linux).
    public var memoryBytes: Int

    /// Limits of a drawing: seconds of wall and CPU time, bytes of memory.
    public init(wallSeconds: Double = 20, cpuSeconds: Int = 20, memoryBytes: Int = 512 << 20) {
        self.wallSeconds = wallSeconds
        self.cpuSeconds = cpuSeconds
        self.memoryBytes = memoryBytes
    }

    /// 20 s, 20 s of processor time, 512 MiB (plus the drawing itself): a real icon takes milliseconds and a few MiB.
    public static let `default` = SVGLimits()

    var raw: csvg_limits {
        csvg_limits(wall_seconds: wallSeconds, cpu_seconds: UInt32(clamping: cpuSeconds), memory_bytes: UInt64(max(0, memoryBytes)))
    }
}

/// The SVG renderer: librsvg, reached only through this file. A vector master is drawn at the size asked
/// for, never at its own intrinsic size, so a 64 px SVG gives a sharp 1024 icon.
public enum SVG {
    /// Parses the document and reads its size. `file` (the document's own file URL) is the base for the images it
    /// references: only files in its folder or below are ever loaded, and nothing from the network; without it,
    /// none are.
    public static func info(_ bytes: [UInt8], file: URL?, limits: SVGLimits = .default) throws(SVGError) -> SVGInfo {
        try info(bytes, path: file?.path, limits: limits)
    }

    /// Draws the whole document fitted into `size`, as `render(_:path:size:maxBytes:limits:parallelism:)` does;
    /// `file` (the document's own file URL) is the base for the images it references.
    public static func render(_ bytes: [UInt8], file: URL?, size: PixelSize, maxBytes: Int,
                              limits: SVGLimits = .default, parallelism: Parallelism = .serial) throws(SVGError) -> Image {
        try render(bytes, path: file?.path, size: size, maxBytes: maxBytes, limits: limits, parallelism: parallelism)
    }

    /// Parses the document and reads its size. `path` (the file's own) is the base for the images it
    /// references: only files in its folder or below are ever loaded, and nothing from the network.
    package static func info(_ bytes: [UInt8], path: String?, limits: SVGLimits = .default) throws(SVGError) -> SVGInfo {
        var raw = csvg_info()
        var cLimits = limits.raw
        let (status, message) = withMessage { message, capacity in
            bytes.withUnsafeBufferPointer { data in
                withPath(path) { csvg_read_info_isolated(data.baseAddress, data.count, $0, &cLimits, &raw, message, capacity) }
            }
        }
        try check(status, message)
        return SVGInfo(viewBox: raw.has_viewbox != 0 ? (raw.viewbox_width, raw.viewbox_height) : nil,
                       size: raw.has_size != 0 ? (raw.width, raw.height) : nil)
    }

    /// Draws the whole document fitted into `size` (aspect kept, as its preserveAspectRatio says), as 8-bit
    /// straight-alpha RGBA. `maxBytes` bounds the drawing's memory, checked before anything is allocated.
    /// A drawing 512 px or taller is drawn in two horizontal bands, each in its own process, at once when
    /// `parallelism` is wider than one (librsvg draws on one core; the 2048 px drawing of a vector master was the
    /// longest step of its icon set). Documents with filter effects, which may read pixels across a band's edge,
    /// are drawn whole.
    package static func render(_ bytes: [UInt8], path: String?, size: PixelSize, maxBytes: Int,
                              limits: SVGLimits = .default, parallelism: Parallelism = .serial) throws(SVGError) -> Image {
        let count = size.width.multipliedReportingOverflow(by: size.height)
        guard size.width > 0, size.height > 0, size.width <= 32767, size.height <= 32767, !count.overflow, count.partialValue * 4 <= maxBytes else {
            throw .tooLarge("drawing it at \(size) would take \(size.width * size.height * 4 >> 20) MiB, more than the memory limit of \(maxBytes >> 20) MiB")
        }
        // Two bands whatever the cores, so that a drawing is the same bytes on every machine: cairo's gradients come
        // out a few levels apart drawn whole or in bands (never at a band's edge), so the band count must not vary.
        let bandCount = size.height >= 512 && !hasFilterEffects(bytes) ? 2 : 1
        let bandRows = (size.height + bandCount - 1) / bandCount
        // Not zeroed first: every row is copied in from the band that draws it, or the drawing fails and throws (zeroing
        // 16 MB for a 2048 px drawing was a pause between reading the size and starting the bands).
        var pixels = [UInt8](hugePagesCount: count.partialValue * 4) { _ in }
        // The drawing's own surfaces come on top of the allowance: cairo's surface and librsvg's copy of it.
        var bandLimits = limits.raw
        bandLimits.memory_bytes += UInt64(bandRows * size.width * 4) * 3
        let cLimits = bandLimits
        // Each band writes only its own rows, status and message: no two threads touch the same memory.
        let messageCapacity = 600
        var statuses = [csvg_status](repeating: CSVG_OK, count: bandCount)
        var messages = [CChar](repeating: 0, count: bandCount * messageCapacity)
        pixels.withUnsafeMutableBufferPointer { out in
            statuses.withUnsafeMutableBufferPointer { statusOut in
                messages.withUnsafeMutableBufferPointer { messageOut in
                    let shared = Bands(pixels: out.baseAddress!, statuses: statusOut.baseAddress!, messages: messageOut.baseAddress!)
                    let draw: @Sendable (Int) -> Void = { band in
                        let first = band * bandRows, rows = min(bandRows, size.height - first)
                        guard rows > 0 else { return }
                        var bandLimits = cLimits
                        shared.statuses[band] = bytes.withUnsafeBufferPointer { data in
                            withPath(path) {
                                csvg_render_rgba_isolated(data.baseAddress, data.count, $0, UInt32(size.width), UInt32(size.height),
                                                          UInt32(first), UInt32(rows), &bandLimits, shared.pixels + first * size.width * 4,
                                                          rows * size.width * 4, shared.messages + band * messageCapacity, messageCapacity)
                            }
                        }
                    }
                    if bandCount == 1 { draw(0) } else { parallelism.forEach(bandCount, draw) }
                }
            }
        }
        // The first failure is the one reported: every band draws the same document.
        for band in 0..<bandCount {
            let message = messages[(band * messageCapacity)..<((band + 1) * messageCapacity)].withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            try check(statuses[band], message)
        }
        return Image(width: size.width, height: size.height, format: .rgba8, bytes: pixels)
    }

    /// True when the document may use filter effects (an element or a CSS `filter` property): those are drawn whole.
    package static func hasFilterEffects(_ bytes: [UInt8]) -> Bool {
        let word = Array("filter".utf8)
        guard bytes.count >= word.count else { return false }
        for start in 0...(bytes.count - word.count) where bytes[start] | 0x20 == word[0] {
            var index = 1
            while index < word.count, bytes[start + index] | 0x20 == word[index] { index += 1 }
            if index == word.count { return true }
        }
        return false
    }

    /// Where each band's pixels, status and message go, handed to the thread that draws it.
    private struct Bands: @unchecked Sendable {
        let pixels: UnsafeMutablePointer<UInt8>
        let statuses: UnsafeMutablePointer<csvg_status>
        let messages: UnsafeMutablePointer<CChar>
    }

    /// Stops every drawing in progress (each throws `.stopped`): a daemon shutting down does not wait for one stuck in
    /// a filter.
    package static func stopAll() { csvg_stop_all() }

    /// The librsvg version IconForge runs with, or "not installed". Asking loads librsvg, which takes longer than
    /// the rest of starting up: only `--version` and SVG work ask.
    public static var libraryVersion: String { String(cString: csvg_version()) }

    private static func withPath<T>(_ path: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
        guard let path else { return body(nil) }
        return path.withCString { body($0) }
    }

    private static func withMessage(_ body: (UnsafeMutablePointer<CChar>, Int) -> csvg_status) -> (csvg_status, String) {
        var buffer = [CChar](repeating: 0, count: 600)
        let status = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        return (status, buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    private static func check(_ status: csvg_status, _ message: String) throws(SVGError) {
        switch status {
        case CSVG_OK: return
        case CSVG_E_SIZE: throw .noSize(message)
        case CSVG_E_RENDER, CSVG_E_NOMEM: throw .renderFailed(message.isEmpty ? "librsvg could not draw it" : message)
        case CSVG_E_LIMIT, CSVG_E_CRASHED: throw .stopped(message)
        case CSVG_E_UNAVAILABLE: throw .unavailable(message)
        default: throw .unreadable(message.isEmpty ? "not a readable SVG" : message)
        }
    }
}
