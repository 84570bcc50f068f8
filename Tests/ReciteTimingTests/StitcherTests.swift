import ReciteScript
import ReciteSegment
import ReciteSynth
import Testing
@testable import ReciteTiming

@Suite struct StitcherTests {
    let source = SourceText(path: "t.md", text: "alpha beta gamma")

    func word(_ text: String, at offset: Int, token: Int) -> SegmentWord {
        SegmentWord(token: token, spoken: text,
                    source: SourceSpan(offset: offset, length: text.count, line: 1, column: offset + 1), runIndex: 0)
    }

    /// Audio of `count` samples, loud everywhere, with word events at the given samples, each on a
    /// token and an offset into its text.
    func audio(count: Int, words: [(token: Int, offset: Int, sample: Int)]) -> SynthesizedAudio {
        SynthesizedAudio(sampleRate: 1000, samples: [Int16](repeating: 5000, count: count),
                         events: words.map { SynthesisEvent(kind: .word, token: $0.token, offset: $0.offset, sample: $0.sample) })
    }

    @Test func laterSegmentsAreShiftedByEverythingBefore() {
        let script = Script(path: "t.md", language: "en-US", blocks: [
            Block(kind: .heading(level: 1), source: SourceSpan(offset: 0, length: 10, line: 1, column: 1), runs: []),
            Block(kind: .paragraph, source: SourceSpan(offset: 11, length: 5, line: 1, column: 12), runs: []),
        ])
        let segments = [
            Segment(blockIndex: 0, language: "en-US", voiceName: nil, speech: SpeechInput(plain: "alpha beta"),
                    words: [word("alpha", at: 0, token: 0), word("beta", at: 6, token: 1)],
                    marks: [SegmentMark(name: "m", beforeWord: 1)], pauseAfter: 0.5),
            Segment(blockIndex: 1, language: "en-US", voiceName: nil, speech: SpeechInput(plain: "gamma"),
                    words: [word("gamma", at: 11, token: 0)], marks: [], pauseAfter: 0.5),
        ]
        let output = Stitcher.stitch(
            script: script, source: source, segments: segments,
            audio: [audio(count: 1000, words: [(0, 0, 100), (1, 0, 600)]), audio(count: 800, words: [(0, 0, 200)])],
            sampleRate: 1000, audioName: "t.wav")
        // 1000 samples, 500 of pause, 800 samples; no pause after the last segment.
        #expect(output.samples.count == 2300)
        let sidecar = output.sidecar
        #expect(sidecar.duration == 2.3)
        #expect(sidecar.words.map(\.start) == [0.1, 0.6, 1.7])
        #expect(sidecar.words.map(\.text) == ["alpha", "beta", "gamma"])
        #expect(sidecar.words[0].end == 0.6)
        #expect(sidecar.words[2].end <= sidecar.duration)
        #expect(sidecar.marks == [TimingSidecar.Mark(name: "m", time: 0.6)])
        #expect(sidecar.blocks.map(\.kind) == ["heading", "paragraph"])
        #expect(sidecar.blocks[0].level == 1)
        #expect(sidecar.blocks[1].start == 1.7)
        #expect(sidecar.sentences.map(\.text) == ["alpha beta", "gamma"])
    }

    /// A segment that says `text`, a token per piece between spaces, each a word.
    func segment(_ text: String, language: String = "en-US") -> Segment {
        let pieces = text.split(separator: " ").map(String.init)
        var offset = 0
        let words = pieces.enumerated().map { k, piece in
            defer { offset += piece.count + 1 }
            return word(piece, at: offset, token: k)
        }
        return Segment(blockIndex: 0, language: language, voiceName: nil, speech: SpeechInput(plain: text), words: words,
                       marks: [], pauseAfter: 0)
    }

    /// A sentence event past a word's start (eSpeak NG's, after "“We" in a quotation) starts the
    /// sentence at the next word; one at a word's start, at that word.
    @Test func aSentenceEventInsideATokenStartsTheNextWord() {
        let script = Script(path: "t.md", language: "en-US", blocks: [
            Block(kind: .paragraph, source: SourceSpan(offset: 0, length: 16, line: 1, column: 1), runs: []),
        ])
        var audio = audio(count: 3000, words: [(0, 0, 0), (1, 0, 1000), (2, 0, 2000)])
        audio.events += [SynthesisEvent(kind: .sentence, token: 0, sample: 0), SynthesisEvent(kind: .sentence, token: 1, offset: 4, sample: 1900)]
        let output = Stitcher.stitch(script: script, source: source, segments: [segment("alpha beta gamma")], audio: [audio],
                                     sampleRate: 1000, audioName: "t.wav")
        #expect(output.sidecar.sentences.map(\.text) == ["alpha beta", "gamma"])
    }

    @Test func wordsWithoutEventsShareTheirNeighboursTime() {
        let timed = WordTimer.time(segment("a b c"), audio: audio(count: 3000, words: [(0, 0, 0), (2, 0, 2000)]))
        #expect(timed.map(\.start) == [0, 1000, 2000])
        // After the last event, the time up to the end of the sound is shared by length.
        var samples = [Int16](repeating: 5000, count: 3000)
        for k in 2500..<3000 { samples[k] = 0 }
        let tail = SynthesizedAudio(sampleRate: 1000, samples: samples,
                                    events: [SynthesisEvent(kind: .word, token: 0, sample: 0)])
        let shared = WordTimer.time(segment("aa le monde"), audio: tail)
        #expect(shared.map(\.start) == [0, 555, 1111])  // 2500 samples shared 2 : 2 : 5
        #expect(shared[2].start < 2500 && shared[2].end <= 2500 + WordTimer.minimumWordSamples)
        #expect(zip(timed, timed.dropFirst()).allSatisfy { $0.end <= $1.start })
    }

    @Test func eventsAtOnePositionCountOnce() {
        let timed = WordTimer.time(segment("$3.50 now"), audio: audio(count: 3000, words: [(0, 0, 0), (0, 0, 700), (1, 0, 1500)]))
        #expect(timed.map(\.start) == [0, 1500])
        #expect(timed.map(\.spoken) == ["$3.50", "now"])
    }

    @Test func aTokenReadAsSeveralWordsIsSplitWhereTheEventsAre() {
        let timed = WordTimer.time(segment("file_name.txt end"),
                                   audio: audio(count: 4000, words: [(0, 0, 0), (0, 5, 500), (0, 10, 1000), (1, 0, 2000)]))
        // Inner separators are said with the part they introduce ("dot t x t").
        #expect(timed.map(\.spoken) == ["file", "_name", ".txt", "end"])
        #expect(timed.map(\.word) == [0, 0, 0, 1])
        #expect(timed.map(\.start) == [0, 500, 1000, 2000])
    }

    /// "l'avait" is two words to a listener and to a recognizer: the second starts at the
    /// phoneme after the elided "l", or, where no phonemes were reported, at its share by length.
    @Test func aFrenchElisionIsTwoWordsTimedFromItsPhonemes() {
        var withPhonemes = audio(count: 3000, words: [(0, 0, 100), (1, 0, 2000)])
        withPhonemes.events += [("l", 100), ("a", 180), ("v", 300), ("ɛ", 400)].map {
            SynthesisEvent(kind: .phoneme($0.0), token: 0, sample: $0.1)
        }
        let timed = WordTimer.time(segment("l'avait tort", language: "fr-FR"), audio: withPhonemes)
        #expect(timed.map(\.spoken) == ["l'", "avait", "tort"])
        #expect(timed.map(\.word) == [0, 0, 1])
        #expect(timed.map(\.start) == [100, 180, 2000])

        let plain = WordTimer.time(segment("l'avait tort", language: "fr-FR"), audio: audio(count: 3000, words: [(0, 0, 100), (1, 0, 2000)]))
        #expect(plain.map(\.spoken) == ["l'", "avait", "tort"])
        #expect(plain[1].start > 100 && plain[1].start < 1000)  // 1900 samples shared 2 : 5

        // Not in English, and not in a French word written with an apostrophe of its own.
        #expect(WordTimer.time(segment("l'avait", language: "en-US"), audio: withPhonemes).map(\.spoken) == ["l'avait"])
        #expect(WordTimer.time(segment("aujourd'hui", language: "fr"), audio: withPhonemes).map(\.spoken) == ["aujourd'hui"])
    }

    @Test func elisionsAreCutAfterTheElidedWordOnly() {
        let jusqu = Elision("jusqu’à", language: "fr")
        #expect(jusqu?.clitic == "jusqu’" && jusqu?.word == "à" && jusqu?.cliticPhonemes == 4)
        #expect(Elision("Qu'il", language: "fr-CA")?.cliticPhonemes == 1)
        let dell = Elision("dell'anno", language: "it")
        #expect(dell?.clitic == "dell'" && dell?.word == "anno" && dell?.cliticPhonemes == 3)
        #expect(Elision("quest'anno", language: "it-IT")?.cliticPhonemes == 5)
        for whole in ["presqu'île", "O'Brien", "l'", "aujourd'hui", "d'1"] { #expect(Elision(whole, language: "fr") == nil, "\(whole)") }
        for whole in ["po'", "O'Brien", "l'Ztl"] { #expect(Elision(whole, language: "it") == nil, "\(whole)") }
        #expect(Elision("l'avait", language: "es") == nil)
    }

    @Test func numbersAreNotCutWhereTheirEventsFall() {
        let timed = WordTimer.time(segment("27.98"), audio: audio(count: 2000, words: [(0, 0, 0), (0, 1, 600)]))
        #expect(timed.map(\.spoken) == ["27.98"])
        #expect(timed.map(\.start) == [0])
        let wear = WordTimer.time(segment("wear"), audio: audio(count: 2000, words: [(0, 0, 0), (0, 1, 600)]))
        #expect(wear.map(\.spoken) == ["wear"])
    }

    @Test func wordEndsArePulledBackOverSilence() {
        var samples = [Int16](repeating: 5000, count: 20000)
        for i in 5000..<10000 { samples[i] = 0 }
        let audio = SynthesizedAudio(sampleRate: 22050, samples: samples, events: [
            SynthesisEvent(kind: .word, token: 0, sample: 0),
            SynthesisEvent(kind: .word, token: 1, sample: 10000),
        ])
        let timed = WordTimer.time(segment("a b"), audio: audio)
        #expect(timed[0].end > 5000 && timed[0].end < 6000)
    }

    /// The one-comparison silence test agrees with `abs(sample) < threshold` on every sample.
    @Test func silenceTestAgreesWithTheThresholdOnEverySample() {
        for value in Int(Int16.min)...Int(Int16.max) {
            #expect(WordTimer.isSilent(Int16(value)) == (abs(value) < WordTimer.silenceThreshold), "\(value)")
        }
    }

    @Test func theSpokenFormLosesTheNormalizersWordJoiner() {
        #expect(Stitcher.shown("\u{2060}A.F.L") == "A.F.L")
        #expect(Stitcher.shown("level") == "level")
    }
}
