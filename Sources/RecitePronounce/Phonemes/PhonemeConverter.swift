import ReciteScript

// PLACEHOLDER until the converter branch lands: a handful of symbols, enough to wire the stage.
public struct PhonemeConverter: Sendable {
    public init(language: String) {}
    public func mnemonics(_ text: String, alphabet: PhoneticAlphabet) throws(PhonemeError) -> String {
        let ipa: [Character: String] = ["l": "l", "ɛ": "E", "d": "d", "z": "z", "s": "s", "ˈ": "'", "ɪ": "I"]
        var out = ""
        for (i, c) in text.enumerated() {
            if alphabet == .espeak { out.append(c); continue }
            guard let m = ipa[c] else { throw PhonemeError(symbol: String(c), offset: i, alphabet: alphabet, text: text) }
            out += m
        }
        return out
    }
}

public struct PhonemeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var symbol: String
    public var offset: Int
    public var alphabet: PhoneticAlphabet
    public var text: String
    public var description: String { "unknown \(alphabet.rawValue) symbol \"\(symbol)\" at character \(offset + 1) of \"\(text)\"" }
}
