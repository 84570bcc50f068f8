import ReciteScript
import Testing
@testable import ReciteSegment

/// Paragraphs are cut into sentence-sized segments where eSpeak NG ends a sentence itself.
@Suite struct SentenceCutTests {
    func paragraph(_ text: String) -> Script {
        let runs = text.split(separator: " ").enumerated().map { i, word in
            Run(.speech(String(word)), source: SourceSpan(offset: i, length: 1, line: 1, column: i + 1))
        }
        return Script(path: "t", language: "en-US",
                      blocks: [Block(kind: .paragraph, source: SourceSpan(offset: 0, length: 1, line: 1, column: 1), runs: runs)])
    }

    func sentences(_ text: String) -> [String] {
        // Every sentence a segment of its own (a segment holds at least 40 words by default).
        Segmenter(sentenceWords: 1).segments(of: paragraph(text)).map { $0.words.map(\.spoken).joined(separator: " ") }
    }

    @Test func aParagraphIsCutAfterEachSentence() {
        #expect(sentences("It rained. Was it cold? Yes! «Quite so.» (It was.) 12 people came.")
                == ["It rained", "Was it cold", "Yes", "Quite so", "It was", "12 people came"])
    }

    @Test func fullStopsThatEspeakReadsOnThroughDoNotCut() {
        // Before a lower-case word, after a title, an initial or a Latin abbreviation.
        #expect(sentences("It costs approx. three euros.").count == 1)
        #expect(sentences("Mr. Smith met Dr. Jones and J. Doe, e.g. Anna.").count == 1)
        #expect(sentences("See Fig. 3 for details.").count == 1)
    }

    @Test func onlyTheLastSegmentOfABlockTakesItsPause() {
        let segments = Segmenter(pauses: PausePlan(paragraph: 0.7), sentenceWords: 1).segments(of: paragraph("One. Two. Three."))
        #expect(segments.map(\.pauseAfter) == [0, 0, 0.7])
        #expect(segments.allSatisfy { $0.blockIndex == 0 })
    }

    @Test func aCutSegmentEndsWithAStandInWordWhoseEventCutsTheAudio() throws {
        let segments = Segmenter(sentenceWords: 1).segments(of: paragraph("One two. Three four."))
        #expect(segments.count == 2)
        let standIn = try #require(segments[0].speech.standInToken)
        #expect(standIn == segments[0].speech.tokens.count)
        // The stand-in is no word of the segment: it is never timed nor shown.
        #expect(segments[0].words.map(\.spoken) == ["One", "two"])
        #expect(segments[0].words.allSatisfy { $0.token < standIn })
        // The block's last segment is not cut, and says what it says.
        #expect(segments[1].speech.standInToken == nil)
        #expect(segments[1].speech.tokens.map(\.text) == ["Three", "four."])
    }

    @Test func aLongSentenceIsCutAtAClauseOnceItIsLong() {
        let clause = Array(repeating: "word", count: 20).joined(separator: " ")
        let text = (1...5).map { _ in clause + "," }.joined(separator: " ") + " end."
        let segments = Segmenter().segments(of: paragraph(text))
        // Cut at the first comma with at least `clauseCutWords` words before it: after 60 words, then the rest.
        #expect(segments.map(\.words.count) == [60, 41])
        #expect(segments[0].speech.endsWithStandIn)
    }

    @Test func aRunOnStretchWithoutPunctuationIsStillCut() {
        let text = Array(repeating: "word", count: 1000).joined(separator: " ")
        let segments = Segmenter().segments(of: paragraph(text))
        #expect(segments.allSatisfy { $0.words.count <= Segmenter.maximumClauseWords })
        #expect(segments.reduce(0) { $0 + $1.words.count } == 1000)
    }

    @Test func dandasAndOtherScriptsFullStopsCut() {
        // Hindi ends its sentences with a danda, glued to the word or standing alone; a word of
        // one letter before it is no initial.
        #expect(sentences("वह घर गया। मैं यहाँ हूँ । क्या यह सच है? हाँ न।")
                == ["वह घर गया", "मैं यहाँ हूँ", "क्या यह सच है", "हाँ न"])
        #expect(SentenceBoundary.after("नमस्ते\u{0965}") == .sentence)
        #expect(SentenceBoundary.after("کیا؟") == .sentence)
        #expect(SentenceBoundary.after("ہے۔") == .sentence)
    }

    @Test func aMarkBetweenSentencesGoesWithTheSecond() {
        var script = paragraph("One. Two.")
        script.blocks[0].runs.insert(Run(.mark("m"), source: SourceSpan(offset: 5, length: 0, line: 1, column: 6)), at: 1)
        let segments = Segmenter(sentenceWords: 1).segments(of: script)
        #expect(segments.count == 2)
        #expect(segments[0].marks.isEmpty)
        #expect(segments[1].marks == [SegmentMark(name: "m", beforeWord: 0)])
    }

    @Test func shortSentencesShareASegmentOfAtLeastFortyWords() {
        let sentence = "This short sentence has exactly seven words."
        let text = Array(repeating: sentence, count: 20).joined(separator: " ")
        let segments = Segmenter().segments(of: paragraph(text))
        // Cut at the first sentence end past 40 words: six sentences (42 words) a segment.
        #expect(segments.map(\.words.count) == [42, 42, 42, 14])
        #expect(segments.dropLast().allSatisfy { $0.speech.endsWithStandIn })
        // A paragraph of less than 40 words stays whole.
        #expect(Segmenter().segments(of: paragraph(Array(repeating: sentence, count: 5).joined(separator: " "))).count == 1)
    }

    @Test func boundariesAfterWords() {
        #expect(SentenceBoundary.after("end.") == .sentence)
        #expect(SentenceBoundary.after("end.\u{201D}") == .sentence)
        #expect(SentenceBoundary.after("終わり。") == .sentence)
        #expect(SentenceBoundary.after("then,") == .clause)
        #expect(SentenceBoundary.after("Mrs.") == .none)
        #expect(SentenceBoundary.after("U.S.") == .none)
        #expect(SentenceBoundary.after("word") == .none)
        #expect(SentenceBoundary.startsSentence("«Quite"))
        #expect(SentenceBoundary.startsSentence("12"))
        #expect(!SentenceBoundary.startsSentence("three"))
        #expect(!SentenceBoundary.startsSentence("—"))
    }
}
