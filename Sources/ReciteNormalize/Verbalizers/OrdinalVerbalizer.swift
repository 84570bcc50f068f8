/// Says an ordinal: "22" → "twenty second".
///
/// English ordinals are the cardinal with its last word changed, so this reuses the cardinal.
/// Languages that keep digits get the digits with their own ordinal mark ("22." German, "22e" French).
struct OrdinalVerbalizer {
    static let irregular = ["one": "first", "two": "second", "three": "third", "five": "fifth",
                            "eight": "eighth", "nine": "ninth", "twelve": "twelfth"]
    let rules: LanguageRules

    func say<S: StringProtocol>(_ digits: S, gender: NumberGender = .none) -> String {
        guard rules.spellNumbers else {
            return rules.language.hasPrefix("fr") ? (digits == "1" ? "1er" : "\(digits)e") : "\(digits)."
        }
        if let words = rules.numberWords {
            return words.ordinal(Substring(digits), gender: gender) ?? words.cardinal(Substring(digits), gender: gender)
        }
        let cardinal = CardinalVerbalizer(rules: rules, hundredAnd: false).say(digits)
        var words = cardinal.split(separator: " ").map(String.init)
        guard let last = words.popLast() else { return cardinal }
        words.append(Self.ordinal(of: last))
        return words.joined(separator: " ")
    }

    static func ordinal(of word: String) -> String {
        if let w = irregular[word] { return w }
        if word.hasSuffix("y") { return word.dropLast() + "ieth" }
        return word + "th"
    }

    /// Whether `suffix` is the right English suffix for `digits` ("1" + "st", "12" + "th").
    static func isValidSuffix(_ suffix: String, for digits: Substring) -> Bool {
        guard let last = digits.last?.wholeNumberValue else { return false }
        let tensDigit = digits.count > 1 ? digits[digits.index(digits.endIndex, offsetBy: -2)].wholeNumberValue ?? 0 : 0
        if tensDigit == 1 { return suffix == "th" }
        switch last {
        case 1: return suffix == "st"
        case 2: return suffix == "nd"
        case 3: return suffix == "rd"
        default: return suffix == "th"
        }
    }
}
