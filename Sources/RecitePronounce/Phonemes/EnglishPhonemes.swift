/// English IPA → the mnemonics of eSpeak NG's English voices (phoneme tables `en` and `en-us`, which
/// share one inventory; the voice decides how each sounds).
///
/// Mnemonics name eSpeak NG's English *lexical sets*, so General American and RP transcriptions of a
/// word meet: `oʊ` and `əʊ` are both `oU`, `ɝ` and `ɜː` both `3:`, GA `ɑɹ` and RP `ɑː` in "start" both
/// `A@`/`A:`. What each voice makes of them was checked with `espeak-ng -v en-us -x --ipa "[[…]]"`
/// and `-v en`. Choices that are judgement calls say so.
enum EnglishPhonemes {
    static let table = PhonemeTable(name: "English", rules: consonants + vowels + rhoticVowels,
                                    ignorable: ignorable)

    // MARK: - Consonants
    static let consonants: [PhonemeRule] = [
        consonant("p", "p"), consonant("b", "b"), consonant("t", "t"), consonant("d", "d"),
        consonant("k", "k"), consonant("ɡ", "g"),
        consonant("tʃ", "tS"), consonant("dʒ", "dZ"),
        consonant("m", "m"), consonant("n", "n"), consonant("ŋ", "N"),
        consonant("f", "f"), consonant("v", "v"), consonant("θ", "T"), consonant("ð", "D"),
        consonant("s", "s"), consonant("z", "z"), consonant("ʃ", "S"), consonant("ʒ", "Z"),
        consonant("h", "h"), consonant("ɦ", "h"),            // breathy h between vowels: still h
        consonant("x", "x"), consonant("ç", "C"),            // loch; the "h" of "huge" in narrow IPA
        consonant("ɬ", "l#"),                                 // Welsh ll in names (Llanelli)
        consonant("l", "l"), consonant("ɫ", "L"),            // dark l: eSpeak NG's L is [ɫ]
        consonant("ɹ", "r"), consonant("r", "r"), consonant("ɻ", "r"),  // broad transcriptions write r
        consonant("j", "j"), consonant("w", "w"), consonant("ʍ", "w#"),  // ʍ: "which" for those who say it
        consonant("ɾ", "*"),                                  // flap: en-us and en both have [ɾ] as *
        consonant("ʔ", "?"),
        // Syllabic consonants: eSpeak NG's vowel-like m- n- N- l-; a syllabic r is the r-coloured schwa.
        consonant("m̩", "m-", syllabic: true), consonant("n̩", "n-", syllabic: true),
        consonant("ŋ̍", "N-", syllabic: true), consonant("ŋ̩", "N-", syllabic: true),
        consonant("l̩", "l-", syllabic: true), consonant("ɫ̩", "l-", syllabic: true),
        consonant("ɹ̩", "3", syllabic: true), consonant("r̩", "3", syllabic: true),
    ]

    // MARK: - Vowels
    static let vowels: [PhonemeRule] = [
        // FLEECE / happY and GOOSE: GA transcriptions often leave out the length mark, so a bare i or u
        // is the long vowel when stressed and eSpeak NG's short happY/"to" vowel otherwise.
        vowel("iː", "i:"), vowel("i", "i", stressed: "i:"),
        vowel("uː", "u:"), vowel("u", "u", stressed: "u:"), vowel("ʉː", "u:"), vowel("ʉ", "u:"),
        vowel("ɪ", "I"), vowel("ᵻ", "I#"), vowel("ɨ", "I#"),  // ᵻ: the weak vowel of "roses" (eSpeak's I#)
        vowel("ʊ", "U"), vowel("ᵿ", "U"),
        vowel("ɛ", "E"), vowel("e", "E"),       // bare e is DRESS in Oxford/Cambridge-style RP
        vowel("æ", "a"), vowel("a", "a"),       // TRAP; RP written with a since Cruttenden 2008
        vowel("ʌ", "V"), vowel("ɐ", "V"),       // ɐ: STRUT in some modern RP transcriptions (a guess)
        vowel("ɑː", "A:"), vowel("ɑ", "A:"), vowel("aː", "A:"),  // PALM, GA LOT (en-us says both [ɑː])
        vowel("ɒ", "0"), vowel("ɒː", "0"),      // RP LOT
        vowel("ɔː", "O:"), vowel("ɔ", "O:"),    // THOUGHT: eSpeak NG's own words use O:
        vowel("o", "o"), vowel("oː", "o:"),     // pure [o] (loanwords, Kenyon-Knott GOAT)
        vowel("ə", "@"),
        vowel("ɜː", "3:"), vowel("ɜ", "3:"), vowel("ɝ", "3:"), vowel("ɝː", "3:"),  // NURSE
        vowel("ɚ", "3"),                        // lettER: en-us [ɚ], en [ə]
        vowel("ɛː", "e@"),                      // SQUARE as Cruttenden writes it
        // Diphthongs
        vowel("eɪ", "eI"), vowel("ei", "eI"), vowel("ɛɪ", "eI"),
        vowel("aɪ", "aI"), vowel("ai", "aI"), vowel("ɑɪ", "aI"), vowel("ʌɪ", "aI"),
        vowel("ɔɪ", "OI"), vowel("oɪ", "OI"), vowel("ɔi", "OI"),
        vowel("aʊ", "aU"), vowel("au", "aU"), vowel("æʊ", "aU"),
        vowel("oʊ", "oU"), vowel("əʊ", "oU"), vowel("ou", "oU"), vowel("ɘʊ", "oU"), vowel("ɵʊ", "oU"),
        vowel("ɪə", "i@"), vowel("iə", "i@"),   // RP NEAR
        vowel("eə", "e@"), vowel("ɛə", "e@"),   // RP SQUARE
        vowel("ʊə", "U@"), vowel("uə", "U@"),   // RP CURE
        vowel("aɪə", "aI@"), vowel("aʊə", "aU@"),  // RP fire, hour
        vowel("aɪɚ", "aI3"), vowel("aʊɚ", "aU@"),  // GA fire, hour
    ]

    // MARK: - Vowel + r (GA) before a consonant or at the end of a word
    // eSpeak NG has r-coloured vowels for these; the en voice says them without r, as RP does.
    // Before a vowel the r is a consonant of the next syllable ("very" ˈvɛɹi → v'Eri), so these do not
    // apply there and the vowel and r are read separately.
    static let rhoticVowels: [PhonemeRule] = [
        ["ɑ", "ɑː", "a", "aː"].flatMap { rhotic($0, "A@") },                  // START
        ["ɔ", "ɔː"].flatMap { rhotic($0, "O@") },                             // NORTH
        ["o", "oː", "oʊ", "əʊ"].flatMap { rhotic($0, "o@") },                 // FORCE
        ["ɛ", "e", "ɛə", "eə", "ɛː"].flatMap { rhotic($0, "e@") },            // SQUARE
        ["ɪ", "i", "iː", "ɪə", "iə"].flatMap { rhotic($0, "i@3") },           // NEAR
        ["ʊ", "u", "uː", "ʊə", "uə"].flatMap { rhotic($0, "U@") },            // CURE
        ["ɜ", "ɜː", "ɝ", "ʌ"].flatMap { rhotic($0, "3:") },                   // NURSE
        ["ə", "ɚ"].flatMap { rhotic($0, "3") },                               // lettER
        ["aɪ", "aɪə"].flatMap { rhotic($0, "aI3") },                          // fire
        ["aʊ", "aʊə"].flatMap { rhotic($0, "aU@") },                          // hour
    ].flatMap { $0 }

    // MARK: - Dropped diacritics
    /// Detail eSpeak NG's English voices add by themselves or cannot show; dropping it keeps the word.
    static let ignorable: [Unicode.Scalar: String] = [
        "ʰ": "aspiration: English voices aspirate initial p t k by themselves",
        "\u{0303}": "nasalization: English vowels are nasalized before nasals by themselves",
        "\u{0325}": "devoicing: allophonic in English", "\u{030A}": "devoicing: allophonic in English",
        "\u{031A}": "no audible release: allophonic in English",
        "\u{032A}": "dental: allophonic in English (eighth)",
        "ʷ": "lip rounding: allophonic before rounded vowels",
        "\u{032F}": "non-syllabic: marks the second half of a diphthong, which the diphthong already is",
        "\u{0306}": "extra short: eSpeak NG sets lengths itself",
        "\u{031F}": "advanced", "\u{0320}": "retracted", "\u{031D}": "raised", "\u{031E}": "lowered",
        "\u{0308}": "centralized", "\u{033D}": "mid-centralized", "\u{0339}": "more rounded",
        "\u{031C}": "less rounded", "\u{0318}": "advanced tongue root", "\u{0319}": "retracted tongue root",
        // (the eleven above: vowel shades finer than eSpeak NG's English vowels)
    ]
}
