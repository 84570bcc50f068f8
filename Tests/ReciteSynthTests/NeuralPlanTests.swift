import Testing
import ReciteScript
import ReciteSegment
@testable import ReciteCache
@testable import ReciteEspeak
@testable import ReciteNeural
@testable import ReciteSynth
@testable import ReciteWorkers

/// A segment's typed words as a neural voice says them: the tokens by index (where the events of
/// eSpeak NG's reference rendering point), with their prosody, phoneme input and spelling; and
/// the chunks and IPA the voice is given.
@Suite(.serialized) struct NeuralPlanTests {
    @Test func tokensKeepTheirIndexAndTheirProsody() {
        let fast = Prosody(rate: 1.5, volume: 0.5)
        let speech = SpeechInput(tokens: [
            SpeechToken(text: "Say"), SpeechToken(text: "it", prosody: fast), SpeechToken(text: "quickly,", prosody: fast),
            SpeechToken(text: "(lead),", phonemes: "l'Ed"), SpeechToken(text: "pipes"), SpeechToken(text: "ssml.", spellOut: true),
        ])
        let tokens = NeuralToken.tokens(of: speech)
        #expect(tokens.map(\.text) == ["Say", "it", "quickly,", "(lead),", "pipes", "ssml."])
        #expect(tokens.map(\.index) == Array(0..<6))
        #expect(tokens.map(\.rate) == [1, 1.5, 1.5, 1, 1, 1])
        #expect(tokens.map(\.volume) == [1, 0.5, 0.5, 1, 1, 1])
        #expect(tokens.map(\.isPhonemeInput) == [false, false, false, true, false, false])
        #expect(tokens.map(\.spellOut) == [false, false, false, false, false, true])
    }

    /// The voice gets prosody only to the percent the cache key keeps, so two requests with one
    /// key say the same audio.
    @Test func prosodyIsGivenToThePercentTheKeyHolds() {
        let speech = SpeechInput(tokens: [SpeechToken(text: "word", prosody: Prosody(rate: 1.3333, volume: 0.6666))])
        let token = NeuralToken.tokens(of: speech)[0]
        #expect(token.rate == 1.33 && token.volume == 0.67)
    }

    /// A cut segment's stand-in word is one more token, one past the last, as events give it.
    @Test func theStandInWordIsTheLastToken() {
        let speech = SpeechInput(tokens: [SpeechToken(text: "End.")], endsWithStandIn: true)
        let tokens = NeuralToken.tokens(of: speech)
        #expect(tokens.map(\.text) == ["End.", "A"])
        #expect(tokens.last!.index == speech.standInToken)
    }

    func request(_ speech: SpeechInput) -> SynthesisRequest {
        SynthesisRequest(speech: speech, language: "en-US", voiceName: "en-us", rate: 175, pitch: 50, volume: 100,
                         engine: .neural(NeuralSettings(engine: PreparedVoice.engine, voice: "test", modelSHA256: "0", speaker: 0)))
    }

    func request(_ text: String) -> SynthesisRequest { request(SpeechInput(plain: text)) }

    @Test func chunksAreSentencesAndProsodyStretchesWithStressedIPAAndPunctuation() throws {
        let fast = Prosody(rate: 1.5)
        let speech = SpeechInput(tokens: ["Hello,", "world.", "This", "is"].map { SpeechToken(text: $0) }
            + ["much", "faster"].map { SpeechToken(text: $0, prosody: fast) } + [SpeechToken(text: "now!")])
        let (espeak, chunks) = try NeuralSynthesis.plan(request(speech))
        #expect(!espeak.samples.isEmpty)
        #expect(chunks.map { $0.chunk.tokens.map(\.text).joined(separator: " ") } == ["Hello, world.", "This is", "much faster", "now!"])
        #expect(chunks.map(\.chunk.rate) == [1, 1, 1.5, 1])
        #expect(chunks.map(\.chunk.endsSentence) == [true, false, false, false])
        // eSpeak NG's IPA, as Piper's voices were trained on: stress marks and punctuation kept.
        #expect(chunks[0].ipa == "həlˈoʊ, wˈɜːld.", "\(chunks[0].ipa)")
        #expect(chunks[3].ipa.hasSuffix("!"), "\(chunks[3].ipa)")
        // Chunks start in eSpeak NG's audio in order.
        let starts = chunks.map(\.chunk.referenceStart)
        #expect(starts == starts.sorted() && starts[0] == 0 && starts[1] > 0)
    }

    /// A heading, a list item or a "Field: value" line ends a sentence in eSpeak NG's reading but
    /// has no stop in its IPA: the voice is given one, so that it does not say the last word as if
    /// more followed. A lone word is left alone, and a part of a sentence cut for its length keeps
    /// its comma.
    @Test func aSentenceWithoutPunctuationEndsOnAFullStop() throws {
        let heading = try NeuralSynthesis.plan(request("Annual Update")).chunks
        #expect(heading.count == 1)
        #expect(heading[0].ipa.hasSuffix("ˈʌpde^ɪt.") || heading[0].ipa.hasSuffix("ˈʌpdeɪt."), "\(heading[0].ipa)")
        let field = try NeuralSynthesis.plan(request("Author: Apple")).chunks
        #expect(field.last!.ipa.hasSuffix("ˈæpə^l.") || field.last!.ipa.hasSuffix("ˈæpəl."), "\(field.last!.ipa)")
        let cell = try NeuralSynthesis.plan(request("one")).chunks
        #expect(cell.count == 1 && cell[0].ipa.contains("ʌn") && !cell[0].ipa.hasSuffix("."), "a lone word is left without a stop: \(cell.map(\.ipa))")
        #expect(NeuralSynthesis.endingSentence("ɪt ɪz,") == "ɪt ɪz.")
        #expect(NeuralSynthesis.endingSentence("ɪt ɪz ") == "ɪt ɪz.")
        #expect(NeuralSynthesis.endingSentence("ɪt ɪz?") == "ɪt ɪz?")
        #expect(NeuralSynthesis.endingSentence("ɪt ɪz…") == "ɪt ɪz…")
        #expect(NeuralSynthesis.endingSentence("") == "")
    }

    @Test func aLexiconWordGivesThePhonemesESpeakSpokeAndSpelledWordsTheirLetters() throws {
        let speech = SpeechInput(tokens: [SpeechToken(text: "The"), SpeechToken(text: "lead", phonemes: "l'Ed"),
                                          SpeechToken(text: "pipe,"), SpeechToken(text: "ssml.", spellOut: true)])
        let (_, chunks) = try NeuralSynthesis.plan(request(speech))
        let ipa = chunks.map(\.ipa).joined(separator: " ")
        #expect(ipa.contains("lɛd"), "the lexicon's /lɛd/, not eSpeak NG's /liːd/: \(ipa)")
        #expect(!ipa.contains("liːd"), "\(ipa)")
        #expect(ipa.contains("ˈɛs ˈɛs ˈɛm ˈɛl") || ipa.contains("ˌɛsˌɛsˌɛmˈɛl"), "spelled letter by letter: \(ipa)")
    }

    @Test func aLongSentenceIsSaidInPartsCutAtItsClausePunctuation() throws {
        let sentence = "When the weather turned, the riders left the valley early, crossed the pass before noon, " +
            "and reached the village on the far side of the mountain just as the first snow began to fall."
        let (espeak, chunks) = try NeuralSynthesis.plan(request(sentence))
        let seconds = Double(espeak.samples.count) / Double(espeak.sampleRate)
        #expect(seconds > 2 * NeuralSynthesis.maximumChunkSeconds, "\(seconds) s: long enough to need cutting")
        #expect(chunks.count >= 2)
        // The cuts come after commas where a clause is short enough, and the parts together are the
        // whole sentence, in order.
        let parts = chunks.map { $0.chunk.tokens.map(\.text).joined(separator: " ") }
        print("parts:", parts, chunks.map(\.chunk.referenceStart), espeak.samples.count)
        #expect(parts.first?.hasSuffix(",") == true, "\(parts)")
        #expect(chunks.first?.ipa.hasSuffix(",") == true, "a part cut at a comma keeps it: \(chunks.first!.ipa)")
        #expect(parts.joined(separator: " ") == sentence)
        // No part lasts longer than the limit in eSpeak NG's audio.
        let starts = chunks.map(\.chunk.referenceStart) + [espeak.samples.count]
        for k in chunks.indices {
            #expect(Double(starts[k + 1] - starts[k]) / Double(espeak.sampleRate) <= NeuralSynthesis.maximumChunkSeconds + 0.01, "\(parts[k])")
        }
        #expect(starts == starts.sorted())
        #expect(!chunks.dropLast().contains { $0.chunk.endsSentence }, "one sentence: no sentence pause inside it")
    }

    @Test func aClauseTooLongIsCutAtTheWordNearestItsMiddle() throws {
        let words = "the quick brown fox jumps over the lazy dog and then runs away into the deep dark forest beyond the old stone wall that nobody remembers building"
        let (espeak, chunks) = try NeuralSynthesis.plan(request(words + "."))
        #expect(Double(espeak.samples.count) / Double(espeak.sampleRate) > NeuralSynthesis.maximumChunkSeconds)
        #expect(chunks.count >= 2)
        let starts = chunks.map(\.chunk.referenceStart) + [espeak.samples.count]
        for k in chunks.indices {
            #expect(Double(starts[k + 1] - starts[k]) / Double(espeak.sampleRate) <= NeuralSynthesis.maximumChunkSeconds + 0.01)
        }
    }
}
