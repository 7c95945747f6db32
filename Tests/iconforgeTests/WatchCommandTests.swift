import Foundation
import TestSupport
import Testing

/// A watch set-up in a fresh folder: IN, OUT, a staging folder outside IN, and a small preset.
private struct Workspace {
    let root: URL
    var input: URL { root.appendingPathComponent("in") }
    var output: URL { root.appendingPathComponent("out") }
    var staging: URL { root.appendingPathComponent("staging") }
    var preset: URL { root.appendingPathComponent("small.json") }
    static let master = Fixtures.testImages.appendingPathComponent("validation/clean/app-64.png")

    init() throws {
        root = try Fixtures.temporaryFolder()
        for folder in ["in", "out", "staging"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data(#"""
            {"name": "small", "outputs": [
              {"set": "AppIcon.appiconset", "role": "app", "idiom": "iphone", "points": "29x29", "scale": 1, "filename": "Icon-29.png"},
              {"set": "AppIcon.appiconset", "role": "app", "idiom": "iphone", "points": "29x29", "scale": 2, "filename": "Icon-29@2x.png"}]}
            """#.utf8).write(to: preset)
    }

    func start(_ extra: [String] = [], settle: Int = 200) throws -> BackgroundProcess {
        let daemon = try BackgroundProcess(["watch", input.path, "--out", output.path, "--preset", preset.path,
                                            "--log-format", "json", "--settle", String(settle)] + extra)
        daemon.wait { daemon.text.contains("\"action\":\"start\"") }
        return daemon
    }

    func complete(_ name: String) -> Bool {
        let set = output.appendingPathComponent("\(name)/AppIcon.appiconset")
        return ["Icon-29.png", "Icon-29@2x.png", "Contents.json"].allSatisfy {
            FileManager.default.fileExists(atPath: set.appendingPathComponent($0).path)
        }
    }

    /// Log lines of one action for one file.
    func events(_ daemon: BackgroundProcess, file: String, action: String = "generate") -> [[String: Any]] {
        daemon.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["file"] as? String == file && $0["action"] as? String == action }
    }

    /// Temporary files anywhere under OUT or IN.
    var leftovers: [String] {
        [input, output].flatMap { folder in
            (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
                .filter { $0.contains(".iconforge-") && $0 != ".iconforge-watch.json" }
        }
    }
}

@Suite("iconforge watch", .serialized)
struct WatchCommandTests {
    @Test("a copied file, a file moved in and a file written slowly each produce their set, once")
    func arrivals() throws {
        let space = try Workspace()
        // Chunks arrive 150 ms apart; a settle time four times that keeps a loaded machine from splitting the job.
        let daemon = try space.start(settle: 600)
        try FileManager.default.copyItem(at: Workspace.master, to: space.input.appendingPathComponent("copied.png"))
        try FileManager.default.copyItem(at: Workspace.master, to: space.staging.appendingPathComponent("moved.png"))
        try FileManager.default.moveItem(at: space.staging.appendingPathComponent("moved.png"), to: space.input.appendingPathComponent("moved.png"))
        // Slowly, in chunks, over about a second.
        let bytes = try Data(contentsOf: Workspace.master)
        #expect(FileManager.default.createFile(atPath: space.input.appendingPathComponent("slow.png").path, contents: nil))
        let handle = try FileHandle(forWritingTo: space.input.appendingPathComponent("slow.png"))
        for start in stride(from: 0, to: bytes.count, by: bytes.count / 6 + 1) {
            handle.write(bytes[start..<min(bytes.count, start + bytes.count / 6 + 1)])
            Thread.sleep(forTimeInterval: 0.15)
        }
        try handle.close()
        #expect(daemon.wait { space.complete("copied") && space.complete("moved") && space.complete("slow") }, "\(daemon.text)")
        Thread.sleep(forTimeInterval: 0.5) // any duplicate job would have been logged by now
        #expect(space.events(daemon, file: "slow.png").count == 1)
        #expect(space.events(daemon, file: "copied.png").count == 1)
        daemon.signal(SIGTERM)
        #expect(daemon.exitStatus() == 0)
    }

    @Test("an SVG stuck in librsvg does not hold up other files, and SIGTERM stops the daemon within seconds, ending that drawing")
    func stuckDrawing() throws {
        let space = try Workspace()
        let daemon = try space.start()
        // feTurbulence with a billion octaves: librsvg would loop for hours.
        let spinning = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\"><filter id=\"f\">"
            + "<feTurbulence baseFrequency=\"0.05\" numOctaves=\"1000000000\"/></filter><rect width=\"64\" height=\"64\" filter=\"url(#f)\"/></svg>"
        try Data(spinning.utf8).write(to: space.input.appendingPathComponent("stuck.svg"))
        Thread.sleep(forTimeInterval: 1)
        try FileManager.default.copyItem(at: Workspace.master, to: space.input.appendingPathComponent("good.png"))
        #expect(daemon.wait { space.complete("good") }, "\(daemon.text)")
        let asked = Date()
        daemon.signal(SIGTERM)
        #expect(daemon.exitStatus() == 0)
        #expect(Date().timeIntervalSince(asked) < 10, "stopping took \(Date().timeIntervalSince(asked)) s")
        #expect(space.events(daemon, file: "stuck.svg").first?["error"] as? String == "\(space.input.path)/stuck.svg: rendering stopped: IconForge is stopping")
    }

    @Test("a corrupt file is logged once and does not stop later files; overwriting regenerates; --prune removes")
    func corruptOverwritePrune() throws {
        let space = try Workspace()
        let daemon = try space.start(["--prune"])
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("fixtures/broken-ihdr-crc.png"),
                                         to: space.input.appendingPathComponent("bad.png"))
        #expect(daemon.wait { space.events(daemon, file: "bad.png").count == 1 })
        #expect(space.events(daemon, file: "bad.png").first?["error"] as? String == "\(space.input.path)/bad.png: corrupt PNG: IHDR: CRC error")
        try FileManager.default.copyItem(at: Workspace.master, to: space.input.appendingPathComponent("good.png"))
        #expect(daemon.wait { space.complete("good") })
        let before = try Data(contentsOf: space.output.appendingPathComponent("good/AppIcon.appiconset/Icon-29@2x.png"))
        let replacement = Fixtures.testImages.appendingPathComponent("glyph-master.png")
        try FileManager.default.copyItem(at: replacement, to: space.staging.appendingPathComponent("good.png"))
        #expect(rename(space.staging.appendingPathComponent("good.png").path, space.input.appendingPathComponent("good.png").path) == 0)
        #expect(daemon.wait { space.events(daemon, file: "good.png").count == 2 }, "\(daemon.text)")
        #expect(try Data(contentsOf: space.output.appendingPathComponent("good/AppIcon.appiconset/Icon-29@2x.png")) != before)
        // The user's own file in the output, and an icon edited by hand, go to the backup when the outputs are pruned.
        let readme = space.output.appendingPathComponent("good/AppIcon.appiconset/README.md")
        try Data("notes".utf8).write(to: readme)
        try Data("edited".utf8).write(to: space.output.appendingPathComponent("good/AppIcon.appiconset/Icon-29@2x.png"))
        try FileManager.default.removeItem(at: space.input.appendingPathComponent("good.png"))
        #expect(daemon.wait { !FileManager.default.fileExists(atPath: space.output.appendingPathComponent("good").path) })
        let backups = space.output.appendingPathComponent(".iconforge-backup")
        let kept = (FileManager.default.enumerator(atPath: backups.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") || $0.hasSuffix(".png") }
        #expect(kept.map { $0.split(separator: "/").dropFirst().joined(separator: "/") }.sorted()
                == ["good/AppIcon.appiconset/Icon-29@2x.png", "good/AppIcon.appiconset/README.md"], "\(kept)")
        #expect(daemon.wait { !space.events(daemon, file: "good.png", action: "prune").isEmpty })
        let pruned = space.events(daemon, file: "good.png", action: "prune").last?["result"] as? String
        #expect(pruned?.contains("kept your") == true, "\(pruned ?? "")")
        #expect(space.events(daemon, file: "bad.png").count == 1) // reported once, not in a loop
        daemon.signal(SIGTERM)
        #expect(daemon.exitStatus() == 0)
        // Every log line is JSON with the documented keys.
        for line in daemon.lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            #expect(Set(object.keys) == ["time", "file", "action", "duration", "result", "error"])
        }
    }

    @Test("200 files dropped at once all produce complete sets")
    func burst() throws {
        let space = try Workspace()
        let daemon = try space.start()
        let names = (0..<200).map { "icon\($0)" }
        for name in names { try FileManager.default.copyItem(at: Workspace.master, to: space.staging.appendingPathComponent("\(name).png")) }
        for name in names { try FileManager.default.moveItem(at: space.staging.appendingPathComponent("\(name).png"), to: space.input.appendingPathComponent("\(name).png")) }
        #expect(daemon.wait(timeout: 60) { names.allSatisfy(space.complete) }, "\(daemon.lines.suffix(3))")
        daemon.signal(SIGINT)
        #expect(daemon.exitStatus() == 0)
        // Checked once the daemon has stopped: while it runs, its state file may be mid-write (a temporary beside it).
        #expect(space.leftovers.isEmpty)
    }

    @Test("SIGTERM in the middle of a burst leaves no temporary files and no half-written set, and exits 0")
    func stopMidBurst() throws {
        let space = try Workspace()
        let daemon = try space.start()
        for index in 0..<150 { try FileManager.default.copyItem(at: Workspace.master, to: space.input.appendingPathComponent("n\(index).png")) }
        #expect(daemon.wait { daemon.text.contains("\"action\":\"generate\"") })
        daemon.signal(SIGTERM)
        #expect(daemon.exitStatus() == 0)
        #expect(space.leftovers.isEmpty)
        let folders = try FileManager.default.contentsOfDirectory(atPath: space.output.path).filter { !$0.hasPrefix(".") }
        #expect(!folders.isEmpty && folders.allSatisfy(space.complete))
    }

    @Test("--once processes what needs it and exits with the usual codes; a second run has nothing to do")
    func once() throws {
        let space = try Workspace()
        try FileManager.default.copyItem(at: Workspace.master, to: space.input.appendingPathComponent("a.png"))
        let first = try CommandRunner.run(["watch", space.input.path, "--out", space.output.path, "--preset", space.preset.path, "--once"])
        #expect(first.status == 0 && space.complete("a") && first.standardOutput.contains("1 job, 0 failed"))
        let second = try CommandRunner.run(["watch", space.input.path, "--out", space.output.path, "--preset", space.preset.path, "--once"])
        #expect(second.status == 0 && second.standardOutput.contains("0 jobs, 0 failed"))
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("fixtures/broken-truncated-idat.png"),
                                         to: space.input.appendingPathComponent("b.png"))
        let failing = try CommandRunner.run(["watch", space.input.path, "--out", space.output.path, "--preset", space.preset.path, "--once"])
        #expect(failing.status == 1 && failing.standardOutput.contains("b.png generate") && failing.standardOutput.contains("file ends inside IDAT"))
    }

    @Test("--validate-only --role app checks a master as an app icon")
    func validateAsAppIcon() throws {
        let space = try Workspace()
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("validation/defects/translucent.png"),
                                         to: space.input.appendingPathComponent("t.png"))
        let plain = try CommandRunner.run(["watch", space.input.path, "--out", space.output.path, "--preset", space.preset.path,
                                           "--validate-only", "--once"])
        #expect(plain.status == 0, "without a role the master has format rules only: \(plain.standardOutput)")
        try FileManager.default.removeItem(at: space.output)
        let app = try CommandRunner.run(["watch", space.input.path, "--out", space.output.path, "--preset", space.preset.path,
                                         "--validate-only", "--role", "app", "--once"])
        #expect(app.status == 1 && app.standardOutput.contains("transparency"), "\(app.standardOutput)")
        let misuse = try CommandRunner.run(["watch", space.input.path, "--out", space.output.path, "--preset", space.preset.path, "--role", "app"])
        #expect(misuse.status == 64 || misuse.status == 2, "\(misuse.status)")
    }

    @Test("--max-pixels applies to dropped files as it does to generate: a larger master fails with the limit named")
    func pixelLimit() throws {
        let space = try Workspace()
        try FileManager.default.copyItem(at: Workspace.master, to: space.input.appendingPathComponent("a.png"))
        let arguments = ["watch", space.input.path, "--out", space.output.path, "--preset", space.preset.path, "--once"]
        let limited = try CommandRunner.run(arguments + ["--max-pixels", "1000"])  // the master is 64x64
        #expect(limited.status == 1 && !space.complete("a"))
        #expect(limited.standardOutput.contains("a.png generate") && limited.standardOutput.contains("--max-pixels"))
        #expect(try CommandRunner.run(arguments + ["--max-pixels", "4096"]).status == 0 && space.complete("a"))
        #expect(try CommandRunner.run(arguments + ["--max-pixels", "0"]).status == 2)
    }

    @Test("a missing input folder, or an output inside it, is refused")
    func refusals() throws {
        let space = try Workspace()
        #expect(try CommandRunner.run(["watch", space.root.appendingPathComponent("nope").path, "--out", space.output.path, "--preset", "ios"]).status == 1)
        #expect(try CommandRunner.run(["watch", space.input.path, "--out", space.input.appendingPathComponent("out").path, "--preset", "ios"]).status == 2)
    }

    @Test("the daemon exits non-zero when the watched folder disappears")
    func folderGone() throws {
        let space = try Workspace()
        let daemon = try space.start()
        try FileManager.default.removeItem(at: space.input)
        #expect(daemon.exitStatus() == 1)
        #expect(daemon.text.contains("the watched folder was deleted or moved away"))
    }

    @Test("files a user added inside a source's output folder and set survive regeneration")
    func keepsUserFiles() throws {
        let space = try Workspace()
        let arguments = ["watch", space.input.path, "--out", space.output.path, "--preset", space.preset.path, "--once"]
        try FileManager.default.copyItem(at: Workspace.master, to: space.input.appendingPathComponent("a.png"))
        #expect(try CommandRunner.run(arguments).status == 0 && space.complete("a"))
        let folder = space.output.appendingPathComponent("a"), set = folder.appendingPathComponent("AppIcon.appiconset")
        try Data("notes".utf8).write(to: folder.appendingPathComponent("README.txt"))
        try FileManager.default.copyItem(at: Workspace.master, to: set.appendingPathComponent("mac-128.png"))
        let contents = set.appendingPathComponent("Contents.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: contents)) as? [String: Any])
        json["images"] = (json["images"] as! [[String: Any]]) + [["filename": "mac-128.png", "idiom": "mac", "scale": "1x", "size": "128x128"]]
        try JSONSerialization.data(withJSONObject: json).write(to: contents)
        // A new master: the set is made again.
        try FileManager.default.removeItem(at: space.input.appendingPathComponent("a.png"))
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("validation/RealWorld.xcassets/WatchIcon.appiconset/w-216.png"),
                                         to: space.input.appendingPathComponent("a.png"))
        #expect(try CommandRunner.run(arguments).standardOutput.contains("1 job, 0 failed"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("README.txt").path))
        #expect(FileManager.default.fileExists(atPath: set.appendingPathComponent("mac-128.png").path))
        #expect(try String(contentsOf: contents, encoding: .utf8).contains("\"mac-128.png\""))
        #expect(space.leftovers.isEmpty)
    }

    @Test("two sources that differ only in case: the second is refused with one line, and cannot prune the first's outputs")
    func caseCollision() throws {
        let space = try Workspace()
        try FileManager.default.copyItem(at: Workspace.master, to: space.input.appendingPathComponent("icon.PNG"))
        try FileManager.default.copyItem(at: Workspace.master, to: space.input.appendingPathComponent("icon.png"))
        let result = try CommandRunner.run(["watch", space.input.path, "--out", space.output.path, "--preset", space.preset.path, "--once",
                                            "--prune"])
        #expect(result.status == 1 && space.complete("icon"))
        let refusals = result.standardOutput.split(separator: "\n").filter { $0.contains("refused") }
        #expect(refusals.count == 1 && refusals[0].contains("icon.png and icon.PNG would both write icon"))
    }

    @Test("a failed write is retried with backoff, and succeeds once the output can be written")
    func retriesWrites() throws {
        let space = try Workspace()
        // A plain file where the source's output folder goes: every write fails, even as root.
        try Data("in the way".utf8).write(to: space.output.appendingPathComponent("a"))
        let daemon = try space.start(settle: 50)
        try FileManager.default.copyItem(at: Workspace.master, to: space.input.appendingPathComponent("a.png"))
        #expect(daemon.wait { daemon.text.contains("retrying in 1 s (attempt 1)") }, "\(daemon.text)")
        try FileManager.default.removeItem(at: space.output.appendingPathComponent("a"))
        #expect(daemon.wait { space.complete("a") }, "\(daemon.text)")
        daemon.signal(SIGTERM)
        #expect(daemon.exitStatus() == 0)
    }

    @Test("SVG and JPEG masters dropped in are picked up like PNGs")
    func vectorSources() throws {
        let space = try Workspace()
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("sources/icon.svg"), to: space.input.appendingPathComponent("v.svg"))
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("sources/baseline.jpg"), to: space.input.appendingPathComponent("j.jpeg"))
        let result = try CommandRunner.run(["watch", space.input.path, "--out", space.output.path, "--preset", space.preset.path, "--once",
                                            "--fit", "fill", "--allow-upscale"])
        #expect(result.status == 0 && space.complete("v") && space.complete("j"), "\(result.standardOutput)")
    }
}

@Suite("iconforge watch, following iconforge.yml")
struct WatchProjectTests {
    @Test("without IN_DIR, --once runs the project file's jobs (exit 1 if one fails); -q keeps failures and the summary; folder options are refused")
    func once() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.testImages.appendingPathComponent("app-icon-master.png"), to: folder.appendingPathComponent("icon.png"))
        try Data("jobs:\n  - master: icon.png\n    presets: ios-single\n    out: build\n".utf8).write(to: folder.appendingPathComponent("iconforge.yml"))
        let result = try CommandRunner.run(["watch", "--once"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("iconforge.yml:2 generate (start)") && result.standardOutput.contains("1 job, 0 failed"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("build/AppIcon.appiconset/Contents.json").path))
        try Data("jobs:\n  - master: missing.png\n    presets: ios-single\n    out: build\n".utf8).write(to: folder.appendingPathComponent("other.yml"))
        let failing = try CommandRunner.run(["watch", "--once", "-q", "--config", "other.yml"], in: folder)
        #expect(failing.status == 1 && failing.standardError.contains("missing.png"))
        #expect(failing.standardOutput.split(separator: "\n").count == 2, "the failed job and the summary: \(failing.standardOutput)")
        let mixed = try CommandRunner.run(["watch", "--once", "--prune"], in: folder)
        #expect(mixed.status == 2 && mixed.standardError.contains("apply to watching a folder"))
        let yamlForFolder = try CommandRunner.run(["watch", folder.path, "-o", folder.appendingPathComponent("../out-\(UUID().uuidString)").path,
                                                   "--preset", "ios", "--config", "iconforge.yml", "--once"], in: folder)
        #expect(yamlForFolder.status == 2 && yamlForFolder.standardError.contains("without IN_DIR"))
    }
}
