import Foundation
import ReciteTestSupport
import ReciteTiming
import Testing

/// Lexicons through the built `recite`, judged by what eSpeak NG actually spoke: the phonemes of
/// its phoneme events, which `--phonemes` writes into the timing sidecar.
@Suite(.serialized) struct LexiconEndToEndTests {
    static func sidecar(_ folder: URL, _ name: String) throws -> TimingSidecar {
        try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: folder.appendingPathComponent(name + ".timing.json")))
    }

    @Test func entriesChangeWholeWordsOnlyAndTheRestKeepsESpeaksOwnPronunciation() throws {
        let input = EndToEndTests.temporaryFolder("lexicon-in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let document = input.appendingPathComponent("lead.md")
        try Data("lead Leads leadership unleaded lead's LEAD\n".utf8).write(to: document)
        let ipa = input.appendingPathComponent("metal.tsv"), xsampa = input.appendingPathComponent("metal.yml")
        try Data("lead\tipa\tlɛd\n".utf8).write(to: ipa)
        try Data("alphabet: x-sampa\nentries:\n  lead: lEd\n".utf8).write(to: xsampa)

        let plain = EndToEndTests.temporaryFolder("lexicon-plain"), withIPA = EndToEndTests.temporaryFolder("lexicon-ipa"),
            withXSAMPA = EndToEndTests.temporaryFolder("lexicon-xsampa")
        for (out, extra) in [(plain, [String]()), (withIPA, ["--lexicon", ipa.path]), (withXSAMPA, ["--lexicon", xsampa.path])] {
            let outcome = try EndToEndTests.recite(["build", document.path, "-o", out.path, "--phonemes"] + extra)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            try EndToEndTests.checkOutputs(source: document, audio: out.appendingPathComponent("lead.wav"),
                                           timing: out.appendingPathComponent("lead.timing.json"))
        }
        let eSpeak = try Self.sidecar(plain, "lead").words.map { $0.phonemes ?? "" }
        let annotated = try Self.sidecar(withIPA, "lead")
        let spoken = annotated.words.map { $0.phonemes ?? "" }
        #expect(annotated.words.map(\.text) == ["lead", "Leads", "leadership", "unleaded", "lead's", "LEAD"])
        #expect(spoken == ["lɛd", "lɛdz", eSpeak[2], eSpeak[3], "lɛdz", "lɛd"])
        #expect(eSpeak[0] != "lɛd", "eSpeak NG's own 'lead' is the verb, /liːd/")
        // IPA and X-SAMPA entries say the same thing.
        #expect(try Self.sidecar(withXSAMPA, "lead").words.map { $0.phonemes ?? "" } == spoken)
    }

    @Test func aFolderConfigurationAddsItsLexiconAndABadLexiconStopsTheRun() throws {
        let input = EndToEndTests.temporaryFolder("lexicon-folder"), out = EndToEndTests.temporaryFolder("lexicon-folder-out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("Winawer played.\n".utf8).write(to: input.appendingPathComponent("game.md"))
        try Data("Winawer\tipa\tˈvɪnəvɚ\n".utf8).write(to: input.appendingPathComponent("names.tsv"))
        try Data("lexicons: [names.tsv]\nphonemes: true\n".utf8).write(to: input.appendingPathComponent("recite.yml"))
        let outcome = try EndToEndTests.recite(["build", input.path, "-o", out.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let words = try Self.sidecar(out, "game").words
        #expect(words.first?.phonemes?.hasPrefix("v") == true, "\(words)")

        try Data("Winawer\tipa\tʘ\n".utf8).write(to: input.appendingPathComponent("names.tsv"))
        let bad = try EndToEndTests.recite(["build", input.path, "-o", out.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("names.tsv:1") && bad.stderr.contains("ʘ"), "\(bad.stderr)")
    }

    @Test func anSSMLDocumentNamesItsLexiconAndWritesPhonemes() throws {
        let input = EndToEndTests.temporaryFolder("lexicon-ssml"), out = EndToEndTests.temporaryFolder("lexicon-ssml-out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-US">
              <lexeme><grapheme>Winawer</grapheme><phoneme>ˈvɪnəvɚ</phoneme></lexeme>
            </lexicon>
            """.utf8).write(to: input.appendingPathComponent("names.pls"))
        try Data("""
            <speak version="1.1" xml:lang="en-US"><lexicon uri="names.pls"/><p>The Winawer line, and \
            <phoneme alphabet="x-sampa" ph="l'Ed">lead</phoneme>.</p></speak>
            """.utf8).write(to: input.appendingPathComponent("game.ssml"))
        let run = try EndToEndTests.recite(["build", input.path, "-o", out.path, "--phonemes"])
        #expect(run.status == 0, "\(run.stderr)")
        let words = try Self.sidecar(out, "game").words
        #expect(words.first { $0.text == "Winawer" }?.phonemes == "vɪnəvɚ")
        #expect(words.first { $0.text == "lead" }?.phonemes == "lɛd")
    }
}
