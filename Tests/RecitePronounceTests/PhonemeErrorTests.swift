@testable import RecitePronounce
import ReciteScript
import Testing

@Suite struct PhonemeErrorTests {
    let english = PhonemeConverter(language: "en")

    @Test func unknownIPASymbolIsNamedWithItsPosition() {
        #expect(throws: PhonemeError(reason: .unknownSymbol, symbol: "ʘ", offset: 1, input: "aʘa",
                                     alphabet: .ipa, language: "en")) {
            try english.mnemonics("aʘa", alphabet: .ipa)
        }
    }

    @Test func messageIsASentenceThatSaysWhatToDo() throws {
        let error = try #require(throws: PhonemeError.self) { try english.mnemonics("ʘa", alphabet: .ipa) }
        #expect(error.description.hasPrefix("the IPA symbol \"ʘ\" at character 1 of \"ʘa\" is not one Recite can say"))
        #expect(error.description.contains("alphabet \"espeak\""))
    }

    @Test func diacriticThatMattersIsReportedWithItsLetter() {
        // An ejective is not English; the letter and its mark are named together.
        #expect(throws: PhonemeError(reason: .unknownSymbol, symbol: "kʼ", offset: 0, input: "kʼa",
                                     alphabet: .ipa, language: "en")) {
            try english.mnemonics("kʼa", alphabet: .ipa)
        }
        // A syllabic mark on a consonant with no syllabic form in eSpeak NG.
        #expect(throws: PhonemeError.self) { try english.mnemonics("ps̩t", alphabet: .ipa) }
    }

    @Test func unknownXSampaSymbolPointsAtTheXSampa() {
        // X-SAMPA "O\" is the bilabial click: a real symbol, but not English. "Ö" is no X-SAMPA at all.
        #expect(throws: PhonemeError(reason: .unknownSymbol, symbol: "Ö", offset: 2, input: "\"tÖ",
                                     alphabet: .xsampa, language: "en")) {
            try english.mnemonics("\"tÖ", alphabet: .xsampa)
        }
        #expect(throws: PhonemeError(reason: .unknownSymbol, symbol: "G", offset: 1, input: "aGa",
                                     alphabet: .xsampa, language: "en")) {
            try english.mnemonics("aGa", alphabet: .xsampa)
        }
    }

    @Test func positionsCountCharactersNotScalars() {
        // "ẽ" (one character) precedes the bad symbol; it is English e with a dropped tilde.
        #expect(throws: PhonemeError(reason: .unknownSymbol, symbol: "ʘ", offset: 2, input: "bẽʘ",
                                     alphabet: .ipa, language: "en")) {
            try english.mnemonics("bẽʘ", alphabet: .ipa)
        }
    }

    @Test func unsupportedLanguageAndEmptyInput() {
        #expect(throws: PhonemeError(reason: .unsupportedLanguage, symbol: "", offset: 0, input: "a",
                                     alphabet: .ipa, language: "ja")) {
            try PhonemeConverter(language: "ja").mnemonics("a", alphabet: .ipa)
        }
        #expect(throws: PhonemeError.self) { try english.mnemonics(" ˈ. ", alphabet: .ipa) }
        #expect(throws: PhonemeError.self) { try english.mnemonics("  ", alphabet: .espeak) }
    }
}
