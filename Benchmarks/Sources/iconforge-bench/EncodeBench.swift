import Dispatch
import Foundation
import PNGCodec
import Raster

/// `iconforge-bench encode FILE...`: time and bytes of libpng encodes at several settings, one core.
enum EncodeBench {
    static func run(_ paths: [String]) {
        let images = paths.map { try! PNG.decode([UInt8](FileManager.default.contents(atPath: $0)!)).image }
        let pixels = images.reduce(0) { $0 + $1.width * $1.height }
        var settings: [(String, PNGEncodeOptions)] = []
        let filterSets: [(String, PNGEncodeOptions.Filters)] = [("all", .all), ("s+u+p", [.sub, .up, .paeth]), ("s+u", [.sub, .up]), ("up", .up), ("paeth", .paeth), ("sub", .sub), ("none", .none)]
        let levels = ProcessInfo.processInfo.environment["LEVELS"].map { $0.split(separator: ",").map { Int($0)! } } ?? [1, 4, 6, 9]
        for strategy in PNGEncodeOptions.Strategy.allCases {
            for level in levels where !(strategy == .rle && level != 6) {
                for (filterName, filters) in filterSets {
                    settings.append(("L\(level) \(strategy) \(filterName)", PNGEncodeOptions(colorType: .rgb, compressionLevel: level, filters: filters, strategy: strategy)))
                }
            }
        }
        for (name, options) in settings {
            var bytes = 0
            let start = DispatchTime.now().uptimeNanoseconds
            for image in images { bytes += try! PNG.encode(image, options: options).count }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            print(String(format: "%-18@ %8.3f s %10d bytes %6.1f Mpx/s", name as NSString, seconds, bytes, Double(pixels) / seconds / 1e6))
        }
    }

    /// `iconforge-bench deflate FILE...`: the icon setting (sampled Sub/Up or none) with zlib at levels 5, 6 and
    /// 9 and with libdeflate at levels 1 … 12, median of 5, one core: what the per-role levels were chosen by.
    static func compareCompressors(_ paths: [String]) {
        let images = paths.map { try! PNG.decode([UInt8](FileManager.default.contents(atPath: $0)!)).image }
        let settings: [(PNGEncodeOptions.Compressor, Int)] = [(.zlib, 5), (.zlib, 6), (.zlib, 9)] + (1...12).map { (.libdeflate, $0) }
        for (compressor, level) in settings {
            let options = PNGEncodeOptions(colorType: .rgb, compressionLevel: level, filters: [.sub, .up], alternativeFilters: [.none],
                                           compressor: compressor)
            var bytes = 0
            let seconds = measure(5) { bytes = 0; for image in images { bytes += try! PNG.encode(image, options: options).count } }
            print(String(format: "%@ %2d %8.2f ms %9d bytes", "\(compressor)" as NSString, level, seconds * 1000, bytes))
        }
    }
}
