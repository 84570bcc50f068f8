@testable import RecitePronounce
import ReciteScript
import Testing

/// Expected mnemonics are how eSpeak NG's own fr and de dictionaries write these words
/// (`espeak-ng -v fr -x bonjour`), apart from stress, which the IPA here leaves to the voice.
@Suite struct FrenchGermanConversionTests {
    @Test(arguments: [
        ("bɔ̃ʒuʁ", "bO~Zur"), ("œ̃", "W~"), ("pø", "pY"), ("œʁ", "Wr"), ("lyn", "lyn"), ("vɛ̃", "vE~"),
        ("ʃɑ̃", "SA~"), ("ʁy", "ry"), ("nɥi", "nyi"), ("wi", "wi"), ("fij", "fij"), ("ete", "ete"),
        ("mɛʁ", "mEr"), ("pɔm", "pOm"), ("bo", "bo"), ("aɲo", "an^o"), ("bəzwɛ̃", "b@zwE~"),
    ])
    func french(ipa: String, expected: String) throws {
        #expect(try PhonemeConverter(language: "fr-FR").mnemonics(ipa, alphabet: .ipa) == expected)
    }

    @Test(arguments: [
        ("bax", "bax"), ("ɪç", "IC"), ("ˈkɛːzə", "'kE:z@"), ("bɛt", "bEt"), ("ˈmʊtɐ", "'mUt3"),
        ("ʃøːn", "SY:n"), ("ˈhœlə", "'hWl@"), ("tyːɐ̯", "ty:r"), ("ˈhʏtə", "'hyt@"), ("tsaɪt", "tsaIt"),
        ("pfeːɐ̯t", "pFe:rt"), ("haʊs", "haUs"), ("ˈhɔʏtə", "'hOYt@"), ("ˈfaːtɐ", "'fA:t3"),
        ("ˈʔapfl̩", "'?apFl-"), ("ˈɡaʁtn̩", "'gartn-"),
    ])
    func german(ipa: String, expected: String) throws {
        #expect(try PhonemeConverter(language: "de").mnemonics(ipa, alphabet: .ipa) == expected)
    }

    @Test func frenchKeepsTheNasalTildeThatEnglishDrops() throws {
        #expect(try PhonemeConverter(language: "fr").mnemonics("bɔ̃", alphabet: .ipa) == "bO~")
        #expect(try PhonemeConverter(language: "en").mnemonics("bɔ̃", alphabet: .ipa) == "bO:")
        // A tilde French has no nasal vowel for is refused rather than dropped.
        #expect(throws: PhonemeError.self) { try PhonemeConverter(language: "fr").mnemonics("bĩ", alphabet: .ipa) }
    }
}
