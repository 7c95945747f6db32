import Foundation
import PNGCodec
import TestSupport
import Testing

/// PngSuite and the regression corpora from `../shared/`, which only CI and developers have.
@Suite("PNG decoding: shared corpora (skipped where ../shared is absent)")
struct SharedCorpusTests {
    static let suiteRows = Fixtures.manifest(Fixtures.shared.appendingPathComponent("pngsuite/MANIFEST.tsv"))
    static let suiteFiles = suiteRows.compactMap { $0["file"] }
    static let regressionRows = Fixtures.manifest(Fixtures.shared.appendingPathComponent("png-regressions/MANIFEST.tsv"))

    @Test("every PngSuite file decodes with the facts MANIFEST.tsv gives, every x* file fails clearly",
          .enabled(if: Fixtures.hasPngSuite, "../shared/pngsuite is absent: PngSuite cases skipped"),
          arguments: suiteFiles)
    func pngSuite(file: String) throws {
        let row = try #require(Self.suiteRows.first { $0["file"] == file })
        let bytes = try Fixtures.bytes(at: Fixtures.shared.appendingPathComponent("pngsuite/\(file)"))
        if row["valid"] == "yes" {
            let decoded = try PNG.decode(bytes)
            #expect(String(decoded.info.width) == row["width"], "\(file)")
            #expect(String(decoded.info.height) == row["height"], "\(file)")
            #expect(String(decoded.info.bitDepth) == row["bit_depth"], "\(file)")
            #expect(String(decoded.info.colorType.rawValue) == row["color_type"], "\(file)")
            #expect((decoded.info.isInterlaced ? "1" : "0") == row["interlace"], "\(file)")
            #expect(decoded.image.width == decoded.info.width && decoded.image.height == decoded.info.height)
        } else {
            do {
                _ = try PNG.decode(bytes)
                Issue.record("\(file) should fail: \(row["expected_failure_reason"] ?? "")")
            } catch {
                #expect(!error.description.isEmpty && !error.description.contains("\n"))
            }
        }
    }

    @Test("PngSuite colour chunks are reported from the chunk list",
          .enabled(if: Fixtures.hasPngSuite, "../shared/pngsuite is absent: PngSuite cases skipped"))
    func colourChunks() throws {
        func info(_ name: String) throws -> PNGInfo {
            try PNG.info(Fixtures.bytes(at: Fixtures.shared.appendingPathComponent("pngsuite/\(name)")))
        }
        let gamma = try info("g03n2c08.png")
        #expect(gamma.hasGamma && abs((gamma.gamma ?? 0) - 0.35) < 0.001 && !gamma.hasSRGB)
        let chrm = try info("ccwn2c08.png")
        #expect(chrm.hasChromaticities && chrm.hasGamma)
        let plain = try info("basn2c08.png") // PngSuite's basic files carry gAMA 1.0 and nothing else
        #expect(plain.gamma == 1.0 && !plain.hasChromaticities && !plain.hasSRGB && !plain.hasICCProfile)
        #expect(try info("tbbn3p08.png").hasTransparencyChunk)
    }

    @Test("every regression file decodes or fails with one clean line; files libpng rejects are rejected",
          .enabled(if: Fixtures.hasRegressions, "../shared/png-regressions is absent: regression cases skipped"))
    func regressions() throws {
        var decoded = 0, failed = 0
        for row in Self.regressionRows {
            let file = try #require(row["file"])
            let bytes = try Fixtures.bytes(at: Fixtures.shared.appendingPathComponent("png-regressions/\(file)"))
            do {
                let result = try PNG.decode(bytes)
                decoded += 1
                #expect(row["valid"] != "no", "\(file) is invalid but decoded")
                #expect(result.image.width == result.info.width)
            } catch {
                failed += 1
                #expect(!row["valid"]!.hasPrefix("yes"), "\(file) is valid but failed: \(error)")
                #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(file)")
            }
        }
        #expect(decoded + failed == Self.regressionRows.count)
        #expect(decoded > 150 && failed > 1000)
    }

    @Test("sRGB and iCCP chunks are reported, with the profile's name and bytes",
          .enabled(if: Fixtures.hasRegressions, "../shared/png-regressions is absent: regression cases skipped"))
    func profileChunks() throws {
        let folder = Fixtures.shared.appendingPathComponent("png-regressions")
        let srgb = try PNG.info(Fixtures.bytes(at: folder.appendingPathComponent("libpng-testpngs/rgb-8-sRGB.png")))
        #expect(srgb.hasSRGB && srgb.srgbIntent != nil)
        let icc = try PNG.info(Fixtures.bytes(at: folder.appendingPathComponent("image-rs-bugfixes/issue#1825.png")))
        #expect(icc.hasICCProfile)
    }
}
