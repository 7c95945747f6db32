import Foundation

/// A tvOS app's icon and Top Shelf images, `App Icon & Top Shelf Image.brandassets`: a catalog folder whose
/// Contents.json lists its members by role and size in points — the layered app icon (`App Icon.imagestack`,
/// 400x240 pt at 1x and 2x), the App Store's (`App Icon - App Store.imagestack`, 1280x768 at 1x), the Top Shelf image
/// (`Top Shelf Image.imageset`, 1920x720) and the wide one (2320x720). A stack is an `ImageStack`; its layers' and the
/// Top Shelf sets' pictures must be exactly the member's size at their scale, as actool requires.
package enum BrandAssets {
    static let kind = "brandassets"

    /// One member as Contents.json lists it.
    package struct Member: Sendable, Equatable {
        package var filename: String
        /// `primary-app-icon`, `top-shelf-image` or `top-shelf-image-wide`.
        package var role: String
        package var size: PointSize
        package var idiom: String = "tv"

        var contents: ContentsJSON {
            .object(["filename": .string(filename), "idiom": .string(idiom), "role": .string(role), "size": .string(size.description)])
        }
    }

    /// The members `folder`'s Contents.json lists (entries without a file name, role or size are skipped); nil when
    /// it is missing or not a JSON object.
    package static func members(of folder: String) -> [Member]? {
        guard let bytes = try? FileIO.readDocument((folder as NSString).appendingPathComponent("Contents.json")),
              let fields = (try? ContentsJSON.parse(bytes))?.fields else { return nil }
        return (fields["assets"]?.array ?? []).compactMap { entry in
            guard let fields = entry.fields, let filename = fields["filename"]?.string, let role = fields["role"]?.string,
                  let size = fields["size"]?.string.flatMap(PointSize.init(parsing:)) else { return nil }
            return Member(filename: filename, role: role, size: size, idiom: fields["idiom"]?.string ?? "tv")
        }
    }

    /// The brand assets folder (relative to the output folder) that the set at `set` lies in, and the member entry that
    /// lists it: from the set's path (`X.brandassets/App Icon.imagestack/Front.imagestacklayer/Content.imageset`) and
    /// the role and size its preset output gives. Nil for a set outside brand assets.
    static func membership(ofSet set: String, spec: IconSpec) -> (folder: String, member: Member)? {
        let parts = set.split(separator: "/").map(String.init)
        guard let brand = parts.firstIndex(where: { $0.fileExtension == kind }), brand + 1 < parts.count,
              let role = spec.xcodeRole, let size = spec.points else { return nil }
        return (parts[...brand].joined(separator: "/"), Member(filename: parts[brand + 1], role: role, size: size))
    }

    /// Lists `member` in `folder`'s Contents.json (created where missing), keeping every other entry and key; an entry
    /// of the same file name whose role or size differ is replaced. Entries stay in file-name order, as Xcode keeps them.
    static func prepare(folder: String, member: Member, writer: OutputWriter) throws(IconForgeError) {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw .file(.writeFailed(path: folder, reason: error.localizedDescription))
        }
        let contents = (folder as NSString).appendingPathComponent("Contents.json")
        var root = try ContentsJSON.containerFields(at: contents)
        var entries = root["assets"]?.array ?? []
        if let index = entries.firstIndex(where: { $0.fields?["filename"]?.string == member.filename }) {
            let fields = entries[index].fields ?? [:]
            if fields["role"]?.string == member.role, fields["size"]?.string == member.size.description { return }
            entries[index] = member.contents
        } else {
            entries.append(member.contents)
        }
        entries.sort { ($0.fields?["filename"]?.string ?? "") < ($1.fields?["filename"]?.string ?? "") }
        root["assets"] = .array(entries)
        try writer.write(Array(ContentsJSON.object(root).rendered.utf8), to: contents)
    }
}

// MARK: - Checks

extension BrandAssets {
    /// The member an image set belongs to — a layer's `Content.imageset` in a stack of a `.brandassets`, or a Top
    /// Shelf set in it — as its Contents.json lists it, and how a finding names it ("App Icon, back layer"); nil for
    /// any other set.
    static func member(containing set: String) -> (member: Member, label: String, upperLayer: Bool)? {
        let parent = set.parentFolder
        let memberFolder: String, layer: String?
        if parent.fileExtension == "imagestacklayer", parent.parentFolder.fileExtension == "imagestack" {
            memberFolder = parent.parentFolder
            layer = ((parent as NSString).lastPathComponent as NSString).deletingPathExtension
        } else {
            memberFolder = set
            layer = nil
        }
        let brand = memberFolder.parentFolder
        guard brand.fileExtension == kind, let member = members(of: brand)?.first(where: { $0.filename == (memberFolder as NSString).lastPathComponent })
        else { return nil }
        let name = (member.filename as NSString).deletingPathExtension
        let upper = layer.map { $0.lowercased() != "back" } ?? false
        return (member, layer.map { "\(name), \($0.lowercased()) layer, \(member.size) pt" } ?? "\(name), \(member.size) pt", upper)
    }

    /// What actool and App Store Connect check of the folder as a whole: its Contents.json, members it lists that
    /// are missing, stacks and sets in it that it does not list, and the app icon, App Store icon and Top Shelf image
    /// an Apple TV app needs. The members' pictures are checked as the walk reaches their sets (`member(containing:)`).
    static func check(_ folder: String) -> [SetFinding] {
        let contents = (folder as NSString).appendingPathComponent("Contents.json"), name = (folder as NSString).lastPathComponent
        var findings: [SetFinding] = []
        func report(_ finding: Finding) { findings.append(SetFinding(path: contents, finding: finding)) }
        guard FileManager.default.fileExists(atPath: contents) else {
            report(Finding(.missingFile, .error, "\(name) has no Contents.json", fix: "recreate it in Xcode, or run 'iconforge generate --preset tvos'"))
            return findings
        }
        guard let members = members(of: folder) else {
            report(Finding(.decode, .error, "Contents.json is not valid JSON", fix: "restore it from version control, or recreate the folder"))
            return findings
        }
        let children = Set(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { ["imagestack", "imageset"].contains($0.fileExtension) })
        for member in members where !children.contains(member.filename) {
            report(Finding(.missingFile, .error, "Contents.json lists \(member.filename) (\(member.role), \(member.size)), but there is no such folder",
                           fix: "add it in Xcode, or run 'iconforge generate --preset tvos'"))
        }
        for child in children.sorted() where !members.contains(where: { $0.filename == child }) {
            report(Finding(.unreferencedFile, .warning, "\(child) is in \(name) but Contents.json does not list it: actool leaves it out",
                           fix: "assign it to a role in Xcode, or delete it"))
        }
        let needed: [(role: String, size: String, what: String)] = [
            ("primary-app-icon", "400x240", "the app icon (400x240 pt)"), ("primary-app-icon", "1280x768", "the App Store icon (1280x768)"),
            ("top-shelf-image", "1920x720", "the Top Shelf image (1920x720)"),
        ]
        let missing = needed.filter { need in !members.contains { $0.role == need.role && $0.size.description == need.size } }
        if !missing.isEmpty, members.contains(where: { $0.role == "primary-app-icon" }) {
            report(Finding(.missingSize, .warning, "\(name) has no \(missing.map(\.what).joined(separator: ", ")): an Apple TV app needs each",
                           fix: "add it in Xcode, or run 'iconforge generate --preset tvos'"))
        }
        return findings
    }
}
