import Foundation
import ReciteBuild
import ReciteTestSupport
import Testing

/// `--shard`, `--log-format json` and the quiet default, through the built `recite`.
@Suite(.serialized) struct ShardAndLogTests {
    static func articles(_ count: Int) throws -> URL {
        let input = EndToEndTests.temporaryFolder("shard-in")
        try FileManager.default.createDirectory(at: input.appendingPathComponent("more"), withIntermediateDirectories: true)
        for n in 1...count {
            let folder = n % 3 == 0 ? input.appendingPathComponent("more") : input
            try Data("# Article \(n)\n\nShort article number \(n).\n".utf8).write(to: folder.appendingPathComponent("a\(n).md"))
        }
        return input
    }

    static func wavs(in folder: URL) -> Set<String> {
        let all = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return Set(all.filter { $0.hasSuffix(".wav") })
    }

    @Test func theShardsTogetherAreOneFullRunAndNeverOverlap() throws {
        let input = try Self.articles(9)
        let full = EndToEndTests.temporaryFolder("shard-full"), shared = EndToEndTests.temporaryFolder("shard-shared")
        #expect(try EndToEndTests.recite(["build", input.path, "-o", full.path, "--jobs", "1"]).status == 0)
        var parts: [Set<String>] = []
        for k in 1...3 {
            let own = EndToEndTests.temporaryFolder("shard-\(k)")
            #expect(try EndToEndTests.recite(["build", input.path, "-o", own.path, "--shard", "\(k)/3", "--jobs", "1"]).status == 0)
            parts.append(Self.wavs(in: own))
            // The same shard into one shared output folder, with a shared cache.
            #expect(try EndToEndTests.recite(["build", input.path, "-o", shared.path, "--shard", "\(k)/3", "--jobs", "1"]).status == 0)
        }
        #expect(parts.reduce(Set(), { $0.union($1) }) == Self.wavs(in: full))
        #expect(parts.map(\.count).reduce(0, +) == 9, "a document went to two shards")
        #expect(Self.wavs(in: shared) == Self.wavs(in: full))
        // The shared manifest lists every document once, and the bytes equal the full run's.
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: shared.appendingPathComponent("manifest.json")))
        #expect(manifest.documents.count == 9)
        for wav in Self.wavs(in: full) {
            #expect(try Data(contentsOf: full.appendingPathComponent(wav)) == Data(contentsOf: shared.appendingPathComponent(wav)))
        }
    }

    @Test func shardLocksLetDifferentShardsShareAFolderButNotAFullRun() throws {
        let out = EndToEndTests.temporaryFolder("shard-lock")
        let one = try OutputLock(folder: out.path, shard: Shard("1/2"))
        let two = try OutputLock(folder: out.path, shard: Shard("2/2"))
        #expect(throws: OutputLock.Busy.self) { try OutputLock(folder: out.path, shard: Shard("1/2")) }
        #expect(throws: OutputLock.Busy.self) { try OutputLock(folder: out.path, shard: nil) }
        withExtendedLifetime((one, two)) {}
    }

    @Test func logsAreJSONLinesOrQuietOffATerminal() throws {
        let input = try Self.articles(2)
        let out = EndToEndTests.temporaryFolder("log-json")
        let json = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--log-format", "json"])
        #expect(json.status == 0)
        let events = json.stderr.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(events.count == json.stderr.split(separator: "\n").count, "every line is a JSON object")
        #expect(events.compactMap { $0["event"] as? String } == ["started", "document", "document", "summary"])
        #expect(events.last?["rendered"] as? Int == 2)

        // Not a terminal: one summary line, nothing else.
        let text = try EndToEndTests.recite(["build", input.path, "-o", out.path])
        #expect(text.status == 0)
        #expect(text.stderr.split(separator: "\n").count == 1 && text.stderr.hasPrefix("rendered 2 documents"), "\(text.stderr)")
    }
}
