/// German IPA → the mnemonics of eSpeak NG's German voice (phoneme table `de`).
///
/// Checked against how eSpeak NG writes German words itself (`espeak-ng -v de -x "Hütte"` gives
/// `h'yt@`): its `y` is short [ʏ], `Y:` is [øː], `W` is [œ], `3` the vocalic -er [ɐ].
enum GermanPhonemes {
    static let table = PhonemeTable(name: "German", rules: consonants + vowels, ignorable: ignorable)

    // MARK: - Consonants
    static let consonants: [PhonemeRule] = [
        consonant("p", "p"), consonant("b", "b"), consonant("t", "t"), consonant("d", "d"),
        consonant("k", "k"), consonant("ɡ", "g"), consonant("ʔ", "?"),
        consonant("pf", "pF"), consonant("ts", "ts"), consonant("tʃ", "tS"), consonant("dʒ", "dZ"),
        consonant("f", "f"), consonant("v", "v"), consonant("s", "s"), consonant("z", "z"),
        consonant("ʃ", "S"), consonant("ʒ", "Z"), consonant("ç", "C"), consonant("x", "x"),
        consonant("χ", "x"), consonant("h", "h"),
        consonant("m", "m"), consonant("n", "n"), consonant("ŋ", "N"), consonant("l", "l"),
        consonant("ʁ", "r"), consonant("r", "r"), consonant("ʀ", "r"), consonant("ɾ", "r"),
        consonant("ɐ̯", "r"),                   // vocalized r after a long vowel ("Ohr" oːɐ̯ → o:r)
        consonant("j", "j"),
        consonant("m̩", "m-", syllabic: true), consonant("n̩", "n-", syllabic: true),
        consonant("l̩", "l-", syllabic: true),
    ]

    // MARK: - Vowels
    static let vowels: [PhonemeRule] = [
        vowel("a", "a"), vowel("aː", "A:"), vowel("ɑ", "A"), vowel("ɑː", "A:"),
        vowel("e", "e"), vowel("eː", "e:"), vowel("ɛ", "E"), vowel("ɛː", "E:"),
        vowel("ɪ", "I"), vowel("i", "i"), vowel("iː", "i:"),
        vowel("ɔ", "O"), vowel("o", "o"), vowel("oː", "o:"),
        vowel("ʊ", "U"), vowel("u", "u"), vowel("uː", "u:"),
        vowel("ʏ", "y"), vowel("y", "y"), vowel("yː", "y:"),
        vowel("œ", "W"), vowel("ø", "Y:"), vowel("øː", "Y:"),
        vowel("ə", "@"), vowel("ɐ", "3"),
        vowel("aɪ", "aI"), vowel("aɛ", "aI"), vowel("aʊ", "aU"), vowel("aɔ", "aU"),
        vowel("ɔʏ", "OY"), vowel("ɔɪ", "OY"), vowel("ɔø", "OY"),
        vowel("ɑ̃", "A~"), vowel("ɑ̃ː", "A~"), vowel("œ̃", "W~"), vowel("ɔ̃", "O~"), vowel("õ", "O~"),
    ]

    // MARK: - Dropped diacritics
    static let ignorable: [Unicode.Scalar: String] = [
        "ʰ": "aspiration: German voices aspirate p t k by themselves",
        "\u{0325}": "devoicing: final devoicing is in the letters already", "\u{030A}": "devoicing",
        "\u{031A}": "no audible release: allophonic", "\u{032A}": "dental: allophonic",
        "\u{032F}": "non-syllabic: marks the second half of a diphthong, which the diphthong already is",
        "\u{0306}": "extra short: eSpeak NG sets lengths itself",
        "\u{031F}": "advanced", "\u{0320}": "retracted", "\u{031D}": "raised", "\u{031E}": "lowered",
        "\u{0308}": "centralized",
    ]
}
