import ReciteScript
import Testing
@testable import ReciteSegment

@Suite struct SegmenterTests {
    func span(_ i: Int) -> SourceSpan { SourceSpan(offset: i, length: 1, line: 1, column: i + 1) }

    func script(_ runs: [Run], kind: Block.Kind = .paragraph) -> Script {
        Script(path: "t", language: "en-US", blocks: [Block(kind: kind, source: span(0), runs: runs)])
    }

    @Test func wordsPointAtTheirTokens() {
        let runs = [
            Run(.speech("Hello,"), source: span(0)),
            Run(.speech("loud"), source: span(1), style: RunStyle(prosody: Prosody(volume: 1.5))),
            Run(.speech("eight square meters"), source: span(2), style: RunStyle(emphasis: .strong)),
            Run(.speech("end."), source: span(3)),
        ]
        let segments = Segmenter().segments(of: script(runs))
        #expect(segments.count == 1)
        let tokens = segments[0].speech.tokens
        for word in segments[0].words {
            #expect(wordCore(tokens[word.token].text) == word.spoken)
        }
        #expect(segments[0].words.map(\.spoken) == ["Hello", "loud", "eight", "square", "meters", "end"])
        #expect(segments[0].words[2...4].allSatisfy { $0.source == span(2) })
        #expect(tokens[1].prosody == Prosody(volume: 1.5))
        #expect(tokens[2...4].allSatisfy { $0.emphasis == .strong })
    }

    @Test func languageChangesAndBreaksCutSegments() {
        let runs = [
            Run(.speech("one"), source: span(0)),
            Run(.pause(0.5), source: span(1)),
            Run(.speech("two"), source: span(2)),
            Run(.speech("deux"), source: span(3), style: RunStyle(language: "fr-FR")),
        ]
        let segments = Segmenter(pauses: PausePlan(paragraph: 0.7)).segments(of: script(runs))
        #expect(segments.map { $0.words.map(\.spoken) } == [["one"], ["two"], ["deux"]])
        #expect(segments.map(\.language) == ["en-US", "en-US", "fr-FR"])
        #expect(segments.map(\.pauseAfter) == [0.5, 0, 0.7])
    }

    @Test func runOnTextIsCutBeforeESpeakWouldDropIt() {
        let figures = (0..<100).map { Run(.speech("10:00/19:4\($0 % 10)"), source: span($0)) }
        let segments = Segmenter().segments(of: script(figures))
        #expect(segments.count > 1)
        #expect(segments.flatMap(\.words).count == 100)
        #expect(segments.dropLast().allSatisfy { $0.pauseAfter == 0 })
        // Punctuation ends a clause: ordinary sentences are never cut.
        let prose = (0..<300).map { Run(.speech($0 % 10 == 9 ? "word." : "word"), source: span($0)) }
        #expect(Segmenter().segments(of: script(prose)).count == 1)
    }

    @Test func blockPausesFollowTheBlockKind() {
        let plan = PausePlan(heading: 0.9, paragraph: 0.4)
        let heading = Segmenter(pauses: plan).segments(of: script([Run(.speech("Title"), source: span(0))], kind: .heading(level: 1)))
        let paragraph = Segmenter(pauses: plan).segments(of: script([Run(.speech("Text"), source: span(0))]))
        #expect(heading[0].pauseAfter == 0.9)
        #expect(paragraph[0].pauseAfter == 0.4)
        #expect(heading[0].pauseAfter > paragraph[0].pauseAfter)
    }

    @Test func spelledWordsAreSpelledTokens() {
        let runs = [Run(.speech("SSML."), source: span(0), style: RunStyle(spellOut: true)), Run(.speech("next"), source: span(1))]
        // A lower-case word after the full stop: one sentence, one segment (see SentenceCutTests).
        let segment = Segmenter().segments(of: script(runs))[0]
        #expect(segment.speech.tokens.map(\.text) == ["SSML.", "next"])
        #expect(segment.speech.tokens.map(\.spellOut) == [true, false])
        #expect(segment.words.map(\.spoken) == ["SSML", "next"])
    }

    @Test func marksPrecedeTheirWord() {
        let runs = [Run(.speech("a"), source: span(0)), Run(.mark("m"), source: span(1)), Run(.speech("b"), source: span(2))]
        let segment = Segmenter().segments(of: script(runs))[0]
        #expect(segment.marks == [SegmentMark(name: "m", beforeWord: 1)])
    }

    @Test func markupCharactersNeverReachTheSynthesizer() {
        let segment = Segmenter().segments(of: script([Run(.speech("a<b>&c"), source: span(0))]))[0]
        #expect(segment.speech.tokens.map(\.text) == ["a", "b", "c"])
    }
}
