/// A segment's synthesis input (the SSML that `MarkupWriter` writes for eSpeak NG) read back as
/// the words a neural voice must say, with the prosody each is said with.
///
/// The markup is Recite's own and small: `<speak>`, `<prosody rate pitch volume>`, `<emphasis>`,
/// `<say-as interpret-as="characters">`, words separated by spaces, and `[[…]]` for words given as
/// eSpeak NG phoneme mnemonics. Positions are code-point offsets, as eSpeak NG's events give them.
struct NeuralMarkup {
    struct Token: Equatable {
        /// Code-point range in the markup.
        var range: Range<Int>
        var text: String
        /// `[[…]]`: the word is given as phonemes (a lexicon entry or `<phoneme>`).
        var isPhonemeInput: Bool
        /// Inside `<say-as interpret-as="characters">`.
        var spellOut: Bool
        /// Prosody as factors of the run's (1 = unchanged).
        var rate: Double
        var volume: Double
    }

    private(set) var tokens: [Token] = []

    init(_ markup: String) {
        var rates: [Double] = [], volumes: [Double] = []
        var spellDepth = 0
        var scalars = Array(markup.unicodeScalars)
        scalars.append(" ")
        var i = 0
        var wordStart: Int?
        var phonemes = false
        func flush(_ end: Int) {
            guard let start = wordStart else { return }
            wordStart = nil
            let text = String(String.UnicodeScalarView(scalars[start..<end]))
            tokens.append(Token(range: start..<end, text: text, isPhonemeInput: false, spellOut: spellDepth > 0,
                                rate: rates.reduce(1, *), volume: volumes.reduce(1, *)))
        }
        while i < scalars.count - 1 {
            let c = scalars[i]
            if phonemes {
                if c == "]", scalars[i + 1] == "]" {
                    phonemes = false
                    let start = wordStart!
                    wordStart = nil
                    tokens.append(Token(range: start..<(i + 2), text: String(String.UnicodeScalarView(scalars[(start + 2)..<i])),
                                        isPhonemeInput: true, spellOut: false, rate: rates.reduce(1, *), volume: volumes.reduce(1, *)))
                    i += 2
                } else {
                    i += 1
                }
                continue
            }
            if c == "[", scalars[i + 1] == "[" {
                flush(i)
                phonemes = true
                wordStart = i
                i += 2
                continue
            }
            if c == "<" {
                flush(i)
                var end = i
                while end < scalars.count - 1, scalars[end] != ">" { end += 1 }
                let tag = String(String.UnicodeScalarView(scalars[(i + 1)..<end]))
                Self.apply(tag, rates: &rates, volumes: &volumes, spellDepth: &spellDepth)
                i = end + 1
                continue
            }
            if c == " " || c == "\n" || c == "\t" {
                flush(i)
            } else if wordStart == nil {
                wordStart = i
            }
            i += 1
        }
        flush(scalars.count - 1)
    }

    /// Opens or closes one element's prosody.
    private static func apply(_ tag: String, rates: inout [Double], volumes: inout [Double], spellDepth: inout Int) {
        if tag.hasPrefix("/prosody") {
            _ = rates.popLast()
            _ = volumes.popLast()
        } else if tag.hasPrefix("prosody") {
            rates.append(percent(attribute("rate", in: tag)))
            volumes.append(percent(attribute("volume", in: tag)))
        } else if tag.hasPrefix("say-as") {
            spellDepth += 1
        } else if tag.hasPrefix("/say-as") {
            spellDepth = max(0, spellDepth - 1)
        }
    }

    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: " \(name)=\"") else { return nil }
        let rest = tag[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// "140%" → 1.4; anything else → 1.
    private static func percent(_ value: String?) -> Double {
        guard let value, value.hasSuffix("%"), let number = Double(value.dropLast()), number > 0 else { return 1 }
        return number / 100
    }
}
