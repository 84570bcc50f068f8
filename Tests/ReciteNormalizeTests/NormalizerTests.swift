import Foundation
import ReciteScript
import ReciteTestSupport
import Testing
@testable import ReciteNormalize

/// The stage on scripts: runs, spans, pauses, marks, styles, languages.
@Suite struct NormalizerTests {
    func script(_ words: [String], language: String = "en-US") -> Script {
        let runs = words.enumerated().map { i, w in
            Run(.speech(w), source: SourceSpan(offset: i * 10, length: wordCore(w).utf8.count, line: 1, column: i + 1))
        }
        return Script(path: "t", language: language, blocks: [Block(kind: .paragraph, source: runs[0].source, runs: runs)])
    }

    func spoken(_ s: Script) -> [String] { s.blocks.flatMap(\.runs).compactMap(\.spoken) }

    @Test func symbolsAreReadAsWordsAndKeepTheirSource() {
        let result = Normalizer().normalize(script(["salt", "&", "pepper"]))
        #expect(spoken(result) == ["salt", "and", "pepper"])
        #expect(result.blocks[0].runs[1].source.offset == 10)
    }

    @Test func symbolsOnlyWordsWithoutAReadingAreDroppedAndBulletsArePauses() {
        #expect(spoken(Normalizer().normalize(script(["done", "✅", "next"]))) == ["done", "next"])
        #expect(spoken(Normalizer().normalize(script(["first", "•", "second"]))) == ["first,", "second"])
    }

    @Test func theDocumentLanguagePicksTheTable() {
        #expect(spoken(Normalizer().normalize(script(["sel", "&", "poivre"], language: "fr-FR"))) == ["sel", "et", "poivre"])
        #expect(spoken(Normalizer().normalize(script(["Salz", "&", "Pfeffer"], language: "de-DE"))) == ["Salz", "und", "Pfeffer"])
    }

    @Test func markupCharactersNeverRemain() {
        let out = spoken(Normalizer().normalize(script(["AT&T", "a<b", "x>y"]))).joined(separator: " ")
        #expect(out == "AT and T a less than b x greater than y")
        #expect(!out.contains("&") && !out.contains("<") && !out.contains(">"))
    }

    /// "8 m²" in a real source: the merged run covers exactly the bytes of "8 m²".
    @Test func anExpandedRunCoversExactlyItsSourceBytes() throws {
        let text = "A flat of 8 m², nice."
        let bytes = Array(text.utf8)
        var runs: [Run] = []
        var offset = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let (lead, core, _) = PieceSplitter.edges(word)
            runs.append(Run(.speech(String(word)), source: SourceSpan(offset: offset + lead.utf8.count, length: core.utf8.count, line: 1, column: 1)))
            offset += word.utf8.count + 1
        }
        let script = Script(path: "t", language: "en-US", blocks: [Block(kind: .paragraph, source: runs[0].source, runs: runs)])
        let out = Normalizer().normalize(script).blocks[0].runs
        let run = try #require(out.first { $0.spoken?.contains("square") == true })
        #expect(run.spoken == "eight square meters,")
        #expect(String(decoding: bytes[run.source.offset..<run.source.end], as: UTF8.self) == "8 m²")
        #expect(out.count == 5)
    }

    @Test func gluedWordsGetTheirOwnSpans() {
        let out = Normalizer().normalize(script(["Hi,no,34!"])).blocks[0].runs
        #expect(out.map(\.spoken) == ["Hi,", "no,", "thirty four!"])
        #expect(out.map(\.source.offset) == [0, 3, 6])
        #expect(out.map(\.source.length) == [2, 2, 2])
    }

    @Test func wordsAreNeverMergedAcrossAPauseOrAMark() {
        var s = script(["1", "-", "2", "rooms"])
        s.blocks[0].runs.insert(Run(.pause(0.5), source: s.blocks[0].runs[1].source), at: 1)
        s.blocks[0].runs.insert(Run(.mark("m"), source: s.blocks[0].runs[3].source), at: 3)
        let out = Normalizer().normalize(s).blocks[0].runs
        #expect(out.map(\.content) == [.speech("one"), .pause(0.5), .mark("m"), .speech("two"), .speech("rooms")])
    }

    @Test func theFirstWordsStyleIsKept() {
        var s = script(["8", "m²"])
        s.blocks[0].runs[0].style.emphasis = .strong
        let out = Normalizer().normalize(s).blocks[0].runs
        #expect(out.count == 1)
        #expect(out[0].style.emphasis == .strong)
    }

    @Test func aRunsLanguageOverridesTheDocuments() {
        var s = script(["8", "km", "and", "8", "km"])
        for k in 3...4 { s.blocks[0].runs[k].style.language = "fr-FR" }
        #expect(spoken(Normalizer().normalize(s)) == ["eight kilometers", "and", "8 kilomètres"])
    }

    @Test func spelledOutRunsAreLeftAlone() {
        var s = script(["CO₂"])
        s.blocks[0].runs[0].style.spellOut = true
        #expect(spoken(Normalizer().normalize(s)) == ["CO₂"])
    }

    @Test func emojiAreSkippedOrNamedAsConfigured() throws {
        #expect(Normalizer().normalize(line: "Done ✅ now 😀", language: "en-US") == "Done now")
        var named = Normalizer()
        named.emoji = .name
        let spoken = named.normalize(line: "Done ✅ now 😀 👩🏽‍💻", language: "en-US")
        #expect(spoken == "Done white heavy check mark now grinning face woman personal computer")
    }
}
