import Foundation
import ReciteAudio
import ReciteBuild
import ReciteTestSupport
import ReciteTiming
import Testing

/// What a nightly run must survive: being killed at any moment, a worker dying mid-segment, and a
/// second run started at the same time.
@Suite(.serialized) struct CronBehaviourTests {
    /// A folder of articles long enough that a run takes a few seconds.
    static func articles(_ count: Int, paragraphs: Int) throws -> URL {
        let input = EndToEndTests.temporaryFolder("cron-in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for n in 1...count {
            let body = (1...paragraphs).map { "Article \(n), paragraph \($0): the quiet river ran past the old mill, and nobody noticed." }
            try Data(("# Article \(n)\n\n" + body.joined(separator: "\n\n")).utf8).write(to: input.appendingPathComponent("article-\(n).md"))
        }
        return input
    }

    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = EndToEndTests.executable
        process.arguments = Fixtures.namingVoice(arguments)
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Every output under its final name is whole: WAVs open and match their sidecar when the
    /// manifest says they belong together; no partial file is left behind after a complete run.
    static func checkWhole(_ out: URL) throws {
        for case let url as URL in FileManager.default.enumerator(at: out, includingPropertiesForKeys: nil)! {
            if url.pathExtension == "wav" { _ = try SoundFile.info(of: url.path) }
            if url.lastPathComponent.hasSuffix(".timing.json") {
                _ = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: url))
            }
        }
    }

    /// A run started with `--log-format json`, whose events are read as they come.
    final class Watched: @unchecked Sendable {
        let process = Process()
        private let lock = NSCondition()
        private var events: [String] = []
        private var ended = false

        init(_ arguments: [String]) throws {
            process.executableURL = EndToEndTests.executable
            process.arguments = Fixtures.namingVoice(arguments) + ["--log-format", "json"]
            let pipe = Pipe()
            process.standardError = pipe
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let handle = pipe.fileHandleForReading
            Thread.detachNewThread { [self] in
                var pending = Data()
                while case let data = handle.availableData, !data.isEmpty {
                    pending += data
                    while let newline = pending.firstIndex(of: 10) {
                        let line = pending[pending.startIndex..<newline]
                        pending = pending[(newline + 1)...]
                        let event = (try? JSONSerialization.jsonObject(with: line) as? [String: Any])?["event"] as? String
                        lock.lock(); events.append(event ?? "?"); lock.broadcast(); lock.unlock()
                    }
                }
                lock.lock(); ended = true; lock.broadcast(); lock.unlock()
            }
        }

        /// Waits for the run's `count`-th event named `name`; false if it ended without one, or
        /// after `seconds`.
        func waitFor(_ name: String, count: Int = 1, seconds: Double = 120) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            lock.lock()
            defer { lock.unlock() }
            while events.filter({ $0 == name }).count < count {
                if ended || !lock.wait(until: deadline) { return false }
            }
            return true
        }

        func kill() {
            _ = Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Kills a run at seeded random moments, counted from definite events (the run has started;
    /// the run has finished a document), never from the test's own start: the schedule, printed
    /// with the seed on failure, can be replayed with `RECITE_TEST_SEED`.
    @Test func aRunKilledAtAnyMomentLosesNothingOnceRestarted() throws {
        let input = try Self.articles(6, paragraphs: 40)
        let out = EndToEndTests.temporaryFolder("cron-kill")
        var generator = RunSupport.SeededGenerator()
        var schedule: [String] = []
        for round in 0..<4 {
            let run = try Watched(["build", input.path, "-o", out.path, "--jobs", "2"])
            // Even rounds: at a random moment after the run has started (the lock is held, the
            // documents found). Odd rounds: right after it has finished a document.
            let event = round % 2 == 0 ? "started" : "document"
            let delay = round % 2 == 0 ? UInt32.random(in: 0...1_200_000, using: &generator) : 0
            let seen = run.waitFor(event)
            usleep(delay)
            run.kill()
            schedule.append("round \(round): \(event) \(seen ? "seen" : "not seen"), then \(delay / 1000) ms")
            try Self.checkWhole(out)
            if round == 1 {
                // Edit one article between kills, as the nightly folder changes.
                try Data("# Article 1\n\nRewritten overnight.\n".utf8).write(to: input.appendingPathComponent("article-1.md"))
            }
        }
        let replay = "seed \(generator.seed) (RECITE_TEST_SEED), schedule: \(schedule.joined(separator: "; "))"
        let finish = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--jobs", "2"])
        #expect(finish.status == 0, "\(finish.stderr); \(replay)")
        for n in 1...6 {
            try EndToEndTests.checkOutputs(source: input.appendingPathComponent("article-\(n).md"),
                                           audio: out.appendingPathComponent("article-\(n).wav"),
                                           timing: out.appendingPathComponent("article-\(n).timing.json"))
        }
        let partials = FileManager.default.enumerator(atPath: out.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".partial") && !$0.contains(".recite-cache") }
        #expect(partials.isEmpty, "\(partials); \(replay)")
        let sidecar = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: out.appendingPathComponent("article-1.timing.json")))
        #expect(sidecar.words.map(\.text).contains("Rewritten"), "\(replay)")
        // And what it finished is what a clean run makes, byte for byte.
        let clean = EndToEndTests.temporaryFolder("cron-kill-clean")
        #expect(try EndToEndTests.recite(["build", input.path, "-o", clean.path, "--jobs", "2"]).status == 0)
        try Self.expectSameOutputs(out, clean, replay)
    }

    /// The same WAV, sidecar and caption files, byte for byte.
    static func expectSameOutputs(_ out: URL, _ clean: URL, _ context: String) throws {
        let names = RunSupport.files(in: clean, endingWith: [".wav", ".timing.json", ".vtt", ".srt"])
        #expect(RunSupport.files(in: out, endingWith: [".wav", ".timing.json", ".vtt", ".srt"]) == names, "\(context)")
        #expect(!names.isEmpty)
        for name in names {
            let same = try Data(contentsOf: out.appendingPathComponent(name)) == Data(contentsOf: clean.appendingPathComponent(name))
            #expect(same, "\(name) differs from a clean run's; \(context)")
        }
    }

    /// A run killed mid-way (once a document is done, and again mid-synthesis), then run again,
    /// leaves exactly what one clean run leaves: the audio, sidecars and captions byte for byte,
    /// and a manifest with the same documents, outputs, durations and words.
    @Test func aRecoveredRunEqualsACleanRunByteForByte() throws {
        let input = try Self.articles(5, paragraphs: 30)
        let out = EndToEndTests.temporaryFolder("recover"), clean = EndToEndTests.temporaryFolder("recover-clean")
        let arguments = ["--jobs", "2", "--captions", "vtt,srt"]
        var generator = RunSupport.SeededGenerator()
        let first = try Watched(["build", input.path, "-o", out.path] + arguments)
        #expect(first.waitFor("document"), "the first run finished no document")
        first.kill()
        let second = try Watched(["build", input.path, "-o", out.path] + arguments)
        #expect(second.waitFor("started"))
        let delay = UInt32.random(in: 0...800_000, using: &generator)
        usleep(delay)
        second.kill()
        let replay = "seed \(generator.seed) (RECITE_TEST_SEED): second run killed \(delay / 1000) ms after it started"
        let last = try RunSupport.recite(["build", input.path, "-o", out.path] + arguments)
        #expect(last.status == 0, "\(last.stderr); \(replay)")
        #expect(try RunSupport.recite(["build", input.path, "-o", clean.path] + arguments).status == 0)
        try Self.expectSameOutputs(out, clean, replay)
        let documents = { (folder: URL) throws -> [String] in
            let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
            return manifest.documents.map {
                "\($0.source) \($0.status) \($0.outputs.all) \(String(describing: $0.duration)) \(String(describing: $0.words))"
            }.sorted()
        }
        #expect(try documents(out) == documents(clean), "\(replay)")
    }

    /// Kills a worker while it synthesizes: the definite event is the worker itself (a child of
    /// the run named recite-worker) while a document is being written (its partial WAV is there),
    /// not a guess of how long a start takes.
    @Test func aWorkerKilledMidSegmentIsReplacedAndTheRunCompletes() throws {
        let input = try Self.articles(2, paragraphs: 200)
        let out = EndToEndTests.temporaryFolder("cron-worker")
        let run = try Self.start(["build", input.path, "-o", out.path, "--jobs", "2"])
        var victim: Int32?
        let found = RunSupport.waitUntil(seconds: 120) {
            guard run.isRunning else { return true }
            let flowing = FileManager.default.enumerator(atPath: out.path)?.compactMap { $0 as? String }.contains {
                $0.hasSuffix(".partial") && $0.contains(".wav.")
            } ?? false
            guard flowing else { return false }
            victim = Self.workers(of: run.processIdentifier).first
            return victim != nil
        }
        let killedWhileRunning = found && run.isRunning && victim.map { kill($0, SIGKILL) == 0 } == true
        run.waitUntilExit()
        #expect(killedWhileRunning, "no worker was found at work to kill (the run had \(run.isRunning ? "not " : "")ended)")
        #expect(run.terminationStatus == 0)
        for n in 1...2 {
            try EndToEndTests.checkOutputs(source: input.appendingPathComponent("article-\(n).md"),
                                           audio: out.appendingPathComponent("article-\(n).wav"),
                                           timing: out.appendingPathComponent("article-\(n).timing.json"))
        }
    }

    /// The run's workers: its children (on any of its threads) named recite-worker.
    static func workers(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let children = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int32($0) }
        }
        return children.filter {
            ((try? String(contentsOfFile: "/proc/\($0)/comm", encoding: .utf8)) ?? "").hasPrefix("recite-worker")
        }
    }

    @Test func twoRunsStartedAtOnceOneWorksTheOtherExits75() throws {
        let input = try Self.articles(2, paragraphs: 100)
        let out = EndToEndTests.temporaryFolder("cron-twice")
        let first = try Self.start(["build", input.path, "-o", out.path])
        let second = try Self.start(["build", input.path, "-o", out.path])
        first.waitUntilExit()
        second.waitUntilExit()
        let statuses = [first.terminationStatus, second.terminationStatus].sorted()
        #expect(statuses == [0, 75])
        try Self.checkWhole(out)
    }
}
