import Foundation
import ReciteTestSupport
import ReciteTiming
import Testing

/// A segment that crashes or hangs its synthesis, with the real workers (the hooks
/// `RECITE_TEST_CRASH_SYNTHESIS` and `RECITE_TEST_HANG_SYNTHESIS` make every segment holding a word
/// do so): it is tried once more, then its document alone fails, with a message that says why,
/// and the other documents render.
@Suite(.serialized) struct WorkerFailureTests {
    /// Three documents; only `zebra.md` holds the word the hooks look for.
    static func documents() throws -> (input: URL, out: URL) {
        let input = EndToEndTests.temporaryFolder("worker-fail-in"), out = EndToEndTests.temporaryFolder("worker-fail-out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("The zebra crossing is closed today.\n\nUse the bridge instead.\n".utf8).write(to: input.appendingPathComponent("zebra.md"))
        try Data("The bridge is open as usual.\n".utf8).write(to: input.appendingPathComponent("bridge.md"))
        try Data("# Mill\n\nThe river runs past the mill.\n".utf8).write(to: input.appendingPathComponent("mill.md"))
        return (input, out)
    }

    /// What the others said, exactly.
    static func expectOthersRendered(_ input: URL, _ out: URL) throws {
        #expect(try RunSupport.sidecar(out, "bridge").words.map(\.spoken) == ["The", "bridge", "is", "open", "as", "usual"])
        #expect(try RunSupport.sidecar(out, "mill").words.map(\.spoken) == ["Mill", "The", "river", "runs", "past", "the", "mill"])
        for stem in ["bridge", "mill"] {
            try EndToEndTests.checkOutputs(source: input.appendingPathComponent(stem + ".md"),
                                           audio: out.appendingPathComponent(stem + ".wav"),
                                           timing: out.appendingPathComponent(stem + ".timing.json"))
        }
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as! [String: Any]
        let statuses = Dictionary(uniqueKeysWithValues: (manifest["documents"] as! [[String: Any]]).map {
            (URL(fileURLWithPath: $0["source"] as! String).lastPathComponent, $0["status"] as! String)
        })
        #expect(statuses == ["zebra.md": "failed", "bridge.md": "ok", "mill.md": "ok"], "\(statuses)")
    }

    @Test func aSegmentThatCrashesItsWorkerTwiceFailsItsDocumentOnly() throws {
        let (input, out) = try Self.documents()
        let run = try RunSupport.recite(["build", input.path, "-o", out.path, "--jobs", "2"],
                                        environment: ["RECITE_TEST_CRASH_SYNTHESIS": "zebra"])
        #expect(run.status == 1, "\(run.stderr)")
        let line = run.stderr.split(separator: "\n").first { $0.contains("zebra.md") } ?? ""
        #expect(line.contains("error") && line.contains("crashed (signal 11, segmentation fault) on this segment, twice"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("zebra.wav").path))
        #expect(RunSupport.summary(run.stderr)?.failed == 1, "\(run.stderr)")
        try Self.expectOthersRendered(input, out)
        // Nothing half-written is left under the failed document's name.
        #expect(RunSupport.files(in: out, endingWith: [".partial"]).isEmpty)
    }

    /// The hang takes the configured limit twice (once, then once more on a fresh worker), far
    /// under the default two minutes; the worker is killed each time, not waited for.
    @Test(.timeLimit(.minutes(2)))
    func aHungSegmentIsStoppedAtTheTimeLimitAndFailsItsDocumentOnly() throws {
        let (input, out) = try Self.documents()
        let started = Date()
        let run = try RunSupport.recite(["build", input.path, "-o", out.path, "--jobs", "2"],
                                        environment: ["RECITE_TEST_HANG_SYNTHESIS": "zebra", "RECITE_SEGMENT_TIME_LIMIT": "2"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.status == 1, "\(run.stderr)")
        let line = run.stderr.split(separator: "\n").first { $0.contains("zebra.md") } ?? ""
        #expect(line.contains("did not finish this segment within 2 s (RECITE_SEGMENT_TIME_LIMIT), twice"), "\(run.stderr)")
        // Two tries of 2 s each, plus starting workers: far less than one default limit.
        #expect(elapsed >= 4 && elapsed < 60, "the build took \(elapsed) s")
        try Self.expectOthersRendered(input, out)
        // No hung worker (of this build of recite, with this test's hook) outlives the build.
        let ours = EndToEndTests.executable.resolvingSymlinksInPath().path
        let hung = try Self.processes(named: "recite-worker").filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/exe")) == ours
                && Self.environment(of: $0).contains("RECITE_TEST_HANG_SYNTHESIS=zebra")
        }
        #expect(hung.isEmpty, "workers still running: \(hung)")
    }

    /// The same in a child forked per segment (a segment in another voice than the run's takes
    /// that way): the worker kills the hung child at the limit and stays.
    @Test(.timeLimit(.minutes(2)))
    func aHungSegmentInAForkedChildIsStoppedAtTheTimeLimit() throws {
        let input = EndToEndTests.temporaryFolder("worker-fork-in"), out = EndToEndTests.temporaryFolder("worker-fork-out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("""
            <speak version="1.1" xml:lang="en-US"><p>Plain words.</p>\
            <p><voice name="en-gb">The zebra crossing is closed.</voice></p></speak>
            """.utf8).write(to: input.appendingPathComponent("zebra.ssml"))
        try Data("The bridge is open as usual.\n".utf8).write(to: input.appendingPathComponent("bridge.md"))
        let started = Date()
        let run = try RunSupport.recite(["build", input.path, "-o", out.path, "--jobs", "1"],
                                        environment: ["RECITE_TEST_HANG_SYNTHESIS": "zebra", "RECITE_SEGMENT_TIME_LIMIT": "2"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("zebra.ssml") && run.stderr.contains("did not finish this segment within 2 s (RECITE_SEGMENT_TIME_LIMIT)"), "\(run.stderr)")
        #expect(elapsed >= 4 && elapsed < 60, "the build took \(elapsed) s")
        #expect(try RunSupport.sidecar(out, "bridge").words.map(\.spoken) == ["The", "bridge", "is", "open", "as", "usual"])
    }

    @Test(arguments: ["0", "-3", "soon", "86401"])
    func aBadTimeLimitIsAConfigurationError(value: String) throws {
        let run = try RunSupport.recite(["build", "Samples/articles", "-o", EndToEndTests.temporaryFolder("limit").path],
                                        environment: ["RECITE_SEGMENT_TIME_LIMIT": value])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("RECITE_SEGMENT_TIME_LIMIT takes whole seconds"), "\(run.stderr)")
    }

    /// Process ids whose name (`/proc/PID/comm`) is `name`.
    static func processes(named name: String) throws -> [Int32] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init).filter {
            ((try? String(contentsOfFile: "/proc/\($0)/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines) == name
        }
    }

    static func environment(of pid: Int32) -> String {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return "" }
        return String(decoding: data.map { $0 == 0 ? 10 : $0 }, as: UTF8.self)
    }
}
