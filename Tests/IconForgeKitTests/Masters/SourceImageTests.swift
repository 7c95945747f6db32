import Foundation
import IconForgeKit
import PNGCodec
import Raster
import SVGCodec
import TestSupport
import Testing

private let sources = Fixtures.testImages.appendingPathComponent("sources")

/// A linear-light, premultiplied float64 Lanczos-3 reduction of `image` (opaque here) to `side`², the
/// reference of the quality criterion; the image is converted once, the passes are plain loops.
private struct Reference {
    let width: Int, height: Int
    let linear: [Double] // RGB, linear light

    init(_ image: Image) {
        let count = image.width * image.height
        var values = [Double](repeating: 0, count: count * 3)
        let table = (0...255).map { ReferenceResampler.toLinear(Double($0) / 255) }
        image.bytes.withUnsafeBufferPointer { bytes in
            for index in 0..<count { for c in 0..<3 { values[index * 3 + c] = table[Int(bytes[index * 4 + c])] } }
        }
        width = image.width
        height = image.height
        linear = values
    }

    func reduced(to side: Int) -> [UInt8] {
        let h = ReferenceResampler.weights(sourceLength: width, start: 0, extent: Double(width), outputLength: side, filter: .lanczos3)
        let v = ReferenceResampler.weights(sourceLength: height, start: 0, extent: Double(height), outputLength: side, filter: .lanczos3)
        var rows = [Double](repeating: 0, count: side * height * 3)
        for y in 0..<height {
            for x in 0..<side {
                for (j, w) in h[x] { for c in 0..<3 { rows[(y * side + x) * 3 + c] += linear[(y * width + j) * 3 + c] * w } }
            }
        }
        var output = [UInt8](repeating: 0, count: side * side * 3)
        for y in 0..<side {
            for x in 0..<side {
                for c in 0..<3 {
                    var sum = 0.0
                    for (j, w) in v[y] { sum += rows[(j * side + x) * 3 + c] * w }
                    output[(y * side + x) * 3 + c] = UInt8((ReferenceResampler.toSRGB(min(max(sum, 0), 1)) * 255).rounded())
                }
            }
        }
        return output
    }
}

private func psnr(_ image: Image, _ reference: [UInt8]) -> Double {
    var squared = 0.0
    for y in 0..<image.height {
        for x in 0..<image.width {
            let p = image.pixel(x: x, y: y)
            for c in 0..<3 {
                let d = Double(p[c]) - Double(reference[(y * image.width + x) * 3 + c])
                squared += d * d
            }
        }
    }
    return 10 * log10(255 * 255 / max(squared / Double(image.width * image.height * 3), 1e-12))
}

@Suite("SourceImage: SVG and JPEG masters")
struct SourceImageTests {
    @Test("an icon set from a 64 px SVG matches a linear-light Lanczos-3 reduction of a 2048 render to 35 dB at every size checked; librsvg's own small renders do not")
    func vectorQuality() throws {
        let svg = sources.appendingPathComponent("icon.svg").path
        let folder = try Fixtures.temporaryFolder()
        _ = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("ios"))).run(source: svg, outputFolder: folder.path)
        let bytes = try Fixtures.bytes(at: URL(fileURLWithPath: svg))
        let reference = Reference(try SVG.render(bytes, path: svg, size: PixelSize(width: 2048, height: 2048), maxBytes: 1 << 28))
        for (file, side) in [("Icon-20@1x.png", 20), ("Icon-29@2x.png", 58), ("Icon-29@3x.png", 87), ("Icon-60@3x.png", 180), ("Icon-1024.png", 1024)] {
            let expected = reference.reduced(to: side)
            let ours = try PNG.decode(Fixtures.bytes(at: folder.appendingPathComponent("AppIcon.appiconset/\(file)"))).image
            let direct = try SVG.render(bytes, path: svg, size: PixelSize(width: side, height: side), maxBytes: 1 << 28)
            let (oursDB, directDB) = (psnr(ours, expected), psnr(direct, expected))
            #expect(oursDB >= 35, "\(file): \(oursDB) dB")
            #expect(oursDB > directDB + 5, "\(file): ours \(oursDB) dB, librsvg at that size \(directDB) dB")
        }
    }

    @Test("an SVG is drawn at the size asked for, not its own: a 64 px SVG gives a sharp 1024; a wide viewBox keeps its aspect")
    func vectorSizes() throws {
        let icon = try SourceImage.read(sources.appendingPathComponent("icon.svg").path, limits: .default, vectorSize: .longSide(2048))
        #expect(icon.kind == .svg && icon.image.size == PixelSize(width: 2048, height: 2048))
        let wide = try SourceImage.read(sources.appendingPathComponent("wide.svg").path, limits: .default, vectorSize: .longSide(1000))
        #expect(wide.image.size == PixelSize(width: 1000, height: 500))
        #expect(wide.image.pixel(x: 500, y: 250) == SIMD4(255, 204, 0, 255) && wide.image.pixel(x: 10, y: 10) == SIMD4(51, 102, 153, 255))
        // Non-square masters follow --fit as PNGs do.
        let folder = try Fixtures.temporaryFolder()
        #expect(throws: IconForgeError.self) {
            try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("ios"))).run(source: sources.appendingPathComponent("wide.svg").path,
                                                                                                  outputFolder: folder.path)
        }
    }

    @Test("JPEG masters: baseline, progressive and greyscale decode; EXIF orientation is applied; a non-sRGB profile is a warning")
    func jpegs() throws {
        let baseline = try SourceImage.read(sources.appendingPathComponent("baseline.jpg").path, limits: .default)
        #expect(baseline.kind == .jpeg && !baseline.canBeTranslucent && baseline.image.size == PixelSize(width: 64, height: 48))
        let progressive = try SourceImage.read(sources.appendingPathComponent("progressive.jpg").path, limits: .default)
        #expect(progressive.image.size == baseline.image.size)
        let grey = try SourceImage.read(sources.appendingPathComponent("grey.jpg").path, limits: .default).image
        #expect(grey.pixel(x: 10, y: 10)[0] == grey.pixel(x: 10, y: 10)[1])
        let rotated = try SourceImage.read(sources.appendingPathComponent("rotated-6.jpg").path, limits: .default).image
        #expect(rotated.size == PixelSize(width: 64, height: 48))
        let corner = rotated.pixel(x: 4, y: 4), far = rotated.pixel(x: 60, y: 44)
        #expect(corner[0] > 200 && corner[1] < 60 && far[0] < 250) // the red block stands at the top left, as in baseline
        let adobe = try SourceImage.read(sources.appendingPathComponent("adobe-rgb.jpg").path, limits: .default)
        #expect(adobe.warnings.count == 1 && adobe.warnings[0].contains("'Adobe RGB (1998)'"))
        #expect(baseline.warnings.isEmpty)
    }

    @Test("bad and hostile masters: one clear line each, fast, nothing drawn", arguments: [
        ("cmyk.jpg", "a CMYK JPEG (made for print)"),
        ("truncated.jpg", "corrupt JPEG: Premature end of JPEG file"),
        ("huge-header.jpg", "60000x60000 decodes to 13732 MiB, more than the memory limit of 256 MiB"),
        ("malformed.svg", "not a readable SVG: XML parse error"),
        ("nosize.svg", "the SVG has neither a viewBox nor a width and height"),
        ("billion-laughs.svg", "not a readable SVG"),
    ])
    func hostile(file: String, message: String) throws {
        let path = sources.appendingPathComponent(file).path
        let clock = ContinuousClock(), start = clock.now
        do {
            _ = try SourceImage.read(path, limits: .default, vectorSize: .longSide(2048))
            Issue.record("\(file) was read")
        } catch {
            #expect(error.description.hasPrefix(path + ": " + message), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
        #expect(clock.now - start < .seconds(5))
    }

    @Test("an SVG loads nothing from outside its folder or from the network: the drawing stays its own blue")
    func noExternalReads() throws {
        let image = try SourceImage.read(sources.appendingPathComponent("external.svg").path, limits: .default, vectorSize: .longSide(64)).image
        for (x, y) in [(0, 0), (32, 32), (63, 63), (10, 50)] { #expect(image.pixel(x: x, y: y) == SIMD4(0, 0, 255, 255)) }
    }

    @Test("an absurd intrinsic size is never drawn at: convert draws 1024 on the long side; a drawing over the memory limit is refused first")
    func absurdSizes() throws {
        let huge = try SourceImage.read(sources.appendingPathComponent("huge.svg").path, limits: .default)
        #expect(huge.image.size == PixelSize(width: 1024, height: 1024))
        #expect(throws: IconForgeError.self) {
            try SourceImage.read(sources.appendingPathComponent("icon.svg").path, limits: .default, vectorSize: .longSide(30000))
        }
    }
}
