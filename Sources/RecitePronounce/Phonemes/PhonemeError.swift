import ReciteScript

/// A pronunciation that cannot be turned into eSpeak NG phonemes, with what and where.
///
/// eSpeak NG silently cuts a word short at the first mnemonic it does not know, so Recite refuses such
/// input instead and says which symbol, where, and what to write instead.
public struct PhonemeError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The symbol is not one the alphabet's table for this language knows.
        case unknownSymbol
        /// Recite has no phoneme table for the language.
        case unsupportedLanguage
        /// The pronunciation holds no phoneme at all.
        case empty
    }

    public var reason: Reason
    /// The offending symbol as written in the input (empty for `.unsupportedLanguage` and `.empty`).
    public var symbol: String
    /// 0-based offset of the symbol in the input, in characters (grapheme clusters).
    public var offset: Int
    /// The whole pronunciation as given.
    public var input: String
    public var alphabet: PhoneticAlphabet
    /// The BCP 47 language the pronunciation was converted for.
    public var language: String

    public init(reason: Reason, symbol: String, offset: Int, input: String,
                alphabet: PhoneticAlphabet, language: String) {
        self.reason = reason
        self.symbol = symbol
        self.offset = offset
        self.input = input
        self.alphabet = alphabet
        self.language = language
    }

    public var description: String {
        let name = alphabet.displayName
        switch reason {
        case .unknownSymbol where alphabet == .espeak:
            return "unknown eSpeak NG phoneme \"\(symbol)\" at character \(offset + 1) of \"\(input)\" "
                + "for language \(language); \(advice)"
        case .unknownSymbol:
            return "the \(name) symbol \"\(symbol)\" at character \(offset + 1) of \"\(input)\" "
                + "is not one Recite can say in language \(language); \(advice)"
        case .unsupportedLanguage:
            return "Recite cannot convert \(name) pronunciations for language \(language) "
                + "(it knows English, French and German); write the word out in letters instead"
        case .empty:
            return "the \(name) pronunciation \"\(input)\" holds no phoneme; give one or remove it"
        }
    }

    private var advice: String {
        switch alphabet {
        case .ipa, .xsampa:
            "write it with the language's phonemes (see Sources/RecitePronounce/Phonemes for the tables) "
                + "or give eSpeak NG mnemonics with alphabet \"espeak\""
        case .espeak:
            "see `espeak-ng -v \(language) -x WORD` for the mnemonics this voice uses"
        }
    }
}

extension PhoneticAlphabet {
    /// How people write the alphabet's name in messages.
    var displayName: String {
        switch self {
        case .ipa: "IPA"
        case .xsampa: "X-SAMPA"
        case .espeak: "eSpeak NG"
        }
    }
}
