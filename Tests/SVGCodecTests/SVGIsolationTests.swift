import Foundation
import Raster
import SVGCodec
import TestSupport
import Testing

/// librsvg runs in a child process: what makes it abort, spin or balloon ends that drawing only, with one line.
/// The hostile documents are built here (a few KB each); each took the whole process down or ran for minutes before.
@Suite("SVG: every drawing bounded")
struct SVGIsolationTests {
    static func svg(_ body: String, side: Int = 64) -> [UInt8] {
        Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(side)\" height=\"\(side)\">\(body)</svg>".utf8)
    }

    /// feConvolveMatrix whose kernel nalgebra refuses: librsvg 2.54 panics, which aborted IconForge.
    static let panicking = svg("<filter id=\"f\"><feConvolveMatrix order=\"100\" kernelMatrix=\""
                               + Array(repeating: "1", count: 10_000).joined(separator: " ")
                               + "\" edgeMode=\"wrap\"/></filter><rect width=\"64\" height=\"64\" fill=\"red\" filter=\"url(#f)\"/>")
    /// feTurbulence with a billion octaves: librsvg loops for hours.
    static let spinning = svg("<filter id=\"f\"><feTurbulence baseFrequency=\"0.05\" numOctaves=\"1000000000\"/></filter>"
                              + "<rect width=\"64\" height=\"64\" filter=\"url(#f)\"/>")
    /// 200 nested translucent groups: a surface each, 3 GB at 2048 px from a 4 KB file.
    static let ballooning = svg(String(repeating: "<g opacity=\"0.9\">", count: 200) + "<rect width=\"64\" height=\"64\"/>"
                                + String(repeating: "</g>", count: 200))

    static let quick = SVGLimits(wallSeconds: 2, cpuSeconds: 2, memoryBytes: 256 << 20)

    private func stopped(_ bytes: [UInt8], size: Int = 256, limits: SVGLimits = quick) -> String? {
        do {
            _ = try SVG.render(bytes, path: nil, size: PixelSize(width: size, height: size), maxBytes: 1 << 30, limits: limits)
            return nil
        } catch { return "\(error)" }
    }

    @Test("a document that makes librsvg abort ends that drawing with one line; the process goes on")
    func panicIsContained() throws {
        // A generous time limit: this is about the abort, and on a loaded machine (a parallel test run) the 2 s of
        // `quick` were once reached first.
        let message = stopped(Self.panicking, limits: SVGLimits(wallSeconds: 30, cpuSeconds: 30, memoryBytes: 256 << 20)) ?? "drawn"
        #expect(message.hasPrefix("librsvg failed while drawing it (it aborted"))
        #expect(!message.contains("\n"))
        // The same process still draws.
        let image = try SVG.render(Self.svg("<rect width=\"64\" height=\"64\" fill=\"#0080ff\"/>"), path: nil,
                                   size: PixelSize(width: 32, height: 32), maxBytes: 1 << 20)
        #expect(image.pixel(x: 16, y: 16) == SIMD4(0, 128, 255, 255))
    }

    @Test("a filter that spins is stopped by the time limit")
    func spinIsStopped() throws {
        let message = stopped(Self.spinning) ?? "drawn"
        #expect(message == "rendering stopped after 2 s (the limit for one SVG)" || message.hasPrefix("rendering stopped after 2 s of processor time"))
    }

    @Test("a drawing that asks for gigabytes fails within its memory limit, never growing the process")
    func memoryIsBounded() throws {
        let message = stopped(Self.ballooning, size: 2048, limits: SVGLimits(wallSeconds: 20, cpuSeconds: 20, memoryBytes: 256 << 20)) ?? "drawn"
        #expect(message != "drawn")
    }
}
