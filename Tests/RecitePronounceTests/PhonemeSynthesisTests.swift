import Testing
@testable import RecitePronounce
import ReciteSynth

/// Converted words spoken by the real libespeak-ng: nothing may be cut short.
///
/// eSpeak NG stops a word at the first mnemonic it does not know, so a truncated word is shorter than
/// it should be. Each word is therefore compared with itself minus its last sound: the whole word must
/// take longer to say, which fails if anything from the point of truncation on was dropped.
@Suite struct PhonemeSynthesisTests {
    static func spokenSeconds(_ mnemonics: String, language: String) throws -> Double {
        let audio = try EspeakEngine.withShared {
            try $0.synthesize(SynthesisRequest(markup: "<speak>[[\(mnemonics)]]</speak>", language: language,
                                               voiceName: nil, rate: 175, pitch: 50, volume: 100))
        }
        // From the first to the last sample that is not silence: a final stop's burst counts.
        let loud = { (sample: Int16) in abs(Int(sample)) > 100 }
        guard let first = audio.samples.firstIndex(where: loud),
              let last = audio.samples.lastIndex(where: loud) else { return 0 }
        return Double(last - first) / Double(audio.sampleRate)
    }

    /// What the test relies on: an unknown mnemonic ("Y" is not English) silently ends the word.
    @Test func truncationIsWhatItLooksLike() throws {
        let whole = try Self.spokenSeconds("l'Ed", language: "en-US")
        let cut = try Self.spokenSeconds("l'E", language: "en-US")
        let broken = try Self.spokenSeconds("l'EYd", language: "en-US")
        #expect(whole > cut)
        #expect(abs(broken - cut) < 0.005)
    }

    @Test(arguments: [
        ("en-US", "lɛd"), ("en-US", "θɔt"), ("en-US", "tʃɝtʃ"), ("en-US", "dʒʌdʒ"), ("en-US", "ˈmɛʒɚ"),
        ("en-US", "ˈbʌʔn̩"), ("en-US", "ˈwɔɾɚ"), ("en-US", "ˈvɪnəvɚ"), ("en-US", "ˌʌndɚˈstænd"),
        ("en-US", "ˈfaɪɚ"), ("en-US", "ʍɪtʃ"), ("en-US", "ˈlɪtl̩"), ("en-US", "ha.ɪd"),
        ("en-GB", "ˈwɔːtə"), ("en-GB", "ɡəʊt"), ("en-GB", "ˈbʌʔn̩"), ("en-GB", "lɒt"), ("en-GB", "skweə"),
        ("fr", "bɔ̃ʒuʁ"), ("fr", "bəzwɛ̃"), ("fr", "aɲo"), ("fr", "bʁœ̃"),
        ("de", "ˈʔapfl̩"), ("de", "ʃøːn"), ("de", "ˈhɔʏtə"), ("de", "tsaɪt"),
    ])
    func convertedWordIsSpokenWhole(language: String, ipa: String) throws {
        let converter = PhonemeConverter(language: language)
        let whole = try converter.mnemonics(ipa, alphabet: .ipa)
        let shorter = try converter.mnemonics(String(ipa.dropLast()), alphabet: .ipa)
        let wholeSeconds = try Self.spokenSeconds(whole, language: language)
        let shorterSeconds = try Self.spokenSeconds(shorter, language: language)
        #expect(wholeSeconds > 0.15, "\(ipa) → [[\(whole)]] is \(wholeSeconds) s")
        #expect(wholeSeconds > shorterSeconds, "\(ipa) → [[\(whole)]]: \(wholeSeconds) s, without its last sound \(shorterSeconds) s")
    }
}
