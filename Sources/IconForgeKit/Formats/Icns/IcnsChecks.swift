import PNGCodec

/// `validate`'s rules for an `.icns` file: it is one (not a PNG renamed), every element reads and decodes at
/// its type's size, no PNG sits in the 16/32 px types macOS 26 draws as noise, and the 512 pt @2x image the Mac
/// App Store requires is there.
enum IcnsChecks {
    static func check(name: String, bytes: [UInt8], kind: FileKind?, limits: PNGLimits) -> [Finding] {
        guard kind == .icns else {
            let what = kind.map { "\($0) data" } ?? "not an icon file"
            return [Finding(.icns, .error, "\(name) is \(what) named .icns; the Mac App Store refuses it (\"missing 512pt@2x\")",
                            fix: "run 'iconforge generate MASTER --preset macos' for a real .icns")]
        }
        let elements: [Icns.Element]
        do { elements = try Icns.read(bytes) } catch {
            return [Finding(.icns, .error, "\(name) \(error)", fix: "re-create it with 'iconforge generate --preset macos' or iconutil")]
        }
        var findings: [Finding] = []
        for element in elements where Icns.pixels(of: element.type) != nil {
            if ["icp4", "icp5"].contains(element.type), element.data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                findings.append(Finding(.icns, .error, "\(name): \(element.type) holds PNG data, which macOS 26 draws as noise",
                                        fix: "use ic04/ic05 with ARGB data for 16 and 32 px ('iconforge generate --preset macos' does)"))
                continue
            }
            guard Icns.imageTypes.contains(where: { $0.type == element.type }) else { continue }
            do { _ = try Icns.decode(element, limits: limits) } catch {
                findings.append(Finding(.icns, .error, "\(name): \(error)", fix: "re-create the file"))
            }
        }
        if !elements.contains(where: { $0.type == "ic10" }) {
            findings.append(Finding(.icns, .error, "\(name) has no ic10 (512 pt @2x, 1024 px) image; the Mac App Store requires it",
                                    fix: "add a 1024 px image ('iconforge generate MASTER --preset macos')"))
        }
        return findings
    }
}
