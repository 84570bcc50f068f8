import Foundation
import ReciteAudio
import ReciteCmarkGFM
import ReciteMarkdown
import ReciteScript
import ReciteTestSupport
import ReciteTiming
import Testing

/// Runs the built `recite` executable, as a user would, and checks what it leaves behind by the
/// properties of the audio and the sidecars.
@Suite(.serialized) struct EndToEndTests {
    static let executable = Fixtures.reciteExecutable

    struct Outcome {
        var status: Int32
        var stderr: String
    }

    static func recite(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let outcome = try ChildRun.run(executable.path, Fixtures.namingVoice(arguments), environment: environment,
                                       directory: Fixtures.repositoryRoot)
        return Outcome(status: outcome.status, stderr: outcome.stderr)
    }

    static func temporaryFolder(_ name: String) -> URL {
        Fixtures.scratch("recite-\(name)-\(UUID().uuidString)")
    }

    /// Checks one document's outputs against its source: durations, order, and source bytes.
    static func checkOutputs(source: URL, audio: URL, timing: URL) throws {
        let sidecar = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: timing))
        let info = try SoundFile.info(of: audio.path)
        #expect(sidecar.format == "recite.timing" && sidecar.version == 1)
        #expect(info.sampleRate == sidecar.sampleRate)
        #expect(abs(info.duration - sidecar.duration) < 0.010, "\(audio.lastPathComponent)")
        let bytes = try [UInt8](Data(contentsOf: source))
        var previousEnd = 0.0
        for word in sidecar.words {
            #expect(word.start < word.end && word.end <= sidecar.duration)
            #expect(word.start >= previousEnd, "\(word.spoken) overlaps the word before it")
            previousEnd = word.end
            let cut = Array(bytes[word.offset..<word.offset + word.length])
            // A file that declares ISO-8859-1 keeps its own bytes.
            // The text shows the characters its references stand for ("AT&amp;T" is "AT&T").
            let text = (String(bytes: cut, encoding: .utf8) ?? String(bytes: cut, encoding: .isoLatin1)).map(CharacterReferences.html5.decode)
            #expect(text == word.text, "\(word.spoken) at \(word.offset)")
        }
        #expect(!sidecar.words.isEmpty)
    }

    @Test func samplesRenderWithTimingThatMatchesTheAudio() throws {
        let out = Self.temporaryFolder("samples")
        let result = try Self.recite(["build", "Samples", "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let samples = Fixtures.repositoryRoot.appendingPathComponent("Samples")
        let files = FileManager.default.enumerator(atPath: samples.path)!.compactMap { $0 as? String }
            .filter { ["md", "ssml", "xml", "html", "htm"].contains(URL(fileURLWithPath: $0).pathExtension) }
        #expect(files.count >= 4)
        for file in files {
            let stem = String(file.dropLast(URL(fileURLWithPath: file).pathExtension.count + 1))
            try Self.checkOutputs(source: samples.appendingPathComponent(file),
                                  audio: out.appendingPathComponent(stem + ".wav"),
                                  timing: out.appendingPathComponent(stem + ".timing.json"))
        }
        // Samples/short-river.epub: its navigation document lists four entries (two nested
        // under the first), each a chapter of its own, under out/short-river/.
        let chapters = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("short-river").path)
            .filter { $0.hasSuffix(".wav") }.sorted()
        #expect(chapters == ["001-part-one-upstream.wav", "002-the-springs.wav", "003-the-mill.wav", "004-part-two-the-sea.wav"])
        for chapter in chapters {
            let audio = out.appendingPathComponent("short-river").appendingPathComponent(chapter)
            let sidecar = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: audio.deletingPathExtension().appendingPathExtension("timing.json")))
            #expect(abs(try SoundFile.info(of: audio.path).duration - sidecar.duration) < 0.010 && !sidecar.words.isEmpty)
        }
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as! [String: Any]
        let documents = manifest["documents"] as! [[String: Any]]
        #expect(documents.count == files.count + chapters.count)
        #expect(documents.allSatisfy { $0["status"] as? String == "ok" })
    }

    /// Synthesis runs in forked workers from a pristine engine: a segment's audio depends on
    /// nothing else, so neither the number of workers nor the other documents change a byte.
    @Test func outputsAreByteIdenticalWhateverTheJobsAndTheCompany() throws {
        let one = Self.temporaryFolder("jobs1"), two = Self.temporaryFolder("jobs2"), alone = Self.temporaryFolder("alone")
        #expect(try Self.recite(["build", "Samples", "-o", one.path, "--jobs", "1"]).status == 0)
        #expect(try Self.recite(["build", "Samples", "-o", two.path, "--jobs", "2"]).status == 0)
        #expect(try Self.recite(["build", "Samples/welcome.ssml", "-o", alone.path, "--jobs", "2"]).status == 0)
        let outputs = FileManager.default.enumerator(atPath: one.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".wav") || $0.hasSuffix(".timing.json") }
        #expect(outputs.count >= 8)
        for file in outputs {
            let a = try Data(contentsOf: one.appendingPathComponent(file))
            #expect(a == (try Data(contentsOf: two.appendingPathComponent(file))), "\(file) differs between --jobs 1 and 2")
        }
        #expect(try Data(contentsOf: alone.appendingPathComponent("welcome.wav")) == Data(contentsOf: one.appendingPathComponent("welcome.wav")))
    }

    /// The nightly case: nothing changed, nothing redone (not even stitched); one paragraph
    /// changed, only its segment synthesized; a damaged cache entry is noticed and redone.
    @Test func unchangedWorkIsNeverRedone() throws {
        let input = Self.temporaryFolder("cache-in"), out = Self.temporaryFolder("cache-out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let document = input.appendingPathComponent("article.md")
        let paragraphs = (1...6).map { "Paragraph number \($0) says something of its own." }
        try Data(paragraphs.joined(separator: "\n\n").utf8).write(to: document)
        try Data("# Other\n\nA second document.\n".utf8).write(to: input.appendingPathComponent("other.md"))
        let first = try Self.recite(["build", input.path, "-o", out.path])
        #expect(first.stderr.contains("0 unchanged, 8 segments synthesized, 0 from cache"), "\(first.stderr)")
        let audio = try Data(contentsOf: out.appendingPathComponent("article.wav"))
        let modified = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent("article.wav").path)[.modificationDate] as? Date

        let again = try Self.recite(["build", input.path, "-o", out.path])
        #expect(again.stderr.contains("2 unchanged, 0 segments synthesized, 0 from cache"), "\(again.stderr)")
        let untouched = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent("article.wav").path)[.modificationDate] as? Date
        #expect(untouched == modified)

        var edited = paragraphs
        edited[2] = "Paragraph three was rewritten overnight."
        try Data(edited.joined(separator: "\n\n").utf8).write(to: document)
        let third = try Self.recite(["build", input.path, "-o", out.path])
        #expect(third.stderr.contains("1 unchanged, 1 segments synthesized, 5 from cache"), "\(third.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent("article.wav")) != audio)

        // Damage every entry and remove the audio: damaged entries are detected and synthesized
        // again, to the same bytes as a fresh run.
        let cache = out.appendingPathComponent(".recite-cache")
        #expect(try cacheInfo(out) == "9 entries, 0 damaged")
        try damageEveryEntry(in: cache)
        #expect(try cacheInfo(out) == "0 entries, 9 damaged")
        try FileManager.default.removeItem(at: out.appendingPathComponent("article.wav"))
        let fourth = try Self.recite(["build", input.path, "-o", out.path])
        #expect(fourth.stderr.contains("1 unchanged, 6 segments synthesized, 0 from cache"), "\(fourth.stderr)")
        let fresh = Self.temporaryFolder("cache-fresh")
        _ = try Self.recite(["build", input.path, "-o", fresh.path])
        #expect(try Data(contentsOf: out.appendingPathComponent("article.wav")) == Data(contentsOf: fresh.appendingPathComponent("article.wav")))

        // Pruning keeps one whole entry of each segment the last run used (the unchanged
        // document's too) and drops the rest: the old third paragraph's, and the damaged ones.
        #expect(try cacheInfo(out) == "6 entries, 9 damaged")
        #expect(try Self.recite(["cache", "prune", "-o", out.path]).status == 0)
        #expect(try cacheInfo(out) == "6 entries, 0 damaged")
        try FileManager.default.removeItem(at: out.appendingPathComponent("other.wav"))
        // other.md's entries were damaged above, and are gone: its segments are synthesized again.
        let last = try Self.recite(["build", input.path, "-o", out.path])
        #expect(last.stderr.contains("1 unchanged, 2 segments synthesized, 0 from cache"), "\(last.stderr)")
        #expect(try cacheInfo(out) == "8 entries, 0 damaged")
    }

    /// `recite cache info`'s counts ("N entries, M damaged").
    func cacheInfo(_ out: URL) throws -> String {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["cache", "info", "-o", out.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.components(separatedBy: ", ").prefix(2).joined(separator: ", ")
    }

    /// Flips the last byte of every entry of every pack (records: "RSEG", a 64-digit key, a
    /// little-endian length, the entry).
    func damageEveryEntry(in cache: URL) throws {
        let packs = cache.appendingPathComponent("packs")
        for name in try FileManager.default.contentsOfDirectory(atPath: packs.path) where name.hasSuffix(".pack") {
            let url = packs.appendingPathComponent(name)
            var bytes = [UInt8](try Data(contentsOf: url))
            var offset = 0
            while offset + 72 <= bytes.count, bytes[offset..<offset + 4] == [0x52, 0x53, 0x45, 0x47][...] {
                let length = Int(bytes[offset + 68]) | Int(bytes[offset + 69]) << 8 | Int(bytes[offset + 70]) << 16 | Int(bytes[offset + 71]) << 24
                offset += 72 + length
                bytes[offset - 1] ^= 0xFF
            }
            try Data(bytes).write(to: url)
        }
    }

    @Test func aMalformedDocumentFailsAloneAndKeepsItsEarlierOutput() throws {
        let input = Self.temporaryFolder("input")
        let out = Self.temporaryFolder("out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("# Good\n\nA fine document.\n".utf8).write(to: input.appendingPathComponent("good.md"))
        try Data("<speak><p>Yesterday was fine.</p></speak>".utf8).write(to: input.appendingPathComponent("bad.ssml"))
        #expect(try Self.recite(["build", input.path, "-o", out.path]).status == 0)
        let earlier = try Data(contentsOf: out.appendingPathComponent("bad.wav"))

        try Data("<speak>\n  <p>Broken\n</speak>\n".utf8).write(to: input.appendingPathComponent("bad.ssml"))
        let result = try Self.recite(["build", input.path, "-o", out.path])
        #expect(result.status == 1)
        // libxml2's first error: the end tag that does not match <p>.
        #expect(result.stderr.contains("bad.ssml:3:"), "\(result.stderr)")
        #expect(result.stderr.contains("error: Malformed SSML"))
        #expect(try Data(contentsOf: out.appendingPathComponent("bad.wav")) == earlier)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("good.wav").path))
        let manifest = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"failed\""))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty)
    }

    @Test func aSecondRunOnTheSameOutputIsRefused() throws {
        let out = Self.temporaryFolder("locked")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // Hold the lock from another process, as a running build would: one process (the shell
        // takes the lock on its descriptor 9, then becomes `sleep`, keeping it), so that ending
        // it ends the lock, and it holds the lock however long the rest takes (no fixed sleep
        // that a slow machine could outlast).
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", #"exec 9>>"$0" && flock -x 9 && exec sleep 600"#, out.appendingPathComponent(".recite.lock").path]
        try holder.run()
        defer { if holder.isRunning { holder.terminate() } }
        // Go on once the holder has the lock (not after a guess of how long it takes to start).
        try #require(Self.waitUntilLocked(out.appendingPathComponent(".recite.lock").path), "flock never took the lock")
        let result = try Self.recite(["build", "Samples/articles", "-o", out.path])
        #expect(result.status == 75)
        #expect(result.stderr.contains("Another recite run"))
        holder.terminate()
        holder.waitUntilExit()
        // The lock dies with its holder: the next run goes ahead.
        #expect(try Self.recite(["build", "Samples/articles", "-o", out.path]).status == 0)
    }

    /// Waits until another process holds `path`'s lock (a non-blocking try fails); false after
    /// ten seconds. A try that succeeds is let go at once, so the holder gets the lock next.
    static func waitUntilLocked(_ path: String) -> Bool {
        for _ in 0..<1000 {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { return false }
            let free = flock(fd, LOCK_EX | LOCK_NB) == 0
            if free { flock(fd, LOCK_UN) }
            close(fd)
            if !free { return true }
            usleep(10_000)
        }
        return false
    }

    /// Real documents written by other people: each renders, or is refused with a located error.
    @Test(.enabled(if: Fixtures.shared != nil, "needs ../shared/corpus beside the checkout"))
    func corpusRendersOrIsRefusedClearly() throws {
        let corpus = Fixtures.shared!.appendingPathComponent("corpus")
        let out = Self.temporaryFolder("corpus")
        let result = try Self.recite(["build", corpus.path, "-o", out.path, "--quiet"])
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let manifest = try JSONDecoder().decode(ManifestProbe.self, from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        for document in manifest.documents {
            if document.status == "ok" {
                try Self.checkOutputs(source: URL(fileURLWithPath: document.source),
                                      audio: out.appendingPathComponent(document.outputs.audio),
                                      timing: out.appendingPathComponent(document.outputs.timing))
            } else {
                // path:line:column: error: …
                let error = try #require(document.error)
                #expect(error.range(of: #"^[^:]+:\d+:\d+: error: "#, options: .regularExpression) != nil, "\(error)")
            }
        }
        #expect(manifest.documents.filter { $0.status == "ok" }.count >= 45)
    }

    struct ManifestProbe: Decodable {
        struct Document: Decodable {
            var source: String
            var status: String
            var error: String?
            var outputs: Outputs
        }
        struct Outputs: Decodable {
            var audio: String
            var timing: String
        }
        var documents: [Document]
    }
}

/// The independent forced-alignment check from ../shared/tools on documents of several minutes.
@Suite struct ForcedAlignmentTests {
    static let python: String? = {
        let venv = ProcessInfo.processInfo.environment["ASR_VENV"]
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("venvs/asr").path
        let python = venv + "/bin/python"
        return FileManager.default.isExecutableFile(atPath: python) ? python : nil
    }()

    @Test(.enabled(if: Fixtures.shared != nil && python != nil,
                   "needs ../shared/tools and its aligner (../shared/tools/setup-align.sh)"),
          arguments: ["corpus/markdown/19-heat-pump-review.md", "corpus/markdown/28-city-apartment-listing.md"])
    func wordStartsAgreeWithForcedAlignment(document: String) throws {
        let shared = Fixtures.shared!
        let out = EndToEndTests.temporaryFolder("align")
        let result = try EndToEndTests.recite(["build", shared.appendingPathComponent(document).path, "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let stem = URL(fileURLWithPath: document).deletingPathExtension().lastPathComponent
        let (status, summary) = try Self.alignCheck(out.appendingPathComponent(stem + ".timing.json"))
        #expect(status == 0, "\(summary)")
        #expect(summary.hasPrefix("RESULT: PASS"), "\(summary)")
    }

    /// Runs `../shared/tools/align_check.py` on a sidecar: its exit status and its summary line.
    static func alignCheck(_ timing: URL) throws -> (status: Int32, summary: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python!)
        process.arguments = [Fixtures.shared!.appendingPathComponent("tools/align_check.py").path, timing.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output.split(separator: "\n").last.map(String.init) ?? "")
    }
}
