import Foundation
import FuzzSupport
import IconForgeKit

// An Android res/ folder, reused for every input: the input split at its first 0x00 byte is
// mipmap-anydpi-v26/ic_launcher.xml and values/colors.xml (without one, both are the whole input), beside tiny
// launcher PNGs, a drawable and the Play Store icon, so some references resolve. validate reads them
// (AndroidResourceChecks: the adaptive icon's references, the colour resources).
let res: String = {
    let res = FuzzSupport.folder("app/res")
    for sub in ["mipmap-anydpi-v26", "values", "mipmap-mdpi", "mipmap-xxxhdpi", "drawable"] {
        try? FileManager.default.createDirectory(atPath: res + "/" + sub, withIntermediateDirectories: true)
    }
    for name in ["mipmap-mdpi/ic_launcher.png", "mipmap-xxxhdpi/ic_launcher_foreground.png", "mipmap-xxxhdpi/ic_launcher_monochrome.png", "../ic_launcher-playstore.png"] {
        FuzzSupport.write(FuzzSupport.png, to: res + "/" + name)
    }
    FuzzSupport.write(Array(#"<vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="108dp" android:height="108dp"/>"#.utf8),
                      to: res + "/drawable/ic_launcher_background.xml")
    return res
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let (adaptive, colours) = FuzzSupport.split(data, size)
    FuzzSupport.write(adaptive, to: res + "/mipmap-anydpi-v26/ic_launcher.xml")
    FuzzSupport.write(colours, to: res + "/values/colors.xml")
    _ = try? Validator(limits: FuzzSupport.limits).validate([URL(fileURLWithPath: res)], parallelism: .serial)
    return 0
}
