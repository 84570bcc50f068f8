import Foundation
import ReciteScript

/// Converts pronunciations written in IPA, X-SAMPA or eSpeak NG mnemonics into mnemonics that the
/// voice for a language accepts inside `[[…]]`.
///
/// eSpeak NG reads neither IPA nor X-SAMPA, and it silently cuts a word short at a mnemonic its
/// voice lacks; so the converter emits only mnemonics of the voice's phoneme table and refuses what it
/// cannot map, naming the symbol and where it is. Languages: English (`en`, `en-US` → eSpeak NG's
/// en-us table; `en-GB` → en), French (`fr…`), German (`de…`).
public struct PhonemeConverter: Sendable {
    /// The BCP 47 tag as given.
    public let language: String
    private let table: PhonemeTable?
    private let inventory: EspeakInventory?

    /// `language`: BCP 47 of the voice that will speak (en, en-US, en-GB, fr, de …).
    public init(language: String) {
        self.language = language
        let tag = language.lowercased().replacingOccurrences(of: "_", with: "-")
        let base = tag.split(separator: "-").first.map(String.init) ?? tag
        switch base {
        case "en":
            table = EnglishPhonemes.table
            inventory = tag.hasPrefix("en-gb") ? .english : .americanEnglish
        case "fr":
            table = FrenchPhonemes.table
            inventory = .french
        case "de":
            table = GermanPhonemes.table
            inventory = .german
        default:
            table = nil
            inventory = nil
        }
    }

    /// Whether the converter has tables for this language.
    public var supportsLanguage: Bool { table != nil }

    /// eSpeak NG mnemonics for `text` written in `alphabet`, ready to put inside [[ ]].
    /// Words are separated by one space; stress marks are eSpeak NG's `'` and `,`.
    public func mnemonics(_ text: String, alphabet: PhoneticAlphabet) throws(PhonemeError) -> String {
        guard let table, let inventory else {
            throw PhonemeError(reason: .unsupportedLanguage, symbol: "", offset: 0, input: text,
                               alphabet: alphabet, language: language)
        }
        let mapper = PhonemeMapper(table: table, inventory: inventory)
        switch alphabet {
        case .espeak:
            return try EspeakMnemonicReader.validate(text, inventory: inventory, language: language)
        case .ipa:
            return try mapper.mnemonics(IPAReader.read(text), input: text, alphabet: .ipa, language: language)
        case .xsampa:
            let ipa = try XSampaReader.read(text, language: language)
            return try mapper.mnemonics(ipa, input: text, alphabet: .xsampa, language: language)
        }
    }
}
