import ReciteScript
import ReciteSegment
import Testing
@testable import ReciteCache
@testable import ReciteEspeak
@testable import ReciteNeural
@testable import ReciteSynth
@testable import ReciteWorkers

/// eSpeak NG's input, written by its engine from the typed words, and its events placed back on
/// the tokens.
@Suite struct EspeakMarkupTests {
    let speech = SpeechInput(tokens: [
        SpeechToken(text: "Say"), SpeechToken(text: "it", prosody: Prosody(rate: 1.5, volume: 0.5)),
        SpeechToken(text: "quickly,", prosody: Prosody(rate: 1.5, volume: 0.5)),
        SpeechToken(text: "(lead),", phonemes: "l'Ed"), SpeechToken(text: "pipes"), SpeechToken(text: "ssml.", spellOut: true),
    ])

    func text(_ markup: EspeakMarkup, _ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(Array(markup.text.unicodeScalars)[range]))
    }

    @Test func theMarkupWrapsProsodyPhonemesAndSpelling() {
        let markup = EspeakMarkup(speech)
        #expect(markup.text == "<speak>Say <prosody rate=\"150%\" pitch=\"100%\" volume=\"50%\">it quickly,</prosody> ( [[l'Ed]]),\n pipes <say-as interpret-as=\"characters\">ssml</say-as>.</speak>")
        #expect(markup.tokenRanges.map { text(markup, $0) } == ["Say", "it", "quickly,", "( [[l'Ed]]),", "pipes", "ssml</say-as>."])
        #expect(markup.wordRanges.map { text(markup, $0) } == ["Say", "it", "quickly,", "[[l'Ed]]", "pipes", "ssml"])
        #expect(markup.length == markup.text.unicodeScalars.count)
    }

    @Test func emphasisAndASpelledWordKeepTheirPunctuationOutside() {
        let strong = SpeechInput(tokens: ["eight", "square", "meters"].map { SpeechToken(text: $0, emphasis: .strong) })
        #expect(EspeakMarkup(strong).text == "<speak><emphasis level=\"strong\">eight square meters</emphasis></speak>")
        let spelled = SpeechInput(tokens: [SpeechToken(text: "SSML.", spellOut: true), SpeechToken(text: "next")])
        #expect(EspeakMarkup(spelled).text == "<speak><say-as interpret-as=\"characters\">SSML</say-as>. next</speak>")
    }

    @Test func theStandInWordComesLast() {
        let markup = EspeakMarkup(SpeechInput(tokens: [SpeechToken(text: "End.")], endsWithStandIn: true))
        #expect(markup.text == "<speak>End. A</speak>")
        #expect(markup.standIn == 12)
    }

    /// Positions in the markup become tokens: a word event inside a token's word, with its offset;
    /// one in the markup between words belongs to none; a sentence event goes to the token that
    /// holds it or the next, a phoneme to the word it follows; the stand-in and the end are one
    /// past the last token.
    @Test func eventsAreLocatedOnTokens() {
        let markup = EspeakMarkup(SpeechInput(tokens: ["one", "two.", "three"].map { SpeechToken(text: $0) }, endsWithStandIn: true))
        // "<speak>one two. three A</speak>": words at 7, 11, 16; the stand-in at 22.
        #expect(markup.locate(.word, at: 7)! == (0, 0))
        #expect(markup.locate(.word, at: 9)! == (0, 2))
        #expect(markup.locate(.word, at: 10) == nil)
        #expect(markup.locate(.word, at: 3) == nil)
        #expect(markup.locate(.sentence, at: 15)! == (2, 0))
        #expect(markup.locate(.sentence, at: 0)! == (0, 0))
        // Inside a token, past its word's start: the offset says so.
        #expect(markup.locate(.sentence, at: 13)! == (1, 2))
        #expect(markup.locate(.phoneme("ɛ"), at: 15)! == (1, 0))
        #expect(markup.locate(.word, at: 22)! == (3, 0))
        #expect(markup.locate(.phoneme("ɐ"), at: 23)! == (3, 0))
        #expect(markup.locate(.end, at: 31)! == (3, 0))
    }

    /// Through the real engine: every word of a segment gets its token back, the stand-in too.
    @Test func theEnginesEventsComeBackByToken() throws {
        let input = SpeechInput(tokens: ["Read", "this", "(slowly),", "please."].map { SpeechToken(text: $0) }, endsWithStandIn: true)
        let audio = try EspeakEngine.withShared {
            try $0.synthesize(SynthesisRequest(speech: input, language: "en-US", voiceName: nil, rate: 175, pitch: 50, volume: 100))
        }
        #expect(audio.events.filter { $0.kind == .word }.map(\.token) == [0, 1, 2, 3, 4])
        #expect(audio.events.last?.kind == .end && audio.events.last?.token == 4)
    }
}
