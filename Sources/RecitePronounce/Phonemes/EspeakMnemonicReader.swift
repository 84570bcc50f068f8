import ReciteScript

/// Validates mnemonics written in eSpeak NG's own alphabet, reading them as eSpeak NG does.
///
/// Longest match over the voice's inventory, `|` as a separator and `||` as the word-break mnemonic,
/// white space between words. Anything that starts no mnemonic (including `]`, which would end the
/// `[[…]]` block early) is refused with its position.
enum EspeakMnemonicReader {
    static func validate(_ input: String, inventory: EspeakInventory,
                         language: String) throws(PhonemeError) -> String {
        let characters = Array(input)
        var words: [String] = []
        var word = ""
        var offset = 0

        func endWord() {
            if !word.isEmpty { words.append(word) }
            word = ""
        }

        while offset < characters.count {
            let character = characters[offset]
            if character.isWhitespace {
                endWord()
                offset += 1
                continue
            }
            let rest = characters[offset...].prefix(EspeakInventory.longestMnemonic)
            let ascii = rest.prefix { $0.isASCII && !$0.isWhitespace }.compactMap(\.asciiValue)
            if character == "|", ascii.dropFirst().first != UInt8(ascii: "|") {
                word.append(character)            // a separator, unless it starts "||"
                offset += 1
                continue
            }
            guard let length = inventory.longestMatch(at: ascii) else {
                throw PhonemeError(reason: .unknownSymbol, symbol: String(character), offset: offset,
                                   input: input, alphabet: .espeak, language: language)
            }
            word += String(characters[offset..<(offset + length)])
            offset += length
        }
        endWord()
        guard !words.isEmpty else {
            throw PhonemeError(reason: .empty, symbol: "", offset: 0, input: input,
                               alphabet: .espeak, language: language)
        }
        return words.joined(separator: " ")
    }
}
