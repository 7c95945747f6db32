import Foundation
import FuzzSupport
import IconForgeKit
import Raster

// Ico.read, which decodes every entry (PNG within small limits, or a 32-bit BMP), on the bytes. A file that reads
// must survive its own writer: its square entries encoded again read back as the same pixels (8 bits a channel,
// as Ico writes). validate has no .ico rules; given the file by name it still identifies the bytes, so that runs too.
let file = FuzzSupport.folder("web") + "/favicon.ico"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let entries = try? Ico.read(bytes, limits: FuzzSupport.limits), entries.allSatisfy({ $0.image.width == $0.image.height }) {
        let images = entries.map(\.image)
        if let again = try? Ico.encode(images) {
            let back: [Ico.Entry]
            do { back = try Ico.read(again) } catch { fatalError("Ico.encode wrote a file Ico.read refuses: \(error)") }
            precondition(back.map(\.image) == images.map { $0.converted(to: .rgba8) }, "an .ico read, written and read again changed its pixels")
        }
    }
    FuzzSupport.write(bytes, to: file)
    _ = try? Validator(limits: FuzzSupport.limits).validate([URL(fileURLWithPath: file)], parallelism: .serial)
    return 0
}
