/// X-SAMPA symbols and the IPA they stand for (John Wells' X-SAMPA, the ASCII spelling of the IPA).
///
/// The reader takes the longest symbol that matches, so `r\`` is read before `r\` before `r`, and
/// `_h` before `_`. The converter then treats the IPA exactly like IPA input, which is what makes
/// both alphabets give the same mnemonics. Only what the IPA tables can use is listed; anything else
/// is reported as an unknown X-SAMPA symbol.
enum XSampaTable {
    static let symbols: [String: String] = [
        // MARK: - Plosives and affricates (affricates are just their two letters, as in IPA)
        "p": "p", "b": "b", "t": "t", "d": "d", "t`": "ʈ", "d`": "ɖ", "c": "c", "J\\": "ɟ",
        "k": "k", "g": "ɡ", "q": "q", "G\\": "ɢ", "?": "ʔ",

        // MARK: - Nasals
        "m": "m", "F": "ɱ", "n": "n", "n`": "ɳ", "J": "ɲ", "N": "ŋ", "N\\": "ɴ",

        // MARK: - Trills, taps, approximants, laterals
        "r": "r", "R\\": "ʀ", "4": "ɾ", "r`": "ɽ", "r\\": "ɹ", "r\\`": "ɻ", "P": "ʋ", "v\\": "ʋ",
        "j": "j", "M\\": "ɰ", "w": "w", "W": "ʍ", "H": "ɥ",
        "l": "l", "l`": "ɭ", "L": "ʎ", "L\\": "ʟ", "5": "ɫ", "l\\": "ɺ",

        // MARK: - Fricatives
        "p\\": "ɸ", "B": "β", "f": "f", "v": "v", "T": "θ", "D": "ð", "s": "s", "z": "z",
        "S": "ʃ", "Z": "ʒ", "s`": "ʂ", "z`": "ʐ", "s\\": "ɕ", "z\\": "ʑ", "C": "ç", "j\\": "ʝ",
        "x": "x", "G": "ɣ", "X": "χ", "R": "ʁ", "X\\": "ħ", "?\\": "ʕ", "h": "h", "h\\": "ɦ",
        "K": "ɬ", "K\\": "ɮ", "x\\": "ɧ",

        // MARK: - Vowels
        "i": "i", "y": "y", "1": "ɨ", "}": "ʉ", "M": "ɯ", "u": "u",
        "I": "ɪ", "Y": "ʏ", "U": "ʊ", "I\\": "ᵻ", "U\\": "ᵿ",
        "e": "e", "2": "ø", "@\\": "ɘ", "8": "ɵ", "7": "ɤ", "o": "o",
        "@": "ə", "@`": "ɚ",
        "E": "ɛ", "9": "œ", "3": "ɜ", "3`": "ɝ", "3\\": "ɞ", "V": "ʌ", "O": "ɔ",
        "{": "æ", "6": "ɐ", "a": "a", "&": "ɶ", "A": "ɑ", "Q": "ɒ",

        // MARK: - Suprasegmentals
        // "'" is palatalization in X-SAMPA proper, but it is typed for stress far more often
        // (as in IPA-by-keyboard), and palatalized consonants have no use in Recite's languages.
        "\"": "ˈ", "'": "ˈ", "%": "ˌ", ":": "ː", ":\\": "ˑ", ".": ".", "-\\": "‿",

        // MARK: - Diacritics (written after the symbol they modify)
        "_h": "ʰ", "_w": "ʷ", "_j": "ʲ", "_G": "ˠ", "_?\\": "ˤ", "_e": "\u{0334}",
        "_0": "\u{0325}", "_v": "\u{032C}", "_t": "\u{0324}", "_k": "\u{0330}",
        "_d": "\u{032A}", "_a": "\u{033A}", "_m": "\u{033B}",
        "_+": "\u{031F}", "_-": "\u{0320}", "_\"": "\u{0308}", "_x": "\u{033D}",
        "_r": "\u{031D}", "_o": "\u{031E}", "_A": "\u{0318}", "_q": "\u{0319}",
        "_O": "\u{0339}", "_c": "\u{031C}", "_X": "\u{0306}",
        "=": "\u{0329}", "_=": "\u{0329}", "_^": "\u{032F}", "_}": "\u{031A}",
        "~": "\u{0303}", "_~": "\u{0303}", "_n": "ⁿ", "_l": "ˡ", "_>": "ʼ",
        "`": "˞",                       // after a vowel: rhotacized (retroflex consonants are listed above)
        "_": "",                        // the tie bar, as in t_S; IPA drops it too
    ]

    static let longestSymbol = symbols.keys.map(\.count).max() ?? 1
}
