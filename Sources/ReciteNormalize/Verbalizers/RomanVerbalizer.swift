/// Reads Roman numerals: "IV" is 4, said "four" after "Chapter" and "the eighth" after a name
/// ("Henry VIII").
struct RomanVerbalizer {
    let rules: LanguageRules

    static let values: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]

    /// The value of a well-formed Roman numeral (canonical form only, so "IIII" or "VX" are not).
    static func value<S: StringProtocol>(of text: S) -> Int? {
        guard !text.isEmpty, text.count < 16 else { return nil }
        var total = 0
        var largest = 0
        for c in text.reversed() {
            guard let v = values[c] else { return nil }
            if v < largest { total -= v } else { total += v; largest = v }
        }
        guard total > 0, total < 4000, canonical(total) == String(text) else { return nil }
        return total
    }

    static func canonical(_ n: Int) -> String {
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var n = n
        var out = ""
        for (v, s) in table {
            while n >= v { out += s; n -= v }
        }
        return out
    }

    /// "Chapter IV" → "four".
    func cardinal(_ n: Int) -> String { CardinalVerbalizer(rules: rules).say(n) }

    /// "Henry VIII" → "the eighth".
    func regnal(_ n: Int) -> String {
        let ordinal = OrdinalVerbalizer(rules: rules).say(String(n))
        return rules.spellNumbers ? "\(rules.word("the")) \(ordinal)" : ordinal
    }
}
