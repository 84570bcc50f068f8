import Foundation
@testable import ReciteBuild
import ReciteHTML
import ReciteSegment
import ReciteTestSupport
import Testing

@Suite struct PipelineTests {
    @Test func defaultFileMatchesTheBuiltInDefault() throws {
        let path = Fixtures.repositoryRoot.appendingPathComponent("Pipelines/default.yml").path
        var loaded = try Pipeline.load(path: path)
        // The file reads its tables from Pipelines/rules; the built-in default uses the compiled-in copy.
        #expect(loaded.rulesFolder == Fixtures.repositoryRoot.appendingPathComponent("Pipelines/rules").standardizedFileURL.path)
        loaded.rulesFolder = nil
        #expect(loaded == Pipeline.builtIn)
    }

    @Test func shippedPipelinesLoad() throws {
        let folder = Fixtures.repositoryRoot.appendingPathComponent("Pipelines")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".yml") {
            _ = try Pipeline.load(path: folder.appendingPathComponent(name).path)
        }
        let audiobook = try Pipeline.load(path: folder.appendingPathComponent("audiobook.yml").path)
        #expect(audiobook.rate < Pipeline.builtIn.rate)
        #expect(audiobook.pauses.heading > audiobook.pauses.paragraph)
    }

    @Test func aPartialPipelineKeepsTheDefaultsItDoesNotName() throws {
        let p = try Pipeline.parse(yaml: "rate: 200\npauses:\n  heading: 2\n", path: "p.yml")
        #expect(p.rate == 200)
        #expect(p.pauses.heading == 2)
        #expect(p.pauses.paragraph == Pipeline.builtIn.pauses.paragraph)
        #expect(p.voice == Pipeline.builtIn.voice)
    }

    @Test func userRulesChangeWhatIsSaid() throws {
        let folder = Fixtures.scratch("recite-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("Recite → Ree-sight\n".utf8).write(to: folder.appendingPathComponent("mine.txt"))
        let pipelinePath = folder.appendingPathComponent("p.yml").path
        try Data("normalization:\n  userRules: [mine.txt]\n".utf8).write(to: URL(fileURLWithPath: pipelinePath))
        let pipeline = try Pipeline.load(path: pipelinePath)
        #expect(pipeline.userRuleFiles == [folder.appendingPathComponent("mine.txt").path])
        let renderer = try DocumentRenderer(pipeline: pipeline)
        let input = folder.appendingPathComponent("doc.md")
        try Data("Recite works.\n".utf8).write(to: input)
        let prepared = try renderer.prepare(Job(source: input.path, format: .markdown, outputStem: "doc"))
        let words = prepared.segments.flatMap(\.words).map(\.spoken)
        #expect(words.first == "Ree-sight")
    }

    @Test(arguments: ["rate: 9000", "pitch: -1", "rate: fast", "pauses:\n  heading: 99"])
    func invalidValuesNameTheFile(yaml: String) {
        #expect {
            try Pipeline.parse(yaml: yaml, path: "bad.yml")
        } throws: { error in
            (error as? ConfigurationError)?.message.hasPrefix("bad.yml: error:") == true
        }
    }
}

@Suite struct DiscoveryTests {
    @Test func foldersAreWalkedAndMirrored() throws {
        let root = Fixtures.scratch("recite-disc-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("sub/.hidden"), withIntermediateDirectories: true)
        for (name, text) in [("a.md", "# A"), ("sub/b.markdown", "b"), ("sub/c.ssml", "<speak>c</speak>"),
                             ("sub/d.xml", "<?xml version='1.0'?><speak>d</speak>"), ("sub/e.xml", "<rss/>"),
                             ("notes.txt", "no"), ("sub/.hidden/f.md", "no"), ("a.ssml", "<speak>a</speak>")] {
            try Data(text.utf8).write(to: root.appendingPathComponent(name))
        }
        let jobs = try Discovery.jobs(for: [root.path], excluding: root.appendingPathComponent("out").path)
        #expect(jobs.map(\.outputStem) == ["a.md", "a.ssml", "sub/b", "sub/c", "sub/d"])
        #expect(jobs.map(\.format) == [.markdown, .ssml, .markdown, .ssml, .ssml])
    }

    @Test func aMissingPathIsAConfigurationError() {
        #expect(throws: ConfigurationError.self) {
            try Discovery.jobs(for: ["/nonexistent/x.md"], excluding: "/tmp/out")
        }
    }

    @Test func htmlFilesAreFound() throws {
        let folder = Fixtures.scratch("recite-html-discovery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["a.html", "b.htm", "c.HTML", "d.txt"] {
            try Data("<p>x</p>".utf8).write(to: folder.appendingPathComponent(name))
        }
        let jobs = try Discovery.jobs(for: [folder.path], excluding: "/tmp/none")
        #expect(jobs.map(\.format) == [.html, .html, .html])
        #expect(jobs.map(\.outputStem) == ["a", "b", "c"])
        #expect(try Discovery.jobs(for: [folder.appendingPathComponent("b.htm").path], excluding: "/tmp/none").first?.format == .html)
    }
}

/// The `html:` and `readAlong:` keys: the read-along page, and how HTML inputs are read.
extension PipelineTests {
    @Test func htmlKeyStillSwitchesTheReadAlongPage() throws {
        #expect(try Pipeline.parse(yaml: "html: true\n", path: "p.yml").html)
        #expect(try !Pipeline.parse(yaml: "html: false\n", path: "p.yml", over: Pipeline.parse(yaml: "html: true\n", path: "p.yml")).html)
        #expect(try Pipeline.parse(yaml: "readAlong: true\n", path: "p.yml").html)
        #expect(Pipeline.builtIn.htmlContent == .article && !Pipeline.builtIn.html && !Pipeline.builtIn.htmlByline)
    }

    @Test func htmlKeyChoosesHowPagesAreRead() throws {
        let whole = try Pipeline.parse(yaml: "html: whole\n", path: "p.yml")
        #expect(whole.htmlContent == .whole && !whole.html)
        #expect(whole.htmlOptions.content == .whole)
        let mapped = try Pipeline.parse(yaml: "html:\n  read: article\n  byline: true\n  readAlong: true\n", path: "p.yml", over: whole)
        #expect(mapped.htmlContent == .article && mapped.htmlByline && mapped.html)
        #expect(throws: ConfigurationError.self) { try Pipeline.parse(yaml: "html: everything\n", path: "p.yml") }
    }

    @Test func htmlReadingChangesTheFingerprint() throws {
        let whole = try Pipeline.parse(yaml: "html: whole\n", path: "p.yml")
        #expect(DocumentFingerprint(pipeline: whole).runDigest != DocumentFingerprint(pipeline: .builtIn).runDigest)
        let byline = try Pipeline.parse(yaml: "html: {byline: true}\n", path: "p.yml")
        #expect(DocumentFingerprint(pipeline: byline).runDigest != DocumentFingerprint(pipeline: .builtIn).runDigest)
    }
}
