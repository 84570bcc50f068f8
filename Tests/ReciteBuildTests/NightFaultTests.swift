import Foundation
import ReciteTestSupport
import Testing

/// The faults a nightly run meets on a real machine (a full disk, permissions, files that change
/// or vanish, a kill in any phase): yesterday's outputs survive whole, the message names the path
/// and what to do, and the next night completes. These run the built `recite`.
@Suite(.serialized) struct NightFaultTests {
    static let documents = [
        "a.md": "# Rivers\n\nThe river ran past the old mill, and the miller counted sacks of flour until dusk.\n",
        "b.md": "# Mountains\n\nSeven peaks rise above the valley; snow stays on them until the middle of June.\n",
        "c.md": "Boats came in at noon with herring, and the gulls followed them all the way to the quay.\n",
    ]

    /// A scratch folder with `in/` holding the three documents, open to every user (a test run
    /// as root runs `recite` as nobody where permissions matter).
    static func night() throws -> (root: URL, input: URL, out: URL) {
        let root = Fixtures.scratch("recite-night-\(UUID().uuidString)")
        let input = root.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for (name, text) in documents { try Data(text.utf8).write(to: input.appendingPathComponent(name)) }
        chmod(root.path, 0o777)
        chmod(input.path, 0o777)
        for name in documents.keys { chmod(input.appendingPathComponent(name).path, 0o666) }
        return (root, input, root.appendingPathComponent("out"))
    }

    static func build(_ input: URL, _ out: URL, _ extra: [String] = [], asUser: Bool = false,
                      environment: [String: String] = [:]) throws -> RunSupport.Output {
        let arguments = ["build", input.path, "-o", out.path, "--voice", "en-us", "--jobs", "2"] + extra
        guard asUser && getuid() == 0 else { return try RunSupport.recite(arguments, environment: environment) }
        // Root may read and write anything: the permission faults are a user's.
        return try RunSupport.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                       EndToEndTests.executable.path] + arguments,
                                  environment: environment.merging(["HOME": out.deletingLastPathComponent().path]) { $1 })
    }

    /// Every file under `folder` (hidden ones too) with its bytes.
    static func snapshot(_ folder: URL, only names: Set<String>? = nil) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where names?.contains(name) ?? true {
            var isFolder: ObjCBool = false
            let path = folder.appendingPathComponent(name).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                files[name] = FileManager.default.contents(atPath: path)
            }
        }
        return files
    }

    static func partials(under folder: URL) -> [String] {
        FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".partial") } ?? []
    }

    static func statuses(_ out: URL) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try IsolationTests.manifest(out).map {
            (URL(fileURLWithPath: $0["source"] as? String ?? "").lastPathComponent, $0["status"] as? String ?? "")
        })
    }

    static let outputs: Set<String> = ["a.wav", "a.timing.json", "b.wav", "b.timing.json", "c.wav", "c.timing.json", "manifest.json"]

    // MARK: - A full disk

    /// A size-limited tmpfs at `folder` for the test's length (root only).
    static func withSmallDisk<T>(at folder: URL, size: String, _ body: () throws -> T) throws -> T {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mounted = try RunSupport.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path])
        try #require(mounted.status == 0, "mount: \(mounted.stderr)")
        defer { _ = try? RunSupport.run("/bin/umount", [folder.path]) }
        return try body()
    }

    /// The cache only saves work: when its disk is full every document still renders, the run
    /// warns once naming the cache, no raw system error reaches the user, and the next night
    /// (the disk still full) completes as well.
    @Test(.enabled(if: getuid() == 0, "mounting a size-limited tmpfs needs root"))
    func aFullCacheStillRendersEveryDocument() throws {
        let (root, input, out) = try Self.night()
        let cache = root.appendingPathComponent("cache")
        try Self.withSmallDisk(at: cache, size: "48k") {
            let first = try Self.build(input, out, ["--cache", cache.path])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(try Self.statuses(out) == ["a.md": "ok", "b.md": "ok", "c.md": "ok"])
            let warnings = first.stderr.components(separatedBy: "the segment cache in \(cache.path) stopped growing").count - 1
            #expect(warnings == 1, "\(first.stderr)")
            #expect(first.stderr.contains("no space left"), "\(first.stderr)")
            #expect(!first.stderr.contains("Error Domain") && !first.stderr.contains("NSCocoa"), "\(first.stderr)")

            try Data("The third document was edited tonight, and it is read again.\n".utf8).write(to: input.appendingPathComponent("c.md"))
            let next = try Self.build(input, out, ["--cache", cache.path])
            #expect(next.status == 0, "\(next.stderr)")
            #expect(try Self.statuses(out) == ["a.md": "ok", "b.md": "ok", "c.md": "ok"])
            #expect(!next.stderr.contains("Error Domain"), "\(next.stderr)")
            let info = try RunSupport.recite(["cache", "info", "--cache", cache.path])
            #expect(info.status == 0 && info.stdout.contains(" 0 damaged"), "\(info.stdout) \(info.stderr)")
        }
    }

    /// A full output disk fails the documents that needed writing, says so, and keeps every
    /// earlier file byte for byte with no temporary file left; with room again, the next night
    /// completes.
    @Test(.enabled(if: getuid() == 0, "mounting a size-limited tmpfs needs root"))
    func aFullOutputDiskKeepsYesterdaysFiles() throws {
        let (root, input, out) = try Self.night()
        try Self.withSmallDisk(at: out, size: "4m") {
            let cache = ["--cache", root.appendingPathComponent("cache").path]
            #expect(try Self.build(input, out, cache).status == 0)
            let yesterday = try Self.snapshot(out, only: Self.outputs)
            #expect(yesterday.count == Self.outputs.count)
            // Fill the disk to its last byte.
            let filler = out.appendingPathComponent("filler")
            let fd = open(filler.path, O_WRONLY | O_CREAT, 0o644)
            let block = [UInt8](repeating: 7, count: 65_536)
            while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
            close(fd)

            try Data("# Mountains\n\nSeven peaks, and an eighth that nobody has climbed, rise above the valley.\n".utf8)
                .write(to: input.appendingPathComponent("b.md"))
            let full = try Self.build(input, out, cache)
            #expect(full.status == 1, "\(full.stderr)")
            #expect(full.stderr.contains("no space left"), "\(full.stderr)")
            #expect(!full.stderr.contains("Error Domain"), "\(full.stderr)")
            #expect(try Self.snapshot(out, only: Self.outputs) == yesterday, "yesterday's files changed")
            #expect(Self.partials(under: out).isEmpty, "\(Self.partials(under: out))")

            try FileManager.default.removeItem(at: filler)
            let next = try Self.build(input, out, cache)
            #expect(next.status == 0, "\(next.stderr)")
            #expect(try Self.statuses(out) == ["a.md": "ok", "b.md": "ok", "c.md": "ok"])
            #expect(try Self.snapshot(out, only: ["b.wav"]) != yesterday.filter { $0.key == "b.wav" })
        }
    }

    // MARK: - Permissions and files that change

    /// An unreadable document fails alone, named, its earlier output kept; readable again, it
    /// renders.
    @Test func anUnreadableDocumentFailsAlone() throws {
        let (_, input, out) = try Self.night()
        #expect(try Self.build(input, out, asUser: true).status == 0)
        let earlier = try Self.snapshot(out, only: ["b.wav", "b.timing.json"])
        let b = input.appendingPathComponent("b.md")
        try Data("# Mountains\n\nEdited, and then locked away.\n".utf8).write(to: b)
        chmod(b.path, 0)
        let locked = try Self.build(input, out, asUser: true)
        #expect(locked.status == 1, "\(locked.stderr)")
        #expect(locked.stderr.contains("b.md: error: Cannot read the file"), "\(locked.stderr)")
        #expect(try Self.statuses(out) == ["a.md": "ok", "b.md": "failed", "c.md": "ok"])
        #expect(try Self.snapshot(out, only: ["b.wav", "b.timing.json"]) == earlier)
        chmod(b.path, 0o666)
        let next = try Self.build(input, out, asUser: true)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try Self.snapshot(out, only: ["b.wav"]) != earlier.filter { $0.key == "b.wav" })
    }

    /// An output folder that cannot be written: the run stops with the folder named and what
    /// to do, and nothing in it changes.
    @Test func anOutputFolderThatCannotBeWrittenLosesNothing() throws {
        let (_, input, out) = try Self.night()
        #expect(try Self.build(input, out, asUser: true).status == 0)
        let yesterday = try Self.snapshot(out)
        try Data("The third document, edited.\n".utf8).write(to: input.appendingPathComponent("c.md"))
        chmod(out.path, 0o555)
        let refused = try Self.build(input, out, asUser: true)
        chmod(out.path, 0o777)
        #expect(refused.status != 0, "\(refused.stderr)")
        #expect(refused.stderr.contains(out.path) && refused.stderr.contains("permission denied"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("Error Domain"), "\(refused.stderr)")
        #expect(try Self.snapshot(out) == yesterday)
        #expect(try Self.build(input, out, asUser: true).status == 0)
    }

    /// A folder where an output file was fails that document with a message that says so; a
    /// folder where a document was is walked as a folder. Neither takes the run down.
    @Test func aFolderWhereAFileWasIsToldApart() throws {
        let (_, input, out) = try Self.night()
        #expect(try Self.build(input, out).status == 0)
        let a = out.appendingPathComponent("a.wav")
        try FileManager.default.removeItem(at: a)
        try FileManager.default.createDirectory(at: a, withIntermediateDirectories: false)
        try FileManager.default.removeItem(at: input.appendingPathComponent("b.md"))
        try FileManager.default.createDirectory(at: input.appendingPathComponent("b.md"), withIntermediateDirectories: false)
        let run = try Self.build(input, out)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("a.md: error: Cannot replace \(a.path): a folder stands where a file belongs"), "\(run.stderr)")
        #expect(try Self.statuses(out)["c.md"] == "ok")
        try FileManager.default.removeItem(at: a)
        let next = try Self.build(input, out)
        #expect(next.status == 0, "\(next.stderr)")
    }

    /// A document saved again while the run read it is rendered as read, and its fingerprint is
    /// not recorded: the next night reads it again instead of keeping audio of the older text.
    @Test func aDocumentRewrittenWhileReadIsReadAgainNextRun() throws {
        let (_, input, out) = try Self.night()
        let first = try Self.build(input, out, environment: ["RECITE_TEST_REWRITE_READING": "c.md"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("c.md: warning: the file changed while Recite read it"), "\(first.stderr)")
        let next = try Self.build(input, out)
        #expect(next.status == 0, "\(next.stderr)")
        let sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("c.timing.json"))) as? [String: Any]
        let spoken = ((sidecar?["words"] as? [[String: Any]]) ?? []).compactMap { ($0["spoken"] as? String)?.lowercased() }
        let written = try String(contentsOf: input.appendingPathComponent("c.md"), encoding: .utf8).components(separatedBy: "Rewritten").count - 1
        #expect(written >= 1 && spoken.filter { $0 == "rewritten" }.count == written, "\(spoken)")
    }

    // MARK: - A kill in every phase

    /// Killed as the manifest is put in place: yesterday's manifest is whole, and the next night
    /// completes with a manifest that says the truth and no temporary file left.
    @Test func aKillWhileWritingTheManifestLosesNothing() throws {
        let (_, input, out) = try Self.night()
        #expect(try Self.build(input, out).status == 0)
        let manifest = try Data(contentsOf: out.appendingPathComponent("manifest.json"))
        try Data("The third document, edited before the kill.\n".utf8).write(to: input.appendingPathComponent("c.md"))
        let killed = try Self.build(input, out, environment: ["RECITE_KILL_AT": "write manifest.json"])
        #expect(killed.status == SIGKILL, "\(killed.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent("manifest.json")) == manifest)
        let next = try Self.build(input, out)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(Self.partials(under: out).isEmpty, "\(Self.partials(under: out))")
        for entry in try IsolationTests.manifest(out) {
            let outputs = try #require(entry["outputs"] as? [String: String])
            let timing = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent(outputs["timing"] ?? ""))) as? [String: Any]
            #expect(abs((timing?["duration"] as? Double ?? -1) - (entry["duration"] as? Double ?? -2)) < 0.001)
        }
    }

    /// Killed as the read-along EPUB is put in place: yesterday's book stays as it was.
    @Test func aKillWhileWritingTheReadAlongEPUBKeepsYesterdaysBook() throws {
        let (_, input, out) = try Self.night()
        let book = ["book", input.path, "-o", out.path, "--format", "epub", "--voice", "en-us"]
        #expect(try RunSupport.recite(book).status == 0)
        let yesterday = try Data(contentsOf: out.appendingPathComponent("book.epub"))
        try Data("The third chapter, edited before the kill.\n".utf8).write(to: input.appendingPathComponent("c.md"))
        let killed = try RunSupport.recite(book, environment: ["RECITE_KILL_AT": "write book.epub"])
        #expect(killed.status == SIGKILL, "\(killed.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent("book.epub")) == yesterday)
        let next = try RunSupport.recite(book)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent("book.epub")) != yesterday)
        #expect(Self.partials(under: out).isEmpty, "\(Self.partials(under: out))")
    }

    /// Killed while `cache prune` removes what it compacted: the cache holds every entry still
    /// (some twice), none damaged, and the next render synthesizes nothing.
    @Test func aKillDuringCachePruneKeepsTheCacheWhole() throws {
        let (_, input, out) = try Self.night()
        #expect(try Self.build(input, out).status == 0)
        // A second pack: the edited document's new segments.
        try Data("The third document, edited once.\n".utf8).write(to: input.appendingPathComponent("c.md"))
        #expect(try Self.build(input, out).status == 0)
        let killed = try RunSupport.recite(["cache", "prune", "-o", out.path], environment: ["RECITE_KILL_AT": "prune"])
        #expect(killed.status == SIGKILL, "\(killed.stderr)")
        let info = try RunSupport.recite(["cache", "info", "-o", out.path])
        #expect(info.stdout.contains(" 0 damaged"), "\(info.stdout)")
        for name in ["a", "b", "c"] {
            for suffix in [".wav", ".timing.json"] { try FileManager.default.removeItem(at: out.appendingPathComponent(name + suffix)) }
        }
        let again = try Self.build(input, out)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains(" 0 segments synthesized"), "\(again.stderr)")
        let prune = try RunSupport.recite(["cache", "prune", "-o", out.path])
        #expect(prune.status == 0, "\(prune.stderr)")
    }
}

/// The manifest says the truth after documents are deleted and renamed: their entries and
/// outputs go; an input folder found empty (a share not mounted tonight) removes nothing.
@Suite struct VanishedDocumentTests {
    @Test func deletedAndRenamedDocumentsLeaveTheManifestAndTheirOutputsGo() throws {
        let (_, input, out) = try NightFaultTests.night()
        #expect(try NightFaultTests.build(input, out).status == 0)
        try FileManager.default.removeItem(at: input.appendingPathComponent("b.md"))
        try FileManager.default.moveItem(at: input.appendingPathComponent("a.md"), to: input.appendingPathComponent("renamed.md"))
        let run = try NightFaultTests.build(input, out)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try NightFaultTests.statuses(out) == ["c.md": "ok", "renamed.md": "ok"])
        for gone in ["a.wav", "a.timing.json", "b.wav", "b.timing.json"] {
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(gone).path), "\(gone) is left")
        }
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("renamed.wav").path))

        // Tonight the folder is empty: yesterday's outputs stay, and so do their entries.
        for name in ["c.md", "renamed.md"] { try FileManager.default.removeItem(at: input.appendingPathComponent(name)) }
        #expect(try NightFaultTests.build(input, out).status == 0)
        #expect(try NightFaultTests.statuses(out) == ["c.md": "ok", "renamed.md": "ok"])
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("c.wav").path))
    }

    /// A file given alone does not make the folder's other documents vanish.
    @Test func otherInputsKeepTheirEntries() throws {
        let (_, input, out) = try NightFaultTests.night()
        #expect(try NightFaultTests.build(input, out).status == 0)
        let one = try RunSupport.recite(["build", input.appendingPathComponent("a.md").path, "-o", out.path, "--voice", "en-us"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(try NightFaultTests.statuses(out) == ["a.md": "ok", "b.md": "ok", "c.md": "ok"])
    }
}
