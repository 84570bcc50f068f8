import Foundation
@testable import RecitePronounce
import ReciteScript
import Testing

@Suite struct LexiconReaderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test func readsTheW3CSpecificationExamples() throws {
        let lexicon = try LexiconFile.load(path: Self.fixtures.appendingPathComponent("w3c-multiple-graphemes.pls").path)
        #expect(lexicon.language == "en-US")
        #expect(lexicon.entries.count == 2)
        #expect(lexicon.entries[0].graphemes == ["Sepulveda", "Sepúlveda"])
        #expect(lexicon.entries[1].pronunciation == .alias("World Wide Web Consortium"))
        let xsampa = try LexiconFile.load(path: Self.fixtures.appendingPathComponent("w3c-x-sampa.pls").path)
        #expect(xsampa.entries[0].pronunciation == .phonemes(WrittenPronunciation(alphabet: .xsampa, text: "t@\"meItoU")))
        // prefer="true" picks the second pronunciation.
        let prefer = try LexiconFile.load(path: Self.fixtures.appendingPathComponent("w3c-prefer.pls").path)
        #expect(prefer.entries[0].pronunciation == .phonemes(WrittenPronunciation(alphabet: .ipa, text: "ˈfɑɹənˌhaɪt")))
    }

    @Test func compactFormsGiveTheSameEntries() throws {
        let yaml = try CompactLexiconReader.readYAML("""
            language: en-US
            entries:
              lead: lɛd
              US: { x-sampa: 'ju:"Es', case: sensitive }
              NATO: { alias: nay toe, inflect: false }
            """, path: "names.yml")
        let tsv = try CompactLexiconReader.readTSV("# language: en-US\nlead\tipa\tlɛd\nUS\tx-sampa\tju:\"Es\tcase-sensitive\n\nNATO\talias\tnay toe\tno-inflect\n", path: "names.tsv")
        #expect(yaml.language == "en-US" && tsv.language == "en-US")
        for lexicon in [yaml, tsv] {
            #expect(lexicon.entries.map(\.graphemes) == [["lead"], ["US"], ["NATO"]])
            #expect(lexicon.entries.map(\.caseSensitive) == [false, true, false])
            #expect(lexicon.entries.map(\.inflects) == [true, true, false])
            #expect(lexicon.entries[1].pronunciation == .phonemes(WrittenPronunciation(alphabet: .xsampa, text: "ju:\"Es")))
        }
        #expect(yaml.entries.map(\.line) == [3, 4, 5])
        #expect(tsv.entries.map(\.line) == [2, 3, 5])
    }

    @Test func errorsNameTheFileTheLineAndWhatToDo() {
        #expect(throws: LexiconError(path: "x.tsv", line: 2, message: "unknown alphabet \"klingon\" for \"qa\"; use ipa, x-sampa, espeak or alias.")) {
            try CompactLexiconReader.readTSV("a\tipa\tə\nqa\tklingon\tq\n", path: "x.tsv")
        }
        #expect(throws: LexiconError.self) {
            try PLSReader.read(Array("<lexicon><lexeme><phoneme>a</phoneme></lexeme></lexicon>".utf8), path: "y.pls")
        }
        // Entities are refused before libxml2 sees them (billion laughs, XXE).
        let hostile = "<!DOCTYPE lexicon [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<lexicon><lexeme><grapheme>&x;</grapheme><alias>a</alias></lexeme></lexicon>"
        #expect(throws: LexiconError.self) { try PLSReader.read(Array(hostile.utf8), path: "z.pls") }
    }
}
