@testable import RecitePronounce
import ReciteScript
import Testing

/// alphabet="espeak": mnemonics pass through once every one is known to the voice.
@Suite struct EspeakAlphabetTests {
    let converter = PhonemeConverter(language: "en-US")

    @Test(arguments: ["l'Ed", "h'a|Id", "D@ k'at", "b'V?n-", ",Vnd3st'and", "w'O:t#3", "a||b"])
    func knownMnemonicsPassThrough(_ text: String) throws {
        #expect(try converter.mnemonics(text, alphabet: .espeak) == text)
    }

    @Test func whiteSpaceIsTidied() throws {
        #expect(try converter.mnemonics("  D@   k'at ", alphabet: .espeak) == "D@ k'at")
    }

    @Test(arguments: [("l'Eʘd", "ʘ", 3), ("k'at]]", "]", 4), ("D@ k'&t", "&", 5), ("l'E<d", "<", 3)])
    func unknownMnemonicIsReportedWhereItIs(_ text: String, symbol: String, offset: Int) {
        #expect(throws: PhonemeError(reason: .unknownSymbol, symbol: symbol, offset: offset, input: text,
                                     alphabet: .espeak, language: "en-US")) {
            try converter.mnemonics(text, alphabet: .espeak)
        }
    }

    @Test func frenchAndGermanVoicesHaveTheirOwnInventories() throws {
        // pF (German pf) is in de but not in fr; A~ (French an) is in both.
        #expect(try PhonemeConverter(language: "de").mnemonics("'apF@l", alphabet: .espeak) == "'apF@l")
        #expect(throws: PhonemeError.self) { try PhonemeConverter(language: "fr").mnemonics("'apF@l", alphabet: .espeak) }
    }
}
