import ReciteScript
import Testing
@testable import ReciteNormalize

/// A language Recite has no rule files for gets no English words: its text is left as written,
/// and eSpeak NG reads its digits, dates and symbols in the language itself.
@Suite struct OtherLanguagesTests {
    /// Numbers, units, money, dates, times, ranges, percentages, ordinals and symbols, written the
    /// way each language writes them.
    static let sentences: [String: String] = [
        "pt-BR": "O apartamento tem 75 m² e custa R$ 1.250,50 desde 12/05/2020 às 14:30; 2 - 3 quartos, 50%, 3 km, +55 11 91234-5678.",
        "nl-NL": "Het huis heeft 75 m² en kost € 1.250 sinds 12-05-2020 om 14.30 uur, 2 - 3 kamers, 50%, 3 km, 25 °C.",
        "pl-PL": "Mieszkanie ma 75 m² i kosztuje 1 250 zł od 12.05.2020 o 14:30, 2-3 pokoje, 50%, 3 km, 1st.",
        "sv-SE": "Lägenheten har 75 m² och kostar 1 250 kr sedan 2020-05-12 kl. 14.30, 2 - 3 rum, 50 %, 3 km, n°5.",
        "cs-CZ": "Byt má 75 m² a stojí 1 250 € od 12. 5. 2020 ve 14:30, 2 - 3 pokoje, 50 %, 3 km, 10:00 PM.",
    ]

    /// English words the English rules would put there.
    static let english: Set<String> = [
        "one", "two", "three", "five", "twelve", "fourteen", "twenty", "thirty", "fifty", "seventy", "hundred", "thousand",
        "square", "meters", "meter", "kilometers", "euro", "euros", "cents", "percent", "degrees", "celsius", "may",
        "oclock", "o'clock", "from", "to", "plus", "number", "first", "pm", "dollars",
    ]

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && $0 != "'" }.map(String.init)
    }

    @Test(arguments: sentences.keys.sorted())
    func noEnglishWordIsPutIntoALanguageWithoutRules(language: String) {
        let text = Self.sentences[language]!
        let read = Normalizer().normalize(line: text, language: language)
        let added = Set(Self.words(read)).subtracting(Self.words(text))
        #expect(added.isEmpty, "\(language): \(read)")
        #expect(read == text, "kept as written")
    }

    @Test func theEnglishRulesWouldHaveSaidEnglishWords() {
        // The check above can see English: the same sentence read as English is full of it.
        let text = Self.sentences["pt-BR"]!
        let read = Normalizer().normalize(line: text, language: "en-US")
        #expect(Set(Self.words(read)).subtracting(Self.words(text)).intersection(Self.english).count >= 5, "\(read)")
    }

    @Test func sayAsInALanguageWithoutRulesIsLeftToESpeak() {
        let normalizer = Normalizer()
        #expect(normalizer.verbalize("12/05/2020", as: SayAs(interpretAs: "date", format: "dmy"), language: "pt-BR") == nil)
        #expect(normalizer.verbalize("42", as: SayAs(interpretAs: "cardinal"), language: "nl") == nil)
        #expect(normalizer.verbalize("42", as: SayAs(interpretAs: "cardinal"), language: "en-US") != nil)
    }
}
