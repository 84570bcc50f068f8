/// French IPA → the mnemonics of eSpeak NG's French voice (phoneme table `fr`).
///
/// Checked against how eSpeak NG writes French words itself (`espeak-ng -v fr -x "bonjour"` gives
/// `bO~Z'ur`). fr-FR merges /a/ and /ɑ/, and /ɛ̃/ and /œ̃/ only partly, as the voice does.
enum FrenchPhonemes {
    static let table = PhonemeTable(name: "French", rules: consonants + vowels, ignorable: ignorable)

    // MARK: - Consonants
    static let consonants: [PhonemeRule] = [
        consonant("p", "p"), consonant("b", "b"), consonant("t", "t"), consonant("d", "d"),
        consonant("k", "k"), consonant("ɡ", "g"),
        consonant("f", "f"), consonant("v", "v"), consonant("s", "s"), consonant("z", "z"),
        consonant("ʃ", "S"), consonant("ʒ", "Z"),
        consonant("tʃ", "tS"), consonant("dʒ", "dZ"),          // loanwords (tchèque, jean)
        consonant("m", "m"), consonant("n", "n"), consonant("ɲ", "n^"), consonant("ŋ", "N"),
        consonant("l", "l"),
        consonant("ʁ", "r"), consonant("r", "r"), consonant("ʀ", "r"),  // all the French r
        consonant("j", "j"), consonant("w", "w"),
        // ɥ (huit, nuit): eSpeak NG's French words write it as the vowel y ("nuit" → ny'i). A guess
        // that sounds right; it counts as a syllable for stress, which French hardly marks anyway.
        consonant("ɥ", "y"),
        consonant("ʔ", "?"), consonant("h", "h"),
    ]

    // MARK: - Vowels
    static let vowels: [PhonemeRule] = [
        vowel("i", "i"), vowel("e", "e"), vowel("ɛ", "E"),
        vowel("a", "a"), vowel("ɑ", "a"),
        vowel("ɔ", "O"), vowel("o", "o"), vowel("u", "u"), vowel("y", "y"),
        vowel("ø", "Y"), vowel("œ", "W"), vowel("ə", "@"),
        vowel("ɑ̃", "A~"), vowel("ã", "A~"), vowel("ɛ̃", "E~"), vowel("ẽ", "E~"),
        vowel("œ̃", "W~"), vowel("ɔ̃", "O~"), vowel("õ", "O~"),
    ]

    // MARK: - Dropped diacritics
    /// Unlike English, the nasal tilde is not here: it tells "beau" from "bon".
    static let ignorable: [Unicode.Scalar: String] = [
        "ʰ": "aspiration is not French", "\u{0325}": "devoicing: allophonic",
        "\u{030A}": "devoicing: allophonic", "\u{031A}": "no audible release: allophonic",
        "\u{032A}": "dental: French t d n are dental by themselves",
        "\u{032F}": "non-syllabic: marks a glide the rules already make one",
        "\u{0306}": "extra short: eSpeak NG sets lengths itself",
        "\u{031F}": "advanced", "\u{0320}": "retracted", "\u{031D}": "raised", "\u{031E}": "lowered",
        "\u{0308}": "centralized",
    ]
}
