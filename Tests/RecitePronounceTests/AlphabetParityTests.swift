@testable import RecitePronounce
import ReciteScript
import Testing

/// IPA and X-SAMPA spellings of the same sounds must give the same mnemonics, over every rule of every
/// table. The pairs are written out here by hand (not derived from the converter's X-SAMPA table), so
/// a wrong entry there shows up as a difference.
@Suite struct AlphabetParityTests {
    /// Each IPA symbol the tables use, with its X-SAMPA spelling.
    static let pairs: [(ipa: String, xsampa: String)] = [
        // Consonants
        ("p", "p"), ("b", "b"), ("t", "t"), ("d", "d"), ("k", "k"), ("ɡ", "g"), ("ʔ", "?"),
        ("m", "m"), ("n", "n"), ("ŋ", "N"), ("ɲ", "J"),
        ("f", "f"), ("v", "v"), ("θ", "T"), ("ð", "D"), ("s", "s"), ("z", "z"), ("ʃ", "S"), ("ʒ", "Z"),
        ("ç", "C"), ("x", "x"), ("χ", "X"), ("h", "h"), ("ɦ", "h\\"), ("ɬ", "K"),
        ("l", "l"), ("ɫ", "5"), ("ɹ", "r\\"), ("r", "r"), ("ɻ", "r\\`"), ("ʁ", "R"), ("ʀ", "R\\"), ("ɾ", "4"),
        ("j", "j"), ("w", "w"), ("ʍ", "W"), ("ɥ", "H"),
        // Syllabic mark
        ("\u{0329}", "="), ("\u{030D}", "="),
        // Vowels
        ("i", "i"), ("y", "y"), ("ɨ", "1"), ("ʉ", "}"), ("u", "u"), ("ɪ", "I"), ("ʏ", "Y"), ("ʊ", "U"),
        ("ᵻ", "I\\"), ("ᵿ", "U\\"), ("e", "e"), ("ø", "2"), ("ɘ", "@\\"), ("ɵ", "8"), ("o", "o"),
        ("ə", "@"), ("ɚ", "@`"), ("ɛ", "E"), ("œ", "9"), ("ɜ", "3"), ("ɝ", "3`"), ("ʌ", "V"), ("ɔ", "O"),
        ("æ", "{"), ("ɐ", "6"), ("a", "a"), ("ɑ", "A"), ("ɒ", "Q"),
        // Diacritics and suprasegmentals
        ("\u{0303}", "~"), ("\u{032F}", "_^"), ("ː", ":"), ("ˈ", "\""), ("ˌ", "%"),
    ]

    static let xsampaByIPA: [[Unicode.Scalar]: String] = Dictionary(uniqueKeysWithValues:
        pairs.map { (Array($0.ipa.decomposedIPA.unicodeScalars), $0.xsampa) })

    /// The X-SAMPA spelling of an IPA string, symbol by symbol (longest first, for `ç` = c + cedilla);
    /// nil if a symbol has no pair above.
    static func xsampa(_ ipa: String) -> String? {
        let scalars = Array(ipa.decomposedIPA.unicodeScalars)
        var out = "", i = 0
        while i < scalars.count {
            guard let length = (1...min(2, scalars.count - i)).reversed().first(where: {
                xsampaByIPA[Array(scalars[i..<(i + $0)])] != nil
            }) else { return nil }
            out += xsampaByIPA[Array(scalars[i..<(i + length)])]!
            i += length
        }
        return out
    }

    static let tables: [(String, PhonemeTable)] = [
        ("en-US", EnglishPhonemes.table), ("fr", FrenchPhonemes.table), ("de", GermanPhonemes.table),
    ]

    @Test(arguments: tables.map(\.0))
    func everyRuleGivesTheSameMnemonicsInBothAlphabets(language: String) throws {
        let table = Self.tables.first { $0.0 == language }!.1
        let converter = PhonemeConverter(language: language)
        for rule in table.rules {
            // In a stressed syllable and in an unstressed one, between consonants both tables have.
            for ipa in ["ˈp" + rule.ipaString + "t", "p" + rule.ipaString + "t", rule.ipaString] {
                let xsampa = try #require(Self.xsampa(ipa), "no X-SAMPA pair for a symbol of \(ipa)")
                let fromIPA = try converter.mnemonics(ipa, alphabet: .ipa)
                let fromXSampa = try converter.mnemonics(xsampa, alphabet: .xsampa)
                #expect(fromIPA == fromXSampa, "\(language): IPA \(ipa) and X-SAMPA \(xsampa)")
            }
        }
    }

    @Test func wholeWordsAgree() throws {
        let converter = PhonemeConverter(language: "en-US")
        let words = [("ˈmɛʒɚ", "\"mEZ@`"), ("t͡ʃɝtʃ", "t_S3`tS"), ("ˈbʌʔn̩", "\"bV?n="), ("ˈwɔɾɚ", "\"wO4@`"),
                     ("ˌʌndɚˈstænd", "%Vnd@`\"st{nd"), ("ˈlɪtl̩", "\"lItl="), ("fiɫ", "fi5"), ("ha.ɪd", "ha.Id")]
        for (ipa, xsampa) in words {
            #expect(try converter.mnemonics(ipa, alphabet: .ipa) == converter.mnemonics(xsampa, alphabet: .xsampa))
        }
    }

    @Test func xsampaTableAgreesWithThePairs() {
        for (ipa, xsampa) in Self.pairs where xsampa != "=" {
            #expect(XSampaTable.symbols[xsampa].map { $0.decomposedIPA } == ipa.decomposedIPA, "\(xsampa)")
        }
    }
}
