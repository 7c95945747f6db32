import Foundation
import FuzzSupport
import IconForgeKit

// An Icon Composer bundle, X.icon, reused for every input: icon.json is the fuzzed bytes; Assets/ holds a tiny
// PNG and SVG under the names the seeds' layers use. Every reader of the bundle runs: the document's
// parser, validate's checks, inspect, and the flattener (SourceImage.read draws it 32 px a side, in the
// appearance the input's length picks).
let bundle: String = {
    let bundle = FuzzSupport.folder("X.icon")
    let assets = bundle + "/Assets"
    try? FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
    for name in ["disc.png", "disc-dark.png", "icon.png", "a.png"] { FuzzSupport.write(FuzzSupport.png, to: assets + "/" + name) }
    for name in ["bar.svg", "label.svg", "icon.svg"] { FuzzSupport.write(FuzzSupport.svg, to: assets + "/" + name) }
    return bundle
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Each layer's image resolved per appearance is inspect's (below) and the flattener's work.
    if let document = try? IconComposerDocument.parse(bytes) { _ = document.rendered }
    FuzzSupport.write(bytes, to: bundle + "/icon.json")
    _ = try? Validator(limits: FuzzSupport.limits).validate([URL(fileURLWithPath: bundle)], parallelism: .serial)
    _ = (try? IconComposerInspection.inspect(URL(fileURLWithPath: bundle)))?.text
    // One appearance per input (by its length), so the drawing, the slowest step, runs once.
    let appearance = Appearance.allCases[size % Appearance.allCases.count]
    _ = try? SourceImage.read(URL(fileURLWithPath: bundle), limits: FuzzSupport.limits, vectorSize: .longSide(32), appearance: appearance)
    return 0
}
