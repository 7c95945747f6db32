// Resampler throughput: source megapixels per second, single core and all cores, for the cases the
// resampler issue names. Prints one JSON object per case so the driver script can compute ratios.
import Dispatch
import Foundation
import IconForgeKit
import PNGCodec
import Raster

func load(_ path: String) -> Image {
    let bytes = [UInt8](FileManager.default.contents(atPath: path)!)
    return try! PNG.decode(bytes).image
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func measure(_ runs: Int, _ body: () -> Void) -> Double {
    body() // warm-up: tables, page faults
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return median(times)
}

let arguments = CommandLine.arguments
if arguments.count > 2, arguments[1] == "decode" { // decode time of each file, median of 9
    for path in arguments.dropFirst(2) {
        let bytes = [UInt8](FileManager.default.contents(atPath: path)!)
        let seconds = measure(9) { _ = try! PNG.decode(bytes) }
        print(String(format: "%8.2f ms  %@", seconds * 1000, path))
    }
    exit(0)
}
if arguments.count > 1, arguments[1] == "deflate" {
    EncodeBench.compareCompressors(Array(arguments.dropFirst(2)))
    exit(0)
}
if arguments.count > 1, arguments[1] == "encode" {
    EncodeBench.run(Array(arguments.dropFirst(2)))
    exit(0)
}
let root = arguments.count > 1 ? arguments[1] : "."
let runs = arguments.count > 2 ? Int(arguments[2])! : 15
let icon = load("\(root)/glyph-1024.png")
let launch = load("\(root)/launch-2732.png")
let photo = load("\(root)/photo-2732.png")
let cores = ProcessInfo.processInfo.activeProcessorCount
let allCores = Parallelism(width: cores) { count, body in DispatchQueue.concurrentPerform(iterations: count, execute: body) }

let cases: [(String, Image, PixelSize, FitMode)] = [
    ("1024->180", icon, PixelSize(width: 180, height: 180), .stretch),
    ("1024->29", icon, PixelSize(width: 29, height: 29), .stretch),
    ("2732->1242x2208 fill", launch, PixelSize(width: 1242, height: 2208), .fill),
    ("photo 2732->1242x2208 fill", photo, PixelSize(width: 1242, height: 2208), .fill),
]
for (name, image, size, fit) in cases {
    let megapixels = Double(image.width * image.height) / 1e6
    let options = ResizeOptions(filter: .lanczos3, fit: fit)
    let single = measure(runs) { _ = Resampler.resize(image, to: size, options: options) }
    let parallel = measure(runs) { _ = Resampler.resize(image, to: size, options: options, parallelism: allCores) }
    let prepared = LinearImage(image)
    let reuse = measure(runs) { _ = Resampler.resize(prepared, to: size, options: options) }
    print(#"{"case": "\#(name)", "single_s": \#(single), "all_s": \#(parallel), "prepared_single_s": \#(reuse), "mpix": \#(megapixels), "cores": \#(cores)}"#)
}
