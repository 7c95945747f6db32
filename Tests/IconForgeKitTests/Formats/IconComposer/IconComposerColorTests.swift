import IconForgeKit
import Raster
import Testing

@Suite("IconComposerColor")
struct IconComposerColorTests {
    @Test("parses every colour space Icon Composer writes", arguments: [
        ("srgb:1.00000,0.25279,1.00000,1.00000", 4), ("display-p3:0.82510,0.25332,1.00000,1.00000", 4),
        ("extended-srgb:1.20000,-0.10000,0.50000,1.00000", 4), ("extended-gray:1.50000,1.00000", 2), ("gray:0.50000,0.80000", 2),
    ])
    func parses(text: String, components: Int) throws {
        let colour = try IconComposerColor(parsing: text)
        #expect(colour.components.count == components)
        #expect(colour.text == text)
    }

    @Test("refuses what actool cannot read, saying why", arguments: [
        ("srgb:1,0,0", "takes 4 components"), ("cmyk:0,0,0,1", "not a colour space"), ("#ff0000", "has no colour space"),
        ("srgb:1,0,x,1", "'x' is not a number"), ("srgb:1.5,0,0,1", "outside 0…1"), ("extended-srgb:1.5,0,0,2", "component 4 is 2"),
        ("gray:0.5,0.5,0.5,1", "gray takes 2"),
    ])
    func refuses(text: String, reason: String) {
        do { _ = try IconComposerColor(parsing: text); Issue.record("accepted \(text)") } catch {
            #expect(error.description.contains(reason), "\(error)")
        }
    }

    @Test("Display P3 is converted to sRGB: P3 red lies outside sRGB and clips; P3 white stays white")
    func displayP3() throws {
        let red = try IconComposerColor(parsing: "display-p3:1.00000,0.00000,0.00000,1.00000").encodedSRGB
        #expect(red[0] == 1)
        #expect(red[1] == 0)
        let white = try IconComposerColor(parsing: "display-p3:1,1,1,1").encodedSRGB
        #expect(abs(white[0] - 1) < 1e-4 && abs(white[1] - 1) < 1e-4 && abs(white[2] - 1) < 1e-4)
        let mid = try IconComposerColor(parsing: "display-p3:0.5,0.5,0.5,0.5").encodedSRGB
        #expect(abs(mid[0] - 0.5) < 1e-3 && mid[3] == 0.5, "a grey is the same grey in both spaces")
    }

    @Test("sRGB colours are written with five decimals")
    func writes() {
        #expect(IconComposerColor(srgb: RGBColor(red: 30, green: 136, blue: 229)).text == "srgb:0.11765,0.53333,0.89804,1.00000")
    }
}
