import Foundation
import FuzzSupport
import IconForgeKit

// A website's folder, reused for every input: the input split at its first 0x00 byte is manifest.webmanifest and
// index.html (without one, both are the whole input), beside tiny icons under the names the seeds link. Both
// public paths that read them run: validate (WebManifestChecks) and generate's dry run for the web preset
// (Generator.plan: the icons the manifest lists and the page links are adopted, WebManifest.listedIcons and
// WebPage.linkedIcons).
let folder: String = {
    let folder = FuzzSupport.folder("web")
    try? FileManager.default.createDirectory(atPath: folder + "/icons", withIntermediateDirectories: true)
    for name in ["favicon.png", "icon-192.png", "icons/Icon-192.png", "apple-touch-icon.png"] { FuzzSupport.write(FuzzSupport.png, to: folder + "/" + name) }
    FuzzSupport.write(FuzzSupport.svg, to: folder + "/logo.svg")
    return folder
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let (manifest, page) = FuzzSupport.split(data, size)
    FuzzSupport.write(manifest, to: folder + "/manifest.webmanifest")
    FuzzSupport.write(page, to: folder + "/index.html")
    _ = try? Validator(limits: FuzzSupport.limits).validate([URL(fileURLWithPath: folder)], parallelism: .serial)
    FuzzSupport.plan(presets: "web", into: folder)
    return 0
}
