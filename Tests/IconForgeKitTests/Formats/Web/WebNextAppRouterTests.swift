import Foundation
import IconForgeKit
import PNGCodec
import Raster
import TestSupport
import Testing

/// A Next.js app whose app router serves the site's metadata files (inbox-zero's `apps/web`: `app/manifest.ts` makes
/// `/manifest.webmanifest`, `app/icon.png`; others keep `app/favicon.ico`, `app/icon.svg`): a file of the same path in
/// `public/` is a conflict Next.js refuses ("A conflicting public file and page file was found for path …", a 500 in
/// development and a failed build), so `generate` into `public/` writes none there.
@Suite("Web apps: a Next.js app router's metadata files")
struct WebNextAppRouterTests {
    let web = WebAppTests()

    static let manifestRoute = """
        import type { MetadataRoute } from "next";
        import { BRAND_ICON_URL, BRAND_NAME } from "@/utils/branding";

        type ManifestIcon = NonNullable<MetadataRoute.Manifest["icons"]>[number];

        const defaultIcons: ManifestIcon[] = [
          {
            src: "/icons/icon-192x192.png",
            sizes: "192x192",
            type: "image/png",
            purpose: "maskable",
          },
          {
            src: "/icons/icon-512x512.png",
            sizes: "512x512",
            type: "image/png",
          },
        ];

        export default function manifest(): MetadataRoute.Manifest {
          const customIcon: ManifestIcon[] = BRAND_ICON_URL === "/icon.png" ? [] : [{ src: BRAND_ICON_URL, sizes: "any" as const }];
          return {
            name: BRAND_NAME,
            icons: [...customIcon, ...defaultIcons],
            screenshots: [{ src: "/screenshots/wide.png", sizes: "1280x720", type: "image/png" }],
            start_url: "/",
            display: "standalone",
          };
        }
        """

    @Test("inbox-zero's layout (app/manifest.ts listing /icons/icon-192x192.png as maskable and /icons/icon-512x512.png through a constant, app/favicon.ico, app/icon.svg): validate checks the route's icons at their stated sizes; generate into public/ writes no manifest.webmanifest, favicon.ico or icon.svg there, renders the two listed icons in place as their purpose says (not the screenshot), and says what it left and what the route's icons should list")
    func appRouterFiles() throws {
        let project = try Fixtures.tree([
            "package.json": #"{"name": "web", "dependencies": {"next": "15.3.0", "react": "19.0.0"}}"#,
            "app/manifest.ts": Self.manifestRoute,
            "app/favicon.ico": "ico",
            "app/icon.svg": #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>"#,
            "app/layout.tsx": "export default function RootLayout() { return null }\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let public_ = project.appendingPathComponent("public")
        try web.png(64, "icons/icon-192x192.png", in: public_)
        try web.png(64, "icons/icon-512x512.png", in: public_)
        let master = project.appendingPathComponent("design/logo.svg")
        try FileManager.default.createDirectory(at: master.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="24" fill="#3366CC"/></svg>"##.utf8).write(to: master)
        // validate reads the route's icons as generate does: both 64 px pictures say 192 and 512.
        let before = try Validator().validate([project.path]).files.flatMap(\.findings).filter { $0.message.hasPrefix("the manifest app/manifest.ts makes") }
        #expect(before.filter { $0.severity == .error }.count == 2, "\(before.map(\.message))")
        let report = try Generator(options: GenerateOptions(presets: try PresetCatalog.presets("web"))).run(source: master.path, outputFolder: public_.path)
        let after = try Validator().validate([project.path]).files.flatMap(\.findings).filter { $0.message.hasPrefix("the manifest app/manifest.ts makes") }
        #expect(!after.contains { $0.severity == .error }, "\(after.map(\.message))")
        let manager = FileManager.default
        for name in ["manifest.webmanifest", "manifest.json", "favicon.ico", "icon.svg", "screenshots/wide.png"] {
            #expect(!manager.fileExists(atPath: public_.appendingPathComponent(name).path), "\(name)")
        }
        #expect(try web.text(project.appendingPathComponent("app/manifest.ts")) == Self.manifestRoute)
        #expect(try web.text(project.appendingPathComponent("app/favicon.ico")) == "ico")
        for (name, side) in [("icons/icon-192x192.png", 192), ("icons/icon-512x512.png", 512)] {
            #expect(try PNG.decode(Fixtures.bytes(at: public_.appendingPathComponent(name))).image.size == PixelSize(width: side, height: side), "\(name)")
        }
        // The maskable one is drawn as maskable (opaque, on the background); the "any" one keeps the logo's transparency.
        #expect(try PNG.decode(Fixtures.bytes(at: public_.appendingPathComponent("icons/icon-192x192.png"))).image.isOpaque)
        #expect(try !PNG.decode(Fixtures.bytes(at: public_.appendingPathComponent("icons/icon-512x512.png"))).image.isOpaque)
        #expect(report.notes.contains { $0.contains("app/manifest.ts is the site's manifest (Next.js serves it at /manifest.webmanifest")
                                          && $0.contains("{ src: '/icons/icon-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' }") }, "\(report.notes)")
        for route in ["favicon.ico", "icon.svg"] {
            #expect(report.notes.contains { $0.contains("app/\(route) is the site's /\(route)") }, "\(route): \(report.notes)")
        }
        #expect(!(try web.text(public_.appendingPathComponent("icons.html"))).contains("rel=\"manifest\""))
    }

    @Test("the same public/ without Next.js (no next in package.json, no next.config) is a plain site: its manifest and favicon are written")
    func notNext() throws {
        let project = try Fixtures.tree(["package.json": #"{"name": "web", "dependencies": {"react": "19.0.0"}}"#,
                                         "app/manifest.ts": Self.manifestRoute, "app/favicon.ico": "ico"])
        defer { try? FileManager.default.removeItem(at: project) }
        let public_ = project.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: public_, withIntermediateDirectories: true)
        _ = try web.generate(into: public_)
        for name in ["manifest.webmanifest", "favicon.ico"] {
            #expect(FileManager.default.fileExists(atPath: public_.appendingPathComponent(name).path), "\(name)")
        }
    }
}
