import Foundation
import ReciteEspeak
import ReciteTestSupport
import Testing

/// What one document does while it is read or synthesized costs that document only; and work
/// the run has already done is not done again. These run the built `recite`.
@Suite(.serialized) struct IsolationTests {
    static func recite(_ arguments: [String], environment: [String: String] = [:]) throws -> EndToEndTests.Outcome {
        try EndToEndTests.recite(arguments, environment: environment)
    }

    static func folder(_ files: [String: String]) throws -> URL {
        let root = Fixtures.scratch("recite-isolation-\(UUID().uuidString)")
        let input = root.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: input.appendingPathComponent(name)) }
        return root
    }

    static func manifest(_ out: URL) throws -> [[String: Any]] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        return try #require((json as? [String: Any])?["documents"] as? [[String: Any]])
    }

    /// A forced memory fault while one document is read (`RECITE_TEST_CRASH_READING`, a hook
    /// for this test): the run goes on, reports the document as crashed, and keeps its earlier
    /// output; the other documents render.
    @Test func aCrashWhileReadingCostsThatDocumentOnly() throws {
        let root = try Self.folder([
            "a.md": "# First\n\nThe first document is read.\n",
            "bad.md": "# Bad\n\nThis one is fine the first time.\n",
            "c.md": "The third document is read too.\n",
        ])
        let input = root.appendingPathComponent("in"), out = root.appendingPathComponent("out")
        let first = try Self.recite(["build", input.path, "-o", out.path, "--jobs", "2"])
        try #require(first.status == 0, "\(first.stderr)")
        let earlier = try Data(contentsOf: out.appendingPathComponent("bad.wav"))

        // Edited, so that it is read again; and now reading it crashes.
        try Data("# Bad\n\nThis one crashes the reader now.\n".utf8).write(to: input.appendingPathComponent("bad.md"))
        try Data("The third document was edited as well.\n".utf8).write(to: input.appendingPathComponent("c.md"))
        let crashed = try Self.recite(["build", input.path, "-o", out.path, "--jobs", "2"],
                                      environment: ["RECITE_TEST_CRASH_READING": "bad.md"])
        #expect(crashed.status == 1, "\(crashed.stderr)")
        #expect(crashed.stderr.contains("bad.md: error: Reading this document crashed Recite (signal 11, segmentation fault); "
                                        + "it was skipped and the other documents went on."))
        let entries = try Self.manifest(out)
        let status = Dictionary(uniqueKeysWithValues: entries.map { (($0["source"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } ?? "", $0["status"] as? String ?? "") })
        #expect(status == ["a.md": "ok", "bad.md": "failed", "c.md": "ok"])
        // The earlier good output of the crashed document is still there, whole.
        #expect(try Data(contentsOf: out.appendingPathComponent("bad.wav")) == earlier)
        // The edited third document was rendered again, after the crash.
        let words = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("c.timing.json"))) as? [String: Any]
        let spoken = ((words?["words"] as? [[String: Any]]) ?? []).compactMap { $0["spoken"] as? String }
        #expect(spoken.contains("edited"))

        // A dry run reads through the same guard.
        let dry = try Self.recite(["build", input.path, "-o", out.path, "--dry-run"], environment: ["RECITE_TEST_CRASH_READING": "bad.md"])
        #expect(dry.status == 1)
        #expect(dry.stderr.contains("bad.md: error: Reading this document crashed Recite"))

        // Every verdict is exact, however the checkers' exits and the answers interleave: of 36
        // documents read one after another, the 12 that crash fail and only they.
        var many: [String: String] = [:]
        for number in 0..<36 { many[String(format: "%02d-%@.md", number, number % 3 == 1 ? "bad" : "good")] = "Document \(number).\n" }
        let crowd = try Self.folder(many)
        let crowded = try Self.recite(["build", crowd.appendingPathComponent("in").path, "-o", crowd.appendingPathComponent("out").path, "--dry-run"],
                                      environment: ["RECITE_TEST_CRASH_READING": "bad.md"])
        #expect(crowded.status == 1, "\(crowded.stderr)")
        let crashedNames = crowded.stderr.split(separator: "\n").filter { $0.contains("Reading this document crashed Recite") }
            .compactMap { $0.split(separator: "/").last?.split(separator: ":").first.map(String.init) }
        #expect(Set(crashedNames) == Set(many.keys.filter { $0.hasSuffix("bad.md") }), "\(crowded.stderr)")
        #expect(crashedNames.count == 12)
    }

    /// A folder of hostile documents beside a normal one: the run ends by itself, the normal one
    /// renders, and each hostile one renders (its deepest words read) or fails with a located error.
    @Test func hostileDocumentsRenderOrFailAloneWithAPlace() throws {
        let quotes = String(repeating: ">", count: 50_000) + " deep quote words\n"
        let lists = String(repeating: "- ", count: 20_000) + "deep list words\n"
        let emphasis = String(repeating: "*", count: 20_000) + "deep emphasis words" + String(repeating: "*", count: 20_000) + "\n"
        let images = String(repeating: "![", count: 20_000) + "deep image words" + String(repeating: "](u)", count: 20_000) + "\n"
        let front = "---\ntitle: " + String(repeating: "[", count: 100_000) + "\n---\n\ndeep front words\n"
        let ssml = "<speak>" + String(repeating: "<s>", count: 5_000) + "deep" + String(repeating: "</s>", count: 5_000) + "</speak>"
        let root = try Self.folder(["quotes.md": quotes, "lists.md": lists, "emphasis.md": emphasis, "images.md": images,
                                    "front.md": front, "deep.ssml": ssml, "normal.md": "# Normal\n\nA normal document.\n"])
        let out = root.appendingPathComponent("out")
        let result = try Self.recite(["build", root.appendingPathComponent("in").path, "-o", out.path, "--jobs", "2"])
        #expect(result.status == 1, "\(result.stderr)")
        let entries = try Self.manifest(out)
        let byName = Dictionary(uniqueKeysWithValues: entries.map { (URL(fileURLWithPath: $0["source"] as? String ?? "").lastPathComponent, $0) })
        #expect(byName.count == 7)
        for name in ["quotes.md", "lists.md", "emphasis.md", "images.md", "front.md", "normal.md"] {
            #expect(byName[name]?["status"] as? String == "ok", "\(name): \(result.stderr)")
        }
        for name in ["quotes", "lists", "emphasis", "images", "front"] {
            let sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("\(name).timing.json"))) as? [String: Any]
            let spoken = ((sidecar?["words"] as? [[String: Any]]) ?? []).compactMap { $0["spoken"] as? String }
            #expect(spoken.last == "words", "\(name): \(spoken)")
            #expect(spoken.contains("deep"), "\(name): \(spoken)")
            #expect((byName["\(name).md"]?["warnings"] as? [String])?.count == 1, "\(name)")
        }
        #expect(byName["deep.ssml"]?["status"] as? String == "failed")
        #expect((byName["deep.ssml"]?["error"] as? String)?.hasPrefix(root.appendingPathComponent("in/deep.ssml").path + ":1:") == true)
        #expect((byName["deep.ssml"]?["error"] as? String)?.contains("nested more than 200 deep") == true)
    }

    /// Three paragraphs said a hundred times over: three syntheses, whatever `--jobs` (the
    /// repeats wait for the one in flight instead of asking a worker again).
    @Test(arguments: [1, 2]) func identicalSegmentsAreSynthesizedOncePerRun(jobs: Int) throws {
        let paragraphs = ["The first paragraph speaks of gardens and rivers.", "A second one, about engines!",
                          "The third paragraph has words of its own"]
        let text = (0..<300).map { paragraphs[$0 % 3] }.joined(separator: "\n\n") + "\n"
        let root = try Self.folder(["repeated.md": text])
        let result = try Self.recite(["build", root.appendingPathComponent("in").path, "-o", root.appendingPathComponent("out").path,
                                      "--jobs", String(jobs)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("3 segments synthesized, 297 from cache"), "\(result.stderr)")
    }
}

/// eSpeak NG's in-place reset (`EngineSnapshot`) against a child per segment, which is exact by
/// construction: the same documents rendered both ways, each with a fresh cache, give the same
/// bytes in every audio file and sidecar. (`Benchmarks/reset_proof.py` does the same over the
/// whole shared corpus.)
@Suite struct ResetProofTests {
    @Test func segmentsSynthesizedInPlaceEqualAFreshProcesss() throws {
        // The in-place run does reset in place here (else both runs fork, and prove nothing).
        let isolation = try RunSupport.recite(["worker", "--check-reset", "--warm-up", "en-US"]).stdout
        #expect(isolation.hasPrefix("reset") || Fixtures.underAddressSanitizer, "\(isolation)")
        let inputs = ["Samples", "Tests/ReciteSSMLTests/Fixtures"].map { Fixtures.repositoryRoot.appendingPathComponent($0).path }
        let root = Fixtures.scratch("recite-reset-proof-\(UUID().uuidString)")
        var digests: [[String: Data]] = []
        for fork in [false, true] {
            let out = root.appendingPathComponent(fork ? "forked" : "in-place")
            let run = try RunSupport.recite(["build"] + inputs + ["-o", out.path, "--jobs", "2"],
                                            environment: fork ? ["RECITE_BENCH_FORK_SEGMENTS": "1"] : [:])
            #expect(RunSupport.summary(run.stderr)?.synthesized ?? 0 > 50, "\(run.stderr)")
            let files = RunSupport.files(in: out, endingWith: [".wav", ".timing.json"])
            digests.append(Dictionary(uniqueKeysWithValues: try files.map { ($0, try Data(contentsOf: out.appendingPathComponent($0))) }))
        }
        #expect(digests[0].count > 20)
        #expect(digests[0].keys.sorted() == digests[1].keys.sorted())
        for (name, bytes) in digests[0] { #expect(digests[1][name] == bytes, "\(name) differs in place") }
        try? FileManager.default.removeItem(at: root)
    }
}
