import ReciteScript
import Testing
@testable import ReciteNormalize

@Suite struct NormalizerTests {
    func script(_ words: [String], language: String = "en-US") -> Script {
        let runs = words.enumerated().map { i, w in
            Run(.speech(w), source: SourceSpan(offset: i * 10, length: 1, line: 1, column: i + 1))
        }
        return Script(path: "t", language: language, blocks: [Block(kind: .paragraph, source: runs[0].source, runs: runs)])
    }

    func spoken(_ s: Script) -> [String] { s.blocks.flatMap(\.runs).compactMap(\.spoken) }

    @Test func symbolsAreReadAsWordsAndKeepTheirSource() {
        let result = Normalizer().normalize(script(["salt", "&", "pepper"]))
        #expect(spoken(result) == ["salt", "and", "pepper"])
        #expect(result.blocks[0].runs[1].source.offset == 10)
    }

    @Test func symbolsOnlyWordsWithoutAReadingAreDropped() {
        #expect(spoken(Normalizer().normalize(script(["done", "✅", "•", "—", "next"]))) == ["done", "next"])
    }

    @Test func theDocumentLanguagePicksTheTable() {
        #expect(spoken(Normalizer().normalize(script(["sel", "&", "poivre"], language: "fr-FR"))) == ["sel", "et", "poivre"])
        #expect(spoken(Normalizer().normalize(script(["Salz", "&", "Pfeffer"], language: "de-DE"))) == ["Salz", "und", "Pfeffer"])
    }

    @Test func markupCharactersInsideWordsAreReadOrRemoved() {
        #expect(spoken(Normalizer().normalize(script(["AT&T", "a<b"]))) == ["AT and T", "a b"])
    }
}
