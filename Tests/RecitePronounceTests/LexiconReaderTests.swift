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

    static let w3c = fixtures.appendingPathComponent("w3c")
    static let w3cFiles = (try? FileManager.default.contentsOfDirectory(atPath: w3c.path).filter { $0.hasSuffix(".pls") }.sorted()) ?? []

    /// Every example of the PLS 1.0 specification loads; every entry is said in its own
    /// language or, written in an alphabet Recite does not know, reported by name.
    @Test(arguments: w3cFiles)
    func everyPLSExampleLoads(name: String) throws {
        let lexicon = try LexiconFile.load(path: Self.w3c.appendingPathComponent(name).path)
        #expect(lexicon.entries.count + lexicon.unreadable.count > 0)
        for report in LexiconCheck.check(lexicon, language: lexicon.language ?? "en-US") {
            #expect(report.error == nil, "\(name): \(report.entry.name): \(report.error ?? "")")
        }
        for error in lexicon.unreadable {
            #expect(error.line > 0 && error.isUnknownAlphabet, "\(error)")
        }
    }

    @Test func thePLSExamplesSayWhatTheyShow() throws {
        func load(_ name: String) throws -> Lexicon { try LexiconFile.load(path: Self.w3c.appendingPathComponent(name).path) }
        #expect(Self.w3cFiles.count >= 14)
        #expect(try load("pls-4.1-lexicon.pls").entries[0].pronunciation == .phonemes(WrittenPronunciation(alphabet: .ipa, text: "təmei̥ɾoʊ")))
        #expect(try load("pls-4.4-lexeme-role.pls").entries.map(\.graphemes) == [["read"], ["read"]])
        #expect(try load("pls-4.5-grapheme.pls").entries[0].graphemes == ["theater", "theatre"])
        #expect(try load("pls-4.6-phoneme-prefer.pls").entries[0].pronunciation == .phonemes(WrittenPronunciation(alphabet: .ipa, text: "hjuːʤ")))
        #expect(try load("pls-4.7-alias.pls").entries[1].pronunciation == .alias("United Nations"))
        #expect(try load("pls-5-multiword.pls").entries[0].graphemes == ["J. S. Bach"])
        #expect(try load("pls-5-ssml.pls").entries[0].graphemes == ["La vita è bella"])
        // Metadata and meta are not entries.
        #expect(try load("pls-4.3-metadata.pls").entries.count == 1)
        // The Japanese example's alphabet is not one Recite can say: the file loads, the entry is
        // named with its alphabet, and a build that would use it refuses it.
        let japanese = try load("pls-4.5-grapheme-jp.pls")
        #expect(japanese.entries.isEmpty)
        let error = try #require(japanese.unreadable.first)
        #expect(error.message.contains("\"日本\"") && error.message.contains("x-JEITA"))
        #expect(throws: LexiconError.self) { try LexiconIndex(lexicons: [japanese], language: "jp") }
    }

    /// A lexeme with a pronunciation Recite cannot say and one it can uses the one it can.
    @Test func aSayablePronunciationIsPreferredToAnUnknownAlphabet() throws {
        let lexicon = try PLSReader.read(Array("""
            <lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="x-JEITA" xml:lang="en-US">
              <lexeme><grapheme>Kyoto</grapheme><phoneme prefer="true">キョート</phoneme><phoneme alphabet="ipa">ˈkjoʊtoʊ</phoneme></lexeme>
            </lexicon>
            """.utf8), path: "mixed.pls")
        #expect(lexicon.unreadable.isEmpty)
        #expect(lexicon.entries[0].pronunciation == .phonemes(WrittenPronunciation(alphabet: .ipa, text: "ˈkjoʊtoʊ")))
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
