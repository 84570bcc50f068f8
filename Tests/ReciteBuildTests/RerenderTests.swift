import Foundation
import ReciteTestSupport
import ReciteTiming
import Testing

/// The nightly promise, input by input: a document whose inputs did not change is not rendered
/// again, and one whose lexicon, rule tables, user rules or pipeline changed is, with the change
/// heard in its audio and seen in its sidecar.
@Suite(.serialized) struct RerenderTests {
    /// A pipeline folder (its own copy of the rule tables, a user rules file, a lexicon) and an
    /// input folder of two documents: `a.md` says what each file decides, `b.md` none of it.
    struct Setup {
        let pipeline: URL, rules: URL, userRules: URL, lexicon: URL, input: URL, out: URL

        init() throws {
            let root = EndToEndTests.temporaryFolder("rerender")
            let fm = FileManager.default
            let pipelines = root.appendingPathComponent("pipeline")
            rules = pipelines.appendingPathComponent("rules")
            try fm.createDirectory(at: pipelines, withIntermediateDirectories: true)
            try fm.copyItem(at: Fixtures.repositoryRoot.appendingPathComponent("Pipelines/rules"), to: rules)
            userRules = pipelines.appendingPathComponent("mine.txt")
            try Data("\\bACME\\b → Acme Corporation\n".utf8).write(to: userRules)
            lexicon = pipelines.appendingPathComponent("names.tsv")
            try Data("lead\tipa\tlɛd\n".utf8).write(to: lexicon)
            pipeline = pipelines.appendingPathComponent("p.yml")
            try Data("""
                rate: 175
                phonemes: true
                lexicons: [names.tsv]
                normalization:
                  rules: rules
                  userRules: [mine.txt]
                """.utf8).write(to: pipeline)
            input = root.appendingPathComponent("in")
            out = root.appendingPathComponent("out")
            try fm.createDirectory(at: input, withIntermediateDirectories: true)
            try Data("ACME sells lead pipes.\n\nTake the Hwy north.\n".utf8).write(to: input.appendingPathComponent("a.md"))
            try Data("The river runs past the mill.\n".utf8).write(to: input.appendingPathComponent("b.md"))
        }

        func build() throws -> (RunSupport.Output, RunSupport.Summary) {
            let run = try RunSupport.recite(["build", input.path, "-o", out.path, "--pipeline", pipeline.path, "--jobs", "2"])
            #expect(run.status == 0, "\(run.stderr)")
            let summary = try #require(RunSupport.summary(run.stderr), "no summary line in: \(run.stderr)")
            return (run, summary)
        }

        func audio(_ stem: String) throws -> Data { try Data(contentsOf: out.appendingPathComponent(stem + ".wav")) }
        func spoken(_ stem: String) throws -> [String] { try RunSupport.sidecar(out, stem).words.map(\.spoken) }
        func phonemes(of text: String, in stem: String) throws -> String? {
            try RunSupport.sidecar(out, stem).words.first { $0.text == text }?.phonemes
        }

        /// Rewrites `file`, replacing `old` (which must be there) with `new`.
        func edit(_ file: URL, _ old: String, _ new: String) throws {
            let text = try String(contentsOf: file, encoding: .utf8)
            try #require(text.contains(old), "\(file.lastPathComponent) has no \(old)")
            try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: file)
        }

        /// A second build with nothing changed renders nothing and synthesizes nothing.
        func expectNothingRedone(after change: String) throws {
            let (_, summary) = try build()
            #expect(summary == .init(rendered: 2, unchanged: 2, synthesized: 0, fromCache: 0, failed: 0), "after \(change): \(summary)")
        }
    }

    @Test func everyInputThatDecidesADocumentRendersItAgainAndNothingElseDoes() throws {
        let setup = try Setup()
        let (_, first) = try setup.build()
        #expect(first.unchanged == 0 && first.rendered == 2, "\(first)")
        #expect(try setup.phonemes(of: "lead", in: "a") == "lɛd")
        let spoken = try setup.spoken("a")
        #expect(spoken.starts(with: ["Acme", "Corporation", "sells"]) && spoken.contains("Highway"), "\(spoken)")
        try setup.expectNothingRedone(after: "the first build")

        // The lexicon: "lead" is said otherwise, in a.md's audio and sidecar; b.md is rendered
        // again (the lexicon applies to every document), from the cache, to the same bytes.
        var a = try setup.audio("a"), b = try setup.audio("b")
        try setup.edit(setup.lexicon, "lɛd", "liːd")
        let (_, lexicon) = try setup.build()
        #expect(lexicon.unchanged == 0 && lexicon.synthesized >= 1, "lexicon changed: \(lexicon)")
        #expect(try setup.phonemes(of: "lead", in: "a") != "lɛd")
        #expect(try setup.audio("a") != a, "a.wav still says the old lexicon's lead")
        #expect(try setup.audio("b") == b)
        try setup.expectNothingRedone(after: "the lexicon change")

        // A rule table in the pipeline's rules folder.
        a = try setup.audio("a"); b = try setup.audio("b")
        try setup.edit(setup.rules.appendingPathComponent("en.abbreviations.yml"), "  Hwy: Highway\n", "  Hwy: Motorway\n")
        let (_, table) = try setup.build()
        #expect(table.unchanged == 0 && table.synthesized >= 1, "rule table changed: \(table)")
        let retabled = try setup.spoken("a")
        #expect(retabled.contains("Motorway") && !retabled.contains("Highway"), "\(retabled)")
        #expect(try setup.audio("a") != a)
        #expect(try setup.audio("b") == b)
        try setup.expectNothingRedone(after: "the rule table change")

        // A new file in the rules folder counts too (it may hold rules for the documents' language).
        try Data("# nothing yet\n".utf8).write(to: setup.rules.appendingPathComponent("en.notes.txt"))
        let (_, added) = try setup.build()
        #expect(added.unchanged == 0 && added.synthesized == 0, "file added to the rules folder: \(added)")
        try setup.expectNothingRedone(after: "the file added to the rules folder")

        // The user rules file.
        a = try setup.audio("a")
        try setup.edit(setup.userRules, "Acme Corporation", "Acme Limited")
        let (_, user) = try setup.build()
        #expect(user.unchanged == 0 && user.synthesized >= 1, "user rules changed: \(user)")
        let reruled = try setup.spoken("a")
        #expect(reruled.starts(with: ["Acme", "Limited", "sells"]), "\(reruled)")
        #expect(try setup.audio("a") != a)
        try setup.expectNothingRedone(after: "the user rules change")

        // A pipeline value: a faster rate re-renders both documents, shorter.
        let durations = try ["a", "b"].map { try RunSupport.sidecar(setup.out, $0).duration }
        try setup.edit(setup.pipeline, "rate: 175", "rate: 260")
        let (_, rate) = try setup.build()
        #expect(rate == .init(rendered: 2, unchanged: 0, synthesized: rate.synthesized, fromCache: 0, failed: 0) && rate.synthesized >= 3,
                "pipeline rate changed: \(rate)")
        for (stem, before) in zip(["a", "b"], durations) {
            let after = try RunSupport.sidecar(setup.out, stem).duration
            #expect(after < before * 0.85, "\(stem): \(after) s at 260 wpm, \(before) s at 175")
        }
        try setup.expectNothingRedone(after: "the pipeline change")
    }

    /// `--lexicon` for one run, and an edit to that file: the same promise for a lexicon named on
    /// the command line rather than in the pipeline.
    @Test func aLexiconGivenOnTheCommandLineIsWatchedToo() throws {
        let input = EndToEndTests.temporaryFolder("rerender-cli-in"), out = EndToEndTests.temporaryFolder("rerender-cli-out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("Winawer played.\n".utf8).write(to: input.appendingPathComponent("game.md"))
        let lexicons = EndToEndTests.temporaryFolder("rerender-cli-lexicon")
        try FileManager.default.createDirectory(at: lexicons, withIntermediateDirectories: true)
        let lexicon = lexicons.appendingPathComponent("names.tsv")
        try Data("Winawer\tipa\tˈvɪnəvɚ\n".utf8).write(to: lexicon)
        let arguments = ["build", input.path, "-o", out.path, "--lexicon", lexicon.path, "--phonemes"]
        let first = try RunSupport.recite(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try RunSupport.sidecar(out, "game").words.first?.phonemes
        #expect(before?.hasPrefix("v") == true, "\(before ?? "-")")
        let again = try RunSupport.recite(arguments)
        #expect(RunSupport.summary(again.stderr)?.unchanged == 1, "\(again.stderr)")

        try Data("Winawer\tipa\tˈwɪnəwɚ\n".utf8).write(to: lexicon)
        let changed = try RunSupport.recite(arguments)
        #expect(RunSupport.summary(changed.stderr)?.unchanged == 0, "\(changed.stderr)")
        let after = try RunSupport.sidecar(out, "game").words.first?.phonemes
        #expect(after?.hasPrefix("w") == true, "\(after ?? "-")")
    }
}
