import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// Synthetic bundles: a square glass layer (an SVG) in one group over a fill, with the group's effects set
/// per test. Drawn at 256 px; the square spans 96…160.
struct GlassBundle {
    var fill = #"{"solid": "srgb:0.20000,0.40000,0.80000,1.00000"}"#
    var layerFill = #""fill": {"solid": "srgb:0.90000,0.90000,0.90000,1.00000"},"#
    var shadow = #"{"kind": "neutral", "opacity": 0.5}"#
    var translucency = #"{"enabled": false, "value": 0.5}"#
    var extraLayers = ""
    /// The square's `glass`; nil leaves the key out (what Icon Composer writes for a layer left at its default).
    var glass: Bool? = true
    /// The layer's picture: the 256 pt `square`, or the `bar`, 512 pt wide and 24 pt tall.
    var image = "square.svg"

    static let square = ##"<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#fff"/></svg>"##
    static let bar = ##"<svg xmlns="http://www.w3.org/2000/svg" width="512" height="24"><rect width="512" height="24" fill="#fff"/></svg>"##
    static let dot = ##"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="32" fill="#ff7a00"/></svg>"##

    func write() throws -> String {
        let folder = try Fixtures.temporaryFolder().appendingPathComponent("Glass.icon")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        try Self.square.write(to: folder.appendingPathComponent("Assets/square.svg"), atomically: true, encoding: .utf8)
        try Self.dot.write(to: folder.appendingPathComponent("Assets/dot.svg"), atomically: true, encoding: .utf8)
        try Self.bar.write(to: folder.appendingPathComponent("Assets/bar.svg"), atomically: true, encoding: .utf8)
        let json = """
            {"fill": \(fill), "groups": [{"layers": [\(extraLayers)
              {\(glass.map { #""glass": \#($0), "# } ?? "")\(layerFill) "image-name": "\(image)", "name": "square"}],
              "shadow": \(shadow), "specular": true, "translucency": \(translucency)}]}
            """
        try json.write(to: folder.appendingPathComponent("icon.json"), atomically: true, encoding: .utf8)
        return folder.path
    }

    func render(_ appearance: Appearance = .light, masked: Bool = false) throws -> Image {
        var options = IconComposerRenderer.Options(appearance: appearance, pixels: 256, masked: masked)
        options.colorsTint = true
        return try IconComposerRenderer.render(try IconComposerBundle.read(write()), options: options, limits: .default).converted(to: .rgba8)
    }
}

/// Relative luminance (0…1, linear) of an 8-bit pixel.
func luminance(_ pixel: SIMD4<UInt16>) -> Double {
    let decode = { (value: UInt16) -> Double in
        let encoded = Double(value) / 255
        return encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * decode(pixel[0]) + 0.7152 * decode(pixel[1]) + 0.0722 * decode(pixel[2])
}

@Suite("IconComposerRenderer")
struct IconComposerRendererTests {
    @Test("a glass layer catches the light on its top rim, more than on its bottom rim and its middle")
    func specularRim() throws {
        let image = try GlassBundle(shadow: #"{"kind": "none", "opacity": 0}"#).render()
        let (top, bottom, middle) = (luminance(image.pixel(x: 128, y: 97)), luminance(image.pixel(x: 128, y: 158)), luminance(image.pixel(x: 128, y: 128)))
        #expect(top > bottom + 0.02, "top \(top), bottom \(bottom)")
        #expect(top > middle + 0.01, "top \(top), middle \(middle)")
    }

    @Test("a group's shadow falls below it: it darkens under the bottom edge more than over the top edge")
    func shadowBelow() throws {
        let (with, without) = (try GlassBundle().render(), try GlassBundle(shadow: #"{"kind": "none", "opacity": 0}"#).render())
        let below = luminance(without.pixel(x: 128, y: 163)) - luminance(with.pixel(x: 128, y: 163))
        let above = luminance(without.pixel(x: 128, y: 93)) - luminance(with.pixel(x: 128, y: 93))
        #expect(below > 0.005 && below > above * 2, "darkened below \(below), above \(above)")
    }

    @Test("a translucent group shows the gradient behind it")
    func translucency() throws {
        let (red, blue) = ("srgb:1.00000,0.00000,0.00000,1.00000", "srgb:0.00000,0.00000,1.00000,1.00000")
        // From the top to the bottom, so that the group's middle lies over the colours' mix.
        let down = #""orientation": {"start": {"x": 0.5, "y": 0}, "stop": {"x": 0.5, "y": 1}}"#
        let (redTop, blueTop) = (#"{"linear-gradient": ["\#(red)", "\#(blue)"], \#(down)}"#, #"{"linear-gradient": ["\#(blue)", "\#(red)"], \#(down)}"#)
        let clear = #"{"enabled": true, "value": 1.0}"#
        // Opaque: the layer's own grey whatever is behind it. Translucent: redder where the gradient behind is red.
        let tilt = { (image: Image) in Int(image.pixel(x: 128, y: 141)[0]) - Int(image.pixel(x: 128, y: 141)[2]) }
        let (opaqueRed, opaqueBlue) = (tilt(try GlassBundle(fill: redTop).render()), tilt(try GlassBundle(fill: blueTop).render()))
        #expect(abs(opaqueRed - opaqueBlue) <= 2, "\(opaqueRed) \(opaqueBlue)")
        let (clearRed, clearBlue) = (tilt(try GlassBundle(fill: redTop, translucency: clear).render()),
                                     tilt(try GlassBundle(fill: blueTop, translucency: clear).render()))
        #expect(clearRed - clearBlue > 20, "over the red-topped gradient \(clearRed), over the blue-topped one \(clearBlue)")
    }

    @Test("translucent glass is nearly opaque on top and clears towards its bottom; a layer left at its default is glass; one with its glass turned off is opaque")
    func translucencyByHeight() throws {
        let black = #""fill": {"solid": "srgb:0.00000,0.00000,0.00000,1.00000"},"#
        let (white, half) = (#"{"solid": "srgb:1.00000,1.00000,1.00000,1.00000"}"#, #"{"enabled": true, "value": 0.5}"#)
        let none = #"{"kind": "none", "opacity": 0}"#
        let glass = try GlassBundle(fill: white, layerFill: black, shadow: none, translucency: half).render()
        let unsaid = try GlassBundle(fill: white, layerFill: black, shadow: none, translucency: half, glass: nil).render()
        let off = try GlassBundle(fill: white, layerFill: black, shadow: none, translucency: half, glass: false).render()
        let (top, bottom) = (Int(glass.pixel(x: 128, y: 102)[0]), Int(glass.pixel(x: 128, y: 152)[0]))
        #expect(top < 20 && bottom > top + 50, "glass: top \(top), bottom \(bottom)")
        // Icon Composer writes `glass` only when it is turned off: Lyria's black pill, which leaves it out, is black on
        // top and clears towards its bottom in the export.
        #expect(unsaid.pixel(x: 128, y: 102) == glass.pixel(x: 128, y: 102) && unsaid.pixel(x: 128, y: 152) == glass.pixel(x: 128, y: 152),
                "left out: \(unsaid.pixel(x: 128, y: 102)) \(unsaid.pixel(x: 128, y: 152))")
        // EhViewer's teal picture, glass off, keeps its own colour over a light canvas in Icon Composer's export.
        #expect(off.pixel(x: 128, y: 102)[0] == 0 && off.pixel(x: 128, y: 152)[0] == 0, "off: \(off.pixel(x: 128, y: 102)) \(off.pixel(x: 128, y: 152))")
    }

    @Test("thin glass clears evenly, as plain translucency does: only deep inside a glass shape is it opaque on top")
    func thinGlassClearsEvenly() throws {
        let black = #""fill": {"solid": "srgb:0.00000,0.00000,0.00000,1.00000"},"#
        let (white, half) = (#"{"solid": "srgb:1.00000,1.00000,1.00000,1.00000"}"#, #"{"enabled": true, "value": 0.5}"#)
        let none = #"{"kind": "none", "opacity": 0}"#
        // The bar is 24 pt tall (6 px here): every pixel of it lies near its edge.
        let bar = try GlassBundle(fill: white, layerFill: black, shadow: none, translucency: half, image: "bar.svg").render()
        let block = try GlassBundle(fill: white, layerFill: black, shadow: none, translucency: half).render()
        let barTop = Int(bar.pixel(x: 128, y: 126)[0]), blockTop = Int(block.pixel(x: 128, y: 102)[0])
        #expect(barTop > blockTop + 30, "thin bar \(barTop), the block's top \(blockTop)")
    }

    @Test("the canvas's linear gradient lies lower and longer than its orientation says, as Icon Composer draws it")
    func canvasGradientPlacement() throws {
        let fill = #"{"linear-gradient": ["srgb:1.00000,0.00000,0.00000,1.00000", "srgb:0.00000,0.00000,1.00000,1.00000"], "#
            + #""orientation": {"start": {"x": 0.5, "y": 0}, "stop": {"x": 0.5, "y": 0.7}}}"#
        let image = try GlassBundle(fill: fill, layerFill: "", shadow: #"{"kind": "none", "opacity": 0}"#).render()
        // The first colour holds through the top tenth; at 78% of the height (past the orientation's 70%) red remains.
        #expect(image.pixel(x: 8, y: 13) == SIMD4(255, 0, 0, 255), "\(image.pixel(x: 8, y: 13))")
        #expect(image.pixel(x: 8, y: 200)[0] > 30 && image.pixel(x: 8, y: 250) == SIMD4(0, 0, 255, 255), "\(image.pixel(x: 8, y: 200))")
    }

    @Test("the canvas's gradient runs down from its first colour whichever way its orientation is written")
    func canvasGradientWrittenUpwards() throws {
        let colours = #""linear-gradient": ["srgb:1.00000,0.00000,0.00000,1.00000", "srgb:0.00000,0.00000,1.00000,1.00000"], "#
        let down = #"{\#(colours)"orientation": {"start": {"x": 0.5, "y": 0}, "stop": {"x": 0.5, "y": 0.7}}}"#
        let up = #"{\#(colours)"orientation": {"start": {"x": 0.5, "y": 1}, "stop": {"x": 0.5, "y": 0.3}}}"#
        let plain = #"{"kind": "none", "opacity": 0}"#
        let (downward, upward) = (try GlassBundle(fill: down, layerFill: "", shadow: plain).render(),
                                  try GlassBundle(fill: up, layerFill: "", shadow: plain).render())
        // Icon Composer exports Milo's sky (1 → 0.3) as it does Lyria's fill (0 → 0.7): the first colour on top.
        #expect(upward.pixel(x: 8, y: 13) == SIMD4(255, 0, 0, 255), "\(upward.pixel(x: 8, y: 13))")
        #expect(upward.pixel(x: 8, y: 250) == SIMD4(0, 0, 255, 255), "\(upward.pixel(x: 8, y: 250))")
        for y in [13, 100, 200, 250] { #expect(upward.pixel(x: 8, y: y) == downward.pixel(x: 8, y: y), "row \(y)") }
    }

    @Test("a gradient without an orientation runs as Icon Composer's default one, 0 → 0.7")
    func gradientWithoutOrientation() throws {
        let colours = #""linear-gradient": ["srgb:1.00000,0.00000,0.00000,1.00000", "srgb:0.00000,0.00000,1.00000,1.00000"]"#
        let plain = #"{"kind": "none", "opacity": 0}"#
        let (unsaid, written) = (try GlassBundle(fill: "{\(colours)}", layerFill: "", shadow: plain).render(),
                                 try GlassBundle(fill: #"{\#(colours), "orientation": {"start": {"x": 0.5, "y": 0}, "stop": {"x": 0.5, "y": 0.7}}}"#,
                                                 layerFill: "", shadow: plain).render())
        // ParkingRights' canvas: read as 0 → 1, its bottom stayed half way between the colours.
        #expect(unsaid.pixel(x: 8, y: 240) == SIMD4(0, 0, 255, 255), "\(unsaid.pixel(x: 8, y: 240))")
        for y in [13, 100, 200, 240] { #expect(unsaid.pixel(x: 8, y: y) == written.pixel(x: 8, y: y), "row \(y)") }
    }

    @Test("a layer fill slanted from corner to corner runs across the layer, not only down it")
    func slantedLayerFill() throws {
        let (red, blue) = ("srgb:1.00000,0.00000,0.00000,1.00000", "srgb:0.00000,0.00000,1.00000,1.00000")
        let layerFill = #""fill": {"linear-gradient": ["\#(red)", "\#(blue)"], "orientation": {"start": {"x": 0, "y": 0}, "stop": {"x": 1, "y": 1}}},"#
        let image = try GlassBundle(layerFill: layerFill, shadow: #"{"kind": "none", "opacity": 0}"#, glass: false).render()
        // The square spans 96…160: red at its top left, blue at its bottom right, and the other two corners alike
        // (both half way along the diagonal), where a vertical gradient would make the top right red.
        let (topLeft, bottomRight) = (image.pixel(x: 100, y: 100), image.pixel(x: 156, y: 156))
        let (topRight, bottomLeft) = (image.pixel(x: 156, y: 100), image.pixel(x: 100, y: 156))
        #expect(topLeft[0] > topLeft[2] + 100 && bottomRight[2] > bottomRight[0] + 100, "\(topLeft) \(bottomRight)")
        #expect(abs(Int(topRight[0]) - Int(bottomLeft[0])) <= 3 && abs(Int(topRight[2]) - Int(bottomLeft[2])) <= 3, "\(topRight) \(bottomLeft)")
    }

    @Test("dark without a dark fill is the system's dark background, darker than light")
    func darkDerivation() throws {
        let bundle = GlassBundle(fill: #"{"automatic-gradient": "srgb:1.00000,0.80000,0.00000,1.00000"}"#)
        let (light, dark) = (try bundle.render(.light), try bundle.render(.dark))
        #expect(luminance(dark.pixel(x: 20, y: 128)) < luminance(light.pixel(x: 20, y: 128)) / 4)
        let corner = dark.pixel(x: 20, y: 20)
        #expect(corner[0] < 70 && abs(Int(corner[0]) - Int(corner[2])) <= 3, "a neutral dark grey: \(corner)")
    }

    @Test("tinted: never blank, on a dark background, the accent dot kept apart from the white body")
    func tinted() throws {
        // A white body on white: greyscale of the light artwork would be all white.
        let bundle = GlassBundle(fill: #"{"solid": "srgb:1.00000,1.00000,1.00000,1.00000"}"#, layerFill: "",
                                 extraLayers: #"{"image-name": "dot.svg", "name": "dot", "position": {"scale": 0.25, "translation-in-points": [0, 0]}},"#)
        let image = try bundle.render(.tinted)
        let (background, body, dot) = (luminance(image.pixel(x: 20, y: 128)), luminance(image.pixel(x: 100, y: 128)), luminance(image.pixel(x: 128, y: 128)))
        // Icon Composer's tinted exports are dark: white artwork at about 8% luminance, the background under 1%.
        #expect(background < 0.01, "dark background: \(background)")
        #expect(body > background * 4, "the body stands out: \(body) over \(background)")
        #expect(abs(dot - body) > body * 0.2, "the accent differs from the body: \(dot) vs \(body)")
    }

    @Test("the mask: transparent corners, an opaque middle, the rim lit on top")
    func mask() throws {
        let image = try GlassBundle().render(masked: true)
        #expect(image.pixel(x: 1, y: 1)[3] == 0 && image.pixel(x: 128, y: 128)[3] == 255)
        #expect(luminance(image.pixel(x: 128, y: 1)) > luminance(image.pixel(x: 128, y: 40)) + 0.05)
    }

    @Test("the icon's rim light screens the colour towards white: a dark channel gains twice what a mid one does, a full one stays full")
    func rimScreens() throws {
        // Apple's rim on Tankodex's black is about half as bright as white light added in linear light made it, and
        // AI Camera's red stays red; in encoded values each channel moves the same share of the way to white.
        let image = try GlassBundle(fill: #"{"solid": "srgb:0.00000,0.50000,1.00000,1.00000"}"#).render(masked: true)
        let (rim, inside) = (image.pixel(x: 128, y: 2), image.pixel(x: 128, y: 40))
        let (dark, mid) = (Double(rim[0]) - Double(inside[0]), Double(rim[1]) - Double(inside[1]))
        #expect(dark > 30, "\(rim) \(inside)")
        #expect(abs(mid / dark - 0.5) < 0.05, "\(rim) \(inside): the mid channel gained \(mid), the dark one \(dark)")
        #expect(rim[2] == 255)
    }

    @Test("\"appearance\": \"light\" is the default appearance")
    func lightAppearance() throws {
        let fill = #""fill-specializations": [{"appearance": "light", "value": {"solid": "srgb:0.00000,1.00000,0.00000,1.00000"}}, {"appearance": "dark", "value": {"solid": "srgb:1.00000,0.00000,0.00000,1.00000"}}],"#
        let light = try GlassBundle(layerFill: fill, shadow: #"{"kind": "none", "opacity": 0}"#).render(.light)
        let middle = light.pixel(x: 128, y: 128)
        #expect(Int(middle[1]) > Int(middle[0]) + 100, "green: \(middle)")
        let dark = try GlassBundle(layerFill: fill, shadow: #"{"kind": "none", "opacity": 0}"#).render(.dark).pixel(x: 128, y: 128)
        #expect(Int(dark[0]) > Int(dark[1]) + 100, "red: \(dark)")
    }

    @Test("validate takes \"appearance\": \"light\" for the appearance Icon Composer writes, not an unknown one")
    func lightIsNoFinding() throws {
        let fill = #""fill-specializations": [{"appearance": "light", "value": {"solid": "srgb:0.00000,1.00000,0.00000,1.00000"}}],"#
        let path = try GlassBundle(layerFill: fill).write()
        let found = try Validator().validate([path], parallelism: .serial).files.flatMap(\.findings)
        #expect(!found.contains { $0.rule == .iconSpecialization }, "\(found.map(\.line))")
    }

    @Test("the same bundle draws the same pixels every time")
    func deterministic() throws {
        let bundle = GlassBundle(translucency: #"{"enabled": true, "value": 0.5}"#)
        #expect(try bundle.render(masked: true) == bundle.render(masked: true))
    }

    @Test("a missing layer file is an error naming it")
    func missingLayer() throws {
        let path = try GlassBundle().write()
        try FileManager.default.removeItem(atPath: path + "/Assets/square.svg")
        let bundle = try IconComposerBundle.read(path)
        #expect { try IconComposerRenderer.render(bundle, options: .init(pixels: 64), limits: .default) } throws: { error in
            "\(error)".contains("square.svg")
        }
    }
}
