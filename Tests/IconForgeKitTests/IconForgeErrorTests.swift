import Foundation
import IconForgeKit
import PNGCodec
import Raster
import Testing

/// The one-line descriptions users read: the path, then the reason, worded as before the errors were typed.
@Suite("IconForgeError (typed cases, the wording users see)")
struct IconForgeErrorTests {
    @Test("each concern's case reads as 'path: reason'", arguments: [
        (IconForgeError.master(path: "a.jpg", .notJPEGOrSVG), "a.jpg: is neither a JPEG nor an SVG"),
        (.master(path: "m.png", .notSquare(size: PixelSize(width: 13, height: 11), output: "iTunesArtwork")),
         "m.png: is 13x11, but app icons are square (iTunesArtwork); crop the master, or pass --fit fill (crop) or --fit fit (pad)"),
        (.overLimit(path: "out/big.png", .output(refusal: "9x9 exceeds the 8x8 limit")), "out/big.png: cannot make 9x9 exceeds the 8x8 limit"),
        (.overLimit(path: "A.icon", .drawing(refusal: "R")), "A.icon: cannot draw it at R"),
        (.overLimit(path: "A.icon/Assets/x.svg", .placedLayer(refusal: "R")), "A.icon/Assets/x.svg: is placed at a scale that needs R"),
        (.overLimit(path: "site/manifest.json", .manifestIcons(count: 300, limit: 256)),
         "site/manifest.json: lists 300 icons to render, more than the 256 IconForge renders for a manifest"),
        (.overLimit(path: "out", .runPixels(files: 9, megapixels: 700, limit: 600)),
         "out: the run would write 9 files of 700 megapixels in all, more than the 600 IconForge writes in one run"),
        (.outputFolder(path: "A.xcassets/AppIcon.appiconset", .assetSet(holder: "A.xcassets")),
         "A.xcassets/AppIcon.appiconset: is an asset set or bundle; give the folder that holds it (A.xcassets) and IconForge writes the set inside it"),
        (.outputFolder(path: "A.xcassets/web", .insideCatalog(looseFile: "favicon.ico")),
         "A.xcassets/web: is inside an asset catalog, where favicon.ico and the other loose files of the presets would sit among its sets; "
            + "give the catalog or a folder outside it"),
        (.outputFolder(path: "A.xcassets/AppIcon.appiconset", .notAFolder),
         "A.xcassets/AppIcon.appiconset: exists and is not a folder; move it away to generate this set"),
        (.projectLayout(path: "my app", .variantName), "my app: a variant's name is a plain name such as dev or staging"),
        (.projectLayout(path: ".", .noFolder(presets: ["web"], found: ["asset catalog A.xcassets"])),
         ".: has no folder for web (found: asset catalog A.xcassets); give --out that folder for those presets, or generate them in a run of their own"),
        (.projectLayout(path: ".", .severalFolders(presets: ["ios"], folders: ["A.xcassets", "B.xcassets"])),
         ".: has several asset catalogs with an app icon for ios (A.xcassets, B.xcassets, one per app target): give --out the one to write into, or run once for each"),
        (.update(path: "manifest.json", .notAJSONObject(replacement: nil)),
         "manifest.json: is not a JSON object; fix it, or move it away to have IconForge write a new one"),
        (.update(path: "ext/manifest.json", .notAJSONObject(replacement: "icons.json")),
         "ext/manifest.json: is not a JSON object; fix it, or move it away to have IconForge write icons.json instead"),
        (.update(path: "ext/manifest.json", .notEditableInPlace(member: "action.default_icon", snippet: "icons.json")),
         "ext/manifest.json: could not be edited in place (action.default_icon); add the icons from icons.json by hand"),
        (.update(path: "site", .noPage), "site: has no index.html (nor, for Vite, one beside it) for --update-html to update"),
        (.update(path: "site/index.html", .noHead),
         "site/index.html: has no </head>: IconForge does not guess where the <link> tags go; add them from icons.html"),
        (.update(path: "app.desktop", .noDesktopEntryGroup), "app.desktop: has no [Desktop Entry] group; IconForge does not guess where Icon= goes"),
        (.update(path: "S.solidimagestack/Contents.json", .invalidContentsJSON),
         "S.solidimagestack/Contents.json: is not valid JSON; fix or move it to generate the visionOS icon"),
        (.icns(path: "a.icns", .notIcns), "a.icns: is not an .icns file (it does not start with 'icns')"),
        (.ico(path: "a.ico", .truncated), "a.ico: ends inside its directory"),
        (.badge(.empty), "--badge: the badge text is empty"),
        (.badge(.undrawable(text: "β", characters: ["Β"])), "--badge: 'β' has 'Β', which badges cannot draw (letters A–Z, digits and . - _ + only)"),
        (.preview(path: "nope", .notFound), "nope: no such file or folder"),
        (.writeCheck(path: "a.icns", .containerUnreadable("x")),
         "a.icns: internal check failed: the written file does not read back (x) — please report this bug"),
        (.writeCheck(path: "a.png", .mismatched(["is 8x8, not 16x16", "is interlaced"])),
         "a.png: internal check failed: is 8x8, not 16x16, is interlaced — please report this bug"),
        (.iconComposer(path: "A.icon", .noDocument), "A.icon: is not an Icon Composer bundle: it has no icon.json"),
        (.iconComposer(path: "A.icon", .noRoomForBadge(groups: 4)),
         "A.icon: already has 4 groups, the most Icon Composer allows: there is no room for the badge's group"),
    ])
    func wording(error: IconForgeError, expected: String) {
        #expect(error.description == expected)
    }

    @Test("a refusal reaches a Swift caller as its case, with the values to act on")
    func typedRefusals() throws {
        #expect(throws: IconForgeError.projectLayout(path: "my app", .variantName)) {
            try ProjectLayout.variantRoutes(presets: ["ios"], out: ".", variant: "my app")
        }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("iconforge-\(UUID().uuidString)").path
        #expect(throws: IconForgeError.preview(path: missing, .notFound)) {
            try Previewer(options: GenerateOptions(presets: [])).render(sources: [missing])
        }
        #expect(throws: IconForgeError.iconComposer(path: missing, .notABundle)) {
            try IconComposerRenderer.write(input: missing, output: missing + ".png", options: .init(), limits: .default)
        }
    }
}
