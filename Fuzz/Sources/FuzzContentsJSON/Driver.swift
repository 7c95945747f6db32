import FuzzSupport

// SwiftPM links an executable's entry point as `<target>_main`; libFuzzer's driver takes it from there.
@_cdecl("FuzzContentsJSON_main")
func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.run(argc, argv) { data, size in fuzz(data, size) }
}
