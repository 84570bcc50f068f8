@testable import RecitePronounce
import Testing

@Suite struct WordBreakerTests {
    func words(_ text: String) -> [String] { WordBreaker.words(in: text).map(\.text) }

    @Test func lettersApostrophesAndNumbersFollowUAX29() {
        #expect(words("lead Leads leadership unleaded lead's LEAD.") == ["lead", "Leads", "leadership", "unleaded", "lead's", "LEAD"])
        #expect(words("can't 3.14 1,000 e-mail U.S.A. lead/gold") == ["can't", "3.14", "1,000", "e", "mail", "U.S.A", "lead", "gold"])
        #expect(words("snake_case a1b2") == ["snake_case", "a1b2"])
        #expect(words("leads' (lead)") == ["leads", "lead"])
    }

    @Test func marksStayInsideTheirWord() {
        // Decomposed é (e + U+0301) is one word, and so is a word with a soft hyphen (Format).
        #expect(words("nai\u{0308}ve cafe\u{0301} co\u{00AD}operate") == ["nai\u{0308}ve", "cafe\u{0301}", "co\u{00AD}operate"])
    }

    @Test func ideographsAreWordsOfOneCharacterAndKatakanaJoins() {
        #expect(words("東京タワー") == ["東", "京", "タワー"])
    }

    @Test func rangesAreCodePointOffsets() {
        let found = WordBreaker.words(in: "é lead")
        #expect(found.map(\.range) == [0..<1, 2..<6])
    }
}
