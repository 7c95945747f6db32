import Foundation

/// Finds test inputs: the repository's own `TestImages/` and, when present, `../shared/` beside the
/// repository (PngSuite and the PNG regression corpora). Tests never depend on the current directory.
public enum Fixtures {
    /// The repository root, found from this file's location.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `TestImages/` in the repository.
    public static let testImages = repositoryRoot.appendingPathComponent("TestImages")

    /// `../shared/` beside the repository, which a user's fresh clone does not have.
    public static let shared = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// True when `../shared/pngsuite` exists.
    public static let hasPngSuite = FileManager.default.fileExists(atPath: shared.appendingPathComponent("pngsuite/MANIFEST.tsv").path)

    /// True when `../shared/png-regressions` exists.
    public static let hasRegressions = FileManager.default.fileExists(atPath: shared.appendingPathComponent("png-regressions/MANIFEST.tsv").path)

    /// The bytes of a file under `TestImages/`.
    public static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: testImages.appendingPathComponent(relativePath)))
    }

    /// The bytes of any file.
    public static func bytes(at url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// Names (without extension) of the generated decode fixtures that come with expected pixels.
    public static func decodeFixtureNames() -> [String] {
        let folder = testImages.appendingPathComponent("fixtures")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".rgba") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The rows of a tab-separated manifest as dictionaries keyed by the header line.
    public static func manifest(_ url: URL) -> [[String: String]] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        guard !lines.isEmpty else { return [] }
        let header = lines.removeFirst()
        return lines.map { fields in
            Dictionary(uniqueKeysWithValues: header.enumerated().map { ($1, $0 < fields.count ? fields[$0] : "") })
        }
    }

    /// Every regular file under `folder` (hidden ones and backups too), by relative path, with its bytes: what a test
    /// compares before and after a run ("a rerun changes no byte", "every original is kept").
    public static func snapshot(_ folder: URL) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let item = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(item)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue { files[item] = try bytes(at: url) }
        }
        return files
    }

    /// A fresh, empty temporary folder.
    public static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("iconforge-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        TemporaryFolders.shared.add(url.path)
        return url
    }

    /// A project tree in a fresh folder, written from path → text.
    public static func tree(_ files: [String: String]) throws -> URL {
        let root = try temporaryFolder()
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    /// A Flutter-shaped project in a fresh folder: an iOS catalog with an empty app-icon set
    /// (ios/Runner/Assets.xcassets), an Android app module (android/app/src/main/res), a web folder with its page.
    public static func flutterProject() throws -> URL {
        let root = try temporaryFolder()
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("ios/Runner/Assets.xcassets/AppIcon.appiconset"), withIntermediateDirectories: true)
        try Data(#"{"images":[],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: root.appendingPathComponent("ios/Runner/Assets.xcassets/AppIcon.appiconset/Contents.json"))
        try manager.createDirectory(at: root.appendingPathComponent("android/app/src/main/res/values"), withIntermediateDirectories: true)
        try Data("<resources/>\n".utf8).write(to: root.appendingPathComponent("android/app/src/main/res/values/strings.xml"))
        try manager.createDirectory(at: root.appendingPathComponent("web"), withIntermediateDirectories: true)
        try Data("<html><head></head></html>\n".utf8).write(to: root.appendingPathComponent("web/index.html"))
        return root
    }

    /// The desktop entry `hicolorTwoNamesProject` keeps in data/desktopEntry/package.
    public static let flameshotEntry = "[Desktop Entry]\nName=Flameshot\nExec=flameshot\nIcon=org.flameshot.Flameshot\nType=Application\n"

    /// A project (it holds `.git`) laid out as Flameshot's repository is: a hicolor tree in data/img holding two app
    /// icon names, `flameshot` and `org.flameshot.Flameshot` (each `icon`, a 48 px PNG), and
    /// data/desktopEntry/package/org.flameshot.Flameshot.desktop (`flameshotEntry`) naming the second.
    public static func hicolorTwoNamesProject(icon: [UInt8]) throws -> URL {
        let root = try temporaryFolder()
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let apps = root.appendingPathComponent("data/img/hicolor/48x48/apps")
        try manager.createDirectory(at: apps, withIntermediateDirectories: true)
        for name in ["flameshot", "org.flameshot.Flameshot"] { try Data(icon).write(to: apps.appendingPathComponent(name + ".png")) }
        let entries = root.appendingPathComponent("data/desktopEntry/package")
        try manager.createDirectory(at: entries, withIntermediateDirectories: true)
        try Data(flameshotEntry.utf8).write(to: entries.appendingPathComponent("org.flameshot.Flameshot.desktop"))
        return root
    }
}

/// Every folder `Fixtures.temporaryFolder()` made in this process, removed when the process exits. Left
/// behind, a day of test runs filled /tmp with 18,000 of them (12 GB), and IconForge's write ledger beside them
/// (`/tmp/.iconforge/written.json`) kept an entry for every file in them, so every later `generate` into /tmp
/// read a 3 MB ledger. `ICONFORGE_KEEP_TEST_FOLDERS=1` keeps them, to look at what a failing test wrote.
private final class TemporaryFolders: @unchecked Sendable {
    static let shared = TemporaryFolders()
    private let lock = NSLock()  // tests run in parallel
    private var paths: [String] = []

    private init() {
        if ProcessInfo.processInfo.environment["ICONFORGE_KEEP_TEST_FOLDERS"] == nil {
            atexit { TemporaryFolders.shared.removeAll() }
        }
    }

    /// A test may leave a folder unreadable or unwritable. Only real folders are opened up: tests also make
    /// links to files outside, whose targets must not change.
    private func makeRemovable(_ folder: String) {
        var status = stat()
        guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
        chmod(folder, 0o755)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            makeRemovable(folder + "/" + name)
        }
    }

    func add(_ path: String) {
        lock.lock()
        paths.append(path)
        lock.unlock()
    }

    private func removeAll() {
        lock.lock()
        let folders = paths
        paths = []
        lock.unlock()
        for folder in folders {
            makeRemovable(folder)
            try? FileManager.default.removeItem(atPath: folder)
        }
    }
}

/// A small deterministic random generator (SplitMix64), so random test images are the same every run.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
