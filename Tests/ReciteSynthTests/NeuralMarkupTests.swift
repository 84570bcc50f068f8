import Testing
@testable import ReciteSynth

/// Segment markup read back for a neural voice: its words, prosody, phoneme input and spelling,
/// at the code-point positions eSpeak NG's events use; and the IPA each chunk is given.
@Suite(.serialized) struct NeuralMarkupTests {
    @Test func wordsKeepTheirPositionsAndProsody() {
        let markup = "<speak>Say <prosody rate=\"150%\" pitch=\"100%\" volume=\"50%\">it quickly,</prosody> [[l'Ed]]\n pipes <say-as interpret-as=\"characters\">ssml</say-as>.</speak>"
        let tokens = NeuralMarkup(markup).tokens
        #expect(tokens.map(\.text) == ["Say", "it", "quickly,", "l'Ed", "pipes", "ssml", "."])
        let scalars = Array(markup.unicodeScalars)
        for token in tokens where !token.isPhonemeInput {
            #expect(String(String.UnicodeScalarView(scalars[token.range])) == token.text)
        }
        #expect(tokens.map(\.rate) == [1, 1.5, 1.5, 1, 1, 1, 1])
        #expect(tokens.map(\.volume) == [1, 0.5, 0.5, 1, 1, 1, 1])
        #expect(tokens.map(\.isPhonemeInput) == [false, false, false, true, false, false, false])
        #expect(tokens.map(\.spellOut) == [false, false, false, false, false, true, false])
        #expect(String(String.UnicodeScalarView(scalars[tokens[3].range])) == "[[l'Ed]]")
    }

    func request(_ markup: String) -> SynthesisRequest {
        SynthesisRequest(markup: markup, language: "en-US", voiceName: "en-us", rate: 175, pitch: 50, volume: 100,
                         neural: NeuralSettings(voice: "test", modelSHA256: "0", speaker: 0))
    }

    @Test func chunksAreSentencesAndProsodyStretchesWithStressedIPAAndPunctuation() throws {
        let (espeak, chunks) = try NeuralSynthesis.plan(request(
            "<speak>Hello, world. This is <prosody rate=\"150%\" pitch=\"100%\" volume=\"100%\">much faster</prosody> now!</speak>"))
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

    @Test func aLexiconWordGivesThePhonemesESpeakSpokeAndSpelledWordsTheirLetters() throws {
        let (_, chunks) = try NeuralSynthesis.plan(request("<speak>The [[l'Ed]]\n pipe, <say-as interpret-as=\"characters\">ssml</say-as>.</speak>"))
        let ipa = chunks.map(\.ipa).joined(separator: " ")
        #expect(ipa.contains("lɛd"), "the lexicon's /lɛd/, not eSpeak NG's /liːd/: \(ipa)")
        #expect(!ipa.contains("liːd"), "\(ipa)")
        #expect(ipa.contains("ˈɛs ˈɛs ˈɛm ˈɛl") || ipa.contains("ˌɛsˌɛsˌɛmˈɛl"), "spelled letter by letter: \(ipa)")
    }

    @Test func aLongSentenceIsSaidInPartsCutAtItsClausePunctuation() throws {
        let sentence = "When the weather turned, the riders left the valley early, crossed the pass before noon, " +
            "and reached the village on the far side of the mountain just as the first snow began to fall."
        let (espeak, chunks) = try NeuralSynthesis.plan(request("<speak>\(sentence)</speak>"))
        let seconds = Double(espeak.samples.count) / Double(espeak.sampleRate)
        #expect(seconds > 2 * NeuralSynthesis.maximumChunkSeconds, "\(seconds) s: long enough to need cutting")
        #expect(chunks.count >= 2)
        // The cuts come after commas where a clause is short enough, and the parts together are the
        // whole sentence, in order.
        let parts = chunks.map { $0.chunk.tokens.map(\.text).joined(separator: " ") }
        print("parts:", parts, chunks.map(\.chunk.referenceStart), espeak.samples.count)
        #expect(parts.first?.hasSuffix(",") == true, "\(parts)")
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
        let (espeak, chunks) = try NeuralSynthesis.plan(request("<speak>\(words).</speak>"))
        #expect(Double(espeak.samples.count) / Double(espeak.sampleRate) > NeuralSynthesis.maximumChunkSeconds)
        #expect(chunks.count >= 2)
        let starts = chunks.map(\.chunk.referenceStart) + [espeak.samples.count]
        for k in chunks.indices {
            #expect(Double(starts[k + 1] - starts[k]) / Double(espeak.sampleRate) <= NeuralSynthesis.maximumChunkSeconds + 0.01)
        }
    }
}
