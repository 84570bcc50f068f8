/// Says a whole number in words: "1250" → "one thousand two hundred and fifty".
///
/// It works on the digit string, not an `Int`, so that any length up to the largest scale word is
/// read without overflow. Languages whose voice reads digits itself (`spellNumbers: false`) get
/// the digits back, without group separators, which is what their voice reads best.
struct CardinalVerbalizer {
    static let ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                       "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                       "eighteen", "nineteen"]
    static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    static let scales = ["", "thousand", "million", "billion", "trillion", "quadrillion", "quintillion",
                         "sextillion", "septillion"]

    var spell: Bool
    /// British (and NeMo) style "one hundred and five"; off for ordinals and fractions.
    var hundredAnd: Bool
    /// Another language's words (Spanish, Italian); nil for English.
    var words: (any NumberWords)?

    init(rules: LanguageRules, hundredAnd: Bool? = nil) {
        spell = rules.spellNumbers
        self.hundredAnd = hundredAnd ?? rules.hundredAnd
        words = rules.numberWords
    }

    /// `digits` (ASCII digits only) in words, in the form a noun of `gender` after them asks for.
    func say<S: StringProtocol>(_ digits: S, gender: NumberGender = .none) -> String {
        var trimmed = Substring(digits)
        while trimmed.count > 1, trimmed.first == "0" { trimmed.removeFirst() }
        guard spell else { return String(trimmed) }
        if let words { return words.cardinal(trimmed, gender: gender) }
        let values = trimmed.utf8.map { Int($0) - 48 }
        if values.count > Self.scales.count * 3 { return values.map { Self.ones[$0] }.joined(separator: " ") }
        if values == [0] { return "zero" }
        var groups: [Int] = []  // groups of three, from the right
        var end = values.count
        while end > 0 {
            let start = max(0, end - 3)
            groups.append(values[start..<end].reduce(0) { $0 * 10 + $1 })
            end = start
        }
        var words: [String] = []
        for scale in stride(from: groups.count - 1, through: 0, by: -1) where groups[scale] != 0 {
            let group = groups[scale]
            let last = scale == 0
            // "one thousand and five", but "one million twelve".
            if last, hundredAnd, group < 100, groups.count == 2 { words.append("and") }
            words.append(Self.underThousand(group, and: hundredAnd && last))
            if scale > 0 { words.append(Self.scales[scale]) }
        }
        return words.joined(separator: " ")
    }

    func say(_ value: Int, gender: NumberGender = .none) -> String { say(String(value), gender: gender) }

    /// A number grouped the Indian way, said in crores, lakhs and thousands (English):
    /// "1,11,544" → "one lakh eleven thousand five hundred and forty four".
    func sayIndian(_ digits: String) -> String {
        guard digits.count <= 15, let v = Int(digits), v >= 1000 else { return say(digits) }
        var words: [String] = []
        let crore = v / 10_000_000, lakh = (v / 100_000) % 100, thousand = (v / 1000) % 100, rest = v % 1000
        if crore > 0 { words += [crore >= 1000 ? sayIndian(String(crore)) : say(crore), "crore"] }
        if lakh > 0 { words += [say(lakh), "lakh"] }
        if thousand > 0 { words += [say(thousand), "thousand"] }
        if rest > 0 { words.append(Self.underThousand(rest, and: hundredAnd)) }
        return words.joined(separator: " ")
    }

    static func underThousand(_ n: Int, and: Bool) -> String {
        var parts: [String] = []
        if n >= 100 {
            parts.append(ones[n / 100])
            parts.append("hundred")
            if n % 100 != 0, and { parts.append("and") }
        }
        let rest = n % 100
        if rest != 0 || n == 0 { parts.append(underHundred(rest)) }
        return parts.joined(separator: " ")
    }

    static func underHundred(_ n: Int) -> String {
        if n < 20 { return ones[n] }
        return n % 10 == 0 ? tens[n / 10] : "\(tens[n / 10]) \(ones[n % 10])"
    }
}
