import Foundation
import FuzzSupport
import IconForgeKit

// One set folder, reused for every input: Contents.json is the fuzzed bytes, beside one small valid PNG
// that entries may name. Both readers of Contents.json run: validate's (CatalogReader) and generate's (a dry run of
// the ios preset into the catalog: the plan reads the set's layout, which a real run keeps).
// Globals are initialised lazily, on the first input.
let folder = (ProcessInfo.processInfo.environment["FUZZ_SCRATCH"] ?? NSTemporaryDirectory()) + "/iconforge-fuzz-\(getpid())/A.xcassets"
let set: String = {
    let set = folder + "/AppIcon.appiconset"
    try? FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: set + "/a.png", contents: Data(png))
    return set
}()
let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0,
                    0x90, 0x77, 0x53, 0xDE, 0, 0, 0, 12, 0x49, 0x44, 0x41, 0x54, 0x08, 0xD7, 0x63, 0xF8, 0xCF, 0xC0, 0, 0, 0x03, 0x01, 0x01, 0,
                    0x18, 0xDD, 0x8D, 0xB0, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = FileManager.default.createFile(atPath: set + "/Contents.json", contents: Data(bytes: data, count: size))
    _ = try? Validator().validate([URL(fileURLWithPath: folder)], parallelism: .serial)
    FuzzSupport.plan(presets: "ios", into: folder)
    return 0
}
