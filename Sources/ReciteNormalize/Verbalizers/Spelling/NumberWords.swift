/// The form of a number that the noun after it asks for: Spanish says "un euro", "una hora",
/// "doscientas personas"; a number counted alone is "uno".
enum NumberGender: Sendable {
    /// Counted alone or before a word that is not a noun: "uno", "veintiuno".
    case none
    case masculine
    case feminine
}

/// How a language other than English spells numbers in words. English keeps its own code
/// (`CardinalVerbalizer`, `OrdinalVerbalizer`), which these mirror; a language is chosen by
/// `numberWords:` in its `LANG.numbers.yml`.
///
/// Grammar lives here and not in the rule files: agreement and the joining of compound words
/// ("veintiún", "milleduecento") are rules, not tables a user edits.
protocol NumberWords: Sendable {
    /// Whole number `digits` (ASCII, no separators) in words.
    func cardinal(_ digits: Substring, gender: NumberGender) -> String
    /// The ordinal of `digits` ("3" → "tercero", "terzo"); nil past what the language names.
    func ordinal(_ digits: Substring, gender: NumberGender) -> String?
    /// The digits after the decimal comma: "coma treinta y dos", "virgola trecentoquarantadue".
    func decimals(_ fraction: Substring) -> String
    /// Half, agreeing with its noun: "media taza", "mezzo chilo".
    func half(_ gender: NumberGender) -> String
    /// The name of a fraction's part: "cuarto", "cuartos"; "terzo", "terzi".
    func fraction(denominator: Substring, plural: Bool) -> String
    /// The word that joins a number ending in a round million to its noun: "un millón de euros".
    func joining(_ spoken: String) -> String
    /// A number and a magnitude word after it ("tres millones", "dodicimila").
    func times(_ spoken: String, _ magnitude: String) -> String
    /// The number's last form before `noun`: Italian "uno yogurt", "uno zaino" (not "un").
    func before(_ noun: String, _ spoken: String) -> String
}

extension NumberWords {
    /// A number and a magnitude word after it: "tres millones"; Italian joins "mila": "dodicimila".
    func times(_ spoken: String, _ magnitude: String) -> String { "\(spoken) \(magnitude)" }

    /// Numbers too long to have a name are read digit by digit.
    func digits(_ digits: Substring) -> String {
        digits.compactMap(\.wholeNumberValue).map { cardinal(Substring(String($0)), gender: .none) }.joined(separator: " ")
    }

    /// Leading zeros one by one, then the rest as a number ("0,05" → "cero cinco").
    func zerosThenNumber(_ fraction: Substring, longest: Int, pairs: Bool) -> String {
        var rest = fraction
        var words: [String] = []
        while rest.count > 1, rest.first == "0" {
            words.append(cardinal("0", gender: .none))
            rest.removeFirst()
        }
        if rest.count <= longest {
            words.append(cardinal(rest, gender: .none))
        } else if pairs {
            // "3,1415" → "catorce quince": long decimals in pairs, a zero pair digit by digit.
            var index = rest.startIndex
            while index < rest.endIndex {
                let end = rest.index(index, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex
                let pair = rest[index..<end]
                words.append(pair.first == "0" ? self.digits(pair) : cardinal(pair, gender: .none))
                index = end
            }
        } else {
            words.append(self.digits(rest))
        }
        return words.joined(separator: " ")
    }

    /// `digits` as groups of three from the right, most significant first; nil when too long.
    static func groups(_ digits: Substring, max: Int) -> [Int]? {
        var trimmed = digits
        while trimmed.count > 1, trimmed.first == "0" { trimmed.removeFirst() }
        guard trimmed.count <= max * 3 else { return nil }
        let values = trimmed.utf8.map { Int($0) - 48 }
        var groups: [Int] = []
        var end = values.count
        while end > 0 {
            let start = Swift.max(0, end - 3)
            groups.append(values[start..<end].reduce(0) { $0 * 10 + $1 })
            end = start
        }
        return groups.reversed()
    }
}

/// The speller a rule file names.
enum NumberWordsCatalog {
    static func named(_ name: String) -> (any NumberWords)? {
        switch name.lowercased() {
        case "es": SpanishNumberWords()
        case "it": ItalianNumberWords()
        default: nil
        }
    }
    static let names = ["en", "es", "it"]
}
