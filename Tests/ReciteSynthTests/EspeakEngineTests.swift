import ReciteScript
import ReciteSegment
import Testing
@testable import ReciteCache
@testable import ReciteEspeak
@testable import ReciteNeural
@testable import ReciteSynth
@testable import ReciteWorkers

/// These run the real libespeak-ng.
@Suite struct EspeakEngineTests {
    func synthesize(_ markup: String, language: String = "en-US") throws -> EspeakAudio {
        try EspeakEngine.withShared {
            try $0.synthesize(markup: markup, as: SynthesisRequest(speech: SpeechInput(), language: language, voiceName: nil,
                                                                   rate: 175, pitch: 50, volume: 100))
        }
    }

    @Test func producesAudioAndOneWordEventPerWord() throws {
        let audio = try synthesize("<speak>One two three. Four five.</speak>")
        #expect(try EspeakEngine.withShared(\.sampleRate) == 22050)
        let seconds = Double(audio.samples.count) / 22050
        #expect(seconds > 1 && seconds < 5)
        let words = audio.events.filter { $0.kind == .word }
        #expect(words.map(\.position) == [7, 11, 15, 22, 27])
        #expect(words.map(\.sample) == words.map(\.sample).sorted())
        #expect(audio.events.filter { $0.kind == .sentence }.count == 2)
    }

    @Test func slowerRateGivesLongerAudio() throws {
        let normal = try synthesize("<speak>A sentence of several words.</speak>")
        let slow = try synthesize("<speak><prosody rate=\"50%\">A sentence of several words.</prosody></speak>")
        #expect(Double(slow.samples.count) > 1.5 * Double(normal.samples.count))
    }

    @Test func segmentEventsLandOnTheSegmentersWords() throws {
        let runs = ["The", "quick", "brown", "fox."].enumerated().map { i, w in
            Run(.speech(w), source: SourceSpan(offset: i, length: 1, line: 1, column: 1),
                style: i == 2 ? RunStyle(prosody: Prosody(rate: 0.8)) : RunStyle())
        }
        let script = Script(path: "t", language: "en-US", blocks: [Block(kind: .paragraph, source: runs[0].source, runs: runs)])
        let segment = Segmenter().segments(of: script)[0]
        // The engine builds its input from the typed words; its events point where the segmenter
        // placed them.
        let audio = try EspeakEngine.withShared {
            try $0.synthesize(SynthesisRequest(speech: segment.speech, language: "en-US", voiceName: nil, rate: 175, pitch: 50, volume: 100))
        }
        let starts = audio.events.filter { $0.kind == .word }
        #expect(starts.map(\.token) == segment.words.map(\.token))
        #expect(starts.allSatisfy { $0.offset == 0 })
    }

    @Test func unknownLanguageIsAnError() {
        #expect(throws: SynthesisError.self) { try synthesize("<speak>x</speak>", language: "xx-invalid") }
    }
}
