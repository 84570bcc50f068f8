import Foundation
import ReciteScript

/// Reads X-SAMPA into canonical IPA scalars, by longest match over `XSampaTable`.
enum XSampaReader {
    static func read(_ input: String, language: String) throws(PhonemeError) -> PhoneticText {
        var text = PhoneticText()
        let characters = Array(input)
        var offset = 0
        while offset < characters.count {
            if characters[offset].isWhitespace {
                text.append(" ", from: .init(offset: offset, length: 1))
                offset += 1
                continue
            }
            guard let (length, ipa) = longestSymbol(in: characters, at: offset) else {
                throw PhonemeError(reason: .unknownSymbol, symbol: String(characters[offset]), offset: offset,
                                   input: input, alphabet: .xsampa, language: language)
            }
            let origin = PhoneticText.Origin(offset: offset, length: length)
            for scalar in ipa.decomposedStringWithCanonicalMapping.unicodeScalars {
                IPAReader.append(scalar, from: origin, to: &text)
            }
            offset += length
        }
        return text
    }

    private static func longestSymbol(in characters: [Character], at offset: Int) -> (Int, String)? {
        let available = min(XSampaTable.longestSymbol, characters.count - offset)
        for length in stride(from: available, through: 1, by: -1) {
            let symbol = String(characters[offset..<(offset + length)])
            if let ipa = XSampaTable.symbols[symbol] { return (length, ipa) }
        }
        return nil
    }
}
