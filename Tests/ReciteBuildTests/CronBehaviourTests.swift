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
        process.arguments = arguments
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

    @Test func aRunKilledAtAnyMomentLosesNothingOnceRestarted() throws {
        let input = try Self.articles(6, paragraphs: 40)
        let out = EndToEndTests.temporaryFolder("cron-kill")
        var generator = SystemRandomNumberGenerator()
        for round in 0..<4 {
            let run = try Self.start(["build", input.path, "-o", out.path, "--jobs", "2"])
            usleep(UInt32.random(in: 150_000...1_500_000, using: &generator))
            kill(run.processIdentifier, SIGKILL)
            run.waitUntilExit()
            try Self.checkWhole(out)
            if round == 1 {
                // Edit one article between kills, as the nightly folder changes.
                try Data("# Article 1\n\nRewritten overnight.\n".utf8).write(to: input.appendingPathComponent("article-1.md"))
            }
        }
        let finish = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--jobs", "2"])
        #expect(finish.status == 0, "\(finish.stderr)")
        for n in 1...6 {
            try EndToEndTests.checkOutputs(source: input.appendingPathComponent("article-\(n).md"),
                                           audio: out.appendingPathComponent("article-\(n).wav"),
                                           timing: out.appendingPathComponent("article-\(n).timing.json"))
        }
        let partials = FileManager.default.enumerator(atPath: out.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".partial") && !$0.contains(".recite-cache") }
        #expect(partials.isEmpty, "\(partials)")
        let sidecar = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: out.appendingPathComponent("article-1.timing.json")))
        #expect(sidecar.words.map(\.text).contains("Rewritten"))
    }

    @Test func aWorkerKilledMidSegmentIsReplacedAndTheRunCompletes() throws {
        let input = try Self.articles(2, paragraphs: 120)
        let out = EndToEndTests.temporaryFolder("cron-worker")
        let run = try Self.start(["build", input.path, "-o", out.path, "--jobs", "2"])
        // Find a worker (a child of the run) and kill it while it works.
        var killed = false
        for _ in 0..<100 where !killed {
            usleep(50_000)
            // Workers start on first use, from whichever thread needs one: every thread's children.
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(run.processIdentifier)/task")) ?? []
            let children = tasks.map { (try? String(contentsOfFile: "/proc/\(run.processIdentifier)/task/\($0)/children", encoding: .utf8)) ?? "" }.joined(separator: " ")
            if let worker = children.split(separator: " ").first.flatMap({ Int32($0) }) {
                usleep(300_000)
                killed = kill(worker, SIGKILL) == 0
            }
        }
        run.waitUntilExit()
        #expect(killed, "no worker was found to kill")
        #expect(run.terminationStatus == 0)
        for n in 1...2 {
            try EndToEndTests.checkOutputs(source: input.appendingPathComponent("article-\(n).md"),
                                           audio: out.appendingPathComponent("article-\(n).wav"),
                                           timing: out.appendingPathComponent("article-\(n).timing.json"))
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
