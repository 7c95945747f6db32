import Foundation
import FuzzSupport
import IconForgeKit
import Raster

// Icns.read, then Icns.decode of every element within small limits; validate's .icns rules (IcnsChecks) and
// `iconforge inspect`'s (IcnsInspection) on the same bytes as AppIcon.icns. What reads must survive the writer:
// elements written again are the same bytes (when every type is ASCII, as the reader's String keeps only those
// exactly), and an ARGB image written again decodes to the same pixels.
let file = FuzzSupport.folder("mac") + "/AppIcon.icns"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let elements = try? Icns.read(bytes) {
        if elements.allSatisfy({ $0.type.utf8.count == 4 && $0.type.utf8.allSatisfy { $0 < 0x80 } }) {
            precondition(Icns.encode(elements) == bytes, "an .icns read and written again changed its bytes")
        }
        for element in elements {
            guard let image = try? Icns.decode(element, limits: FuzzSupport.limits) else { continue }
            if element.data.starts(with: Array("ARGB".utf8)) {
                let again = Icns.Element(type: element.type, data: Icns.argbData(image))
                precondition((try? Icns.decode(again, limits: FuzzSupport.limits)) == image, "an ARGB image written again decodes differently")
            }
        }
    }
    FuzzSupport.write(bytes, to: file)
    _ = try? Validator(limits: FuzzSupport.limits).validate([URL(fileURLWithPath: file)], parallelism: .serial)
    _ = (try? IcnsInspection.inspect(URL(fileURLWithPath: file)))?.text
    return 0
}
