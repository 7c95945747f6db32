import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

private let icons = Fixtures.testImages.appendingPathComponent("icon")

@Suite("IconComposerFlattener")
struct IconComposerFlattenerTests {
    private func flatten(_ appearance: Appearance, pixels: Int = 256) throws -> Image {
        let bundle = try IconComposerBundle.read(icons.appendingPathComponent("Layered.icon").path)
        return try IconComposerFlattener.flatten(bundle, appearance: appearance, pixels: pixels, limits: .default).converted(to: .rgba8)
    }

    private func close(_ pixel: SIMD4<UInt16>, _ expected: (Int, Int, Int), within tolerance: Int = 3) -> Bool {
        abs(Int(pixel[0]) - expected.0) <= tolerance && abs(Int(pixel[1]) - expected.1) <= tolerance && abs(Int(pixel[2]) - expected.2) <= tolerance
    }

    @Test("light: the gradient fill (P3 top converted to sRGB), the disc in the middle, the bar in front")
    func light() throws {
        let image = try flatten(.light)
        #expect(image.size == PixelSize(width: 256, height: 256))
        #expect(image.isOpaque)
        // Top row: display-p3 (0.2, 0.4, 0.9) is sRGB about (0.10, 0.41, 0.93).
        let top = image.pixel(x: 128, y: 0)
        #expect(close(top, (26, 104, 238), within: 5), "\(top)")
        // Bottom row: srgb (0, 0.1, 0.3).
        #expect(close(image.pixel(x: 5, y: 255), (0, 26, 77), within: 4), "\(image.pixel(x: 5, y: 255))")
        // The disc: a 1024 px PNG at layer scale 0.5 in a group at scale 2 is 1024 pt, radius 300 pt → 75 px here.
        #expect(close(image.pixel(x: 128, y: 128), (255, 255, 255)))
        #expect(close(image.pixel(x: 128 + 70, y: 128), (255, 255, 255)))
        #expect(!close(image.pixel(x: 128 + 80, y: 128), (255, 255, 255), within: 30))
        // The bar: 400x120 pt SVG moved 300 pt down (y grows downwards), opacity 0.9 over the white disc.
        let bar = image.pixel(x: 128, y: 128 + 70)
        // Mixed in linear light: green 0.9 × 0.246 + 0.1 → 154, blue 0.1 → 89.
        #expect(close(bar, (255, 154, 89), within: 5), "\(bar)")
        #expect(!close(image.pixel(x: 128 + 55, y: 128 + 75), (255, 136, 0), within: 40), "the bar is 100 px wide, centred")
    }

    @Test("dark: the dark fill, the dark image specialisation, the bar at full opacity")
    func dark() throws {
        let image = try flatten(.dark)
        #expect(close(image.pixel(x: 128, y: 128), (40, 200, 90)))
        #expect(close(image.pixel(x: 128, y: 128 + 70), (255, 136, 0)))
        let corner = image.pixel(x: 2, y: 2)
        #expect(corner[0] < 80 && corner[0] == corner[1], "system dark is a dark grey")
    }

    @Test("tinted: greyscale")
    func tinted() throws {
        let image = try flatten(.tinted)
        for (x, y) in [(128, 128), (2, 2), (128, 198), (250, 250)] {
            let p = image.pixel(x: x, y: y)
            #expect(p[0] == p[1] && p[1] == p[2], "\(p) at \(x),\(y)")
        }
    }

    @Test("a bundle that names a missing asset is an error naming it")
    func missing() throws {
        let bundle = try IconComposerBundle.read(icons.appendingPathComponent("MissingAsset.icon").path)
        #expect(throws: IconForgeError.iconComposer(path: bundle.path, .missingAsset("gone.svg"))) {
            try IconComposerFlattener.flatten(bundle, appearance: .light, pixels: 64, limits: .default)
        }
    }

    @Test("an image-name that is a path (out of Assets/) is named as such, never read, even when the file is there")
    func pathAsImageName() throws {
        let folder = try Fixtures.temporaryFolder()
        let copy = folder.appendingPathComponent("Copy.icon")
        try FileManager.default.copyItem(at: icons.appendingPathComponent("MissingAsset.icon"), to: copy)
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'/>".utf8).write(to: folder.appendingPathComponent("outside.svg"))
        let document = copy.appendingPathComponent("icon.json")
        let text = try String(contentsOf: document, encoding: .utf8).replacingOccurrences(of: "\"gone.svg\"", with: "\"../../outside.svg\"")
        try Data(text.utf8).write(to: document)
        let bundle = try IconComposerBundle.read(copy.path)
        do {
            _ = try IconComposerFlattener.flatten(bundle, appearance: .light, pixels: 64, limits: .default)
            Issue.record("a path out of the bundle was drawn")
        } catch {
            #expect("\(error)".contains("\"../../outside.svg\" is a path, not a file name in Assets/"), "\(error)")
        }
        let findings = try Validator().validate([copy.path]).files.flatMap(\.findings)
        #expect(findings.contains { $0.message.contains("a path rather than a file name") }, "\(findings)")
        #expect(!findings.contains { $0.message.contains("does not exist") })
    }

    @Test("a layer scaled past the memory limit is refused, not allocated")
    func hugeScale() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Huge.icon")
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: icons.appendingPathComponent("Layered.icon/Assets/disc.png"),
                                         to: bundle.appendingPathComponent("Assets/disc.png"))
        try Data(#"{"groups":[{"layers":[{"image-name":"disc.png","position":{"scale":100,"translation-in-points":[0,0]}}]}]}"#.utf8)
            .write(to: bundle.appendingPathComponent("icon.json"))
        let read = try IconComposerBundle.read(bundle.path)
        #expect(throws: IconForgeError.self) { try IconComposerFlattener.flatten(read, appearance: .light, pixels: 1024, limits: .default) }
    }
}
