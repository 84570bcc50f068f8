import Foundation
import ReciteBuild
import ReciteTestSupport
import ReciteTiming
import Testing

/// "At night and at scale": shards run at once into one folder with one cache, and documents of
/// hundreds of segments.
@Suite(.serialized) struct ScaleTests {
    /// Two shards started together, sharing the output folder and the cache: both succeed, the
    /// manifest lists every document once, and the outputs are a full run's, byte for byte. Run
    /// twice, so that the second time both find their documents unchanged at the same moment.
    @Test func twoShardsAtOnceIntoOneFolderWithOneCache() throws {
        let input = try CronBehaviourTests.articles(8, paragraphs: 12)
        let out = EndToEndTests.temporaryFolder("shards-at-once"), cache = EndToEndTests.temporaryFolder("shards-cache")
        let full = EndToEndTests.temporaryFolder("shards-full")
        #expect(try RunSupport.recite(["build", input.path, "-o", full.path, "--jobs", "2"]).status == 0)

        for round in 1...2 {
            let shards = try (1...2).map { k in
                try CronBehaviourTests.start(["build", input.path, "-o", out.path, "--cache", cache.path, "--shard", "\(k)/2", "--jobs", "1"])
            }
            for shard in shards { shard.waitUntilExit() }
            #expect(shards.map(\.terminationStatus) == [0, 0], "round \(round)")
            let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
            let sources = manifest.documents.map { URL(fileURLWithPath: $0.source).lastPathComponent }
            #expect(sources.sorted() == (1...8).map { "article-\($0).md" }.sorted(), "round \(round): \(sources)")
            #expect(manifest.documents.allSatisfy { $0.status == .ok }, "round \(round)")
            try CronBehaviourTests.expectSameOutputs(out, full, "round \(round)")
        }
        // Each run wrote a pack of its own into the shared cache, and nothing into the output folder's.
        let packs = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("packs").path).filter { $0.hasSuffix(".pack") }
        #expect(packs.count >= 2, "\(packs)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(".recite-cache").path))
    }

    /// Words that eSpeak NG says as one word each, so that the sidecar's words can be counted.
    static let nouns = ["apple", "bread", "cloud", "dog", "eagle", "fern", "grape", "house", "island", "jungle", "kettle", "lemon",
                        "mountain", "needle", "orange", "pepper", "quilt", "river", "stone", "table", "umbrella", "valley",
                        "window", "garden", "yellow", "forest"]

    /// A document of 260 paragraphs (a segment each, as segments never span paragraphs): every
    /// word in order in the sidecar, the audio as long as the sidecar says, the last word near the
    /// end of the audio, and the second run all from the cache.
    @Test func aDocumentOfMoreThanTwoHundredSegmentsRendersWhole() throws {
        let input = EndToEndTests.temporaryFolder("long-in"), out = EndToEndTests.temporaryFolder("long-out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let paragraphs = (0..<260).map { k in ["The", Self.nouns[k % 26], "and", "the", Self.nouns[k / 26], "went", "home"] }
        let text = paragraphs.map { $0.joined(separator: " ") + "." }.joined(separator: "\n\n") + "\n"
        let document = input.appendingPathComponent("long.md")
        try Data(text.utf8).write(to: document)

        let run = try RunSupport.recite(["build", input.path, "-o", out.path, "--jobs", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(RunSupport.summary(run.stderr), "\(run.stderr)")
        #expect(summary.synthesized + summary.fromCache >= 260, "\(summary)")
        let sidecar = try RunSupport.sidecar(out, "long")
        #expect(sidecar.words.count == 260 * 7)
        #expect(sidecar.words.map { $0.spoken.lowercased() } == paragraphs.flatMap { $0.map { $0.lowercased() } })
        try EndToEndTests.checkOutputs(source: document, audio: out.appendingPathComponent("long.wav"), timing: out.appendingPathComponent("long.timing.json"))
        // Every paragraph's sentence is there, in order, and the audio ends soon after the last word
        // (its paragraph pause and eSpeak NG's own trailing silence).
        #expect(sidecar.sentences.count == 260, "\(sidecar.sentences.count) sentences")
        let last = try #require(sidecar.words.last)
        #expect(sidecar.duration - last.end < 2.0, "\(sidecar.duration - last.end) s after the last word")
        // About 2 s a paragraph: a lost stretch of segments would show here.
        #expect(sidecar.duration > 260 * 1.2 && sidecar.duration < 260 * 4.0, "\(sidecar.duration) s")

        try FileManager.default.removeItem(at: out.appendingPathComponent("long.wav"))
        let again = try RunSupport.recite(["build", input.path, "-o", out.path, "--jobs", "2"])
        let second = try #require(RunSupport.summary(again.stderr), "\(again.stderr)")
        #expect(second.synthesized == 0 && second.fromCache >= 260, "\(second)")
        #expect(try RunSupport.sidecar(out, "long").words.count == 260 * 7)
    }
}
