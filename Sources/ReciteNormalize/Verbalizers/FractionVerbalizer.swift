/// Says a fraction: "3/4" → "three quarters", "1/2" → "one half", "2 1/2" → "two and a half".
///
/// The denominator is an ordinal that agrees with the numerator ("one third", "two thirds");
/// halves and quarters have their own words.
struct FractionVerbalizer {
    let rules: LanguageRules

    /// `beforeUnit`: a fraction said before its unit, "half inch", "three quarter inch", "one and
    /// three quarter cups".
    func say(numerator: String, denominator: String, whole: String? = nil, beforeUnit: Bool = false) -> String {
        guard rules.spellNumbers else {
            return [whole, "\(numerator)/\(denominator)"].compactMap { $0 }.joined(separator: " ")
        }
        let cardinal = CardinalVerbalizer(rules: rules, hundredAnd: false)
        if let words = rules.numberWords {
            // "tres cuartos", "un terzo", "dos y medio", "due e mezzo".
            let name = words.fraction(denominator: Substring(denominator), plural: numerator != "1")
            var parts: [String] = []
            if let whole {
                parts += [cardinal.say(whole), rules.word("and")]
                if numerator == "1", denominator == "2" { return (parts + [name]).joined(separator: " ") }
            }
            // "uno sobre ciento uno": a number over a number, said as such.
            return (parts + [cardinal.say(numerator, gender: name.hasPrefix("sobre ") ? .none : .masculine), name]).joined(separator: " ")
        }
        let n = Int(numerator) ?? 0
        let d = Int(denominator) ?? 0
        if beforeUnit, whole == nil, n == 1, d == 2 { return "half" }
        // "three quarter inch" before a unit; "five eighths inch" keeps its plural.
        let plural = n != 1 && !(beforeUnit && n < d && d == 4)
        let denominatorWord: String
        switch d {
        case 1: denominatorWord = "over one"
        case 2: denominatorWord = plural ? "halves" : "half"
        case 4: denominatorWord = plural ? "quarters" : "quarter"
        default:
            let ordinal = OrdinalVerbalizer(rules: rules).say(denominator)
            denominatorWord = plural ? ordinal + "s" : ordinal
        }
        var parts: [String] = []
        if let whole {
            parts += [cardinal.say(whole), rules.word("and")]
            if n == 1, d == 2 || d == 4 { return (parts + [rules.word("a"), denominatorWord]).joined(separator: " ") }
        }
        parts += [cardinal.say(numerator), denominatorWord]
        return parts.joined(separator: " ")
    }

    /// The vulgar fraction characters ("½") as numerator and denominator.
    static let vulgar: [Character: (String, String)] = [
        "½": ("1", "2"), "⅓": ("1", "3"), "⅔": ("2", "3"), "¼": ("1", "4"), "¾": ("3", "4"),
        "⅕": ("1", "5"), "⅖": ("2", "5"), "⅗": ("3", "5"), "⅘": ("4", "5"), "⅙": ("1", "6"),
        "⅚": ("5", "6"), "⅛": ("1", "8"), "⅜": ("3", "8"), "⅝": ("5", "8"), "⅞": ("7", "8"),
        "⅐": ("1", "7"), "⅑": ("1", "9"), "⅒": ("1", "10"),
    ]
}
