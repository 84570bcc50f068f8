@testable import RecitePronounce
import ReciteScript
import Testing

@Suite struct EnglishConversionTests {
    let american = PhonemeConverter(language: "en-US")

    func ipa(_ text: String) throws -> String {
        try american.mnemonics(text, alphabet: .ipa)
    }

    @Test(arguments: [
        // The words of the brief, and what eSpeak NG's en-us dictionary says for them.
        ("lɛd", "lEd"), ("θɔt", "TO:t"), ("tʃɝtʃ", "tS3:tS"), ("dʒʌdʒ", "dZVdZ"),
        ("ˈmɛʒɚ", "'mEZ3"), ("ˈbʌʔn̩", "'bV?n-"), ("ˈwɔɾɚ", "'wO:*3"), ("ˈvɪnəvɚ", "'vIn@v3"),
        // Stress marks stay where IPA writes them; eSpeak NG applies them to the next vowel.
        ("ˌʌndɚˈstænd", ",Vnd3'stand"), ("əˈbaʊt", "@'baUt"),
        // Diphthongs by longest match; RP and GA spellings of a lexical set meet.
        ("ɡoʊt", "goUt"), ("ɡəʊt", "goUt"), ("ˈfeɪs", "'feIs"), ("praɪs", "praIs"), ("t͡ʃɔɪs", "tSOIs"),
        ("nɜːs", "n3:s"), ("nɝs", "n3:s"),
        // r-coloured vowels before a consonant or at the end; a plain r before a vowel.
        ("nɔɹθ", "nO@T"), ("stɑɹt", "stA@t"), ("stɑːt", "stA:t"), ("ˈvɛɹi", "'vEri"), ("ˈstɔɹi", "'stO:ri"),
        ("nɪɹ", "ni@3"), ("nɪə", "ni@"), ("skwɛɹ", "skwe@"), ("kjʊɹ", "kjU@"), ("ˈfaɪɚ", "'faI3"),
        // Bare i and u: long when stressed (GA style), the short happY vowel when not.
        ("ˈhæpi", "'hapi"), ("si", "si:"), ("ˈsiːd", "'si:d"), ("ɡus", "gu:s"), ("ˈtu", "'tu:"),
        // Flap, glottal stop, dark l, syllabic consonants.
        ("ˈbɛɾɚ", "'bE*3"), ("ˈbʌʔn̩", "'bV?n-"), ("fiɫ", "fi:L"), ("ˈlɪtl̩", "'lItl-"), ("ˈbɑtm̩", "'bA:tm-"),
        // Several words.
        ("ðə ˈkæt", "D@ 'kat"),
    ])
    func convertsWords(ipa text: String, expected: String) throws {
        #expect(try ipa(text) == expected)
    }

    @Test func affricatesWithOrWithoutTieBarOrLigature() throws {
        let forms = ["tʃɝtʃ", "t͡ʃɝt͡ʃ", "t͜ʃɝt͜ʃ", "ʧɝʧ"]
        #expect(try Set(forms.map(ipa)) == ["tS3:tS"])
        #expect(try ipa("d͡ʒʌd͡ʒ") == ipa("ʤʌʤ"))
    }

    @Test func precomposedAndDecomposedInputAgree() throws {
        // ç (U+00E7) and c + combining cedilla; ñ and n + tilde (English drops the tilde).
        #expect(try ipa("\u{E7}u") == ipa("c\u{327}u"))
        #expect(try ipa("\u{E7}u") == "Cu:")
        #expect(try ipa("\u{F1}") == ipa("n\u{303}"))
        #expect(try ipa("\u{F1}") == "n")
    }

    @Test func ignorableDiacriticsAreDropped() throws {
        #expect(try ipa("pʰɪn") == "pIn")              // aspiration
        #expect(try ipa("ˈkæ̃n") == "'kan")             // nasalized vowel before a nasal
        #expect(try ipa("aɪ̯") == "aI")                 // non-syllabic second element
        #expect(try ipa("tʷu") == "tu:")
    }

    @Test func asciiStandInsAndEnclosingSlashes() throws {
        #expect(try ipa("/ˈmɛʒɚ/") == "'mEZ3")
        #expect(try ipa("[ˈwɔɾɚ]") == "'wO:*3")
        #expect(try ipa("'meʒə") == "'mEZ@")        // apostrophe for ˈ, ASCII g below
        #expect(try ipa("gʊd") == "gUd")
        #expect(try ipa("fa:") == ipa("faː"))             // an ASCII colon is the length mark ː
    }

    @Test func lengthMarkWithoutLongVowelLengthens() throws {
        #expect(try ipa("ˈbɛːd") == "'be@d")           // Cruttenden's SQUARE
        #expect(try ipa("ˈbæːd") == "'ba:d")           // no long a: eSpeak NG's lengthening mark
    }

    @Test func strayStressMarksAreTidied() throws {
        #expect(try ipa("ˈˈbɪɡ") == "'bIg")            // not eSpeak NG's '' (a different stress level)
        #expect(try ipa("ˈbɪɡ ˈ") == "'bIg")           // a mark with no syllable after it
    }

    @Test func syllableBreakKeepsVowelsApart() throws {
        // "a" then "ɪ" would be read back as the diphthong aI; eSpeak NG's | keeps them apart.
        #expect(try ipa("ha.ɪd") == "ha|Id")
        #expect(try ipa("haɪd") == "haId")
    }

    @Test func britishVoiceUsesTheSameMnemonics() throws {
        let british = PhonemeConverter(language: "en-GB")
        for word in ["ˈmɛʒɚ", "ɡəʊt", "nɔɹθ", "ˈbʌʔn̩"] {
            #expect(try british.mnemonics(word, alphabet: .ipa) == ipa(word))
        }
    }
}
