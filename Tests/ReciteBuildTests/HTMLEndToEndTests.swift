import Foundation
import ReciteTestSupport
import ReciteTiming
import Testing

/// HTML pages through the built `recite`: what `--dry-run` says of a saved page, the real build's
/// sidecar pointing at the page's bytes, and `html: whole` changing what is read (and rendering
/// the page again).
@Suite(.serialized) struct HTMLEndToEndTests {
    static let sample = Fixtures.repositoryRoot.appendingPathComponent("Samples/saved-article.html").path

    /// Runs `recite` and returns its status, standard output and standard error.
    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let outcome = try ChildRun.run(Fixtures.reciteExecutable.path, Fixtures.namingVoice(arguments))
        return (outcome.status, outcome.stdout, outcome.stderr)
    }

    @Test func dryRunSaysTheArticleOnly() throws {
        let out = Fixtures.scratch("recite-html-dry-\(UUID().uuidString)")
        let result = try Self.run(["build", Self.sample, "--dry-run", "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.dropFirst().first == "[title] A Studio by the Canal")
        #expect(lines.contains("[code] Code sample"))
        #expect(lines.contains { $0.hasPrefix("[quote] We wanted a place") })
        for furniture in ["cookies", "Homes", "Share on", "piano", "Related listings", "All rights reserved", "analytics"] {
            #expect(!result.stdout.contains(furniture), "\(furniture) should not be read")
        }
        #expect(result.stdout.components(separatedBy: "A Studio by the Canal").count == 2)
    }

    @Test func wholePageIsReadWhenThePipelineSaysSo() throws {
        let folder = Fixtures.scratch("recite-html-whole-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pipeline = folder.appendingPathComponent("whole.yml")
        try Data("html: whole\n".utf8).write(to: pipeline)
        let result = try Self.run(["build", Self.sample, "--dry-run", "-o", folder.appendingPathComponent("out").path,
                                   "--pipeline", pipeline.path])
        #expect(result.status == 0, "\(result.stderr)")
        for kept in ["Homes", "piano", "Related listings", "Lantern Street"] {
            #expect(result.stdout.contains(kept), "\(kept) should be read")
        }
        #expect(!result.stdout.contains("analytics"))
    }

    @Test func sidecarWordsPointAtThePageBytesAndTheModeRerenders() throws {
        let folder = Fixtures.scratch("recite-html-build-\(UUID().uuidString)")
        let out = folder.appendingPathComponent("out")
        let first = try Self.run(["build", Self.sample, "-o", out.path, "--jobs", "1"])
        #expect(first.status == 0, "\(first.stderr)")
        try EndToEndTests.checkOutputs(source: URL(fileURLWithPath: Self.sample),
                                       audio: out.appendingPathComponent("saved-article.wav"),
                                       timing: out.appendingPathComponent("saved-article.timing.json"))
        let sidecar = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: out.appendingPathComponent("saved-article.timing.json")))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.sample)))
        // The word shows "AT&T’s"; its span holds the references it was written with.
        let att = try #require(sidecar.words.first { $0.text.hasPrefix("AT&T") })
        #expect(String(decoding: bytes[att.offset..<att.offset + att.length], as: UTF8.self).hasPrefix("AT&amp;T"))
        #expect(sidecar.words.first?.spoken == "A" && sidecar.blocks.first?.kind == "title")

        // Unchanged: not rendered again; with `html: whole`: rendered again.
        let again = try Self.run(["build", Self.sample, "-o", out.path, "--jobs", "1"])
        #expect(again.stderr.contains("1 unchanged"), "\(again.stderr)")
        let pipeline = folder.appendingPathComponent("whole.yml")
        try Data("html: whole\n".utf8).write(to: pipeline)
        let whole = try Self.run(["build", Self.sample, "-o", out.path, "--jobs", "1", "--pipeline", pipeline.path])
        #expect(whole.stderr.contains("0 unchanged"), "\(whole.stderr)")
    }
}
