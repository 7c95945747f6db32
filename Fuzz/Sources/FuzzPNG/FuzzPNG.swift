import IconForgeKit
import PNGCodec

// Header facts, a full decode within the default limits, and validate's checks of the result.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? PNG.info(bytes)
    _ = try? PNG.decode(bytes, verifiesChecksum: size % 2 == 0)
    return 0
}
